"""Determinization: resample everything a seat cannot see, consistently with what it saw.

Hidden from a seat: which physical tile (type and icon) lies on each face-down position and
which stayed in the box (the face-down mix by type is public, so types are shuffled among the
face-down positions and icons drawn from the unseen tiles of each type); the order of the
allies deck; the Gnome deck's order and, in cutthroat games, the other players' Gnome cards;
the other players' judges (kept, being chosen, or returned to the box). The clone's generator
is reseeded from ``rng`` so future chance cannot be read from it. Every pool is put in a canonical (sorted) order
before it is shuffled, so the sample depends only on what the seat knows and on ``rng``.
"""

from __future__ import annotations

import numpy as np

from gnome_envs.rise_of_the_gnomes.components import (
    PHYSICAL_TILES,
    TILES_OF_TYPE,
    TileType,
)
from gnome_envs.rise_of_the_gnomes.state import NOBODY, RiseState

SEED_BOUND = 2**63


def determinize(state: RiseState, seat: int, rng: np.random.Generator) -> RiseState:
    """A clone of ``state`` with what ``seat`` cannot see resampled."""
    other = state.clone()
    _tiles(other, rng)
    other.ally_deck.sort()
    rng.shuffle(other.ally_deck)
    _gnome_cards(other, seat, rng)
    _judges(other, seat, rng)
    other.rng = np.random.Generator(np.random.PCG64(int(rng.integers(SEED_BOUND))))
    other.touch_all()
    return other


def _tiles(state: RiseState, rng: np.random.Generator) -> None:
    hidden = [pos for pos in state.game.positions if not state.revealed[pos]]
    if not hidden:
        return
    types = sorted(state.tile_type[pos] for pos in hidden)  # canonical order before every shuffle
    rng.shuffle(types)
    seen = {state.tile_phys[pos] for pos in state.game.positions if state.revealed[pos]}
    unseen = {t: [x for x in TILES_OF_TYPE[t] if x not in seen] for t in TileType}
    for pool in unseen.values():
        rng.shuffle(pool)
    for pos, tile_type in zip(hidden, types):
        tile_id = unseen[TileType(tile_type)].pop()
        state.tile_phys[pos] = tile_id
        state.tile_type[pos] = int(PHYSICAL_TILES[tile_id].type)
        state.tile_icon[pos] = int(PHYSICAL_TILES[tile_id].icon)
    state.unused_tiles = sorted(x for pool in unseen.values() for x in pool)


def _gnome_cards(state: RiseState, seat: int, rng: np.random.Generator) -> None:
    others = [p for p in range(state.n) if p != seat]
    pool = sorted(state.gnome_deck + [c for p in others for c in state.hands[p]])
    rng.shuffle(pool)
    for p in others:
        size = len(state.hands[p])
        state.hands[p], pool = pool[:size], pool[size:]
    state.gnome_deck = pool


def _judges(state: RiseState, seat: int, rng: np.random.Generator) -> None:
    """Other players' judges (kept, dealt, returned) and the deck, drawn from what ``seat``
    has not seen; its own returned judge stays in the box."""
    known = state.judge_discarded[seat]
    others = [p for p in range(state.n) if p != seat]
    pool = state.judge_deck + [j for j in state.judge_box if j != known]
    for p in others:
        pool += state.judges[p] + state.judge_hand[p]
    pool.sort()
    rng.shuffle(pool)
    box = [known] if known != NOBODY else []
    for p in others:
        kept, dealt = len(state.judges[p]), len(state.judge_hand[p])
        state.judges[p], pool = sorted(pool[:kept]), pool[kept:]
        state.judge_hand[p], pool = pool[:dealt], pool[dealt:]
        if state.judge_discarded[p] != NOBODY:
            state.judge_discarded[p], pool = pool[0], pool[1:]
            box.append(state.judge_discarded[p])
    state.judge_box = sorted(box)
    state.judge_deck = pool
