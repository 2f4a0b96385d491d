"""Keys and rows of the Battle Gnomes! observation blocks, and the writes that bring a view up to date.

A key is a tuple of the facts one block shows: the own hand, the selection and gnome deck, the
discard pile. The state caches keys and drops one when its facts change (``touch_*`` in
``state``); keys are never modified, so clones share them. A seat's view
(``observation.SeatView``) remembers the key its buffer shows; ``write_*`` compares that key
with the current one and writes only the entries that differ, so the buffer always equals the
block drawn from the remembered key (the ``EMPTY_*`` keys draw nothing: zeros). A household's
block is cached as a float32 row instead (``house_row``, shared by every seat's view: copied
whole when it changed). ``invariants`` checks every cached key and row against a fresh one.

Buffers and rows are ``array("f")`` (``Buffer``): one entry is written in a fraction of the time
of a numpy item write, and a row is copied into a buffer of the same type by a plain slice copy.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left

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
FLOAT32_BYTES = 4
COPIES_CEILING = np.array(CARD_COPIES, dtype=np.float32) + 1.0
# count / (copies + 1) per design and count, as float32 holds it after that division
COUNT_VALUE = tuple(tuple(float(np.float32(c / (copies + 1.0))) for c in range(copies + 1))
                    for copies in CARD_COPIES)


Buffer = array  # float32 entries ('f'): the views' buffers, household rows and battle blocks


def float32_zeros(size: int) -> Buffer:
    """A float32 buffer of ``size`` zeros."""
    return array("f", bytes(FLOAT32_BYTES * size))


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


def write_counts(obs: Buffer, start: int, old: tuple[int, ...], new: tuple[int, ...]) -> None:
    """Cards per design / (copies + 1) from ``start``, ``old`` shown, ``new`` to show (hands are
    sorted, ``state.draw`` and ``take_from_hand`` keep them so)."""
    count = new.count
    design = _one_card_apart(old, new)
    if design >= 0:  # the usual change since the last look: one card drawn or played
        obs[start + design] = COUNT_VALUE[design][count(design)]
        return
    for design in set(old + new):  # each entry is written once (an unchanged count writes the same value)
        obs[start + design] = COUNT_VALUE[design][count(design)]


def _one_card_apart(old: tuple[int, ...], new: tuple[int, ...]) -> int:
    """The design of the one card that sorted ``new`` has more or fewer than sorted ``old``, or
    -1 when they differ otherwise (the sums' difference names the card; the merge confirms it)."""
    grown = len(new) - len(old)
    if grown == 1:
        design, longer, shorter = sum(new) - sum(old), new, old
    elif grown == -1:
        design, longer, shorter = sum(old) - sum(new), old, new
    else:
        return -1
    if not 0 <= design < NUM_DESIGNS:
        return -1
    at = bisect_left(shorter, design)
    return design if longer == (*shorter[:at], design, *shorter[at:]) else -1


def write_discard(obs: Buffer, start: int, old: tuple[int, ...], new: tuple[int, ...], counts: list[int]) -> None:
    """The discard pile per design from ``start``, ``old`` shown with ``counts`` cards per design
    (brought to ``new``'s): usually a few cards put on top of ``old``."""
    shown = len(old)
    if new[:shown] != old:  # reshuffled into the deck: the old pile leaves
        for design in set(old):  # each entry is written once
            counts[design] = 0
            obs[start + design] = 0.0
        shown = 0
    for design in new[shown:]:  # counted up card by card: the last write of a design is its count
        count = counts[design] + 1
        counts[design] = count
        obs[start + design] = COUNT_VALUE[design][count]


def write_gnomes(obs: Buffer, start: int, old: tuple, new: tuple) -> None:
    """Selection one-hots, then the gnome deck's size and contents, from ``start``."""
    if old[0] != new[0]:
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
        for g in was ^ now:  # each entry is written once
            obs[at + 1 + g] = g in now


def hand_row(state: BattleGnomesState, seat: int) -> np.ndarray:
    """Cards of ``seat``'s hand per design / (copies + 1), as a fresh array."""
    counts = np.bincount(np.asarray(state.hands[seat], dtype=np.int64), minlength=NUM_DESIGNS)
    return (counts / COPIES_CEILING).astype(np.float32)


# ---------------------------------------------------------------------------- households
HOUSE_ZEROS = float32_zeros(HOUSE_FEATURES)  # copied, never written
EMPTY_HOUSE = HOUSE_ZEROS  # what a view shows before its first household block


def house_row(state: BattleGnomesState, seat: int) -> Buffer:
    """Public features of household ``seat`` (see the module table of ``observation``).

    Entry 0, the hand size, stays 0 here: ``observe`` writes it from the live hand.
    """
    row = HOUSE_ZEROS[:]
    gnomes, yard, defeated = state.households[seat], state.yard[seat], state.defeated[seat]
    row[1] = state.hand_limit(seat) / (MAX_HAND_LIMIT + 1)
    if defeated:
        row[2] = len(defeated) / (DEFEATS_TO_WIN + 1)
    if yard:
        row[5] = len(yard) / (MAX_YARD + 1)
        for design in yard:
            row[YARD_AT + YARD_COLUMN[design]] = YARD_VALUE[yard.count(design)]
    if gnomes:
        row[3] = len(gnomes) / (GNOME_SLOTS + 1)
        attached = _write_slots(state, row, gnomes)
    else:
        attached = 0
    items = attached + len(yard)  # state.items_in_play(seat), counted while the slots are written
    if items:
        row[4] = items / (MAX_ITEMS + 1)
    return row


def _write_slots(state: BattleGnomesState, row: Buffer, gnomes: list[int]) -> int:
    """Each gnome's slot of a household row; return how many attachments the gnomes carry."""
    weapon, defence, settled = state.weapon, state.defence, state.settled
    at = SLOTS_AT
    attached = 0
    for g in gnomes:
        row[at + g] = 1.0
        if weapon[g] >= 0:
            row[at + WEAPON_AT[weapon[g]]] = 1.0
            attached += 1
        if defence[g] >= 0:
            row[at + DEFENCE_AT[defence[g]]] = 1.0
            attached += 1
        bits = settled >> (2 * g) & SETTLED_BITS  # placed this Organize: weapon, defence
        if bits:
            for slot in range(NUM_SLOTS):
                if bits >> slot & 1:
                    row[at + SETTLED_AT + slot] = 1.0
        at += SLOT_FEATURES
    return attached


__all__ = ["EMPTY_CARDS", "EMPTY_GNOMES", "EMPTY_HOUSE", "Buffer", "discard_key", "float32_zeros", "gnomes_key",
           "hand_key", "hand_row", "house_row", "write_counts", "write_discard", "write_gnomes"]
