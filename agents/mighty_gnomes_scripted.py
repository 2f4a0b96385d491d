"""Scripted Mighty Gnomes opponent: a readable priority list per decision.

Priorities, in plain words:

* tile and use: value every legal placement of every usable tile (gathered icons, or the
  books reached on a ladder, minus fees) and take the best; turning a tile in for coins is the
  fallback; a big tile is worth keeping for the bedroom, so each use is charged a little for
  the bedroom points it gives up;
* books: invitations first, then upgrades, Venturesome Spirit, money, keys, resources;
* mighty gnomes: Druid > Farmer > Keyholder > Knight > Robber > Bandito > Magic > Alchemist;
* upgrades: the dining table when it is full, otherwise the warehouse;
* chests: the most VP first; rewards: invitations and upgrades, then VP, coins and steps;
* free actions: open every chest it can, trade with the Magic gnome, otherwise end the turn;
  over capacity it discards what it holds most of.

It reads only public information and its own chests (the state it is given is a
determinization).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from agents import register_scripted
from gnome_envs.mighty_gnomes.actions import LAYOUTS, Family, Mode
from gnome_envs.mighty_gnomes.components import (
    BOOKS,
    CHESTS,
    ROUND_REWARDS,
    BookAction,
    GnomeType,
    Icon,
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

ICON_VALUE = {Icon.COMPASS: 1.3, Icon.WOOD: 1.0, Icon.SAND: 1.0, Icon.MUSHROOM: 1.1,
              Icon.CHAMOMILE: 1.1, Icon.CRYSTAL: 2.5, Icon.CHEST: 2.2}
BOOK_VALUE = {BookAction.INVITE: 7.0, BookAction.INVITE_FREE: 8.0, BookAction.INVITE_PAY: 6.0,
              BookAction.UPGRADE: 3.5, BookAction.VENTURE: 2.5, BookAction.MONEY: 2.0,
              BookAction.SILVER_MONEY: 1.2, BookAction.SECRET: 1.5, BookAction.KEY_KRAFTER: 1.8,
              BookAction.GREEN_THUMB: 1.0, BookAction.HARD_WORKING: 1.0, BookAction.REFRESH_SPIRIT: 2.0}
GNOME_RANK = {GnomeType.DRUID: 8, GnomeType.FARMER: 7, GnomeType.KEYHOLDER: 6, GnomeType.KNIGHT: 5,
              GnomeType.ROBBER: 4, GnomeType.BANDITO: 3, GnomeType.MAGIC: 2, GnomeType.ALCHEMIST: 1}
REWARD_RANK = {Reward.INVITE: 9, Reward.UPGRADE: 8, Reward.DOUBLE_BEDROOM: 7, Reward.VP_2: 6,
               Reward.COINS_3: 5, Reward.ADVENTURE_2: 4, Reward.COINS_2: 4, Reward.FIRST_PLAYER: 3,
               Reward.ADVENTURE_1: 2, Reward.CRYSTAL: 2, Reward.KEY: 1, Reward.FREE_USE: 0}
COIN_VALUE = 0.8  # value of a coin gained by turning a tile in
BEDROOM_WEIGHT = 0.5  # value lost per bedroom point a used tile gives up
FEE_VALUE = 1.0
CLOSE_VALUE = 1.0
Score = Callable[[MightyGnomesState, int, int], float]


def _layout(state: MightyGnomesState):
    return LAYOUTS[state.game.num_players]


def forest_value(state: MightyGnomesState, seat: int, tile: int, action: int) -> float:
    """Value of laying ``tile`` on the forest with ``action``: icons minus the neighbour fee."""
    lay = _layout(state)
    pl = FOREST_BY_SLOT[state.game.num_players][tile_shape(tile)][action - lay.base[Family.FOREST]]
    icons = state.forest_layout()[0]
    value = sum(ICON_VALUE[Icon(icons[c])] for c in pl.cells)
    if tile != DRUID_INDEX:
        value -= FEE_VALUE * touched_tiles(state, seat, pl.border)
    return value


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
            value += BOOK_VALUE[book.action]
    if tile != DRUID_INDEX:
        value -= FEE_VALUE * len(payees(state, seat, ladder, fit, seat))
    return value


def _best_placement(state: MightyGnomesState, seat: int, tile: int, mode: Mode) -> float:
    from gnome_envs.mighty_gnomes.placement import attic_options, forest_options

    if mode == Mode.GATHER:
        return max(forest_value(state, seat, tile, a) for a in forest_options(state, seat, tile))
    return max(attic_value(state, seat, tile, a) for a in attic_options(state, seat, tile))


def _score_start(state: MightyGnomesState, seat: int, action: int) -> float:
    d = _layout(state).decode(action)
    if d.family == Family.PASS:
        return -1.0
    if d.family == Family.OPEN_CHEST:
        return 100.0
    if d.family == Family.MAGIC:
        return 90.0
    if d.family != Family.TILE_MODE:
        return -5.0  # other free actions
    tile, mode = d.arg, Mode(d.arg2)
    size = tile_size(tile)
    keep = 0.0 if tile == DRUID_INDEX else BEDROOM_WEIGHT * (size - 1)
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
        return BOOK_VALUE[BOOKS[book_of_ref(state, d.arg)].action]
    if d.family == Family.OPEN_CHEST:
        return 100.0
    return 0.0 if d.family == Family.PASS else -5.0


def _score_end(state: MightyGnomesState, seat: int, action: int) -> float:
    d = _layout(state).decode(action)
    if d.family == Family.OPEN_CHEST:
        return 100.0
    if d.family == Family.MAGIC:
        return 90.0
    return 0.0 if d.family == Family.PASS else -5.0


def _score_gnome(state: MightyGnomesState, seat: int, action: int) -> float:
    return GNOME_RANK[GnomeType(state.gnome_types[_layout(state).decode(action).arg])]


def _score_track(state: MightyGnomesState, seat: int, action: int) -> float:
    track = Track(_layout(state).decode(action).arg)
    full = len(state.gnomes[seat]) >= state.gnome_capacity(seat)
    return 1.0 if (track == Track.DINING) == full else 0.0


def _chest_value(kind: int) -> float:
    chest = CHESTS[kind]
    return chest.vp + 0.5 * chest.gain.coins + sum(chest.gain.res) + 1.5 * chest.draw


def _score_chest(state: MightyGnomesState, seat: int, action: int) -> float:
    i = _layout(state).decode(action).arg
    kinds = state.drawn if state.pending.kind == DecisionKind.KEEP_CHEST else state.chest_display
    return _chest_value(kinds[i])


def _score_discard(state: MightyGnomesState, seat: int, action: int) -> float:
    return state.res[seat][_layout(state).decode(action).arg]


def _score_reward(state: MightyGnomesState, seat: int, action: int) -> float:
    return REWARD_RANK[Reward(ROUND_REWARDS[state.round][_layout(state).decode(action).arg])]


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
    """Priority-list opponent for mighty_gnomes_v0 (see the module docstring)."""

    name = "scripted"
    needs_state = True

    def act(self, state: MightyGnomesState, seat: int, rng: np.random.Generator) -> int:
        """The highest-priority legal action (ties broken by the lowest index)."""
        legal = state.legal_actions()
        scorer = SCORERS[state.pending.kind]
        scores = [scorer(state, seat, a) for a in legal]
        return legal[int(np.argmax(scores))]


register_scripted("mighty_gnomes_v0", MightyGnomesScripted)

__all__ = ["MightyGnomesScripted", "attic_value", "fit_row", "forest_value"]
