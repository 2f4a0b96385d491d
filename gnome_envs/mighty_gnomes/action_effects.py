"""What each placement action of the pending decision would do (the ``action_effects`` option).

With ``mighty_gnomes_v1.env(action_effects=True)`` the observation ends with one row of
``EFFECT_WIDTH`` entries for each of the first ``EFFECT_ACTIONS[n]`` actions (pass, tile and use,
forest and attic placements: 208 / 256 / 304 rows at 2 / 3 / 4 players), so a policy can score
an action by what it reaches instead of working out polyomino geometry from the board. The
rows are zero except in the observer's own tile decisions: the turn's choice of a tile and its
use, and the placement of a tile in the forest or on an attic ladder. Everything in them
follows from public facts and the observer's own coins and resources (the same facts the
scripted agent's ``attic_value`` and ``forest_value`` read).

Row of one action (``k`` = NUM_BOOK_ACTIONS = 16, ``c`` = NUM_ICONS = 7)::

    column            size  attic placement       forest placement       tile and its use
    attic             1     1                     .                      .
    books             k     usable books reached  .                      the best attic placement's
    closes            1     closes the ladder     .                      (its whole effect)
    pays              1     players paid          .                      (of that placement)
    forest            1     .                     1                      .
    icons             c     .                     cells of each icon     the best forest placement's
    touches           1     .                     others' tiles touched  (of that placement)
    tile              1     .                     .                      1
    size              1     .                     .                      gnomes on the tile
    use               3     .                     .                      one-hot gather / attic / coins
    best_books        1     .                     .                      most usable books reached
    fewest_pays       1     .                     .                      fewest players paid
    best_icons        1     .                     .                      most icons covered
    fewest_touches    1     .                     .                      fewest tiles touched

"Best" ranks by usable books reached (or icons covered), then fewer players paid (or tiles
touched); the last four columns take each extreme over the tile's legal placements on its own.
Flags and the use are 0 or 1; counts are divided by a ceiling above their largest value, so
they stay below 1.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gnome_envs.mighty_gnomes.actions import LAYOUTS, Family, Mode
from gnome_envs.mighty_gnomes.components import BOOKS, DISPLAY_SLOTS, NUM_BOOK_ACTIONS, NUM_ICONS
from gnome_envs.mighty_gnomes.decisions import book_of_ref
from gnome_envs.mighty_gnomes.effects import book_usable
from gnome_envs.mighty_gnomes.geometry import ATTIC_FIT_BY_SLOT, ATTIC_FITS, ATTIC_SLOTS, FOREST_BY_SLOT, FOREST_PLACEMENTS
from gnome_envs.mighty_gnomes.pending import DecisionKind
from gnome_envs.mighty_gnomes.placement import attic_options, forest_options, payees, placement_rows, touched_tiles
from gnome_envs.mighty_gnomes.state import DRUID_INDEX, MightyGnomesState, tile_shape, tile_size

# row layout (see the table above)
ATTIC_FLAG = 0
BOOKS_AT = ATTIC_FLAG + 1
CLOSES = BOOKS_AT + NUM_BOOK_ACTIONS
PAYS = CLOSES + 1
FOREST_FLAG = PAYS + 1
ICONS_AT = FOREST_FLAG + 1
TOUCHES = ICONS_AT + NUM_ICONS
TILE_FLAG = TOUCHES + 1
SIZE = TILE_FLAG + 1
USE_AT = SIZE + 1
BEST_BOOKS = USE_AT + len(Mode)
FEWEST_PAYS = BEST_BOOKS + 1
BEST_ICONS = FEWEST_PAYS + 1
FEWEST_TOUCHES = BEST_ICONS + 1
EFFECT_WIDTH = FEWEST_TOUCHES + 1

EFFECT_ACTIONS = {n: layout.base[Family.BOOK] for n, layout in LAYOUTS.items()}  # actions with a row
# ceilings above each count's largest value
MAX_TILE_HEIGHT = max(fit.height for fits in ATTIC_FITS for fit in fits)
REACH_SCALE = MAX_TILE_HEIGHT + DISPLAY_SLOTS + 1.0  # books: every covered rung plus the display
PAY_SCALE = float(max(LAYOUTS))  # above every other player
CELL_SCALE = max(len(fit.cells) for fits in ATTIC_FITS for fit in fits) + 1.0  # gnomes on a tile
TOUCH_SCALE = max(bin(p.border).count("1") for tables in FOREST_PLACEMENTS.values()
                  for table in tables for p in table) + 1.0  # a touched tile holds a bordering cell
PLACING_KINDS = frozenset({DecisionKind.ATTIC_PLACE, DecisionKind.FOREST_PLACE, DecisionKind.TURN_START})

AtticEffect = tuple[list[int], bool, int]  # usable books reached per action, closes, players paid
ForestEffect = tuple[list[int], int]  # cells covered per icon, other players' tiles touched


def attic_effect(state: MightyGnomesState, seat: int, tile: int, action: int) -> AtticEffect:
    """What laying ``tile`` by attic placement ``action`` reaches and costs ``seat``."""
    side, slot = divmod(action - LAYOUTS[state.game.num_players].base[Family.ATTIC], ATTIC_SLOTS)
    fit = ATTIC_FIT_BY_SLOT[tile_shape(tile)][slot]
    ladder, _column, refs, closes = placement_rows(state, side, fit)
    books = [0] * NUM_BOOK_ACTIONS
    for ref in refs:
        book = BOOKS[book_of_ref(state, ref)]
        if book_usable(state, seat, book.action):
            books[book.action] += 1
    paid = 0 if tile == DRUID_INDEX else len(payees(state, seat, ladder, fit, seat))
    return books, closes, paid


def forest_effect(state: MightyGnomesState, seat: int, tile: int, action: int) -> ForestEffect:
    """What laying ``tile`` by forest placement ``action`` covers and touches."""
    n = state.game.num_players
    placement = FOREST_BY_SLOT[n][tile_shape(tile)][action - LAYOUTS[n].base[Family.FOREST]]
    icons = state.forest_layout()[0]
    covered = [0] * NUM_ICONS
    for cell in placement.cells:
        covered[icons[cell]] += 1
    touched = 0 if tile == DRUID_INDEX else touched_tiles(state, seat, placement.border)
    return covered, touched


def _write_attic(row: np.ndarray, effect: AtticEffect) -> None:
    books, closes, paid = effect
    row[BOOKS_AT:BOOKS_AT + NUM_BOOK_ACTIONS] = np.asarray(books, dtype=np.float32) / REACH_SCALE
    row[CLOSES], row[PAYS] = float(closes), paid / PAY_SCALE


def _write_forest(row: np.ndarray, effect: ForestEffect) -> None:
    covered, touched = effect
    row[ICONS_AT:ICONS_AT + NUM_ICONS] = np.asarray(covered, dtype=np.float32) / CELL_SCALE
    row[TOUCHES] = touched / TOUCH_SCALE


def _attic_row(state: MightyGnomesState, seat: int, tile: int, action: int, row: np.ndarray) -> None:
    row[ATTIC_FLAG] = 1.0
    _write_attic(row, attic_effect(state, seat, tile, action))


def _forest_row(state: MightyGnomesState, seat: int, tile: int, action: int, row: np.ndarray) -> None:
    row[FOREST_FLAG] = 1.0
    _write_forest(row, forest_effect(state, seat, tile, action))


def _tile_use_row(state: MightyGnomesState, seat: int, action: int, row: np.ndarray) -> None:
    """A tile and its use: the best of that tile's placements for the use, and the extremes."""
    decoded = LAYOUTS[state.game.num_players].decode(action)
    if decoded.family != Family.TILE_MODE:
        return
    tile, mode = decoded.arg, Mode(decoded.arg2)
    row[TILE_FLAG], row[SIZE], row[USE_AT + mode] = 1.0, tile_size(tile) / CELL_SCALE, 1.0
    if mode == Mode.ATTIC:
        attic = [attic_effect(state, seat, tile, a) for a in attic_options(state, seat, tile)]
        if attic:
            _write_attic(row, max(attic, key=lambda e: (sum(e[0]), -e[2])))
            row[BEST_BOOKS] = max(sum(books) for books, _closes, _paid in attic) / REACH_SCALE
            row[FEWEST_PAYS] = min(paid for _books, _closes, paid in attic) / PAY_SCALE
    elif mode == Mode.GATHER:
        forest = [forest_effect(state, seat, tile, a) for a in forest_options(state, seat, tile)]
        if forest:
            _write_forest(row, max(forest, key=lambda e: (sum(e[0]), -e[1])))
            row[BEST_ICONS] = max(sum(covered) for covered, _touched in forest) / CELL_SCALE
            row[FEWEST_TOUCHES] = min(touched for _covered, touched in forest) / TOUCH_SCALE


def _placing_row(state: MightyGnomesState, seat: int, kind: DecisionKind, data: Any, action: int,
                 row: np.ndarray) -> None:
    if kind == DecisionKind.ATTIC_PLACE:
        _attic_row(state, seat, data[0], action, row)
    elif kind == DecisionKind.FOREST_PLACE:
        _forest_row(state, seat, data[0], action, row)
    else:
        _tile_use_row(state, seat, action, row)


def effect_rows(state: MightyGnomesState, seat: int) -> np.ndarray:
    """The (EFFECT_ACTIONS[n], EFFECT_WIDTH) rows of ``seat``'s view (zeros unless it places a tile now)."""
    n = state.game.num_players
    rows = np.zeros((EFFECT_ACTIONS[n], EFFECT_WIDTH), dtype=np.float32)
    decision = state.pending
    if decision is None or decision.player != seat or decision.kind not in PLACING_KINDS:
        return rows
    for action in decision.legal:
        if action < EFFECT_ACTIONS[n]:
            _placing_row(state, seat, DecisionKind(decision.kind), decision.data, action, rows[action])
    return rows


__all__ = ["EFFECT_ACTIONS", "EFFECT_WIDTH", "attic_effect", "effect_rows", "forest_effect"]
