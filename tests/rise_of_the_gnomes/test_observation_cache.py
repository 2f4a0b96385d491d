"""The observation kept up to date in place (``observation.public_part``) equals a fresh build,
in play and in clones that share it and then diverge."""

from __future__ import annotations

import numpy as np
import pytest

from .helpers import fresh

CLONE_EVERY = 7  # positions between clones that play on by themselves
CLONE_MOVES = 3  # moves a clone plays before it is compared


def fresh_observation(state, seat: int) -> np.ndarray:
    """``seat``'s observation built from nothing (a clone with every cache forgotten)."""
    other = state.clone()
    other.touch_all()
    return other.observation(seat)


def random_move(state, rng: np.random.Generator) -> None:
    """Play one uniformly drawn legal action."""
    legal = state.legal_actions()
    state.apply(legal[rng.integers(len(legal))])


def assert_fresh(state) -> None:
    """Every seat's observation equals a fresh build, and the cache checks pass."""
    for seat in range(state.n):
        assert np.array_equal(state.observation(seat), fresh_observation(state, seat))
    state.check_invariants()


@pytest.mark.parametrize("config", [
    {"num_players": 1}, {"num_players": 2}, {"num_players": 4, "mode": "cutthroat"},
])
def test_cached_observation_matches_a_fresh_build(config):
    """Observed after every move (seats in turn, some moves unobserved), and in clones that
    play on by themselves while the original goes on: always the fresh vector."""
    state = fresh(3, **config)
    rng = np.random.default_rng(3)
    step = 0
    while not state.is_terminal():
        if rng.random() < 0.8:
            seat = state.current_player
            assert np.array_equal(state.observation(seat), fresh_observation(state, seat))
        if step % CLONE_EVERY == 0:
            other = state.clone()
            for _ in range(CLONE_MOVES):
                if not other.is_terminal():
                    random_move(other, rng)
            assert_fresh(other)
        random_move(state, rng)
        step += 1
    assert_fresh(state)
