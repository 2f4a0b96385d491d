"""The engine's shortcuts against plain recomputation: legal placements from precomputed tables
and the incrementally written observation give what a from-scratch computation gives."""

from __future__ import annotations

import numpy as np
import pytest

from gnome_envs.mighty_gnomes import placement
from gnome_envs.mighty_gnomes.components import LADDERS, NUM_TILES
from gnome_envs.mighty_gnomes.geometry import ATTIC_FITS
from gnome_envs.mighty_gnomes.state import DRUID_INDEX, MightyGnomesState

from .helpers import fresh

GAMES = 4  # random games per player count


def _positions(num_players: int):
    """Positions along random games (each a clone), the pending decision still open."""
    for seed in range(GAMES):
        state = fresh(num_players, seed=seed, skip_forced=True)
        rng = np.random.default_rng(seed)
        while not state.is_terminal():
            yield state
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])


def _scratch(state: MightyGnomesState) -> MightyGnomesState:
    """A clone with every cached feature forgotten."""
    other = state.clone()
    other.touch_all()
    other.touch_forest()
    other.touch_attic()
    other.touch_public()
    return other


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_fitting_tiles_match_a_search_per_tile(num_players):
    """A tile reported fitting the forest (smaller shapes inferred from larger ones) or the attic
    (without a search when the seat can pay anyone) has a legal placement there, and only then."""
    for state in _positions(num_players):
        p = max(state.current_player, 0)
        tiles = list(range(NUM_TILES))
        assert placement.forest_fitting(state, p, tiles) == {t for t in tiles if placement.forest_options(state, p, t)}
        tiles.append(DRUID_INDEX)
        assert placement.attic_fitting(state, p, tiles) == {t for t in tiles if placement.attic_options(state, p, t)}


def test_landing_table_matches_fit_row():
    """The attic fits listed by ladder heights are exactly those the no-gap rule lets land."""
    for shape, fits in enumerate(ATTIC_FITS):
        for ladder, spec in enumerate(LADDERS):
            for heights, landing in placement.LANDINGS[shape][ladder].items():
                expected = [f for f in fits if placement.fit_row(list(heights), f, spec.height) >= 0]
                assert list(landing) == expected


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_incremental_observation_matches_a_fresh_one(num_players):
    """Every seat's view, kept up to date step by step, equals one built from nothing."""
    for step, state in enumerate(_positions(num_players)):
        seats = range(num_players) if step % 3 == 0 else [max(state.current_player, 0)]
        for seat in seats:
            got = state.observation(seat)
            assert np.array_equal(got, _scratch(state).observation(seat)), (step, seat)
        state.check_invariants()
