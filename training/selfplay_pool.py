"""Opponent mixes and the self-play pool of ``training.train``.

    pool = SnapshotPool(out / "pool", size=5)
    pool.save(model)                                   # snapshot_000012800.zip, oldest pruned
    env = OpponentMix(SingleAgentEnv(...), ["random", "scripted", "self"], pool.directory,
                      pool_size=5, seed=0)             # new opponents at every reset

``--opponents random,scripted,self`` lists opponent kinds. At every reset each opponent seat
draws one kind: uniformly (``sampling="uniform"``, the default; repeat a kind to weight it), or
with ``"prioritized"`` in proportion to how often that kind still beats the learner, ``max(1 - w,
PRIORITY_FLOOR)`` with ``w`` the learner's running win share against it in this env
(exponential average over finished games, ``PRIORITY_DECAY``; 0.5 before any game), so kinds the
learner already beats every time are drawn rarely but never dropped. A kind is any agent spec (``random``,
``scripted``, ``checkpoint:path=...``) or ``self``: a frozen snapshot of the learner from the
pool, the newest with probability ``NEWEST_PROBABILITY``, otherwise one of the older pool members
uniformly. Snapshots are zip files in ``<out>/pool/``, written by the trainer and loaded from
disk by each env process (``agents.checkpoint``, sampled actions), so this works inside
SubprocVecEnv workers. The trainer writes the initial policy before the first reset, so ``self``
always has a snapshot to play.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

import agents
from agents.checkpoint import CheckpointAgent
from gnome_envs.core.errors import ConfigError
from training.common import win_shares
from training.shaping import MaskedWrapper

SELF_KIND = "self"
SNAPSHOT_PREFIX = "snapshot_"
SNAPSHOT_PATTERN = re.compile(r"^snapshot_(\d+)\.zip$")
SNAPSHOT_DIGITS = 9
TMP_SUFFIX = ".tmp"
NEWEST_PROBABILITY = 0.5  # share of self-play episodes against the newest snapshot
MIX_STREAM = 2  # SeedSequence key of the opponent draws (see training.train for the others)
SAMPLINGS = ("uniform", "prioritized")
PRIORITY_FLOOR = 0.05  # least weight of a kind the learner always beats
PRIORITY_DECAY = 0.98  # weight of the old win share in the running average per finished game
PRIORITY_PRIOR = 0.5  # the learner's win share against a kind before it has played it


def snapshot_name(timesteps: int) -> str:
    """``snapshot_000012800.zip``."""
    return f"{SNAPSHOT_PREFIX}{timesteps:0{SNAPSHOT_DIGITS}d}.zip"


def list_snapshots(directory: Path) -> list[Path]:
    """Snapshot files in ``directory``, oldest first (by the timestep count in the name)."""
    if not directory.is_dir():
        return []
    found = [(int(m.group(1)), directory / name) for name in os.listdir(directory)
             if (m := SNAPSHOT_PATTERN.match(name))]
    return [path for _, path in sorted(found)]


class SnapshotPool:
    """The trainer's side of the pool: writes snapshots and keeps the newest ``size`` on disk."""

    def __init__(self, directory: Path, size: int) -> None:
        if size < 1:
            raise ConfigError(f"--pool-size must be at least 1, got {size}")
        self.directory = directory
        self.size = size
        self.saved: list[int] = []

    def save(self, model: Any) -> Path:
        """Write ``model`` as the newest snapshot (atomically) and prune beyond the pool size."""
        self.directory.mkdir(parents=True, exist_ok=True)
        path = self.directory / snapshot_name(int(model.num_timesteps))
        tmp = path.with_name(path.name + TMP_SUFFIX)
        model.save(tmp)  # sb3 keeps a name that already has a suffix
        os.replace(tmp, path)
        self.saved.append(int(model.num_timesteps))
        for old in list_snapshots(self.directory)[:-self.size]:
            old.unlink(missing_ok=True)
        return path


def pick_snapshot(snapshots: Sequence[Path], pool_size: int, rng: np.random.Generator) -> Path:
    """The newest snapshot with probability NEWEST_PROBABILITY, else a uniform older pool member."""
    pool = list(snapshots)[-pool_size:]
    if len(pool) == 1 or rng.random() < NEWEST_PROBABILITY:
        return pool[-1]
    return pool[int(rng.integers(len(pool) - 1))]


