"""Immutable tables of The Empires: the four races, the class meeples and the stolen pouches.

The rulebook names each race's strengths and weaknesses and each class's ability; the class
costs and VP, which classes are upgrades and which are extra meeples, the pouch pile and the
race colours' kingdom cards are designed here and listed in ``seeds/dwarfs_fall.md`` under
"Open points" (O48-O64). Clause numbers (X...) refer to that file.

A seat's meeples are its plain meeples plus the class pieces it owns. A class piece is either
an upgrade (a plain meeple in the pile is swapped for it, so the seat keeps seven meeples) or
an extra meeple (it joins the pile as an eighth)::

    class        upgrade/extra  ability                                        races
    alchemist    upgrade        action: turn one gem into another (not gold->ruby)   all four
    warrior      upgrade        action: move an enemy meeple off its card             dwarfs, crystal
    guardian     upgrade        its card cannot be targeted by ogre cards             dwarfs, crystal
    king         upgrade        placed from the pile as a free action                 dwarfs, crystal
    ogre king    extra          action: send a meeple on its card home; free placing  ogres
    dragon       extra          free placing; its card cannot be targeted by ogres    elves
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from gnome_envs.dwarfs_fall.components import Colour, Gem


class Race(IntEnum):
    """The four playable races (X1.1)."""

    DWARFS = 0
    ELVES = 1
    OGRES = 2
    CRYSTAL_DWARFS = 3


RACE_NAMES = ("dwarfs", "elves", "ogres", "crystal_dwarfs")
NUM_RACES = len(Race)
DWARF_COLOURS = (Colour.BLUE, Colour.RED, Colour.GREEN, Colour.YELLOW)  # dwarf seats in seat order
RACE_COLOUR = {Race.ELVES: Colour.PURPLE, Race.OGRES: Colour.ORANGE, Race.CRYSTAL_DWARFS: Colour.BLACK}
DEFAULT_LARGE_RACES = ("dwarfs",) * 4 + ("elves", "ogres", "crystal_dwarfs")  # 5+ players, races unnamed
SLOW_GATHERING = frozenset({Race.ELVES, Race.OGRES})  # X3.1: three meeples on every mine
SLOW_MINE_REQUIRED = 3
CLEAN_SHOT_VP = 4  # X3.3: a monster slain by elves
LIFE_OF_PARTY_FROM, LIFE_OF_PARTY_TO = -2, 2  # X4.2
SCALES_BUDGET = 4  # X3.4: gems worth up to 4 VP for one monster
PAWN_LIMIT = 4  # X4.4: up to four pouches a turn, one VP of gems each
POUCHES = 20  # O57: the stolen pouch pile
OGRE_STARTING_CARDS = 2  # X4.1


class Class(IntEnum):
    """Class meeples (X5)."""

    ALCHEMIST = 0
    WARRIOR = 1
    GUARDIAN = 2
    KING = 3
    OGRE_KING = 4
    DRAGON = 5


NUM_CLASSES = len(Class)
NOT_OWNED = -2  # a class piece the seat has not bought
IN_PILE = -1  # a class piece in the seat's pile (otherwise: the cell it stands on)


@dataclass(frozen=True)
class ClassInfo:
    """One class: its gem cost (gold, emerald, diamond, ruby), VP at the end, and traits (O56)."""

    name: str
    cost: tuple[int, int, int, int]
    vp: int
    extra: bool = False  # an extra meeple rather than an upgrade of a plain one
    free_placing: bool = False  # placed from the pile without an action
    shields: bool = False  # its card cannot be targeted by ogre cards


CLASSES: tuple[ClassInfo, ...] = (
    ClassInfo("alchemist", (0, 1, 0, 0), 1),
    ClassInfo("warrior", (0, 0, 1, 0), 1),
    ClassInfo("guardian", (1, 0, 1, 0), 2, shields=True),
    ClassInfo("king", (0, 0, 1, 1), 2, free_placing=True),
    ClassInfo("ogre king", (1, 0, 0, 1), 2, extra=True, free_placing=True),
    ClassInfo("dragon", (1, 1, 0, 0), 4, extra=True, free_placing=True, shields=True),
)
CLASS_VP = tuple(c.vp for c in CLASSES)
FREE_PLACING = tuple(c.free_placing for c in CLASSES)
SHIELDS = tuple(c.shields for c in CLASSES)
HELMET_DIAMONDS = 1  # X4.9: crystal dwarfs pay one more diamond for every class
RACE_CLASSES: dict[int, tuple[int, ...]] = {  # X5.1
    Race.DWARFS: (Class.ALCHEMIST, Class.WARRIOR, Class.GUARDIAN, Class.KING),
    Race.ELVES: (Class.ALCHEMIST, Class.DRAGON),
    Race.OGRES: (Class.ALCHEMIST, Class.OGRE_KING),
    Race.CRYSTAL_DWARFS: (Class.ALCHEMIST, Class.WARRIOR, Class.GUARDIAN, Class.KING),
}


def class_cost(race: int, cls: int) -> tuple[int, ...]:
    """Gems a seat of ``race`` pays for ``cls`` (crystal dwarfs one diamond more, X4.9)."""
    return CLASS_COSTS[race][cls]


def _class_cost(race: int, cls: int) -> tuple[int, ...]:
    cost = list(CLASSES[cls].cost)
    if race == Race.CRYSTAL_DWARFS:
        cost[Gem.DIAMOND] += HELMET_DIAMONDS
    return tuple(cost)


CLASS_COSTS = tuple(tuple(_class_cost(race, cls) for cls in range(NUM_CLASSES)) for race in range(NUM_RACES))


class Power(IntEnum):
    """The once-a-turn free action of a race (X3.4, X4.4, X4.7)."""

    MONSTER_SCALES = 0
    PAWNBROKER = 1
    FROZEN_HEART = 2


RACE_POWER = {Race.ELVES: Power.MONSTER_SCALES, Race.OGRES: Power.PAWNBROKER,
              Race.CRYSTAL_DWARFS: Power.FROZEN_HEART}
POWER_NAMES = ("no free action", "monster scales", "pawnbroker", "frozen heart")  # by race


class Ability(IntEnum):
    """Class abilities that cost an action (X5.2, X5.3, X5.6)."""

    ALCHEMY = 0
    WARRIOR_PUSH = 1
    OGRE_KING_DISCARD = 2


ABILITY_CLASS = (Class.ALCHEMIST, Class.WARRIOR, Class.OGRE_KING)
NUM_ABILITIES = len(Ability)
# alchemy never turns gold into ruby (X5.2)
ALCHEMY_FORBIDDEN = frozenset({(int(Gem.GOLD), int(Gem.RUBY))})

__all__ = [name for name in dir() if not name.startswith("_")]
