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
from gnome_envs.dwarfs_fall.races import NUM_CLASSES


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
# the permutations index inside the board by construction, and numpy buffers ``take(out=)`` in
# its default "raise" mode: "clip" writes straight into the view (same values, about half the time)
TAKE_MODE = "clip"
# changed rows a seat's view copies one by one; with more it copies the whole block at once
# (measured: a row costs about a sixth of a whole turned block, and half of a whole plain one)
ROWS_BEFORE_COPY = (2, 6)  # (seat 0: the board's own order, other seats: turned)


def board_features(state) -> np.ndarray:
    """Per-cell features with seats in absolute order (cached by the state)."""
    n = state.game.num_players
    layout = state.game.obs_layout
    cols = layout.cols
    board = np.zeros((NUM_CELLS, cols.size), dtype=np.float32)
    regions = state.regions
    occupied = list(regions.occupied)
    if not occupied:
        state._region_sigs = region_sigs(state)
        return board
    top, stacks = state.top, state.stacks
    tops = [top[c] for c in occupied]
    board[occupied] = layer_rows(state.game)[tops]
    heights = [len(stacks[c]) for c in occupied]
    board[occupied, cols.height] = np.array(heights, dtype=np.float32) / layout.stack_scale
    for c, h in zip(occupied, heights):
        if h > 1:
            _stack_below(state.game, board[c], cols, stacks[c], layout.stack_scale)
    # float32 products, as refresh_cell_dwarfs writes them (5 / 6 is no float32)
    dwarfs = np.frombuffer(state.dwarfs, dtype=np.uint8).reshape(NUM_CELLS, n).astype(np.float32)
    board[occupied, cols.dwarfs:cols.dwarfs + n] = dwarfs[occupied] * SPOT_SCALE
    board[occupied, cols.free] = [(LAYER_FREE[t] - state.crowd[c]) * SPOT_SCALE for c, t in zip(occupied, tops)]
    _region_columns(state, board, cols)
    state._region_sigs = region_sigs(state)
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


def refresh_layout(state, board: np.ndarray, cells: list[int]) -> list[int]:
    """Rewrite the rows of ``cells`` (a card came, went or turned there), and the region columns
    of every other card whose region columns changed, in place: the same values
    ``board_features`` writes. Returns the cells whose rows changed."""
    game = state.game
    layout = game.obs_layout
    cols = layout.cols
    n = game.num_players
    rows = layer_rows(game)
    top, stacks, dwarfs, crowd = state.top, state.stacks, state.dwarfs, state.crowd
    scale = layout.stack_scale
    sigs = region_sigs(state)
    block = sig_rows(region_width(cols))
    start, stop = cols.kingdom, cols.kingdom + block.shape[1]
    changed = list(dict.fromkeys(cells))
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
        row[start:stop] = block[sigs[c]]
        if cols.classes >= 0:
            refresh_cell_classes(state, row, cols, c)
    old = state._region_sigs
    if sigs != old:
        for c in state.regions.occupied:
            if sigs[c] != old[c] and c not in changed:
                board[c, start:stop] = block[sigs[c]]
                changed.append(c)
    state._region_sigs = sigs
    return changed


def region_width(cols) -> int:
    """Board columns that follow from a card's region: a kingdom per seat, dragon and frost
    giant, and with The Empires wolf and treant (side by side in that order)."""
    return cols.n + (4 if cols.classes >= 0 else 2)


def region_sigs(state) -> tuple[int, ...]:
    """Per cell: its region columns as bits, bit ``i`` for column ``kingdom + i`` (``region_width``)."""
    regions = state.regions
    n = state.game.num_players
    found, region_of = regions.regions, regions.region_of
    flags: dict[int, int] = {}  # region index -> its bits, for the regions that may have some
    # (dragons, frost giants, wolves and treants are monster cards: only a region holding one has
    # those bits, and one holding a castle a kingdom bit)
    for c in regions.monsters:
        r = found[region_of[c]]
        flags[region_of[c]] = r.dragon << n | r.frost_giant << n + 1 | r.wolf << n + 2 | r.treant << n + 3
    for p, castle in enumerate(state.castle_cell):
        if castle >= 0:
            i = region_of[castle]
            flags[i] = flags.get(i, 0) | 1 << p
    sigs = [0] * NUM_CELLS
    for i, flag in flags.items():  # (regions are disjoint: the order does not matter)
        if flag:
            for c in found[i].cells:
                sigs[c] = flag
    return tuple(sigs)


_SIG_ROWS: dict[int, np.ndarray] = {}


