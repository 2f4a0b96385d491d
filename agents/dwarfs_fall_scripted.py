"""Scripted Dwar7s Fall opponent: a readable priority list per decision.

Priorities, in plain words:

* play the castle first (the extra action), into the open middle of the mat;
* send dwarfs where a task can be completed soonest for the most value: the general store when
  a face-up trading goal is affordable, mines whose gems a face-up goal still needs (never in a
  dragon's region or with an empty pile), a monster in its own kingdom when five dwarfs fit, the
  tavern while it holds few ogre cards; moving an idle dwarf in when the pile is empty;
* play kingdom cards while the hand is full of them (gems would be discarded otherwise): good
  cards where they raise its own kingdom, monsters into an opponent's kingdom;
* ogre cards: Brute or Ambush a foreign dwarf that blocks one of its tasks, Ambush a dragon
  held by foreign dwarfs when it starves mines it needs (or a card where its own dwarfs are
  stuck), Thief the richest opponent, Crown an opponent holding two or more ogre cards;
* slay monsters when five dwarfs fit, dragons first when they starve the mines it needs;
* resolve monsters first, then mines, the tavern, digging, and the store last; buy the trading
  goal worth most; discard ogre cards before gems, and first the gems the trading goal it is
  closest to does not use, cheapest first.
* Troll's Bridge: it never pays the toll on purpose; when it moves the troll it sends a Scary
  troll onto enemy dwarfs, a Miner troll onto a mine it works, a Mighty troll onto a monster it
  nearly holds, and keeps a Warband Leader off its own plans; it always denies ogre cards with
  a Troll King and plays one to draw when its hand has room.
* Royal Decrees: it tunnels a dwarf to a mine it can finish, turns cards (Fortress, memorials)
  the way that helps its kingdom most, and otherwise plays by the same list.
* Kingdoms are valued as the rules score them (decrees and races included); a dig counts a
  quarter of the kingdom VP it gains (another castle can dig it back), no more than 1.
* Its own unrevealed secret goal: an Ogre in Disguise fetches ogre cards and, three cards in or
  near the end, keeps them (gems go first at the hand limit); a Researcher parks three dwarfs on
  each of two monsters once the end is near; a Berserker slays monsters, keeping its own as
  prey at home; a Wizard or Warlock keeps its emeralds or diamonds. A dragon egg counts its
  missing monster as two missing gems, and so does the monster slain for an egg it targets.
* The Empires' secret goals (``dwarfs_fall_secrets``): a Zookeeper plays its monsters into its
  own kingdom and does not slay them there, a Townsmen plays taverns and stores into its
  kingdom, an Adventurers buys two classes and sends class meeples of a type not yet there
  onto monsters. Where monsters are scarce (two players: four for a goal of three) the
  Zookeeper also keeps its kingdom apart from the other seat's, plays the card that brings
  the third, and guards a monster at home that the other seat gathers on.
* The Empires' races: ogres count a stolen pouch for every ogre card that acts on an enemy
  meeple (so they also play Panic), everyone plays the Wrecking Ball as an Ambush, and elves
  hunt monsters with their meeples on and around them (elf accuracy), gathering gems next to a
  monster and slaying it with the same meeples, and save gold and an emerald for their dragon
  class (``dwarfs_fall_elves``).
* It never mines a gem only to discard it, and never moves a dwarf off a task that is ready.
* Actions scoring within NEAR_TIE of the best are picked at random, so self-play games differ.

It reads only what its seat may know (the state it is given is a determinization).
"""

from __future__ import annotations

import numpy as np

