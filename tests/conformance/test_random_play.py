"""Random play: many seeded random games per config, checked after every decision.

The fuzz games (``EnvSpec.fuzz_games``, split into shards for pytest-xdist) run
``check_invariants`` and check the mask and current player after every step and the scores,
placements and returns at the end; further games check every seat's observation and the
state vector (float32, right size, finite, within [0, 1]) after every step.
"""

from __future__ import annotations

import numpy as np
import pytest

from gnome_envs.core.engine import State

from .helpers import (
    FUZZ_SHARDS,
    OBSERVATION_GAMES,
    check_final_state,
    check_running_state,
)

# ============================================================================ random play


@pytest.mark.parametrize("shard", range(FUZZ_SHARDS), ids=lambda i: f"shard{i}")
def test_random_play_invariants(case, shard):
    seeds = case.seeds("fuzz", case.spec.fuzz_games)[shard::FUZZ_SHARDS]
    assert seeds, "EnvSpec.fuzz_games must be at least FUZZ_SHARDS"

    for seed in seeds:
        state = case.new_state(seed)
        rng = np.random.default_rng(seed)

        def after(state: State, step: int, seed: int = seed) -> None:
            try:
                state.check_invariants()
            except Exception as err:  # noqa: BLE001
                pytest.fail(f"{case.where(seed, step)}: check_invariants raised {type(err).__name__}: {err}")
            check_running_state(case, state, case.where(seed, step))

        after(state, 0)
        steps = case.play(state, rng, seed, after=after)
        check_final_state(case, state, case.where(seed, steps))


def test_observations_well_formed(case):
    n = case.num_players
    for seed in case.seeds("observation", OBSERVATION_GAMES):
        state = case.new_state(seed)

        def after(state: State, step: int, seed: int = seed) -> None:
            for seat in range(n):
                case.check_observation(state.observation(seat), case.where(seed, step, seat=seat))
            case.check_observation(state.state_vector(), case.where(seed, step, vector="state"), case.game.state_size)

        after(state, 0)
        case.play(state, np.random.default_rng(seed), seed, after=after)
