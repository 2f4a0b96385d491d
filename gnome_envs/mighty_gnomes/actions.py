"""The flat action layout of Mighty Gnomes, both directions, built once at import.

Actions are small decisions; the pending decision (in the observation) says which family
applies now. ``F = 12 (n + 1)`` forest cells for ``n`` players (36 / 48 / 60).

==================  ==========  ===========================================================
family              size        meaning
==================  ==========  ===========================================================
PASS                1           end the turn / stop reading books / skip the Druid turn
TILE_MODE           5 x 3       use tile 1-4 gnomes or the Druid tile (4) to gather, climb
                                to the attic or take coins
FOREST              F x 4       lay the tile on the forest: anchor cell x orientation slot
ATTIC               6 x 4 x 2   lay the tile on a ladder side (geometry.LADDER_SIDES):
                                orientation slot x column offset
BOOK                14 + 2      activate a reached book: column x 7 + rung, or display 0-1
GNOME               5           a mighty gnome stack in play (invite it / refresh it)
TRACK               2           upgrade the warehouse / the dining table
CHEST_PICK          3           keep drawn chest 0-1 / take open chest 0-2 of the trail
OPEN_CHEST          13          spend a key to open a closed chest of that kind
CONVERT_CRYSTAL     4           discard a crystal for a basic resource
CONVERT_PAIR        10 x 4      discard two basic resources (pair) for a basic resource
MAGIC               2           Magic gnome: 2 wood / 1 sand for 1 VP
ALCHEMIST           2           Alchemist: a crystal for 5 coins / for a treasure chest
DISCARD             5           discard one resource of that kind (over capacity)
REWARD              5           claim reward box 0-4 of the round
==================  ==========  ===========================================================

Total: 161 + 4F = 305 / 353 / 401 actions for 2 / 3 / 4 players.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations_with_replacement

from gnome_envs.mighty_gnomes.components import (
    ATTIC_ROWS,
    CHEST_DISPLAY_SIZE,
    DISPLAY_SLOTS,
    FOREST_COLS,
    GNOMES_IN_PLAY,
    LADDER_WIDTH,
    NUM_BASIC,
    NUM_CHEST_KINDS,
    NUM_COLUMNS,
    NUM_LADDER_SIDES,
    NUM_RES,
    NUM_TILES,
    REWARD_BOXES,
    Track,
)
from gnome_envs.mighty_gnomes.config import MAX_PLAYERS, MIN_PLAYERS
from gnome_envs.mighty_gnomes.geometry import ATTIC_SLOTS, MAX_ORIENTATIONS, forest_rows


class Family(IntEnum):
    """Action families in layout order."""

    PASS = 0
    TILE_MODE = 1
    FOREST = 2
    ATTIC = 3
    BOOK = 4
    GNOME = 5
    TRACK = 6
    CHEST_PICK = 7
    OPEN_CHEST = 8
    CONVERT_CRYSTAL = 9
    CONVERT_PAIR = 10
    MAGIC = 11
    ALCHEMIST = 12
    DISCARD = 13
    REWARD = 14


class Mode(IntEnum):
    """The three things a gnome tile can do (R3.2)."""

    GATHER = 0
    ATTIC = 1
    COINS = 2


class MagicTrade(IntEnum):
    """What the Magic gnome trades for a victory point."""

    WOOD = 0
    SAND = 1


class AlchemyTrade(IntEnum):
    """What the Alchemist gives for a crystal."""

    COINS = 0
    CHEST = 1


NUM_MODES = len(Mode)
NUM_TILE_CHOICES = NUM_TILES + 1  # the four gnome tiles and the Druid tile
COLUMN_BOOKS = NUM_COLUMNS * ATTIC_ROWS
NUM_BOOK_REFS = COLUMN_BOOKS + DISPLAY_SLOTS
BASIC_PAIRS = tuple(combinations_with_replacement(range(NUM_BASIC), 2))  # 10 pairs


@dataclass(frozen=True)
class Decoded:
    """A flat action split into its family and arguments (``-1`` where unused)."""

    family: Family
    arg: int = -1
    arg2: int = -1


class ActionLayout:
    """Offsets of every family for one player count, plus the decode table."""

    def __init__(self, num_players: int) -> None:
        self.num_players = num_players
        self.forest_cells = forest_rows(num_players) * FOREST_COLS
        self.size = {
            Family.PASS: 1,
            Family.TILE_MODE: NUM_TILE_CHOICES * NUM_MODES,
            Family.FOREST: self.forest_cells * MAX_ORIENTATIONS,
            Family.ATTIC: NUM_LADDER_SIDES * ATTIC_SLOTS,
            Family.BOOK: NUM_BOOK_REFS,
            Family.GNOME: GNOMES_IN_PLAY,
            Family.TRACK: len(Track),
            Family.CHEST_PICK: CHEST_DISPLAY_SIZE,
            Family.OPEN_CHEST: NUM_CHEST_KINDS,
            Family.CONVERT_CRYSTAL: NUM_BASIC,
            Family.CONVERT_PAIR: len(BASIC_PAIRS) * NUM_BASIC,
            Family.MAGIC: len(MagicTrade),
            Family.ALCHEMIST: len(AlchemyTrade),
            Family.DISCARD: NUM_RES,
            Family.REWARD: REWARD_BOXES,
        }
        self.offset: dict[Family, int] = {}
        total = 0
        for family in Family:
            self.offset[family] = total
            total += self.size[family]
        self.num_actions = total
        self.base = tuple(self.offset[f] for f in Family)  # plain ints for the hot encoders
        table = []
        for family in Family:
            for local in range(self.size[family]):
                table.append(self._decode_local(family, local))
        self.table: tuple[Decoded, ...] = tuple(table)

    @staticmethod
    def _decode_local(family: Family, local: int) -> Decoded:
        if family == Family.TILE_MODE:
            return Decoded(family, local // NUM_MODES, local % NUM_MODES)
        if family == Family.FOREST:
            return Decoded(family, local // MAX_ORIENTATIONS, local % MAX_ORIENTATIONS)
        if family == Family.ATTIC:
            return Decoded(family, local // ATTIC_SLOTS, local % ATTIC_SLOTS)
        if family == Family.CONVERT_PAIR:
            return Decoded(family, local // NUM_BASIC, local % NUM_BASIC)
        if family == Family.PASS:
            return Decoded(family)
        return Decoded(family, local)

    # ------------------------------------------------------------------ encode
    def encode(self, family: Family, arg: int = -1, arg2: int = -1) -> int:
        """The flat index of ``family`` with its arguments (inverse of :meth:`decode`)."""
        base = self.base[family]
        if family == Family.PASS:
            return base
        if family == Family.TILE_MODE:
            return base + arg * NUM_MODES + arg2
        if family == Family.FOREST:
            return base + arg * MAX_ORIENTATIONS + arg2
        if family == Family.ATTIC:
            return base + arg * ATTIC_SLOTS + arg2
        if family == Family.CONVERT_PAIR:
            return base + arg * NUM_BASIC + arg2
        return base + arg

    def tile_mode(self, tile: int, mode: Mode) -> int:
        """Use ``tile`` (0-3 for 1-4 gnomes, 4 for the Druid tile) in ``mode``."""
        return self.base[Family.TILE_MODE] + tile * NUM_MODES + mode

    def forest(self, anchor: int, orientation: int) -> int:
        """Lay the tile with its bounding box's bottom-left on ``anchor``, turned ``orientation``."""
        return self.base[Family.FOREST] + anchor * MAX_ORIENTATIONS + orientation

    def attic(self, side: int, orientation: int, offset: int) -> int:
        """Lay the tile on ladder side ``side`` turned ``orientation`` at column ``offset``."""
        return self.base[Family.ATTIC] + side * ATTIC_SLOTS + orientation * LADDER_WIDTH + offset

    # ------------------------------------------------------------------ decode
    def decode(self, action: int) -> Decoded:
        """The family and arguments of ``action``."""
        return self.table[action]


LAYOUTS: dict[int, ActionLayout] = {n: ActionLayout(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
