"""Immutable tables of Battle Gnomes!: the 24 gnomes and the 78 player cards.

The rulebook gives the deck composition by card type only; every name, strength and text
below is designed for this project and recorded in ``seeds/battle_gnomes.md`` (Open points).
Cards of one design are identical, so the engine stores cards by design index and keeps the
copies of each design conserved.

The rulebook lists 18 action, 13 weapon, 10 defence and 13 yard cards and "12 battle items,
2 of each" in a deck of 78: 12 battle item kinds of 2 copies each is the reading under which
the counts add up to 78 (Open point O27).

Design indices (39 designs, 78 cards)::

    0-10   action cards      (18 cards: timing B, T or R)
    11-16  weapons           (13 cards)
    17-20  defences          (10 cards)
    21-32  battle items      (24 cards: 12 kinds x 2, six thrown kinds)
    33-38  yard items        (13 cards)

Gnome ids 0-23 index ``GNOMES``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


class CardType(IntEnum):
    """The five colour-coded card types of the player deck."""

    ACTION = 0
    WEAPON = 1
    DEFENCE = 2
    BATTLE_ITEM = 3
    YARD = 4


class Timing(IntEnum):
    """When an action card may be played (the hat corner of the card)."""

    NONE = 0  # not an action card
    BATTLE = 1  # B: by a battling household during a battle
    TURN = 2  # T: by the turn player during Organize or Recruit
    RESPONSE = 3  # R: in a response window, in or out of turn


class Card(IntEnum):
    """Every card design, in design-index order."""

    TRUCE_FLAG = 0
    HOME_TURF = 1
    SNEAK_ATTACK = 2
    BATTLE_CRY = 3
    SABOTAGE = 4
    PEP_TALK = 5
    YARD_SALE = 6
    SWIPE = 7
    LAWN_MOWER = 8
    NO_WAY = 9
    DEFLECT = 10
    TWIG_SWORD = 11
    RAKE = 12
    SHOVEL = 13
    PITCHFORK = 14
    SLINGSHOT = 15
    GARDEN_SHEARS = 16
    BUCKET_HELMET = 17
    LID_SHIELD = 18
    HEDGE_ARMOR = 19
    UMBRELLA = 20
    ROTTEN_TOMATO = 21
    MUD_PIE = 22
    GARDEN_ROCK = 23
    FERTILIZER = 24
    LUCKY_CLOVER = 25
    GARDEN_HOSE = 26
    PINE_CONE = 27
    WATER_BALLOON = 28
    STINK_BOMB = 29
    WATERING_CAN = 30
    BEE_SWARM = 31
    GARDEN_LANTERN = 32
    PINK_FLAMINGO = 33
    BIRD_BATH = 34
    PICKET_FENCE = 35
    STONE_WALL = 36
    SCARECROW = 37
    COMPOST_HEAP = 38


@dataclass(frozen=True)
class CardDesign:
    """One card design: its type, copies in the deck, printed value and text."""

    name: str
    type: CardType
    copies: int
    value: int = 0  # strength of an item; penalty of a thrown item; bonus of a battle item
    timing: Timing = Timing.NONE
    whole_battle: bool = False  # B card played right after the opponent is chosen
    thrown: bool = False
    text: str = ""


A, W, D, I, Y = CardType.ACTION, CardType.WEAPON, CardType.DEFENCE, CardType.BATTLE_ITEM, CardType.YARD
B, T, R = Timing.BATTLE, Timing.TURN, Timing.RESPONSE

CARDS: tuple[CardDesign, ...] = (
    CardDesign("Truce Flag", A, 2, timing=B, whole_battle=True,
               text="defender only, right after being chosen: the battle is called off"),
    CardDesign("Home Turf", A, 1, timing=B, whole_battle=True,
               text="right after the opponent is chosen: your yard items count double this battle"),
    CardDesign("Sneak Attack", A, 1, timing=B, whole_battle=True,
               text="attacker only, right after choosing: the defender's yard items count 0 this battle"),
    CardDesign("Battle Cry", A, 3, 3, timing=B, text="+3 to your side"),
    CardDesign("Sabotage", A, 2, timing=B,
               text="a battling gnome of the other side with a weapon: that weapon counts 0 this battle"),
    CardDesign("Pep Talk", A, 1, timing=B,
               text="one of your battling gnomes: its base strength counts double this battle"),
    CardDesign("Yard Sale", A, 2, timing=T, text="draw 2 cards"),
    CardDesign("Swipe", A, 1, timing=T,
               text="take an attachment from another household's gnome onto one of your gnomes "
                    "(an attachment already in that slot is discarded)"),
    CardDesign("Lawn Mower", A, 1, timing=T, text="discard one yard item of another household"),
    CardDesign("No Way!", A, 3, timing=R, text="cancel the card or gnome function just declared"),
    CardDesign("Deflect", A, 1, timing=R,
               text="the thrown item just declared hits the other side instead"),
    CardDesign("Twig Sword", W, 3, 1, text="+1"),
    CardDesign("Rake", W, 3, 2, text="+2"),
    CardDesign("Shovel", W, 2, 2, text="+2; +1 more when its gnome defends"),
    CardDesign("Pitchfork", W, 2, 3, text="+3"),
    CardDesign("Slingshot", W, 2, 1,
               text="+1; +1 more for each thrown item its household played this battle that took effect"),
    CardDesign("Garden Shears", W, 1, 2, text="+2; +2 more when its gnome attacks"),
    CardDesign("Bucket Helmet", D, 3, 1, text="+1"),
    CardDesign("Lid Shield", D, 3, 2, text="+2"),
    CardDesign("Hedge Armor", D, 2, 3, text="+3"),
    CardDesign("Umbrella", D, 2, 1,
               text="+1; each thrown item against its side counts 1 less (not below 0)"),
    CardDesign("Rotten Tomato", I, 2, 1, thrown=True, text="thrown: -1 to the chosen side"),
    CardDesign("Mud Pie", I, 2, 2, thrown=True, text="thrown: -2 to the chosen side"),
    CardDesign("Garden Rock", I, 2, 3, thrown=True, text="thrown: -3 to the chosen side"),
    CardDesign("Fertilizer", I, 2, 2, text="+2 to the chosen side"),
    CardDesign("Lucky Clover", I, 2, 1,
               text="+1 to the chosen side, +3 instead if that side battles with one gnome"),
    CardDesign("Garden Hose", I, 2, 0,
               text="every thrown item that took effect so far against the chosen side counts 0"),
    CardDesign("Pine Cone", I, 2, 1, thrown=True,
               text="thrown: -1 to the chosen side, -2 instead if two of its gnomes battle"),
    CardDesign("Water Balloon", I, 2, 1, thrown=True,
               text="thrown: -1 to the chosen side, -3 instead if none of its battling gnomes "
                    "has a defence that counts"),
    CardDesign("Stink Bomb", I, 2, 1, thrown=True,
               text="thrown: -1 to the chosen side for each yard item of its household (at most -3)"),
    CardDesign("Watering Can", I, 2, 1,
               text="+1 to the chosen side, +1 more for each of its battling gnomes"),
    CardDesign("Bee Swarm", I, 2, 2, text="-2 to the chosen side (not a thrown item)"),
    CardDesign("Garden Lantern", I, 2, 1,
               text="+1 to the chosen side for each yard item of its household"),
    CardDesign("Pink Flamingo", Y, 3, 1, text="+1"),
    CardDesign("Bird Bath", Y, 2, 1, text="+1; +1 more when your household defends"),
    CardDesign("Picket Fence", Y, 3, 2, text="+2"),
    CardDesign("Stone Wall", Y, 2, 3, text="+3 when your household defends, 0 when it attacks"),
    CardDesign("Scarecrow", Y, 2, 1, text="+1; +2 instead when your household attacks"),
    CardDesign("Compost Heap", Y, 1, 1,
               text="+1; +1 more for each gnome of your household beyond two"),
)
NUM_DESIGNS = len(CARDS)
NUM_PLAYER_CARDS = sum(c.copies for c in CARDS)
CARD_TYPE = tuple(int(c.type) for c in CARDS)
CARD_VALUE = tuple(c.value for c in CARDS)
CARD_COPIES = tuple(c.copies for c in CARDS)
IS_THROWN = tuple(c.thrown for c in CARDS)
DESIGNS_OF_TYPE: dict[CardType, tuple[int, ...]] = {
    t: tuple(d for d, c in enumerate(CARDS) if c.type == t) for t in CardType
}
ACTION_DESIGNS = DESIGNS_OF_TYPE[CardType.ACTION]
WEAPON_DESIGNS = DESIGNS_OF_TYPE[CardType.WEAPON]
DEFENCE_DESIGNS = DESIGNS_OF_TYPE[CardType.DEFENCE]
ITEM_DESIGNS = DESIGNS_OF_TYPE[CardType.BATTLE_ITEM]
YARD_DESIGNS = DESIGNS_OF_TYPE[CardType.YARD]
ATTACHMENT_DESIGNS = WEAPON_DESIGNS + DEFENCE_DESIGNS
FIRST_ITEM = ITEM_DESIGNS[0]
NUM_ITEM_KINDS = len(ITEM_DESIGNS)
TIMING_OF = tuple(int(c.timing) for c in CARDS)
WHOLE_BATTLE_CARDS = tuple(d for d, c in enumerate(CARDS) if c.whole_battle)
LOOP_BATTLE_CARDS = tuple(d for d, c in enumerate(CARDS) if c.timing == B and not c.whole_battle)
TURN_CARDS = tuple(d for d, c in enumerate(CARDS) if c.timing == T)
RESPONSE_CARDS = tuple(d for d, c in enumerate(CARDS) if c.timing == R)


class Slot(IntEnum):
    """The two attachment slots of a gnome."""

    WEAPON = 0
    DEFENCE = 1


NUM_SLOTS = len(Slot)
SLOT_OF_TYPE = {CardType.WEAPON: Slot.WEAPON, CardType.DEFENCE: Slot.DEFENCE}
SLOT_OF_DESIGN = tuple(int(SLOT_OF_TYPE[c.type]) if c.type in SLOT_OF_TYPE else -1 for c in CARDS)


class Ability(IntEnum):
    """When a gnome's text applies."""

    HOUSEHOLD = 0  # always, for the whole household
    BATTLE = 1  # while the gnome battles (computed in the totals)
    FUNCTION = 2  # once per battle, declared by its household while it battles
    RESTRICTION = 3  # a rule on how the gnome may be used


