"""Callbacks of ``training.train``: progress bar, periodic actions, episode log, evaluation curve,
the clock of sampling and learner time, and the entropy schedule.

    clock = PhaseClock()
    callbacks = [clock, ProgressCallback(total, start), PeriodicCallback(5000, clock.timed(pool.save)),
                 EpisodeLog(), EvalCurveCallback(10000, clock.timed(evaluate_fn)), EntropySchedule(0.0, total)]
    model.learn(total_timesteps, callback=CallbackList(callbacks))

Periodic callbacks fire when the timestep count reaches a multiple of ``every`` (counted from
zero, so a resumed run keeps the same schedule); with several envs a step adds ``n_envs``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np
from stable_baselines3.common.callbacks import BaseCallback

from training import common
from training.train_hparams import LinearDecay

ROLLING_WINDOW = 100  # episodes in the rolling mean of the training reward
MAX_CURVE_POINTS = 400  # rolling-reward points kept for the report and the plot


class ProgressCallback(BaseCallback):
    """A tqdm bar over training timesteps (stderr), with recent episode stats after each rollout."""

    def __init__(self, total: int, disable: bool = False, start: int = 0) -> None:
        super().__init__()
        self.total = total
        self.start = start
        self.disable = disable
        self.bar: Any = None

    def _on_training_start(self) -> None:
        self.bar = common.progress_bar(self.total, "train", disable=self.disable, unit="step")
        self.bar.update(min(self.start, self.total))

    def _on_step(self) -> bool:
        self.bar.update(min(self.model.num_timesteps, self.total) - self.bar.n)
        return True

    def _on_rollout_end(self) -> None:
        episodes = self.model.ep_info_buffer
        if episodes:
            mean_reward = float(np.mean([ep["r"] for ep in episodes]))
            self.bar.set_postfix(ep_rew=f"{mean_reward:+.3f}", episodes=len(episodes))

    def _on_training_end(self) -> None:
        self.bar.close()


def next_multiple(timesteps: int, every: int) -> int:
    """The first multiple of ``every`` above ``timesteps``."""
    return (timesteps // every + 1) * every


class PeriodicCallback(BaseCallback):
    """Calls ``action(model)`` whenever the timestep count passes a multiple of ``every``."""

    def __init__(self, every: int, action: Callable[[Any], None]) -> None:
        super().__init__()
        self.every = every
        self.action = action
        self.next_at = every

    def _on_training_start(self) -> None:
        self.next_at = next_multiple(self.model.num_timesteps, self.every)

    def _on_step(self) -> bool:
        if self.model.num_timesteps >= self.next_at:
            self.action(self.model)
            self.next_at = next_multiple(self.model.num_timesteps, self.every)
        return True


class EpisodeLog(BaseCallback):
    """Records (timesteps, reward, length) of every finished training episode (Monitor info)."""

    def __init__(self) -> None:
        super().__init__()
        self.episodes: list[tuple[int, float, int]] = []

    def _on_step(self) -> bool:
        for info in self.locals.get("infos", ()):
            episode = info.get("episode")
            if episode is not None:
                self.episodes.append((int(self.model.num_timesteps), float(episode["r"]), int(episode["l"])))
        return True

    def rolling_curve(self, window: int = ROLLING_WINDOW) -> list[dict[str, float]]:
        """Rolling mean episode reward against timesteps, thinned to MAX_CURVE_POINTS points."""
        if not self.episodes:
            return []
        steps = np.array([e[0] for e in self.episodes])
        rewards = np.array([e[1] for e in self.episodes], dtype=np.float64)
        sums = np.concatenate([[0.0], np.cumsum(rewards)])
        index = np.arange(1, len(rewards) + 1)
        counts = np.minimum(index, window)
        means = (sums[index] - sums[index - counts]) / counts
        keep = np.unique(np.linspace(0, len(rewards) - 1, min(len(rewards), MAX_CURVE_POINTS)).astype(int))
        return [{"timesteps": int(steps[i]), "reward_mean": float(means[i]), "episodes": int(i + 1)}
                for i in keep]


class EvalCurveCallback(BaseCallback):
    """Runs ``evaluate(model) -> {name: rate_summary}`` at the start, every ``every`` steps and at the end."""

    def __init__(self, every: int, evaluate: Callable[[Any], dict[str, dict[str, Any]]]) -> None:
        super().__init__()
        self.every = every
        self.evaluate = evaluate
        self.next_at = every
        self.points: list[dict[str, Any]] = []

    def _run(self) -> None:
        steps = int(self.model.num_timesteps)
        if self.points and self.points[-1]["timesteps"] == steps:
            return
        results = self.evaluate(self.model)
        self.points.append({"timesteps": steps, "results": results})
        for name, summary in results.items():
            self.logger.record(f"eval/win_rate_vs_{name}", summary["win_rate"])

    def _on_training_start(self) -> None:
        self.next_at = next_multiple(self.model.num_timesteps, self.every)
        self._run()

    def _on_step(self) -> bool:
        if self.model.num_timesteps >= self.next_at:
            self._run()
            self.next_at = next_multiple(self.model.num_timesteps, self.every)
        return True

    def _on_training_end(self) -> None:
        self._run()


class PhaseClock(BaseCallback):
    """Wall seconds of sampling (env steps and the policy's forward passes, ``collect_rollouts``)
    and of the learner (the gradient updates between rollouts), with the evaluation curve and
    checkpoint saves that run inside a rollout (``timed``) counted apart as side work.

    Put it first in the callback list, so that its end-of-training hook runs before the final
    curve evaluation."""

    def __init__(self) -> None:
        super().__init__()
        self.sampling_s = self.update_s = self.side_s = 0.0
        self._rollout_began: float | None = None
        self._side_at_rollout = 0.0
        self._update_began: float | None = None

    def timed(self, action: Callable[..., Any]) -> Callable[..., Any]:
        """``action`` with its run time counted as side work."""
        def run(*args: Any) -> Any:
            began = time.perf_counter()
            try:
                return action(*args)
            finally:
                self.side_s += time.perf_counter() - began
        return run

    def _on_rollout_start(self) -> None:
        now = time.perf_counter()
        if self._update_began is not None:
            self.update_s += now - self._update_began
            self._update_began = None
        self._rollout_began, self._side_at_rollout = now, self.side_s

    def _on_step(self) -> bool:
        return True

    def _on_rollout_end(self) -> None:
        now = time.perf_counter()
        if self._rollout_began is not None:
            self.sampling_s += now - self._rollout_began - (self.side_s - self._side_at_rollout)
            self._rollout_began = None
        self._update_began = now

    def _on_training_end(self) -> None:
        if self._update_began is not None:
            self.update_s += time.perf_counter() - self._update_began
            self._update_began = None

    def summary(self, steps: int) -> dict[str, float]:
        """Seconds per phase and the steps per second of sampling and of the learner."""
        return {"sampling_seconds": self.sampling_s, "update_seconds": self.update_s, "side_seconds": self.side_s,
                "sampling_steps_per_s": steps / self.sampling_s if self.sampling_s > 0 else 0.0,
                "learner_steps_per_s": steps / self.update_s if self.update_s > 0 else 0.0}


def entropy_at(start: float, final: float, done: int, total: int) -> float:
    """The entropy coefficient after ``done`` of ``total`` steps, going linearly from ``start`` to
    ``final`` (the learning rate's ``LinearDecay``, read at the share of the run still to come)."""
    remaining = 1.0 - min(max(done / total, 0.0), 1.0) if total > 0 else 0.0
    return LinearDecay(start, final)(remaining)


class EntropySchedule(BaseCallback):
    """Sets ``model.ent_coef`` before each update: linear from the coefficient the run starts with
    to ``final`` over the run's ``total`` steps (counted from the timestep the run starts at)."""

    def __init__(self, final: float, total: int) -> None:
        super().__init__()
        self.final = final
        self.total = total
        self.start = 0.0
        self.first = 0

    def _on_training_start(self) -> None:
        self.start = float(self.model.ent_coef)
        self.first = int(self.model.num_timesteps)

    def _on_step(self) -> bool:
        return True

    def _on_rollout_end(self) -> None:
        done = int(self.model.num_timesteps) - self.first
        self.model.ent_coef = entropy_at(self.start, self.final, done, self.total)
