"""Shared counts and helpers of the conformance suite.

The per-config game and probe counts (balancing coverage against run time), the AEC drivers
(random legal actions, snapshots of everything a rejected step must leave alone), the list of
actions ``State.apply`` must reject, and the independent checks of running and finished states
(mask, current player, scores, placements, returns) that the test modules share.
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np

import gnome_envs
from gnome_envs.core.engine import State

# ---------------------------------------------------------------------------- counts
API_TEST_CYCLES = 1000  # pettingzoo api_test (a game ends long before the cycle cap)
SEED_TEST_CYCLES = 500  # pettingzoo seed_test: up to cycles x agents steps of two envs
FUZZ_SHARDS = 4  # each config's EnvSpec.fuzz_games are split over this many tests (pytest-xdist)
OBSERVATION_GAMES = 3  # games per config with every seat's observation checked after every step
CLONE_GAMES = 3  # games per config with clones taken at random points
CLONE_POINTS = 3  # clone points per game (each clone is played to the end, three times)
REPLAY_GAMES = 3  # recorded games per config re-verified in a subprocess
PICKLE_GAMES = 2  # AEC games per config pickled and deep-copied mid-game
ILLEGAL_GAMES = 2  # games per config probed with illegal actions
ILLEGAL_EVERY = 9  # probe every this many steps of those games
AEC_ILLEGAL_POINTS = 8  # random points per config probed through env.step
HIDDEN_GAMES = 2  # games per config whose states are determinized
HIDDEN_EVERY = 15  # determinize every this many steps
DETERMINIZE_RNGS = 3  # different rngs per seat and point
REWARD_GAMES = 2  # full AEC games per config and reward mode
MAX_STEPS_LIMIT = 12  # max_steps used by the truncation test
DESCRIBE_GAMES = 1  # games per config with describe_action of every legal action, every step


def bad_actions(state: State, rng: np.random.Generator) -> list[tuple[str, Any]]:
    """Actions ``state.apply`` must reject now, with a label each."""
    mask = state.legal_action_mask()
    legal = np.flatnonzero(mask)
    illegal = np.flatnonzero(mask == 0)
    out: list[tuple[str, Any]] = []
    if illegal.size:
        out.append(("mask-0 index", int(illegal[rng.integers(illegal.size)])))
        out.append(("mask-0 numpy index", np.int64(illegal[rng.integers(illegal.size)])))
    out += [
        ("out-of-range index", int(mask.size)),
        ("far out-of-range index", int(mask.size) + 10_000),
        ("negative index", -1),
        ("float equal to a legal index", float(legal[0])),
        ("numpy float equal to a legal index", np.float64(legal[0])),
        ("bool True", True),
        ("bool False", False),
        ("None", None),
    ]
    return out


def aec_snapshot(env: gnome_envs.GnomeAECEnv) -> dict[str, Any]:
    """Everything an env.step that raises must leave as it was."""
    return {
        "agents": list(env.agents),
        "agent_selection": env.agent_selection,
        "rewards": dict(env.rewards),
        "_cumulative_rewards": dict(env._cumulative_rewards),
        "terminations": dict(env.terminations),
        "truncations": dict(env.truncations),
        "infos": copy.deepcopy(env.infos),
        "num_steps": env.num_steps,
        "hash": env.unwrapped.game_state.state_hash(),
    }


def assert_aec_unchanged(env: gnome_envs.GnomeAECEnv, before: dict, observed: dict, context: str) -> None:
    after = aec_snapshot(env)
    for key, value in before.items():
        assert after[key] == value, f"{context}: env.{key} changed from {value!r} to {after[key]!r}"
    for agent, obs in observed.items():
        now = env.observe(agent)
        assert np.array_equal(now["observation"], obs["observation"]), f"{context}: observe({agent}) changed"
        assert np.array_equal(now["action_mask"], obs["action_mask"]), f"{context}: mask of {agent} changed"


def observe_all(env: gnome_envs.GnomeAECEnv) -> dict[str, dict[str, np.ndarray]]:
    return {
        agent: {key: np.array(value, copy=True) for key, value in env.observe(agent).items()}
        for agent in env.agents
    }


def aec_random_action(env: gnome_envs.GnomeAECEnv, rng: np.random.Generator) -> int | None:
    """None for a finished agent, else a uniformly random legal action of agent_selection."""
    agent = env.agent_selection
    if env.terminations[agent] or env.truncations[agent]:
        return None
    mask = env.observe(agent)["action_mask"]
    legal = np.flatnonzero(mask)
    assert legal.size, f"{agent} is selected and alive but its action mask is all zero"
    return int(legal[rng.integers(legal.size)])


def aec_play(env: gnome_envs.GnomeAECEnv, rng: np.random.Generator, steps: int) -> None:
    """Play ``steps`` random legal actions (fewer if the game ends)."""
    for _ in range(steps):
        if not env.agents or any(env.terminations.values()) or any(env.truncations.values()):
            return
        env.step(aec_random_action(env, rng))


def aec_play_running(env: gnome_envs.GnomeAECEnv, rng: np.random.Generator, steps: int, seed: int) -> None:
    """Play up to ``steps`` random actions; a game that ends sooner is restarted (probe its start)."""
    aec_play(env, rng, steps)
    if env.unwrapped.game_state.is_terminal():
        env.reset(seed=seed)


def expected_rank_returns(placements: tuple[int, ...]) -> np.ndarray:
    """(seats beaten - seats beating you) / (n - 1), computed independently of the engine."""
    n = len(placements)
    out = np.zeros(n)
    for seat, place in enumerate(placements):
        beaten = sum(other > place for other in placements)
        beating = sum(other < place for other in placements)
        out[seat] = (beaten - beating) / (n - 1) if n > 1 else 0.0
    return out


def expected_win_loss(placements: tuple[int, ...]) -> np.ndarray:
    """Winners (placement 0) share +1, everyone else -1 (all -1 when no seat placed first)."""
    winners = [seat for seat, place in enumerate(placements) if place == 0]
    out = np.full(len(placements), -1.0)
    for seat in winners:
        out[seat] = 1.0 / len(winners)
    return out


def check_running_state(case, state: State, context: str) -> None:
    """Mask and current player of a state that may or may not have ended."""
    mask = state.legal_action_mask()
    assert isinstance(mask, np.ndarray), f"{context}: mask is {type(mask).__name__}"
    assert mask.dtype == np.int8, f"{context}: mask dtype {mask.dtype}, expected int8"
    assert mask.shape == (case.game.num_actions,), f"{context}: mask shape {mask.shape}"
    assert mask.min() >= 0 and mask.max() <= 1, f"{context}: mask has values other than 0 and 1"
    if state.is_terminal():
        assert not mask.any(), f"{context}: terminal state has legal actions {np.flatnonzero(mask)[:10]}"
        assert state.current_player == -1, f"{context}: terminal current_player={state.current_player}"
    else:
        assert mask.any(), f"{context}: mask all zero while not terminal ({state.decision_name()})"
        player = state.current_player
        assert isinstance(player, (int, np.integer)) and 0 <= player < case.num_players, (
            f"{context}: current_player={player!r} out of range while running"
        )


def check_final_state(case, state: State, context: str) -> None:
    """scores(), returns(), placements() and rank_returns() of a finished game are well formed."""
    n = case.num_players
    assert state.is_terminal(), f"{context}: not terminal"
    check_running_state(case, state, context)
    scores = np.asarray(state.scores())
    assert scores.ndim == 1 and scores.shape[0] >= n, f"{context}: scores() shape {scores.shape}"
    assert np.isfinite(scores).all(), f"{context}: scores() not finite: {scores}"
    placements = tuple(state.placements())
    assert len(placements) == n, f"{context}: placements() {placements} has not {n} entries"
    assert all(isinstance(p, (int, np.integer)) for p in placements), f"{context}: placements {placements}"
    offset = min(placements)
    # someone places first, unless a rival outside the seats won (Rise of the Gnomes: the Gnome
    # Union, whose win puts every seat one place lower)
    rival_won = getattr(state, "gnomes_win", None)
    expected = int(rival_won()) if rival_won is not None else 0
    assert offset == expected, f"{context}: placements {placements}: best placement {offset}, expected {expected}"
    for seat, place in enumerate(placements):
        ahead = sum(other < place for other in placements)
        assert place - offset == ahead, (
            f"{context}: placements {placements} are not a ranking (seat {seat} at {place}, {ahead} ahead)"
        )
    returns = np.asarray(state.returns(), dtype=np.float64)
    assert returns.shape == (n,), f"{context}: returns() shape {returns.shape}"
    np.testing.assert_allclose(
        returns, expected_win_loss(placements), err_msg=f"{context}: win_loss returns vs placements {placements}"
    )
    rank = np.asarray(state.rank_returns(), dtype=np.float64)
    np.testing.assert_allclose(
        rank, expected_rank_returns(placements), err_msg=f"{context}: rank_returns vs placements {placements}"
    )
