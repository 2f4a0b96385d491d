"""The one PettingZoo AEC adapter shared by every game.

``GnomeAECEnv`` wraps a :class:`~gnome_envs.core.engine.Game` and drives its
:class:`~gnome_envs.core.engine.State`:

* agents ``player_0 ... player_{n-1}``; ``agent_selection`` is whoever the rules ask to decide,
  in turn or out of it;
* ``observe(agent)`` returns ``{"observation": float32 vector, "action_mask": int8 vector}``;
  the mask is non-zero only for ``agent_selection``;
* rewards arrive for every seat in the step that ends the game, and every termination is set
  in that same step. Reward modes: ``"win_loss"`` (winners share +1, others -1),
  ``"rank"`` (seats beaten minus seats beating you, over n-1) and ``"score"`` (victory-point
  gain per step divided by the game's ``score_scale``);
* an illegal action raises :class:`IllegalActionError` and changes nothing, or with
  ``illegal_action="terminate"`` gives the offender -1 and ends the game;
* ``max_steps`` (default: the game's own cap, ``EnvSpec.max_steps``; ``None`` for none)
  truncates, so that a game whose players never bring it to an end cannot run forever. A game
  stopped by a designed limit of its own (``State.truncated_by``) is a truncation too: every
  agent is truncated, ``infos[agent]["truncated_by"]`` names the limit, and nobody is paid a
  win or a loss. ``state()`` is a full-information vector;
* the engine is reachable as ``env.unwrapped.game`` and ``env.unwrapped.game_state``.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from gnome_envs.core.engine import Game, State, integer_value, validate_seed
from gnome_envs.core.errors import (
    ConfigError,
    GameOverError,
    IllegalActionError,
    ResetNeededError,
)

REWARD_MODES = ("win_loss", "rank", "score")
ILLEGAL_ACTION_MODES = ("raise", "terminate")
RENDER_MODES = ("ansi", "human", "rgb_array")
RENDER_FPS = 2  # frames per second of recorded videos (gymnasium RecordVideo, SB3 VecVideoRecorder)
ILLEGAL_ACTION_PENALTY = -1.0
SEED_BOUND = 2**63  # new game seeds are drawn below this bound
TRUNCATED_BY_MAX_STEPS = "max_steps"  # infos[agent]["truncated_by"] when the adapter's cap stops a game


class _SpecDefault:
    """The default of ``max_steps``: the cap the game's EnvSpec names."""

    def __repr__(self) -> str:
        return "<the env's default max_steps>"


SPEC_DEFAULT = _SpecDefault()


def resolve_max_steps(game: Game, max_steps: Any) -> int | None:
    """The step cap an adapter uses: ``max_steps`` as an int, None, or the game's default."""
    if max_steps is SPEC_DEFAULT:
        from gnome_envs.core.registry import get_spec

        return get_spec(game.env_id).max_steps
    return None if max_steps is None else int(max_steps)


def validate_adapter_options(
    reward: str, illegal_action: str, max_steps: Any, render_mode: str | None
) -> None:
    """Raise ConfigError for an unsupported adapter option."""
    if reward not in REWARD_MODES:
        raise ConfigError(f"reward must be one of {REWARD_MODES}, got {reward!r}")
    if illegal_action not in ILLEGAL_ACTION_MODES:
        raise ConfigError(
            f"illegal_action must be one of {ILLEGAL_ACTION_MODES}, got {illegal_action!r}"
        )
    if max_steps is not None and max_steps is not SPEC_DEFAULT:
        value = integer_value(max_steps)
        if value is None or value < 1:
            raise ConfigError(f"max_steps must be a positive integer or None, got {max_steps!r}")
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ConfigError(f"render_mode must be one of {RENDER_MODES} or None, got {render_mode!r}")


def terminal_rewards(state: State, reward: str) -> np.ndarray:
    """Per-seat reward paid in the step that ends the game (score mode pays per step)."""
    if reward == "win_loss":
        return state.returns()
    if reward == "rank":
        return state.rank_returns()
    return np.zeros(state.game.num_players)