def sig_rows(width: int) -> np.ndarray:
    """Per bit pattern of ``width`` region columns: those columns as a row (built once per width)."""
    table = _SIG_ROWS.get(width)
    if table is None:
        sigs = np.arange(1 << width)
        table = _SIG_ROWS[width] = ((sigs[:, None] >> np.arange(width)) & 1).astype(np.float32)
    return table


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
    dwarfs came or went there; with The Empires also its class-piece columns). Logged in
    ``state._board_rows`` as ``cell + NUM_CELLS * (p + 1)``: only those columns changed."""
    game = state.game
    cols = game.obs_layout.cols
    board[cell, cols.dwarfs + p] = state.dwarfs[cell * game.num_players + p] * SPOT_SCALE32
    top = state.top[cell]
    board[cell, cols.free] = (LAYER_FREE[top] - state.crowd[cell]) * SPOT_SCALE if top >= 0 else 0.0
    if cols.classes >= 0:  # The Empires: class pieces may have come or gone
        refresh_cell_classes(state, board[cell], cols, cell)
    rows = state._board_rows
    if len(rows) < MAX_ROW_LOG:
        state._board_rows = rows + (cell + NUM_CELLS * (p + 1),)
    else:  # a long log: every seat's view copies the whole board once
        state._board_rows = ()
        state._board_version += 1


def cached_board(state) -> np.ndarray:
    """The state's board features (the rows of cells whose card changed rewritten in place).

    ``state._board_version`` is bumped whenever rows may have changed anywhere (the board built,
    a long log); between bumps ``state._board_rows`` logs the cells whose rows were rewritten,
    so that a seat's view copies only those rows. ``state._region_sigs`` holds what the region
    columns were written from (``region_sigs``)."""
    board = state._board
    if board is None:
        board = state._board = board_features(state)
        state._board_cells = []
        state._board_rows = ()
        state._board_version += 1
    elif state._board_cells:
        cells = state._board_cells
        state._board_cells = []
        rows = refresh_layout(state, board, cells)
        if len(state._board_rows) + len(rows) > MAX_ROW_LOG:
            state._board_rows = ()
            state._board_version += 1
        else:
            state._board_rows += tuple(rows)
    return board


def write_board(state, seat: int, layout, view) -> None:
    """The board block of ``view`` (an ``observation.SeatView``), turned to the observer: the
    rows logged since ``view`` was written when they are few (``ROWS_BEFORE_COPY``), else whole
    (always after a change anywhere on the board, ``state._board_version``)."""
    board = cached_board(state)
    rows = state._board_rows
    current = board is view.board and state._board_version == view.version
    if current and len(rows) == view.rows_seen:
        return
    board_at = layout.at["board"]
    block = view.obs[board_at:board_at + board.size]  # (a view: never kept, as a pickled view would come back a copy)
    if current:
        changed = dict.fromkeys(rows[view.rows_seen:])
        if len(changed) <= ROWS_BEFORE_COPY[bool(seat)]:
            _write_rows(board, seat, layout, view, block, changed)
            view.rows_seen = len(rows)
            return
    if seat:  # seat columns turned to the observer (seat 0's order is the board's own)
        board.reshape(-1).take(layout.board_perms[seat], out=block, mode=TAKE_MODE)
    else:
        block[:] = board.reshape(-1)
    view.board, view.version, view.rows_seen = board, state._board_version, len(rows)


def _write_rows(board: np.ndarray, seat: int, layout, view, block: np.ndarray, changed) -> None:
    """Copy the logged board rows ``changed`` into ``block`` (``view``'s board block): a whole row
    turned to the observer, or for an entry of ``refresh_cell_dwarfs`` just the columns it wrote
    (the class columns are no seat's: the turn leaves them in place)."""
    cells = None
    cols = layout.cols
    dwarfs, free, classes = cols.dwarfs, cols.free, cols.classes
    spots = layout.spot_cols[seat]
    width = board.shape[1]
    mv, at, item = view.mv, layout.at["board"], board.item  # single entries: as Python floats
    for c in changed:
        if c >= NUM_CELLS:  # (cell + NUM_CELLS * (seat + 1)): that seat's dwarfs and the free spots
            q, c = divmod(c, NUM_CELLS)
            i = c * width
            mv[at + i + spots[q - 1]] = item(c, dwarfs + q - 1)
            mv[at + i + spots[-1]] = item(c, free)
            if classes >= 0:
                block[i + classes:i + classes + NUM_CLASSES] = board[c, classes:classes + NUM_CLASSES]
            continue
        if cells is None:
            cells = block.reshape(NUM_CELLS, -1)
        if seat:
            board[c].take(layout.perms[seat], out=cells[c], mode=TAKE_MODE)
        else:
            cells[c] = board[c]


__all__ = ["board_features", "cached_board", "layer_rows", "refresh_cell_dwarfs", "refresh_layout", "write_board"]
