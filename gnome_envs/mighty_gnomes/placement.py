"""Where a gnome tile may go, what it costs, and laying it down (R4.1-R4.4, R5.1-R5.8).

Forest legality is bit arithmetic on precomputed masks (``geometry.FOREST_PLACEMENTS``); the
attic follows the no-gap rule: in every ladder column a tile covers, its lowest gnome sits
directly on the column's current height, so the tile's row is fixed by its columns.
"""

from __future__ import annotations

from itertools import product

from gnome_envs.mighty_gnomes.actions import COLUMN_BOOKS, LAYOUTS, Family
from gnome_envs.mighty_gnomes.components import (
    ATTIC_ROWS,
    BOOKS,
    DISPLAY_ADJACENT,
    DISPLAY_ROW,
    LADDER_SIDES,
    LADDER_WIDTH,
    LADDERS,
)
from gnome_envs.mighty_gnomes.geometry import (
    ATTIC_FIT_BY_SLOT,
    ATTIC_FITS,
    ATTIC_SLOTS,
    FOREST_BY_SLOT,
    FOREST_PLACEMENTS,
    MAX_ORIENTATIONS,
    AtticFit,
)
from gnome_envs.mighty_gnomes.obs_updates import note_attic_tile, note_forest_tile
from gnome_envs.mighty_gnomes.state import (
    DRUID_INDEX,
    EMPTY,
    NEUTRAL,
    MightyGnomesState,
    tile_shape,
)

CLOSE_VP = 1  # R5.4


def owner_of(p: int, tile: int) -> int:
    """Who owns tile ``tile`` of seat ``p`` on the board (the Druid tile is neutral)."""
    return NEUTRAL if tile == DRUID_INDEX else p


# ---------------------------------------------------------------------------- forest
def touched_tiles(state: MightyGnomesState, p: int, border: int) -> int:
    """Other players' tiles sharing a side with a placement whose bordering cells are ``border``."""
    return sum(1 for owner, mask in state.forest_tiles if owner != p and owner != NEUTRAL and mask & border)