class GnomeAECEnv(AECEnv):
    """PettingZoo AEC environment over any gnome_envs game."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "name": "gnome_envs",
        "is_parallelizable": False,
        "render_fps": RENDER_FPS,
    }

    def __init__(
        self,
        game: Game,
        render_mode: str | None = None,
        reward: str = "win_loss",
        illegal_action: str = "raise",
        max_steps: Any = SPEC_DEFAULT,
    ) -> None:
        validate_adapter_options(reward, illegal_action, max_steps, render_mode)
        super().__init__()
        self.game = game
        self.render_mode = render_mode
        self.reward_mode = reward
        self.illegal_action = illegal_action
        self.max_steps = resolve_max_steps(game, max_steps)
        self.metadata = {**GnomeAECEnv.metadata, "name": game.env_id}
        self.possible_agents = [f"player_{seat}" for seat in range(game.num_players)]
        self.agents = self.possible_agents[:]  # num_agents is known before the first reset
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {agent: self._make_observation_space() for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(game.num_actions) for agent in self.possible_agents}
        self.state_space = spaces.Box(0.0, 1.0, (game.state_size,), np.float32)
        self.game_state: State | None = None
        self._seed_rng: np.random.Generator | None = None
        self._zero_mask = np.zeros(game.num_actions, dtype=np.int8)
        self._last_scores = np.zeros(game.num_players)
        self._rewards_set = False
        self.num_steps = 0

    def _make_observation_space(self) -> spaces.Dict:
        return spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.game.observation_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.game.num_actions,), np.int8),
            }
        )

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space of ``agent`` (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The action space of ``agent`` (the same object on every call)."""
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ lifecycle
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a new game; ``seed`` fixes it, later unseeded resets continue deterministically."""
        seed = validate_seed(seed)  # before anything changes: a bad seed leaves the env as it was
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
            game_seed = seed
        else:
            if self._seed_rng is None:
                self._seed_rng = np.random.default_rng()
            game_seed = int(self._seed_rng.integers(SEED_BOUND))
        self.game_state = self.game.new_state(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.num_steps = 0
        self._rewards_set = False
        self._last_scores = self.game_state.scores()[: self.game.num_players].astype(np.float64)
        self.agent_selection = self.possible_agents[self.game_state.current_player]

    def _require_state(self) -> State:
        if self.game_state is None:
            raise ResetNeededError("reset() must be called before using the environment")
        return self.game_state

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """Observation vector and action mask of ``agent``."""
        state = self.game_state
        if state is None:
            state = self._require_state()  # raises
        seat = self._seat[agent]
        acting = agent == self.agent_selection and not (
            self.terminations.get(agent, True) or self.truncations.get(agent, True)
        )
        mask = state.caller_action_mask() if acting else self._zero_mask.copy()
        return {"observation": state.observation(seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play ``action`` for ``agent_selection``."""
        state = self.game_state
        if state is None:
            state = self._require_state()  # raises
        if not self.agents:
            raise GameOverError("the game is over and every agent has left; call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise GameOverError(
                    f"the game is over for {agent}: step(None) lets it leave, then call reset()"
                )
            self._was_dead_step(action)
            return
        try:
            state.apply(action)
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            self._terminate_for_illegal_action(agent)
            return
        self.num_steps += 1
        self._cumulative_rewards[agent] = 0.0
        over = state.is_terminal()
        if over or self._rewards_set or self.reward_mode == "score":  # else every reward stays zero
            self._assign_rewards(state, over)
        if over and state.truncated_by is None:
            self.terminations = {a: True for a in self.agents}
        elif over:
            self._truncate(state.truncated_by)
        elif self.max_steps is not None and self.num_steps >= self.max_steps:
            self._truncate(TRUNCATED_BY_MAX_STEPS)
        else:
            self.agent_selection = self.possible_agents[state.current_player]
        if self.render_mode == "human":
            self.render()

    def _truncate(self, reason: str) -> None:
        """Truncate every agent, naming the limit in its info."""
        self.truncations = {a: True for a in self.agents}
        for a in self.agents:
            self.infos[a] = {**self.infos[a], "truncated_by": reason}

    def _assign_rewards(self, state: State, over: bool) -> None:
        """Set this step's rewards and add them to the cumulative ones (PettingZoo semantics);
        ``step`` skips the call while every reward stays zero."""
        if self.reward_mode == "score":
            scores = state.scores()[: self.game.num_players].astype(np.float64)
            gains = (scores - self._last_scores) / self.game.score_scale
            self._last_scores = scores
        else:
            gains = terminal_rewards(state, self.reward_mode) if over else None
        for seat, name in enumerate(self.possible_agents):
            reward = float(gains[seat]) if gains is not None else 0.0
            self.rewards[name] = reward
            self._cumulative_rewards[name] += reward
        self._rewards_set = gains is not None

    def _terminate_for_illegal_action(self, agent: str) -> None:
        self._cumulative_rewards[agent] = 0.0
        for name in self.agents:
            self.rewards[name] = ILLEGAL_ACTION_PENALTY if name == agent else 0.0
            self.terminations[name] = True
        self.infos[agent] = {**self.infos[agent], "illegal_action": True}
        self._accumulate_rewards()

    # ------------------------------------------------------------------ extras
    def state(self) -> np.ndarray:
        """Full-information vector of the current position."""
        return self._require_state().state_vector()

    def render(self) -> str | np.ndarray | None:
        """The table: "ansi" returns text, "human" prints it, "rgb_array" returns an HxWx3 uint8 picture."""
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return self._require_state().render_picture()
        text = self._require_state().render_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
