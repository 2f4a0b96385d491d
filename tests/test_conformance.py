"""Conformance suite: every registered env x player count x variant meets the shared contracts.

The contracts are those of DESIGN.md and ``gnome_envs/core`` (engine ``State``, the PettingZoo
adapter ``GnomeAECEnv``, replays). Every test is parametrised over the ``case`` fixture
(``tests/conftest.py``): one case per (env_id, variant config), ids like
``gnome_village_v0-3p-deluxe``. Nothing here knows the rules of any one game.

All randomness is seeded from the case id and the test's label (``Case.seeds``), so a failure
reproduces; failure messages name the case, the seed and the step.

The counts below balance coverage against time: the whole ``tests/`` directory must run well
under 10 minutes with ``python -m pytest`` on a 2-core machine.
"""

from __future__ import annotations

import copy
import importlib
import os
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from gymnasium import spaces
from pettingzoo.test import api_test, seed_test

import gnome_envs
from gnome_envs import ConfigError, GameOverError, IllegalActionError, UnknownEnvError
from gnome_envs.core.engine import State
from gnome_envs.core.registry import get_spec, make_game
from gnome_envs.core.replay import Recorder, Replay, verify

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

# ============================================================================ helpers


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
    assert offset in (0, 1), f"{context}: placements {placements}: best placement {offset}"
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


# ============================================================================ PettingZoo tests


@pytest.mark.parametrize("reward", ["win_loss", "rank", "score"])
def test_pettingzoo_api_test(case, reward):
    env = case.make_env(reward=reward)
    api_test(env, num_cycles=API_TEST_CYCLES)


def test_pettingzoo_seed_test(case):
    seed_test(lambda: gnome_envs.make(case.env_id, **case.config), num_cycles=SEED_TEST_CYCLES)


def test_spaces_and_engine_exposure(case):
    env = case.make_env()
    game = case.game
    module = importlib.import_module(f"gnome_envs.{case.env_id}")
    for build in (module.env, module.raw_env):
        other = build(**case.config)
        assert isinstance(other.unwrapped, gnome_envs.GnomeAECEnv)
        assert other.unwrapped.game.num_actions == game.num_actions
    assert env.possible_agents == [f"player_{seat}" for seat in range(case.num_players)]
    for agent in env.possible_agents:
        space = env.observation_space(agent)
        assert space is env.observation_space(agent), "observation_space must return the same object"
        assert env.action_space(agent) is env.action_space(agent), "action_space must return the same object"
        assert isinstance(space, spaces.Dict) and set(space.spaces) == {"observation", "action_mask"}
        assert space["observation"].shape == (game.observation_size,)
        assert space["observation"].dtype == np.float32
        assert space["action_mask"].shape == (game.num_actions,)
        assert space["action_mask"].dtype == np.int8
        assert env.action_space(agent) == spaces.Discrete(game.num_actions)
    # the observation layout tiles the vector exactly
    position = 0
    names = set()
    for segment in game.observation_layout:
        assert segment.start == position and segment.stop > segment.start, f"layout gap at {segment}"
        assert segment.name not in names, f"duplicate segment name {segment.name}"
        names.add(segment.name)
        position = segment.stop
    assert position == game.observation_size, "observation_layout does not cover the vector"
    # the env drives the same engine as make_game(...).new_state(seed)
    seed = case.seeds("exposure", 1)[0]
    env.reset(seed=seed)
    assert isinstance(env.unwrapped.game_state, State)
    assert env.unwrapped.game is env.game
    assert env.unwrapped.game_state.state_hash() == case.new_state(seed).state_hash(), (
        f"{case.where(seed)}: reset(seed) differs from make_game(...).new_state(seed)"
    )
    assert env.agent_selection == env.possible_agents[env.unwrapped.game_state.current_player]
    for agent in env.agents:
        mask = env.observe(agent)["action_mask"]
        if agent == env.agent_selection:
            assert np.array_equal(mask, env.unwrapped.game_state.legal_action_mask())
        else:
            assert not mask.any(), f"{case.where(seed)}: {agent} is not selected but has a non-zero mask"


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


# ============================================================================ clones


