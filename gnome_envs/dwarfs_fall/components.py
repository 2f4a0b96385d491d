"""Immutable component tables of Dwar7s Fall (core game).

Counts the rulebook fixes are kept exactly (nine kingdom cards and seven dwarfs per colour,
a hand limit of nine, three revealed trading goals, the seven secret goals, five dwarfs to
defeat a monster, three at the general store, two for an emerald and three for a ruby).
Everything the rulebook leaves out (walls, spots, card VP, gem values and piles, trading
goals, the ogre mix, the game mat) is designed here and listed in ``seeds/dwarfs_fall.md``
under "Open points" (O-numbers in the comments).

The game mat is an 8 x 8 grid of squares (O1), cells numbered row-major::

        a  b  c  d  e  f  g  h
    1   0  1  2  3  4  5  6  7
    2   8  9 10 11 12 13 14 15
    3  16 17 18 19 20 21 22 23
    4  24 25 26 27 28 29 30 31      the centre square: d4 e4 d5 e5 (27 28 35 36)
    5  32 33 34 35 36 37 38 39
    6  40 41 42 43 44 45 46 47
    7  48 49 50 51 52 53 54 55
    8  56 57 58 59 60 61 62 63

Sides are numbered N=0, E=1, S=2, W=3; a wall mask has bit ``1 << side`` set for each walled
side. Turning a card a quarter clockwise moves its wall on side ``d`` to side ``d + 1``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

# ---------------------------------------------------------------------------- the game mat (O1)
GRID_SIZE = 8
NUM_CELLS = GRID_SIZE * GRID_SIZE
CENTRE_CELLS = (27, 28, 35, 36)
NUM_SIDES = 4
NUM_ROTATIONS = 4
N, E, S, W = 0, 1, 2, 3
SIDE_STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))  # (row, column) step of each side


def opposite(side: int) -> int:
    """The side facing ``side`` on the neighbouring card."""
    return (side + 2) % NUM_SIDES


def _neighbour(cell: int, side: int) -> int:
    r, c = divmod(cell, GRID_SIZE)
    dr, dc = SIDE_STEP[side]
    r, c = r + dr, c + dc
    return r * GRID_SIZE + c if 0 <= r < GRID_SIZE and 0 <= c < GRID_SIZE else -1


NEIGHBOUR: tuple[tuple[int, ...], ...] = tuple(
    tuple(_neighbour(cell, side) for side in range(NUM_SIDES)) for cell in range(NUM_CELLS)
)
COLUMN_LETTERS = "abcdefgh"


def cell_name(cell: int) -> str:
    """``"d4"`` style name of a cell (column a-h, row 1-8 from the top)."""
    r, c = divmod(cell, GRID_SIZE)
    return f"{COLUMN_LETTERS[c]}{r + 1}"


def cell_index(name: str | int) -> int:
    """Cell index from a ``"d4"`` style name (or an index)."""
    if isinstance(name, int):
        return name
    col = COLUMN_LETTERS.index(name[0])
    return (int(name[1:]) - 1) * GRID_SIZE + col


def rotate_walls(mask: int, quarters: int) -> int:
    """Wall mask of a card turned ``quarters`` quarter turns clockwise."""
    quarters %= NUM_ROTATIONS
    return ((mask << quarters) | (mask >> (NUM_ROTATIONS - quarters))) & 0b1111


# ---------------------------------------------------------------------------- colours and kinds
class Colour(IntEnum):
    """Card and meeple colours: the four dwarf colours (seat ``p`` plays colour ``p`` in the core
    game, O25), then the three races of The Empires (elves purple, ogres orange, crystal dwarfs
    black, X1.1)."""

    BLUE = 0
    RED = 1
    GREEN = 2
    YELLOW = 3
    PURPLE = 4
    ORANGE = 5
    BLACK = 6


NUM_COLOURS = len(Colour)
CORE_COLOURS = 4  # the dwarf colours of the core game
COLOUR_LETTERS = "BRGYPOK"  # K: black


class Kind(IntEnum):
    """The nine kingdom card kinds; every colour has one card of each."""

    CASTLE = 0
    GOLD_MINE = 1
    EMERALD_MINE = 2
    RUBY_MINE = 3
    DIAMOND_MINE = 4
    TAVERN = 5
    STORE = 6  # the general store
    DRAGON = 7
    FROST_GIANT = 8


NUM_KINDS = len(Kind)
KINGDOM_CARDS_PER_COLOUR = NUM_KINDS  # nine per colour; a colour's card in hand slot s is "slot s"
NUM_SLOTS = NUM_KINDS
CASTLE_SLOT = 0
# kind indices beyond the nine core kinds (indexes of ALL_KINDS): the lake and a battle memorial
# (neutral cards of Troll's Bridge and Royal Decrees), then the Empires' ogre castle and monsters
LAKE = NUM_KINDS
MEMORIAL = NUM_KINDS + 1
OGRE_CASTLE = NUM_KINDS + 2
FOREST_DRAGON = NUM_KINDS + 3
BIG_BAD_WOLF = NUM_KINDS + 4
TREANT = NUM_KINDS + 5
NUM_ALL_KINDS = NUM_KINDS + 6
DWARFS_PER_COLOUR = 7
HAND_LIMIT = 9
BASE_ACTIONS = 3
CASTLE_EXTRA_ACTIONS = 1
MONSTER_KINDS = (Kind.DRAGON, Kind.FROST_GIANT, FOREST_DRAGON, BIG_BAD_WOLF, TREANT)
CASTLE_KINDS = (Kind.CASTLE, OGRE_CASTLE)
# indexed by every kind (ALL_KINDS order)
IS_MONSTER = tuple(k in MONSTER_KINDS for k in range(NUM_ALL_KINDS))
IS_CASTLE = tuple(k in CASTLE_KINDS for k in range(NUM_ALL_KINDS))
UNSTACKABLE = tuple(IS_CASTLE[k] or IS_MONSTER[k] or k in (LAKE, MEMORIAL) for k in range(NUM_ALL_KINDS))
MONSTER_VP = 3  # per defeated monster


class Gem(IntEnum):
    """Gem card types."""

    GOLD = 0
    EMERALD = 1
    DIAMOND = 2
    RUBY = 3


NUM_GEMS = len(Gem)
GEM_VP = (1, 2, 2, 3)  # O4: gold 1, emerald 2, diamond 2, ruby 3
GEM_PILE = (20, 14, 14, 10)  # O4: cards per face-up pile


class Job(IntEnum):
    """What completing a card's task does."""

    DIG = 0
    MINE = 1
    OGRE = 2
    TRADE = 3
    SLAY = 4
    TOLL = 5  # the troll's lake (Troll's Bridge)
    MEMORIAL = 6  # a battle memorial (Royal Decrees): rotate an empty card


