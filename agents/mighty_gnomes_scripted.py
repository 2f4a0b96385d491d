"""Scripted Mighty Gnomes opponent: a readable priority list per decision, valued in VP.

Every choice is valued in victory points as the rules score them (``seeds/mighty_gnomes.md``):

* trail steps: the VP icons they reach, an open treasure not yet claimed, and a little for
  being ahead (the furthest claims its round reward first; the Knight's end bonus);
* resources, coins and keys: what they score at the end (four items a VP, a crystal a VP, 2 VP
  more per crystal for each Alchemist, 2 VP per key for each Keyholder) plus what they buy;
  resources beyond the warehouse's room are worth nothing (they are discarded at once);
* a face-down chest: the average chest, if a key can open it;
* mighty gnomes: their immediate ability plus their end criterion as it would score;
* round rewards: the same values (an upgrade, steps from the hut, coins, a key ...).

Tile and use: every legal placement of every usable tile is valued (gathered icons, or the
usable books reached on a ladder, minus fees) and the best is taken; turning a tile in for
coins is the fallback; a big tile is worth keeping for the bedroom (and the Magic gnome), so
each use is charged the bedroom points it gives up. Free actions: open every chest it can and
trade with the Magic gnome; over capacity it discards what it holds most of.

It reads only public information and its own chests (the state it is given is a
determinization).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from agents import register_scripted
from agents.base import best_first
from gnome_envs.mighty_gnomes.actions import LAYOUTS, Family, Mode
from gnome_envs.mighty_gnomes.components import (
    ALCHEMIST_CRYSTAL_VP,
    BOOKS,
    CHESTS,
    GNOME_COST,
    KEYHOLDER_KEY_VP,
    KEYS_PER_COLOUR,
    KNIGHT_FURTHEST_VP,
    KNIGHT_OTHER_VP,
    KNIGHT_STEPS,
    REWARD_COINS,
    REWARD_STEPS,
    REWARD_VP,
    ROBBER_COINS,
    ROUND_REWARDS,
    ROUNDS,
    TILE_SIZES,
    TRAIL_LAST,
    TRAIL_TREASURES,
    TRAIL_VP,
    VENTURE_STEPS,
    BookAction,
    GnomeType,
    Icon,
    Res,
    Reward,
    Track,
)
from gnome_envs.mighty_gnomes.decisions import book_of_ref
from gnome_envs.mighty_gnomes.geometry import (
    ATTIC_FIT_BY_SLOT,
    ATTIC_SLOTS,
    FOREST_BY_SLOT,
)
from gnome_envs.mighty_gnomes.pending import DecisionKind
from gnome_envs.mighty_gnomes.placement import (
    fit_row,
    payees,
    placement_rows,
    touched_tiles,
)
from gnome_envs.mighty_gnomes.state import (
    DRUID_INDEX,
    MightyGnomesState,
    tile_shape,
    tile_size,
)

# ---------------------------------------------------------------------------- values in VP
COIN_VALUE = 0.5  # a quarter VP as an item, plus what it buys
BASIC_VALUE = 0.45  # an item, and the fuel of gnomes and upgrades
CRYSTAL_VALUE = 1.3  # 1 VP at the end, or a free invitation
TREASURE_VALUE = 3.0  # an open chest of the trail, used at once
CLOSED_CHEST_VALUE = 2.5  # a face-down chest, if a key opens it
STEP_AHEAD_VALUE = 0.5  # claim the round reward earlier; the Knight's bonus
UPGRADE_VALUE = 1.5  # VP of the space, more capacity
FIRST_PLAYER_VALUE = 0.8
FREE_USE_VALUE = 0.2
DRUID_TURN_VALUE = 2.0  # a Druid tile: one more turn in every round to come
FEE_VALUE = 0.8  # a coin paid to another player or the bank, and the tempo
CLOSE_VALUE = 1.0  # R5.4
BEDROOM_WEIGHT = 0.5  # value lost per bedroom point a used tile gives up
BOOK_VALUE = {BookAction.INVITE: 4.0, BookAction.INVITE_FREE: 5.0, BookAction.INVITE_PAY: 3.5,
              BookAction.UPGRADE: 2.0, BookAction.MONEY: 0.7, BookAction.SILVER_MONEY: 0.4,
              BookAction.SECRET: 0.8, BookAction.KEY_KRAFTER: 1.2,
              BookAction.GREEN_THUMB: 0.5, BookAction.HARD_WORKING: 0.5, BookAction.REFRESH_SPIRIT: 1.5}
ICON_RESOURCE = {Icon.WOOD: Res.WOOD, Icon.SAND: Res.SAND, Icon.MUSHROOM: Res.MUSHROOM,
                 Icon.CHAMOMILE: Res.CHAMOMILE, Icon.CRYSTAL: Res.CRYSTAL}
OPEN_CHEST_PRIORITY = 100.0
MAGIC_PRIORITY = 90.0
OTHER_FREE_PRIORITY = -5.0
Score = Callable[[MightyGnomesState, int, int], float]


def _layout(state: MightyGnomesState):
    return LAYOUTS[state.game.num_players]


def rounds_left(state: MightyGnomesState) -> int:
    """Rounds still to come after this one."""
    return ROUNDS - state.round


def step_value(state: MightyGnomesState, seat: int, steps: int, start: int | None = None) -> float:
    """VP icons and unclaimed open treasures ``steps`` steps reach from ``start`` (the token's
    space unless given), plus a little per step ahead."""
    space = state.trail[seat] if start is None else start
    value = 0.0
    for s in range(space + 1, min(TRAIL_LAST, space + steps) + 1):
        value += TRAIL_VP.get(s, 0) + STEP_AHEAD_VALUE
        if s in TRAIL_TREASURES and not state.treasure_claimed[TRAIL_TREASURES.index(s)]:
            value += TREASURE_VALUE
    return value


def crystal_value(state: MightyGnomesState, seat: int) -> float:
    """A crystal: 1 VP, 2 more per Alchemist seated."""
    return CRYSTAL_VALUE + ALCHEMIST_CRYSTAL_VP * state.gnomes[seat].count(GnomeType.ALCHEMIST)


def key_value(state: MightyGnomesState, seat: int) -> float:
    """A key: 2 VP per Keyholder, or the chest it opens; nothing at three keys."""
    if state.keys[seat] >= KEYS_PER_COLOUR:
        return 0.0
    waiting = len(state.closed[seat]) > state.keys[seat]
    return max(KEYHOLDER_KEY_VP * state.gnomes[seat].count(GnomeType.KEYHOLDER),
               CLOSED_CHEST_VALUE if waiting else COIN_VALUE)


def chest_value(state: MightyGnomesState, seat: int) -> float:
    """A chest face down in the vault: worth more with a key to open it."""
    return CLOSED_CHEST_VALUE if state.keys[seat] > len(state.closed[seat]) else 0.6 * CLOSED_CHEST_VALUE


def resources_value(state: MightyGnomesState, seat: int, gained: list[int]) -> float:
    """Resources gained (list of Res), the best kept within the warehouse's room."""
    room = state.capacity(seat) - state.stored(seat)
    values = sorted((crystal_value(state, seat) if r == Res.CRYSTAL else BASIC_VALUE for r in gained),
                    reverse=True)
    return sum(values[:max(0, room)])


