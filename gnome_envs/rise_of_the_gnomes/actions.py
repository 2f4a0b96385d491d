"""The flat action layout of Rise of the Gnomes, both directions, built once at import.

Actions are small decisions; the pending decision (in the observation) says which family
applies now. Map positions are absolute (0-36, see ``components``); players in OWNER are
addressed by seat offset clockwise (offset 1 is the next seat), the Gnomes last.

======================  ============  =====================================================
family                  size          meaning
======================  ============  =====================================================
PASS                    1             stop / decline / keep the gold
CONFIRM                 1             yes (bribe the dragon, discard 3 more gold)
RACE                    10            the player board side chosen at setup
UPGRADE                 8             the brewery upgrade slot an upgrade token goes to
SLOT                    6             an allies card of the draft row, a judge of the three
                                      dealt (to discard), a Gnome card in hand (cutthroat)
SPACE                   39            a brewer space: 7 action board actions, 3 player board
                                      spaces, the player's allies 1-5, action card spaces
                                      (display position 0-7 x space 0-2)
TILE                    37            a map position
AMOUNT                  4             gold paid in place of beer for an action card (0-3);
                                      cubes a Beer Competition adds (1-3; PASS adds none)
OWNER                   n + 1         a player by seat offset 0..n-1 (0: the deciding seat),
                                      then the Gnomes (whose cube is removed)
======================  ============  =====================================================

Total: 107 + n (108-112 for 1-5 players).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from gnome_envs.rise_of_the_gnomes.cards import ACTION_DISPLAY, MAX_CARD_SPACES
from gnome_envs.rise_of_the_gnomes.components import (
    MAX_ALLIES,
    NUM_POSITIONS,
    NUM_RACES,
    NUM_UPGRADES,
    BoardAction,
    PlayerSpace,
)
from gnome_envs.rise_of_the_gnomes.config import MAX_PLAYERS, MIN_PLAYERS

SLOTS = 6  # the largest draft row (5 players + 1)
MAX_GOLD_FOR_BEER = 3  # the largest action card cost (also the most cubes a Beer Competition adds)


class Family(IntEnum):
    """Action families in layout order."""

    PASS = 0
    CONFIRM = 1
    RACE = 2
    UPGRADE = 3
    SLOT = 4
    SPACE = 5
    TILE = 6
    AMOUNT = 7
    OWNER = 8


NUM_BOARD_SPACES = len(BoardAction)
NUM_PLAYER_SPACES = len(PlayerSpace)
PLAYER_SPACE_BASE = NUM_BOARD_SPACES  # 7
ALLY_SPACE_BASE = PLAYER_SPACE_BASE + NUM_PLAYER_SPACES  # 10
CARD_SPACE_BASE = ALLY_SPACE_BASE + MAX_ALLIES  # 15
NUM_SPACES = CARD_SPACE_BASE + ACTION_DISPLAY * MAX_CARD_SPACES  # 39


def card_space(display_pos: int, space: int) -> int:
    """SPACE index of brewer space ``space`` (0 = top) of the action card at ``display_pos``."""
    return CARD_SPACE_BASE + display_pos * MAX_CARD_SPACES + space


@dataclass(frozen=True)
class Decoded:
    """A flat action split into its family and argument (``-1`` where unused)."""

    family: Family
    arg: int = -1


class ActionLayout:
    """Offsets of every family for one player count, plus the decode table."""

    def __init__(self, num_players: int) -> None:
        self.num_players = num_players
        sizes = {
            Family.PASS: 1, Family.CONFIRM: 1, Family.RACE: NUM_RACES, Family.UPGRADE: NUM_UPGRADES,
            Family.SLOT: SLOTS, Family.SPACE: NUM_SPACES, Family.TILE: NUM_POSITIONS,
            Family.AMOUNT: MAX_GOLD_FOR_BEER + 1, Family.OWNER: num_players + 1,
        }
        self.offset: dict[Family, int] = {}
        total = 0
        for family in Family:
            self.offset[family] = total
            total += sizes[family]
        self.size = sizes
        self.num_actions = total
        self.pass_action = self.offset[Family.PASS]
        self.confirm_action = self.offset[Family.CONFIRM]
        self.race_base = self.offset[Family.RACE]
        self.upgrade_base = self.offset[Family.UPGRADE]
        self.slot_base = self.offset[Family.SLOT]
        self.space_base = self.offset[Family.SPACE]
        self.tile_base = self.offset[Family.TILE]
        self.amount_base = self.offset[Family.AMOUNT]
        self.owner_base = self.offset[Family.OWNER]
        self.gnome_owner = self.owner_base + num_players
        self.table: tuple[Decoded, ...] = tuple(self._decode_slow(a) for a in range(total))
        self.args: tuple[int, ...] = tuple(d.arg for d in self.table)

    # ------------------------------------------------------------------ encode
    def race(self, race_id: int) -> int:
        """Choose the player board side ``race_id``."""
        return self.race_base + race_id

    def upgrade(self, slot: int) -> int:
        """Put the upgrade token on slot ``slot``."""
        return self.upgrade_base + slot

    def slot(self, index: int) -> int:
        """Pick item ``index`` of the row on offer."""
        return self.slot_base + index

    def space(self, index: int) -> int:
        """Place a brewer on SPACE ``index``."""
        return self.space_base + index

    def tile(self, pos: int) -> int:
        """Map position ``pos``."""
        return self.tile_base + pos

    def amount(self, gold: int) -> int:
        """Pay ``gold`` gold in place of beer."""
        return self.amount_base + gold

    def owner(self, offset: int) -> int:
        """The player ``offset`` seats clockwise from the decider (0..n-1); n: the Gnomes."""
        return self.owner_base + offset

    def encode(self, decoded: Decoded) -> int:
        """Inverse of :meth:`decode`."""
        family, arg = decoded.family, decoded.arg
        if family == Family.PASS:
            return self.pass_action
        if family == Family.CONFIRM:
            return self.confirm_action
        return self.offset[family] + arg

    # ------------------------------------------------------------------ decode
    def decode(self, action: int) -> Decoded:
        """The family and argument of ``action``."""
        return self.table[action]

    def _decode_slow(self, action: int) -> Decoded:
        family = max((f for f in Family if self.offset[f] <= action), key=lambda f: self.offset[f])
        local = action - self.offset[family]
        if family in (Family.PASS, Family.CONFIRM):
            return Decoded(family)
        return Decoded(family, local)


LAYOUTS: dict[int, ActionLayout] = {n: ActionLayout(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