@dataclass(frozen=True)
class KindInfo:
    """Spots, dwarfs required, task and VP of one kingdom card kind (same for every colour, O2)."""

    name: str
    spots: int
    required: int
    job: Job
    vp: int
    gem: int = -1  # mines: the gem type produced
    amount: int = 0  # mines: gems per completed task


KINDS: tuple[KindInfo, ...] = (
    KindInfo("castle", 3, 2, Job.DIG, 2),
    KindInfo("gold mine", 3, 2, Job.MINE, 1, Gem.GOLD, 2),
    KindInfo("emerald mine", 3, 2, Job.MINE, 1, Gem.EMERALD, 1),
    KindInfo("ruby mine", 4, 3, Job.MINE, 1, Gem.RUBY, 1),
    KindInfo("diamond mine", 3, 2, Job.MINE, 1, Gem.DIAMOND, 1),
    KindInfo("tavern", 3, 2, Job.OGRE, -1, amount=1),
    KindInfo("general store", 4, 3, Job.TRADE, 1),
    KindInfo("dragon", 5, 5, Job.SLAY, -1),
    KindInfo("frost giant", 5, 5, Job.SLAY, -1),
)
# indexed by kind; the lake (Troll's Bridge) is kind index NUM_KINDS, after the nine kinds
ALL_KINDS: tuple[KindInfo, ...] = KINDS + (
    KindInfo("troll's lake", 3, 1, Job.TOLL, 0),  # kind 9 (Troll's Bridge, O33)
    KindInfo("battle memorial", 2, 1, Job.MEMORIAL, 0),  # kind 10 (Royal Decrees, O43)
    KindInfo("ogres' castle", 4, 3, Job.OGRE, -2, amount=2),  # kind 11 (The Empires, X2.2, O50)
    KindInfo("forest dragon", 5, 5, Job.SLAY, -1),  # kinds 12-14: the Empires' monsters (X6.1)
    KindInfo("big bad wolf", 5, 5, Job.SLAY, -1),
    KindInfo("treant", 5, 5, Job.SLAY, -1),
)
SPOTS = tuple(k.spots for k in ALL_KINDS)
REQUIRED = tuple(k.required for k in ALL_KINDS)
KIND_VP = tuple(k.vp for k in ALL_KINDS)
MAX_SPOTS = max(SPOTS)
MAX_ABS_KIND_VP = max(abs(v) for v in KIND_VP)