def gnome_value(state: MightyGnomesState, seat: int, kind: GnomeType) -> float:
    """A mighty gnome: its immediate ability plus its end criterion, as it would score now."""
    later = rounds_left(state)
    if kind == GnomeType.MAGIC:
        return TILE_SIZES[-1] - 1 + 0.6 * later
    if kind == GnomeType.ALCHEMIST:
        return ALCHEMIST_CRYSTAL_VP * (state.res[seat][Res.CRYSTAL] + 0.5 * later) + 0.5 * later
    if kind == GnomeType.ROBBER:
        return ROBBER_COINS * COIN_VALUE + (state.coins[seat] + ROBBER_COINS) // 3
    if kind == GnomeType.KNIGHT:
        return step_value(state, seat, KNIGHT_STEPS) + (KNIGHT_FURTHEST_VP + KNIGHT_OTHER_VP) / 2
    if kind == GnomeType.DRUID:
        return 2.0 + DRUID_TURN_VALUE * later
    if kind == GnomeType.KEYHOLDER:
        return KEYHOLDER_KEY_VP * min(KEYS_PER_COLOUR, state.keys[seat] + 2) * 0.8
    if kind == GnomeType.BANDITO:
        return chest_value(state, seat) + len(state.opened[seat]) + 0.5 * later
    return UPGRADE_VALUE + state.upgrades[seat] + 1 + 0.3 * later  # FARMER


def _cost_value(kind: GnomeType) -> float:
    cost = GNOME_COST[kind]
    return COIN_VALUE * cost.coins + BASIC_VALUE * sum(cost.res)