def _forest_choices(n: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    base = LAYOUTS[n].base[Family.FOREST]
    return tuple(tuple((pl.mask, pl.border, base + pl.slot) for pl in table) for table in FOREST_PLACEMENTS[n])


# per player count and shape: (cell mask, bordering cells, flat action) of every forest placement
FOREST_CHOICES = {n: _forest_choices(n) for n in FOREST_PLACEMENTS}


def forest_options(state: MightyGnomesState, p: int, tile: int, first_only: bool = False) -> list[int]:
    """Legal forest placements of ``tile`` for seat ``p`` (only the first one if ``first_only``)."""
    shape = tile_shape(tile)
    blocked = state.forest_occ
    if shape:  # R4.4: only the one-gnome tile may cover a crystal
        blocked |= state.crystal_mask()
    others = 0
    if tile != DRUID_INDEX:  # R10.7: the neutral Druid tile pays nobody
        for owner, mask in state.forest_tiles:
            if owner != p and owner != NEUTRAL:
                others |= mask
    choices = FOREST_CHOICES[state.game.num_players][shape]
    if not others:  # nobody to pay: every free placement is legal
        if first_only:
            return next(([action] for mask, _, action in choices if not mask & blocked), [])
        return [action for mask, _, action in choices if not mask & blocked]
    coins = state.coins[p]
    out = []
    for mask, border, action in choices:
        if mask & blocked:
            continue
        if border & others and touched_tiles(state, p, border) > coins:
            continue  # R4.3: cannot pay one coin per touched tile
        out.append(action)
        if first_only:
            break
    return out


def forest_fitting(state: MightyGnomesState, p: int, tiles: list[int]) -> set[int]:
    """The regular tiles among ``tiles`` that seat ``p`` can lay on the forest now.

    Each gnome tile's shape contains the next smaller one (4-gnome L, 3-gnome L, domino,
    single) in every orientation. Inside a legal placement of the larger shape the smaller one
    covers free cells only and touches no tile the larger does not (so it pays no more), and the
    single may even cover crystals. So once a tile fits, every smaller one fits too: searching
    stops at the largest tile that fits.
    """
    fitting: set[int] = set()
    for tile in sorted(tiles, reverse=True):
        if fitting or forest_options(state, p, tile, first_only=True):
            fitting.add(tile)
    return fitting


def place_forest(state: MightyGnomesState, p: int, tile: int, action: int) -> int:
    """Lay ``tile`` on the forest, pay for touched tiles; returns the covered cell mask."""
    n = state.game.num_players
    slot = action - LAYOUTS[n].base[Family.FOREST]
    pl = FOREST_BY_SLOT[n][tile_shape(tile)][slot]
    owner = owner_of(p, tile)
    if owner != NEUTRAL:
        fee = touched_tiles(state, p, pl.border)
        if fee:
            state.pay_coins(p, fee)
    for cell in pl.cells:
        state.forest_owner[cell] = owner
        state.forest_tile[cell] = tile
    state.forest_tiles.append((owner, pl.mask))
    state.forest_occ |= pl.mask
    note_forest_tile(state, owner, tile, pl.cells)
    return pl.mask


# ---------------------------------------------------------------------------- attic
def ladder_in_play(state: MightyGnomesState, ladder: int) -> bool:
    """Whether ladder slot ``ladder`` is used with this player count (R5.1)."""
    return state.game.num_players in LADDERS[ladder].players


def fit_row(heights: list[int], fit: AtticFit, height: int) -> int:
    """The row a tile lands on under the no-gap rule, or -1 when it cannot go there (R5.2)."""
    row = -1
    for column, low in fit.bottoms:
        y = heights[column] - low
        if y < 0 or (row >= 0 and y != row):
            return -1
        row = y
    return row if row + fit.height <= height else -1


def payees(state: MightyGnomesState, p: int, ladder: int, fit: AtticFit, owner: int) -> set[int]:
    """Players whose tiles the new tile rests on (R5.3; neither the placer nor a Druid tile)."""
    if owner == NEUTRAL:
        return set()
    heights = state.ladder_height[ladder]
    cells = state.ladder_cells[ladder]
    below = {cells[(heights[c] - 1) * LADDER_WIDTH + c] for c, _ in fit.bottoms if heights[c] > 0}
    below.discard(p)
    below.discard(NEUTRAL)
    return below


def _landings(fits: tuple[AtticFit, ...], height: int) -> dict[tuple[int, ...], tuple[AtticFit, ...]]:
    """The fits that land (``fit_row`` >= 0) on a ladder of ``height`` rungs, by column heights."""
    out = {}
    for heights in product(range(height + 1), repeat=LADDER_WIDTH):
        out[heights] = tuple(fit for fit in fits if fit_row(list(heights), fit, height) >= 0)
    return out


# per shape and ladder: the fits that land, by the ladder's column heights (R5.2)
LANDINGS = tuple(tuple(_landings(fits, ladder.height) for ladder in LADDERS) for fits in ATTIC_FITS)
# per player count: (side, ladder) of every ladder side in play (R5.1)
SIDES_IN_PLAY = {n: tuple((side, ladder) for side, (ladder, _) in enumerate(LADDER_SIDES)
                          if n in LADDERS[ladder].players) for n in LAYOUTS}
LADDERS_IN_PLAY = {n: tuple(ladder.slot for ladder in LADDERS if n in ladder.players) for n in LAYOUTS}


def attic_fitting(state: MightyGnomesState, p: int, tiles: list[int]) -> set[int]:
    """The tiles among ``tiles`` that seat ``p`` can lay in the attic now. A seat with a coin
    for every column a tile covers can pay whoever it rests on (R5.3), so then a tile fits
    wherever it lands; otherwise its placements are searched."""
    n = state.game.num_players
    ladders = [(ladder, tuple(state.ladder_height[ladder])) for ladder in LADDERS_IN_PLAY[n]
               if not state.ladder_closed[ladder]]
    rich = state.coins[p] >= LADDER_WIDTH
    fitting = set()
    for tile in tiles:
        if rich or tile == DRUID_INDEX:  # the Druid tile pays nobody
            landings = LANDINGS[tile_shape(tile)]
            if any(landings[ladder][heights] for ladder, heights in ladders):
                fitting.add(tile)
        elif attic_options(state, p, tile, first_only=True):
            fitting.add(tile)
    return fitting


def attic_options(state: MightyGnomesState, p: int, tile: int, first_only: bool = False) -> list[int]:
    """Legal attic placements of ``tile`` for seat ``p`` (only the first one if ``first_only``)."""
    base = LAYOUTS[state.game.num_players].base[Family.ATTIC]
    owner = owner_of(p, tile)
    landings = LANDINGS[tile_shape(tile)]
    coins = state.coins[p]
    out = []
    for side, ladder in SIDES_IN_PLAY[state.game.num_players]:
        if state.ladder_closed[ladder]:
            continue
        for fit in landings[ladder][tuple(state.ladder_height[ladder])]:
            # R5.3: one coin to every player stacked upon (at most one per column covered)
            if coins < len(fit.bottoms) and len(payees(state, p, ladder, fit, owner)) > coins:
                continue
            out.append(base + side * ATTIC_SLOTS + fit.slot)
            if first_only:
                return out
    return out


def placement_rows(state: MightyGnomesState, side: int, fit: AtticFit) -> tuple[int, int, list[int], bool]:
    """For a legal attic placement: its ladder, the column it reads, the book references it
    reaches, and whether it closes the ladder."""
    ladder, column = LADDER_SIDES[side]
    height = LADDERS[ladder].height
    row = fit_row(state.ladder_height[ladder], fit, height)
    rows = {row + dr for dr, _ in fit.cells}
    top = row + fit.height - 1
    return ladder, column, reached_books(state, ladder, column, rows, top), top == height - 1


def place_attic(state: MightyGnomesState, p: int, tile: int, action: int) -> None:
    """Lay ``tile`` on a ladder: pay, close the ladder if the top is reached, note the books."""
    local = action - LAYOUTS[state.game.num_players].base[Family.ATTIC]
    side, slot = divmod(local, ATTIC_SLOTS)
    fit = ATTIC_FIT_BY_SLOT[tile_shape(tile)][slot]
    ladder, _, refs, closes = placement_rows(state, side, fit)
    owner = owner_of(p, tile)
    heights = state.ladder_height[ladder]
    row = fit_row(heights, fit, LADDERS[ladder].height)
    for payee in sorted(payees(state, p, ladder, fit, owner)):
        state.transfer(p, payee, 1)
    cells = state.ladder_cells[ladder]
    laid = []
    for dr, c in fit.cells:
        laid.append((row + dr) * LADDER_WIDTH + c)
        cells[laid[-1]] = owner
        heights[c] = max(heights[c], row + dr + 1)
    if closes:  # R5.4
        state.ladder_closed[ladder] = True
        state.gain_vp(p, CLOSE_VP)
    state.session = refs
    note_attic_tile(state, ladder, owner, laid, closes)


def reached_books(state: MightyGnomesState, ladder: int, column: int, rows: set[int], top: int) -> list[int]:
    """Book references a tile reaches: the golden book of its top row, silver books of every
    row it covers (R5.5, R5.6), and in 2-player games unused display books beside it (R5.8)."""
    out = []
    for row in sorted(rows):
        book = BOOKS[state.columns[column][row]]
        if row == top or not book.golden:
            out.append(column * ATTIC_ROWS + row)
    if state.book_display:
        for slot, adjacent in enumerate(DISPLAY_ADJACENT):
            if ladder in adjacent and DISPLAY_ROW in rows and not state.display_used[slot]:
                out.append(COLUMN_BOOKS + slot)
    return out


__all__ = ["EMPTY", "MAX_ORIENTATIONS", "attic_options", "forest_options", "place_attic", "place_forest"]
