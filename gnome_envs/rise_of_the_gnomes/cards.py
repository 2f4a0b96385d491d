"""The card decks of Rise of the Gnomes: 38 allies, 18 judges, 50 Gnome cards, 10 action cards.

The rulebook gives the counts and the card anatomy, not the faces; the faces below are the
project's design (``seeds/rise_of_the_gnomes.md``, Open points). Gnome cards are written as a
readable table and parsed once at import::

    id  dragon  primary        secondary      tertiary   icon order
     0  M:MO    BD:PL,HI,SW    BF:DK,FO       VP         LSCH

``M:MO`` moves the dragon into an adjacent mountain, ``F:DK`` flies it to Dragonkeep. An
action is ``KIND:tile,tile,...`` (tile priority list, left first); kinds: BF Brew Festival,
BC Beer Competition, EXP Expand, IMM Immigration, BD Barrel Delivery, CAR Caravan, VP two
victory points (no tiles). The icon order lists the tie-break icons L(ion), S(cale),
C(rown), H(ammer) from first to last.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from gnome_envs.rise_of_the_gnomes.components import (
    ICON_CODES,
    LAND_TYPES,
    RACES,
    TYPE_CODES,
    UPGRADE_ABILITY,
    Ability,
    Icon,
    TileType,
)


# ============================================================================ action cards
class ActionKind(IntEnum):
    """The five action card actions (resolved in the Play Action Cards phase)."""

    BARREL_DELIVERY = 0
    BEER_COMPETITION = 1
    BREW_FESTIVAL = 2
    CARAVAN = 3
    EXPAND = 4


@dataclass(frozen=True)
class ActionCard:
    """An action card: its action and the barrel cost of each brewer space, top to bottom."""

    card_id: int
    kind: ActionKind
    costs: tuple[int, ...]


ACTION_CARDS = tuple(
    ActionCard(2 * kind + copy, ActionKind(kind), costs)
    for kind in range(len(ActionKind))
    for copy, costs in enumerate(((2, 3), (2, 2, 3)) if kind == ActionKind.EXPAND else ((1, 2), (1, 1, 2)))
)
NUM_ACTION_CARDS = len(ACTION_CARDS)  # 10
ACTION_DISPLAY = 8  # two rows of four, resolved left to right, top row first
ACTION_ROW = 4
MAX_CARD_SPACES = max(len(card.costs) for card in ACTION_CARDS)  # 3
SOLO_BLOCKED_BARRELS = 2  # spaces of two barrels are not used with one player (R14.2)
OPEN_CARD_SPACES = {  # per solo flag: the usable spaces of each action card, top to bottom
    solo: tuple(tuple(s for s, cost in enumerate(card.costs) if not (solo and cost == SOLO_BLOCKED_BARRELS))
                for card in ACTION_CARDS)
    for solo in (False, True)
}
BD_CUBES = 3
BF_CUBES = 3
BC_REMOVE = 2
BC_ADD = 2
CARAVAN_CUBES = 5
CARAVAN_PLUS_STEP = 2


# ============================================================================ allies
class AllyType(IntEnum):
    """What an allies card gives (the rulebook's four card types)."""

    REWARD = 0  # one-time reward when drafted
    ABILITY = 1  # a special rule for its owner
    UPGRADE = 2  # boosts an action card action for its owner
    ACTION = 3  # a private brewer space


class AllyEffect(IntEnum):
    """One-time rewards and private action spaces that need more than resources."""

    NONE = 0
    UPGRADE_TOKEN = 1  # reward: place an upgrade token from the supply
    CUBES = 2  # add ``amount`` cubes into a tile you occupy
    BOAT = 3  # launch a boat on a sea tile next to a tile you occupy
    REVEAL = 4  # reward: turn a face-down tile of your choice face up
    GAIN_GOLD = 5  # space: take ``amount`` gold
    GAIN_BEER = 6  # space: take ``amount`` beer
    SCOUT = 7  # space: a free Hire Bard
    DRAGON_NUDGE = 8  # space: move the dragon one tile (it rampages)
    BUILD = 9  # space: pay ``cost_gold`` and build a brewery
    BEER_FOR_VP = 10  # space: pay ``cost_beer`` for ``amount`` victory points


@dataclass(frozen=True)
class Ally:
    """An allies card."""

    ally_id: int
    name: str
    type: AllyType
    vp: int
    gold: int = 0
    beer: int = 0
    production: int = 0
    ability: Ability | None = None
    effect: AllyEffect = AllyEffect.NONE
    amount: int = 0
    cost_gold: int = 0
    cost_beer: int = 0

    @property
    def has_space(self) -> bool:
        """Whether the card carries a private brewer space."""
        return self.type == AllyType.ACTION


def _allies() -> tuple[Ally, ...]:
    R, A, U, S = AllyType.REWARD, AllyType.ABILITY, AllyType.UPGRADE, AllyType.ACTION
    E = AllyEffect
    specs = (
        ("Gold Prospector", R, 1, {"gold": 4}),
        ("Beer Merchant", R, 1, {"beer": 5}),
        ("Master Brewer", R, 1, {"production": 1}),
        ("Apprentice Brewer", R, 0, {"production": 1, "beer": 3}),
        ("Royal Architect", R, 1, {"effect": E.UPGRADE_TOKEN}),
        ("Town Crier", R, 1, {"effect": E.CUBES, "amount": 2}),
        ("Harbourmaster", R, 1, {"effect": E.BOAT}),
        ("Noble Patron", R, 3, {}),
        ("Treasurer", R, 1, {"gold": 2, "beer": 2}),
        ("Cartographer", R, 1, {"effect": E.REVEAL}),
        ("Desert Nomad", A, 1, {"ability": Ability.DESERT_BREWERY}),
        ("Sea Captain", A, 1, {"ability": Ability.SEA_BREWERY}),
        ("Twin Brewmasters", A, 1, {"ability": Ability.TWIN_BREWERY}),
        ("Bards' Guild", A, 1, {"ability": Ability.FREE_BARD}),
        ("Dragon Whisperer", A, 1, {"ability": Ability.BRIBE_DISCOUNT}),
        ("Thug Boss", A, 1, {"ability": Ability.CHEAP_THUGS}),
        ("Stonemason", A, 0, {"ability": Ability.CHEAP_BUILD}),
        ("Keeper of the Keep", A, 1, {"ability": Ability.DK_BONUS}),
        ("Gnome Hunter", A, 1, {"ability": Ability.GNOME_HUNTER}),
        ("Tax Collector", A, 1, {"ability": Ability.GOLD_INCOME}),
        ("Cellar Master", A, 1, {"ability": Ability.TAVERN_BONUS}),
        ("Festival Brewer", A, 1, {"ability": Ability.BREW_BONUS}),
        ("Bigger Barrels", U, 1, {"ability": Ability.BD_PLUS}),
        ("Festival Organizer", U, 1, {"ability": Ability.BF_PLUS}),
        ("Head Judge", U, 1, {"ability": Ability.BC_REMOVE_PLUS}),
        ("Brawlers", U, 1, {"ability": Ability.BC_ADD_PLUS}),
        ("Caravan Master", U, 1, {"ability": Ability.CARAVAN_PLUS}),
        ("Expansion Planner", U, 1, {"ability": Ability.EXPAND_DISCOUNT}),
        ("Delivery Cart", U, 1, {"ability": Ability.BD_DISCOUNT}),
        ("Pack Mules", U, 1, {"ability": Ability.CARAVAN_DISCOUNT}),
        ("Smuggler", S, 0, {"effect": E.GAIN_GOLD, "amount": 2}),
        ("Hops Farmer", S, 0, {"effect": E.GAIN_BEER, "amount": 3}),
        ("Scout", S, 0, {"effect": E.SCOUT}),
        ("Dragon Tamer", S, 0, {"effect": E.DRAGON_NUDGE}),
        ("Missionary", S, 0, {"effect": E.CUBES, "amount": 2}),
        ("Brewery Foreman", S, 0, {"effect": E.BUILD, "cost_gold": 2}),
        ("Boatwright", S, 1, {"effect": E.BOAT}),
        ("Publican", S, 0, {"effect": E.BEER_FOR_VP, "amount": 1, "cost_beer": 2}),
    )
    return tuple(Ally(i, name, kind, vp, **extra) for i, (name, kind, vp, extra) in enumerate(specs))


ALLIES = _allies()
NUM_ALLIES = len(ALLIES)  # 38
MAX_ABILITY_COPIES = max(  # one race, every allies card giving it, its upgrade slot
    int(any(race.ability == a for race in RACES)) + sum(ally.ability == a for ally in ALLIES)
    + int(a in UPGRADE_ABILITY.values())
    for a in Ability
)


# ============================================================================ judges
class JudgeKind(IntEnum):
    """What a judge counts at the end of the game."""

    BREWERY_TILES = 0  # tiles of ``tile_type`` holding one of your breweries
    CONTROL_TILES = 1  # tiles of ``tile_type`` you control
    COAST_BREWERIES = 2  # tiles with your brewery that share a side with a sea tile
    DESERT_TILES = 3  # desert tiles you occupy
    DRAGONKEEP = 4  # you control Dragonkeep
    RED_ZONE = 5  # red-zone tiles you occupy
    CUBES = 6  # your customer cubes on the map
    BREWERIES = 7  # your breweries on the map
    UPGRADES = 8  # upgrade tokens on your brewery upgrade slots
    GOLD = 9  # gold in hand


@dataclass(frozen=True)
class Judge:
    """A judge card: a count and its points table ((at least, points), ascending)."""

    judge_id: int
    name: str
    kind: JudgeKind
    table: tuple[tuple[int, int], ...]
    tile_type: TileType | None = None

    def points(self, count: int) -> int:
        """Points for ``count`` (the best row reached; no penalty below the first)."""
        best = 0
        for least, vp in self.table:
            if count >= least:
                best = vp
        return best


BREWERY_TABLE = ((1, 1), (2, 3), (3, 5), (4, 8))
CONTROL_TABLE = ((1, 1), (2, 2), (3, 4), (4, 6), (5, 8))
BREWERY_JUDGES = ("Marla Wheatfield", "Old Bogsworth", "Sylvara Oakbrew", "Glorik Van Dyke", "Angus McHeather")
CONTROL_JUDGES = ("Baron Barleycorn", "Madame Murk", "Ranger Thistle", "Thane Ironkeg", "Lady Heathermoor")


def _judges() -> tuple[Judge, ...]:
    out: list[Judge] = []
    for names, kind, table in ((BREWERY_JUDGES, JudgeKind.BREWERY_TILES, BREWERY_TABLE),
                               (CONTROL_JUDGES, JudgeKind.CONTROL_TILES, CONTROL_TABLE)):
        for name, tile_type in zip(names, LAND_TYPES):
            out.append(Judge(len(out), name, kind, table, tile_type))
    others = (
        ("Captain Saltfoam", JudgeKind.COAST_BREWERIES, ((1, 1), (2, 3), (3, 5), (4, 7))),
        ("Zafir of the Dunes", JudgeKind.DESERT_TILES, ((1, 2), (2, 4), (3, 6))),
        ("Steward of Dragonkeep", JudgeKind.DRAGONKEEP, ((1, 6),)),
        ("Wanderer Farstep", JudgeKind.RED_ZONE, ((1, 1), (2, 2), (3, 4), (4, 6), (5, 8))),
        ("Mayor Pintsworth", JudgeKind.CUBES, ((10, 2), (15, 4), (20, 6), (25, 8))),
        ("Guildmaster Hopsworth", JudgeKind.BREWERIES, ((3, 2), (5, 4), (7, 6), (9, 9))),
        ("Tinker Cogsworth", JudgeKind.UPGRADES, ((4, 2), (6, 4), (8, 6))),
        ("Banker Goldbeard", JudgeKind.GOLD, ((5, 1), (10, 3), (15, 5), (20, 7))),
    )
    for name, kind, table in others:
        out.append(Judge(len(out), name, kind, table))
    return tuple(out)


JUDGES = _judges()
NUM_JUDGES = len(JUDGES)  # 18


# ============================================================================ Gnome cards
class GnomeAction(IntEnum):
    """Actions printed on Gnome cards."""

    BREW_FESTIVAL = 0
    BEER_COMPETITION = 1
    EXPAND = 2
    IMMIGRATION = 3
    BARREL_DELIVERY = 4
    CARAVAN = 5
    VICTORY_POINT = 6


GNOME_ACTION_CODES = {"BF": GnomeAction.BREW_FESTIVAL, "BC": GnomeAction.BEER_COMPETITION,
                      "EXP": GnomeAction.EXPAND, "IMM": GnomeAction.IMMIGRATION,
                      "BD": GnomeAction.BARREL_DELIVERY, "CAR": GnomeAction.CARAVAN,
                      "VP": GnomeAction.VICTORY_POINT}
GNOME_ACTION_CODE = {a: code for code, a in GNOME_ACTION_CODES.items()}
GNOME_CUBES_ADDED = 3  # Brew Festival, Immigration, Barrel Delivery
GNOME_BC_REMOVE = 2
GNOME_BC_ADD = 2
GNOME_VP = 2


class DragonMove(IntEnum):
    """How a Gnome card moves the dragon."""

    MOVE = 0  # into an adjacent tile of the type
    FLY = 1  # into any tile of the type


@dataclass(frozen=True)
class GnomeStep:
    """One action line of a Gnome card: the action and its tile priority list."""

    action: GnomeAction
    tiles: tuple[TileType, ...]


@dataclass(frozen=True)
class GnomeCard:
    """A Gnome card."""

    card_id: int
    move: DragonMove
    dragon_type: TileType
    steps: tuple[GnomeStep, GnomeStep, GnomeStep]  # primary, secondary, tertiary
    icon_order: tuple[Icon, ...]

    def icon_rank(self, icon: int) -> int:
        """Position of ``icon`` in this card's order (0 is first)."""
        return self.icon_order.index(icon)


GNOME_CARD_TABLE = """
 0  M:MO  BD:PL,HI,SW    BF:DK,FO       VP           LSCH
 1  M:HI  EXP:DK,SW,FO   BF:MO,SW,FO    IMM:MO,HI    SLHC
 2  M:PL  BC:MO,SW,HI    EXP:FO,PL      VP           CSLH
 3  M:SE  BC:HI,FO,SW    BF:SW,MO,HI    VP           HSCL
 4  F:LA  CAR:HI,PL,SW   BD:FO,MO       VP           LHSC
 5  M:MO  CAR:HI,MO,PL   BF:PL,HI,FO    IMM:FO,HI    SHCL
 6  M:SE  EXP:PL,HI,MO   BD:FO,PL       VP           HLSC
 7  M:SW  BD:SW,MO,FO    IMM:DK,HI,PL   VP           LSHC
 8  F:SW  BF:MO,SW,PL    EXP:DK,MO      VP           SCLH
 9  F:HI  BD:MO,PL,HI    BF:DK,FO,HI    IMM:HI,MO    CSHL
10  F:PL  BF:SW,MO,PL    IMM:SW,PL      VP           HCLS
11  M:DK  CAR:HI,FO,SW   BF:PL,HI,FO    VP           LHCS
12  M:PL  BD:MO,SW,PL    BF:PL,FO       VP           CLSH
13  M:HI  BF:DK,SW,MO    IMM:FO,MO,HI   VP           HLCS
14  M:MO  BC:SW,PL,HI    EXP:DK,SW      VP           LCSH
15  F:HI  EXP:SW,FO,HI   BD:PL,MO,FO    VP           SCHL
16  F:SW  EXP:DK,MO,PL   BF:MO,HI       VP           CHLS
17  F:DK  CAR:PL,SW,MO   BF:HI,FO,SW    IMM:SW,HI    HCSL
18  M:DK  BC:PL,SW,HI    BF:SW,MO       VP           SLCH
19  F:PL  BC:PL,FO,MO    BD:HI,FO,PL    VP           CLHS
20  F:MO  IMM:DK,SW,MO   EXP:DK,MO      VP           HSLC
21  M:DE  IMM:SW,MO,FO   BD:FO,HI,SW    VP           LCHS
22  M:FO  CAR:DK,PL,SW   BD:MO,FO       VP           LSHC
23  M:FO  IMM:PL,FO,SW   EXP:FO,PL,HI   VP           CHSL
24  M:SE  IMM:HI,PL,MO   BD:SW,MO       VP           LSCH
25  F:DK  BD:SW,HI,PL    IMM:DK,PL,FO   VP           SLHC
26  M:DE  IMM:SW,HI,PL   EXP:DK,PL      VP           CSLH
27  M:DE  BD:FO,PL,SW    BF:FO,MO,SW    VP           HSCL
28  M:FO  EXP:MO,SW,FO   BF:MO,SW       VP           LHSC
29  M:SW  BC:FO,MO,SW    EXP:SW,MO,HI   IMM:HI,MO    SHCL
30  M:PL  BD:FO,SW,HI    BF:SW,PL       VP           HLSC
31  F:FO  BD:HI,PL,FO    IMM:HI,SW,FO   VP           LSHC
32  M:FO  BF:MO,PL,SW    EXP:SW,FO      VP           SCLH
33  M:SW  BD:PL,FO,MO    BF:DK,HI,MO    IMM:MO,HI    CSHL
34  F:MO  IMM:MO,HI,PL   BF:PL,MO       VP           HCLS
35  M:HI  BD:FO,PL,MO    BC:DK,FO,HI    VP           LHCS
36  M:SE  IMM:HI,PL,MO   BD:FO,MO       VP           CLSH
37  M:PL  EXP:HI,SW,FO   BF:PL,HI,SW    IMM:DK,SW    HLCS
38  M:SW  EXP:DK,HI,FO   IMM:DK,MO      VP           LCSH
39  F:DE  CAR:PL,FO,HI   IMM:MO,PL,SW   VP           SCHL
40  M:MO  BC:DK,FO,SW    BD:FO,MO       VP           CHLS
41  M:FO  BF:DK,PL,MO    EXP:HI,SW,FO   IMM:DK,FO    HCSL
42  M:PL  IMM:PL,MO,FO   BD:SW,HI       VP           SLCH
43  F:LA  EXP:MO,SW,PL   BF:SW,FO,PL    VP           CLHS
44  F:DK  BF:PL,MO,FO    EXP:DK,FO      VP           HSLC
45  M:HI  BF:PL,HI,SW    BD:FO,HI,MO    IMM:DK,FO    LCHS
46  M:SW  BC:DK,MO,SW    BD:HI,PL       VP           SHLC
47  M:MO  CAR:SW,FO,MO   BF:DK,SW,MO    VP           CHSL
48  M:HI  BF:MO,SW,FO    BD:SW,FO       VP           LSCH
49  F:FO  EXP:MO,SW,HI   BF:FO,MO,HI    IMM:FO,HI    SLHC
"""


def parse_step(text: str) -> GnomeStep:
    """A Gnome card action line from ``KIND:tile,tile`` (``VP`` has no tiles)."""
    kind, _, tiles = text.partition(":")
    return GnomeStep(GNOME_ACTION_CODES[kind], tuple(TYPE_CODES[t] for t in tiles.split(",") if t))


def parse_gnome_card(line: str) -> GnomeCard:
    """One row of ``GNOME_CARD_TABLE``."""
    card_id, dragon, primary, secondary, tertiary, icons = line.split()
    move, _, dragon_type = dragon.partition(":")
    steps = (parse_step(primary), parse_step(secondary), parse_step(tertiary))
    return GnomeCard(int(card_id), DragonMove.MOVE if move == "M" else DragonMove.FLY,
                     TYPE_CODES[dragon_type], steps, tuple(ICON_CODES[c] for c in icons))


GNOME_CARDS = tuple(parse_gnome_card(line) for line in GNOME_CARD_TABLE.strip().splitlines())
NUM_GNOME_CARDS = len(GNOME_CARDS)  # 50
