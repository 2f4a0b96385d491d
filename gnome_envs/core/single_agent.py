"""Single-agent gymnasium adapter: one learner seat, the other seats played by policies.

``SingleAgentEnv(env_id, opponents="random", seat="random", **config)`` plays every opponent
decision inside ``step`` until the learner must decide again or the game ends. The learner's
terminal reward is paid in the step that ends the game even when an opponent's move ends it.
The action mask is served by ``action_masks()`` on the env itself, as sb3-contrib's
MaskablePPO and SubprocVecEnv expect. An illegal learner action raises and changes nothing,
or with ``illegal_action="terminate"`` ends the episode with reward -1 (for unmasked
algorithms and for gymnasium's ``check_env``, which samples actions without the mask).

Observation: the learner's float32 observation vector, or with ``observation_mode="dict"`` the
AEC env's ``{"observation": vector, "action_mask": int8 mask}``. Action: ``Discrete(num_actions)``.
``info`` carries ``learner_seat`` and ``action_mask`` (the learner's int8 mask, all zero once the
episode is over), and at the end ``scores`` and ``placements``. A game stopped
by ``max_steps`` (default: the game's own cap) or by a designed limit of the game is truncated
(``truncated=True``, ``info["truncated_by"]`` names the limit, no win or loss is paid); a step
after the episode ended, either way, raises :class:`GameOverError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces

from gnome_envs.core.aec import (
    ILLEGAL_ACTION_PENALTY,
    RENDER_FPS,
    RENDER_MODES,
    SEED_BOUND,
    SPEC_DEFAULT,
    TRUNCATED_BY_MAX_STEPS,
    resolve_max_steps,
    terminal_rewards,
    validate_adapter_options,
)
from gnome_envs.core.engine import State, integer_value, validate_seed
from gnome_envs.core.env_module import (
    ADAPTER_OPTIONS,
    MAX_STEPS_ALIAS,
    SINGLE_AGENT_OPTIONS,
    check_options,
    take_max_cycles,
)
from gnome_envs.core.errors import (
    ConfigError,
    GameOverError,
    IllegalActionError,
    ResetNeededError,
)
from gnome_envs.core.registry import get_spec, make_game

OBSERVATION_MODES = ("vector", "dict")  # the learner's observation: the vector, or vector + mask
OpponentSpec = Any  # a policy name, a policy object, or a sequence of them (one per other seat)


def resolve_policy(spec: Any, env_id: str) -> Any:
    """A policy object from a name or an object that already has ``act``."""
    if isinstance(spec, str):
        import agents  # local import: the agents package builds on gnome_envs.core

        return agents.make(spec, env_id)
    if hasattr(spec, "act") and hasattr(spec, "needs_state"):
        return spec
    raise ConfigError(f"an opponent must be an agent name or a policy with act(); got {spec!r}")


class SingleAgentEnv(gymnasium.Env):
    """gymnasium.Env with one learner seat; opponents act inside ``step``."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS}

    def __init__(
        self,
        env_id: str,
        opponents: OpponentSpec = "random",
        seat: int | str = "random",
        reward: str = "win_loss",
        illegal_action: str = "raise",
        max_steps: Any = SPEC_DEFAULT,
        render_mode: str | None = None,
        observation_mode: str = "vector",
        **config: Any,
    ) -> None:
        self.spec_entry = get_spec(env_id)
        check_options(env_id, config, (*ADAPTER_OPTIONS, *SINGLE_AGENT_OPTIONS))
        if MAX_STEPS_ALIAS in config:
            options = {"max_steps": max_steps, MAX_STEPS_ALIAS: config.pop(MAX_STEPS_ALIAS)}
            if options["max_steps"] is SPEC_DEFAULT:
                del options["max_steps"]
            take_max_cycles(options)
            max_steps = options["max_steps"]
        validate_adapter_options(reward, illegal_action, max_steps, render_mode)
        if observation_mode not in OBSERVATION_MODES:
            raise ConfigError(f"observation_mode must be one of {OBSERVATION_MODES}, got {observation_mode!r}")
        self.illegal_action = illegal_action
        self.env_id = env_id
        self.observation_mode = observation_mode
        self.game = make_game(env_id, **config)
        n = self.game.num_players
        seat_index = None if isinstance(seat, str) else integer_value(seat)
        if seat != "random" and (seat_index is None or not 0 <= seat_index < n):
            raise ConfigError(f"seat must be 'random' or an integer in [0, {n}), got {seat!r}")
        self.seat_choice = "random" if seat_index is None else seat_index
        self.opponents = self._resolve_opponents(opponents, n)
        self.reward_mode = reward
        self.max_steps = resolve_max_steps(self.game, max_steps)
        self.render_mode = render_mode
        vector = spaces.Box(0.0, 1.0, (self.game.observation_size,), np.float32)
        self.observation_space = vector if observation_mode == "vector" else spaces.Dict(
            {"observation": vector, "action_mask": spaces.Box(0, 1, (self.game.num_actions,), np.int8)}
        )
        self.action_space = spaces.Discrete(self.game.num_actions)
        self.game_state: State | None = None
        self.learner_seat = 0
        self.num_steps = 0
        self._opponent_rng = np.random.default_rng()
        self._ended_by_illegal_action = False
        self._truncated_by: str | None = None

    def _resolve_opponents(self, opponents: OpponentSpec, n: int) -> list[Any]:
        if isinstance(opponents, (str, bytes)) or not isinstance(opponents, Sequence):
            return [resolve_policy(opponents, self.env_id)] * (n - 1)  # checked even for 0 opponents
        if len(opponents) != n - 1:
            raise ConfigError(f"need {n - 1} opponents for {n} players, got {len(opponents)}")
        return [resolve_policy(spec, self.env_id) for spec in opponents]

    def set_opponents(self, opponents: OpponentSpec) -> None:
        """Replace the opponent policies (takes effect immediately)."""
        self.opponents = self._resolve_opponents(opponents, self.game.num_players)

    def _opponent_for(self, seat: int) -> Any:
        index = seat if seat < self.learner_seat else seat - 1
        return self.opponents[index]

    # ---------------------------------------------------------------- gymnasium API
    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict]:
        """Start a game, play opponents up to the learner's first decision."""
        seed = validate_seed(seed)  # before anything changes: a bad seed leaves the env as it was
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(SEED_BOUND))
        self._opponent_rng = np.random.default_rng(int(self.np_random.integers(SEED_BOUND)))
        n = self.game.num_players
        if self.seat_choice == "random":
            self.learner_seat = int(self.np_random.integers(n))
        else:
            self.learner_seat = int(self.seat_choice)
        self.game_state = self.game.new_state(game_seed)
        self.num_steps = 0
        self._ended_by_illegal_action = False
        self._truncated_by = None
        self._play_opponents()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict]:
        """Play the learner's action, then the opponents' until the learner decides again."""
        state = self._state()
        if state.is_terminal() or self._ended_by_illegal_action or self._truncated_by is not None:
            raise GameOverError("the episode has ended; call reset()")
        before = self._learner_score()
        try:
            state.apply(action)
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            self._ended_by_illegal_action = True
            info = {**self._info(), "illegal_action": True}
            return self._observation(), ILLEGAL_ACTION_PENALTY, True, False, info
        self.num_steps += 1
        self._play_opponents()
        if state.is_terminal() and state.truncated_by is not None:
            self._truncated_by = state.truncated_by
        elif not state.is_terminal() and self.max_steps is not None and self.num_steps >= self.max_steps:
            self._truncated_by = TRUNCATED_BY_MAX_STEPS
        truncated = self._truncated_by is not None
        terminated = state.is_terminal() and not truncated
        if self.reward_mode == "score":
            reward = (self._learner_score() - before) / self.game.score_scale
        elif terminated:
            reward = float(terminal_rewards(state, self.reward_mode)[self.learner_seat])
        else:
            reward = 0.0
        if self.render_mode == "human":
            print(state.render_text())
        return self._observation(), float(reward), terminated, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """Boolean mask of the learner's legal actions (all False once the episode is over)."""
        mask = self._state().legal_action_mask().astype(bool)
        if self._ended_by_illegal_action or self._truncated_by is not None:
            mask[:] = False
        return mask

    def render(self) -> str | np.ndarray | None:
        """The table: "ansi" returns text, "human" prints it, "rgb_array" returns an HxWx3 uint8 picture."""
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return self._state().render_picture()
        text = self._state().render_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # ---------------------------------------------------------------- helpers
    def _state(self) -> State:
        if self.game_state is None:
            raise ResetNeededError("reset() must be called before using the environment")
        return self.game_state

    def _play_opponents(self) -> None:
        from agents.base import choose_action

        state = self._state()
        while not state.is_terminal() and state.current_player != self.learner_seat:
            policy = self._opponent_for(state.current_player)
            state.apply(choose_action(policy, state, self._opponent_rng))

    def _learner_score(self) -> float:
        return float(self._state().scores()[self.learner_seat])

    def _observation(self) -> np.ndarray | dict[str, np.ndarray]:
        vector = self._state().observation(self.learner_seat)
        if self.observation_mode == "vector":
            return vector
        return {"observation": vector, "action_mask": self._mask_int8()}

    def _mask_int8(self) -> np.ndarray:
        """The learner's legal actions as an int8 array (zero once the episode is over)."""
        state = self._state()
        if self._ended_by_illegal_action or self._truncated_by is not None or state.is_terminal():
            return np.zeros(self.game.num_actions, dtype=np.int8)
        return state.legal_action_mask().copy()

    def _info(self) -> dict[str, Any]:
        state = self._state()
        info: dict[str, Any] = {"learner_seat": self.learner_seat, "action_mask": self._mask_int8()}
        if self._truncated_by is not None:
            info["truncated_by"] = self._truncated_by
            info["scores"] = state.scores().tolist()  # standing points; a truncation has no placements
        elif state.is_terminal():
            info["scores"] = state.scores().tolist()
            info["placements"] = list(state.placements())
        return info
