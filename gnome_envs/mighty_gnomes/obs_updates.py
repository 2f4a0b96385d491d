"""Incremental updates of the cached forest and attic observation features of Mighty Gnomes.

When a tile is laid or a display book used, the state's cached absolute features and every
cached per-seat board block (``observation.board_features``) are updated in place of being
rebuilt: copies are made first, since clones share the arrays.
"""

from __future__ import annotations

from functools import cache

from gnome_envs.mighty_gnomes.components import DISPLAY_SLOTS, NUM_BOOK_ACTIONS
from gnome_envs.mighty_gnomes.observation import LAYOUTS, TILE_CHOICES
from gnome_envs.mighty_gnomes.state import LADDER_CELLS, NEUTRAL, MightyGnomesState


def _owner_column(n: int, owner: int) -> int:
    return n if owner == NEUTRAL else owner


@cache
def _board_offsets(n: int) -> tuple[int, int, int, int, int]:
    at = LAYOUTS[n].at
    start = at["forest_icons"]
    reserve = at["book_reserve"] + 4 * NUM_BOOK_ACTIONS
    return (at["forest_owner"] - start, at["ladder_owner"] - start, at["ladder_flags"] - start, reserve - start,
            at["forest_tile"] - start)


def note_forest_tile(state: MightyGnomesState, owner: int, tile: int, cells: tuple[int, ...]) -> None:
    """Update the forest caches for a tile just laid (copies: clones share the arrays)."""
    n = state.game.num_players
    column = _owner_column(n, owner)
    cell_list = list(cells)
    if state._forest_obs is not None:
        owners, tiles = state._forest_obs
        owners, tiles = owners.copy(), tiles.copy()
        owners[cell_list, column] = 1.0
        tiles[cell_list, tile] = 1.0
        state._forest_obs = (owners, tiles)
    offsets = _board_offsets(n)
    owner_at, tile_at = offsets[0], offsets[4]
    tile_entries = [tile_at + cell * TILE_CHOICES + tile for cell in cells]
    for seat, board in enumerate(state._board):
        if board is not None:
            rel = (column - seat) % n if column < n else n
            board = board.copy()
            board[[owner_at + cell * (n + 1) + rel for cell in cells] + tile_entries] = 1.0
            state._board[seat] = board


def note_attic_tile(state: MightyGnomesState, ladder: int, owner: int, cells: list[int], closed: bool) -> None:
    """Update the attic caches for a tile just laid on ``ladder`` (cells: rung x 2 + column)."""
    n = state.game.num_players
    column = _owner_column(n, owner)
    if state._attic_obs is not None:
        owners, rest = state._attic_obs
        owners = owners.copy()
        owners[ladder, cells, column] = 1.0
        if closed:
            rest = rest.copy()
            rest[2 * ladder] = 1.0
        state._attic_obs = (owners, rest)
    _, ladder_at, flags_at, _, _ = _board_offsets(n)
    first = ladder_at + ladder * LADDER_CELLS * (n + 1)
    for seat, board in enumerate(state._board):
        if board is not None:
            rel = (column - seat) % n if column < n else n
            board = board.copy()
            board[[first + cell * (n + 1) + rel for cell in cells]] = 1.0
            if closed:
                board[flags_at + 2 * ladder] = 1.0
            state._board[seat] = board


def note_display_used(state: MightyGnomesState, slot: int) -> None:
    """Update the attic caches after display book ``slot`` was used."""
    n = state.game.num_players
    if state._attic_obs is not None:
        owners, rest = state._attic_obs
        rest = rest.copy()
        rest[len(rest) - DISPLAY_SLOTS + slot] = 1.0
        state._attic_obs = (owners, rest)
    used_at = _board_offsets(n)[3]
    for seat, board in enumerate(state._board):
        if board is not None:
            board = board.copy()
            board[used_at + slot] = 1.0
            state._board[seat] = board


__all__ = ["note_attic_tile", "note_display_used", "note_forest_tile"]
