"""Engine contracts: clones, determinism and replays, golden replays and outcomes, pickle and deepcopy.

Clones taken mid-game are independent of the original and of each other; recorded replays
reproduce hash for hash in-process and in a subprocess with another ``PYTHONHASHSEED``; the
stored golden replays (``tests/data/golden``) still reproduce, none is stale, and a divergence
is reported at its step; AEC envs pickled or deep-copied mid-game play on exactly like the
original without touching it.
"""

from __future__ import annotations

import copy
import os
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import gnome_envs
from gnome_envs.core.engine import State
from gnome_envs.core.registry import make_game
from gnome_envs.core.replay import Recorder, Replay, verify

from .helpers import (
    CLONE_GAMES,
    CLONE_POINTS,
    PICKLE_GAMES,
    REPLAY_GAMES,
    aec_play,
    aec_random_action,
    check_final_state,
)

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
        # a different seed starts a different game
        assert Recorder(case.env_id, seed + 1, **case.config).hashes[0] != replay.hashes[0], (
            f"{case.where(seed)}: seeds {seed} and {seed + 1} give the same initial state hash"
        )
        # JSON round trip, then verify in-process: the same seed and actions give the same hash
        # chain (verify replays them and compares every step's hash)
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
        cwd=Path(__file__).resolve().parents[2],
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


OUTCOME_HINT = (
    "The outcome of the scripted game changed: a rule, a values table or the scripted agent. If "
    "that was deliberate, bump the env version (for a rule or value) and regenerate with "
    "`python -m tests.golden`; otherwise it is a regression."
)


def outcome_divergence(stored: dict | None, played: dict) -> str | None:
    """None if the stored scripted outcome equals the one played now, else what differs."""
    if stored is None:
        return "no stored outcome: record it deliberately with `python -m tests.golden`"
    changed = [key for key in sorted(set(stored) | set(played)) if stored.get(key) != played.get(key)]
    if not changed:
        return None
    return "; ".join(f"{key}: stored {stored.get(key)!r}, now {played.get(key)!r}" for key in changed)


def test_golden_outcome(case, golden_module):
    """The scripted agent's game on the golden seed ends as recorded (values random play misses)."""
    played = golden_module.scripted_outcome(case.env_id, case.config)
    problem = outcome_divergence(golden_module.load_outcomes().get(case.id), played)
    if problem is not None:
        pytest.fail(f"GOLDEN OUTCOME {case.id}: {problem}. {OUTCOME_HINT}")


def test_no_stale_golden_outcomes(golden_module):
    known = {golden_module.case_id(env_id, config) for env_id, config in golden_module.all_cases()}
    stale = sorted(set(golden_module.load_outcomes()) - known)
    assert not stale, f"scripted outcomes of unregistered configs: {stale}; `python -m tests.golden --prune`"


def test_outcome_divergence_names_what_changed():
    played = {"seed": 1, "decisions": 90, "actions_sha256": "ab", "scores": [30.0, 28.0], "truncated_by": None}
    assert outcome_divergence(dict(played), played) is None
    moved = outcome_divergence({**played, "scores": [30.0, 27.0]}, played)
    assert moved is not None and "scores" in moved and "27.0" in moved and "decisions" not in moved
    assert "no stored outcome" in outcome_divergence(None, played)


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
