"""Win/loss reward with a fading score-margin shaping term (``training.train --reward shaped``).

    env = ShapedReward(SingleAgentEnv(..., reward="win_loss"), fade_steps=100_000, weight=1.0, n_envs=2)

Each step pays the adapter's reward (win/loss at the end of the game) plus ``w(t)`` times the
change of the learner's *margin*: its score minus the best other seat's score (its own score
alone with one player), divided by the game's ``score_scale``. Over an episode the margin
changes add up to the final margin (a potential difference), so the shaping tells the learner
that points only count relative to the opponents' (the ``score`` mode rewards the learner's own
points whatever the opponent scores), and it cannot outweigh the win for long: ``w`` falls
linearly from ``weight`` at training step 0 to 0 at ``fade_steps``, after which only win/loss
is paid. ``t`` is the run's training step: this env's own steps times ``n_envs`` (the envs step
in lockstep) plus the offset of a resumed model (``set_step_offset``).

The margin is read from the true scores, so it may include points another seat holds hidden
(face-down chests); it reaches the learner only as reward, never as observation, like the
win/loss outcome itself.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from gnome_envs.core.errors import ConfigError


def fade_weight(step: int, fade_steps: int, weight: float) -> float:
    """Linear fade: ``weight`` at step 0, 0 from ``fade_steps`` on (0 fade steps: always 0)."""
    if fade_steps <= 0 or step >= fade_steps:
        return 0.0
    return weight * (1.0 - step / fade_steps)


def score_margin(scores: np.ndarray, seat: int) -> float:
    """``seat``'s score minus the best other score (its own score when it plays alone)."""
    others = np.delete(np.asarray(scores, dtype=np.float64), seat)
    return float(scores[seat] - (others.max() if others.size else 0.0))


class MaskedWrapper(gymnasium.Wrapper):
    """A wrapper of a SingleAgentEnv that serves its action mask, as sb3-contrib reads it
    through the wrappers."""

    def action_masks(self) -> np.ndarray:
        """The wrapped env's action mask."""
        return self.env.unwrapped.action_masks()


class ShapedReward(MaskedWrapper):
    """Adds the fading margin-shaping term to a SingleAgentEnv's (win/loss) reward."""

    def __init__(self, env: gymnasium.Env, fade_steps: int, weight: float = 1.0, n_envs: int = 1) -> None:
        super().__init__(env)
        if fade_steps < 0 or weight < 0 or n_envs < 1:
            raise ConfigError("shaping needs fade_steps >= 0, weight >= 0 and n_envs >= 1")
        self.fade_steps = fade_steps
        self.weight = weight
        self.n_envs = n_envs
        self.local_steps = 0
        self.step_offset = 0
        self._margin = 0.0

    def set_step_offset(self, steps: int) -> None:
        """Training steps done before this env was built (a resumed model's count)."""
        self.step_offset = int(steps)

    def current_weight(self) -> float:
        """The shaping weight at the run's current training step."""
        return fade_weight(self.step_offset + self.local_steps * self.n_envs, self.fade_steps, self.weight)

    def _learner_margin(self) -> float:
        core = self.env.unwrapped
        return score_margin(core.game_state.scores(), core.learner_seat) / core.game.score_scale

    def reset(self, **kwargs: Any) -> tuple[Any, dict]:
        """Reset the wrapped env and remember the learner's starting margin."""
        obs, info = self.env.reset(**kwargs)
        self._margin = self._learner_margin()
        return obs, info

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict]:
        """The wrapped step, its reward plus the weighted margin change."""
        obs, reward, terminated, truncated, info = self.env.step(action)
        weight = self.current_weight()
        self.local_steps += 1
        margin = self._learner_margin()
        shaped = float(reward) + weight * (margin - self._margin)
        self._margin = margin
        return obs, shaped, terminated, truncated, info


LOSS_REWARD = -1.0  # what win/loss pays a seat that did not win


class UnfinishedAsLoss(MaskedWrapper):
    """A game that a limit stops (the step cap or a designed limit of the game) ends the learner's
    episode as a loss (``training.train --unfinished loss``).

    The adapter reports such a game as a truncation with no reward, and PPO then bootstraps the
    value of the last position, as if the game went on: a learner ahead on points loses nothing
    by never ending the game, though no evaluation counts a stopped game as a win. Here the step
    is a termination paying ``LOSS_REWARD`` on top of its reward; ``info["truncated_by"]`` still
    names the limit.
    """

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict]:
        """The wrapped step; a truncation becomes a termination with the loss reward."""
        obs, reward, terminated, truncated, info = self.env.step(action)
        if truncated and not terminated:
            return obs, float(reward) + LOSS_REWARD, True, False, info
        return obs, reward, terminated, truncated, info