from agents import register_scripted
from agents.base import best_first
from agents.dwarfs_fall_elves import hunt_card_gain
from agents.dwarfs_fall_empires import (
    EMPIRE_FAMILIES,
    empire_action_score,
    empire_choice_score,
)
from agents.dwarfs_fall_plans import (
    DRAGONS,
    FOLLOW_UP,
    HOARDED_GEM,
    SECRET_CHASE,
    TAVERN_VALUE,
    PlanMemo,
    blocked,
    chasing,
    end_near,
    kingdom_delta,
    needed_gems,
    reserved_gems,
    slay_value,
    task_plans,
    task_value,
    troll_dest_value,
)
from agents.dwarfs_fall_secrets import kingdom_secret_gain, zoo_apart, zoo_last_step
from gnome_envs.dwarfs_fall.actions import Family
from gnome_envs.dwarfs_fall.board import compute_regions
from gnome_envs.dwarfs_fall.components import (
    ALL_KINDS,
    CASTLE_SLOT,
    CENTRE_CELLS,
    GEM_VP,
    GRID_SIZE,
    HAND_LIMIT,
    IS_CASTLE,
    IS_MONSTER,
    LAYER_KIND,
    NEIGHBOUR,
    NUM_CELLS,
    NUM_GEMS,
    OGRE_IN_DISGUISE_CARDS,
    TRADING_GOALS,
    Job,
    Ogre,
    Secret,
    layer,
    layer_code,
)
from gnome_envs.dwarfs_fall.empires import monster_vp
from gnome_envs.dwarfs_fall.pending import DecisionKind
from gnome_envs.dwarfs_fall.races import Race
from gnome_envs.dwarfs_fall.state import DwarfsFallState

ENV_ID = "dwarfs_fall_v6"
CASTLE_VALUE = 20.0
CARD_PLAY_VALUE = 1.5  # a card out of hand makes room for gems
CROWDED_HAND = 5  # kingdom cards in hand above which playing cards comes first
HOARD_FROM_MISSING = 2  # an Ogre in Disguise stops playing ogre cards this many short of five
HOARDED_OGRE_DISCARD = -5.0  # a hoarded ogre card goes after spare gems, before reserved ones
RESOLVE_ORDER = {Job.SLAY: 0, Job.MINE: 1, Job.OGRE: 2, Job.DIG: 3, Job.TRADE: 4, Job.TOLL: 5, Job.MEMORIAL: 6}
POUCH_VALUE = 1.0  # an ogre seat's stolen pouch: one VP of gems at the pawnbroker (X4.3, X4.4)
NEAR_TIE = 0.05  # actions scoring within this of each other are as good (picked at random)


def _centre_distance(cell: int) -> float:
    r, c = divmod(cell, GRID_SIZE)
    return abs(r - 3.5) + abs(c - 3.5)


def _opponents(state: DwarfsFallState, seat: int) -> list[int]:
    n = state.game.num_players
    return [(seat + k) % n for k in range(1, n)]


def placement_score(state: DwarfsFallState, seat: int, cell: int, packed: int) -> float:
    """Kingdom VP change, monsters away from home (an unrevealed Berserker keeps them as prey,
    a Zookeeper as its zoo), its kingdom secret goal's steps, a slight pull to the middle."""
    score = kingdom_delta(state, seat, cell, packed) - 0.01 * _centre_distance(cell)
    kind = LAYER_KIND[packed]
    own = state.kingdom(seat)
    if state.game.empires:
        castle = seat if layer_code(packed) == state.game.seat_codes[seat][CASTLE_SLOT] else -1
        score += kingdom_secret_gain(state, seat, cell, packed, castle) + hunt_card_gain(state, seat, cell, packed)
        score += zoo_apart(state, seat, cell, packed, castle)
    keeps = chasing(state, seat, Secret.BERSERKER) or chasing(state, seat, Secret.ZOOKEEPER)
    if IS_MONSTER[kind] and own is not None and not keeps:
        top = list(state.top)
        top[cell] = packed
        after = compute_regions(top)
        if after.region_of[cell] == after.region_of[state.castle_cell[seat]]:
            score -= 3.0
    if IS_CASTLE[kind]:
        score += sum(1 for nb in NEIGHBOUR[cell] if nb >= 0) * 0.1
    return score


