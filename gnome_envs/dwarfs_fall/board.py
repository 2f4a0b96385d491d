"""Pure queries on the game mat: passable sides, regions (kingdoms), where a card may go.

The mat is given as ``top``: for each of the 64 cells the packed top layer of its stack
(``components.layer``), or -1 for an empty cell. Two neighbouring cards connect when neither
has a wall on the shared side (R4.1). A *region* is a group of cards connected that way; the
region holding a player's castle is that player's kingdom (R6.1), and monsters act on the
region they stand in (R6.4, O10).
"""

from __future__ import annotations

from typing import NamedTuple

from gnome_envs.dwarfs_fall.components import (
    BIG_BAD_WOLF,
    CENTRE_CELLS,
    FOREST_DRAGON,
    IS_CASTLE,
    IS_MONSTER,
    KIND_VP,
    LAYER_COLOUR,
    LAYER_KIND,
    LAYER_VP,
    LAYER_WALLS,
    NEIGHBOUR,
    NUM_CELLS,
    NUM_LAYERS,
    NUM_SIDES,
    SPOTS,
    TREANT,
    UNSTACKABLE,
    Kind,
    opposite,
)
from gnome_envs.dwarfs_fall.races import LIFE_OF_PARTY_FROM

DRAGON, FROST_GIANT = int(Kind.DRAGON), int(Kind.FROST_GIANT)
INNS = (int(Kind.TAVERN), int(Kind.STORE))
NO_REGION = -1
OPPOSITE = tuple(opposite(s) for s in range(NUM_SIDES))


class Region(NamedTuple):
    """A group of cards connected without crossing a wall."""

    cells: tuple[int, ...]
    dragon: bool  # a dragon or a forest dragon: mines yield nothing (R6.6, X6.2)
    frost_giant: bool
    castles: tuple[int, ...]  # colours of the castles in it
    vp: int  # sum of the VP of its cards (the top card of each stack)
    monsters: int = 0  # monster cards in it (digging, Zookeeper)
    wolf: bool = False  # a big bad wolf: inns yield nothing (X6.3)
    treant: bool = False  # a treant: no extra action (X6.4)
    inns: int = 0  # taverns and general stores (Townsmen)
    minus_two: int = 0  # cards worth -2 VP (the ogres' life of the party, X4.2)


class Regions(NamedTuple):
    """Every region of the mat, the region of each cell, and the passable sides of each cell."""

    region_of: tuple[int, ...]  # region index per cell (NO_REGION for an empty cell)
    regions: tuple[Region, ...]
    passable: tuple[int, ...]  # per cell: bit s set when a dwarf may cross side s
    frontier: tuple[int, ...]  # empty cells next to a card (where a new card may go)
    monsters: tuple[int, ...]  # cells holding a dragon or a frost giant
    empty: bool  # no card on the mat
    occupied: tuple[int, ...]  # cells holding a card


OPEN_MASK = tuple(~LAYER_WALLS[p] & 0b1111 for p in range(NUM_LAYERS))  # open sides of a lying card
# per cell: (side bit, neighbour, bit of the neighbour's facing side) for neighbours on the mat
LINKS = tuple(
    tuple((1 << side, nb, 1 << OPPOSITE[side], side) for side, nb in enumerate(NEIGHBOUR[c]) if nb >= 0)
    for c in range(NUM_CELLS)
)
SPOTS_OF_LAYER = tuple(SPOTS[LAYER_KIND[p]] for p in range(NUM_LAYERS))
ON_MAT_NEIGHBOURS = tuple(tuple(nb for nb in NEIGHBOUR[c] if nb >= 0) for c in range(NUM_CELLS))


def passable_sides(top: list[int], cell: int) -> int:
    """Bit mask of the sides of ``cell`` a dwarf may cross (a card on both sides, no wall)."""
    here = top[cell]
    if here < 0:
        return 0
    open_here = OPEN_MASK[here]
    mask = 0
    for bit, nb, facing, _ in LINKS[cell]:
        there = top[nb]
        if there >= 0 and open_here & bit and OPEN_MASK[there] & facing:
            mask |= bit
    return mask