# ---------------------------------------------------------------------------- placements
def forest_value(state: MightyGnomesState, seat: int, tile: int, action: int) -> float:
    """Value of laying ``tile`` on the forest with ``action``: icons minus the neighbour fee."""
    lay = _layout(state)
    pl = FOREST_BY_SLOT[state.game.num_players][tile_shape(tile)][action - lay.base[Family.FOREST]]
    icons = state.forest_layout()[0]
    gained, steps, chests = [], 0, 0
    for c in pl.cells:
        icon = Icon(icons[c])
        if icon == Icon.COMPASS:
            steps += 1
        elif icon == Icon.CHEST:
            chests += 1
        else:
            gained.append(ICON_RESOURCE[icon])
    value = resources_value(state, seat, gained) + chests * chest_value(state, seat)
    if steps:
        value += step_value(state, seat, steps)
    if tile != DRUID_INDEX:
        value -= FEE_VALUE * touched_tiles(state, seat, pl.border)
    return value


def book_value(state: MightyGnomesState, seat: int, action: BookAction) -> float:
    """A usable book's value (Venturesome Spirit by the steps it takes)."""
    if action == BookAction.VENTURE:
        return step_value(state, seat, VENTURE_STEPS)
    if action in (BookAction.SECRET, BookAction.KEY_KRAFTER):
        return key_value(state, seat) * (1 if action == BookAction.SECRET else 2)
    return BOOK_VALUE[action]


def attic_value(state: MightyGnomesState, seat: int, tile: int, action: int) -> float:
    """Value of laying ``tile`` on a ladder with ``action``: usable books minus fees."""
    from gnome_envs.mighty_gnomes.effects import book_usable

    lay = _layout(state)
    side, slot = divmod(action - lay.base[Family.ATTIC], ATTIC_SLOTS)
    fit = ATTIC_FIT_BY_SLOT[tile_shape(tile)][slot]
    ladder, _, refs, closes = placement_rows(state, side, fit)
    value = CLOSE_VALUE if closes else 0.0
    for ref in refs:
        book = BOOKS[book_of_ref(state, ref)]
        if book_usable(state, seat, book.action):
            value += book_value(state, seat, book.action)
    if tile != DRUID_INDEX:
        value -= FEE_VALUE * len(payees(state, seat, ladder, fit, seat))
    return value


def _best_placement(state: MightyGnomesState, seat: int, tile: int, mode: Mode) -> float:
    from gnome_envs.mighty_gnomes.placement import attic_options, forest_options

    if mode == Mode.GATHER:
        return max(forest_value(state, seat, tile, a) for a in forest_options(state, seat, tile))
    return max(attic_value(state, seat, tile, a) for a in attic_options(state, seat, tile))


def bedroom_value(state: MightyGnomesState, seat: int, tile: int) -> float:
    """What keeping ``tile`` for the bedroom is worth: its squares minus one VP (in the last
    round also each Magic gnome's end VP, one per square); earlier rounds count half, as the
    bedroom tile must open the next round."""
    size = TILE_SIZES[tile]
    if rounds_left(state):
        return BEDROOM_WEIGHT * (size - 1)
    return size - 1 + size * state.gnomes[seat].count(GnomeType.MAGIC)


# ---------------------------------------------------------------------------- decisions
def _score_free(family: Family) -> float:
    if family == Family.OPEN_CHEST:
        return OPEN_CHEST_PRIORITY
    if family == Family.MAGIC:
        return MAGIC_PRIORITY
    return OTHER_FREE_PRIORITY


def _score_start(state: MightyGnomesState, seat: int, action: int) -> float:
    d = _layout(state).decode(action)
    if d.family == Family.PASS:
        return -1.0
    if d.family != Family.TILE_MODE:
        return _score_free(d.family)
    tile, mode = d.arg, Mode(d.arg2)
    size = tile_size(tile)
    keep = 0.0 if tile == DRUID_INDEX else bedroom_value(state, seat, tile)
    if mode == Mode.COINS:
        return COIN_VALUE * (size - 1) - keep
    return _best_placement(state, seat, tile, mode) - keep


def _score_forest(state: MightyGnomesState, seat: int, action: int) -> float:
    return forest_value(state, seat, state.pending.data[0], action)


def _score_attic(state: MightyGnomesState, seat: int, action: int) -> float:
    return attic_value(state, seat, state.pending.data[0], action)


def _score_books(state: MightyGnomesState, seat: int, action: int) -> float:
    d = _layout(state).decode(action)
    if d.family == Family.BOOK:
        return book_value(state, seat, BOOKS[book_of_ref(state, d.arg)].action)
    if d.family == Family.OPEN_CHEST:
        return OPEN_CHEST_PRIORITY
    return 0.0 if d.family == Family.PASS else OTHER_FREE_PRIORITY


def _score_end(state: MightyGnomesState, seat: int, action: int) -> float:
    d = _layout(state).decode(action)
    return 0.0 if d.family == Family.PASS else _score_free(d.family)


