"""The board block of the Dwar7s Fall observation: one row per mat cell, built from per-layer
tables, and the cached copy that plays and digs patch cell by cell (see ``observation``)."""

from __future__ import annotations

import numpy as np

from gnome_envs.dwarfs_fall.components import (
    LAYER_COLOUR,
    LAYER_KIND,
    LAYER_WALLS,
    MAX_SPOTS,
    NUM_CELLS,
    NUM_KINDS,
    NUM_LAYERS,
    NUM_SIDES,
    SPOTS,
)
from gnome_envs.dwarfs_fall.observation_empires import empire_board, refresh_cell_classes


def _layer_rows(cols, colour_seat: tuple[int, ...]) -> np.ndarray:
    """Per packed layer: its kind, the seat playing its colour and its walls as a board row."""
    rows = np.zeros((NUM_LAYERS, cols.size), dtype=np.float32)
    kinds = cols.colour - cols.kind
    for packed in range(NUM_LAYERS):
        column = KIND_COLUMN[LAYER_KIND[packed]]
        if 0 <= column < kinds:  # the lake and the memorials have no kind column
            rows[packed, cols.kind + column] = 1
        seat = colour_seat[LAYER_COLOUR[packed]]
        if seat >= 0:
            rows[packed, cols.colour + seat] = 1
        rows[packed, cols.walls:cols.walls + NUM_SIDES] = WALL_BITS[LAYER_WALLS[packed]]
    return rows


# board kind column of every kind: the nine core kinds, then the Empires' four (the lake and
# the memorials have none)
KIND_COLUMN = tuple(range(NUM_KINDS)) + (-1, -1) + tuple(range(NUM_KINDS, NUM_KINDS + 4))
WALL_BITS = np.array([[mask >> side & 1 for side in range(NUM_SIDES)] for mask in range(16)], dtype=np.float32)
_LAYER_ROWS: dict[tuple, np.ndarray] = {}


def layer_rows(game) -> np.ndarray:
    """The layer rows of ``game``'s board block (built once per layout and seating)."""
    cols = game.obs_layout.cols
    key = (cols.n, cols.classes, game.colour_seat)  # the columns follow from the first two
    rows = _LAYER_ROWS.get(key)
    if rows is None:
        rows = _LAYER_ROWS[key] = _layer_rows(cols, game.colour_seat)
    return rows


LAYER_FREE = tuple(SPOTS[LAYER_KIND[p]] for p in range(NUM_LAYERS))
SPOT_SCALE = 1.0 / (MAX_SPOTS + 1)  # dwarfs and free spots on a card (at most MAX_SPOTS)
# the dwarf columns are float32 products (as numpy multiplies a float32 row); a count times this
# float32 factor is exact in Python, so it rounds to the same float32
SPOT_SCALE32 = float(np.float32(SPOT_SCALE))
MAX_ROW_LOG = 16  # board rows logged for the seats' views before they copy the whole board


def board_features(state) -> np.ndarray:
    """Per-cell features with seats in absolute order (cached by the state)."""
    n = state.game.num_players
    layout = state.game.obs_layout
    cols = layout.cols
    board = np.zeros((NUM_CELLS, cols.size), dtype=np.float32)
    regions = state.regions
    occupied = list(regions.occupied)
    if not occupied:
        state._region_key = _region_key(state)
        return board
    top, stacks = state.top, state.stacks
    tops = [top[c] for c in occupied]
    board[occupied] = layer_rows(state.game)[tops]
    heights = [len(stacks[c]) for c in occupied]
    board[occupied, cols.height] = np.array(heights, dtype=np.float32) / layout.stack_scale
    for c, h in zip(occupied, heights):
        if h > 1:
            _stack_below(state.game, board[c], cols, stacks[c], layout.stack_scale)
    dwarfs = np.array(state.dwarfs, dtype=np.float32).reshape(NUM_CELLS, n)
    board[occupied, cols.dwarfs:cols.dwarfs + n] = dwarfs[occupied] * SPOT_SCALE
    board[occupied, cols.free] = [(LAYER_FREE[t] - state.crowd[c]) * SPOT_SCALE for c, t in zip(occupied, tops)]
    _region_columns(state, board, cols)
    state._region_key = _region_key(state)
    return board