class G(IntEnum):
    """Every gnome, by id."""

    GRUMBOLD = 0
    SIR_SPRINKLES = 1
    PEBBLE = 2
    BRAMBLE = 3
    TINKER = 4
    OLD_MOSSBEARD = 5
    THISTLE = 6
    CLOD = 7
    FIZZWICK = 8
    NETTLE = 9
    GUS = 10
    RUSTY = 11
    MARIGOLD = 12
    SNICKERS = 13
    BOULDER = 14
    TWINKLE = 15
    MOSS = 16
    PIP = 17
    CAPTAIN_CLOVER = 18
    DOODLE = 19
    WHISPER = 20
    HECTOR = 21
    BUMBLE = 22
    SAGE = 23


@dataclass(frozen=True)
class GnomeDesign:
    """One gnome card: name, base strength 0-4, ability kind and text, hand-limit change."""

    name: str
    strength: int
    ability: Ability
    text: str
    hand_limit: int = 0  # change to the household's hand limit while the gnome is in it


H, BA, F, RS = Ability.HOUSEHOLD, Ability.BATTLE, Ability.FUNCTION, Ability.RESTRICTION
GNOMES: tuple[GnomeDesign, ...] = (
    GnomeDesign("Grumbold the Grouch", 4, H, "your hand limit is 1 lower", -1),
    GnomeDesign("Sir Sprinkles", 3, BA, "+1 when it defends"),
    GnomeDesign("Pebble", 1, H, "your hand limit is 1 higher", 1),
    GnomeDesign("Bramble", 2, BA, "+2 when it attacks"),
    GnomeDesign("Tinker", 2, BA, "its weapon counts 1 more"),
    GnomeDesign("Old Mossbeard", 0, H, "your hand limit is 2 higher", 2),
    GnomeDesign("Thistle", 1, BA, "thrown items against its side count 0"),
    GnomeDesign("Clod", 4, RS, "it never attacks (it may defend)"),
    GnomeDesign("Fizzwick", 1, F, "discard a card from your hand: +2 to its side"),
    GnomeDesign("Nettle", 2, F, "-1 to the other side"),
    GnomeDesign("Gus the Gardener", 2, BA, "each of your yard items counts 1 more"),
    GnomeDesign("Rusty", 3, BA, "its defence counts 0"),
    GnomeDesign("Lady Marigold", 2, BA, "+1 for each defence on its side's battling gnomes"),
    GnomeDesign("Snickers", 1, BA, "each thrown item your household plays counts 1 more"),
    GnomeDesign("Boulder", 4, BA, "-2 when it battles together with another gnome"),
    GnomeDesign("Twinkle", 0, BA, "+3 when it battles alone"),
    GnomeDesign("Moss", 2, H, "after a battle your household draws up to one card above its limit"),
    GnomeDesign("Pip", 1, F, "draw a card"),
    GnomeDesign("Captain Clover", 3, BA, "+1 for each gnome of your household not in the battle"),
    GnomeDesign("Doodle", 2, BA, "+2 when it has no attachments"),
    GnomeDesign("Whisper", 1, F, "a battling gnome of the other side with a defence: that defence counts 0"),
    GnomeDesign("Hector the Heavy", 4, BA, "its weapon counts 0"),
    GnomeDesign("Bumble", 0, F, "+2 to its side"),
    GnomeDesign("Sage", 1, BA, "+1 for each action card its household played and resolved this battle"),
)
NUM_GNOMES = len(GNOMES)
GNOME_STRENGTH = tuple(g.strength for g in GNOMES)
GNOME_HAND_LIMIT = tuple(g.hand_limit for g in GNOMES)
FUNCTION_GNOMES = frozenset(i for i, g in enumerate(GNOMES) if g.ability == Ability.FUNCTION)
MAX_STRENGTH = 4

