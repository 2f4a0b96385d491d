"""Gnome tile shapes, their orientations and every placement, precomputed at import.

Shapes are polyominoes given as ``(row, col)`` cells with row 0 at the bottom (O12). A tile's
grass side (forest) and ladder side (attic) are mirror images of each other, so each side has
its own list of orientations (the rotations of that side):

========  ==============  ======================================  =====================
tile      squares         grass side / ladder side                orientations per side
========  ==============  ======================================  =====================
1         1               single gnome                            1
2         2               domino (also the Druid tile)            2
3         3               L-tromino (its mirror is a rotation)    4
4         4               L-tetromino / its mirror J-tetromino    4
========  ==============  ======================================  =====================

A forest placement is an *anchor* (the bottom-left cell of the orientation's bounding box)
and an orientation slot; an attic placement is a column offset (0 or 1) and an orientation
slot on a ladder side, the row following from the no-gap rule (R5.2).
"""

from __future__ import annotations

from dataclasses import dataclass

from gnome_envs.mighty_gnomes.components import (
    FOREST_COLS,
    GLADE_ROWS,
    LADDER_WIDTH,
    TILE_SIZES,
    forest_glades,
)

MAX_ORIENTATIONS = 4
BASE_SHAPES = (
    ((0, 0),),
    ((0, 0), (0, 1)),
    ((0, 0), (1, 0), (0, 1)),
    ((0, 0), (0, 1), (1, 0), (2, 0)),
)
Cells = tuple[tuple[int, int], ...]


def _normalise(cells: list[tuple[int, int]]) -> Cells:
    low_r = min(r for r, _ in cells)
    low_c = min(c for _, c in cells)
    return tuple(sorted((r - low_r, c - low_c) for r, c in cells))


def rotations(cells: Cells) -> tuple[Cells, ...]:
    """Every distinct rotation of ``cells`` (one side of a tile), in a fixed (sorted) order."""
    seen = set()
    current = list(cells)
    for _ in range(4):
        current = [(c, -r) for r, c in current]  # a quarter turn
        seen.add(_normalise(current))
    return tuple(sorted(seen))


def mirror(cells: Cells) -> Cells:
    """The other side of a tile: its mirror image."""
    return _normalise([(r, -c) for r, c in cells])


GRASS_ORIENTATIONS: tuple[tuple[Cells, ...], ...] = tuple(rotations(s) for s in BASE_SHAPES)
LADDER_ORIENTATIONS: tuple[tuple[Cells, ...], ...] = tuple(rotations(mirror(s)) for s in BASE_SHAPES)


def shape_of_size(size: int) -> int:
    """Shape index of a tile with ``size`` squares."""
    return TILE_SIZES.index(size)


# ---------------------------------------------------------------------------- forest
@dataclass(frozen=True)
class ForestPlacement:
    """One way to lay a shape on the forest: its action slot, cells and bordering cells."""

    slot: int  # anchor * MAX_ORIENTATIONS + orientation
    mask: int
    border: int
    cells: tuple[int, ...]


def forest_rows(num_players: int) -> int:
    """Rows of the forest for ``num_players``."""
    return GLADE_ROWS * forest_glades(num_players)


def _neighbours(cell: int, rows: int) -> list[int]:
    r, c = divmod(cell, FOREST_COLS)
    out = []
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < rows and 0 <= cc < FOREST_COLS:
            out.append(rr * FOREST_COLS + cc)
    return out


def _forest_placements(rows: int, shape: int) -> tuple[ForestPlacement, ...]:
    out = []
    for anchor in range(rows * FOREST_COLS):
        ar, ac = divmod(anchor, FOREST_COLS)
        for o, cells in enumerate(GRASS_ORIENTATIONS[shape]):
            if any(ar + r >= rows or ac + c >= FOREST_COLS for r, c in cells):
                continue
            index = tuple((ar + r) * FOREST_COLS + ac + c for r, c in cells)
            mask = sum(1 << i for i in index)
            border = 0
            for i in index:
                for j in _neighbours(i, rows):
                    border |= 1 << j
            out.append(ForestPlacement(anchor * MAX_ORIENTATIONS + o, mask, border & ~mask, index))
    return tuple(out)


FOREST_PLACEMENTS = {
    n: tuple(_forest_placements(forest_rows(n), s) for s in range(len(BASE_SHAPES)))
    for n in (2, 3, 4)
}
FOREST_BY_SLOT = {
    n: tuple({p.slot: p for p in table} for table in tables) for n, tables in FOREST_PLACEMENTS.items()
}
NEIGHBOURS = {n: tuple(tuple(_neighbours(i, forest_rows(n))) for i in range(forest_rows(n) * FOREST_COLS))
              for n in (2, 3, 4)}


# ---------------------------------------------------------------------------- attic
@dataclass(frozen=True)
class AtticFit:
    """A shape orientation at a column offset of a two-wide ladder."""

    orientation: int
    offset: int
    slot: int  # orientation * LADDER_WIDTH + offset
    bottoms: tuple[tuple[int, int], ...]  # (ladder column, lowest row of the tile in it)
    height: int  # rows the tile spans
    cells: tuple[tuple[int, int], ...]  # (row above the base, ladder column)


def _attic_fits(shape: int) -> tuple[AtticFit, ...]:
    out = []
    for o, cells in enumerate(LADDER_ORIENTATIONS[shape]):
        width = 1 + max(c for _, c in cells)
        height = 1 + max(r for r, _ in cells)
        for offset in range(LADDER_WIDTH - width + 1):
            columns = sorted({c for _, c in cells})
            bottoms = tuple((offset + c, min(r for r, cc in cells if cc == c)) for c in columns)
            placed = tuple((r, offset + c) for r, c in cells)
            out.append(AtticFit(o, offset, o * LADDER_WIDTH + offset, bottoms, height, placed))
    return tuple(out)


ATTIC_FITS = tuple(_attic_fits(s) for s in range(len(BASE_SHAPES)))
ATTIC_SLOTS = MAX_ORIENTATIONS * LADDER_WIDTH  # placement slots per ladder side
ATTIC_FIT_BY_SLOT = tuple({fit.slot: fit for fit in fits} for fits in ATTIC_FITS)
