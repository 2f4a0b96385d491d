"""Village geometry: placement, the placement rules, and where gnomes can walk.

A village is a list of 49 tile codes (see ``components``). Rules encoded here:

* placement (R3.1): a road goes on an empty cell next to any tile; a building (house,
  workshop, business) goes on an empty cell next to a road whose open path faces it; the first
  tile of a village goes in the centre;
* the placement rules as a whole (R3.2): every building borders a road with an open path
  towards it, every road borders another tile, and all tiles form one connected village;
* walking (R3.4): gnomes cross buildings freely, follow road paths, and never cross a
  blockade (the arms of one road tile split into groups that do not connect).
"""

from __future__ import annotations

from gnome_envs.gnome_village.components import (
    CANONICAL_ROTATIONS,
    CENTER_CELL,
    CODE_ARM,
    CODE_INFO,
    CODE_KIND,
    IS_BUILDING,
    IS_WORKPLACE,
    NEIGHBOUR,
    NUM_CELLS,
    NUM_CODES,
    NUM_DIRECTIONS,
    ORTHOGONAL,
    TileKind,
    road_code,
)

OPPOSITE = tuple((d + 2) % NUM_DIRECTIONS for d in range(NUM_DIRECTIONS))
ROAD_KIND = int(TileKind.ROAD)
# side_node: node id of a tile side for walking; building sides share the cell's node, a road
# side belongs to its arm's group, a road side without an arm is closed (-1).
_GROUP_NODE_BASE = NUM_CELLS
_SIDE_GROUP = tuple(info.arm_group for info in CODE_INFO)


def placement_cells(grid: list[int]) -> tuple[list[int], list[int]]:
    """Empty cells where a road may go, and where a building may go."""
    roads: list[int] = []
    buildings: list[int] = []
    empty_village = True
    for cell in range(NUM_CELLS):
        if grid[cell]:
            empty_village = False
            continue
        touches = False
        faced = False
        for direction, neighbour in ORTHOGONAL[cell]:
            code = grid[neighbour]
            if code:
                touches = True
                if CODE_ARM[code][OPPOSITE[direction]]:
                    faced = True
                    break
        if touches:
            roads.append(cell)
        if faced:
            buildings.append(cell)
    if empty_village:
        return [CENTER_CELL], []
    return roads, buildings


def faces_road(grid: list[int], cell: int) -> bool:
    """Whether a road next to ``cell`` has an open path towards it."""
    return any(CODE_ARM[grid[n]][OPPOSITE[d]] for d, n in ORTHOGONAL[cell])


def touches_tile(grid: list[int], cell: int) -> bool:
    """Whether ``cell`` shares a side with any tile."""
    return any(grid[n] for _, n in ORTHOGONAL[cell])


def complies(grid: list[int]) -> bool:
    """Whether the village meets every placement rule (R3.2)."""
    first = -1
    count = 0
    for cell in range(NUM_CELLS):
        code = grid[cell]
        if not code:
            continue
        count += 1
        first = cell
        if CODE_KIND[code] == ROAD_KIND:
            if not touches_tile(grid, cell):
                return False
        elif not faces_road(grid, cell):
            return False
    return count > 0 and _connected_size(grid, first) == count


def _connected_size(grid: list[int], start: int) -> int:
    seen = {start}
    stack = [start]
    while stack:
        cell = stack.pop()
        for _, neighbour in ORTHOGONAL[cell]:
            if grid[neighbour] and neighbour not in seen:
                seen.add(neighbour)
                stack.append(neighbour)
    return len(seen)


def _side_node(code: int, cell: int, direction: int) -> int:
    if IS_BUILDING[code]:
        return cell
    group = _SIDE_GROUP[code][direction]
    if group < 0:
        return -1
    return _GROUP_NODE_BASE + cell * NUM_DIRECTIONS + group


# _SIDE_NODES[cell][code]: _side_node of each side of ``code`` lying on ``cell``
_SIDE_NODES = tuple(tuple(tuple(_side_node(code, cell, d) for d in range(NUM_DIRECTIONS)) for code in range(NUM_CODES))
                    for cell in range(NUM_CELLS))
_NUM_NODES = _GROUP_NODE_BASE + NUM_CELLS * NUM_DIRECTIONS
# _LINKS[cell]: (side, neighbour, the neighbour's facing side) for each neighbour on the grid
_LINKS = tuple(tuple((d, n, OPPOSITE[d]) for d, n in ORTHOGONAL[cell]) for cell in range(NUM_CELLS))
# _GROUP_LINKS[cell][code][group]: the links leaving a road's arm group (() for other codes)
_GROUP_LINKS = tuple(tuple(tuple(tuple(link for link in _LINKS[cell] if _SIDE_GROUP[code][link[0]] == group)
                                 for group in range(NUM_DIRECTIONS)) for code in range(NUM_CODES))
                     for cell in range(NUM_CELLS))


