"""Immutable component tables of Mighty Gnomes (counts from the rulebook, contents designed).

Clause and open-point numbers refer to ``seeds/mighty_gnomes.md``. Everything here is built
once at import: tables are tuples of frozen dataclasses or plain ints.

Resources are indexed ``WOOD, SAND, MUSHROOM, CHAMOMILE, CRYSTAL`` (0-4); the first four are
the basic resources. A cost or a gain is a :class:`Bundle` of coins and resources.

The forest is a stack of glade tiles, each two rows of six cells, bottom glade first::

    row 2g+1  | c0 c1 c2 c3 c4 c5 |   upper row of the glade in forest position g
    row 2g    | c0 c1 c2 c3 c4 c5 |   lower row
    cell index = row * 6 + col   (row 0 is the bottom row of the forest)

The attic has two book columns (left ``0``, right ``1``) of seven rungs (row 0 lowest) and up
to five ladders between them, each two cells wide (O5)::

    [left books] ladder0 ladder1 ladder2 ladder3 ladder4 [right books]
     heights       7       5       6       5       7
     players      2-4     3-4     2,4     3-4     2-4
     faces        left    left   chosen   right   right
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

# ---------------------------------------------------------------------------- basics
ROUNDS = 5
TURNS_PER_ROUND = 3
TILE_SIZES = (1, 2, 3, 4)  # the four gnome tiles of a colour (squares = gnomes)
NUM_TILES = len(TILE_SIZES)
DRUID_TILE = NUM_TILES  # tile index of the neutral Druid tile in tile choices
DRUID_TILE_SIZE = 2  # O13: the Druid tile is a two-gnome domino
NUM_DRUID_TILES = 4
STEWARDS_PER_PLAYER = 3
KEYS_PER_COLOUR = 3  # R7.3: also the most a player may hold
START_COINS = (1, 2, 3, 4)  # by seat order from the first player (R2.7)
COIN_VALUE_TOTAL = 24 * 1 + 16 * 5  # 24 one-coin and 16 five-coin pieces (O18)


class Res(IntEnum):
    """The five resources; the first four are basic."""

    WOOD = 0
    SAND = 1
    MUSHROOM = 2
    CHAMOMILE = 3
    CRYSTAL = 4


NUM_RES = len(Res)
BASIC = (Res.WOOD, Res.SAND, Res.MUSHROOM, Res.CHAMOMILE)
NUM_BASIC = len(BASIC)
RES_SUPPLY = 16  # tokens of each resource, crystals included
RES_NAMES = ("wood", "sand", "mushroom", "chamomile", "crystal")


@dataclass(frozen=True)
class Bundle:
    """Coins plus resources (``res`` in ``Res`` order); used for costs and gains."""

    coins: int = 0
    res: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)

    def plus_coins(self, extra: int) -> Bundle:
        """The same bundle with ``extra`` more coins."""
        return Bundle(self.coins + extra, self.res)

    def label(self) -> str:
        """Readable contents, e.g. ``2 coins + 1 wood``."""
        parts = [f"{self.coins} coin{'s' if self.coins != 1 else ''}"] if self.coins else []
        parts += [f"{n} {RES_NAMES[r]}" for r, n in enumerate(self.res) if n]
        return " + ".join(parts) if parts else "nothing"


def bundle(coins: int = 0, wood: int = 0, sand: int = 0, mushroom: int = 0, chamomile: int = 0,
           crystal: int = 0) -> Bundle:
    """A Bundle from keyword amounts."""
    return Bundle(coins, (wood, sand, mushroom, chamomile, crystal))


# ---------------------------------------------------------------------------- forest (O1-O3)
class Icon(IntEnum):
    """The seven forest icons (R4.5)."""

    COMPASS = 0
    WOOD = 1
    SAND = 2
    MUSHROOM = 3
    CHAMOMILE = 4
    CRYSTAL = 5
    CHEST = 6


NUM_ICONS = len(Icon)
ICON_LETTERS = "CWSMHXT"  # compass, wood, sand, mushroom, cHamomile, crystal (X), treasure chest
ICON_RESOURCE = {Icon.WOOD: Res.WOOD, Icon.SAND: Res.SAND, Icon.MUSHROOM: Res.MUSHROOM,
                 Icon.CHAMOMILE: Res.CHAMOMILE, Icon.CRYSTAL: Res.CRYSTAL}
FOREST_COLS = 6
GLADE_ROWS = 2
GLADE_CELLS = GLADE_ROWS * FOREST_COLS
NUM_GLADES = 5
GLADE_SIDES = 2

# each side: (upper row, lower row) read left to right
_GLADE_DRAWINGS = (
    (("WSCMHX", "HTWSMC"), ("MWXSCH", "SCHWTM")),
    (("CHMWSW", "SXTMHC"), ("XWWSTH", "MCSMHX")),
    (("SMHCWT", "WXSHMC"), ("HSWXMS", "CMTWHW")),
    (("MCWSXH", "THMSWC"), ("STMHWC", "XWSMCH")),
    (("WMTHSC", "SCWXMH"), ("CXSWMT", "HWMTSX")),
)


def _glade_icons(upper: str, lower: str) -> tuple[int, ...]:
    return tuple(int(ICON_LETTERS.index(ch)) for ch in lower + upper)


# GLADE_ICONS[glade * 2 + side] = 12 icons, lower row first (cell = row * 6 + col)
GLADE_ICONS: tuple[tuple[int, ...], ...] = tuple(
    _glade_icons(*side) for glade in _GLADE_DRAWINGS for side in glade
)


def forest_glades(num_players: int) -> int:
    """Glade tiles forming the forest: the player count plus one (R2.1)."""
    return num_players + 1


# ---------------------------------------------------------------------------- attic (O4-O8)
ATTIC_ROWS = 7  # book rungs per column
LADDER_WIDTH = 2
NUM_COLUMNS = 2  # left and right book columns
LEFT, RIGHT, CHOSEN = 0, 1, 2


@dataclass(frozen=True)
class Ladder:
    """A ladder slot: height in rungs, which column it faces, the player counts using it."""

    slot: int
    height: int
    faces: int  # LEFT, RIGHT or CHOSEN (the middle ladder)
    players: tuple[int, ...]


LADDERS = (
    Ladder(0, 7, LEFT, (2, 3, 4)),
    Ladder(1, 5, LEFT, (3, 4)),
    Ladder(2, 6, CHOSEN, (2, 4)),
    Ladder(3, 5, RIGHT, (3, 4)),
    Ladder(4, 7, RIGHT, (2, 3, 4)),
)
NUM_LADDERS = len(LADDERS)
# attic placement "sides": the ladder and the column whose books it reaches
LADDER_SIDES = ((0, LEFT), (1, LEFT), (2, LEFT), (2, RIGHT), (3, RIGHT), (4, RIGHT))
NUM_LADDER_SIDES = len(LADDER_SIDES)
# 2-player display books (R5.8, O8): display slot -> (adjacent ladders, rung)
DISPLAY_SLOTS = 2
DISPLAY_ADJACENT = ((0, 2), (2, 4))
DISPLAY_ROW = 2


class BookAction(IntEnum):
    """Golden (first five) and silver book actions (R9)."""

    INVITE = 0
    VENTURE = 1
    UPGRADE = 2
    MONEY = 3
    SECRET = 4
    INVITE_FREE = 5  # silver, pay 1 crystal: invite without paying the gnome's cost
    INVITE_PAY = 6  # silver, pay 1 mushroom: invite paying the cost
    GREEN_THUMB = 7
    HARD_WORKING = 8
    REFRESH_SPIRIT = 9
    SILVER_MONEY = 10
    KEY_KRAFTER = 11


NUM_BOOK_ACTIONS = len(BookAction)
GOLDEN_ACTIONS = frozenset({BookAction.INVITE, BookAction.VENTURE, BookAction.UPGRADE,
                            BookAction.MONEY, BookAction.SECRET})
SILVER_COST = {  # R9.6: the bookmark cost of each silver book
    BookAction.INVITE_FREE: bundle(crystal=1),
    BookAction.INVITE_PAY: bundle(mushroom=1),
    BookAction.GREEN_THUMB: bundle(coins=1),
    BookAction.HARD_WORKING: bundle(coins=1),
    BookAction.REFRESH_SPIRIT: bundle(chamomile=1),
    BookAction.SILVER_MONEY: bundle(sand=1),
    BookAction.KEY_KRAFTER: bundle(sand=1),
}
MONEY_COINS = 2
VENTURE_STEPS = 2
KEY_KRAFTER_KEYS = 2
GREEN_THUMB_GAIN = bundle(mushroom=1, chamomile=1)
HARD_WORKING_GAIN = bundle(wood=1, sand=1)


@dataclass(frozen=True)
class Book:
    """One attic book tile."""

    book_id: int
    action: BookAction
    two_player: bool = False

    @property
    def golden(self) -> bool:
        """Whether only the topmost gnome of a tile reaches it."""
        return self.action in GOLDEN_ACTIONS


_BOOK_ACTIONS = (  # O6: 8 golden + 8 silver regular books, then the two 2-player books
    BookAction.INVITE, BookAction.INVITE, BookAction.VENTURE, BookAction.VENTURE,
    BookAction.UPGRADE, BookAction.UPGRADE, BookAction.MONEY, BookAction.SECRET,
    BookAction.INVITE_FREE, BookAction.INVITE_PAY, BookAction.GREEN_THUMB, BookAction.GREEN_THUMB,
    BookAction.HARD_WORKING, BookAction.REFRESH_SPIRIT, BookAction.SILVER_MONEY,
    BookAction.KEY_KRAFTER,
)
BOOKS = tuple(Book(i, a) for i, a in enumerate(_BOOK_ACTIONS)) + (
    Book(16, BookAction.MONEY, True), Book(17, BookAction.HARD_WORKING, True),
)
NUM_BOOKS = len(BOOKS)
REGULAR_GOLDEN = tuple(b.book_id for b in BOOKS if b.golden and not b.two_player)
REGULAR_SILVER = tuple(b.book_id for b in BOOKS if not b.golden and not b.two_player)
TWO_PLAYER_BOOKS = tuple(b.book_id for b in BOOKS if b.two_player)
BAG_GOLDEN = 4  # R2.2: each column's bag holds four golden and four silver books
BAG_SILVER = 4

# ---------------------------------------------------------------------------- tracks (O9)
WAREHOUSE_CAPACITY = (6, 8, 10, 12, 14)
WAREHOUSE_COST = (0, 1, 2, 2, 3)  # sand to reach each space
WAREHOUSE_VP = (0, 0, 1, 1, 2)  # victory points for reaching each space
DINING_CAPACITY = (1, 2, 3, 4, 5)  # mighty gnomes the plate allows
DINING_START = 1  # the steward starts on the second plate
DINING_COST = (0, 0, 1, 2, 3)  # wood to reach each plate
DINING_VP = (0, 0, 1, 1, 2)
MAX_LEVEL = len(WAREHOUSE_CAPACITY) - 1


class Track(IntEnum):
    """The two upgrade tracks."""

    WAREHOUSE = 0
    DINING = 1


TRACK_RESOURCE = {Track.WAREHOUSE: Res.SAND, Track.DINING: Res.WOOD}
TRACK_COST = {Track.WAREHOUSE: WAREHOUSE_COST, Track.DINING: DINING_COST}
TRACK_VP = {Track.WAREHOUSE: WAREHOUSE_VP, Track.DINING: DINING_VP}

# ---------------------------------------------------------------------------- mighty gnomes (O10-O12)
class GnomeType(IntEnum):
    """The eight mighty gnome types (R10)."""

    MAGIC = 0
    ALCHEMIST = 1
    ROBBER = 2
    KNIGHT = 3
    DRUID = 4
    KEYHOLDER = 5
    BANDITO = 6
    FARMER = 7


NUM_GNOME_TYPES = len(GnomeType)
GNOMES_IN_PLAY = 5  # R2.4: five distinct types per game
GNOME_COST = {
    GnomeType.MAGIC: bundle(coins=1, mushroom=2, chamomile=1),
    GnomeType.ALCHEMIST: bundle(sand=2, chamomile=2),
    GnomeType.ROBBER: bundle(wood=2, mushroom=1),
    GnomeType.KNIGHT: bundle(coins=1, wood=2, sand=1),
    GnomeType.DRUID: bundle(coins=1, mushroom=2, chamomile=2),
    GnomeType.KEYHOLDER: bundle(coins=2, wood=1, sand=1),
    GnomeType.BANDITO: bundle(coins=2, wood=1, mushroom=1),
    GnomeType.FARMER: bundle(wood=1, sand=1, mushroom=1, chamomile=1),
}
ONE_TIME_TYPES = frozenset({GnomeType.ROBBER, GnomeType.KNIGHT, GnomeType.KEYHOLDER,
                            GnomeType.BANDITO, GnomeType.FARMER})  # immediate abilities (R10.3)
ROBBER_COINS = 3
KNIGHT_STEPS = 2
KEYHOLDER_KEYS = 2
MAGIC_WOOD = 2  # Magic: 2 wood or 1 sand for 1 VP once per round
MAGIC_SAND = 1
MAGIC_VP = 1
ALCHEMIST_COINS = 5
ALCHEMIST_CRYSTAL_VP = 2  # end: each crystal
ROBBER_COINS_PER_VP = 3
KNIGHT_FURTHEST_VP = 4
KNIGHT_OTHER_VP = 2
KEYHOLDER_KEY_VP = 2


# ---------------------------------------------------------------------------- treasure chests (O14)
class ChestKind(IntEnum):
    """The thirteen kinds of treasure chest (R12)."""

    HEDGEHOG = 0
    RABBIT = 1
    OWL = 2
    FROG = 3
    GOLDEN_FROG = 4
    DOUBLE = 5
    TIMBER = 6
    QUARRY = 7
    PANTRY = 8
    GEM = 9
    PURSE_2 = 10
    PURSE_3 = 11
    TROPHY = 12


NUM_CHEST_KINDS = len(ChestKind)
ANIMALS = (ChestKind.HEDGEHOG, ChestKind.RABBIT, ChestKind.OWL)
NUM_ANIMAL_KINDS = len(ANIMALS)
WILD_ANIMALS = frozenset({ChestKind.FROG, ChestKind.GOLDEN_FROG})


@dataclass(frozen=True)
class Chest:
    """What a chest gives when it is opened: VP, coins, resources, chests drawn to the vault."""

    kind: ChestKind
    count: int
    vp: int = 0
    gain: Bundle = Bundle()
    draw: int = 0


CHESTS = (
    Chest(ChestKind.HEDGEHOG, 3, vp=2),
    Chest(ChestKind.RABBIT, 3, vp=2),
    Chest(ChestKind.OWL, 3, vp=2),
    Chest(ChestKind.FROG, 2, vp=1),
    Chest(ChestKind.GOLDEN_FROG, 1, vp=5),
    Chest(ChestKind.DOUBLE, 2, draw=2),
    Chest(ChestKind.TIMBER, 1, gain=bundle(wood=2, sand=1)),
    Chest(ChestKind.QUARRY, 1, gain=bundle(wood=1, sand=2)),
    Chest(ChestKind.PANTRY, 1, gain=bundle(mushroom=2, chamomile=1)),
    Chest(ChestKind.GEM, 1, gain=bundle(chamomile=1, crystal=1)),
    Chest(ChestKind.PURSE_2, 2, vp=2, gain=bundle(coins=2)),
    Chest(ChestKind.PURSE_3, 1, vp=3, gain=bundle(coins=3)),
    Chest(ChestKind.TROPHY, 3, vp=3),
)
NUM_CHESTS = sum(c.count for c in CHESTS)  # 24
CHEST_POOL = tuple(sorted(int(c.kind) for c in CHESTS for _ in range(c.count)))
CHEST_DISPLAY_SIZE = 3
CHEST_DRAW = 2  # forest chest icon and Bandito: draw two, keep one
SET_OF_THREE_VP = 5  # R14.4
PAIR_VP = 3

# ---------------------------------------------------------------------------- adventure trail (O15)
TRAIL_LAST = 8  # spaces 1..8 after the mushroom hut (space 0, the tower); O15, O42
TRAIL_VP = {2: 1, 4: 1, 6: 2, 8: 3}
TRAIL_TREASURES = (5, 6, 7)  # the three open-treasure icons, each claimed once per game


# ---------------------------------------------------------------------------- round rewards (O16)
class Reward(IntEnum):
    """Every kind of reward box on the round track (R13.3)."""

    UPGRADE = 0
    FREE_USE = 1
    FIRST_PLAYER = 2
    COINS_2 = 3
    ADVENTURE_1 = 4
    COINS_3 = 5
    ADVENTURE_2 = 6
    KEY = 7
    DOUBLE_BEDROOM = 8
    CRYSTAL = 9
    INVITE = 10
    VP_2 = 11


NUM_REWARD_KINDS = len(Reward)
REWARD_BOXES = 5
_EARLY = (Reward.UPGRADE, Reward.FREE_USE, Reward.FIRST_PLAYER, Reward.COINS_2, Reward.ADVENTURE_1)
_MIDDLE = (Reward.UPGRADE, Reward.FREE_USE, Reward.FIRST_PLAYER, Reward.COINS_3, Reward.ADVENTURE_2)
_LAST = (Reward.KEY, Reward.DOUBLE_BEDROOM, Reward.CRYSTAL, Reward.INVITE, Reward.VP_2)
ROUND_REWARDS = {1: _EARLY, 2: _EARLY, 3: _MIDDLE, 4: _MIDDLE, 5: _LAST}
REWARD_COINS = {Reward.COINS_2: 2, Reward.COINS_3: 3}
REWARD_STEPS = {Reward.ADVENTURE_1: 1, Reward.ADVENTURE_2: 2}
REWARD_VP = 2
