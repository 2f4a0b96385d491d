"""Keys and rows of the Battle Gnomes! observation blocks, and the writes that bring a view up to date.

A key is a tuple of the facts one block shows: the own hand, the selection and gnome deck, the
discard pile. The state caches keys and drops one when its facts change (``touch_*`` in
``state``); keys are never modified, so clones share them. A seat's view
(``observation.SeatView``) remembers the key its buffer shows; ``write_*`` compares that key
with the current one and writes only the entries that differ, so the buffer always equals the
block drawn from the remembered key (the ``EMPTY_*`` keys draw nothing: zeros). A household's
block is cached as a float32 row instead (``house_row``, shared by every seat's view: copied
whole when it changed). ``invariants`` checks every cached key and row against a fresh one.
"""

from __future__ import annotations

import numpy as np

from gnome_envs.battle_gnomes.components import (
    CARD_COPIES,
    DEFEATS_TO_WIN,
    DEFENCE_DESIGNS,
    GNOME_HAND_LIMIT,
    HAND_LIMIT,
    MAX_GNOMES,
    MAX_YARD,
    NUM_DESIGNS,
    NUM_GNOMES,
    NUM_SLOTS,
    SELECTION_SIZE,
    WEAPON_DESIGNS,
    YARD_DESIGNS,
)
from gnome_envs.battle_gnomes.state import BattleGnomesState

MAX_HAND_LIMIT = HAND_LIMIT + sum(d for d in GNOME_HAND_LIMIT if d > 0)
MAX_ITEMS = 2 * MAX_GNOMES + MAX_YARD
GNOME_SLOTS = MAX_GNOMES + 1  # a fifth gnome stands in a household while one is being replaced
SLOT_FEATURES = NUM_GNOMES + len(WEAPON_DESIGNS) + len(DEFENCE_DESIGNS) + 2
HOUSE_SCALARS = 6  # hand size (written from the live hand), then HouseKey.scalars
HOUSE_FEATURES = HOUSE_SCALARS + len(YARD_DESIGNS) + GNOME_SLOTS * SLOT_FEATURES
YARD_AT = HOUSE_SCALARS
SLOTS_AT = HOUSE_SCALARS + len(YARD_DESIGNS)
YARD_COLUMN = {d: i for i, d in enumerate(YARD_DESIGNS)}
# entries of a gnome slot, from the slot's first one: gnome id, weapon, defence, settled marks
WEAPON_AT = {d: NUM_GNOMES + i for i, d in enumerate(WEAPON_DESIGNS)}
DEFENCE_AT = {d: NUM_GNOMES + len(WEAPON_DESIGNS) + i for i, d in enumerate(DEFENCE_DESIGNS)}
SETTLED_AT = NUM_GNOMES + len(WEAPON_DESIGNS) + len(DEFENCE_DESIGNS)
SETTLED_BITS = (1 << NUM_SLOTS) - 1  # a gnome's bits of state.settled: weapon, defence
NO_ENTRY = -1
COPIES_CEILING = np.array(CARD_COPIES, dtype=np.float32) + 1.0
# count / (copies + 1) per design and count, as float32 holds it after that division
COUNT_VALUE = tuple(tuple(float(np.float32(c / (copies + 1.0))) for c in range(copies + 1))
                    for copies in CARD_COPIES)


def float32_sums(step: float, count: int) -> tuple[float, ...]:
    """0, step, step + step, ... added up in float32 (what ``row[i] += step`` leaves)."""
    total, sums = np.float32(0.0), [0.0]
    for _ in range(count):
        total = total + np.float32(step)
        sums.append(float(total))
    return tuple(sums)


YARD_VALUE = float32_sums(1.0 / (MAX_YARD + 1), MAX_YARD)  # per yard items of one design


# ---------------------------------------------------------------------------- cards
def hand_key(state: BattleGnomesState, seat: int) -> tuple[int, ...]:
    """The cards of ``seat``'s hand."""
    return tuple(state.hands[seat])


def discard_key(state: BattleGnomesState) -> tuple[int, ...]:
    """The discard pile, bottom first."""
    return tuple(state.discard)


def gnomes_key(state: BattleGnomesState) -> tuple[tuple[int, ...], frozenset[int]]:
    """The selection slots and the gnomes left in the gnome deck (not their order)."""
    return tuple(state.selection), frozenset(state.gnome_deck)


