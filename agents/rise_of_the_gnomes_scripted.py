"""Scripted Rise of the Gnomes player: a readable priority list per decision.

Priorities, in plain words:

* brewer placement: build breweries first (Build Brewery, the Brewery Foreman, Expand cards),
  then spread customers (Barrel Delivery and Brew Festival cards, Employ Thugs on Gnome cubes,
  Beer Competitions that hit the Gnomes, Hire Bard), upgrades while gold allows, Hops Glen
  and gain spaces, and Brew Beer to refill; Orctoberfest only in the last turn; never claim an
  action card space it cannot pay for with the beer and gold not yet committed;
* where to act: the tile that most improves a simple position value (its own income over the
  turns left, tiles controlled and occupied, its judges' points as things stand, minus the
  Gnomes' and the best rival's income), tried on a copy;
* the dragon and the Gnomes' ties: where they hurt the Gnomes and the rivals, never itself;
* bribes when a brewery or more cubes than the bribe is worth are at stake;
* drafts and upgrades by a fixed preference (production and income first); a board colour
  drawn at random among the free ones (with the ``rng`` it is given), then that colour's
  stronger side by measured strength, so that a side is not tied to a place in turn order
  (alone: the side with the best record against the Gnomes).

It reads only what its seat may know (the state it is given is a determinization).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from agents import register_scripted
from agents.base import best_first
from agents.rise_of_the_gnomes_placement import BREWERY_STAKE, ORCTOBERFEST_HOARD, dragon_harm, score_place
from gnome_envs.rise_of_the_gnomes import board, markets, targets
from gnome_envs.rise_of_the_gnomes.actions import LAYOUTS, Family
from gnome_envs.rise_of_the_gnomes.cards import ALLIES, GNOME_CARDS, JUDGES, AllyEffect
from gnome_envs.rise_of_the_gnomes.components import BRIBE, DRAGON_FILL, NUM_TURNS, RACES, Upgrade
from gnome_envs.rise_of_the_gnomes.flow import gnome_income, judge_count, player_income
from gnome_envs.rise_of_the_gnomes.pending import DecisionKind
from gnome_envs.rise_of_the_gnomes.state import RiseState

Score = Callable[[RiseState, int, int], float]
# board sides by measured strength (O45): against rivals, and alone against the Gnomes
RACE_ORDER = (8, 1, 9, 3, 4, 2, 7, 6, 0, 5)  # Halflings, Goblins, Nomads, Giants, Elves, ...
SOLO_RACE_ORDER = (0, 1, 6, 2, 9, 8, 3, 7, 5, 4)  # Orcs, Goblins, Humans, Dwarves, Nomads, ...
UPGRADE_ORDER = (Upgrade.PRODUCTION, Upgrade.HOPS_GLEN, Upgrade.GUILD, Upgrade.TAVERN, Upgrade.TWIN,
                 Upgrade.PORT, Upgrade.DESERT, Upgrade.SEA)
CONTROL_WEIGHT = 0.8
OCCUPY_WEIGHT = 0.3  # presence reaches neighbours and counts for several judges
LEAD_WEIGHT = 0.15  # per point of market strength ahead on a controlled tile, up to SAFE_LEAD
SAFE_LEAD = 3
GOLD_WEIGHT = 0.3
GNOME_WEIGHT = 0.7
RIVAL_WEIGHT = 0.3
GNOME_CUBE_WEIGHT = 0.15  # the Gnomes run out of cubes to place and score instead
JUDGE_WEIGHT = 0.3  # per point the own judges would pay if the game ended now
CUBE_TIE_BREAK = 0.01  # between equal positions, prefer more customers on the map


# ============================================================================ evaluation
def turns_left(state: RiseState) -> int:
    """Score phases still to come, this turn's included."""
    return NUM_TURNS - max(state.turn, 1) + 1


