"""RLlib (Ray, new API stack) for every gnome env: a MultiAgentEnv, a masked PPO RLModule, a PPOConfig.

    from gnome_envs.integrations.rllib import GnomeMultiAgentEnv, ppo_config
    config = ppo_config({"env": "gnome_village_v1", "num_players": 3, "opponents": {2: "scripted"}},
                        policy="snapshots", num_env_runners=2)
    algo = config.build_algo(); algo.train()

Why a MultiAgentEnv over the game state (and not RLlib's PettingZooEnv or our SingleAgentEnv):
every seat not listed in ``opponents`` is an RLlib agent (``player_<seat>``), so one env serves
parameter-shared self-play (all seats learn), learner against frozen snapshots (the policy mapping
decides per episode) and learner against scripted agents (``opponents={seat: spec}``, played inside
``step`` with the same agent specs and helpers as :class:`~gnome_envs.SingleAgentEnv`; a list of
specs for a seat, ``{2: ["scripted", "random"]}``, draws one of them each episode). Only the
seat whose decision it is gets an observation; when the game ends every learning seat gets its
last observation and its reward. With ``seats="random"`` (default) the seat layout rotates by a
random offset every episode, so inside opponents and learning seats sit at every position, as the
learner's random seat does in SingleAgentEnv; one-player Rise of the Gnomes plays the Gnome Union.

Observation per agent: ``{"observation": float32 vector, "action_mask": int8 mask}`` (the AEC
env's Dict), read by :class:`MaskedPPOModule`. Illegal actions: RLlib's env pre-check samples
unmasked actions, so the env defaults to ``illegal_action="terminate"`` (the offender gets -1 and
the game ends, as with the gymnasium ids) instead of raising inside the env runner; the masked
module never plays one. Rewards: ``reward`` as in the AEC env (``win_loss`` by default; ``score``
pays every learning seat its score gain each step). ``max_steps`` counts learning-seat decisions
(default: the env's own cap) and truncates.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import torch
from gymnasium import spaces
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.core.columns import Columns
from ray.rllib.core.rl_module.apis.value_function_api import ValueFunctionAPI
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.core.rl_module.torch import TorchRLModule
from ray.rllib.env.multi_agent_env import MultiAgentEnv

from gnome_envs.core.aec import ILLEGAL_ACTION_PENALTY, SEED_BOUND, TRUNCATED_BY_MAX_STEPS, terminal_rewards
from gnome_envs.core.engine import State, validate_seed
from gnome_envs.core.errors import ConfigError, GameOverError, IllegalActionError, ResetNeededError
from gnome_envs.core.registry import make_game
from gnome_envs.core.single_agent import resolve_policy
from gnome_envs.integrations.rllib_config import (
    LEARNER_MODULE,
    POLICY_MODES,
    EnvConfig,
    agent_id,
    mapping_fn,
    module_ids,
    parse_env_config,
    seat_of,
    snapshot_id,
    trained_module,
)

MASKED_LOGIT = -1e9  # logit of an illegal action: probability 0, entropy stays finite (not -inf)
DEFAULT_HIDDEN = (256, 256)
Reply = tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, Any]]


class GnomeMultiAgentEnv(MultiAgentEnv):
    """RLlib MultiAgentEnv: learning seats are agents, ``opponents`` seats are played inside."""

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        super().__init__()
        self.config: EnvConfig = parse_env_config(config or {})
        self.game = make_game(self.config.env_id, **self.config.game_options)
        n = self.game.num_players
        # per inside seat: the policies one is drawn from each episode (most seats name one)
        self.inside_policies = {seat: tuple(resolve_policy(one, self.config.env_id)
                                            for one in (spec if isinstance(spec, tuple) else (spec,)))
                                for seat, spec in self.config.opponents.items()}
        self.possible_agents = [agent_id(seat) for seat in range(n)]
        self.agents = [agent_id(seat) for seat in self.config.learning_seats]
        space = spaces.Dict({"observation": spaces.Box(0.0, 1.0, (self.game.observation_size,), np.float32),
                             "action_mask": spaces.Box(0, 1, (self.game.num_actions,), np.int8)})
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.game.num_actions) for agent in self.possible_agents}
        self.game_state: State | None = None
        self.seat_policies: dict[int, Any] = {}  # this episode's inside seats
        self.num_steps = 0
        self._done = False
        self._scores = np.zeros(n)
        self._opponent_rng = np.random.default_rng()

    # ---------------------------------------------------------------- RLlib API
    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        """Start a game with a (rotated) seat layout; play inside seats up to a learning seat."""
        seed = validate_seed(seed)
        super().reset(seed=seed)
        n = self.game.num_players
        game_seed = seed if seed is not None else int(self.np_random.integers(SEED_BOUND))
        self._opponent_rng = np.random.default_rng(int(self.np_random.integers(SEED_BOUND)))
        offset = int(self.np_random.integers(n)) if self.config.seats == "random" else 0
        self.seat_policies = {(seat + offset) % n: self._draw(choices) for seat, choices in self.inside_policies.items()}
        self.agents = [agent_id(seat) for seat in range(n) if seat not in self.seat_policies]
        self.game_state = self.game.new_state(game_seed)
        self.num_steps = 0
        self._done = False
        self._play_inside()
        self._scores = self.game_state.scores().astype(np.float64)
        if self.game_state.is_terminal():
            raise GameOverError("the game ended before any learning seat decided")
        return {agent_id(self.game_state.current_player): self._observation(self.game_state.current_player)}, {}

    def step(self, action_dict: Mapping[str, Any]) -> Reply:
        """Play the deciding seat's action, then the inside seats until a learning seat decides."""
        state = self._state()
        if self._done:
            raise GameOverError("the episode has ended; call reset()")
        seat = state.current_player
        if agent_id(seat) not in action_dict:
            raise ConfigError(f"no action for {agent_id(seat)}, the seat to decide; got {sorted(action_dict)}")
        try:
            state.apply(action_dict[agent_id(seat)])
        except IllegalActionError:
            if self.config.illegal_action == "raise":
                raise
            rewards = {agent: 0.0 for agent in self.agents} | {agent_id(seat): ILLEGAL_ACTION_PENALTY}
            return self._finish(rewards, terminated=True, info={"illegal_action": agent_id(seat)})
        self.num_steps += 1
        self._play_inside()
        rewards = self._score_rewards()
        if state.is_terminal() and state.truncated_by is None:
            paid = terminal_rewards(state, self.config.reward)
            rewards = {agent: rewards[agent] + float(paid[seat_of(agent)]) for agent in rewards}
            return self._finish(rewards, terminated=True, info={"placements": list(state.placements())})
        limit = state.truncated_by
        if limit is None and self.config.max_steps is not None and self.num_steps >= self.config.max_steps:
            limit = TRUNCATED_BY_MAX_STEPS
        if limit is not None:
            return self._finish(rewards, terminated=False, info={"truncated_by": limit})
        current = state.current_player
        return ({agent_id(current): self._observation(current)}, rewards,
                {"__all__": False}, {"__all__": False}, {})

    # ---------------------------------------------------------------- helpers
    def _draw(self, choices: tuple[Any, ...]) -> Any:
        """This episode's policy of an inside seat: drawn from ``choices`` (no draw for one)."""
        return choices[0] if len(choices) == 1 else choices[int(self.np_random.integers(len(choices)))]

    def _state(self) -> State:
        if self.game_state is None:
            raise ResetNeededError("reset() must be called before using the environment")
        return self.game_state

    def _play_inside(self) -> None:
        from agents.base import choose_action

        state = self._state()
        while not state.is_terminal() and state.current_player in self.seat_policies:
            policy = self.seat_policies[state.current_player]
            state.apply(choose_action(policy, state, self._opponent_rng))

    def _score_rewards(self) -> dict[str, float]:
        """Each learning seat's score gain since the last step (score mode), else zeros."""
        if self.config.reward != "score":
            return {agent: 0.0 for agent in self.agents}
        scores = self._state().scores().astype(np.float64)
        gain, self._scores = scores - self._scores, scores
        seats = [seat_of(agent) for agent in self.agents]
        return {agent_id(seat): float(gain[seat] / self.game.score_scale) for seat in seats}

    def _observation(self, seat: int) -> dict[str, np.ndarray]:
        state = self._state()
        deciding = not self._done and seat == state.current_player
        mask = state.caller_action_mask() if deciding else np.zeros(self.game.num_actions, dtype=np.int8)
        return {"observation": state.observation(seat), "action_mask": mask}

    def _finish(self, rewards: dict[str, float], terminated: bool, info: dict[str, Any]) -> Reply:
        """The last reply of an episode: every learning seat observes and is paid."""
        self._done = True
        scores = self._state().scores().tolist()
        observations = {agent: self._observation(seat_of(agent)) for agent in self.agents}
        infos = {agent: {**info, "scores": scores} for agent in self.agents}
        return observations, rewards, {"__all__": terminated}, {"__all__": not terminated}, infos


