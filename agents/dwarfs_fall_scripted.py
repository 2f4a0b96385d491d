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

It reads only what its seat may know (the state it is given is a determinization).
"""

from __future__ import annotations

import numpy as np

from agents import register_scripted
from agents.dwarfs_fall_empires import (
    EMPIRE_FAMILIES,
    empire_action_score,
    empire_choice_score,
    empire_task_works,
)
from gnome_envs.dwarfs_fall.actions import Family
from gnome_envs.dwarfs_fall.board import compute_regions
from gnome_envs.dwarfs_fall.components import (
    ALL_KINDS,
    BERSERKER_MONSTERS,
    CASTLE_SLOT,
    CENTRE_CELLS,
    FOREST_DRAGON,
    GEM_VP,
    GRID_SIZE,
    HAND_LIMIT,
    IS_CASTLE,
    IS_MONSTER,
    KIND_VP,
    LAYER_KIND,
    MINER_FACTOR,
    NEIGHBOUR,
    NUM_CELLS,
    NUM_GEMS,
    OGRE_IN_DISGUISE_CARDS,
    RESEARCHER_MONSTERS,
    RESEARCHER_TRIO,
    SECRET_VP,
    SPOTS,
    TRADING_GOALS,
    WARLOCK_DIAMONDS,
    WIZARD_EMERALDS,
    Gem,
    Job,
    Kind,
    Mood,
    Ogre,
    Secret,
    layer,
    layer_code,
)
from gnome_envs.dwarfs_fall.decrees import Decree
from gnome_envs.dwarfs_fall.empires import monster_vp, task_meeples
from gnome_envs.dwarfs_fall.pending import DecisionKind
from gnome_envs.dwarfs_fall.resolve import affordable, can_pay, diggable, trade_ins
from gnome_envs.dwarfs_fall.state import DwarfsFallState

ENV_ID = "dwarfs_fall_v0"
CASTLE_VALUE = 20.0
CARD_PLAY_VALUE = 1.5  # a card out of hand makes room for gems
CROWDED_HAND = 5  # kingdom cards in hand above which playing cards comes first
TAVERN_VALUE = 1.5
DIG_WEIGHT = 0.25  # a dig's kingdom gain counts a quarter (another castle can dig it back) ...
DIG_CAP = 1.0  # ... and at most this much, so digging never crowds out gems and goals
FOLLOW_UP = 0.6  # value share of a task that needs more dwarfs than this turn's actions
NEEDED_GEM_BONUS = 2.0  # per gem a face-up trading goal still needs
SECRET_GEM_BONUS = 1.0  # a gem towards its own Miner goal
SECRET_CHASE = 2.0  # a step towards its own unrevealed secret goal (Wizard, Ogre in Disguise, Berserker, Researcher)
OGRES_KEPT = 3  # ogre cards it fetches from a tavern otherwise
HOARD_FROM_MISSING = 2  # an Ogre in Disguise stops playing ogre cards this many short of five
HOARDED_GEM = {Gem.EMERALD: (Secret.WIZARD, WIZARD_EMERALDS), Gem.DIAMOND: (Secret.WARLOCK, WARLOCK_DIAMONDS)}
HOARDED_OGRE_DISCARD = -5.0  # a hoarded ogre card goes after spare gems, before reserved ones
BERSERKER_CHASE = 12.0  # a monster slain towards its own Berserker goal
STRANGER_PENALTY = 0.8  # opponents' kingdom VP weigh this much against one's own
RESOLVE_ORDER = {Job.SLAY: 0, Job.MINE: 1, Job.OGRE: 2, Job.DIG: 3, Job.TRADE: 4, Job.TOLL: 5, Job.MEMORIAL: 6}
FREED_DWARF_VALUE = 0.5  # Crazy Balloonists: per own dwarf a completed task sends home
SCARY_OWN_WEIGHT = 2.0  # own dwarfs sent home by a Scary troll count double against it
DRAGONS = (int(Kind.DRAGON), FOREST_DRAGON)
NEAR_TIE = 0.05  # actions scoring within this of each other are as good (picked at random)
EGG_MONSTER_GEMS = 2  # a dragon egg's missing monster weighs like two missing gems


def _centre_distance(cell: int) -> float:
    r, c = divmod(cell, GRID_SIZE)
    return abs(r - 3.5) + abs(c - 3.5)


def _chasing(state: DwarfsFallState, seat: int, goal: int) -> bool:
    """Whether ``seat`` holds secret goal ``goal`` and has not revealed it yet."""
    return state.secret[seat] == goal and not state.secret_revealed[seat]


def _end_near(state: DwarfsFallState, seat: int) -> bool:
    """Whether the game ends soon: the end is triggered, or one more goal would trigger it for
    ``seat`` or an opponent."""
    last = state.game.goals_to_end - 1
    return state.end_triggered or any(state.goals(p) >= last for p in range(state.game.num_players))


def _opponents(state: DwarfsFallState, seat: int) -> list[int]:
    n = state.game.num_players
    return [(seat + k) % n for k in range(1, n)]


# ---------------------------------------------------------------------------- task values
def _target_goal(state: DwarfsFallState, seat: int) -> int:
    """The face-up trading goal ``seat`` is closest to paying for (-1 if none is face up); a
    dragon egg's missing monster counts as EGG_MONSTER_GEMS gems."""
    held = state.gems.of(seat)
    slain = len(state.defeated[seat])

    def missing(goal: int) -> tuple[int, int]:
        info = TRADING_GOALS[goal]
        gems = sum(max(c - h, 0) for c, h in zip(info.cost, held))
        return gems + EGG_MONSTER_GEMS * max(info.monsters - slain, 0), -info.vp

    row = [g for g in state.trading_row if g >= 0]
    return min(row, key=missing) if row else -1