# ---------------------------------------------------------------------------- decisions
def _action_score(state: DwarfsFallState, seat: int, action: int) -> float:
    d = state.game.action_layout.decode(action)
    f = d.family
    if f == Family.END:
        return 0.0
    if f == Family.CARD:
        if d.arg == CASTLE_SLOT:
            return CASTLE_VALUE
        cards = state.in_hand[seat].bit_count()
        if IS_MONSTER[state.game.seat_kinds[seat][d.arg]] and not any(state.castle_cell[o] >= 0 for o in _opponents(state, seat)):
            return 0.05 if cards > CROWDED_HAND else -1.0
        return CARD_PLAY_VALUE + (1.0 if cards > CROWDED_HAND else 0.0) + zoo_last_step(state, seat, d.arg)
    if f == Family.DWARF:
        return task_plans(state, seat).get(d.arg, -1.0)
    if f == Family.MOVE:
        return _move_score(state, seat, d.arg, NEIGHBOUR[d.arg][d.arg2])
    if f == Family.OGRE:
        return _ogre_score(state, seat, d.arg)
    if f == Family.TUNNEL:  # Royal Decrees: a dwarf from a mine it cannot finish to one it can
        return _tunnel_score(state, seat, d.arg)
    if f in EMPIRE_FAMILIES:  # The Empires: classes, abilities, the race's free action
        return empire_action_score(state, seat, d, needed_gems(state, seat))
    return -1.0  # Royal Decrees: no turning cards for their own sake, no hiring hands


def _tunnel_score(state: DwarfsFallState, seat: int, src: int) -> float:
    """Worth of tunnelling a dwarf out of ``src``: the best mine plan elsewhere minus this one's."""
    from gnome_envs.dwarfs_fall.decrees import tunnel_targets

    plans = task_plans(state, seat)
    best = max((plans.get(c, 0.0) for c in tunnel_targets(state, src)), default=0.0)
    return best - plans.get(src, 0.0) - 0.5


def _steps_to(state: DwarfsFallState, start: int) -> dict[int, int]:
    """Moves a dwarf needs from ``start`` to each card (every card entered needs room)."""
    passable = state.regions.passable
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for cell in frontier:
            for side, nb in enumerate(NEIGHBOUR[cell]):
                if passable[cell] >> side & 1 and nb not in dist and state.has_room(nb):
                    dist[nb] = dist[cell] + 1
                    nxt.append(nb)
        frontier = nxt
    return dist


def _move_score(state: DwarfsFallState, seat: int, src: int, dst: int) -> float:
    """Worth of stepping a dwarf from ``src`` to ``dst``: the best task it gets closer to (while
    dwarfs wait in the pile, only a dwarf idle on a card with no plan of its own moves)."""
    plans = task_plans(state, seat)
    if not plans or state.pile[seat] and (src in plans or state.dwarfs_of(seat, src) >= state.required_at(src, seat)):
        return -1.0
    reach = _steps_to(state, dst)
    gain = max((value * FOLLOW_UP ** reach[cell] for cell, value in plans.items() if cell in reach), default=0.0)
    if gain <= 0:
        return -1.0
    own, need = state.dwarfs_of(seat, src), state.required_at(src, seat)
    if own == need:  # the move would undo a task ready to complete
        return gain - task_value(state, seat, src) - 0.1
    useful_here = src in plans and own < need
    return gain - (plans[src] if useful_here else 0.0) - 0.1


def _blocker_cells(state: DwarfsFallState, seat: int) -> list[int]:
    """Cards where one foreign dwarf stands between ``seat`` and a task it nearly has."""
    out = []
    for cell in range(NUM_CELLS):
        if state.top[cell] < 0:
            continue
        own = state.dwarfs_of(seat, cell)
        foreign = state.crowd[cell] - own
        if foreign and own >= state.required_at(cell, seat) - 1 and blocked(state, seat, cell):
            out.append(cell)
    return out


