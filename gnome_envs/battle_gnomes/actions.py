"""The flat action layout of Battle Gnomes!, both directions, built once at import.

Actions are small decisions; the pending decision (in the observation) says which family
applies now. ``m = num_players - 1`` other households, addressed by seat offset clockwise
(offset 1 is the next seat). Gnome indices ``k`` address a household's gnomes in the order
they joined it (0-3). Sides are absolute: side 0 attacks, side 1 defends.

======================  ==============  ===================================================
family                  size            meaning
======================  ==============  ===================================================
PASS                    1               pass / stop / done / decline the optional choice
SLOT                    3               a selection gnome (draft, recruit) or a yard item
                                        position (upgrade, Lawn Mower)
TURN                    3               turn action: Organize, Recruit, Gnome Battle
OPPONENT                m               the household at offset 1..m
GNOME                   4               one of your own gnomes, by index k
CARD                    39              a card design from your hand: discard it, play it,
                                        attach it, lay it (see components.Card)
ITEM                    12 x 2          play battle item kind i onto side s (0 attacker, 1 defender)
LIFT                    4 x 2           lift the weapon / defence of your gnome k to move it
TARGET                  4 x 2           the weapon / defence of gnome k of the targeted household
======================  ==============  ===================================================

Total: 1 + 3 + 3 + m + 4 + 39 + 24 + 8 + 8 = 90 + m (91 to 95 for 2-6 players).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from gnome_envs.battle_gnomes.components import (
    FIRST_ITEM,
    MAX_GNOMES,
    NUM_DESIGNS,
    NUM_ITEM_KINDS,
    NUM_SLOTS,
    SELECTION_SIZE,
)
from gnome_envs.battle_gnomes.config import MAX_PLAYERS, MIN_PLAYERS

NUM_SIDES = 2


class Family(IntEnum):
    """Action families in layout order."""

    PASS = 0
    SLOT = 1
    TURN = 2
    OPPONENT = 3
    GNOME = 4
    CARD = 5
    ITEM = 6
    LIFT = 7
    TARGET = 8


class TurnAction(IntEnum):
    """The three turn actions (R4.3)."""

    ORGANIZE = 0
    RECRUIT = 1
    BATTLE = 2


@dataclass(frozen=True)
class Decoded:
    """A flat action split into its family and arguments (``-1`` where unused)."""

    family: Family
    arg: int = -1  # slot, turn action, offset, gnome index, design, item design
    arg2: int = -1  # side (ITEM) or attachment slot (LIFT, TARGET)


class ActionLayout:
    """Offsets of every family for one player count, plus the decode table."""

    def __init__(self, num_players: int) -> None:
        self.num_players = num_players
        self.num_opponents = num_players - 1
        sizes = {
            Family.PASS: 1,
            Family.SLOT: SELECTION_SIZE,
            Family.TURN: len(TurnAction),
            Family.OPPONENT: self.num_opponents,
            Family.GNOME: MAX_GNOMES,
            Family.CARD: NUM_DESIGNS,
            Family.ITEM: NUM_ITEM_KINDS * NUM_SIDES,
            Family.LIFT: MAX_GNOMES * NUM_SLOTS,
            Family.TARGET: MAX_GNOMES * NUM_SLOTS,
        }
        self.offset: dict[Family, int] = {}
        total = 0
        for family in Family:
            self.offset[family] = total
            total += sizes[family]
        self.size = sizes
        self.num_actions = total
        self.pass_action = self.offset[Family.PASS]
        self.slot_base = self.offset[Family.SLOT]
        self.turn_base = self.offset[Family.TURN]
        self.opponent_base = self.offset[Family.OPPONENT]
        self.gnome_base = self.offset[Family.GNOME]
        self.card_base = self.offset[Family.CARD]
        self.item_base = self.offset[Family.ITEM]
        self.lift_base = self.offset[Family.LIFT]
        self.target_base = self.offset[Family.TARGET]
        self.table: tuple[Decoded, ...] = tuple(self._decode_slow(a) for a in range(total))

    # ------------------------------------------------------------------ encode
    def slot(self, slot: int) -> int:
        """A selection slot or yard position 0-2."""
        return self.slot_base + slot

    def turn(self, action: TurnAction) -> int:
        """A turn action."""
        return self.turn_base + action

    def opponent(self, offset: int) -> int:
        """The household ``offset`` seats clockwise (1..m)."""
        return self.opponent_base + offset - 1

    def gnome(self, k: int) -> int:
        """Own gnome ``k``."""
        return self.gnome_base + k

    def card(self, design: int) -> int:
        """A card design from the hand."""
        return self.card_base + design

    def item(self, design: int, side: int) -> int:
        """Battle item ``design`` onto ``side``."""
        return self.item_base + (design - FIRST_ITEM) * NUM_SIDES + side

    def lift(self, k: int, slot: int) -> int:
        """Lift the attachment in ``slot`` of own gnome ``k``."""
        return self.lift_base + k * NUM_SLOTS + slot

    def target(self, k: int, slot: int) -> int:
        """The attachment in ``slot`` of gnome ``k`` of the targeted household."""
        return self.target_base + k * NUM_SLOTS + slot

    # ------------------------------------------------------------------ decode
    def decode(self, action: int) -> Decoded:
        """The family and arguments of ``action``."""
        return self.table[action]

    def _decode_slow(self, action: int) -> Decoded:
        family = max((f for f in Family if self.offset[f] <= action), key=lambda f: self.offset[f])
        local = action - self.offset[family]
        if family == Family.PASS:
            return Decoded(family)
        if family == Family.OPPONENT:
            return Decoded(family, local + 1)
        if family == Family.ITEM:
            return Decoded(family, FIRST_ITEM + local // NUM_SIDES, local % NUM_SIDES)
        if family in (Family.LIFT, Family.TARGET):
            return Decoded(family, local // NUM_SLOTS, local % NUM_SLOTS)
        return Decoded(family, local)

    def encode(self, decoded: Decoded) -> int:
        """Inverse of :meth:`decode`."""
        f, a, b = decoded.family, decoded.arg, decoded.arg2
        encoders = {
            Family.PASS: lambda: self.pass_action,
            Family.SLOT: lambda: self.slot(a),
            Family.TURN: lambda: self.turn(TurnAction(a)),
            Family.OPPONENT: lambda: self.opponent(a),
            Family.GNOME: lambda: self.gnome(a),
            Family.CARD: lambda: self.card(a),
            Family.ITEM: lambda: self.item(a, b),
            Family.LIFT: lambda: self.lift(a, b),
            Family.TARGET: lambda: self.target(a, b),
        }
        return encoders[f]()


LAYOUTS: dict[int, ActionLayout] = {n: ActionLayout(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
