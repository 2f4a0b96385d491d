"""The flat action layout of Dwar7s Fall, both directions, built once at import.

Actions are small decisions; the pending decision (in the observation) says which family
applies now. Cells are 0..63 row-major on the 8 x 8 game mat (``a1`` = 0, ``h8`` = 63);
sides are N, E, S, W. Seats are addressed relative to the deciding player (offset 0 is the
player itself, offset 1 the next seat clockwise).

==========  ==============  ===========================================================
family      size            meaning
==========  ==============  ===========================================================
END         1               end the action phase
CARD        9               play the kingdom card of this kind from hand (castle ... frost giant)
PLACE       64 * 4          put the card being played on a cell, turned 0-3 quarters clockwise
DWARF       64              place a dwarf from the pile on a card
MOVE        64 * 4          move one of your dwarfs from a card across side N/E/S/W
OGRE        5 (6)           play an ogre card: Ambush, Brute, Panic, Thief, Crown (, Troll King)
CELL        64              a card on the mat (ogre targets, the next task to resolve, a stack to dig)
SEAT        n               a seat, by offset from the deciding player
GOAL        3               buy the trading goal in face-up slot 0-2
DISCARD     9 (10)          discard a gem (gold, emerald, diamond, ruby) or an ogre card (5 or 6 kinds)
==========  ==============  ===========================================================

Total: 1 + 9 + 256 + 64 + 256 + 5 + 64 + n + 3 + 9 = 667 + n (669, 670, 671 for 2-4 players).
With Troll's Bridge the Troll King is a sixth ogre kind (OGRE and DISCARD one longer each:
669 + n). Royal Decrees appends ROTATE 64 (Fortress: turn this card; the turn is then a PLACE on
it), TUNNEL 64 (Hidden Tunnels: from this mine; the mine is then a CELL), HIRE 5 or 6 (Hired
Hands: discard an ogre card of this kind for an action) and TRADE_IN 14 (Charming Merchants:
this won trading goal; END buys without a trade-in): 814 + n, or 817 + n with both expansions.
The troll's decisions reuse the families: ``troll_dest`` picks a CELL, and ``troll_deny`` is
answered with OGRE Troll King (deny the card) or END (let it happen).

The Empires has seven ogre kinds (Troll King, then Wrecking Ball; OGRE and DISCARD 7 and 11
long) and appends CLASS 6 (buy alchemist, warrior, guardian, king, ogre king, dragon), MEEPLE 7
(which meeple a placement or move takes: plain, then the six classes), ABILITY 3 (alchemy,
warrior push, ogre king discard), POWER 1 (the race's free action) and GEM 4 (a gem type: the
gem given or taken in alchemy, picked with monster scales or the pawnbroker, frozen into a
diamond). With Royal Decrees (or crystal dwarfs, who bring Frost Invasion) the royal families
are there too, TRADE_IN then 20 long (the dragon eggs are trading goals).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from gnome_envs.dwarfs_fall.components import (
    NUM_CELLS,
    NUM_GEMS,
    NUM_KINDS,
    NUM_OGRES,
    NUM_ROTATIONS,
    NUM_SIDES,
    NUM_TRADING_GOALS,
    TRADING_ROW,
)
from gnome_envs.dwarfs_fall.config import MAX_PLAYERS, MIN_PLAYERS
from gnome_envs.dwarfs_fall.races import NUM_ABILITIES, NUM_CLASSES


class Family(IntEnum):
    """Action families in layout order."""

    END = 0
    CARD = 1
    PLACE = 2
    DWARF = 3
    MOVE = 4
    OGRE = 5
    CELL = 6
    SEAT = 7
    GOAL = 8
    DISCARD = 9
    ROTATE = 10  # Royal Decrees only: Fortress, turn a card with no meeple (an action)
    TUNNEL = 11  # Royal Decrees only: Hidden Tunnels, send a dwarf from this mine (an action)
    HIRE = 12  # Royal Decrees only: Hired Hands, discard an ogre card of this kind for an action
    TRADE_IN = 13  # Royal Decrees only: Charming Merchants, trade in this won trading goal
    CLASS = 14  # The Empires only: buy this class meeple (an action and gems)
    MEEPLE = 15  # The Empires only: which meeple goes (plain, or a class piece)
    ABILITY = 16  # The Empires only: use a class ability (alchemy, warrior, ogre king)
    POWER = 17  # The Empires only: the race's free action of the turn
    GEM = 18  # The Empires only: a gem type (alchemy, the races' free actions)


NUM_DISCARDS = NUM_GEMS + NUM_OGRES  # gems first, then ogre kinds


@dataclass(frozen=True)
class Decoded:
    """A flat action split into its family and arguments (``-1`` where unused)."""

    family: Family
    arg: int = -1  # kind, cell, ogre, seat offset, slot or discard index
    arg2: int = -1  # rotation (PLACE) or side (MOVE)


class ActionLayout:
    """Offsets of every family for one player count, plus the decode table."""

    def __init__(self, num_players: int, num_ogres: int = NUM_OGRES, royal: bool = False,
                 empires: bool = False, num_goals: int = NUM_TRADING_GOALS) -> None:
        self.num_players = num_players
        self.num_ogres = num_ogres
        self.royal = royal
        self.empires = empires
        sizes = {
            Family.END: 1,
            Family.CARD: NUM_KINDS,
            Family.PLACE: NUM_CELLS * NUM_ROTATIONS,
            Family.DWARF: NUM_CELLS,
            Family.MOVE: NUM_CELLS * NUM_SIDES,
            Family.OGRE: num_ogres,
            Family.CELL: NUM_CELLS,
            Family.SEAT: num_players,
            Family.GOAL: TRADING_ROW,
            Family.DISCARD: NUM_GEMS + num_ogres,
            Family.ROTATE: NUM_CELLS * royal,
            Family.TUNNEL: NUM_CELLS * royal,
            Family.HIRE: num_ogres * royal,
            Family.TRADE_IN: num_goals * royal,
            Family.CLASS: NUM_CLASSES * empires,
            Family.MEEPLE: (1 + NUM_CLASSES) * empires,
            Family.ABILITY: NUM_ABILITIES * empires,
            Family.POWER: 1 * empires,
            Family.GEM: NUM_GEMS * empires,
        }
        self.offset: dict[Family, int] = {}
        total = 0
        for family in Family:
            self.offset[family] = total
            total += sizes[family]
        self.size = sizes
        self.num_actions = total
        self.end_base = self.offset[Family.END]
        self.card_base = self.offset[Family.CARD]
        self.place_base = self.offset[Family.PLACE]
        self.dwarf_base = self.offset[Family.DWARF]
        self.move_base = self.offset[Family.MOVE]
        self.ogre_base = self.offset[Family.OGRE]
        self.cell_base = self.offset[Family.CELL]
        self.seat_base = self.offset[Family.SEAT]
        self.goal_base = self.offset[Family.GOAL]
        self.discard_base = self.offset[Family.DISCARD]
        self.rotate_base = self.offset[Family.ROTATE]
        self.tunnel_base = self.offset[Family.TUNNEL]
        self.hire_base = self.offset[Family.HIRE]
        self.trade_base = self.offset[Family.TRADE_IN]
        self.class_base = self.offset[Family.CLASS]
        self.meeple_base = self.offset[Family.MEEPLE]
        self.ability_base = self.offset[Family.ABILITY]
        self.power_base = self.offset[Family.POWER]
        self.gem_base = self.offset[Family.GEM]
        self.table: tuple[Decoded, ...] = tuple(self._decode_slow(a) for a in range(total))

    # ------------------------------------------------------------------ encode
    def end(self) -> int:
        """END."""
        return self.end_base

    def card(self, kind: int) -> int:
        """Play the kingdom card of ``kind``."""
        return self.card_base + kind

    def place(self, cell: int, rotation: int = 0) -> int:
        """Put the card being played on ``cell`` turned ``rotation`` quarters."""
        return self.place_base + cell * NUM_ROTATIONS + rotation

    def dwarf(self, cell: int) -> int:
        """Place a dwarf from the pile on ``cell``."""
        return self.dwarf_base + cell

    def move(self, cell: int, side: int) -> int:
        """Move an own dwarf from ``cell`` across ``side``."""
        return self.move_base + cell * NUM_SIDES + side

    def ogre(self, kind: int) -> int:
        """Play an ogre card of ``kind``."""
        return self.ogre_base + kind

    def cell(self, cell: int) -> int:
        """Choose the card on ``cell``."""
        return self.cell_base + cell

    def seat(self, offset: int) -> int:
        """Choose the seat ``offset`` seats clockwise from the decider (0 = the decider)."""
        return self.seat_base + offset

    def goal(self, slot: int) -> int:
        """Buy the trading goal in face-up ``slot``."""
        return self.goal_base + slot

    def discard(self, index: int) -> int:
        """Discard: ``index`` < 4 a gem type, else ogre kind ``index - 4``."""
        return self.discard_base + index

    def discard_gem(self, gem: int) -> int:
        """Discard a gem of type ``gem``."""
        return self.discard_base + gem

    def discard_ogre(self, kind: int) -> int:
        """Discard an ogre card of ``kind``."""
        return self.discard_base + NUM_GEMS + kind

    def rotate(self, cell: int) -> int:
        """Fortress: turn the card on ``cell`` (the turn is chosen next, as a PLACE)."""
        return self.rotate_base + cell

    def tunnel(self, cell: int) -> int:
        """Hidden Tunnels: send an own dwarf from the mine on ``cell`` (the mine is chosen next)."""
        return self.tunnel_base + cell

    def hire(self, kind: int) -> int:
        """Hired Hands: discard an ogre card of ``kind`` for one more action."""
        return self.hire_base + kind

    def trade_in(self, goal: int) -> int:
        """Charming Merchants: trade in the won trading goal ``goal``."""
        return self.trade_base + goal

    def buy_class(self, cls: int) -> int:
        """The Empires: buy class ``cls`` (an action and its gems)."""
        return self.class_base + cls

    def meeple(self, cls: int) -> int:
        """The Empires: the meeple that goes: -1 a plain one, else the class piece ``cls``."""
        return self.meeple_base + 1 + cls

    def ability(self, ability: int) -> int:
        """The Empires: use class ``ability`` (an action)."""
        return self.ability_base + ability

    def power(self) -> int:
        """The Empires: the race's free action of the turn."""
        return self.power_base

    def gem(self, gem: int) -> int:
        """The Empires: the gem type ``gem``."""
        return self.gem_base + gem

    # ------------------------------------------------------------------ decode
    def decode(self, action: int) -> Decoded:
        """The family and arguments of ``action``."""
        return self.table[action]

    def _decode_slow(self, action: int) -> Decoded:
        family = max((f for f in Family if self.offset[f] <= action and self.size[f]), key=lambda f: self.offset[f])
        local = action - self.offset[family]
        if family == Family.PLACE:
            return Decoded(family, local // NUM_ROTATIONS, local % NUM_ROTATIONS)
        if family == Family.MOVE:
            return Decoded(family, local // NUM_SIDES, local % NUM_SIDES)
        if family == Family.END:
            return Decoded(family)
        return Decoded(family, local)

    def encode(self, decoded: Decoded) -> int:
        """Inverse of :meth:`decode`."""
        f, a, b = decoded.family, decoded.arg, decoded.arg2
        if f == Family.END:
            return self.end()
        if f == Family.PLACE:
            return self.place(a, b)
        if f == Family.MOVE:
            return self.move(a, b)
        return self.offset[f] + a


LAYOUTS: dict[int, ActionLayout] = {n: ActionLayout(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
# Troll's Bridge: the Troll King is a sixth ogre kind
TROLL_LAYOUTS: dict[int, ActionLayout] = {n: ActionLayout(n, NUM_OGRES + 1) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
_OTHER_LAYOUTS: dict[tuple[int, int, bool, bool, int], ActionLayout] = {}


def layout_for(num_players: int, num_ogres: int, royal: bool, empires: bool = False,
               num_goals: int = NUM_TRADING_GOALS) -> ActionLayout:
    """The layout of a config: core, Troll's Bridge (6 ogre kinds), Royal Decrees and/or The
    Empires families (built once per config and kept)."""
    if not royal and not empires:
        return (LAYOUTS if num_ogres == NUM_OGRES else TROLL_LAYOUTS)[num_players]
    key = (num_players, num_ogres, royal, empires, num_goals)
    if key not in _OTHER_LAYOUTS:
        _OTHER_LAYOUTS[key] = ActionLayout(num_players, num_ogres, royal, empires, num_goals)
    return _OTHER_LAYOUTS[key]