def ambush_value(state: DwarfsFallState, seat: int, cell: int) -> float:
    """Worth of clearing ``cell``: a blocked task freed, a dragon that starves needed mines
    uncovered, own stuck dwarfs back in the pile."""
    own = state.dwarfs_of(seat, cell)
    foreign = state.crowd[cell] - own
    value = 0.0
    if cell in _blocker_cells(state, seat):
        value += 5.0
    if foreign and state.kind_at(cell) in DRAGONS:
        value += slay_value(state, seat, cell) - monster_vp(state, seat)
    if own and blocked(state, seat, cell):
        value += own
    elif own:
        value -= own
    if foreign and state.game.empires and state.game.races[seat] == Race.OGRES:
        value += POUCH_VALUE  # X4.3: a stolen pouch
    return value


def _best_ambush(state: DwarfsFallState, seat: int) -> float:
    return max((ambush_value(state, seat, c) for c in range(NUM_CELLS) if state.crowd[c]), default=-1.0)


def _ogre_score(state: DwarfsFallState, seat: int, kind: int) -> float:
    score = _ogre_use(state, seat, kind)
    if _hoarding(state, seat) and kind not in (Ogre.CROWN, Ogre.TROLL_KING):
        score -= SECRET_CHASE + TAVERN_VALUE  # each card kept is a step towards five
    return score


def _hoarding(state: DwarfsFallState, seat: int) -> bool:
    """An unrevealed Ogre in Disguise keeps its ogre cards once it is close or the end is near."""
    close = state.ogres.size(seat) >= OGRE_IN_DISGUISE_CARDS - HOARD_FROM_MISSING
    return chasing(state, seat, Secret.OGRE_IN_DISGUISE) and (close or end_near(state, seat))


def _ogre_use(state: DwarfsFallState, seat: int, kind: int) -> float:
    pouch = POUCH_VALUE if state.game.empires and state.game.races[seat] == Race.OGRES else 0.0
    if kind == Ogre.THIEF:
        return 2.0
    if kind == Ogre.CROWN:
        return 1.0 + max(state.ogres.size(o) for o in _opponents(state, seat)) - 2
    if kind == Ogre.BRUTE:  # ogres take a stolen pouch for any enemy meeple they swap (X4.3)
        return 3.0 if _blocker_cells(state, seat) else pouch - 0.5 if pouch else -1.0
    if kind in (Ogre.AMBUSH, Ogre.WRECKING_BALL):
        return _best_ambush(state, seat) - 0.5
    if kind == Ogre.PANIC:
        return pouch - 0.5 if pouch else -1.0
    if kind == Ogre.TROLL_KING:  # discard one, draw two
        return 0.5 if state.hand_size(seat) < HAND_LIMIT else -1.0
    return -1.0


def _cell_target_score(state: DwarfsFallState, seat: int, cell: int) -> float:
    kind = DecisionKind(state.pending.kind)
    if kind == DecisionKind.RESOLVE_TASK:
        return -RESOLVE_ORDER[ALL_KINDS[state.kind_at(cell)].job]
    if kind == DecisionKind.TROLL_DEST:
        return troll_dest_value(state, seat, cell)
    if kind == DecisionKind.TUNNEL_DEST:
        return task_plans(state, seat).get(cell, 0.0)
    if kind in (DecisionKind.AMBUSH_CELL, DecisionKind.WRECKING_CELL):
        return ambush_value(state, seat, cell)
    blockers = _blocker_cells(state, seat)
    if kind == DecisionKind.BRUTE_CELL:
        foreign = state.crowd[cell] - state.dwarfs_of(seat, cell)
        return (5.0 if cell in blockers else 0.0) + foreign
    if kind == DecisionKind.BRUTE_OWN:
        return -task_plans(state, seat).get(cell, 0.0) - state.dwarfs_of(seat, cell)
    if kind == DecisionKind.PANIC_CELL:
        return float(cell in blockers)
    if kind == DecisionKind.PANIC_DEST:
        return -_centre_distance(cell)
    if kind == DecisionKind.DIG_STACK:
        return kingdom_delta(state, seat, cell, state.stacks[cell][-2])
    return 0.0


def _seat_score(state: DwarfsFallState, seat: int, offset: int) -> float:
    other = (seat + offset) % state.game.num_players
    kind = state.pending.kind
    if kind == DecisionKind.THIEF_SEAT:
        return state.gems.size(other)
    if kind == DecisionKind.CROWN_SEAT:
        return state.ogres.size(other)
    if kind == DecisionKind.PANIC_SEAT:
        return 0.0 if other == seat else 1.0
    return float(state.score_of(other))


