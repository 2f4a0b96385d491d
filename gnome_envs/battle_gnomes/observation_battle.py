"""The battle block of the Battle Gnomes! observation: its key and the writes that follow it.

Like the keys of ``observation_parts``: the state caches the key (``touch_battle``, and
``touch_house`` while a battle runs, drop it), a seat's view remembers the key its buffer
shows and ``write_battle`` writes only the parts that differ: the flags and the battlers are
float32 rows copied whole (each row is shared by every key that shows the same flags or the same
battlers), the cards in view entry by entry. The attacking and defending seats are relative to
the observer and written by ``observation`` from the live state.
"""

from __future__ import annotations

from array import array
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from gnome_envs.battle_gnomes.components import (
    ACTION_DESIGNS,
    CARD_COPIES,
    ITEM_DESIGNS,
    MAX_BATTLERS,
    NUM_GNOMES,
)
from gnome_envs.battle_gnomes.observation_parts import Buffer, float32_sums, float32_zeros
from gnome_envs.battle_gnomes.state import BattleGnomesState
from gnome_envs.battle_gnomes.totals import side_parts

VALUE_SQUASH = 10.0  # totals, bonuses, penalties and gnome values v are shown as v / (v + 10)
NUM_ACTION_CARDS = sum(CARD_COPIES[d] for d in ACTION_DESIGNS)
NUM_STAGES = 5
NUM_SIDES = 2
BATTLE_FLAGS = 17
BATTLER_MARKS = ("Pep Talk", "weapon nulled", "defence nulled", "function used")  # then its value
BATTLER_FEATURES = NUM_GNOMES + len(BATTLER_MARKS) + 1
BATTLERS_SIZE = NUM_SIDES * MAX_BATTLERS * BATTLER_FEATURES
VIEW_DESIGNS = ACTION_DESIGNS + ITEM_DESIGNS  # what can be in view in a battle
VIEW_COLUMN = {d: i for i, d in enumerate(VIEW_DESIGNS)}
NUM_VIEW = len(VIEW_DESIGNS)
VIEW_CEILING = np.array([CARD_COPIES[d] + 1.0 for d in VIEW_DESIGNS], dtype=np.float32)
# cards in view of one design and household: copies / (copies + 1), added up card by card in float32
IN_VIEW_VALUE = tuple(float32_sums(1.0 / VIEW_CEILING[i], CARD_COPIES[d]) for i, d in enumerate(VIEW_DESIGNS))


def squash(value: float, scale: float = VALUE_SQUASH) -> float:
    """A non-negative amount in [0, 1): ``value / (value + scale)``."""
    return value / (value + scale)


def signed(value: float) -> tuple[float, float]:
    """A signed amount as its squashed positive and negative parts (0 is (0, 0))."""
    return (value / (value + VALUE_SQUASH), 0.0) if value >= 0 else (0.0, -value / (-value + VALUE_SQUASH))


class BattleKey(NamedTuple):
    """What the battle block shows after its stage and seats, seats absolute."""

    flags: Buffer  # totals, bonuses, penalties and marks (BATTLE_FLAGS entries, never written)
    battlers: Buffer  # per side and battler its features (BATTLERS_SIZE entries, shared: never written)
    in_view: tuple[tuple[int, int], ...]  # per card in view: the household that played it, its column


BODY_SIZE = BATTLE_FLAGS + BATTLERS_SIZE
EMPTY_BATTLE = BattleKey(float32_zeros(BATTLE_FLAGS), float32_zeros(BATTLERS_SIZE), ())  # also "no battle"
ACTION_CEILING = NUM_ACTION_CARDS + 1
SIDE_AT = tuple(side * MAX_BATTLERS * BATTLER_FEATURES for side in range(NUM_SIDES))
MARKS_AT = NUM_GNOMES  # a battler's marks, from its first entry (then its value)
VALUE_AT = NUM_GNOMES + len(BATTLER_MARKS)
BATTLER_ROWS = 256  # battler blocks remembered: a battle's next key mostly shows the same battlers
FLAG_ROWS = 4096  # flag rows remembered: totals, bonuses and marks take few values, and repeat across battles