def make_env(config: Mapping[str, Any]) -> GnomeMultiAgentEnv:
    """Env creator for ``ray.tune.register_env``: a GnomeMultiAgentEnv from a plain config dict."""
    return GnomeMultiAgentEnv(config)


# ---------------------------------------------------------------------------- RLModule
def mlp(inputs: int, hidden: Sequence[int], outputs: int) -> torch.nn.Sequential:
    """Linear-ReLU layers of sizes ``hidden`` between ``inputs`` and ``outputs``."""
    layers: list[torch.nn.Module] = []
    for size in hidden:
        layers += [torch.nn.Linear(inputs, size), torch.nn.ReLU()]
        inputs = size
    layers.append(torch.nn.Linear(inputs, outputs))
    return torch.nn.Sequential(*layers)


class MaskedPPOModule(TorchRLModule, ValueFunctionAPI):
    """Policy and value MLPs over ``observation``; illegal actions' logits set to ``MASKED_LOGIT``."""

    def setup(self) -> None:
        """Build the policy and value networks (``model_config["hidden"]``: layer sizes)."""
        size = int(self.observation_space["observation"].shape[0])
        hidden = tuple((self.model_config or {}).get("hidden", DEFAULT_HIDDEN))
        self.pi = mlp(size, hidden, int(self.action_space.n))
        self.vf = mlp(size, hidden, 1)

    def _forward(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """Masked action logits for sampling, inference and training."""
        obs = batch[Columns.OBS]
        logits = self.pi(obs["observation"])
        legal = obs["action_mask"] > 0
        return {Columns.ACTION_DIST_INPUTS: torch.where(legal, logits, torch.full_like(logits, MASKED_LOGIT))}

    def compute_values(self, batch: dict[str, Any], embeddings: Any = None) -> torch.Tensor:
        """State values from the value network (shape ``(B,)``)."""
        return self.vf(batch[Columns.OBS]["observation"]).squeeze(-1)


def module_spec(hidden: Sequence[int] = DEFAULT_HIDDEN) -> RLModuleSpec:
    """An RLModuleSpec of :class:`MaskedPPOModule` with hidden layer sizes ``hidden``."""
    return RLModuleSpec(module_class=MaskedPPOModule, model_config={"hidden": list(hidden)})


# ---------------------------------------------------------------------------- PPOConfig
def ppo_config(env_config: Mapping[str, Any], *, policy: str = "shared", pool_size: int = 3,
               num_env_runners: int = 0, seed: int = 0, train_batch_size: int = 4000,
               minibatch_size: int = 256, num_epochs: int = 10, lr: float = 3e-4,
               hidden: Sequence[int] = DEFAULT_HIDDEN) -> PPOConfig:
    """A PPOConfig (new API stack) training the masked module on ``GnomeMultiAgentEnv(env_config)``."""
    if policy not in POLICY_MODES:
        raise ConfigError(f"policy must be one of {POLICY_MODES}, got {policy!r}")
    checked = parse_env_config(env_config)
    ids = module_ids(policy, pool_size)
    spec = module_spec(hidden)
    return (
        PPOConfig()
        .environment(GnomeMultiAgentEnv, env_config=dict(env_config))
        .env_runners(num_env_runners=num_env_runners)
        .multi_agent(policies=set(ids), policies_to_train=[trained_module(policy)],
                     policy_mapping_fn=mapping_fn(policy, len(checked.learning_seats), pool_size, seed))
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={module: spec for module in ids}))
        .training(train_batch_size_per_learner=train_batch_size, minibatch_size=minibatch_size,
                  num_epochs=num_epochs, lr=lr)
        .debugging(seed=seed)
    )