def _discard_score(state: DwarfsFallState, seat: int, index: int) -> float:
    """Ogre cards first (after the spare gems while chasing Ogre in Disguise), then
    gems the target goal does not use (nor an unrevealed Wizard's emeralds), cheapest first."""
    if index >= NUM_GEMS:
        return HOARDED_OGRE_DISCARD if chasing(state, seat, Secret.OGRE_IN_DISGUISE) else 10.0
    reserved = reserved_gems(state, seat)[index]
    if index in HOARDED_GEM and chasing(state, seat, HOARDED_GEM[index][0]):
        reserved = HOARDED_GEM[index][1]
    kept = 10.0 if state.gems.count(seat, index) <= reserved else 0.0
    return -GEM_VP[index] - kept


def _score(state: DwarfsFallState, seat: int, action: int) -> float:
    d = state.game.action_layout.decode(action)
    kind = state.pending.kind
    if kind == DecisionKind.ACTION:
        return _action_score(state, seat, action)
    if kind == DecisionKind.TROLL_DENY:
        return float(d.family == Family.OGRE)
    if kind == DecisionKind.ROTATE_CARD:
        return kingdom_delta(state, seat, d.arg, layer(layer_code(state.top[d.arg]), d.arg2))
    if d.family == Family.PLACE:
        packed = layer(state.game.seat_codes[seat][state.pending.data[0]], d.arg2)
        return placement_score(state, seat, d.arg, packed)
    if d.family == Family.CELL:
        return _cell_target_score(state, seat, d.arg)
    if d.family == Family.SEAT:
        return _seat_score(state, seat, d.arg)
    if d.family == Family.GOAL:
        return TRADING_GOALS[state.trading_row[d.arg]].vp
    if d.family == Family.DISCARD:
        return _discard_score(state, seat, d.arg)
    if d.family in EMPIRE_FAMILIES or kind == DecisionKind.POWER_GEM:
        return empire_choice_score(state, seat, d, needed_gems(state, seat))
    return 0.0


class DwarfsFallScripted:
    """The scripted opponent: the best-scoring legal action under the priority list above."""

    name = "scripted"
    needs_state = True

    def act(self, state: DwarfsFallState, seat: int, rng: np.random.Generator) -> int:
        """The highest-scoring legal action; actions within NEAR_TIE of each other are picked
        at random (``rng``), so that self-play games differ."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        first = _opening(state, legal)
        if first is not None:
            return first
        scores = _scores(state, seat, legal)
        return legal[int(np.argmax(scores + rng.uniform(0.0, NEAR_TIE, len(legal))))]

    def ranked(self, state: DwarfsFallState, seat: int) -> list[int]:
        """Legal actions, best first by the priority scores (ties: the lower index first)."""
        legal = state.legal_actions()
        first = _opening(state, legal) if len(legal) > 1 else None
        if first is not None:
            return [first] + [a for a in legal if a != first]
        return best_first(legal, _scores(state, seat, legal)) if len(legal) > 1 else legal


def _opening(state: DwarfsFallState, legal: list[int]) -> int | None:
    """The first card of the game, on the first centre square (None once the mat has a card)."""
    if state.regions.empty and state.pending.kind == DecisionKind.PLACE_CARD:
        first = state.game.action_layout.place(CENTRE_CELLS[0], 0)
        if first in legal:
            return first
    return None


def _scores(state: DwarfsFallState, seat: int, legal: list[int]) -> np.ndarray:
    """The priority score of every legal action (the plans are computed once for all of them)."""
    PlanMemo.state, PlanMemo.plans = state, {}
    try:
        return np.array([_score(state, seat, a) for a in legal])
    finally:
        PlanMemo.state, PlanMemo.plans = None, {}


register_scripted(ENV_ID, DwarfsFallScripted)

__all__ = ["DwarfsFallScripted", "placement_score"]