# Walls of each colour's cards before turning (O3). Patterns: one wall on N; a corner (N, E);
# a corridor (N, S). Every colour: a corner castle, one mine with one wall and three corridor
# mines (which mine differs between colours), a one-wall tavern, corridor store and monsters:
# 16 walled sides each.
ONE, CORNER, CORRIDOR, OPEN = 0b0001, 0b0011, 0b0101, 0b0000
WALLS_BY_COLOUR: tuple[tuple[int, ...], ...] = (
    # castle  gold      emerald   ruby      diamond   tavern store dragon giant
    (CORNER, CORRIDOR, ONE, CORRIDOR, CORRIDOR, ONE, CORRIDOR, CORRIDOR, CORRIDOR),  # blue
    (CORNER, ONE, CORRIDOR, CORRIDOR, CORRIDOR, ONE, CORRIDOR, CORRIDOR, CORRIDOR),  # red
    (CORNER, CORRIDOR, CORRIDOR, ONE, CORRIDOR, ONE, CORRIDOR, CORRIDOR, CORRIDOR),  # green
    (CORNER, CORRIDOR, CORRIDOR, CORRIDOR, ONE, ONE, CORRIDOR, CORRIDOR, CORRIDOR),  # yellow
    # the Empires' colours (O49): the same patterns, 16 walled sides each
    (CORNER, ONE, CORRIDOR, CORRIDOR, CORRIDOR, ONE, CORRIDOR, CORRIDOR, CORRIDOR),  # purple (elves)
    (CORNER, CORRIDOR, CORRIDOR, ONE, CORRIDOR, ONE, CORRIDOR, CORRIDOR, CORRIDOR),  # orange (ogres)
    (CORNER, CORRIDOR, ONE, CORRIDOR, CORRIDOR, ONE, CORRIDOR, CORRIDOR, CORRIDOR),  # black (crystal dwarfs)
)
# the kind of the card in each slot of a colour (X2.1, O48): the dwarf colours hold the nine core
# kinds; the Empires' colours swap in their own castle or monsters
CORE_SLOTS = tuple(range(NUM_KINDS))
SLOT_KINDS: tuple[tuple[int, ...], ...] = (CORE_SLOTS,) * CORE_COLOURS + (
    CORE_SLOTS[:7] + (FOREST_DRAGON, TREANT),  # purple
    (OGRE_CASTLE,) + CORE_SLOTS[1:7] + (BIG_BAD_WOLF, int(Kind.FROST_GIANT)),  # orange
    CORE_SLOTS[:7] + (int(Kind.FROST_GIANT), TREANT),  # black
)

