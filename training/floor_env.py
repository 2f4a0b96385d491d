"""The API's floor: a trivial turn-taking PettingZoo AEC env with as little per-step work as
a correct AEC env allows.

Two agents alternate; each picks ``0`` or ``1`` (both always legal); the game ends after
``FLOOR_GAME_LENGTH`` steps and the agent that made the last move gets +1, the other -1.
Observations are ``{"observation": float32 (1,), "action_mask": int8 (2,)}``; the observation
is ``(steps left + 1) / (FLOOR_GAME_LENGTH + 1)``, never zero. All observation arrays are built once and are
read-only, so ``observe`` allocates only the small dict around them.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

FLOOR_NAME = "floor_v0"
FLOOR_GAME_LENGTH = 42  # steps per game
NUM_ACTIONS = 2
WIN_REWARD = 1.0
LOSS_REWARD = -1.0
AGENTS = ("player_0", "player_1")


def _frozen(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array


# One read-only observation per step count (game length + 1 positions), and two masks.
_OBSERVATIONS = tuple(
    _frozen(np.array([(FLOOR_GAME_LENGTH + 1 - k) / (FLOOR_GAME_LENGTH + 1)], dtype=np.float32))
    for k in range(FLOOR_GAME_LENGTH + 1)
)
_LEGAL_MASK = _frozen(np.ones(NUM_ACTIONS, dtype=np.int8))
_NO_MASK = _frozen(np.zeros(NUM_ACTIONS, dtype=np.int8))


class FloorEnv(AECEnv):
    """Two agents alternating Discrete(2) moves for a fixed number of steps."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": FLOOR_NAME,
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(self, render_mode: str | None = None) -> None:
        super().__init__()
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (1,), np.float32),
            "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
        })
        action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_spaces = {agent: observation_space for agent in self.possible_agents}
        self.action_spaces = {agent: action_space for agent in self.possible_agents}
        self._other = {AGENTS[0]: AGENTS[1], AGENTS[1]: AGENTS[0]}
        self._steps = 0

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space of ``agent`` (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The action space of ``agent`` (the same object on every call)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a new game (there is no chance, so ``seed`` changes nothing)."""
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = AGENTS[0]
        self._steps = 0

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """Share of the game left, and the mask (all legal for the agent to move)."""
        acting = agent == self.agent_selection and not self.terminations[agent]
        return {"observation": _OBSERVATIONS[self._steps],
                "action_mask": _LEGAL_MASK if acting else _NO_MASK}

    def step(self, action: Any) -> None:
        """Play ``action`` for ``agent_selection``; the last move of the game wins."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action != 0 and action != 1:
            raise ValueError(f"action must be 0 or 1, got {action!r}")
        self._steps += 1
        if self._steps >= FLOOR_GAME_LENGTH:
            self._cumulative_rewards[agent] = 0.0
            self.rewards[agent] = WIN_REWARD
            self.rewards[self._other[agent]] = LOSS_REWARD
            for name in self.agents:
                self.terminations[name] = True
            self._accumulate_rewards()
        self.agent_selection = self._other[agent]

    def render(self) -> str | None:
        """The step count as text."""
        if self.render_mode is None:
            return None
        return f"step {self._steps}/{FLOOR_GAME_LENGTH}, {self.agent_selection} to move"

    def close(self) -> None:
        """Nothing to release."""


def env(**kwargs: Any) -> FloorEnv:
    """The floor env (no wrappers: they would add per-step work)."""
    return FloorEnv(**kwargs)


raw_env = env