def _needed_gems(state: DwarfsFallState, seat: int) -> list[int]:
    """Gems still missing for the target trading goal, per gem type."""
    goal = _target_goal(state, seat)
    if goal < 0:
        return [0] * NUM_GEMS
    return [max(c - h, 0) for c, h in zip(TRADING_GOALS[goal].cost, state.gems.of(seat))]


def _best_goal_vp(state: DwarfsFallState, seat: int) -> int:
    """VP the general store would gain ``seat`` now (a dragon egg needs its monster; a goal
    traded in under Charming Merchants gives back its VP)."""
    best = 0
    for slot in affordable(state, seat):
        goal = state.trading_row[slot]
        vp = TRADING_GOALS[goal].vp
        if not can_pay(state, seat, goal):
            vp -= min(TRADING_GOALS[g].vp for g in trade_ins(state, seat, goal))
        best = max(best, vp)
    return best


def _dig_value(state: DwarfsFallState, seat: int, cell: int) -> float:
    """A castle's dig: the best kingdom gain of a diggable stack, nothing when a monster keeps
    the peace or no stack can be dug (the dwarfs would go home for nothing)."""
    if state.monster_blocks_dig(seat, cell):
        return 0.0
    gains = [kingdom_delta(state, seat, c, state.stacks[c][-2], rivals=False) for c in diggable(state)]
    return min(DIG_WEIGHT * max(gains), DIG_CAP) if gains and max(gains) > 0 else 0.0


def _gem_value(state: DwarfsFallState, seat: int, gem: int, amount: int) -> float:
    """VP the gems add (a full hand gives up its cheapest gem) plus a bonus when a goal needs them."""
    needed = _needed_gems(state, seat)[gem]
    bonus = NEEDED_GEM_BONUS * min(needed, amount)
    if gem in HOARDED_GEM and _chasing(state, seat, HOARDED_GEM[gem][0]):  # Wizard, Warlock
        bonus += SECRET_CHASE
    if _chasing(state, seat, Secret.MINER) and not state.gems.count(seat, gem):
        bonus += SECRET_GEM_BONUS
    if state.hand_size(seat) + amount > HAND_LIMIT and not needed and not state.ogres.size(seat):
        # a full hand discards its cheapest gem the target goal does not use (_discard_score):
        # nothing is gained when that is the new gem itself
        spare = [GEM_VP[g] for g in _spare_gems(state, seat)]
        if not spare or min(spare) >= GEM_VP[gem]:
            return 0.0
        return (GEM_VP[gem] - min(spare)) * amount + bonus
    return GEM_VP[gem] * amount + bonus


