"""The flat action layout of Gnome Village, both directions, built once at import.

Actions are small decisions; the pending decision (in the observation) says which family
applies now. ``m = num_players - 1`` opponents, addressed by seat offset clockwise
(offset 1 is the next seat). Cells are 0..48 row-major on the 7 x 7 village grid.

======================  ==============  ===================================================
family                  size            meaning
======================  ==============  ===================================================
PASS                    1               end the phase / stop / decline the optional choice
CELL                    49              a cell of the acting player's own village
PLACE                   49 * 4          put the tile in hand on a cell, turned 0-3 quarters
OPP_CELL                m * 49          a cell of the opponent at offset 1..m
OPPONENT                m               the opponent at offset 1..m
WORK                    3               work: build a house, place a gnome, place a road
BUY_BUSINESS            2               buy the face-up business in display slot 0 or 1
BUY_WORKSHOP            4               buy a painter / carpenter / school / gardener
SOURCE                  2               pay a workshop requirement with a product / 3 coins
AMOUNT                  2               take 1 or 2 (Thief)
SETUP_PICK              3               starting tile to place next: four-way, T, house
======================  ==============  ===================================================

Total: 1 + 49 + 196 + 49m + m + 3 + 2 + 4 + 2 + 2 + 3 = 262 + 50m (312, 362, 412 for 2-4 players).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from gnome_envs.gnome_village.components import (
    DISPLAY_SLOTS,
    NUM_CELLS,
    NUM_ROTATIONS,
    NUM_WORKSHOP_TYPES,
)
from gnome_envs.gnome_village.config import MAX_PLAYERS, MIN_PLAYERS


class Family(IntEnum):
    """Action families in layout order."""

    PASS = 0
    CELL = 1
    PLACE = 2
    OPP_CELL = 3
    OPPONENT = 4
    WORK = 5
    BUY_BUSINESS = 6
    BUY_WORKSHOP = 7
    SOURCE = 8
    AMOUNT = 9
    SETUP_PICK = 10


class WorkAction(IntEnum):
    """The three workshop powers a player can use in the Work phase."""

    HOUSE = 0
    GNOME = 1
    ROAD = 2


class SourceKind(IntEnum):
    """Ways to cover a workshop requirement other than an active workshop."""

    PRODUCT = 0
    COINS = 1


class SetupPiece(IntEnum):
    """Starting tiles a player places while building the first village."""

    FOUR_WAY = 0
    T_JUNCTION = 1
    HOUSE = 2


THIEF_AMOUNTS = (1, 2)


@dataclass(frozen=True)
class Decoded:
    """A flat action split into its family and arguments (``-1`` where unused)."""

    family: Family
    arg: int = -1  # cell, opponent offset, work action, slot, type, source, amount, piece
    arg2: int = -1  # rotation (PLACE) or cell (OPP_CELL)


class ActionLayout:
    """Offsets of every family for one player count, plus the decode table."""

    def __init__(self, num_players: int) -> None:
        self.num_players = num_players
        self.num_opponents = num_players - 1
        sizes = {
            Family.PASS: 1,
            Family.CELL: NUM_CELLS,
            Family.PLACE: NUM_CELLS * NUM_ROTATIONS,
            Family.OPP_CELL: self.num_opponents * NUM_CELLS,
            Family.OPPONENT: self.num_opponents,
            Family.WORK: len(WorkAction),
            Family.BUY_BUSINESS: DISPLAY_SLOTS,
            Family.BUY_WORKSHOP: NUM_WORKSHOP_TYPES,
            Family.SOURCE: len(SourceKind),
            Family.AMOUNT: len(THIEF_AMOUNTS),
            Family.SETUP_PICK: len(SetupPiece),
        }
        self.offset: dict[Family, int] = {}
        total = 0
        for family in Family:
            self.offset[family] = total
            total += sizes[family]
        self.size = sizes
        self.num_actions = total
        # plain int offsets for the hot encoders
        self.pass_base = self.offset[Family.PASS]
        self.cell_base = self.offset[Family.CELL]
        self.place_base = self.offset[Family.PLACE]
        self.opp_cell_base = self.offset[Family.OPP_CELL]
        self.opponent_base = self.offset[Family.OPPONENT]
        self.work_base = self.offset[Family.WORK]
        self.buy_business_base = self.offset[Family.BUY_BUSINESS]
        self.buy_workshop_base = self.offset[Family.BUY_WORKSHOP]
        self.source_base = self.offset[Family.SOURCE]
        self.amount_base = self.offset[Family.AMOUNT]
        self.setup_pick_base = self.offset[Family.SETUP_PICK]
        self.table: tuple[Decoded, ...] = tuple(self._decode_slow(a) for a in range(total))

    # ------------------------------------------------------------------ encode
    def pass_(self) -> int:
        """PASS."""
        return self.pass_base

    def cell(self, cell: int) -> int:
        """A cell of the acting player's village."""
        return self.cell_base + cell

    def place(self, cell: int, rotation: int = 0) -> int:
        """Place the tile in hand on ``cell`` turned ``rotation`` quarters."""
        return self.place_base + cell * NUM_ROTATIONS + rotation

    def opp_cell(self, offset: int, cell: int) -> int:
        """A cell of the opponent ``offset`` seats clockwise (1..m)."""
        return self.opp_cell_base + (offset - 1) * NUM_CELLS + cell

    def opponent(self, offset: int) -> int:
        """The opponent ``offset`` seats clockwise (1..m)."""
        return self.opponent_base + offset - 1

    def work(self, action: WorkAction) -> int:
        """A Work action."""
        return self.work_base + action

    def buy_business(self, slot: int) -> int:
        """Buy the face-up business in ``slot``."""
        return self.buy_business_base + slot

    def buy_workshop(self, kind: int) -> int:
        """Buy a workshop of ``kind``."""
        return self.buy_workshop_base + kind

    def source(self, kind: SourceKind) -> int:
        """Cover the pending workshop requirement with a product or coins."""
        return self.source_base + kind

    def amount(self, value: int) -> int:
        """Take ``value`` coins (Thief)."""
        return self.amount_base + THIEF_AMOUNTS.index(value)

    def setup_pick(self, piece: SetupPiece) -> int:
        """Pick the next starting tile."""
        return self.setup_pick_base + piece

    # ------------------------------------------------------------------ decode
    def decode(self, action: int) -> Decoded:
        """The family and arguments of ``action``."""
        return self.table[action]

    def _decode_slow(self, action: int) -> Decoded:
        family = max((f for f in Family if self.offset[f] <= action and self.size[f] > 0),
                     key=lambda f: self.offset[f])
        local = action - self.offset[family]
        if family == Family.PLACE:
            return Decoded(family, local // NUM_ROTATIONS, local % NUM_ROTATIONS)
        if family == Family.OPP_CELL:
            return Decoded(family, local // NUM_CELLS + 1, local % NUM_CELLS)
        if family == Family.OPPONENT:
            return Decoded(family, local + 1)
        if family == Family.AMOUNT:
            return Decoded(family, THIEF_AMOUNTS[local])
        if family == Family.PASS:
            return Decoded(family)
        return Decoded(family, local)

    def encode(self, decoded: Decoded) -> int:
        """Inverse of :meth:`decode`."""
        f, a, b = decoded.family, decoded.arg, decoded.arg2
        encoders = {
            Family.PASS: lambda: self.pass_(),
            Family.CELL: lambda: self.cell(a),
            Family.PLACE: lambda: self.place(a, b),
            Family.OPP_CELL: lambda: self.opp_cell(a, b),
            Family.OPPONENT: lambda: self.opponent(a),
            Family.WORK: lambda: self.work(WorkAction(a)),
            Family.BUY_BUSINESS: lambda: self.buy_business(a),
            Family.BUY_WORKSHOP: lambda: self.buy_workshop(a),
            Family.SOURCE: lambda: self.source(SourceKind(a)),
            Family.AMOUNT: lambda: self.amount(a),
            Family.SETUP_PICK: lambda: self.setup_pick(SetupPiece(a)),
        }
        return encoders[f]()


LAYOUTS: dict[int, ActionLayout] = {n: ActionLayout(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
