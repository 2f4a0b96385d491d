"""The envs as other libraries' users reach them: PettingZoo's registry and its SB3 tutorial
pattern, gymnasium's and SB3's checkers on the bare gymnasium ids, the Dict observation mode,
``max_cycles`` and the list of accepted options."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pettingzoo
import pettingzoo.utils
import pytest
from gymnasium.utils.env_checker import check_env as gymnasium_check_env

import gnome_envs
from gnome_envs import ConfigError
from gnome_envs.core.registry import get_spec

ENV_IDS = gnome_envs.ENV_IDS
HAS_PETTINGZOO_REGISTRY = hasattr(pettingzoo, "register") and hasattr(pettingzoo, "aec_registry")
TUTORIAL_STEPS = 128


@pytest.mark.skipif(not HAS_PETTINGZOO_REGISTRY, reason="this PettingZoo version has no env registry (1.27+)")
@pytest.mark.parametrize("env_id", ENV_IDS)
def test_pettingzoo_registry_makes_every_env(env_id):
    registry_id = gnome_envs.pettingzoo_id(env_id)
    env = pettingzoo.make("aec", registry_id)
    assert isinstance(env, gnome_envs.GnomeAECEnv) and env.metadata["name"] == env_id
    assert env.max_steps == get_spec(env_id).max_steps
    underscored = pettingzoo.make("aec", registry_id.replace("-v", "_v"), max_cycles=40)
    assert underscored.max_steps == 40
    n = get_spec(env_id).player_counts[-1]
    assert pettingzoo.make("aec", registry_id, num_players=n).num_agents == n


class MaskedSingleView(pettingzoo.utils.BaseWrapper, gymnasium.Env):
    """The PettingZoo SB3 tutorial's wrapper shape: one policy plays every seat of an AEC env."""

    def reset(self, seed=None, options=None):
        super().reset(seed, options)
        self.observation_space = super().observation_space(self.possible_agents[0])["observation"]
        self.action_space = super().action_space(self.possible_agents[0])
        return self.observe(self.agent_selection), {}

    def step(self, action):
        acting = self.agent_selection
        super().step(action)
        return (self.observe(self.agent_selection), self._cumulative_rewards[acting],
                self.terminations[acting], self.truncations[acting], self.infos[acting])

    def observe(self, agent):
        return super().observe(agent)["observation"]

    def action_mask(self):
        return super().observe(self.agent_selection)["action_mask"]


@pytest.mark.skipif(not HAS_PETTINGZOO_REGISTRY, reason="this PettingZoo version has no env registry (1.27+)")
@pytest.mark.parametrize("env_id", ENV_IDS)
def test_pettingzoo_sb3_tutorial_pattern_trains(env_id):
    import torch
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
    from sb3_contrib.common.wrappers import ActionMasker

    torch.set_num_threads(1)
    env = MaskedSingleView(pettingzoo.make("aec", gnome_envs.pettingzoo_id(env_id)))
    env.reset(seed=0)
    env = ActionMasker(env, lambda e: e.action_mask())
    model = MaskablePPO(MaskableActorCriticPolicy, env, n_steps=64, batch_size=32, n_epochs=1, seed=0,
                        device="cpu", policy_kwargs={"net_arch": [32]})
    model.learn(total_timesteps=TUTORIAL_STEPS)
    assert model.num_timesteps >= TUTORIAL_STEPS


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_checkers_pass_on_the_bare_gymnasium_id(env_id):
    """gymnasium's and SB3's checkers sample unmasked actions: the ids default to "terminate"."""
    from stable_baselines3.common.env_checker import check_env as sb3_check_env

    gym_id = get_spec(env_id).gym_id
    env = gymnasium.make(gym_id)
    assert env.unwrapped.illegal_action == "terminate"
    assert env.spec.max_episode_steps == get_spec(env_id).max_steps
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        gymnasium_check_env(env.unwrapped)
        sb3_check_env(gymnasium.make(gym_id))
        sb3_check_env(gymnasium.make(gym_id, observation_mode="dict"))


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_dict_observation_mode_carries_the_mask(env_id):
    env = gymnasium.make(get_spec(env_id).gym_id, observation_mode="dict", illegal_action="raise")
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs)
    assert np.array_equal(obs["action_mask"], info["action_mask"])
    assert np.array_equal(obs["action_mask"].astype(bool), env.get_wrapper_attr("action_masks")())
    action = int(np.flatnonzero(obs["action_mask"])[0])
    obs, *_ = env.step(action)
    assert env.observation_space.contains(obs)
    with pytest.raises(ConfigError, match="observation_mode"):
        gymnasium.make(get_spec(env_id).gym_id, observation_mode="image")


def test_max_cycles_is_max_steps():
    env_id = ENV_IDS[0]
    assert gnome_envs.make(env_id, max_cycles=25).max_steps == 25
    assert gnome_envs.make(env_id, max_cycles=25, max_steps=25).max_steps == 25
    with pytest.raises(ConfigError, match="disagree"):
        gnome_envs.make(env_id, max_cycles=25, max_steps=30)
    single = gymnasium.make(get_spec(env_id).gym_id, max_cycles=12)
    assert single.unwrapped.max_steps == 12


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_unknown_option_lists_every_accepted_option(env_id):
    with pytest.raises(ConfigError) as error:
        gnome_envs.make(env_id, no_such_option=1)
    text = str(error.value)
    for option in ("num_players", "skip_forced", "render_mode", "reward", "illegal_action", "max_steps", "max_cycles"):
        assert option in text, f"{option} missing from: {text}"
    with pytest.raises(ConfigError) as error:
        gymnasium.make(get_spec(env_id).gym_id, no_such_option=1)
    for option in ("opponents", "seat", "observation_mode", "max_cycles", "num_players"):
        assert option in str(error.value)