EMPTY_CARDS: tuple[int, ...] = ()
EMPTY_GNOMES = ((NO_ENTRY,) * SELECTION_SIZE, frozenset())


def write_counts(obs: np.ndarray, start: int, old: tuple[int, ...], new: tuple[int, ...]) -> None:
    """Cards per design / (copies + 1) from ``start``, ``old`` shown, ``new`` to show."""
    for design in set(old + new):  # each entry is written once: the order does not matter
        count = new.count(design)
        if count != old.count(design):
            obs[start + design] = COUNT_VALUE[design][count]


def write_discard(obs: np.ndarray, start: int, old: tuple[int, ...], new: tuple[int, ...]) -> None:
    """The discard pile per design from ``start``: usually a few cards put on top of ``old``."""
    if len(new) > len(old) and new[:len(old)] == old:
        for design in set(new[len(old):]):  # each entry is written once
            obs[start + design] = COUNT_VALUE[design][new.count(design)]
    else:
        write_counts(obs, start, old, new)


def write_gnomes(obs: np.ndarray, start: int, old: tuple, new: tuple) -> None:
    """Selection one-hots, then the gnome deck's size and contents, from ``start``."""
    for slot, (was, now) in enumerate(zip(old[0], new[0])):
        if was != now:
            if was >= 0:
                obs[start + slot * NUM_GNOMES + was] = 0.0
            if now >= 0:
                obs[start + slot * NUM_GNOMES + now] = 1.0
    was, now = old[1], new[1]
    if was != now:
        at = start + SELECTION_SIZE * NUM_GNOMES
        if len(was) != len(now):
            obs[at] = len(now) / NUM_GNOMES
        for g in was - now:  # each entry is written once
            obs[at + 1 + g] = 0.0
        for g in now - was:
            obs[at + 1 + g] = 1.0


def hand_row(state: BattleGnomesState, seat: int) -> np.ndarray:
    """Cards of ``seat``'s hand per design / (copies + 1), as a fresh array."""
    counts = np.bincount(np.asarray(state.hands[seat], dtype=np.int64), minlength=NUM_DESIGNS)
    return (counts / COPIES_CEILING).astype(np.float32)


# ---------------------------------------------------------------------------- households
HOUSE_ZEROS = np.zeros(HOUSE_FEATURES, dtype=np.float32)
EMPTY_HOUSE = HOUSE_ZEROS  # what a view shows before its first household block


def house_row(state: BattleGnomesState, seat: int) -> np.ndarray:
    """Public features of household ``seat`` (see the module table of ``observation``).

    Entry 0, the hand size, stays 0 here: ``observe`` writes it from the live hand.
    """
    row = HOUSE_ZEROS.copy()
    gnomes, yard, defeated = state.households[seat], state.yard[seat], state.defeated[seat]
    row[1] = state.hand_limit(seat) / (MAX_HAND_LIMIT + 1)
    if defeated:
        row[2] = len(defeated) / (DEFEATS_TO_WIN + 1)
    if gnomes:
        row[3] = len(gnomes) / (GNOME_SLOTS + 1)
    items = state.items_in_play(seat)
    if items:
        row[4] = items / (MAX_ITEMS + 1)
    if yard:
        row[5] = len(yard) / (MAX_YARD + 1)
        for design in yard:
            row[YARD_AT + YARD_COLUMN[design]] = YARD_VALUE[yard.count(design)]
    weapon, defence, settled = state.weapon, state.defence, state.settled
    at = SLOTS_AT
    for g in gnomes:
        row[at + g] = 1.0
        if weapon[g] >= 0:
            row[at + WEAPON_AT[weapon[g]]] = 1.0
        if defence[g] >= 0:
            row[at + DEFENCE_AT[defence[g]]] = 1.0
        bits = settled >> (2 * g) & SETTLED_BITS  # placed this Organize: weapon, defence
        if bits:
            for slot in range(NUM_SLOTS):
                if bits >> slot & 1:
                    row[at + SETTLED_AT + slot] = 1.0
        at += SLOT_FEATURES
    return row


__all__ = ["EMPTY_CARDS", "EMPTY_GNOMES", "EMPTY_HOUSE", "discard_key", "gnomes_key", "hand_key", "hand_row",
           "house_row", "write_counts", "write_discard", "write_gnomes"]