def _spare_gems(state: DwarfsFallState, seat: int) -> list[int]:
    """Gem types ``seat`` holds more of than its target trading goal uses."""
    goal = _target_goal(state, seat)
    reserved = TRADING_GOALS[goal].cost if goal >= 0 else (0,) * NUM_GEMS
    return [g for g in range(NUM_GEMS) if state.gems.count(seat, g) > reserved[g]]


def task_value(state: DwarfsFallState, seat: int, cell: int) -> float:
    """What completing the task on ``cell`` is worth to ``seat`` now."""
    kind = state.kind_at(cell)
    info = ALL_KINDS[kind]
    if info.job == Job.TOLL or (state.game.empires and not empire_task_works(state, seat, cell)):
        return 0.0
    if info.job == Job.MINE:
        if state.region_at(cell).dragon or not state.gem_pile[info.gem]:
            return 0.0
        amount = info.amount * (MINER_FACTOR if _troll_mood(state, cell) == Mood.MINER else 1)
        return _gem_value(state, seat, info.gem, min(amount, state.gem_pile[info.gem]))
    if info.job == Job.TRADE:
        return float(_best_goal_vp(state, seat))
    if info.job == Job.OGRE:
        if _chasing(state, seat, Secret.OGRE_IN_DISGUISE):  # spare gems make room for ogre cards
            hoard = state.ogres.size(seat) < OGRE_IN_DISGUISE_CARDS
            room = state.hand_size(seat) < HAND_LIMIT or _spare_gems(state, seat)
            return TAVERN_VALUE + SECRET_CHASE if hoard and room else 0.0
        room = state.hand_size(seat) < HAND_LIMIT
        return TAVERN_VALUE if room and state.ogres.size(seat) < OGRES_KEPT else 0.0
    if info.job == Job.DIG:
        return _dig_value(state, seat, cell)
    if info.job == Job.MEMORIAL:
        return 0.0
    return _slay_value(state, seat, cell)


def _troll_mood(state: DwarfsFallState, cell: int) -> int:
    """The troll's mood if he stands on ``cell`` (Troll's Bridge), else -1."""
    if state.game.trolls and state.troll_cell == cell:
        return state.mood_deck[0]
    return -1


def troll_dest_value(state: DwarfsFallState, seat: int, cell: int) -> float:
    """Worth of moving the troll onto ``cell`` in his current mood."""
    own = state.dwarfs_of(seat, cell)
    kind = state.kind_at(cell)
    mood = state.mood_deck[0]
    if mood == Mood.SCARY:
        return state.crowd[cell] - own - SCARY_OWN_WEIGHT * own
    if mood == Mood.MINER:
        return float(own) if ALL_KINDS[kind].job == Job.MINE else 0.0
    if mood == Mood.MIGHTY:
        return float(own) if IS_MONSTER[kind] else 0.0
    return -float(own)  # Warband Leader: keep him off its own tasks


def _slay_value(state: DwarfsFallState, seat: int, cell: int) -> float:
    """The monster's VP (4 for elves), the kingdom VP it costs at home, and the mines a dragon
    frees for gems it needs."""
    own = state.kingdom(seat)
    home = -KIND_VP[state.kind_at(cell)] if own is not None and cell in own.cells else 0.0
    value = monster_vp(state, seat) + home
    if _chasing(state, seat, Secret.BERSERKER):  # the second monster reveals it: worth more
        value += BERSERKER_CHASE * (1 + len(state.defeated[seat])) / BERSERKER_MONSTERS
    if state.kind_at(cell) in DRAGONS:
        needed = _needed_gems(state, seat)
        freed = {ALL_KINDS[state.kind_at(c)].gem for c in state.region_at(cell).cells
                 if ALL_KINDS[state.kind_at(c)].job == Job.MINE}
        value += NEEDED_GEM_BONUS * sum(1 for g in freed if needed[g])
    return value


def _blocked(state: DwarfsFallState, seat: int, cell: int) -> bool:
    """Whether foreign dwarfs leave too little room for ``seat`` to complete the task."""
    kind = state.kind_at(cell)
    need = state.required_at(cell, seat) - _counted(state, seat, cell)
    return SPOTS[kind] - state.crowd[cell] < need