def _region_columns(state, board: np.ndarray, cols) -> None:
    """The columns that follow from the regions (kingdoms, dragon, frost giant; with The
    Empires wolf, treant and the class pieces), written over zeros."""
    regions = state.regions
    region_of = regions.region_of
    for p, castle in enumerate(state.castle_cell):
        if castle >= 0:
            board[list(regions.regions[region_of[castle]].cells), cols.kingdom + p] = 1
    for region in regions.regions:
        if region.dragon or region.frost_giant:
            cells = list(region.cells)
            board[cells, cols.dragon] = region.dragon
            board[cells, cols.dragon + 1] = region.frost_giant
    if cols.classes >= 0:
        empire_board(state, board, cols)


def refresh_layout(state, board: np.ndarray, cells: list[int]) -> bool:
    """Rewrite the rows of ``cells`` (a card came, went or turned there) and the region columns,
    in place: the same values ``board_features`` writes. Returns whether rows other than those
    of ``cells`` changed (the region columns of every cell rewritten)."""
    game = state.game
    layout = game.obs_layout
    cols = layout.cols
    n = game.num_players
    rows = layer_rows(game)
    top, stacks, dwarfs, crowd = state.top, state.stacks, state.dwarfs, state.crowd
    scale = layout.stack_scale
    changed = dict.fromkeys(cells)
    for c in changed:
        t = top[c]
        row = board[c]
        if t < 0:
            row[:] = 0.0
            continue
        row[:] = rows[t]
        height = len(stacks[c])
        row[cols.height] = np.float32(height) / scale
        if height > 1:
            _stack_below(game, row, cols, stacks[c], scale)
        if crowd[c]:
            for q in range(n):
                row[cols.dwarfs + q] = dwarfs[c * n + q] * SPOT_SCALE32
        row[cols.free] = (LAYER_FREE[t] - crowd[c]) * SPOT_SCALE
    key = _region_key(state)
    if key == state._region_key:  # the other cells' region columns still hold
        for c in changed:
            if top[c] >= 0:
                _cell_region_columns(state, board[c], cols, c)
        return False
    board[:, cols.kingdom:cols.kingdom + n] = 0.0
    board[:, cols.dragon:cols.dragon + 2] = 0.0
    if cols.classes >= 0:
        board[:, cols.wolf:cols.wolf + 2] = 0.0
    _region_columns(state, board, cols)
    state._region_key = key
    return True


def _region_key(state) -> tuple:
    """What the region columns of the board are written from: the cells of every kingdom, and
    of every region with a dragon, frost giant, wolf or treant with those flags."""
    kingdoms = tuple(k.cells if k is not None else None for k in map(state.kingdom, range(state.game.num_players)))
    return kingdoms, tuple((r.cells, r.dragon, r.frost_giant, r.wolf, r.treant) for r in state.regions.regions
                           if r.dragon or r.frost_giant or r.wolf or r.treant)


def _cell_region_columns(state, row: np.ndarray, cols, cell: int) -> None:
    """The region columns of the card on ``cell`` (``_region_columns`` for one row, written
    over zeros)."""
    regions = state.regions
    region_of = regions.region_of
    here = region_of[cell]
    for p, castle in enumerate(state.castle_cell):
        if castle >= 0 and region_of[castle] == here:
            row[cols.kingdom + p] = 1
    region = regions.regions[here]
    if region.dragon or region.frost_giant:
        row[cols.dragon] = region.dragon
        row[cols.dragon + 1] = region.frost_giant
    if cols.classes >= 0:
        if region.wolf or region.treant:
            row[cols.wolf] = region.wolf
            row[cols.wolf + 1] = region.treant
        refresh_cell_classes(state, row, cols, cell)


