"""Illegal actions and finished games: rejected cleanly, leaving everything as it was.

Probes random points of random games with illegal actions (mask-0, out-of-range and negative
indices, floats, bools, None) through ``State.apply`` and ``env.step``: each must raise an
``IllegalActionError`` naming the decision and the legal choices and change nothing. Also covers
the ``illegal_action="terminate"`` mode and that finished games and dead agents reject actions.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from gnome_envs import GameOverError, IllegalActionError
from gnome_envs.core.engine import State

from .helpers import (
    AEC_ILLEGAL_POINTS,
    ILLEGAL_EVERY,
    ILLEGAL_GAMES,
    aec_play_running,
    aec_random_action,
    aec_snapshot,
    assert_aec_unchanged,
    bad_actions,
    observe_all,
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
    with pytest.raises(GameOverError):
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