def test_clone_independence(case):
    for seed in case.seeds("clone", CLONE_GAMES):
        rng = np.random.default_rng(seed)
        length = case.play(case.new_state(seed), np.random.default_rng(seed), seed)
        points = set(rng.choice(length, size=min(CLONE_POINTS, length), replace=False).tolist())
        state = case.new_state(seed)
        kept: list[tuple[int, State, str]] = []  # clones left alone while the original plays on

        def at_point(state: State, step: int, seed=seed, points=points, rng=rng, kept=kept) -> bool:
            if step in points:
                check_clone_at(case, state, seed, step, rng)
                left = state.clone()
                kept.append((step, left, left.state_hash()))
            return False

        end = case.play(state, np.random.default_rng(seed), seed, stop=at_point)
        # advancing the original did not advance (or otherwise touch) its earlier clones
        for step, left, hash_ in kept:
            assert left.state_hash() == hash_, (
                f"{case.where(seed, step)}: playing the original on changed a clone taken at this step"
            )
        # a finished game clones too
        final = state.clone()
        assert final.is_terminal() and final.state_hash() == state.state_hash(), case.where(seed, end)
        check_final_state(case, final, case.where(seed, end, what="clone of terminal state"))


def check_clone_at(case, state: State, seed: int, step: int, rng: np.random.Generator) -> None:
    where = case.where(seed, step)
    before = case.snapshot(state)
    first = state.clone()
    assert first is not state
    case.assert_unchanged(first, before, f"{where}: fresh clone differs from the original")
    for name, value in getattr(state, "__dict__", {}).items():
        if isinstance(value, np.random.Generator):
            assert getattr(first, name) is not value, f"{where}: clone shares the random generator {name!r}"
    # play the clone to the end, recording its decisions and hash chain
    play_seed = int(rng.integers(2**31))
    actions: list[int] = []
    chain = [first.state_hash()]

    play_rng = np.random.default_rng(play_seed)
    while not first.is_terminal():
        action = case.random_action(first.legal_action_mask(), play_rng)
        case.apply(first, action, seed, step + len(actions))
        actions.append(action)
        first.check_invariants()
        chain.append(first.state_hash())
    case.assert_unchanged(state, before, f"{where}: playing a clone to the end changed the original")
    # two more clones: advancing one must not advance the other (nor the original)
    second, third = state.clone(), state.clone()
    for label, clone in (("second", second), ("third", third)):
        for i, action in enumerate(actions):
            case.apply(clone, action, play_seed, step + i)
            assert clone.state_hash() == chain[i + 1], (
                f"{where}: {label} clone diverged from the first after {i + 1} of the same actions "
                f"(shared or uncopied random generator or state?)"
            )
    case.assert_unchanged(state, before, f"{where}: playing clones changed the original")


# ============================================================================ determinism and replays