def _score_gnome(state: MightyGnomesState, seat: int, action: int) -> float:
    kind = GnomeType(state.gnome_types[_layout(state).decode(action).arg])
    pays = state.pending.kind == DecisionKind.INVITE and not state.pending.data[0]
    return gnome_value(state, seat, kind) - (_cost_value(kind) if pays else 0.0)


def _score_track(state: MightyGnomesState, seat: int, action: int) -> float:
    track = Track(_layout(state).decode(action).arg)
    full = len(state.gnomes[seat]) >= state.gnome_capacity(seat)
    return 1.0 if (track == Track.DINING) == full else 0.0


def _chest_value(kind: int) -> float:
    chest = CHESTS[kind]
    return chest.vp + COIN_VALUE * chest.gain.coins + BASIC_VALUE * sum(chest.gain.res) + 1.5 * chest.draw


def _score_chest(state: MightyGnomesState, seat: int, action: int) -> float:
    i = _layout(state).decode(action).arg
    kinds = state.drawn if state.pending.kind == DecisionKind.KEEP_CHEST else state.chest_display
    return _chest_value(kinds[i])


def _score_discard(state: MightyGnomesState, seat: int, action: int) -> float:
    r = _layout(state).decode(action).arg
    return state.res[seat][r] - (10.0 if r == Res.CRYSTAL else 0.0)


def _invite_reward(state: MightyGnomesState, seat: int) -> float:
    from gnome_envs.mighty_gnomes.effects import INVITE_PAY, invite_slots

    slots = invite_slots(state, seat, INVITE_PAY)
    kinds = [GnomeType(state.gnome_types[s]) for s in slots]
    return max((gnome_value(state, seat, k) - _cost_value(k) for k in kinds), default=0.0)


def reward_value(state: MightyGnomesState, seat: int, reward: Reward) -> float:
    """A round reward box in VP (steps are taken from the hut of the next round)."""
    if reward == Reward.UPGRADE:
        return UPGRADE_VALUE
    if reward in REWARD_COINS:
        return COIN_VALUE * REWARD_COINS[reward]
    if reward in REWARD_STEPS:
        return step_value(state, seat, REWARD_STEPS[reward], start=0)
    if reward == Reward.KEY:
        return key_value(state, seat)
    if reward == Reward.DOUBLE_BEDROOM:
        return TILE_SIZES[state.bedroom[seat]] - 1
    if reward == Reward.CRYSTAL:
        return crystal_value(state, seat)
    if reward == Reward.INVITE:
        return _invite_reward(state, seat)
    if reward == Reward.VP_2:
        return REWARD_VP
    return FIRST_PLAYER_VALUE if reward == Reward.FIRST_PLAYER else FREE_USE_VALUE


def _score_reward(state: MightyGnomesState, seat: int, action: int) -> float:
    return reward_value(state, seat, Reward(ROUND_REWARDS[state.round][_layout(state).decode(action).arg]))


SCORERS: dict[int, Score] = {
    DecisionKind.TURN_START: _score_start,
    DecisionKind.DRUID_START: _score_start,
    DecisionKind.FOREST_PLACE: _score_forest,
    DecisionKind.ATTIC_PLACE: _score_attic,
    DecisionKind.BOOKS: _score_books,
    DecisionKind.TURN_END: _score_end,
    DecisionKind.INVITE: _score_gnome,
    DecisionKind.REFRESH: _score_gnome,
    DecisionKind.UPGRADE: _score_track,
    DecisionKind.KEEP_CHEST: _score_chest,
    DecisionKind.TREASURE: _score_chest,
    DecisionKind.DISCARD: _score_discard,
    DecisionKind.REWARD: _score_reward,
}


class MightyGnomesScripted:
    """Priority-list opponent for mighty_gnomes_v1 (see the module docstring)."""

    name = "scripted"
    needs_state = True

    def act(self, state: MightyGnomesState, seat: int, rng: np.random.Generator) -> int:
        """The highest-valued legal action (ties broken by the lowest index)."""
        legal, scores = _scored(state, seat)
        return legal[int(np.argmax(scores))]

    def ranked(self, state: MightyGnomesState, seat: int) -> list[int]:
        """Legal actions, best first by the priority scores (ties: the lower index first)."""
        return best_first(*_scored(state, seat))


def _scored(state: MightyGnomesState, seat: int) -> tuple[list[int], list[float]]:
    """The legal actions and the priority score of each."""
    legal = state.legal_actions()
    scorer = SCORERS[state.pending.kind]
    return legal, [scorer(state, seat, a) for a in legal]


register_scripted("mighty_gnomes_v1", MightyGnomesScripted)

__all__ = ["MightyGnomesScripted", "attic_value", "fit_row", "forest_value", "gnome_value", "step_value"]