def value(state: RiseState, seat: int) -> float:
    """How good the position looks for ``seat``: points now and income to come, tiles held and
    occupied, its judges' points as things stand, minus the Gnomes' and the best rival's
    prospects."""
    left = turns_left(state)
    vp, gold = player_income(state, seat)
    g_vp, _ = gnome_income(state)
    control = map_presence(state, seat)
    rivals = [player_income(state, p)[0] for p in range(state.n) if p != seat]
    best_rival = max(rivals) if rivals else 0
    judges = sum(JUDGES[j].points(judge_count(state, seat, j)) for j in state.judges[seat])
    return (state.vp[seat] + left * (vp + GOLD_WEIGHT * gold) + control
            + JUDGE_WEIGHT * judges
            - GNOME_WEIGHT * (state.g_vp + left * g_vp) - RIVAL_WEIGHT * left * best_rival
            - GNOME_CUBE_WEIGHT * left * state.g_cubes_out)


def map_presence(state: RiseState, seat: int) -> float:
    """Tiles controlled (each with a lead of up to SAFE_LEAD counted a little) and occupied."""
    total = 0.0
    owners = state.owners
    for pos in state.game.positions:
        mine = state.strength(pos, seat)
        if not mine:
            continue
        others = max(state.strength(pos, o) for o in range(owners) if o != seat) if owners > 1 else 0
        total += OCCUPY_WEIGHT
        if mine > others:
            total += CONTROL_WEIGHT + LEAD_WEIGHT * min(mine - others, SAFE_LEAD)
    return total


def after(state: RiseState, seat: int, change: Callable[[RiseState], object]) -> float:
    """``value`` once ``change`` has been made on a copy."""
    trial = state.clone()
    change(trial)
    return value(trial, seat)


def _pos(state: RiseState, action: int) -> int:
    return LAYOUTS[state.n].args[action]


def _family(state: RiseState, action: int) -> Family:
    return LAYOUTS[state.n].table[action].family


# ============================================================================ where to act
def _score_build(state: RiseState, seat: int, action: int) -> float:
    pos = _pos(state, action)
    source = targets.best_build_source(state, seat, pos)
    return after(state, seat, lambda s: targets.execute_build(s, seat, pos, source))


def _adder(count: int) -> Score:
    def score(state: RiseState, seat: int, action: int) -> float:
        pos = _pos(state, action)
        return after(state, seat, lambda s: s.add_cubes(seat, pos, count))
    return score


def _score_cubes(state: RiseState, seat: int, action: int) -> float:
    data = state.pending.data
    count = data[-1] if data else 1
    return _adder(count)(state, seat, action)


def _score_thugs(state: RiseState, seat: int, action: int) -> float:
    pos = _pos(state, action)

    def change(s: RiseState) -> None:
        s.remove_cubes(s.n, pos, 3)
        s.add_cubes(seat, pos, 2)
    return after(state, seat, change)


def _score_competition(state: RiseState, seat: int, action: int) -> float:
    pos = _pos(state, action)
    remove, add = state.pending.data

    def change(s: RiseState) -> None:
        left = remove
        for owner in [s.n, *range(s.n)]:
            if owner != seat and left:
                left -= s.remove_cubes(owner, pos, left)
        s.add_cubes(seat, pos, add)
    return after(state, seat, change)


def _score_competition_add(state: RiseState, seat: int, action: int) -> float:
    """More customers unless they make the position worse (ties: more cubes)."""
    pos = state.pending.data[0]
    count = 0 if _family(state, action) == Family.PASS else _pos(state, action)
    if markets.board_cubes(state, seat) == 0:
        return float(count)
    return after(state, seat, lambda s: s.add_cubes(seat, pos, count)) + CUBE_TIE_BREAK * count


def _score_remove(state: RiseState, seat: int, action: int) -> float:
    decoded = LAYOUTS[state.n].table[action]
    if decoded.family == Family.PASS:
        return -1.0
    if decoded.arg == state.n:
        return 10.0
    return float(state.cubes_at(state.pending.data[0], (seat + decoded.arg) % state.n))


def _score_source(state: RiseState, seat: int, action: int) -> float:
    if _family(state, action) == Family.PASS:
        return -0.5
    return float(targets.surplus(state, seat, _pos(state, action)))


def _score_caravan_dest(state: RiseState, seat: int, action: int) -> float:
    src = state.pending.data[0]
    if _family(state, action) == Family.PASS:
        return value(state, seat) if targets.surplus(state, seat, src) == 0 else -1e9
    pos = _pos(state, action)
    return after(state, seat, lambda s: s.move_cubes(seat, src, pos, 1))


def _score_move_source(state: RiseState, seat: int, action: int) -> float:
    return _score_source(state, seat, action) + 0.5