def _counted(state: DwarfsFallState, seat: int, cell: int) -> int:
    """Own meeples that count for the task on ``cell`` (accurate elves next to a monster, X3.2)."""
    return task_meeples(state, cell, seat) if state.game.empires else state.dwarfs_of(seat, cell)


class _Memo:
    """Task plans of the state one ``act`` call is scoring (its actions share them)."""

    state: DwarfsFallState | None = None
    plans: dict[int, dict[int, float]] = {}


def task_plans(state: DwarfsFallState, seat: int) -> dict[int, float]:
    """Per card: value per dwarf still needed to complete its task (only reachable tasks)."""
    if _Memo.state is not state:
        return _task_plans(state, seat)
    plans = _Memo.plans.get(seat)
    if plans is None:
        plans = _Memo.plans[seat] = _task_plans(state, seat)
    return plans


def _task_plans(state: DwarfsFallState, seat: int) -> dict[int, float]:
    left = state.action_limit(seat) - state.actions_used
    balloonists = state.game.royal and state.decree(Decree.CRAZY_BALLOONISTS)
    plans = {}
    for cell in range(NUM_CELLS):
        if state.top[cell] < 0 or _blocked(state, seat, cell):
            continue
        need = state.required_at(cell, seat) - _counted(state, seat, cell)
        value = task_value(state, seat, cell)
        if balloonists:  # completing a task brings its dwarfs home, which matters when placing is slow
            value += FREED_DWARF_VALUE * state.dwarfs_of(seat, cell)
        if need <= 0 or value <= 0:
            continue
        plans[cell] = value / need * (1.0 if need <= left else FOLLOW_UP)
        if balloonists and need > 1:  # one dwarf from the pile per card per turn: a turn per dwarf
            plans[cell] *= FOLLOW_UP ** (need - 1)
    for cell, value in _research_plans(state, seat).items():
        plans[cell] = max(plans.get(cell, 0.0), value)
    return _one_per_kind(state, seat, plans) if balloonists else plans


def _research_plans(state: DwarfsFallState, seat: int) -> dict[int, float]:
    """An unrevealed Researcher near the end of the game (the dwarfs it strands on monsters then
    cost little): three own dwarfs on each of the two monsters closest to it."""
    if not _chasing(state, seat, Secret.RESEARCHER) or not _end_near(state, seat):
        return {}
    short = {}
    for cell in state.regions.monsters:
        need = max(RESEARCHER_TRIO - state.dwarfs_of(seat, cell), 0)
        if SPOTS[state.kind_at(cell)] - state.crowd[cell] >= need:
            short[cell] = need
    best = sorted(short, key=lambda c: (short[c], c))[:RESEARCHER_MONSTERS]
    total = sum(short[c] for c in best)
    if len(best) < RESEARCHER_MONSTERS or not total:
        return {}
    value = (SECRET_VP[Secret.RESEARCHER] + SECRET_CHASE) / total
    return {c: value for c in best if short[c]}


def _one_per_kind(state: DwarfsFallState, seat: int, plans: dict[int, float]) -> dict[int, float]:
    """Crazy Balloonists: one plan per kind of card (the one with most own dwarfs), so that a
    slow build-up is not spread over every store at once and stuck there."""
    best: dict[int, int] = {}
    for cell, value in plans.items():
        kind = state.kind_at(cell)
        other = best.get(kind)
        if other is None or (state.dwarfs_of(seat, cell), value) > (state.dwarfs_of(seat, other), plans[other]):
            best[kind] = cell
    return {cell: plans[cell] for cell in best.values()}


# ---------------------------------------------------------------------------- placing cards
def kingdom_delta(state: DwarfsFallState, seat: int, cell: int, packed: int, rivals: bool = True) -> float:
    """Change of ``seat``'s kingdom VP minus the opponents' (unless not ``rivals``) if ``packed``
    lands on ``cell``, as the rules score kingdoms (decrees and races included)."""
    seats = range(state.game.num_players) if rivals else (seat,)
    before = [state.kingdom_vp(p) for p in seats]
    castle = seat if layer_code(packed) == state.game.seat_codes[seat][CASTLE_SLOT] else -1
    after = _kingdom_vps_with(state, cell, packed, castle, seats)
    return sum((1.0 if p == seat else -STRANGER_PENALTY) * (a - b) for p, a, b in zip(seats, after, before))


