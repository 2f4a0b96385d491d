"""PettingZoo conformance: the api and seed tests, spaces and engine exposure, text and state.

Runs PettingZoo's own ``api_test`` (for every reward mode) and ``seed_test`` on each config,
checks the observation and action spaces, the observation layout and that the env drives the
same engine as ``make_game(...).new_state(seed)``, and that ``describe_action``, ``render``
(ansi and human) and the ``state()`` vector are well formed throughout a random game.
"""

from __future__ import annotations

import importlib

import numpy as np
import pytest
from gymnasium import spaces
from pettingzoo.test import api_test, seed_test

import gnome_envs
from gnome_envs.core.engine import State

from .helpers import (
    API_TEST_CYCLES,
    DESCRIBE_GAMES,
    SEED_TEST_CYCLES,
    aec_random_action,
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
            texts: dict[str, int] = {}
            for action in np.flatnonzero(state.legal_action_mask()):
                text = state.describe_action(int(action))
                assert isinstance(text, str) and text.strip(), (
                    f"{where}: describe_action({action}) = {text!r} in decision {state.decision_name()!r}"
                )
                # the choices of one decision read apart: a player can tell which is which
                assert text not in texts, (
                    f"{where}: actions {texts.get(text)} and {action} both read {text!r} in {state.decision_name()!r}"
                )
                texts[text] = int(action)
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