def _score_tribute(state: RiseState, seat: int, action: int) -> float:
    if _family(state, action) == Family.PASS:
        return dragon_harm(state, seat, state.dragon)
    pos = _pos(state, action)
    start, steps, limit = state.pending.data
    best = dragon_harm(state, seat, pos)
    if steps + 1 < limit:
        for nb in board.dragon_neighbors(state, pos):
            if nb != start:
                best = max(best, dragon_harm(state, seat, nb))
    return best


def _score_dragon_tile(state: RiseState, seat: int, action: int) -> float:
    return dragon_harm(state, seat, _pos(state, action))


def _score_gnome_tile(state: RiseState, seat: int, action: int) -> float:
    """Gnome actions go where ``seat`` is absent and rivals are strong."""
    pos = _pos(state, action)
    rivals = sum(state.strength(pos, p) for p in range(state.n) if p != seat)
    return rivals - 3.0 * state.strength(pos, seat)


def _score_victim(state: RiseState, seat: int, action: int) -> float:
    offset = LAYOUTS[state.n].args[action]
    return -100.0 if offset == 0 else float(state.vp[(seat + offset) % state.n])


def _score_bribe(state: RiseState, seat: int, action: int) -> float:
    if action == LAYOUTS[state.n].pass_action:
        return 0.0
    pos = state.rampage_tile
    stake = BREWERY_STAKE * min(state.brews_at(pos, seat), 1)
    stake += min(state.cubes_at(pos, seat), DRAGON_FILL[state.turn - 1])
    return stake - targets.bribe_cost(state, seat) + 0.5


def _score_pay(state: RiseState, seat: int, action: int) -> float:
    decoded = LAYOUTS[state.n].table[action]
    if decoded.family == Family.PASS:
        return -5.0
    return -float(decoded.arg)  # keep gold: pay in beer first


def _score_more(state: RiseState, seat: int, action: int) -> float:
    want = state.turn >= NUM_TURNS or state.gold[seat] >= ORCTOBERFEST_HOARD
    return 1.0 if (action == LAYOUTS[state.n].confirm_action) == want else 0.0


# ============================================================================ setup, draft, cards
def _score_race(state: RiseState, seat: int, action: int) -> float:
    order = SOLO_RACE_ORDER if state.n == 1 else RACE_ORDER
    return -order.index(LAYOUTS[state.n].args[action])


def pick_side(state: RiseState, seat: int, legal: list[int], rng: np.random.Generator) -> int:
    """A free colour drawn with ``rng``, then its stronger side (O45); alone, the best side.

    Always taking the strongest free side would give the first player in turn order the same
    side in every game (race and place one tag); the colours themselves are equal.
    """
    if state.n == 1:
        return max(legal, key=lambda a: _score_race(state, seat, a))
    args = LAYOUTS[state.n].args
    colours = sorted({RACES[args[a]].colour for a in legal})
    colour = colours[int(rng.integers(len(colours)))]
    sides = [a for a in legal if RACES[args[a]].colour == colour]
    return max(sides, key=lambda a: _score_race(state, seat, a))


def _score_upgrade(state: RiseState, seat: int, action: int) -> float:
    return -UPGRADE_ORDER.index(Upgrade(LAYOUTS[state.n].args[action]))


ALLY_EFFECT_VALUE = {AllyEffect.UPGRADE_TOKEN: 3, AllyEffect.CUBES: 2, AllyEffect.BUILD: 4, AllyEffect.SCOUT: 2,
                     AllyEffect.GAIN_GOLD: 2, AllyEffect.GAIN_BEER: 2, AllyEffect.BOAT: 1, AllyEffect.REVEAL: 0.5,
                     AllyEffect.BEER_FOR_VP: 1, AllyEffect.DRAGON_NUDGE: 1}


def ally_value(state: RiseState, ally_id: int) -> float:
    """Static worth of an allies card: points, resources, production (more early)."""
    ally = ALLIES[ally_id]
    left = turns_left(state)
    worth = ally.vp + ally.gold / 2 + ally.beer / 3 + ally.production * left * 0.6
    worth += ALLY_EFFECT_VALUE.get(ally.effect, 0) * (left / 2 if ally.has_space else 1)
    if ally.ability is not None:
        worth += 1.0
    return worth


