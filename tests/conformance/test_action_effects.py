"""The ``action_effects`` observation option, in every game that has it: the rows are appended
after the table, describe only the deciding seat's legal actions, and change no rule (each game's
own tests check what its rows say)."""

from __future__ import annotations

import importlib

import numpy as np
import pytest

import gnome_envs
from gnome_envs.core.errors import ConfigError

# env -> (module of its rows, a player count to test, game seed)
ROW_GAMES = {
    "mighty_gnomes_v1": ("gnome_envs.mighty_gnomes.action_effects", 3, 4),
    "dwarfs_fall_v6": ("gnome_envs.dwarfs_fall.action_effects", 2, 4),
    "rise_of_the_gnomes_v1": ("gnome_envs.rise_of_the_gnomes.action_effects", 2, 3),
}
STEPS = 150


def effect_rows(env_id: str):
    """The game's ``effect_rows(state, seat)``."""
    return importlib.import_module(ROW_GAMES[env_id][0]).effect_rows


@pytest.mark.parametrize("env_id", sorted(ROW_GAMES))
def test_action_effects_option_appends_the_rows_to_the_observation(env_id):
    _, players, seed = ROW_GAMES[env_id]
    plain = gnome_envs.make(env_id, num_players=players)
    rich = gnome_envs.make(env_id, num_players=players, action_effects=True)
    plain.reset(seed=seed)
    rich.reset(seed=seed)
    game = rich.unwrapped.game
    size = plain.unwrapped.game.observation_size
    rows_size = game.observation_size - size
    assert rich.observation_space("player_0")["observation"].shape == (game.observation_size,)
    assert game.segment("action_effects").start == size and rows_size % game.action_effect_width == 0
    rows_of = effect_rows(env_id)
    filled = 0
    for step in range(STEPS):
        agent = rich.agent_selection
        if rich.terminations[agent] or rich.truncations[agent]:
            break
        seen = rich.observe(agent)
        np.testing.assert_array_equal(seen["observation"][:size], plain.observe(agent)["observation"])
        state = rich.unwrapped.game_state
        rows = seen["observation"][size:].reshape(-1, game.action_effect_width)
        np.testing.assert_array_equal(rows, rows_of(state, state.current_player))
        filled += bool(rows.any())
        for index in np.flatnonzero(rows.any(axis=1)):  # rows only for legal actions
            assert seen["action_mask"][game.action_effect_first + index] == 1
        for other in rich.agents:  # and only in the deciding seat's observation
            if other != agent:
                assert not rich.observe(other)["observation"][size:].any(), f"step {step}: rows for {other}"
        legal = np.flatnonzero(seen["action_mask"])
        action = int(legal[(step * 7) % len(legal)])
        rich.step(action)
        plain.step(action)
    assert filled > 0


@pytest.mark.parametrize("value", ["yes", 1, None])
@pytest.mark.parametrize("env_id", sorted(ROW_GAMES))
def test_action_effects_must_be_a_bool(env_id, value):
    with pytest.raises(ConfigError, match="action_effects must be True or False"):
        gnome_envs.make(env_id, action_effects=value)


@pytest.mark.parametrize("env_id", sorted(ROW_GAMES))
def test_action_effects_leave_the_state_hash_and_the_rules_alone(env_id):
    """The option is an observation option: the same game gives the same states with and without it."""
    _, players, seed = ROW_GAMES[env_id]
    plain = gnome_envs.make(env_id, num_players=players).unwrapped.game.new_state(seed)
    rich = gnome_envs.make(env_id, num_players=players, action_effects=True).unwrapped.game.new_state(seed)
    rng = np.random.default_rng(seed)
    for _ in range(300):
        assert plain.state_hash() == rich.state_hash() and plain.legal_actions() == rich.legal_actions()
        if plain.is_terminal():
            break
        action = plain.legal_actions()[rng.integers(len(plain.legal_actions()))]
        plain.apply(action)
        rich.apply(action)
    assert repr(plain.game.config) == repr(rich.game.config)