def parse_kinds(text: str | Sequence[str]) -> list[str]:
    """Opponent kinds from ``random,scripted,self`` (or a list); ConfigError if empty."""
    items = text.split(",") if isinstance(text, str) else list(text)
    kinds = [kind.strip() for kind in items if kind.strip()]
    if not kinds:
        raise ConfigError("opponents need at least one agent name")
    return kinds


class OpponentMix(MaskedWrapper):
    """Draws the opponents of a SingleAgentEnv at every reset from a list of kinds."""

    def __init__(self, env: gymnasium.Env, kinds: Sequence[str], pool_dir: Path | None,
                 pool_size: int, seed: int, index: int = 0, sampling: str = "uniform") -> None:
        super().__init__(env)
        if sampling not in SAMPLINGS:
            raise ConfigError(f"opponent sampling must be one of {SAMPLINGS}, got {sampling!r}")
        self.sampling = sampling
        self.kinds = parse_kinds(kinds)
        self.win_share = {kind: PRIORITY_PRIOR for kind in self.kinds}
        if SELF_KIND in self.kinds and pool_dir is None:
            raise ConfigError("opponent kind 'self' needs a snapshot pool directory")
        self.env_id = env.unwrapped.env_id
        self.num_opponents = env.unwrapped.game.num_players - 1
        self.pool_dir = pool_dir
        self.pool_size = pool_size
        self.rng = np.random.default_rng(np.random.SeedSequence([seed, MIX_STREAM, index]))
        self.fixed = {kind: agents.make(kind, self.env_id) for kind in self.kinds if kind != SELF_KIND}
        self.last_draw: list[str] = []
        self.drawn_kinds: list[str] = []

    def kind_weights(self) -> np.ndarray:
        """Draw probabilities of ``self.kinds`` (uniform, or by how often each beats the learner)."""
        if self.sampling == "uniform":
            weights = np.ones(len(self.kinds))
        else:
            weights = np.array([max(1.0 - self.win_share[k], PRIORITY_FLOOR) for k in self.kinds])
        return weights / weights.sum()

    def _draw_kind(self) -> str:
        if self.sampling == "uniform":  # the uniform draw of earlier runs, same random stream
            return self.kinds[int(self.rng.integers(len(self.kinds)))]
        return self.kinds[int(self.rng.choice(len(self.kinds), p=self.kind_weights()))]

    def record_result(self, share: float) -> None:
        """Fold the learner's win share of a finished game into the running share of each drawn kind."""
        for kind in set(self.drawn_kinds):
            self.win_share[kind] = PRIORITY_DECAY * self.win_share[kind] + (1 - PRIORITY_DECAY) * share

    def reset(self, **kwargs: Any) -> tuple[np.ndarray, dict]:
        """Draw new opponents, then reset the wrapped env."""
        if self.num_opponents > 0:
            draw = [self._draw_kind() for _ in range(self.num_opponents)]
            self.drawn_kinds = draw
            policies = [self._policy(kind) for kind in draw]
            self.last_draw = [getattr(p, "path", kind) if kind == SELF_KIND else kind
                              for kind, p in zip(draw, policies)]
            self.env.unwrapped.set_opponents(policies)
        obs, info = self.env.reset(**kwargs)
        return obs, {**info, "opponents": list(self.last_draw)}

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict]:
        """The wrapped step; a finished game updates the drawn kinds' win shares."""
        obs, reward, terminated, truncated, info = self.env.step(action)
        if terminated and "placements" in info and self.drawn_kinds:
            self.record_result(float(win_shares(info["placements"])[info["learner_seat"]]))
        return obs, reward, terminated, truncated, info

    def _policy(self, kind: str) -> Any:
        if kind != SELF_KIND:
            return self.fixed[kind]
        for _ in range(2):  # a snapshot may be pruned between the listing and the load
            snapshots = list_snapshots(self.pool_dir)
            if not snapshots:
                raise ConfigError(f"opponent kind 'self' found no snapshot in {self.pool_dir}")
            path = pick_snapshot(snapshots, self.pool_size, self.rng)
            try:
                agent = CheckpointAgent(self.env_id, path, deterministic=False)
            except ConfigError:
                if path.exists():
                    raise
                continue
            game = self.env.unwrapped.game
            agent.check_game(game.observation_size, game.num_actions,
                             f"{self.env_id} with {game.num_players} players")
            return agent
        raise ConfigError(f"snapshots in {self.pool_dir} kept disappearing while loading")