def _score_ally(state: RiseState, seat: int, action: int) -> float:
    return ally_value(state, state.ally_row[LAYOUTS[state.n].args[action]])


def _score_judge_discard(state: RiseState, seat: int, action: int) -> float:
    judge = state.judge_hand[seat][LAYOUTS[state.n].args[action]]
    return -JUDGES[judge].points(judge_count(state, seat, judge) + 2)


def _score_hand(state: RiseState, seat: int, action: int) -> float:
    card = GNOME_CARDS[state.hands[seat][LAYOUTS[state.n].args[action]]]
    mine = sum(1 for pos in state.tiles_of(seat) if state.tile_type[pos] in
               (card.dragon_type, *card.steps[0].tiles))
    return -float(mine)


# ============================================================================ the policy
SCORERS: dict[int, Score] = {
    DecisionKind.RACE_PICK: _score_race,  # the strongest free side (act draws a colour first)
    DecisionKind.UPGRADE_SLOT: _score_upgrade,
    DecisionKind.JUDGE_DISCARD: _score_judge_discard,
    DecisionKind.ALLY_PICK: _score_ally,
    DecisionKind.PLACE_BREWER: score_place,
    DecisionKind.BUILD_TILE: _score_build,
    DecisionKind.BREWERY_SOURCE: lambda s, seat, a: float(targets.margin(s, seat, _pos(s, a))),
    DecisionKind.TRIBUTE_STEP: _score_tribute,
    DecisionKind.THUGS_TILE: _score_thugs,
    DecisionKind.BARD_TILE: _adder(1),
    DecisionKind.BOAT_TILE: lambda s, seat, a: 0.0,
    DecisionKind.ORCTOBERFEST_MORE: _score_more,
    DecisionKind.CUBES_TILE: _score_cubes,
    DecisionKind.REVEAL_TILE: lambda s, seat, a: 0.0,
    DecisionKind.PAY_ACTION: _score_pay,
    DecisionKind.DELIVERY_TILE: _score_cubes,
    DecisionKind.COMPETITION_TILE: _score_competition,
    DecisionKind.COMPETITION_REMOVE: _score_remove,
    DecisionKind.COMPETITION_ADD: _score_competition_add,
    DecisionKind.FESTIVAL_TILE: _score_cubes,
    DecisionKind.CARAVAN_SOURCE: _score_source,
    DecisionKind.CARAVAN_DEST: _score_caravan_dest,
    DecisionKind.MOVE_SOURCE: _score_move_source,
    DecisionKind.NO_CUBES_TILE: _adder(4),
    DecisionKind.BRIBE: _score_bribe,
    DecisionKind.GNOME_CARD_PLAY: _score_hand,
    DecisionKind.DRAGON_TILE: _score_dragon_tile,
    DecisionKind.GNOME_TILE: _score_gnome_tile,
    DecisionKind.GNOME_CARAVAN_TILE: _score_gnome_tile,
    DecisionKind.GNOME_VICTIM: _score_victim,
}


class RiseOfTheGnomesScripted:
    """Priority-list player for rise_of_the_gnomes_v1 (see the module docstring)."""

    name = "scripted"
    needs_state = True

    def act(self, state: RiseState, seat: int, rng: np.random.Generator) -> int:
        """The highest-scoring legal action (ties broken by the lowest index); the board side
        as ``pick_side`` draws it."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if state.pending.kind == DecisionKind.RACE_PICK:
            return pick_side(state, seat, legal, rng)
        return legal[int(np.argmax(_scores(state, seat, legal)))]

    def ranked(self, state: RiseState, seat: int) -> list[int]:
        """Legal actions, best first by the priority scores (ties: the lower index first)."""
        legal = state.legal_actions()
        if len(legal) == 1 or state.pending.kind == DecisionKind.RACE_PICK:  # the side is drawn, not scored
            return legal
        return best_first(legal, _scores(state, seat, legal))


def _scores(state: RiseState, seat: int, legal: list[int]) -> list[float]:
    """The priority score of each of ``legal``."""
    scorer = SCORERS[state.pending.kind]
    return [scorer(state, seat, a) for a in legal]


register_scripted("rise_of_the_gnomes_v1", RiseOfTheGnomesScripted)

__all__ = ["BRIBE", "RiseOfTheGnomesScripted", "pick_side", "value"]
