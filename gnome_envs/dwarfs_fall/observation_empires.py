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

BOXED_SCALE = 8.0
PIECE_SCALE = 1.0 / MAX_SPOTS  # class pieces of one class on a card (several seats may have one there)
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
    for c in _piece_cells(state):
        refresh_cell_classes(state, board[c], cols, c)


def _piece_cells(state) -> set[int]:
    return {c for c in state.pieces if c >= 0}


def refresh_cell_classes(state, row: np.ndarray, cols, cell: int) -> None:
    """Rewrite the class-piece columns of ``cell``'s row."""
    counts = [0.0] * NUM_CLASSES
    pieces = state.pieces
    for i, at in enumerate(pieces):
        if at == cell:
            counts[i % NUM_CLASSES] += PIECE_SCALE
    row[cols.classes:cols.classes + NUM_CLASSES] = counts


def empire_features(state, seat: int, obs: np.ndarray, at: dict[str, int], ones: list[int]) -> None:
    """The ``empires`` segment, plus the source cell of a MEEPLE_TYPE decision."""
    n = state.game.num_players
    s = at["empires"]
    for r in range(n):
        p = (seat + r) % n
        row = s + r * EMPIRE_SEAT_FEATURES
        ones.append(row + state.game.races[p])
        obs[row + NUM_RACES] = state.meeple_count(p) / 8.0
        obs[row + NUM_RACES + 1] = state.pouches[p] / POUCHES
        base = row + NUM_RACES + 2
        for c in range(NUM_CLASSES):
            where = state.pieces[p * NUM_CLASSES + c]
            col = base + c * (CLASS_STATES + 1)
            ones.append(col + (0 if where == NOT_OWNED else 1 if where == IN_PILE else 2))
            if where >= 0:
                obs[col + CLASS_STATES] = (where + 1) / NUM_CELLS
    s += n * EMPIRE_SEAT_FEATURES
    obs[s] = float(state.power_used)
    obs[s + 1] = min(len(state.boxed) / BOXED_SCALE, 1.0)
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
        obs[s] = d.data[1] / SCALES_BUDGET
    s += 1
    if kind == ALCHEMY_TAKE:
        ones.append(s + d.data[0])


__all__ = ["empire_board", "empire_features", "refresh_cell_classes"]
