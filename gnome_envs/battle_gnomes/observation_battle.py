"""The battle block of the Battle Gnomes! observation: its key and the writes that follow it.

Like the keys of ``observation_parts``: the state caches the key (``touch_battle``, and
``touch_house`` while a battle runs, drop it), a seat's view remembers the key its buffer
shows and ``write_battle`` writes only the entries that differ. The attacking and defending
seats are relative to the observer and written by ``observation`` from the live state.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from gnome_envs.battle_gnomes.components import (
    ACTION_DESIGNS,
    CARD_COPIES,
    ITEM_DESIGNS,
    MAX_BATTLERS,
    NUM_GNOMES,
)
from gnome_envs.battle_gnomes.observation_parts import float32_sums
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

    body: np.ndarray  # flags (totals, bonuses, penalties, marks), then per side and battler its features
    in_view: tuple[tuple[int, int], ...]  # per card in view: the household that played it, its column


BODY_SIZE = BATTLE_FLAGS + BATTLERS_SIZE
EMPTY_BATTLE = BattleKey(np.zeros(BODY_SIZE, dtype=np.float32), ())  # also the key of "no battle"


def battle_key(state: BattleGnomesState) -> BattleKey:
    """The battle's totals, marks, battlers and cards in view (not its stage: observed live)."""
    if state.b_att < 0:
        return EMPTY_BATTLE
    (values0, total0, thrown0), (values1, total1, thrown1) = side_parts(state, 0), side_parts(state, 1)
    body = EMPTY_BATTLE.body.copy()
    body[:BATTLE_FLAGS] = (
        *signed(total0), *signed(total1), *signed(state.b_mods[0]), *signed(state.b_mods[1]),
        squash(thrown0), squash(thrown1), total0 > total1,
        state.b_home & 1, state.b_home >> 1 & 1, state.b_sneak, state.b_off,
        state.b_actions[0] / (NUM_ACTION_CARDS + 1), state.b_actions[1] / (NUM_ACTION_CARDS + 1),
    )
    for side, values in ((0, values0), (1, values1)):
        for i, g in enumerate(state.b_sides[side]):
            at = BATTLE_FLAGS + (side * MAX_BATTLERS + i) * BATTLER_FEATURES
            body[at + g] = 1.0
            marks = at + NUM_GNOMES
            for k, mask in enumerate((state.b_pep, state.b_null_w, state.b_null_d, state.b_used)):
                if mask >> g & 1:
                    body[marks + k] = 1.0
            if values[i] > 0:
                body[marks + len(BATTLER_MARKS)] = squash(values[i])
    in_view = tuple([(seat, VIEW_COLUMN[design]) for design, seat in zip(state.b_area, state.b_by)])
    return BattleKey(body, in_view)


def write_battle(obs: np.ndarray, start: int, view_at: int, seat: int, n: int, old: BattleKey,
                 new: BattleKey) -> None:
    """Bring the battle block whose body starts at ``start`` (its cards in view at ``view_at``,
    relative to ``seat`` of ``n``) from ``old`` to ``new``."""
    if new.body is not old.body:
        obs[start:start + BODY_SIZE] = new.body
    if old.in_view != new.in_view:
        for card in set(old.in_view + new.in_view):  # each entry is written once
            count = new.in_view.count(card)
            if count != old.in_view.count(card):
                played_by, column = card
                obs[view_at + (played_by - seat) % n * NUM_VIEW + column] = IN_VIEW_VALUE[column][count]


__all__ = ["EMPTY_BATTLE", "BattleKey", "battle_key", "signed", "squash", "write_battle"]
