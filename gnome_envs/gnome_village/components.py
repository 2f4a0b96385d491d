"""Gnome Village components as immutable tables.

Counts fixed by the rulebook: 45 road tiles, 20 houses (5 per player), 20 gnomes (5 per
colour), 72 coins, 8 product tokens, 1 Happy Gnome, 45 forest cards, 23 business tiles
(19 base + 4 Deluxe), workshop stacks of 5/4/3 per type for 4/3/2 players.
The contents the rulebook leaves open (road shapes and blockades, the forest and business mix,
coin values, the village grid) are designed here and recorded in ``seeds/gnome_village.md``.

Village grid (7 x 7, first tile in the centre), cells numbered row-major::

        col 0  1  2  3  4  5  6
    row 0    0  1  2  3  4  5  6        N
    row 1    7  8  9 10 11 12 13      W + E
    row 2   14 15 16 17 18 19 20        S
    row 3   21 22 23 24 25 26 27
    row 4   28 29 30 31 32 33 34
    row 5   35 36 37 38 39 40 41
    row 6   42 43 44 45 46 47 48

Tile codes (one int per cell describes the whole tile)::

    0            empty
    1 .. 32      road: 1 + shape * 4 + rotation (rotation r turns the shape r quarter turns clockwise)
    33, 34       house, lights off / lights on
    35 .. 42     workshop: 35 + 2 * type + active
    43 .. 65     business tile 0 .. 22 (each business tile is its own code)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

import numpy as np

# ----------------------------------------------------------------------------- grid
GRID_SIZE = 7
NUM_CELLS = GRID_SIZE * GRID_SIZE
CENTER_CELL = (GRID_SIZE // 2) * GRID_SIZE + GRID_SIZE // 2
NUM_ROTATIONS = 4


class Direction(IntEnum):
    """Sides of a square tile, clockwise from north."""

    N = 0
    E = 1
    S = 2
    W = 3


NUM_DIRECTIONS = len(Direction)
DIRECTION_STEP = {Direction.N: (-1, 0), Direction.E: (0, 1), Direction.S: (1, 0), Direction.W: (0, -1)}


def opposite(direction: int) -> int:
    """The side facing ``direction`` across a shared edge."""
    return (direction + 2) % NUM_DIRECTIONS


def _neighbour(cell: int, direction: int) -> int:
    row, col = divmod(cell, GRID_SIZE)
    d_row, d_col = DIRECTION_STEP[Direction(direction)]
    row, col = row + d_row, col + d_col
    if 0 <= row < GRID_SIZE and 0 <= col < GRID_SIZE:
        return row * GRID_SIZE + col
    return -1


# NEIGHBOUR[cell][direction] -> neighbouring cell or -1 off the grid
NEIGHBOUR: tuple[tuple[int, ...], ...] = tuple(
    tuple(_neighbour(cell, d) for d in Direction) for cell in range(NUM_CELLS)
)
# ORTHOGONAL[cell] -> ((direction, neighbour), ...) for in-grid neighbours only
ORTHOGONAL: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((d, n) for d, n in enumerate(NEIGHBOUR[cell]) if n >= 0) for cell in range(NUM_CELLS)
)


def _ring(cell: int) -> tuple[int, ...]:
    row, col = divmod(cell, GRID_SIZE)
    out = []
    for d_row in (-1, 0, 1):
        for d_col in (-1, 0, 1):
            r, c = row + d_row, col + d_col
            if (d_row or d_col) and 0 <= r < GRID_SIZE and 0 <= c < GRID_SIZE:
                out.append(r * GRID_SIZE + c)
    return tuple(out)


# RING[cell] -> the up-to-8 cells around ``cell``, diagonals included (Theater)
RING: tuple[tuple[int, ...], ...] = tuple(_ring(cell) for cell in range(NUM_CELLS))


def cell_name(cell: int) -> str:
    """Chess-like name of a cell: column letter a-g, row number 1-7 from the top."""
    row, col = divmod(cell, GRID_SIZE)
    return f"{'abcdefg'[col]}{row + 1}"


# ----------------------------------------------------------------------------- roads
@dataclass(frozen=True)
class RoadShape:
    """A road tile design: groups of arms joined inside the tile (a blockade splits groups)."""

    name: str
    symbol: str
    groups: tuple[tuple[int, ...], ...]  # arms per group, unrotated
    count: int  # tiles of this design among the 45

    @property
    def has_blockade(self) -> bool:
        """Whether a blockade splits the paths of the tile."""
        return len(self.groups) > 1


N, E, S, W = Direction.N, Direction.E, Direction.S, Direction.W

ROAD_SHAPES: tuple[RoadShape, ...] = (
    RoadShape("four-way", "+", ((N, E, S, W),), 14),
    RoadShape("T-junction", "T", ((E, S, W),), 10),
    RoadShape("straight", "|", ((N, S),), 6),
    RoadShape("corner", "L", ((N, E),), 6),
    RoadShape("straight with blockade", "!", ((N,), (S,)), 3),
    RoadShape("corner with blockade", "j", ((N,), (E,)), 2),
    RoadShape("T-junction with blockade", "t", ((E, W), (S,)), 2),
    RoadShape("four-way with blockade", "x", ((N, E), (S, W)), 2),
)
NUM_ROAD_TILES = 45


class RoadShapeId(IntEnum):
    """Indices into ROAD_SHAPES."""

    FOUR_WAY = 0
    T_JUNCTION = 1
    STRAIGHT = 2
    CORNER = 3
    STRAIGHT_BLOCKADE = 4
    CORNER_BLOCKADE = 5
    T_BLOCKADE = 6
    FOUR_WAY_BLOCKADE = 7


STARTING_ROADS: tuple[tuple[RoadShapeId, int], ...] = (
    (RoadShapeId.FOUR_WAY, 3),
    (RoadShapeId.T_JUNCTION, 2),
)
STARTING_HOUSES = 2
STARTING_COINS = 4

# ----------------------------------------------------------------------------- workshops
class WorkshopType(IntEnum):
    """The four workshop (and product) types."""

    PAINTER = 0
    CARPENTER = 1
    SCHOOL = 2
    GARDENER = 3


NUM_WORKSHOP_TYPES = len(WorkshopType)
WORKSHOPS_PER_TYPE_BY_PLAYERS = {2: 3, 3: 4, 4: 5}
HOUSES_PER_PLAYER = 5
HOUSE_LIMIT = 5  # houses in one village
GNOMES_PER_COLOUR = 5
PRODUCTS_PER_TYPE = 2
TOTAL_COINS = 72
WORKSHOP_ACTION_COIN_COST = 3  # pay instead of a workshop: road, gnome or one workshop action
BUSINESS_COST = 1
WORKSHOP_COST = 2
DISPLAY_SLOTS = 2

# ----------------------------------------------------------------------------- scoring
POINTS_PER_WORKSHOP = 2
POINTS_PER_LIT_HOUSE = 2
POINTS_PER_RESTAURANT = 1
POINTS_PER_HAT_WITH_HAPPY_GNOME = 1
POINTS_PER_COIN = 1

# ----------------------------------------------------------------------------- businesses
class BusinessAction(IntEnum):
    """What a business does when a gnome is placed on it."""

    POLICE = 0
    CHAPEL = 1
    THEATER = 2
    COURIER = 3
    MILITARY = 4
    THIEF = 5
    FINANCIAL_ADVISOR = 6
    ARCHITECT = 7
    DOCTOR = 8
    AIRPORT = 9
    GOLDSMITH = 10  # no action
    CONSTRUCTION_SITE = 11
    PRISON = 12
    SWIMMING_POOL = 13


NUM_BUSINESS_ACTIONS = len(BusinessAction)


class BusinessIcon(IntEnum):
    """Scoring icon printed on a business tile."""

    NONE = 0
    RESTAURANT = 1
    HAT = 2


@dataclass(frozen=True)
class BusinessTile:
    """One business tile."""

    tile_id: int
    name: str
    action: BusinessAction
    earn: int  # coins per gnome on it in the owner's Earn phase
    icon: BusinessIcon
    deluxe: bool


def _business_tiles() -> tuple[BusinessTile, ...]:
    A, Icon = BusinessAction, BusinessIcon
    designs = (
        ("Police Station", A.POLICE, 1, Icon.NONE, False),
        ("Hatter's Police Post", A.POLICE, 1, Icon.HAT, False),
        ("Chapel", A.CHAPEL, 1, Icon.NONE, False),
        ("Dinner Theater", A.THEATER, 1, Icon.RESTAURANT, False),
        ("Hat Theater", A.THEATER, 1, Icon.HAT, False),
        ("Courier", A.COURIER, 1, Icon.NONE, False),
        ("Courier Cafe", A.COURIER, 1, Icon.RESTAURANT, False),
        ("Military Hat Guard", A.MILITARY, 1, Icon.HAT, False),
        ("Thief's Den", A.THIEF, 1, Icon.NONE, False),
        ("Hat Thief", A.THIEF, 1, Icon.HAT, False),
        ("Financial Advisor", A.FINANCIAL_ADVISOR, 2, Icon.NONE, False),
        ("Advisor's Bistro", A.FINANCIAL_ADVISOR, 2, Icon.RESTAURANT, False),
        ("Architect's Diner", A.ARCHITECT, 1, Icon.RESTAURANT, False),
        ("Doctor", A.DOCTOR, 1, Icon.NONE, False),
        ("Hat Doctor", A.DOCTOR, 1, Icon.HAT, False),
        ("Airport", A.AIRPORT, 1, Icon.NONE, False),
        ("Goldsmith", A.GOLDSMITH, 2, Icon.NONE, False),
        ("Goldsmith Hatter", A.GOLDSMITH, 2, Icon.HAT, False),
        ("Goldsmith Tavern", A.GOLDSMITH, 2, Icon.RESTAURANT, False),
        ("Construction Site", A.CONSTRUCTION_SITE, 1, Icon.NONE, True),
        ("Construction Canteen", A.CONSTRUCTION_SITE, 1, Icon.RESTAURANT, True),
        ("Prison Hat Shop", A.PRISON, 1, Icon.HAT, True),
        ("Swimming Pool Snack Bar", A.SWIMMING_POOL, 2, Icon.RESTAURANT, True),
    )
    return tuple(
        BusinessTile(tile_id, name, action, earn, icon, deluxe)
        for tile_id, (name, action, earn, icon, deluxe) in enumerate(designs)
    )


BUSINESS_TILES: tuple[BusinessTile, ...] = _business_tiles()
NUM_BUSINESS_TILES = len(BUSINESS_TILES)
BASE_BUSINESS_IDS = tuple(t.tile_id for t in BUSINESS_TILES if not t.deluxe)
MAX_BUSINESS_EARN = max(t.earn for t in BUSINESS_TILES)

# ----------------------------------------------------------------------------- forest cards
class ForestKind(IntEnum):
    """The five forest card types."""

    ACTIVATE = 0
    REMOVAL = 1
    COINS = 2
    ROADS = 3
    ANGRY_GNOME = 4


NUM_FOREST_KINDS = len(ForestKind)
FOREST_BONUS_COIN = 1  # every card but Coins also pays its revealer one coin


@dataclass(frozen=True)
class ForestCard:
    """One forest card design."""

    kind: ForestKind
    icons: tuple[WorkshopType, ...] = ()  # Activate: workshop types to choose from
    coins: int = 0  # Coins: amount received
    all_players: bool = False  # the "all players" symbol

    def label(self) -> str:
        """Short text of the card."""
        who = " (all players)" if self.all_players else ""
        if self.kind == ForestKind.ACTIVATE:
            names = "/".join(t.name.title() for t in self.icons)
            return f"Activate {names}{who}"
        if self.kind == ForestKind.COINS:
            return f"{self.coins} coin{'s' if self.coins > 1 else ''}{who}"
        return f"{self.kind.name.replace('_', ' ').title()}{who}"


def _forest_cards() -> tuple[ForestCard, ...]:
    K, T = ForestKind, WorkshopType
    every = tuple(T)
    pairs = ((T.PAINTER, T.CARPENTER), (T.PAINTER, T.SCHOOL), (T.PAINTER, T.GARDENER),
             (T.CARPENTER, T.SCHOOL), (T.CARPENTER, T.GARDENER), (T.SCHOOL, T.GARDENER))
    cards: list[ForestCard] = [ForestCard(K.ACTIVATE, icons=p) for p in pairs]
    cards += [ForestCard(K.ACTIVATE, icons=every)] * 2
    cards += [ForestCard(K.ACTIVATE, icons=(T.PAINTER, T.CARPENTER), all_players=True),
              ForestCard(K.ACTIVATE, icons=(T.SCHOOL, T.GARDENER), all_players=True)]
    cards += [ForestCard(K.ACTIVATE, icons=every, all_players=True)] * 2
    cards += [ForestCard(K.REMOVAL)] * 4
    cards += [ForestCard(K.COINS, coins=1)] * 4 + [ForestCard(K.COINS, coins=2)] * 5
    cards += [ForestCard(K.COINS, coins=3)] * 3
    cards += [ForestCard(K.COINS, coins=1, all_players=True), ForestCard(K.COINS, coins=2, all_players=True)]
    cards += [ForestCard(K.ROADS)] * 7 + [ForestCard(K.ROADS, all_players=True)] * 2
    cards += [ForestCard(K.ANGRY_GNOME)] * 6
    return tuple(cards)


FOREST_CARDS: tuple[ForestCard, ...] = _forest_cards()
NUM_FOREST_CARDS = 45

# ----------------------------------------------------------------------------- tile codes
class TileKind(IntEnum):
    """What occupies a village cell."""

    EMPTY = 0
    ROAD = 1
    HOUSE = 2
    WORKSHOP = 3
    BUSINESS = 4


CODE_EMPTY = 0
CODE_ROAD_BASE = 1
CODE_HOUSE_OFF = CODE_ROAD_BASE + len(ROAD_SHAPES) * NUM_ROTATIONS
CODE_HOUSE_ON = CODE_HOUSE_OFF + 1
CODE_WORKSHOP_BASE = CODE_HOUSE_ON + 1
CODE_BUSINESS_BASE = CODE_WORKSHOP_BASE + 2 * NUM_WORKSHOP_TYPES
NUM_CODES = CODE_BUSINESS_BASE + NUM_BUSINESS_TILES


def road_code(shape: int, rotation: int) -> int:
    """Tile code of road ``shape`` turned ``rotation`` quarter turns clockwise."""
    return CODE_ROAD_BASE + shape * NUM_ROTATIONS + rotation


def workshop_code(kind: int, active: bool) -> int:
    """Tile code of a workshop of ``kind``."""
    return CODE_WORKSHOP_BASE + 2 * kind + int(active)


def business_code(tile_id: int) -> int:
    """Tile code of business tile ``tile_id``."""
    return CODE_BUSINESS_BASE + tile_id


def _rotate(direction: int, rotation: int) -> int:
    return (direction + rotation) % NUM_DIRECTIONS


@dataclass(frozen=True)
class CodeInfo:
    """Everything static about a tile code."""

    kind: TileKind
    sub: int  # road shape, workshop type or business tile id (-1 otherwise)
    rotation: int
    flag: bool  # house lights on / workshop active
    arm_group: tuple[int, ...]  # road: group index per direction (-1: no arm)
    canonical: bool  # road: first rotation giving this orientation


def _code_info(code: int) -> CodeInfo:
    none = (-1,) * NUM_DIRECTIONS
    if code == CODE_EMPTY:
        return CodeInfo(TileKind.EMPTY, -1, 0, False, none, False)
    if code < CODE_HOUSE_OFF:
        shape, rotation = divmod(code - CODE_ROAD_BASE, NUM_ROTATIONS)
        groups = [-1] * NUM_DIRECTIONS
        for index, arms in enumerate(ROAD_SHAPES[shape].groups):
            for arm in arms:
                groups[_rotate(arm, rotation)] = index
        orientation = _orientation(shape, rotation)
        canonical = all(_orientation(shape, r) != orientation for r in range(rotation))
        return CodeInfo(TileKind.ROAD, shape, rotation, False, tuple(groups), canonical)
    if code in (CODE_HOUSE_OFF, CODE_HOUSE_ON):
        return CodeInfo(TileKind.HOUSE, -1, 0, code == CODE_HOUSE_ON, none, False)
    if code < CODE_BUSINESS_BASE:
        kind, active = divmod(code - CODE_WORKSHOP_BASE, 2)
        return CodeInfo(TileKind.WORKSHOP, kind, 0, bool(active), none, False)
    return CodeInfo(TileKind.BUSINESS, code - CODE_BUSINESS_BASE, 0, False, none, False)


def _orientation(shape: int, rotation: int) -> frozenset[frozenset[int]]:
    return frozenset(
        frozenset(_rotate(arm, rotation) for arm in arms) for arms in ROAD_SHAPES[shape].groups
    )


CODE_INFO: tuple[CodeInfo, ...] = tuple(_code_info(code) for code in range(NUM_CODES))
CODE_KIND: tuple[int, ...] = tuple(int(info.kind) for info in CODE_INFO)
CODE_SUB: tuple[int, ...] = tuple(info.sub for info in CODE_INFO)
# CODE_ARM[code][direction] -> True if a road code has an open path on that side
CODE_ARM: tuple[tuple[bool, ...], ...] = tuple(
    tuple(group >= 0 for group in info.arm_group) for info in CODE_INFO
)
IS_BUILDING: tuple[bool, ...] = tuple(
    kind in (TileKind.HOUSE, TileKind.WORKSHOP, TileKind.BUSINESS) for kind in CODE_KIND
)
IS_WORKPLACE: tuple[bool, ...] = tuple(kind in (TileKind.WORKSHOP, TileKind.BUSINESS) for kind in CODE_KIND)
# canonical rotations of each road shape (distinct orientations only)
CANONICAL_ROTATIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r for r in range(NUM_ROTATIONS) if CODE_INFO[road_code(shape, r)].canonical)
    for shape in range(len(ROAD_SHAPES))
)

# ----------------------------------------------------------------------------- tile features
# Static per-cell features of a tile code, used by the observation (see observation.py).
#   0        empty
#   1..4     road arm N, E, S, W
#   5..10    road arms joined inside the tile: NE, NS, NW, ES, EW, SW
#   11, 12   house, lights on
#   13..16   workshop painter, carpenter, school, gardener
#   17       workshop active
#   18..31   business action (14)
#   32       business earn / (max earn + 1) (an amount: kept below the Box bound 1.0)
#   33, 34   restaurant icon, hat icon
ARM_PAIRS = ((N, E), (N, S), (N, W), (E, S), (E, W), (S, W))
TILE_FEATURES = 35


def _features(code: int) -> np.ndarray:
    info = CODE_INFO[code]
    row = np.zeros(TILE_FEATURES, dtype=np.float32)
    if info.kind == TileKind.EMPTY:
        row[0] = 1
    elif info.kind == TileKind.ROAD:
        for d in Direction:
            row[1 + d] = info.arm_group[d] >= 0
        for index, (a, b) in enumerate(ARM_PAIRS):
            row[5 + index] = info.arm_group[a] >= 0 and info.arm_group[a] == info.arm_group[b]
    elif info.kind == TileKind.HOUSE:
        row[11] = 1
        row[12] = info.flag
    elif info.kind == TileKind.WORKSHOP:
        row[13 + info.sub] = 1
        row[17] = info.flag
    else:
        tile = BUSINESS_TILES[info.sub]
        row[18 + tile.action] = 1
        row[32] = tile.earn / (MAX_BUSINESS_EARN + 1)
        row[33] = tile.icon == BusinessIcon.RESTAURANT
        row[34] = tile.icon == BusinessIcon.HAT
    return row


CODE_FEATURES: np.ndarray = np.stack([_features(code) for code in range(NUM_CODES)])
CODE_FEATURES.setflags(write=False)