# ---------------------------------------------------------------------------- rule constants
HAND_LIMIT = 5  # default hand limit (R1.3)
MIN_HAND_LIMIT = 1
STARTING_HAND = 5  # cards dealt at setup (R2.1)
SELECTION_SIZE = 3  # face-up selection gnomes (R2.2)
DRAFT_ROUNDS = 2  # gnomes each household drafts at setup (R2.3)
MIN_GNOMES = 2  # recruit up to this at the start of a turn; attack-protection threshold (R4.1, R7.1)
MAX_GNOMES = 4  # a household holds at most four gnomes (R6.2)
MAX_YARD = 3  # yard items in play per household (R5.3)
MAX_BATTLERS = 2  # gnomes per side in a battle (R7.3)
DEFEATS_TO_WIN = 3  # defeated gnomes that win at once (R9.1)
ROUND_LIMIT = 30  # R9.4 (stall rule, O25): the game ends after every household's 30th turn
MOSS_EXTRA = 1  # extra card Moss's household draws after a battle


# ---------------------------------------------------------------------------- numbers in card texts
YARD_SALE_DRAW = 2
SHOVEL_DEFEND_BONUS = 1
SHEARS_ATTACK_BONUS = 2
UMBRELLA_REDUCTION = 1
LUCKY_CLOVER_LONE_VALUE = 3
PINE_CONE_PAIR_VALUE = 2
WATER_BALLOON_BARE_VALUE = 3
STINK_BOMB_MAX = 3
BIRD_BATH_DEFEND_BONUS = 1
STONE_WALL_ATTACK_VALUE = 0
SCARECROW_ATTACK_VALUE = 2
COMPOST_BASE_GNOMES = 2  # the Compost Heap counts 1 more per gnome beyond this many
HOME_TURF_FACTOR = 2
PEP_TALK_FACTOR = 2
SPRINKLES_DEFEND_BONUS = 1
BRAMBLE_ATTACK_BONUS = 2
TINKER_WEAPON_BONUS = 1
FIZZWICK_BONUS = 2
NETTLE_PENALTY = 1
GUS_YARD_BONUS = 1
SNICKERS_THROW_BONUS = 1
BOULDER_PENALTY = 2
TWINKLE_ALONE_BONUS = 3
DOODLE_BONUS = 2
PIP_DRAW = 1
BUMBLE_BONUS = 2
