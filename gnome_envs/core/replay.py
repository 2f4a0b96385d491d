"""Replays: a seed, the config and the decisions taken, with the state hash after each.

A :class:`Replay` is enough to rebuild a game bit for bit in any process; :func:`verify`
replays it and raises :class:`ReplayMismatchError` at the first step whose hash differs
(a rules change without a version bump, or hidden non-determinism).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gnome_envs.core.engine import State
from gnome_envs.core.errors import ReplayMismatchError
from gnome_envs.core.registry import make_game

REPLAY_FORMAT = 1


@dataclass(frozen=True)
class Replay:
    """A recorded game: ``hashes[0]`` is the start, ``hashes[i + 1]`` follows ``actions[i]``."""

    env_id: str
    config: dict[str, Any]
    seed: int
    actions: tuple[int, ...]
    hashes: tuple[str, ...]
    format: int = field(default=REPLAY_FORMAT)

    def to_json(self) -> str:
        """The replay as a JSON document."""
        return json.dumps(
            {
                "format": self.format,
                "env_id": self.env_id,
                "config": self.config,
                "seed": self.seed,
                "actions": list(self.actions),
                "hashes": list(self.hashes),
            },
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str) -> Replay:
        """Parse a replay written by :meth:`to_json`."""
        data = json.loads(text)
        return cls(
            env_id=data["env_id"],
            config=dict(data["config"]),
            seed=int(data["seed"]),
            actions=tuple(int(a) for a in data["actions"]),
            hashes=tuple(data["hashes"]),
            format=int(data.get("format", REPLAY_FORMAT)),
        )

    def save(self, path: str | Path) -> None:
        """Write the replay to ``path``."""
        Path(path).write_text(self.to_json())

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        """Read a replay from ``path``."""
        return cls.from_json(Path(path).read_text())


class Recorder:
    """Plays a game through :meth:`apply` and records it."""

    def __init__(self, env_id: str, seed: int, **config: Any) -> None:
        self.env_id = env_id
        self.config = dict(config)
        self.seed = seed
        self.state: State = make_game(env_id, **config).new_state(seed)
        self.actions: list[int] = []
        self.hashes: list[str] = [self.state.state_hash()]

    def apply(self, action: int) -> None:
        """Play ``action`` and record it with the resulting hash."""
        self.state.apply(action)
        self.actions.append(int(action))
        self.hashes.append(self.state.state_hash())

    def replay(self) -> Replay:
        """The recording so far."""
        return Replay(self.env_id, dict(self.config), self.seed, tuple(self.actions), tuple(self.hashes))


def play(replay: Replay) -> State:
    """Rebuild the final state of ``replay`` without checking hashes."""
    state = make_game(replay.env_id, **replay.config).new_state(replay.seed)
    for action in replay.actions:
        state.apply(action)
    return state


def verify(replay: Replay) -> State:
    """Replay and check every hash; raise ReplayMismatchError at the first divergence."""
    state = make_game(replay.env_id, **replay.config).new_state(replay.seed)
    _check(replay, 0, state.state_hash())
    for step, action in enumerate(replay.actions, start=1):
        state.apply(action)
        _check(replay, step, state.state_hash())
    return state


def _check(replay: Replay, step: int, actual: str) -> None:
    if step >= len(replay.hashes):
        raise ReplayMismatchError(f"replay has no hash for step {step}")
    if replay.hashes[step] != actual:
        raise ReplayMismatchError(
            f"{replay.env_id} replay diverged at step {step}: expected {replay.hashes[step]}, got {actual}"
        )
