"""Tests of the rollout search agent (``agents/rollout.py``) and the scripted agents' ``ranked``."""

from __future__ import annotations

import numpy as np
import pytest

import agents
import gnome_envs
from agents.base import choose_action
from agents.rollout import rollout_value
from gnome_envs.core.engine import State
from gnome_envs.core.errors import ConfigError
from gnome_envs.core.registry import get_spec

TINY_SPEC = "rollout:rounds=2:candidates=2:max_rollout=20"
DETERMINISTIC_SCRIPTED = ("battle_gnomes_v1", "gnome_village_v1", "mighty_gnomes_v1", "rise_of_the_gnomes_v1")
POSITIONS = 30  # scripted decisions checked per env
SEARCHED = 2  # searched decisions per env


def scripted_positions(env_id: str, count: int, seed: int = 0) -> list[State]:
    """Positions of a scripted self-play game with at least two legal actions (views of the mover)."""
    state = get_spec(env_id).make_game(num_players=2).new_state(seed=seed)
    scripted, rng = agents.make("scripted", env_id), np.random.default_rng(seed)
    found = []
    while not state.is_terminal() and len(found) < count:
        if len(state.legal_actions()) > 1:
            found.append(state.determinize(state.current_player, rng))
        state.apply(choose_action(scripted, state, rng))
    return found


@pytest.mark.parametrize("env_id", gnome_envs.ENV_IDS)
def test_scripted_ranked_orders_every_legal_action(env_id: str) -> None:
    scripted = agents.make("scripted", env_id)
    for view in scripted_positions(env_id, POSITIONS):
        ranked = scripted.ranked(view, view.current_player)
        assert sorted(ranked) == view.legal_actions()


@pytest.mark.parametrize("env_id", DETERMINISTIC_SCRIPTED)
def test_scripted_ranked_puts_its_own_choice_first(env_id: str) -> None:
    scripted, rng = agents.make("scripted", env_id), np.random.default_rng(0)
    compared = 0
    for view in scripted_positions(env_id, POSITIONS):
        ranked = scripted.ranked(view, view.current_player)
        if view.decision_name() == "race_pick":
            continue  # Rise's board side is drawn, not ranked
        assert ranked[0] == scripted.act(view, view.current_player, rng)
        compared += 1
    assert compared > 0


@pytest.mark.parametrize("env_id", gnome_envs.ENV_IDS)
def test_rollout_returns_legal_actions_in_every_env(env_id: str) -> None:
    policy = agents.make(TINY_SPEC, env_id)
    assert policy.name == "rollout" and policy.needs_state is True
    rng, searched = np.random.default_rng(0), 0
    for view in scripted_positions(env_id, POSITIONS):
        action = policy.act(view, view.current_player, rng)
        assert view.legal_action_mask()[action] == 1, view.describe_action(action)
        searched += policy.last_rounds > 0
        if searched == SEARCHED:
            break
    assert searched == SEARCHED


def test_rollout_is_deterministic_for_a_fixed_rng() -> None:
    view = scripted_positions("mighty_gnomes_v1", 5)[-1]
    seat = view.current_player
    picks = {agents.make(TINY_SPEC, "mighty_gnomes_v1").act(view.clone(), seat, np.random.default_rng(7))
             for _ in range(3)}
    assert len(picks) == 1


def test_rollout_with_one_candidate_plays_the_scripted_choice_unsearched() -> None:
    env_id = "gnome_village_v1"
    policy, scripted = agents.make("rollout:candidates=1", env_id), agents.make("scripted", env_id)
    for view in scripted_positions(env_id, 5):
        seat = view.current_player
        assert policy.act(view, seat, np.random.default_rng(0)) == scripted.ranked(view, seat)[0]
        assert policy.last_rounds == 0


def test_rollout_time_budget_runs_at_least_one_round() -> None:
    view = scripted_positions("battle_gnomes_v1", 3)[-1]
    policy = agents.make("rollout:seconds=0.01:max_rollout=5", "battle_gnomes_v1")
    action = policy.act(view, view.current_player, np.random.default_rng(0))
    assert view.legal_action_mask()[action] == 1 and policy.last_rounds >= 1


def test_rollout_value_mixes_win_share_and_lead() -> None:
    state = get_spec("mighty_gnomes_v1").make_game(num_players=2).new_state(seed=1)
    scripted, rng = agents.make("scripted", "mighty_gnomes_v1"), np.random.default_rng(1)
    values = [rollout_value(state, seat) for seat in range(2)]
    assert values == [0.5, 0.5]  # equal scores, nobody has won yet
    while not state.is_terminal():
        state.apply(choose_action(scripted, state, rng))
    winner = int(np.argmax(state.returns()[:2]))
    finished = [rollout_value(state, seat) for seat in range(2)]
    assert 0.5 < finished[winner] <= 1.0 and 0.0 <= finished[1 - winner] < 0.5


@pytest.mark.parametrize("spec, fragment", [
    ("rollout:rounds=0", "rollout parameter rounds"),
    ("rollout:candidates=0", "rollout parameter candidates"),
    ("rollout:seconds=0", "rollout parameter seconds"),
    ("rollout:max_rollout=-1", "rollout parameter max_rollout"),
    ("rollout:depth=3", "bad parameters"),
])
def test_rollout_rejects_bad_parameters(spec: str, fragment: str) -> None:
    with pytest.raises(ConfigError, match=fragment):
        agents.make(spec, "battle_gnomes_v1")
