"""Observation segments of the expansions (see the table in ``observation.py``).

``troll`` (Troll's Bridge): the troll's card, his mood, toll and the moods known to come, the
used roaming cards, the ogre card offered for denial (its target card and seat go into the
``selected_cell`` and ``selected_seat`` segments). ``royal`` (Royal Decrees): scenario and
decrees, the axe, this turn's decree state, the battle memorials, the store slot of a trade-in.
"""

from __future__ import annotations

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
from gnome_envs.dwarfs_fall.decrees import NUM_DECREES, NUM_SCENARIOS
from gnome_envs.dwarfs_fall.observation import (
    BONUS_K,
    STORE_TRADE,
    TROLL_DENY,
    _rel,
    squash,
)
from gnome_envs.dwarfs_fall.observation_layout import NEXT_MOODS
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


def decree_features(state, seat: int, obs: np.ndarray, s: int, ones: list[int]) -> None:
    """The Royal Decrees segment: scenario, decrees, the axe, per-turn decree state, memorials."""
    n = state.game.num_players
    if state.scenario >= 0:  # none when only the crystal dwarfs' Frost Invasion is in force (X4.6)
        ones.append(s + state.scenario)
    s += NUM_SCENARIOS
    ones.extend(s + d for d in decrees_in(state.decree_mask))
    s += NUM_DECREES
    ones.append(s + _rel(state, seat, state.first_player))
    s += n
    obs[s] = float(state.night)
    obs[s + 1] = squash(state.bonus_actions, BONUS_K)
    s += 2
    ones.extend(s + c for c in state.placed_cells)
    s += NUM_CELLS
    ones.extend(s + _rel(state, seat, p) for p in range(n) if state.monster_played[p])
    s += n
    ones.extend(s + c for c in memorials(state))
    s += NUM_CELLS
    d = state.pending
    if d is not None and d.kind == STORE_TRADE:
        ones.append(s + d.data[0])


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


__all__ = ["decree_features", "empire_key", "memorials", "royal_key", "troll_features", "troll_key"]