def module_states(algo: Any, modules: Sequence[str]) -> dict[str, Any]:
    """The learner's weights of ``modules`` (module id -> state)."""
    path = [f"learner/rl_module/{module}" for module in modules]
    return algo.learner_group.get_state(components=path)["learner"]["rl_module"]


def load_modules(algo: Any, states: Mapping[str, Any]) -> None:
    """Set module weights on the learner and push them to every env runner."""
    algo.set_state({"learner_group": {"learner": {"rl_module": dict(states)}}})

    def load(runner: Any) -> None:  # pushed directly: the weights' sequence number has not moved
        for module, state in states.items():
            runner.module[module].set_state(state)
    algo.env_runner_group.foreach_env_runner(load, local_env_runner=algo.env_runner is not None)


def copy_to_snapshot(algo: Any, slots: Sequence[int]) -> None:
    """Copy the learner module's weights into the pool slots ``slots`` (learner and env runners)."""
    state = module_states(algo, [LEARNER_MODULE])[LEARNER_MODULE]
    load_modules(algo, {snapshot_id(slot): state for slot in slots})


__all__ = ["GnomeMultiAgentEnv", "MaskedPPOModule", "copy_to_snapshot", "load_modules", "make_env",
           "module_spec", "module_states", "ppo_config"]