# per packed layer: its kind as a bit, VP, whether a monster / an inn / a -2 card, castle colour
LAYER_KIND_BIT = tuple(1 << LAYER_KIND[p] for p in range(NUM_LAYERS))
LAYER_MONSTER = tuple(int(IS_MONSTER[LAYER_KIND[p]]) for p in range(NUM_LAYERS))
LAYER_INN = tuple(int(LAYER_KIND[p] in INNS) for p in range(NUM_LAYERS))
LAYER_MINUS_TWO = tuple(int(KIND_VP[LAYER_KIND[p]] == LIFE_OF_PARTY_FROM) for p in range(NUM_LAYERS))
LAYER_CASTLE = tuple(LAYER_COLOUR[p] if IS_CASTLE[LAYER_KIND[p]] else -1 for p in range(NUM_LAYERS))
DRAGON_BITS = 1 << DRAGON | 1 << FOREST_DRAGON
FROST_BIT, WOLF_BIT, TREANT_BIT = 1 << FROST_GIANT, 1 << BIG_BAD_WOLF, 1 << TREANT


ALL_CELLS = tuple(range(NUM_CELLS))
EMPTY_MAT = Regions((NO_REGION,) * NUM_CELLS, (), (0,) * NUM_CELLS, CENTRE_CELLS, (), True, ())


def _region(top, cells: tuple[int, ...]) -> Region:
    """The region of the connected ``cells`` (``top``: packed top layer per cell)."""
    mask = vp = monsters = inns = minus_two = 0
    castles = []
    for c in cells:
        t = top[c]
        mask |= LAYER_KIND_BIT[t]
        vp += LAYER_VP[t]
        monsters += LAYER_MONSTER[t]
        inns += LAYER_INN[t]
        minus_two += LAYER_MINUS_TWO[t]
        if LAYER_CASTLE[t] >= 0:
            castles.append(LAYER_CASTLE[t])
    castles.sort()
    return Region(cells, bool(mask & DRAGON_BITS), bool(mask & FROST_BIT), tuple(castles), vp, monsters,
                  bool(mask & WOLF_BIT), bool(mask & TREANT_BIT), inns, minus_two)


def compute_regions(top: list[int]) -> Regions:
    """Regions, passable sides and the frontier of the mat ``top``."""
    occupied = tuple([c for c in ALL_CELLS if top[c] >= 0])
    if not occupied:
        return EMPTY_MAT
    passable_list = [0] * NUM_CELLS
    front: set[int] = set()
    monsters = []
    for c in occupied:  # passable sides, frontier and monsters in one sweep
        here = top[c]
        open_here = OPEN_MASK[here]
        mask = 0
        for bit, nb, facing, _ in LINKS[c]:
            there = top[nb]
            if there < 0:
                front.add(nb)
            elif open_here & bit and OPEN_MASK[there] & facing:
                mask |= bit
        passable_list[c] = mask
        if LAYER_MONSTER[here]:
            monsters.append(c)
    region_of = [NO_REGION] * NUM_CELLS
    regions: list[Region] = []
    for start in occupied:
        if region_of[start] != NO_REGION:
            continue
        index = len(regions)
        region_of[start] = index
        if not passable_list[start]:  # walled off from every neighbour: a region of its own
            regions.append(_lone_region(top[start], start))
            continue
        stack = [start]
        cells = []
        while stack:
            cell = stack.pop()
            cells.append(cell)
            mask = passable_list[cell]
            for bit, nb, _, _ in LINKS[cell]:
                if mask & bit and region_of[nb] == NO_REGION:
                    region_of[nb] = index
                    stack.append(nb)
        cells.sort()
        regions.append(_region(top, tuple(cells)))
    return Regions(tuple(region_of), tuple(regions), tuple(passable_list), tuple(sorted(front)), tuple(monsters),
                   False, occupied)


