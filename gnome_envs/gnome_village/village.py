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
    CENTER_CELL,
    CODE_ARM,
    CODE_INFO,
    CODE_KIND,
    IS_BUILDING,
    NEIGHBOUR,
    NUM_CELLS,
    NUM_DIRECTIONS,
    ORTHOGONAL,
    TileKind,
)

OPPOSITE = tuple((d + 2) % NUM_DIRECTIONS for d in range(NUM_DIRECTIONS))
ROAD_KIND = int(TileKind.ROAD)
EAST_AND_SOUTH = (1, 2)  # each shared edge is visited once, from its west or north tile
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


def walk_labels(grid: list[int]) -> list[int]:
    """Per cell, a label shared by buildings a gnome can walk between (-1: not a building)."""
    parent = list(range(_GROUP_NODE_BASE + NUM_CELLS * NUM_DIRECTIONS))

    def find(node: int) -> int:
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    for cell in range(NUM_CELLS):
        code = grid[cell]
        if not code:
            continue
        for direction in EAST_AND_SOUTH:
            neighbour = NEIGHBOUR[cell][direction]
            if neighbour < 0 or not grid[neighbour]:
                continue
            a = _side_node(code, cell, direction)
            b = _side_node(grid[neighbour], neighbour, OPPOSITE[direction])
            if a >= 0 and b >= 0:
                parent[find(a)] = find(b)
    return [find(cell) if IS_BUILDING[grid[cell]] else -1 for cell in range(NUM_CELLS)]
