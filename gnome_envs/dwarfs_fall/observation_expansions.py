"""Observation segments of the expansions (see the table in ``observation.py``).

``troll`` (Troll's Bridge): the troll's card, his mood, toll and the moods known to come, the
used roaming cards, the ogre card offered for denial (its target card and seat go into the
``selected_cell`` and ``selected_seat`` segments). ``royal`` (Royal Decrees): scenario and
decrees, the axe, this turn's decree state, the battle memorials, the store slot of a trade-in.
"""

from __future__ import annotations

from functools import cache
from itertools import accumulate

import numpy as np

from gnome_envs.dwarfs_fall.components import (
    LAYER_KIND,
    MAX_MOOD_TRACK,
    MEMORIAL,
    MOOD_TRACK,
    NUM_CELLS,
    NUM_MOODS,
    NUM_ROAMING,
)
from gnome_envs.dwarfs_fall.decrees import NUM_DECREES
from gnome_envs.dwarfs_fall.observation import (
    BONUS_K,
    STORE_TRADE,
    TROLL_DENY,
    squash,
)
from gnome_envs.dwarfs_fall.observation_layout import NEXT_MOODS, royal_parts
from gnome_envs.dwarfs_fall.observation_empires import ALCHEMY_TAKE, MEEPLE_TYPE, POWER_GEM

TRACK_CEILING = float(MAX_MOOD_TRACK + 1)  # toll steps on a mood card, and steps left


# decisions whose context The Empires' segment shows
EMPIRE_DECISIONS = frozenset({MEEPLE_TYPE, POWER_GEM, ALCHEMY_TAKE})


def troll_key(state) -> tuple:
    """Everything the troll segment reads (lists copied: some change in place)."""
    d = state.pending
    return (state.troll_cell, tuple(state.mood_deck), state.moods_seen, state.toll, state.toll_paid,
            len(state.roaming_deck), tuple(state.roaming_discard),
            d.data if d is not None and d.kind == TROLL_DENY else None)


def royal_key(state) -> tuple:
    """Everything the royal segment reads (lists copied: some change in place)."""
    d = state.pending
    return (state.scenario, state.decree_mask, state.first_player, state.night, state.bonus_actions,
            state.placed_cells, tuple(state.monster_played), memorials(state),
            d.data[0] if d is not None and d.kind == STORE_TRADE else None)


def empire_key(state) -> tuple:
    """Everything the empires segment reads (lists copied: some change in place)."""
    d = state.pending
    return (tuple(state.pieces), tuple(state.pouches), tuple(state.meeples), state.power_used, len(state.boxed),
            (d.kind, d.data) if d is not None and d.kind in EMPIRE_DECISIONS else None)


def memorials(state) -> tuple[int, ...]:
    """Cells holding a battle memorial (Royal Decrees), found again only after the mat changed."""
    version, cells = state._memorials
    if version != state._layout_version:
        top = state.top
        cells = tuple(c for c in state.regions.occupied if LAYER_KIND[top[c]] == MEMORIAL)
        state._memorials = (state._layout_version, cells)
    return cells


_DECREES_IN: dict[int, tuple[int, ...]] = {}


def decrees_in(mask: int) -> tuple[int, ...]:
    """The decrees whose bits ``mask`` sets, in order (kept per mask: a game has one)."""
    found = _DECREES_IN.get(mask)
    if found is None:
        found = _DECREES_IN[mask] = tuple(d for d in range(NUM_DECREES) if mask >> d & 1)
    return found


# the parts of ``royal_key``, in its order: entries set to 1 (offsets from the part's start, given
# the part's value, the observer's seat and the player count), or None for the two amounts
ROYAL_ONES = (
    # the scenario (none when only the crystal dwarfs' Frost Invasion is in force, X4.6)
    lambda scenario, seat, n: (scenario,) if scenario >= 0 else (),
    lambda mask, seat, n: decrees_in(mask),
    lambda first_player, seat, n: ((first_player - seat) % n,),  # the axe
    None,  # night
    None,  # Hired Hands actions
    lambda placed_cells, seat, n: placed_cells,  # cards a dwarf from the pile went to this turn
    lambda played, seat, n: tuple((p - seat) % n for p in range(n) if played[p]),  # monster from hand
    lambda cells, seat, n: cells,  # battle memorials
    lambda slot, seat, n: () if slot is None else (slot,),  # store slot of a trade-in
)
NIGHT_PART = 3  # then the Hired Hands actions
PLACED_PART, MEMORIALS_PART = 5, 7  # the two parts that are tuples of cells, their ones as they are
# a new value of those that extends the old one (a dwarf placed, a memorial added) sets only the
# cells added
GROWING_PARTS = frozenset({PLACED_PART, MEMORIALS_PART})


@cache
def royal_starts(n: int) -> tuple[int, ...]:
    """Where each part of ``royal_key`` starts in the Royal Decrees segment of ``n`` players."""
    return tuple(accumulate(royal_parts(n)[:-1], initial=0))


def write_royal(obs: np.ndarray, s: int, seat: int, n: int, old: tuple | None, new: tuple) -> None:
    """The Royal Decrees segment from ``s`` brought from ``royal_key`` ``old`` (None: nothing
    written, zeros) to ``new``: only the parts that differ, the old part's ones zeroed first."""
    starts = royal_starts(n)
    for part, value in enumerate(new):
        if old is not None and old[part] == value:
            continue
        at = s + starts[part]
        ones_of = ROYAL_ONES[part]
        if ones_of is None:  # an amount
            obs[at] = float(value) if part == NIGHT_PART else squash(value, BONUS_K)
            continue
        was = old[part] if old is not None else ()
        if part in GROWING_PARTS and value[:len(was)] == was:  # cells added this turn: only the new ones
            for i in value[len(was):]:
                obs[at + i] = 1.0
            continue
        if old is not None:
            for i in ones_of(was, seat, n):
                obs[at + i] = 0.0
        for i in ones_of(value, seat, n):
            obs[at + i] = 1.0


def troll_features(state, obs: np.ndarray, s: int, ones: list[int]) -> None:
    """The troll segment (Troll's Bridge): his card, his moods and toll, the roaming cards."""
    ones.append(s + state.troll_cell)
    s += NUM_CELLS
    deck = state.mood_deck
    ones.append(s + deck[0])
    s += NUM_MOODS
    track = MOOD_TRACK[deck[0]]
    obs[s:s + 2] = (state.toll / TRACK_CEILING, (track - state.toll) / TRACK_CEILING)
    s += 2
    first_known = NUM_MOODS + 1 - state.moods_seen  # deck[k] has been on top before for k >= this
    for k in range(max(first_known, 1), NUM_MOODS):
        ones.append(s + (k - 1) * NUM_MOODS + deck[k])
    s += NEXT_MOODS * NUM_MOODS
    obs[s] = float(state.toll_paid)
    obs[s + 1] = len(state.roaming_deck) / (NUM_ROAMING + 1)
    s += 2
    ones.extend(s + card for card in state.roaming_discard)
    s += NUM_ROAMING
    d = state.pending
    if d is not None and d.kind == TROLL_DENY:  # one column per ogre kind of the game
        ones.append(s + d.data[0])


__all__ = ["empire_key", "memorials", "royal_key", "troll_features", "troll_key", "write_royal"]