def test_replay_determinism_across_processes(case, tmp_path):
    paths = []
    finals = []
    for seed in case.seeds("replay", REPLAY_GAMES):
        recorder = Recorder(case.env_id, seed, **case.config)
        rng = np.random.default_rng(seed)
        while not recorder.state.is_terminal():
            recorder.apply(case.random_action(recorder.state.legal_action_mask(), rng))
        replay = recorder.replay()
        assert len(replay.hashes) == len(replay.actions) + 1
        # same seed and actions in this process: the same hash chain
        again = Recorder(case.env_id, seed, **case.config)
        for step, action in enumerate(replay.actions, start=1):
            again.apply(action)
            assert again.hashes[step] == replay.hashes[step], (
                f"{case.where(seed, step)}: same seed and actions gave a different hash in-process"
            )
        # a different seed starts a different game
        assert Recorder(case.env_id, seed + 1, **case.config).hashes[0] != replay.hashes[0], (
            f"{case.where(seed)}: seeds {seed} and {seed + 1} give the same initial state hash"
        )
        # JSON round trip, then verify in-process
        parsed = Replay.from_json(replay.to_json())
        assert parsed == replay, f"{case.where(seed)}: replay JSON round trip changed it"
        assert verify(parsed).state_hash() == replay.hashes[-1]
        path = tmp_path / f"{case.id}-{seed}.json"
        replay.save(path)
        paths.append(str(path))
        finals.append(replay.hashes[-1])

    parent_seed = os.environ.get("PYTHONHASHSEED")
    hash_seed = next(s for s in ("2718", "31415") if s != parent_seed)
    script = (
        "import sys\n"
        "from gnome_envs.core.replay import Replay, verify\n"
        "for path in sys.argv[1:]:\n"
        "    print(verify(Replay.load(path)).state_hash())\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script, *paths],
        check=False,
        cwd=Path(__file__).resolve().parents[1],
        env={**os.environ, "PYTHONHASHSEED": hash_seed},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, (
        f"{case.id}: replay verification failed in a subprocess with PYTHONHASHSEED={hash_seed} "
        f"(this process: {parent_seed or 'random'}):\n{result.stderr[-4000:]}"
    )
    assert result.stdout.split() == finals, f"{case.id}: subprocess final hashes differ"


GOLDEN_HINT = (
    "The rules or the hashed state changed. If that was deliberate, bump the env version and "
    "regenerate with `python -m tests.golden`; otherwise it is a regression."
)


def replay_divergence(replay: Replay) -> str | None:
    """None if ``replay`` reproduces hash for hash, else where it diverges (env, config, step)."""
    where = f"env {replay.env_id}, config {replay.config}, seed {replay.seed}"
    if len(replay.hashes) != len(replay.actions) + 1:
        return f"{where}: {len(replay.hashes)} hashes for {len(replay.actions)} actions"
    state = make_game(replay.env_id, **replay.config).new_state(replay.seed)
    if state.state_hash() != replay.hashes[0]:
        return (f"{where}: diverged at step 0 (initial state): expected {replay.hashes[0]}, "
                f"got {state.state_hash()}")
    for step, action in enumerate(replay.actions, start=1):
        try:
            state.apply(action)
        except Exception as err:  # noqa: BLE001
            return (f"{where}: diverged at step {step}: recorded action {action} was rejected "
                    f"({type(err).__name__}: {err})")
        if state.state_hash() != replay.hashes[step]:
            return (f"{where}: diverged at step {step} (action {action}): expected "
                    f"{replay.hashes[step]}, got {state.state_hash()}")
    return None


def test_golden_replay(case):
    path = case.golden_path
    assert path.exists(), (
        f"{case.id}: no golden replay at {path}. Record it deliberately with `python -m tests.golden`."
    )
    replay = Replay.load(path)
    assert replay.env_id == case.env_id and replay.config == case.config, (
        f"GOLDEN REPLAY {path.name} holds env {replay.env_id} config {replay.config}, "
        f"expected {case.env_id} {case.config}"
    )
    problem = replay_divergence(replay)
    if problem is not None:
        pytest.fail(f"GOLDEN REPLAY {path.name}: {problem}. {GOLDEN_HINT}")
    final = verify(replay)  # the library's own check agrees
    assert final.is_terminal(), (
        f"GOLDEN REPLAY {path.name}: the recorded game no longer ends after its last action. {GOLDEN_HINT}"
    )


def test_no_stale_golden_files(golden_module):
    stale = golden_module.stale_files()
    assert not stale, (
        f"golden replays of configs that are no longer registered: {[p.name for p in stale]}; "
        "remove them with `python -m tests.golden --prune`"
    )


def test_replay_divergence_is_reported_at_its_step(case):
    """The golden check can fail: a changed hash or action is reported at its step."""
    seed = case.seeds("divergence", 1)[0]
    recorder = Recorder(case.env_id, seed, **case.config)
    rng = np.random.default_rng(seed)
    for _ in range(40):
        if recorder.state.is_terminal():
            break
        recorder.apply(case.random_action(recorder.state.legal_action_mask(), rng))
    replay = recorder.replay()
    assert replay_divergence(replay) is None
    step = len(replay.actions) // 2
    hashes = list(replay.hashes)
    hashes[step] = "0" * len(hashes[step])
    tampered = Replay(replay.env_id, replay.config, replay.seed, replay.actions, tuple(hashes))
    problem = replay_divergence(tampered)
    assert problem is not None and f"step {step} " in problem and case.env_id in problem, problem
    assert str(case.config) in problem, problem
    with pytest.raises(gnome_envs.ReplayMismatchError, match=rf"step {step}\b"):
        verify(tampered)
    actions = list(replay.actions)
    actions[step - 1] = case.game.num_actions  # out of range: the engine rejects it
    problem = replay_divergence(Replay(replay.env_id, replay.config, replay.seed, tuple(actions), replay.hashes))
    assert problem is not None and f"step {step}:" in problem and "rejected" in problem, problem


# ============================================================================ pickle / deepcopy


def test_pickle_and_deepcopy_mid_game(case):
    for seed in case.seeds("pickle", PICKLE_GAMES):
        rng = np.random.default_rng(seed)
        env = case.make_env(reward="score")  # dense rewards: every step's reward is compared
        env.reset(seed=seed)
        aec_play(env, rng, int(rng.integers(5, 60)))
        copies = {"pickle": pickle.loads(pickle.dumps(env)), "deepcopy": copy.deepcopy(env)}
        for label, other in copies.items():
            assert other.unwrapped.game_state is not env.unwrapped.game_state
        step = 0
        while True:
            where = case.where(seed, step)
            for label, other in copies.items():
                context = f"{where} {label}"
                assert other.agents == env.agents, f"{context}: agents differ"
                if not env.agents:
                    break
                assert other.agent_selection == env.agent_selection, f"{context}: agent_selection differs"
                assert other.unwrapped.game_state.state_hash() == env.unwrapped.game_state.state_hash(), (
                    f"{context}: state hash differs"
                )
                for key in ("rewards", "_cumulative_rewards", "terminations", "truncations"):
                    assert getattr(other, key) == getattr(env, key), f"{context}: {key} differ"
                mine, theirs = env.last(), other.last()
                for key in ("observation", "action_mask"):
                    assert np.array_equal(mine[0][key], theirs[0][key]), f"{context}: last() {key} differs"
                assert mine[1:] == theirs[1:], f"{context}: last() reward/termination/truncation/info differ"
                for agent in env.agents:
                    assert np.array_equal(env.observe(agent)["observation"], other.observe(agent)["observation"])
            if not env.agents:
                break
            action = aec_random_action(env, rng)
            original_hash = env.unwrapped.game_state.state_hash()
            for other in copies.values():
                other.step(action)
            assert env.unwrapped.game_state.state_hash() == original_hash, (
                f"{where}: stepping a copy changed the original"
            )
            env.step(action)
            step += 1
        # the seed generator travelled with the copies: the next unseeded game is the same too
        env.reset()
        for label, other in copies.items():
            other.reset()
            assert other.unwrapped.game_state.state_hash() == env.unwrapped.game_state.state_hash(), (
                f"{case.where(seed)} {label}: unseeded reset after copying gives a different game"
            )


# ============================================================================ illegal actions


def illegal_action_problem(state: State, action: Any, apply) -> tuple[str, str] | None:
    """None if ``apply(action)`` raises a well-formed IllegalActionError, else (kind, detail)."""
    legal = np.flatnonzero(state.legal_action_mask()).tolist()
    try:
        apply(action)
    except IllegalActionError as err:
        if not isinstance(err, ValueError):
            return "IllegalActionError is not a ValueError", ""
        message = str(err)
        decision = state.decision_name()
        if decision not in message:
            return "message does not name the decision", f"{decision!r} not in {message!r}"
        first = state.describe_action(legal[0])
        if str(legal[0]) not in message or first not in message:
            return "message does not list the legal choices", f"e.g. {legal[0]}: {first!r} not in {message!r}"
        return None
    except Exception as err:  # noqa: BLE001
        return f"raised {type(err).__name__} instead of IllegalActionError", repr(err)
    return "the illegal action was accepted", ""


class IllegalActionProblems:
    """Collects failures by (kind of action, problem), keeping the first reproduction of each."""

    def __init__(self, case) -> None:
        self.case = case
        self.first: dict[tuple[str, str], str] = {}
        self.decisions: dict[tuple[str, str], set[str]] = {}

    def check(self, state: State, label: str, action: Any, apply, where: str) -> None:
        decision = state.decision_name()
        problem = illegal_action_problem(state, action, apply)
        if problem is not None:
            key = (label, problem[0])
            self.first.setdefault(key, f"{where} decision={decision!r}: {problem[1]}")
            self.decisions.setdefault(key, set()).add(decision)

    def fail_if_any(self) -> None:
        if not self.first:
            return
        lines = [
            f"[{label}] {kind} (decisions: {', '.join(sorted(self.decisions[label, kind]))})\n"
            f"      first: {self.first[label, kind]}"
            for label, kind in sorted(self.first)
        ]
        pytest.fail(f"{self.case.id}: illegal actions not rejected as the contract says:\n  " + "\n  ".join(lines))


def test_illegal_actions_leave_state_untouched(case):
    problems = IllegalActionProblems(case)
    for seed in case.seeds("illegal", ILLEGAL_GAMES):
        rng = np.random.default_rng(seed)
        state = case.new_state(seed)

        def probe(state: State, step: int, seed=seed, rng=rng) -> bool:
            if step % ILLEGAL_EVERY:
                return False
            before = case.snapshot(state)
            for label, action in bad_actions(state, rng):
                where = case.where(seed, step, action=action)
                problems.check(state, label, action, state.apply, where)
                case.assert_unchanged(state, before, f"{where} ({label}): rejected action changed the state")
            return False

        case.play(state, rng, seed, stop=probe)
    problems.fail_if_any()


def test_illegal_actions_through_aec_step(case):
    problems = IllegalActionProblems(case)
    for seed in case.seeds("aec-illegal", AEC_ILLEGAL_POINTS):
        rng = np.random.default_rng(seed)
        env = case.make_env()
        env.reset(seed=seed)
        aec_play_running(env, rng, int(rng.integers(0, 120)), seed)
        state = env.unwrapped.game_state
        before = aec_snapshot(env)
        observed = observe_all(env)
        for label, action in bad_actions(state, rng):
            where = f"env.step: {case.where(seed, env.num_steps, action=action)}"
            problems.check(state, label, action, env.step, where)
            assert_aec_unchanged(env, before, observed, f"{where} ({label})")
        env.step(aec_random_action(env, rng))  # the env still plays on normally
    problems.fail_if_any()


@pytest.mark.parametrize("kind", ["mask-0 index", "out-of-range index", "negative index", "float", "None"])
def test_illegal_action_terminate_mode(case, kind):
    seed = case.seeds(f"terminate-{kind}", 1)[0]
    rng = np.random.default_rng(seed)
    env = case.make_env(illegal_action="terminate")
    env.reset(seed=seed)
    aec_play_running(env, rng, int(rng.integers(0, 60)), seed)
    state = env.unwrapped.game_state
    mask = state.legal_action_mask()
    action = {
        "mask-0 index": int(np.flatnonzero(mask == 0)[0]) if (mask == 0).any() else mask.size,
        "out-of-range index": int(mask.size),
        "negative index": -1,
        "float": float(np.flatnonzero(mask)[0]),
        "None": None,
    }[kind]
    offender = env.agent_selection
    hash_before = state.state_hash()
    where = case.where(seed, env.num_steps, action=action)
    env.step(action)
    assert state.state_hash() == hash_before, f"{where}: the illegal action changed the game state"
    assert env.rewards[offender] == -1, f"{where}: offender reward {env.rewards[offender]}, expected -1"
    assert env._cumulative_rewards[offender] == -1
    assert set(env.terminations) == set(env.possible_agents)
    assert all(env.terminations.values()), f"{where}: not every agent terminated: {env.terminations}"
    assert not any(env.truncations.values())
    seen = []
    for agent in env.agent_iter():
        _, reward, terminated, truncated, _ = env.last()
        assert terminated and not truncated, f"{where}: {agent} alive after the illegal action"
        if agent == offender:
            assert reward == -1, f"{where}: offender's last() reward {reward}"
        seen.append(agent)
        env.step(None)
    assert sorted(seen) == sorted(env.possible_agents), f"{where}: agents visited after the end: {seen}"
    assert env.agents == []
    with pytest.raises(GameOverError):
        env.step(None)


# ============================================================================ finished games


def test_finished_games_reject_actions(case):
    seed = case.seeds("finished", 1)[0]
    rng = np.random.default_rng(seed)
    state = case.new_state(seed)
    case.play(state, np.random.default_rng(seed), seed)
    before = case.snapshot(state)
    for action in (0, case.game.num_actions - 1, -1, None):
        with pytest.raises(GameOverError):
            state.apply(action)
        case.assert_unchanged(state, before, f"{case.where(seed)}: apply on a finished game")

    env = case.make_env()
    env.reset(seed=seed)
    while not any(env.terminations.values()):
        env.step(aec_random_action(env, rng))
    # a dead agent may only step None
    dead = env.agent_selection
    assert env.terminations[dead]
    before = aec_snapshot(env)
    with pytest.raises(ValueError):
        env.step(0)
    assert aec_snapshot(env) == before, f"{case.where(seed)}: a rejected dead step changed the env"
    for agent in env.agent_iter():
        assert env.terminations[agent]
        env.step(None)
    assert env.agents == []
    for action in (None, 0):
        with pytest.raises(GameOverError):
            env.step(action)
    # and the env starts over after reset
    env.reset(seed=seed)
    assert env.agents == env.possible_agents and not any(env.terminations.values())
    env.step(aec_random_action(env, rng))


# ============================================================================ hidden information


def test_determinize_keeps_what_the_seat_knows(case):
    n = case.num_players
    for seed in case.seeds("hidden", HIDDEN_GAMES):
        rng = np.random.default_rng(seed)
        state = case.new_state(seed)
        played_one = [False]

        def probe(state: State, step: int, seed=seed, rng=rng, played_one=played_one) -> bool:
            if step % HIDDEN_EVERY:
                return False
            before = case.snapshot(state)
            observations = before[2]
            for seat in range(n):
                for k in range(DETERMINIZE_RNGS):
                    det_seed = int(rng.integers(2**31))
                    context = f"{case.where(seed, step, seat=seat, determinize_seed=det_seed)}"
                    det = state.determinize(seat, np.random.default_rng(det_seed))
                    assert det is not state
                    seen = det.observation(seat)
                    diff = np.flatnonzero(seen != observations[seat])
                    assert diff.size == 0, (
                        f"{context}: determinize changed the seat's own observation at "
                        f"{[case.segment_at(i) for i in diff[:8]]}"
                    )
                    assert det.current_player == state.current_player, f"{context}: current_player changed"
                    if seat == state.current_player:
                        assert np.array_equal(det.legal_action_mask(), before[1]), (
                            f"{context}: the deciding seat's mask differs in its determinization"
                        )
                    det.check_invariants()
                    if not played_one[0] and k == 0 and seat == n - 1:
                        # a determinization is a playable game of its own
                        played_one[0] = True
                        case.play(det, np.random.default_rng(det_seed), det_seed, start_step=step,
                                  after=lambda s, _step: s.check_invariants())
                        check_final_state(case, det, f"{context} (determinization played out)")
                case.assert_unchanged(state, before, f"{case.where(seed, step, seat=seat)}: determinize")
            return False

        case.play(state, rng, seed, stop=probe)
        assert played_one[0]


def test_determinize_depends_only_on_what_the_seat_knows(case):
    """Two states a seat cannot tell apart determinize identically under the same rng: the
    resample is a function of the seat's information set, so a policy that knows its own rng
    learns nothing from the sample about how the hidden cards really lie."""
    n = case.num_players
    for seed in case.seeds("information-set", 1):
        rng = np.random.default_rng(seed)
        state = case.new_state(seed)

        def probe(state: State, step: int, seed=seed, rng=rng) -> bool:
            if step % HIDDEN_EVERY:
                return False
            for seat in range(n):
                first, second = (state.determinize(seat, np.random.default_rng(int(rng.integers(2**31))))
                                 for _ in range(2))
                assert np.array_equal(first.observation(seat), second.observation(seat))
                again = int(rng.integers(2**31))
                a = first.determinize(seat, np.random.default_rng(again))
                b = second.determinize(seat, np.random.default_rng(again))
                assert a.state_hash() == b.state_hash(), (
                    f"{case.where(seed, step, seat=seat, determinize_seed=again)}: the same rng "
                    "resampled two indistinguishable states differently"
                )
            return False

        case.play(state, rng, seed, stop=probe)


def test_render_text_shows_only_what_the_seat_knows(case):
    """``render_text()`` is the same for every determinization (nothing hidden in it) and
    ``render_text(seat)`` is the same for every determinization by that seat."""
    n = case.num_players
    for seed in case.seeds("render-hidden", 1):
        rng = np.random.default_rng(seed)
        state = case.new_state(seed)

        def probe(state: State, step: int, seed=seed, rng=rng) -> bool:
            if step % HIDDEN_EVERY:
                return False
            public = state.render_text()
            for seat in range(n):
                det = state.determinize(seat, np.random.default_rng(int(rng.integers(2**31))))
                where = case.where(seed, step, seat=seat)
                assert det.render_text() == public, f"{where}: render_text() shows hidden information"
                assert det.render_text(seat) == state.render_text(seat), (
                    f"{where}: render_text({seat}) shows what seat {seat} cannot know"
                )
            return False

        case.play(state, rng, seed, stop=probe)


# ============================================================================ AEC rewards


@pytest.mark.parametrize("reward", ["win_loss", "rank", "score"])
def test_aec_rewards(case, reward):
    n = case.num_players
    for seed in case.seeds(f"rewards-{reward}", REWARD_GAMES):
        rng = np.random.default_rng(seed)
        env = case.make_env(reward=reward)
        env.reset(seed=seed)
        state = env.unwrapped.game_state
        agents = list(env.possible_agents)
        seat_of = {agent: seat for seat, agent in enumerate(agents)}
        pending = dict.fromkeys(agents, 0.0)  # rewards owed to each agent since it last acted
        totals = np.zeros(n)
        initial_scores = np.asarray(state.scores(), dtype=np.float64)[:n].copy()
        ended = False
        visited_after_end: list[str] = []
        step = 0
        for agent in env.agent_iter():
            where = case.where(seed, step, agent=agent, reward=reward)
            _, last_reward, terminated, truncated, _ = env.last()
            assert last_reward == pytest.approx(pending[agent]), (
                f"{where}: last() reward {last_reward}, expected {pending[agent]}"
            )
            assert env._cumulative_rewards[agent] == pytest.approx(pending[agent])
            assert not truncated
            if ended:
                assert terminated, f"{where}: game over but {agent} not terminated"
                visited_after_end.append(agent)
                env.step(None)
                continue
            assert not terminated, f"{where}: terminated before the game ended"
            for other in env.agents:
                if other != agent:
                    assert not env.observe(other)["action_mask"].any(), (
                        f"{where}: {other} has a non-zero mask while {agent} is selected"
                    )
            action = aec_random_action(env, rng)
            scores_before = np.asarray(state.scores(), dtype=np.float64)[:n].copy()
            env.step(action)
            step += 1
            pending[agent] = 0.0
            assert set(env.rewards) == set(agents), f"{where}: rewards keys {set(env.rewards)}"
            for other, value in env.rewards.items():
                pending[other] += value
                totals[seat_of[other]] += value
            got = np.array([env.rewards[a] for a in agents])
            if state.is_terminal():
                ended = True
                assert all(env.terminations[a] for a in agents), (
                    f"{where}: the step that ended the game did not terminate everyone: {env.terminations}"
                )
                assert not any(env.truncations.values())
            else:
                assert not any(env.terminations.values()), f"{where}: terminations before the end"
            if reward == "score":
                scale = case.game.score_scale
                gain = (np.asarray(state.scores(), dtype=np.float64)[:n] - scores_before) / scale
                np.testing.assert_allclose(got, gain, err_msg=f"{where}: score reward is not the scaled gain")
            elif state.is_terminal():
                expected = (expected_win_loss if reward == "win_loss" else expected_rank_returns)(
                    tuple(state.placements())
                )
                np.testing.assert_allclose(got, expected, err_msg=f"{where}: terminal rewards")
            else:
                assert not got.any(), f"{where}: non-zero {reward} reward {got} before the end"
        assert ended, f"{case.where(seed)}: agent_iter stopped before the game ended"
        assert sorted(visited_after_end) == sorted(agents), (
            f"{case.where(seed)}: after the end agent_iter visited {visited_after_end}, expected each agent once"
        )
        assert env.agents == []
        if reward == "score":
            final = np.asarray(state.scores(), dtype=np.float64)[:n]
            np.testing.assert_allclose(totals, (final - initial_scores) / case.game.score_scale)
        elif reward == "win_loss":
            np.testing.assert_allclose(totals, state.returns())
        else:
            np.testing.assert_allclose(totals, state.rank_returns())


def test_max_steps_truncates(case):
    seed = case.seeds("max-steps", 1)[0]
    rng = np.random.default_rng(seed)
    env = case.make_env(max_steps=MAX_STEPS_LIMIT)
    for _ in range(2):  # and again after a reset
        env.reset(seed=seed)
        for step in range(MAX_STEPS_LIMIT):
            where = case.where(seed, step)
            assert not any(env.truncations.values()), f"{where}: truncated before max_steps"
            assert not any(env.terminations.values()), f"{where}: game ended before max_steps (lower it)"
            env.step(aec_random_action(env, rng))
        where = case.where(seed, MAX_STEPS_LIMIT)
        assert not env.unwrapped.game_state.is_terminal()
        assert set(env.truncations) == set(env.possible_agents)
        assert all(env.truncations.values()), f"{where}: not all truncated: {env.truncations}"
        assert not any(env.terminations.values()), f"{where}: truncation set terminations: {env.terminations}"
        seen = []
        for agent in env.agent_iter():
            _, _, terminated, truncated, _ = env.last()
            assert truncated and not terminated, f"{where}: {agent} last() after truncation"
            seen.append(agent)
            env.step(None)
        assert sorted(seen) == sorted(env.possible_agents) and env.agents == []
        with pytest.raises(GameOverError):
            env.step(None)


# ============================================================================ text and state vector


def test_describe_render_and_state_vector(case, capsys):
    env = case.make_env(render_mode="ansi")
    for seed in case.seeds("describe", DESCRIBE_GAMES):
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        step = 0
        while env.agents and not any(env.terminations.values()):
            state = env.unwrapped.game_state
            where = case.where(seed, step)
            for action in np.flatnonzero(state.legal_action_mask()):
                text = state.describe_action(int(action))
                assert isinstance(text, str) and text.strip(), (
                    f"{where}: describe_action({action}) = {text!r} in decision {state.decision_name()!r}"
                )
            board = state.render_text()
            assert isinstance(board, str) and board.strip(), f"{where}: render_text() empty"
            rendered = env.render()
            assert isinstance(rendered, str) and rendered.strip(), f"{where}: ansi render() gave {rendered!r}"
            vector = env.state()
            assert isinstance(vector, np.ndarray) and vector.shape == env.state_space.shape, (
                f"{where}: state() shape {getattr(vector, 'shape', None)} vs state_space {env.state_space.shape}"
            )
            assert vector.dtype == np.float32 and env.state_space.contains(vector), (
                f"{where}: state() outside state_space"
            )
            env.step(aec_random_action(env, rng))
            step += 1
        state = env.unwrapped.game_state
        assert state.is_terminal()
        assert state.render_text().strip() and env.render().strip(), "render of a finished game is empty"
    human = case.make_env(render_mode="human")
    human.reset(seed=0)
    capsys.readouterr()
    assert human.render() is None
    assert capsys.readouterr().out.strip(), "render_mode='human' printed nothing"


# ============================================================================ bad config


def _raises_config_error(build, *, exc=ConfigError, names: tuple[str, ...]):
    with pytest.raises(exc) as info:
        build()
    message = str(info.value)
    for name in names:
        assert name in message, f"{exc.__name__} message does not name {name!r}: {message!r}"
    return info.value


@pytest.mark.parametrize("env_id", gnome_envs.ENV_IDS)
def test_bad_player_counts(env_id):
    counts = get_spec(env_id).player_counts
    bad = [n for n in range(max(counts) + 2) if n not in counts]
    assert bad
    for n in bad:
        for build in (gnome_envs.make, make_game, gnome_envs.SingleAgentEnv):
            _raises_config_error(lambda b=build, n=n: b(env_id, num_players=n), names=("num_players",))


@pytest.mark.parametrize("env_id", gnome_envs.ENV_IDS)
def test_unknown_config_keyword(env_id):
    n = get_spec(env_id).player_counts[0]
    _raises_config_error(lambda: gnome_envs.make(env_id, num_players=n, no_such_option=1), names=("no_such_option",))
    _raises_config_error(lambda: make_game(env_id, num_players=n, colour_blind=True), names=("colour_blind",))


@pytest.mark.parametrize("env_id", gnome_envs.ENV_IDS)
def test_wrong_config_types(env_id):
    spec = get_spec(env_id)
    n = spec.player_counts[0]
    for wrong in (str(n), float(n), True, None):
        _raises_config_error(lambda w=wrong: gnome_envs.make(env_id, num_players=w), names=("num_players",))
    for variant in spec.variants:
        for key, value in variant:
            wrongs = [object()] + ([] if isinstance(value, str) else [f"{value}"])
            for wrong in wrongs:
                _raises_config_error(
                    lambda k=key, w=wrong: gnome_envs.make(env_id, num_players=n, **{k: w}), names=(key,)
                )


@pytest.mark.parametrize("env_id", gnome_envs.ENV_IDS)
@pytest.mark.parametrize(
    "option, value",
    [("reward", "points"), ("illegal_action", "ignore"), ("max_steps", 0), ("max_steps", "10"),
     ("render_mode", "rgb_array")],
)
def test_bad_adapter_options(env_id, option, value):
    n = get_spec(env_id).player_counts[0]
    _raises_config_error(lambda: gnome_envs.make(env_id, num_players=n, **{option: value}), names=(option,))


def test_unknown_env_id():
    for build in (
        lambda: gnome_envs.make("no_such_game_v0"),
        lambda: make_game("no_such_game_v0", num_players=2),
        lambda: get_spec("no_such_game_v0"),
        lambda: gnome_envs.SingleAgentEnv("no_such_game_v0"),
    ):
        err = _raises_config_error(build, exc=UnknownEnvError, names=("no_such_game_v0",))
        assert isinstance(err, ConfigError)