# The links of walk_areas' flood, each (neighbour, side node per code of the neighbour):
# _WALK_LINKS[cell] leaves a building on ``cell``; _GROUP_WALK_LINKS[node][code] leaves the road
# arm group ``node`` of a road ``code`` (() for a node that is no arm group of that code).
_NODE_CELL = tuple(range(NUM_CELLS)) + tuple(node // NUM_DIRECTIONS for node in range(NUM_CELLS * NUM_DIRECTIONS))
_WALK_LINKS = tuple(tuple((n, tuple(_SIDE_NODES[n][code][facing] for code in range(NUM_CODES)))
                          for _, n, facing in _LINKS[cell]) for cell in range(NUM_CELLS))
_GROUP_WALK_LINKS = (((),) * NUM_CODES,) * NUM_CELLS + tuple(
    tuple(tuple((n, tuple(_SIDE_NODES[n][other][facing] for other in range(NUM_CODES)))
                for _, n, facing in _GROUP_LINKS[cell][code][group]) for code in range(NUM_CODES))
    for cell in range(NUM_CELLS) for group in range(NUM_DIRECTIONS))


def walk_areas(grid: list[int]) -> tuple[list[int], dict[int, tuple[int, ...]]]:
    """Walking label per cell (-1: not a building), and per label of a building the workshop
    and business cells of that walking area in cell order. A label is the first building cell
    of its area, found by a flood over the open tile sides."""
    labels = [-1] * NUM_CELLS
    areas: dict[int, tuple[int, ...]] = {}
    reached = bytearray(_NUM_NODES)
    for start, code in enumerate(grid):
        if not IS_BUILDING[code] or reached[start]:
            continue
        reached[start] = 1
        stack = [start]
        workplaces = []
        while stack:
            node = stack.pop()
            if node < _GROUP_NODE_BASE:  # a building: every side is open
                labels[node] = start
                if IS_WORKPLACE[grid[node]]:
                    workplaces.append(node)
                links = _WALK_LINKS[node]
            else:
                links = _GROUP_WALK_LINKS[node][grid[_NODE_CELL[node]]]
            for neighbour, sides in links:
                other = grid[neighbour]
                if other:
                    side = sides[other]
                    if side >= 0 and not reached[side]:
                        reached[side] = 1
                        stack.append(side)
        workplaces.sort()
        areas[start] = tuple(workplaces)
    return labels, areas


def walk_labels(grid: list[int]) -> list[int]:
    """Per cell, a label shared by buildings a gnome can walk between (-1: not a building)."""
    return walk_areas(grid)[0]


def _components(grid: list[int]) -> tuple[list[int], int]:
    """Connected group index per tile cell (-1 for empty cells) and the number of groups."""
    label = [-1] * NUM_CELLS
    groups = 0
    for start in range(NUM_CELLS):
        if not grid[start] or label[start] >= 0:
            continue
        label[start] = groups
        stack = [start]
        while stack:
            cell = stack.pop()
            for _, neighbour in ORTHOGONAL[cell]:
                if grid[neighbour] and label[neighbour] < 0:
                    label[neighbour] = groups
                    stack.append(neighbour)
        groups += 1
    return label, groups


def _variants(code: int) -> tuple[tuple[int, int], ...]:
    info = CODE_INFO[code]
    if info.kind != TileKind.ROAD:
        return ((code, 0),)
    return tuple((road_code(info.sub, r), r) for r in CANONICAL_ROTATIONS[info.sub])


# VARIANTS[code]: (code, rotation) of each distinct orientation of a tile (buildings have one)
VARIANTS = tuple(_variants(code) for code in range(NUM_CODES))
# SORTED_NEIGHBOURS[cell]: the in-grid orthogonal neighbours of ``cell`` in cell order
SORTED_NEIGHBOURS = tuple(tuple(sorted(n for _, n in ORTHOGONAL[cell])) for cell in range(NUM_CELLS))


def variants(code: int) -> tuple[tuple[int, int], ...]:
    """(code, rotation) of each distinct orientation of a tile (buildings have one)."""
    return VARIANTS[code]


def cut_cells(grid: list[int]) -> set[int]:
    """Tiles whose removal splits a connected village (articulation points)."""
    order: dict[int, int] = {}
    low: dict[int, int] = {}
    cuts: set[int] = set()

    def visit(cell: int, parent: int) -> None:
        order[cell] = low[cell] = len(order)
        children = 0
        for _, neighbour in ORTHOGONAL[cell]:
            if not grid[neighbour] or neighbour == parent:
                continue
            if neighbour in order:
                low[cell] = min(low[cell], order[neighbour])
                continue
            children += 1
            visit(neighbour, cell)
            low[cell] = min(low[cell], low[neighbour])
            if parent >= 0 and low[neighbour] >= order[cell]:
                cuts.add(cell)
        if parent < 0 and children > 1:
            cuts.add(cell)

    start = next((c for c in range(NUM_CELLS) if grid[c]), -1)
    if start >= 0:
        visit(start, -1)
    return cuts


def can_relocate(grid: list[int], source: int, splits: bool, building_room: bool,
                 targets: list[int] | None = None) -> bool:
    """Whether the tile on ``source`` has at least one relocation (R11.8); ``targets``, when
    given, are the empty cells next to a tile of ``grid`` (see :func:`relocations`).

    Shortcut: a building whose removal splits nothing and leaves no road alone can move to any
    free building cell of the village (``building_room``), since buildings carry no paths."""
    if not splits and building_room and IS_BUILDING[grid[source]]:
        alone = any(grid[n] and CODE_KIND[grid[n]] == ROAD_KIND
                    and not any(grid[m] for _, m in ORTHOGONAL[n] if m != source)
                    for _, n in ORTHOGONAL[source])
        if not alone:
            return True
    return bool(relocations(grid, source, first_only=True, splits=splits, targets=targets))


def relocations(grid: list[int], source: int, first_only: bool = False, splits: bool = True,
                targets: list[int] | None = None) -> list[tuple[int, int]]:
    """Every (cell, rotation) the tile on ``source`` may move to so that a compliant village
    stays compliant (R11.8), in cell order. Only what the move changes is checked: buildings
    that faced the lifted road, roads left alone, and the groups the lifted tile held together.
    ``targets`` (None: every cell) narrows the cells tried when no tile needs the lifted one:
    the empty cells next to a tile of ``grid`` hold every target, since a target must touch a
    tile left in the village."""
    code = grid[source]
    trial = grid[:]
    trial[source] = 0
    around_source = NEIGHBOUR[source]
    lost_path = [n for n in around_source
                 if n >= 0 and trial[n] and IS_BUILDING[trial[n]] and not faces_road(trial, n)]
    lonely = [n for n in around_source
              if n >= 0 and trial[n] and CODE_KIND[trial[n]] == ROAD_KIND and not touches_tile(trial, n)]
    found = []
    shapes = VARIANTS[code]
    # Turning a road in place keeps every group together: each group touches the source cell.
    for variant, rotation in shapes:
        if variant != code and all(CODE_ARM[variant][around_source.index(n)] for n in lost_path):
            found.append((source, rotation))
            if first_only:
                return found
    required = lonely + lost_path
    # a target must border every tile that needs the lifted one: only the first one's neighbours qualify
    label, groups = trial, 0  # the groups left once the tile is lifted, counted when a target needs them
    candidates = SORTED_NEIGHBOURS[required[0]] if required else (range(NUM_CELLS) if targets is None else targets)
    for target in candidates:
        if trial[target] or target == source:
            continue
        around = NEIGHBOUR[target]
        if required and any(n not in around for n in required):
            continue
        if not groups:
            label, groups = _components(trial) if splits else (trial, 1)
        if groups == 1:
            if not any(map(trial.__getitem__, SORTED_NEIGHBOURS[target])):
                continue
        elif len({label[n] for n in SORTED_NEIGHBOURS[target] if trial[n]}) != groups:
            continue
        for variant, rotation in shapes:
            if IS_BUILDING[variant] and not faces_road(trial, target):
                continue
            if all(CODE_ARM[variant][around.index(n)] for n in lost_path):
                found.append((target, rotation))
                if first_only:
                    return found
    return sorted(found)


def relocations_by_full_check(grid: list[int], source: int) -> list[tuple[int, int]]:
    """Reference for :func:`relocations`: try every move and test the whole village."""
    code = grid[source]
    trial = grid[:]
    trial[source] = 0
    found = []
    for target in range(NUM_CELLS):
        if trial[target]:
            continue
        for variant, rotation in VARIANTS[code]:
            if target == source and variant == code:
                continue
            trial[target] = variant
            if complies(trial):
                found.append((target, rotation))
            trial[target] = 0
    return found


def business_cells(grids: list[list[int]]) -> list[tuple[int, int]]:
    """(village, cell) of each business tile id, (-1, -1) for a tile in no village."""
    from gnome_envs.gnome_village.components import CODE_SUB, NUM_BUSINESS_TILES

    cells = [(-1, -1)] * NUM_BUSINESS_TILES
    for v, grid in enumerate(grids):
        for cell, code in enumerate(grid):
            if CODE_KIND[code] == TileKind.BUSINESS:
                cells[CODE_SUB[code]] = (v, cell)
    return cells


def grow_placement(cells: tuple[list[int], list[int]], grid: list[int], cell: int) -> tuple[list[int], list[int]]:
    """Placement cells after a tile was put on the empty ``cell`` of ``grid`` (already updated):
    the cell itself is gone, its empty neighbours may take a road, and the empty neighbours its
    road paths face may take a building."""
    roads = set(cells[0])
    buildings = set(cells[1])
    roads.discard(cell)
    buildings.discard(cell)
    arms = CODE_ARM[grid[cell]]
    for direction, neighbour in ORTHOGONAL[cell]:
        if not grid[neighbour]:
            roads.add(neighbour)
            if arms[direction]:
                buildings.add(neighbour)
    return sorted(roads), sorted(buildings)
