"""Immutable tables of Rise of the Gnomes: the hex map, tiles, boards, tracks and races.

Every count the rulebook gives is kept; everything it leaves out (board faces, the turn track's
numbers, the difficulty table, the races) is designed here and listed in the Open points of
``seeds/rise_of_the_gnomes.md``. Cards live in ``cards.py``.

The map is a hexagon of radius 3 in axial coordinates, 37 positions::

    ring 0 (position 0)        Dragonkeep
    ring 1 (positions 1-6)     green zone: one of each land type and a desert, face up
    ring 2 (positions 7-18)    yellow zone: 12 tiles face up
    ring 3 (positions 19-36)   red zone, face down: 6 / 12 / 18 of its 18 places for
                               1-2 / 3 / 4-5 players (see RED_SLOTS)

A ring ``k`` is walked from its corner in direction 4, ``k`` steps along each of the six
sides; ``SIDE_STEP[pos]`` is the step along the side (0 = corner).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


# ============================================================================ tiles
class TileType(IntEnum):
    """Board tile types (SPECIAL and GNOMELAND are scenario tiles, never dealt in setup)."""

    DRAGONKEEP = 0
    PLAINS = 1
    SWAMP = 2
    FOREST = 3
    MOUNTAIN = 4
    HIGHLAND = 5
    DESERT = 6
    SEA = 7
    SEA_LAIR = 8
    GNOMELAND = 9
    SPECIAL = 10


NUM_TILE_TYPES = len(TileType)
LAND_TYPES = (TileType.PLAINS, TileType.SWAMP, TileType.FOREST, TileType.MOUNTAIN, TileType.HIGHLAND)
WATER_TYPES = frozenset({TileType.SEA, TileType.SEA_LAIR})
NO_BREWERY_TYPES = frozenset({TileType.SEA, TileType.SEA_LAIR, TileType.DESERT, TileType.GNOMELAND})
GNOME_CARAVAN_BARRED = frozenset({TileType.SEA, TileType.SEA_LAIR, TileType.DESERT, TileType.GNOMELAND})
TYPE_CODES = {"DK": TileType.DRAGONKEEP, "PL": TileType.PLAINS, "SW": TileType.SWAMP,
              "FO": TileType.FOREST, "MO": TileType.MOUNTAIN, "HI": TileType.HIGHLAND,
              "DE": TileType.DESERT, "SE": TileType.SEA, "LA": TileType.SEA_LAIR,
              "GL": TileType.GNOMELAND, "SP": TileType.SPECIAL}
TYPE_CODE = {t: code for code, t in TYPE_CODES.items()}


class Icon(IntEnum):
    """Tie-break icons printed on the tiles (Gnome cards list them in an order)."""

    LION = 0
    SCALE = 1
    CROWN = 2
    HAMMER = 3


NUM_ICONS = len(Icon)
ICON_CODES = {"L": Icon.LION, "S": Icon.SCALE, "C": Icon.CROWN, "H": Icon.HAMMER}
ICON_CODE = {icon: code for code, icon in ICON_CODES.items()}


@dataclass(frozen=True)
class PhysicalTile:
    """One of the 43 board tiles: its type and tie-break icon."""

    tile_id: int
    type: TileType
    icon: Icon


def _physical_tiles() -> tuple[PhysicalTile, ...]:
    icons_by_type = (
        (TileType.DRAGONKEEP, "C"), (TileType.SEA_LAIR, "L"),
        (TileType.PLAINS, "LSCHL"), (TileType.SWAMP, "SCHLS"), (TileType.FOREST, "CHLSC"),
        (TileType.MOUNTAIN, "HLSCH"), (TileType.HIGHLAND, "LCSHL"),
        (TileType.DESERT, "LSCHS"), (TileType.SEA, "SCHLC"),
        (TileType.GNOMELAND, "LSCHL"), (TileType.SPECIAL, "S"),
    )
    out: list[PhysicalTile] = []
    for tile_type, icons in icons_by_type:
        for code in icons:
            out.append(PhysicalTile(len(out), tile_type, ICON_CODES[code]))
    return tuple(out)


PHYSICAL_TILES = _physical_tiles()
NUM_PHYSICAL_TILES = len(PHYSICAL_TILES)  # 43
TILES_OF_TYPE = {t: tuple(x.tile_id for x in PHYSICAL_TILES if x.type == t) for t in TileType}


@dataclass(frozen=True)
class TileMix:
    """Tiles of the yellow and red zones for a player count (green zone and lair aside)."""

    per_land_type: int
    deserts: int
    seas: int
    red_slots: int

    @property
    def deck_size(self) -> int:
        """Tiles shuffled for the yellow and red zones, the sea lair excluded."""
        return self.per_land_type * len(LAND_TYPES) + self.deserts + self.seas


YELLOW_TILES = 12
TILE_MIX = {  # setup tables: 1-2, 3 and 4-5 players
    1: TileMix(2, 3, 4, 6), 2: TileMix(2, 3, 4, 6),
    3: TileMix(3, 3, 5, 12),
    4: TileMix(4, 4, 5, 18), 5: TileMix(4, 4, 5, 18),
}


# ============================================================================ hex map
MAP_RADIUS = 3
AXIAL_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
RING_START_DIRECTION = 4
GREEN, YELLOW, RED = 1, 2, 3  # ring numbers of the zones
ZONE_NAMES = {0: "dragonkeep", GREEN: "green", YELLOW: "yellow", RED: "red"}


def _hexes() -> tuple[tuple[tuple[int, int], ...], tuple[int, ...], tuple[int, ...]]:
    coords: list[tuple[int, int]] = [(0, 0)]
    rings, steps = [0], [0]
    for k in range(1, MAP_RADIUS + 1):
        dq, dr = AXIAL_DIRECTIONS[RING_START_DIRECTION]
        q, r = dq * k, dr * k
        for side in range(6):
            for j in range(k):
                coords.append((q, r))
                rings.append(k)
                steps.append(j)
                q, r = q + AXIAL_DIRECTIONS[side][0], r + AXIAL_DIRECTIONS[side][1]
    return tuple(coords), tuple(rings), tuple(steps)


HEX_COORDS, RING, SIDE_STEP = _hexes()
NUM_POSITIONS = len(HEX_COORDS)  # 37
_INDEX = {coord: pos for pos, coord in enumerate(HEX_COORDS)}
HEX_NEIGHBORS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_INDEX[(q + dq, r + dr)] for dq, dr in AXIAL_DIRECTIONS if (q + dq, r + dr) in _INDEX)
    for q, r in HEX_COORDS
)
CENTER = 0
GREEN_POSITIONS = tuple(p for p in range(NUM_POSITIONS) if RING[p] == GREEN)
YELLOW_POSITIONS = tuple(p for p in range(NUM_POSITIONS) if RING[p] == YELLOW)
RED_RING = tuple(p for p in range(NUM_POSITIONS) if RING[p] == RED)
RED_SLOTS = {  # which red-ring places are dealt, by how many the mix asks for
    6: tuple(p for p in RED_RING if SIDE_STEP[p] == 1),
    12: tuple(p for p in RED_RING if SIDE_STEP[p] != 0),
    18: RED_RING,
}


def positions_in_play(num_players: int) -> tuple[int, ...]:
    """Map positions that hold a tile for ``num_players``."""
    red = RED_SLOTS[TILE_MIX[num_players].red_slots]
    return (CENTER, *GREEN_POSITIONS, *YELLOW_POSITIONS, *red)


def position_name(pos: int) -> str:
    """Short readable name of a map position: ``DK``, ``g3``, ``y11``, ``r17``."""
    if pos == CENTER:
        return "DK"
    prefix = "gyr"[RING[pos] - 1]
    first = {GREEN: GREEN_POSITIONS, YELLOW: YELLOW_POSITIONS, RED: RED_RING}[RING[pos]][0]
    return f"{prefix}{pos - first + 1}"


# ============================================================================ player boards
class Colour(IntEnum):
    """The five double-sided player boards."""

    RED = 0
    BLUE = 1
    GREEN = 2
    PURPLE = 3
    ORANGE = 4


class Ability(IntEnum):
    """Rule changes a race, an allies card or a brewery upgrade gives its owner (counted)."""

    DESERT_BREWERY = 0  # may build breweries in desert tiles
    SEA_BREWERY = 1  # may build breweries in sea tiles (never the sea lair)
    TWIN_BREWERY = 2  # two of your breweries may stand in one tile
    FREE_BARD = 3  # Hire Bard costs no gold
    BRIBE_DISCOUNT = 4  # dragon bribes cost 1 gold less per copy (at least 1)
    CHEAP_THUGS = 5  # Employ Thugs costs 1 gold less per copy
    CHEAP_BUILD = 6  # Build Brewery costs 1 gold less per copy (at least 1)
    CHEAP_UPGRADE = 7  # Brewery Upgrade costs 1 gold less per copy (at least 1)
    DK_BONUS = 8  # a brewery in Dragonkeep scores 4 instead of 2
    GNOME_HUNTER = 9  # replacing a Gnome brewery scores 4 instead of 2
    GOLD_INCOME = 10  # +1 gold per copy in each Score phase
    TAVERN_BONUS = 11  # Tavern Sales pays 1 more gold per copy
    BREW_BONUS = 12  # Brew Beer yields 2 more beer per copy
    BD_PLUS = 13  # Barrel Delivery adds 1 more cube per copy
    BF_PLUS = 14  # Brew Festival adds 1 more cube per copy
    BC_REMOVE_PLUS = 15  # Beer Competition removes 1 more cube per copy
    BC_ADD_PLUS = 16  # Beer Competition adds 1 more cube per copy
    CARAVAN_PLUS = 17  # Caravan moves 2 more cubes per copy
    EXPAND_DISCOUNT = 18  # Expand costs 1 beer less per copy
    BD_DISCOUNT = 19  # Barrel Delivery costs 1 beer less per copy
    CARAVAN_DISCOUNT = 20  # Caravan costs 1 beer less per copy


NUM_ABILITIES = len(Ability)


@dataclass(frozen=True)
class Race:
    """One side of a player board."""

    race_id: int
    name: str
    colour: Colour
    start_type: TileType
    beer: int
    gold: int
    cubes: int
    production: int  # where the beer barrel starts on the production table
    ability: Ability


RACES = (
    Race(0, "Orcs", Colour.RED, TileType.SWAMP, 2, 4, 4, 3, Ability.CHEAP_THUGS),
    Race(1, "Goblins", Colour.RED, TileType.SWAMP, 1, 5, 5, 3, Ability.BC_REMOVE_PLUS),
    Race(2, "Dwarves", Colour.BLUE, TileType.MOUNTAIN, 3, 3, 4, 3, Ability.CHEAP_BUILD),
    Race(3, "Giants", Colour.BLUE, TileType.MOUNTAIN, 2, 3, 5, 3, Ability.BRIBE_DISCOUNT),
    Race(4, "Elves", Colour.GREEN, TileType.FOREST, 2, 4, 4, 3, Ability.FREE_BARD),
    Race(5, "Sprites", Colour.GREEN, TileType.FOREST, 2, 3, 4, 3, Ability.CARAVAN_PLUS),
    Race(6, "Humans", Colour.PURPLE, TileType.PLAINS, 2, 5, 4, 3, Ability.CHEAP_UPGRADE),
    Race(7, "Mariners", Colour.PURPLE, TileType.PLAINS, 3, 3, 3, 4, Ability.SEA_BREWERY),
    Race(8, "Halflings", Colour.ORANGE, TileType.HIGHLAND, 4, 3, 4, 3, Ability.BREW_BONUS),
    Race(9, "Nomads", Colour.ORANGE, TileType.HIGHLAND, 2, 4, 4, 3, Ability.DESERT_BREWERY),
)
NUM_RACES = len(RACES)


@dataclass(frozen=True)
class BreweryBox:
    """A brewery box of a player board: what emptying it reveals."""

    production: int
    vp: int
    gold: int
    upgrade_token: bool


BREWERIES_PER_PLAYER = 9
BREWERY_BOXES = (  # box 1 (top) to box 9 (bottom); removed top-down, returned bottom-up
    BreweryBox(1, 0, 0, True), BreweryBox(0, 1, 0, False), BreweryBox(0, 0, 1, True),
    BreweryBox(0, 1, 1, False), BreweryBox(1, 0, 0, True), BreweryBox(0, 1, 1, False),
    BreweryBox(0, 2, 0, True), BreweryBox(1, 1, 1, False), BreweryBox(0, 3, 1, True),
)
BOARD_UPGRADE_TOKENS = sum(box.upgrade_token for box in BREWERY_BOXES)  # 5
CUBES_PER_PLAYER = 40
CUBES_PER_BOX = 4
CUSTOMER_BOXES = (  # (victory points, gold) under each box of four, left to right
    (0, 0), (1, 0), (0, 1), (1, 0), (1, 1), (0, 1), (2, 0), (1, 1), (2, 0), (2, 1),
)
MAX_PRODUCTION = 20
PRODUCTION_ROW_LENGTH = 5
PRODUCTION_ROWS = ((1, 0), (1, 0), (1, 1), (2, 1))  # (vp, gold) for each completed row of five
MAX_BEER = 20
CUBE_STRENGTH = 1  # market strength of a customer cube
BREWERY_STRENGTH = 2  # market strength of a brewery
TWIN_LIMIT = 2  # breweries of one player in a tile with the twin ability
BREW_BONUS_BEER = 2  # extra beer per Ability.BREW_BONUS copy


class Upgrade(IntEnum):
    """The eight brewery upgrade slots of a player board (each filled at most once)."""

    PRODUCTION = 0  # beer production +1 at once
    HOPS_GLEN = 1  # unlocks the Hops Glen space: take 3 beer
    PORT = 2  # unlocks the Port space: launch a boat, 1 victory point
    TWIN = 3  # Ability.TWIN_BREWERY
    SEA = 4  # Ability.SEA_BREWERY
    DESERT = 5  # Ability.DESERT_BREWERY
    TAVERN = 6  # Ability.TAVERN_BONUS
    GUILD = 7  # Ability.GOLD_INCOME


NUM_UPGRADES = len(Upgrade)
UPGRADE_ABILITY = {Upgrade.TWIN: Ability.TWIN_BREWERY, Upgrade.SEA: Ability.SEA_BREWERY,
                   Upgrade.DESERT: Ability.DESERT_BREWERY, Upgrade.TAVERN: Ability.TAVERN_BONUS,
                   Upgrade.GUILD: Ability.GOLD_INCOME}
SUPPLY_UPGRADE_TOKENS = 15
HOPS_GLEN_BEER = 3
PORT_VP = 1
BOATS = 5


# ============================================================================ Gnome board
GNOME_BREWERIES = 5
GNOME_BREWERY_BOXES = ((0, 0), (1, 0), (1, 0), (2, 1), (3, 1))  # (vp, gold), left to right
GNOME_CUBES = 32
GNOME_CUBES_PER_BOX = 8
GNOME_CUSTOMER_BOXES = ((1, 2), (3, 1), (3, 1), (4, 1))
GNOME_START_GOLD = 2
GNOME_START_DK_CUBES = 8
TOTAL_CUBES = 5 * CUBES_PER_PLAYER + GNOME_CUBES  # 232
TOTAL_BREWERIES = 5 * BREWERIES_PER_PLAYER + GNOME_BREWERIES  # 50


# ============================================================================ tracks
class Phase(IntEnum):
    """The phase track (SETUP also marks a finished game)."""

    SETUP = 0
    ALLIES = 1
    PLACEMENT = 2
    CARDS = 3
    GNOMES = 4
    SCORE = 5
    RESET = 6


NUM_PHASES = len(Phase)
NUM_TURNS = 5
BRIBE = (1, 2, 3, 4, 5)  # gold per turn (turn track, white box)
DRAGON_FILL = (2, 3, 4, 5, 6)  # cubes the dragon eats per rampage, per turn
GNOME_CARDS_PER_TURN = (5, 5, 5, 7, 7)
FLIP_TURN = 4  # all face-down tiles flip and each player gains a brewer as turn 4 starts
DRAGONKEEP_VP = 2
DRAGONKEEP_BONUS_VP = 4  # with Ability.DK_BONUS
GNOME_BREWERY_BONUS = 2
GNOME_HUNTER_BONUS = 4
LAST_SEAT_GOLD = 2
BREWERS_PER_COLOUR = 9
BREWERS = {1: 8, 2: 8, 3: 7, 4: 6, 5: 5}
EXTRA_BREWERS = 1  # from the square between turns 3 and 4
CUTTHROAT_HAND = {2: 4, 3: 4, 4: 3, 5: 3}
JUDGES_DEALT = 3
JUDGES_KEPT = 2


class Difficulty(IntEnum):
    """The seven Gnome difficulty levels (victory points added to the Gnomes each turn)."""

    VERY_EASY = 0
    EASY = 1
    MODERATE = 2
    NORMAL = 3
    CHALLENGING = 4
    HARD = 5
    DIFFICULT = 6


DIFFICULTY_VP = {Difficulty.VERY_EASY: -3, Difficulty.EASY: -2, Difficulty.MODERATE: -1,
                 Difficulty.NORMAL: 0, Difficulty.CHALLENGING: 1, Difficulty.HARD: 2,
                 Difficulty.DIFFICULT: 3}
SUGGESTED_DIFFICULTY = {1: Difficulty.EASY, 2: Difficulty.NORMAL, 3: Difficulty.HARD,
                        4: Difficulty.HARD, 5: Difficulty.HARD}
DIFFICULTY_NAMES = {d.name.lower(): d for d in Difficulty}


# ============================================================================ brewer spaces
class BoardAction(IntEnum):
    """Immediate brewer spaces of the action board."""

    BUILD_BREWERY = 0
    DRAGON_TRIBUTE = 1
    EMPLOY_THUGS = 2
    HIRE_BARD = 3
    BREWERY_UPGRADE = 4
    ORCTOBERFEST = 5
    TAVERN_SALES = 6


OVAL = 0  # a multiple-brewer space: no limit
BOARD_CIRCLES = {  # single-brewer circles per action (OVAL: any number of brewers)
    BoardAction.BUILD_BREWERY: 2, BoardAction.DRAGON_TRIBUTE: 1, BoardAction.EMPLOY_THUGS: 2,
    BoardAction.HIRE_BARD: OVAL, BoardAction.BREWERY_UPGRADE: 2, BoardAction.ORCTOBERFEST: 3,
    BoardAction.TAVERN_SALES: OVAL,
}
BUILD_COST = 3
TRIBUTE_COST = 3
TRIBUTE_STEPS = 2
THUGS_COST = 2
THUGS_REMOVE = 3
THUGS_ADD = 2
BARD_COST = 1
UPGRADE_COST = 3
ORCTOBERFEST_GOLD = 3  # gold per victory point
TAVERN_BEER = 3
TAVERN_GOLD = 3
MIN_DISCOUNTED_COST = 1  # discounts never make a gold cost or a bribe free


class PlayerSpace(IntEnum):
    """Brewer spaces on a player's own board (Hops Glen and Port need their upgrade)."""

    BREW_BEER = 0  # oval
    HOPS_GLEN = 1  # circle
    PORT = 2  # circle


PLAYER_SPACE_UPGRADE = {PlayerSpace.HOPS_GLEN: Upgrade.HOPS_GLEN, PlayerSpace.PORT: Upgrade.PORT}
MAX_ALLIES = NUM_TURNS  # one per turn