# A card is identified by its code: colour * 9 + slot for the dwarf colours (0..35), then the
# lake (36) and a battle memorial (37), then the Empires' colours (38..64), so that the codes of
# the core game and its first two expansions stay as they were.
NUM_CARD_CODES = CORE_COLOURS * NUM_KINDS  # the dwarf colours' cards
LAKE_CODE = NUM_CARD_CODES
MEMORIAL_CODE = NUM_CARD_CODES + 1
EMPIRE_CODES = MEMORIAL_CODE + 1  # the first code of the purple cards


def card_code(colour: int, slot: int) -> int:
    """Code of the card in ``slot`` of ``colour`` (for the dwarf colours the slot is the kind)."""
    if colour < CORE_COLOURS:
        return colour * NUM_KINDS + slot
    return EMPIRE_CODES + (colour - CORE_COLOURS) * NUM_KINDS + slot


NEUTRAL = NUM_COLOURS  # "colour" of the lake and the memorials, which no seat owns
ALL_CODES = EMPIRE_CODES + (NUM_COLOURS - CORE_COLOURS) * NUM_KINDS
_CODE_PARTS = {card_code(c, s): (c, s) for c in range(NUM_COLOURS) for s in range(NUM_SLOTS)}
CODE_COLOUR = tuple(_CODE_PARTS[code][0] if code in _CODE_PARTS else NEUTRAL for code in range(ALL_CODES))
CODE_SLOT = tuple(_CODE_PARTS[code][1] if code in _CODE_PARTS else -1 for code in range(ALL_CODES))
CODE_KIND = tuple(SLOT_KINDS[_CODE_PARTS[code][0]][_CODE_PARTS[code][1]] if code in _CODE_PARTS
                  else (LAKE if code == LAKE_CODE else MEMORIAL) for code in range(ALL_CODES))
# the lake and the memorials have no walls (O33, O43)
WALLS_OF_CODE = tuple(WALLS_BY_COLOUR[c][s] if c < NUM_COLOURS else 0 for c, s in zip(CODE_COLOUR, CODE_SLOT))
# WALLS[code][rotation]: the wall mask of a card lying turned ``rotation`` quarters
WALLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(rotate_walls(WALLS_OF_CODE[code], r) for r in range(NUM_ROTATIONS)) for code in range(ALL_CODES)
)
# the rotations giving distinct wall masks (the only ones offered when a card is played)
DISTINCT_ROTATIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r for r in range(NUM_ROTATIONS) if WALLS[code][r] not in WALLS[code][:r])
    for code in range(ALL_CODES)
)


def layer(code: int, rotation: int) -> int:
    """One card of a stack: its code and how it is turned, packed in one int."""
    return code * NUM_ROTATIONS + rotation


def layer_code(packed: int) -> int:
    """Card code of a packed stack layer."""
    return packed // NUM_ROTATIONS


def layer_rotation(packed: int) -> int:
    """Rotation of a packed stack layer."""
    return packed % NUM_ROTATIONS


