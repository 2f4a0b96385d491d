"""TorchRL drives every env unmodified through its PettingZoo wrapper (``use_mask=True``): its spec
check passes, and a random rollout under the action mask plays a whole game that ends by the
rules, one agent acting per step with a legal action, the final rewards the env's own."""

from __future__ import annotations

import multiprocessing

import pytest
import torch

_START_METHOD = multiprocessing.get_start_method(allow_none=True)
from torchrl.envs.libs.pettingzoo import PettingZooWrapper  # noqa: E402
from torchrl.envs.utils import check_env_specs  # noqa: E402

import gnome_envs  # noqa: E402

# importing torchrl sets the process's multiprocessing start method to "spawn": the tests that
# share this worker process keep the one they had
multiprocessing.set_start_method(_START_METHOD, force=True)

PLAYERS = 2


@pytest.mark.filterwarnings("ignore:PettingZoo in TorchRL is tested using version:UserWarning")
@pytest.mark.parametrize("env_id", gnome_envs.ENV_IDS)
def test_torchrl_wrapper_plays_a_whole_game_under_the_mask(env_id: str) -> None:
    env = gnome_envs.make(env_id, num_players=PLAYERS)
    wrapped = PettingZooWrapper(env=env, use_mask=True, categorical_actions=True, seed=0)
    check_env_specs(wrapped)
    torch.manual_seed(0)
    rollout = wrapped.rollout(env.max_steps, break_when_any_done=True)
    assert sorted(wrapped.group_map) == env.possible_agents
    turns = torch.zeros(len(rollout), dtype=torch.int64)
    for agent in env.possible_agents:
        steps = rollout[agent]
        acted = steps["mask"].reshape(-1)
        actions = steps["action"].reshape(-1)[acted]
        masks = steps["action_mask"].reshape(len(rollout), -1)[acted]
        assert masks[torch.arange(len(actions)), actions].all(), "every action the agent took was legal"
        turns += acted
    assert (turns == 1).all() and len(rollout) == env.num_steps  # one agent a step, every step played
    assert env.unwrapped.game_state.is_terminal() and not any(env.truncations.values())
    final = rollout[-1]["next"]
    assert {agent: float(final[agent]["reward"].sum()) for agent in env.possible_agents} == env.rewards
    assert bool(final["done"].all())