def _stack_below(game, row: np.ndarray, cols, stack: tuple[int, ...], scale: float) -> None:
    """The cards below the top of a stack (all public: they were played and dug in the open):
    per seat whose card lies there, its depth below the top and its walls."""
    n = game.num_players
    colour_seat = game.colour_seat
    for depth in range(1, len(stack)):
        packed = stack[-1 - depth]
        seat = colour_seat[LAYER_COLOUR[packed]]
        row[cols.depth + seat] = depth / scale
        walls = LAYER_WALLS[packed]
        for side in range(NUM_SIDES):
            if walls >> side & 1:
                row[cols.below + side * n + seat] = 1.0


def refresh_cell_dwarfs(state, board: np.ndarray, cell: int, p: int) -> None:
    """Rewrite seat ``p``'s dwarf column and the free-spot column of ``cell`` (after ``p``'s
    dwarfs came or went there)."""
    game = state.game
    cols = game.obs_layout.cols
    board[cell, cols.dwarfs + p] = state.dwarfs[cell * game.num_players + p] * SPOT_SCALE32
    top = state.top[cell]
    board[cell, cols.free] = (LAYER_FREE[top] - state.crowd[cell]) * SPOT_SCALE if top >= 0 else 0.0
    if cols.classes >= 0:  # The Empires: class pieces may have come or gone
        refresh_cell_classes(state, board[cell], cols, cell)
    rows = state._board_rows
    if len(rows) < MAX_ROW_LOG:
        state._board_rows = rows + (cell,)
    else:  # a long log: every seat's view copies the whole board once
        state._board_rows = ()
        state._board_version += 1


def cached_board(state) -> np.ndarray:
    """The state's board features (the rows of cells whose card changed rewritten in place).

    ``state._board_version`` is bumped whenever rows may have changed anywhere (the board built,
    the region columns rewritten); between bumps ``state._board_rows`` logs the cells whose
    rows were rewritten, so that a seat's view copies only those rows. ``state._region_key``
    says what the region columns were written from (``_region_key``)."""
    board = state._board
    if board is None:
        board = state._board = board_features(state)
        state._board_cells = []
        state._board_rows = ()
        state._board_version += 1
    elif state._board_cells:
        cells = state._board_cells
        state._board_cells = []
        if refresh_layout(state, board, cells) or len(state._board_rows) + len(cells) > MAX_ROW_LOG:
            state._board_rows = ()
            state._board_version += 1
        else:
            state._board_rows += tuple(cells)
    return board


def write_board(state, seat: int, layout, view) -> None:
    """The board block of ``view`` (an ``observation.SeatView``), turned to the observer: whole
    after a change anywhere on the board (``state._board_version``), else only the rows logged
    since ``view`` was written."""
    board = cached_board(state)
    board_at = layout.at["board"]
    cells = view.obs[board_at:board_at + board.size].reshape(NUM_CELLS, -1)  # (a view: never kept, as
    rows = state._board_rows  # a pickled view would come back a copy)
    if board is view.board and state._board_version == view.version:
        if len(rows) == view.rows_seen:
            return
        changed = dict.fromkeys(rows[view.rows_seen:])
        if seat:
            perm = layout.perms[seat]
            for c in changed:
                board[c].take(perm, out=cells[c])
        else:
            for c in changed:
                cells[c] = board[c]
    elif seat:  # seat columns turned to the observer (seat 0's order is the board's own)
        np.take(board, layout.perms[seat], axis=1, out=cells)
    else:
        cells[:] = board
    view.board, view.version, view.rows_seen = board, state._board_version, len(rows)


__all__ = ["board_features", "cached_board", "layer_rows", "refresh_cell_dwarfs", "refresh_layout", "write_board"]
