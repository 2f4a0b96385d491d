"""Incremental updates of the cached observation features of Mighty Gnomes.

When a tile is laid or a display book used, every cached per-seat board block
(``observation.board_features``) is updated in place of being rebuilt: copied first, since
clones share the arrays, then the few entries that changed are set. The absolute forest and
attic features the blocks are built from are only needed to build a missing block, so they are
dropped here and rebuilt from the table when next needed. A reward box claimed or a mighty
gnome invited changes one entry of the public block (``observation.public_features``) the
same way.
"""

from __future__ import annotations

from functools import cache

from gnome_envs.mighty_gnomes.components import NUM_BOOK_ACTIONS, NUM_GNOME_TYPES, NUM_REWARD_KINDS
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
    """Update the board caches for a tile just laid in the forest."""
    state._forest_obs = None
    n = state.game.num_players
    column = _owner_column(n, owner)
    owner_at, _, _, _, tile_at = _board_offsets(n)
    for seat, board in enumerate(state._board):
        if board is not None:
            rel = (column - seat) % n if column < n else n
            board = board.copy()
            for cell in cells:
                board[owner_at + cell * (n + 1) + rel] = 1.0
                board[tile_at + cell * TILE_CHOICES + tile] = 1.0
            state._board[seat] = board


def note_attic_tile(state: MightyGnomesState, ladder: int, owner: int, cells: list[int], closed: bool) -> None:
    """Update the board caches for a tile just laid on ``ladder`` (cells: rung x 2 + column)."""
    state._attic_obs = None
    n = state.game.num_players
    column = _owner_column(n, owner)
    _, ladder_at, flags_at, _, _ = _board_offsets(n)
    first = ladder_at + ladder * LADDER_CELLS * (n + 1)
    for seat, board in enumerate(state._board):
        if board is not None:
            rel = (column - seat) % n if column < n else n
            board = board.copy()
            for cell in cells:
                board[first + cell * (n + 1) + rel] = 1.0
            if closed:
                board[flags_at + 2 * ladder] = 1.0
            state._board[seat] = board


def note_display_used(state: MightyGnomesState, slot: int) -> None:
    """Update the board caches after display book ``slot`` was used."""
    state._attic_obs = None
    used_at = _board_offsets(state.game.num_players)[3]
    for seat, board in enumerate(state._board):
        if board is not None:
            board = board.copy()
            board[used_at + slot] = 1.0
            state._board[seat] = board


def _set_public(state: MightyGnomesState, segment: str, index: int, value: float) -> None:
    """Set entry ``index`` of ``segment`` in the cached public block (a copy: clones share it)."""
    public = state._public_obs
    if public is not None:
        at = LAYOUTS[state.game.num_players].at
        public = public.copy()
        public[at[segment] + index - at["glades"]] = value
        state._public_obs = public


def note_reward_claimed(state: MightyGnomesState, box: int) -> None:
    """Update the public block after reward box ``box`` was claimed."""
    _set_public(state, "rewards", box * (NUM_REWARD_KINDS + 1) + NUM_REWARD_KINDS, 1.0)


def note_stack(state: MightyGnomesState, slot: int) -> None:
    """Update the public block after a card left mighty gnome stack ``slot``."""
    n = state.game.num_players
    _set_public(state, "stacks", slot * (NUM_GNOME_TYPES + 1) + NUM_GNOME_TYPES, state.stack[slot] / (n + 1))


__all__ = ["note_attic_tile", "note_display_used", "note_forest_tile", "note_reward_claimed", "note_stack"]