def battle_key(state: BattleGnomesState) -> BattleKey:
    """The battle's totals, marks, battlers and cards in view (not its stage: observed live)."""
    if state.b_att < 0:
        return EMPTY_BATTLE
    (values0, total0, thrown0), (values1, total1, thrown1) = side_parts(state, 0), side_parts(state, 1)
    mods, actions = state.b_mods, state.b_actions
    flags = battle_flags(total0, total1, mods[0], mods[1], thrown0, thrown1, state.b_home, state.b_sneak,
                         state.b_off, actions[0], actions[1])
    battlers = battler_row(state.b_sides[0], state.b_sides[1], state.b_pep, state.b_null_w, state.b_null_d,
                           state.b_used, tuple(values0), tuple(values1))
    return BattleKey(flags, battlers, tuple(zip(state.b_by, map(VIEW_COLUMN.__getitem__, state.b_area))))


@lru_cache(maxsize=FLAG_ROWS)
def battle_flags(total0: int, total1: int, mods0: int, mods1: int, thrown0: int, thrown1: int, home: int,
                 sneak: int, off: int, actions0: int, actions1: int) -> Buffer:
    """The flags row of the battle block (a shared array: never written)."""
    return array("f", (
        *signed(total0), *signed(total1), *signed(mods0), *signed(mods1),
        squash(thrown0), squash(thrown1), total0 > total1,
        home & 1, home >> 1 & 1, sneak, off,
        actions0 / ACTION_CEILING, actions1 / ACTION_CEILING,
    ))


@lru_cache(maxsize=BATTLER_ROWS)
def battler_row(gnomes0: tuple[int, ...], gnomes1: tuple[int, ...], pep: int, null_w: int, null_d: int, used: int,
                values0: tuple[int, ...], values1: tuple[int, ...]) -> Buffer:
    """Each battler's entries: gnome id, marks (gnome bit masks), value (a shared array: never written)."""
    row = EMPTY_BATTLE.battlers[:]
    marked = pep | null_w | null_d | used
    for at, gnomes, values in zip(SIDE_AT, (gnomes0, gnomes1), (values0, values1)):
        for g, value in zip(gnomes, values):
            row[at + g] = 1.0
            if marked >> g & 1:
                for k, mask in enumerate((pep, null_w, null_d, used)):
                    if mask >> g & 1:
                        row[at + MARKS_AT + k] = 1.0
            if value > 0:
                row[at + VALUE_AT] = squash(value)
            at += BATTLER_FEATURES
    return row


def write_battle(obs: Buffer, start: int, view_at: int, seat: int, n: int, old: BattleKey,
                 new: BattleKey) -> None:
    """Bring the battle block whose body starts at ``start`` (its cards in view at ``view_at``,
    relative to ``seat`` of ``n``) from ``old`` to ``new``."""
    if new.flags is not old.flags:
        obs[start:start + BATTLE_FLAGS] = new.flags
    if new.battlers is not old.battlers:
        obs[start + BATTLE_FLAGS:start + BODY_SIZE] = new.battlers
    was, now = old.in_view, new.in_view
    if was != now:
        shown = len(was)
        if now[:shown] != was:  # not the same battle's cards with more played: the old ones leave view
            for played_by, column in was:
                obs[view_at + (played_by - seat) % n * NUM_VIEW + column] = 0.0
            shown = 0
        for card in now[shown:]:  # a card already written is written again with the same count
            played_by, column = card
            obs[view_at + (played_by - seat) % n * NUM_VIEW + column] = IN_VIEW_VALUE[column][now.count(card)]


__all__ = ["EMPTY_BATTLE", "BattleKey", "battle_key", "signed", "squash", "write_battle"]