def add_card(regions: Regions, top: list[int], cell: int) -> Regions:
    """``compute_regions(top)`` after a card was put on ``cell``, empty on the mat ``regions``
    describes: the regions it connects to merge with it, the others stay as they are."""
    if regions.empty:
        return compute_regions(top)
    here = top[cell]
    open_here = OPEN_MASK[here]
    passable = list(regions.passable)
    old_of = regions.region_of
    mask = 0
    joined: list[int] = []  # indices of the regions the card connects to
    front = set(regions.frontier)
    front.discard(cell)
    for bit, nb, facing, _ in LINKS[cell]:
        there = top[nb]
        if there < 0:
            front.add(nb)
        elif open_here & bit and OPEN_MASK[there] & facing:
            mask |= bit
            passable[nb] |= facing
            if old_of[nb] not in joined:
                joined.append(old_of[nb])
    passable[cell] = mask
    old = regions.regions
    if joined:
        cells = [cell]
        for index in joined:
            cells += old[index].cells
        cells.sort()
        merged = _merged([old[i] for i in joined], here, tuple(cells))
        kept = [r for i, r in enumerate(old) if i not in joined]
    else:
        merged = _lone_region(here, cell)
        kept = list(old)
    first = merged.cells[0]
    at = 0  # regions keep the order of their first cells (as ``compute_regions`` finds them)
    while at < len(kept) and kept[at].cells[0] < first:
        at += 1
    kept.insert(at, merged)
    region_of = list(old_of)
    for index in range(min([at] + joined), len(kept)):
        for c in kept[index].cells:
            region_of[c] = index
    monsters = regions.monsters
    if LAYER_MONSTER[here]:
        monsters = tuple(sorted(monsters + (cell,)))
    return Regions(tuple(region_of), tuple(kept), tuple(passable), tuple(sorted(front)), monsters, False,
                   tuple(sorted(regions.occupied + (cell,))))


def _merged(parts: list[Region], packed: int, cells: tuple[int, ...]) -> Region:
    """The region of ``cells``: the regions ``parts`` joined by one card (packed layer ``packed``),
    as ``_region`` finds it."""
    castles = [c for r in parts for c in r.castles]
    if LAYER_CASTLE[packed] >= 0:
        castles.append(LAYER_CASTLE[packed])
    castles.sort()
    bit = LAYER_KIND_BIT[packed]
    return Region(cells, any(r.dragon for r in parts) or bool(bit & DRAGON_BITS),
                  any(r.frost_giant for r in parts) or bool(bit & FROST_BIT), tuple(castles),
                  sum(r.vp for r in parts) + LAYER_VP[packed], sum(r.monsters for r in parts) + LAYER_MONSTER[packed],
                  any(r.wolf for r in parts) or bool(bit & WOLF_BIT), any(r.treant for r in parts) or bool(bit & TREANT_BIT),
                  sum(r.inns for r in parts) + LAYER_INN[packed], sum(r.minus_two for r in parts) + LAYER_MINUS_TWO[packed])


# per packed layer, per cell: the region of that card alone (filled on first use; a Region is
# immutable, so one serves every mat)
LONE_REGIONS: tuple[dict[int, Region], ...] = tuple({} for _ in range(NUM_LAYERS))


def _lone_region(top: int, cell: int) -> Region:
    """The region of a single card (packed layer ``top``) on ``cell``."""
    region = LONE_REGIONS[top].get(cell)
    if region is None:
        region = LONE_REGIONS[top][cell] = _region({cell: top}, (cell,))
    return region


def frontier_cells(top: list[int], occupied: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """Empty cells next to a card; the centre square while the mat is empty (R3.2)."""
    if occupied is None:
        occupied = tuple(c for c in range(NUM_CELLS) if top[c] >= 0)
    if not occupied:
        return CENTRE_CELLS
    return tuple(sorted({nb for c in occupied for nb in ON_MAT_NEIGHBOURS[c] if top[nb] < 0}))


def can_stack_on(top_layer: int, kind: int, crowd: int) -> bool:
    """Whether a card of ``kind`` may go on a stack whose top is ``top_layer`` (R3.3)."""
    return (top_layer >= 0 and LAYER_KIND[top_layer] == kind and not UNSTACKABLE[kind]
            and crowd == 0)


def monster_in(region: Region) -> bool:
    """Whether any monster stands in ``region``."""
    return region.monsters > 0


def distances_within(passable: tuple[int, ...], has_room: list[bool], start: int, reach: int) -> list[int]:
    """Cards reachable from ``start`` in 1..``reach`` crossings, every card entered having room."""
    seen = {start}
    frontier = [start]
    found: list[int] = []
    for _ in range(reach):
        nxt = []
        for cell in frontier:
            mask = passable[cell]
            for side in range(NUM_SIDES):
                if mask >> side & 1:
                    nb = NEIGHBOUR[cell][side]
                    if nb not in seen and has_room[nb]:
                        seen.add(nb)
                        nxt.append(nb)
                        found.append(nb)
        frontier = nxt
    return sorted(found)


__all__ = [
    "IS_MONSTER",
    "NO_REGION",
    "OPEN_MASK",
    "Region",
    "Regions",
    "add_card",
    "can_stack_on",
    "compute_regions",
    "distances_within",
    "frontier_cells",
    "monster_in",
    "passable_sides",
]