NUM_LAYERS = ALL_CODES * NUM_ROTATIONS  # the lake's four layers come last
LAYER_WALLS = tuple(WALLS[p // NUM_ROTATIONS][p % NUM_ROTATIONS] for p in range(NUM_LAYERS))
LAYER_KIND = tuple(CODE_KIND[p // NUM_ROTATIONS] for p in range(NUM_LAYERS))
LAYER_COLOUR = tuple(CODE_COLOUR[p // NUM_ROTATIONS] for p in range(NUM_LAYERS))
# VP of each card: its kind's (O2), except the crystal dwarfs' castle, worth 1 (O81: the frozen soul
# keeps their kingdom's extra action and mine VP under every frost giant, X4.8)
BLACK_CASTLE_VP = 1
CODE_VP = tuple(BLACK_CASTLE_VP if CODE_COLOUR[code] == Colour.BLACK and CODE_KIND[code] == Kind.CASTLE
                else KIND_VP[CODE_KIND[code]] for code in range(ALL_CODES))
LAYER_VP = tuple(CODE_VP[p // NUM_ROTATIONS] for p in range(NUM_LAYERS))


# ---------------------------------------------------------------------------- ogre cards (O5)
class Ogre(IntEnum):
    """Ogre card types (played as free actions)."""

    AMBUSH = 0
    BRUTE = 1
    PANIC = 2
    THIEF = 3
    CROWN = 4
    TROLL_KING = 5  # Troll's Bridge only (T6)
    WRECKING_BALL = 6  # The Empires only (X7.1)


NUM_OGRES = 5  # the core game's ogre kinds (Troll's Bridge adds the Troll King)
EMPIRE_OGRES = len(Ogre)  # The Empires: all seven kinds (no Troll King copies without Troll's Bridge)
WRECKING_BALL_COPIES = 3  # O55
EMPIRE_EXTRA_COPIES = 1  # O55: one more of each core ogre card
OGRE_COUNTS = (5, 6, 6, 5, 3)  # O5: 25 cards
NUM_OGRE_CARDS = sum(OGRE_COUNTS)
TROLL_KING_COPIES = 3  # O32
TROLL_OGRE_COUNTS = OGRE_COUNTS + (TROLL_KING_COPIES,)
TROLL_KING_DRAWS = 2
PANIC_REACH = 2  # cards a Panic may move a dwarf


# ---------------------------------------------------------------------------- goals
@dataclass(frozen=True)
class TradingGoal:
    """A trading goal: the gems paid at the general store and its VP (O6)."""

    cost: tuple[int, int, int, int]  # gold, emerald, diamond, ruby
    vp: int
    monsters: int = 0  # dragon eggs (The Empires): defeated monsters paid too (X8.1)
    min_players: int = 0  # dragon eggs marked for 4 or more players (X8.2)


TRADING_GOALS: tuple[TradingGoal, ...] = (
    TradingGoal((3, 0, 0, 0), 5),
    TradingGoal((4, 0, 0, 0), 6),
    TradingGoal((0, 2, 0, 0), 6),
    TradingGoal((0, 0, 2, 0), 6),
    TradingGoal((0, 0, 0, 2), 9),
    TradingGoal((1, 1, 1, 0), 7),
    TradingGoal((2, 0, 0, 1), 7),
    TradingGoal((0, 1, 0, 1), 7),
    TradingGoal((0, 0, 1, 1), 7),
    TradingGoal((2, 2, 0, 0), 8),
    TradingGoal((2, 0, 2, 0), 8),
    TradingGoal((0, 3, 0, 0), 8),
    TradingGoal((0, 0, 3, 0), 8),
    TradingGoal((1, 1, 1, 1), 11),
    # The Empires' dragon eggs (O53): goal ids 14..19, each also costs one defeated monster
    TradingGoal((1, 0, 0, 0), 6, 1),
    TradingGoal((0, 1, 0, 0), 7, 1),
    TradingGoal((0, 0, 1, 0), 7, 1),
    TradingGoal((0, 0, 0, 1), 8, 1),
    TradingGoal((2, 0, 0, 0), 7, 1, 4),
    TradingGoal((0, 1, 1, 0), 9, 1, 4),
)
NUM_TRADING_GOALS = 14  # the core game's goals (ids 0..13)
ALL_TRADING_GOALS = len(TRADING_GOALS)  # with the dragon eggs
TRADING_ROW = 3  # trading goals face up
MAX_TRADING_VP = max(g.vp for g in TRADING_GOALS)


class Secret(IntEnum):
    """The seven secret goals of the core game, then the four of The Empires (X9)."""

    ARCHITECT = 0  # a kingdom of 8 cards or more
    BERSERKER = 1  # 2 monsters defeated or more
    KING = 2  # a kingdom worth 10 VP or more
    MINER = 3  # a gem of every type in hand
    OGRE_IN_DISGUISE = 4  # 5 ogre cards in hand or more
    RESEARCHER = 5  # 3 of your dwarfs on each of 2 monster cards
    WIZARD = 6  # 5 emeralds in hand or more
    ZOOKEEPER = 7  # The Empires: 3 living monsters in your kingdom
    TOWNSMEN = 8  # The Empires: 3 inns (taverns or general stores) in your kingdom
    WARLOCK = 9  # The Empires: 5 diamonds in hand or more
    ADVENTURERS = 10  # The Empires: a monster slain with 3 types of meeples


NUM_SECRETS = 7  # the core game's
ALL_SECRETS = len(Secret)
SECRET_VP = (2, 7, 2, 3, 14, 9, 5)  # O7: the core game's seven
# O54: with The Empires all eleven (the core seven retuned for its bigger ogre deck and races,
# then Zookeeper, Townsmen, Warlock, Adventurers): at 2-4 players, and at 5-7 players, where two
# goals end the game (X1.4) and it lasts about 6 rounds instead of 10
EMPIRES_SECRET_VP = (3, 6, 5, 3, 12, 12, 5, 6, 6, 5, 6)
EMPIRES_LARGE_SECRET_VP = (3, 6, 3, 5, 12, 8, 5, 6, 5, 5, 9)
ZOOKEEPER_MONSTERS = 3
TOWNSMEN_INNS = 3
WARLOCK_DIAMONDS = 5
ADVENTURER_TYPES = 3
ARCHITECT_CARDS = 8
BERSERKER_MONSTERS = 2
KING_VP = 10
OGRE_IN_DISGUISE_CARDS = 5
RESEARCHER_TRIO = 3
RESEARCHER_MONSTERS = 2
WIZARD_EMERALDS = 5
GOALS_TO_END = 3
GOALS_TO_END_LARGE = 2  # X1.4: five or more players
LARGE_TABLE = 5
IDLE_ROUNDS_TO_END = 2  # O22 (R10.4): rounds in a row with no kingdom card played and nothing gained by a task end the game
ROUND_LIMIT = 60  # O65 (R10.5): a designed cap, not a rule: a game still going after this round is truncated
ROUND_LIMIT_NAME = "round_limit"  # State.truncated_by when the cap stops a game

# ---------------------------------------------------------------------------- Troll's Bridge (T1-T6)
# The troll's lake is one neutral card (code LAKE_CODE, kind LAKE, never in a hand) laid on d4
# at setup; it has no walls, 3 spots, and each dwarf on it pays the toll once (O33).
LAKE_CELL = CENTRE_CELLS[0]
LAKE_INFO = ALL_KINDS[LAKE]
TROLL_STEPS = 2  # cards the troll may be moved per toll (T2.2)
MIGHTY_REQUIRED = 3  # dwarfs that defeat a monster under the Mighty troll (T4.4)
WARBAND_OGRES = 2  # ogre cards a card yields under the Warband Leader (T4.2)
MINER_FACTOR = 2  # gems a mine yields under the Miner troll (T4.3)


class Mood(IntEnum):
    """The four mood cards of the troll."""

    SCARY = 0
    WARBAND_LEADER = 1
    MINER = 2
    MIGHTY = 3


NUM_MOODS = len(Mood)
MOOD_TRACK = (2, 3, 3, 2)  # O34: toll steps on each mood card before the mood changes
MAX_MOOD_TRACK = max(MOOD_TRACK)


@dataclass(frozen=True)
class RoamingCard:
    """A roaming card: its name and the squares the troll walks, one side per step (O35)."""

    name: str
    steps: tuple[int, ...]


def _roaming_cards() -> tuple[RoamingCard, ...]:
    cards = []
    for d in range(NUM_SIDES):
        cards += [RoamingCard("sleep walking", (d,)), RoamingCard("mourning", (d, d)),
                  RoamingCard("crazy stunt", (d, (d + 1) % NUM_SIDES)), RoamingCard("running", (d, d, d))]
    return tuple(cards)


ROAMING_CARDS = _roaming_cards()
NUM_ROAMING = len(ROAMING_CARDS)

__all__ = [name for name in dir() if not name.startswith("_")]
