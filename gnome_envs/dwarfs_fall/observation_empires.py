"""The Empires' part of the observation (see the table in ``observation.py``).

Board columns: a big bad wolf in the card's region, a treant in it, and the class pieces on the
card (one column per class, any seat, divided by 5). The ``empires`` segment: per seat (relative order) its
race, meeples, stolen pouches and where each of its class pieces is (not owned, in the pile or
on the mat, and the cell); then whether the turn player used its race's free action, the boxed
monsters, and the context of a pending MEEPLE_TYPE, POWER_GEM or ALCHEMY_TAKE decision.
"""

from __future__ import annotations

import numpy as np

from gnome_envs.dwarfs_fall.components import MAX_SPOTS, NUM_CELLS
from gnome_envs.dwarfs_fall.observation_layout import CLASS_STATES, EMPIRE_SEAT_FEATURES
from gnome_envs.dwarfs_fall.pending import DecisionKind
from gnome_envs.dwarfs_fall.races import (
    IN_PILE,
    NOT_OWNED,
    NUM_CLASSES,
    NUM_RACES,
    POUCHES,
    SCALES_BUDGET,
)

BOXED_K = 8.0  # boxed monsters (open-ended: x / (x + 8))
MEEPLE_CEILING = 9.0  # seven, and an extra class meeple
PIECE_SCALE = 1.0 / (MAX_SPOTS + 1)  # class pieces of one class on a card (several seats may have one there)
CELL_CEILING = float(NUM_CELLS + 1)
MEEPLE_TYPE = int(DecisionKind.MEEPLE_TYPE)
POWER_GEM = int(DecisionKind.POWER_GEM)
ALCHEMY_TAKE = int(DecisionKind.ALCHEMY_TAKE)


def empire_board(state, board: np.ndarray, cols) -> None:
    """Write the wolf, treant and class-piece columns of the board block."""
    for region in state.regions.regions:
        if region.wolf or region.treant:
            cells = list(region.cells)
            board[cells, cols.wolf] = region.wolf
            board[cells, cols.wolf + 1] = region.treant
    for c in {c for c in state.pieces if c >= 0}:
        refresh_cell_classes(state, board[c], cols, c)


def refresh_cell_classes(state, row: np.ndarray, cols, cell: int) -> None:
    """Rewrite the class-piece columns of ``cell``'s row."""
    pieces = state.pieces
    block = row[cols.classes:cols.classes + NUM_CLASSES]
    block[:] = 0.0
    if cell in pieces:
        for i, at in enumerate(pieces):
            if at == cell:
                block[i % NUM_CLASSES] += PIECE_SCALE


def _seat_rows(state) -> np.ndarray:
    """Per seat (absolute order): race, meeples, pouches, class pieces (cached on the state)."""
    cached = state._empire_rows
    if cached is not None and cached[0] == state.pieces and cached[1] == state.pouches and cached[2] == state.meeples:
        return cached[3]
    n = state.game.num_players
    rows = np.zeros((n, EMPIRE_SEAT_FEATURES), dtype=np.float32)
    for p in range(n):
        row = rows[p]
        row[state.game.races[p]] = 1.0
        row[NUM_RACES] = state.meeples[p] / MEEPLE_CEILING
        row[NUM_RACES + 1] = state.pouches[p] / (POUCHES + 1)
        for c in range(NUM_CLASSES):
            where = state.pieces[p * NUM_CLASSES + c]
            col = NUM_RACES + 2 + c * (CLASS_STATES + 1)
            row[col + (0 if where == NOT_OWNED else 1 if where == IN_PILE else 2)] = 1.0
            if where >= 0:
                row[col + CLASS_STATES] = (where + 1) / CELL_CEILING
    state._empire_rows = (list(state.pieces), list(state.pouches), list(state.meeples), rows)
    return rows


def empire_features(state, seat: int, obs: np.ndarray, at: dict[str, int], ones: list[int]) -> None:
    """The ``empires`` segment, plus the source cell of a MEEPLE_TYPE decision."""
    n = state.game.num_players
    s = at["empires"]
    rows = _seat_rows(state)
    width = n * EMPIRE_SEAT_FEATURES
    split = (n - seat) * EMPIRE_SEAT_FEATURES  # the observer's row first, then clockwise
    obs[s:s + split] = rows[seat:].reshape(-1)
    obs[s + split:s + width] = rows[:seat].reshape(-1)
    s += width
    obs[s] = float(state.power_used)
    obs[s + 1] = len(state.boxed) / (len(state.boxed) + BOXED_K)
    s += 2
    d = state.pending
    kind = d.kind if d is not None else -1
    if kind == MEEPLE_TYPE:
        ones.append(s + d.data[0])
        ones.append(at["selected_cell"] + d.data[1])
        if len(d.data) > 3:
            ones.append(s + 2 + d.data[3])
        ones.extend(s + 2 + NUM_CELLS + 1 + t for t in d.data[2])  # -1 (plain) is column 0
    s += 2 + NUM_CELLS + 1 + NUM_CLASSES
    if kind == POWER_GEM:
        obs[s] = d.data[1] / (SCALES_BUDGET + 1)
    s += 1
    if kind == ALCHEMY_TAKE:
        ones.append(s + d.data[0])


__all__ = ["empire_board", "empire_features", "refresh_cell_classes"]