def _kingdom_vps_with(state: DwarfsFallState, cell: int, packed: int, castle: int, seats) -> list[int]:
    """Kingdom VP of ``seats`` with ``packed`` lying on ``cell`` (``castle``: the seat whose
    castle it is, or -1); the state (the agent's own copy) is put back as it was."""
    top, castles = state.top, state.castle_cell
    old_top, old_castle = top[cell], castles[castle] if castle >= 0 else -1
    top[cell] = packed
    if castle >= 0:
        castles[castle] = cell
    state.layout_changed()
    try:
        return [state.kingdom_vp(p) for p in seats]
    finally:
        top[cell] = old_top
        if castle >= 0:
            castles[castle] = old_castle
        state.layout_changed()


def placement_score(state: DwarfsFallState, seat: int, cell: int, packed: int) -> float:
    """Kingdom VP change, monsters away from home (an unrevealed Berserker keeps them as prey),
    a slight pull to the middle."""
    score = kingdom_delta(state, seat, cell, packed) - 0.01 * _centre_distance(cell)
    kind = LAYER_KIND[packed]
    own = state.kingdom(seat)
    if IS_MONSTER[kind] and own is not None and not _chasing(state, seat, Secret.BERSERKER):
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
        return CARD_PLAY_VALUE + (1.0 if cards > CROWDED_HAND else 0.0)
    if f == Family.DWARF:
        return task_plans(state, seat).get(d.arg, -1.0)
    if f == Family.MOVE:
        return _move_score(state, seat, d.arg, NEIGHBOUR[d.arg][d.arg2])
    if f == Family.OGRE:
        return _ogre_score(state, seat, d.arg)
    if f == Family.TUNNEL:  # Royal Decrees: a dwarf from a mine it cannot finish to one it can
        return _tunnel_score(state, seat, d.arg)
    if f in EMPIRE_FAMILIES:  # The Empires: classes, abilities, the race's free action
        return empire_action_score(state, seat, d, _needed_gems(state, seat))
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
        if foreign and own >= state.required_at(cell, seat) - 1 and _blocked(state, seat, cell):
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
        value += _slay_value(state, seat, cell) - monster_vp(state, seat)
    if own and _blocked(state, seat, cell):
        value += own
    elif own:
        value -= own
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
    return _chasing(state, seat, Secret.OGRE_IN_DISGUISE) and (close or _end_near(state, seat))


def _ogre_use(state: DwarfsFallState, seat: int, kind: int) -> float:
    if kind == Ogre.THIEF:
        return 2.0
    if kind == Ogre.CROWN:
        return 1.0 + max(state.ogres.size(o) for o in _opponents(state, seat)) - 2
    if kind == Ogre.BRUTE:
        return 3.0 if _blocker_cells(state, seat) else -1.0
    if kind == Ogre.AMBUSH:
        return _best_ambush(state, seat) - 0.5
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
    if kind == DecisionKind.AMBUSH_CELL:
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
        return HOARDED_OGRE_DISCARD if _chasing(state, seat, Secret.OGRE_IN_DISGUISE) else 10.0
    goal = _target_goal(state, seat)
    reserved = TRADING_GOALS[goal].cost[index] if goal >= 0 else 0
    if index in HOARDED_GEM and _chasing(state, seat, HOARDED_GEM[index][0]):
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
        return empire_choice_score(state, seat, d, _needed_gems(state, seat))
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
        if state.regions.empty and state.pending.kind == DecisionKind.PLACE_CARD:
            first = state.game.action_layout.place(CENTRE_CELLS[0], 0)
            if first in legal:
                return first
        _Memo.state, _Memo.plans = state, {}
        try:
            scores = np.array([_score(state, seat, a) for a in legal])
        finally:
            _Memo.state, _Memo.plans = None, {}
        return legal[int(np.argmax(scores + rng.uniform(0.0, NEAR_TIE, len(legal))))]


register_scripted(ENV_ID, DwarfsFallScripted)

__all__ = ["DwarfsFallScripted", "placement_score", "task_plans", "task_value"]
