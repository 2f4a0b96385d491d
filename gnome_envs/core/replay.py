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

import numpy as np

from gnome_envs.core.engine import State, integer_value, validate_seed
from gnome_envs.core.errors import ConfigError, IllegalActionError, ReplayFormatError, ReplayMismatchError
from gnome_envs.core.registry import make_game

REPLAY_FORMAT = 1
SUPPORTED_FORMATS = (REPLAY_FORMAT,)


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
        """Parse a replay written by :meth:`to_json`; ReplayFormatError if it is not one."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise ReplayFormatError(f"a replay is a JSON document: {err}") from None
        if not isinstance(data, dict):
            raise ReplayFormatError("a replay is a JSON object")
        missing = [key for key in ("format", "env_id", "config", "seed", "actions", "hashes") if key not in data]
        if missing:
            raise ReplayFormatError(f"replay lacks {', '.join(missing)}")
        version = data["format"]
        if integer_value(version) not in SUPPORTED_FORMATS:
            raise ReplayFormatError(f"unknown replay format {version!r}; this version reads {SUPPORTED_FORMATS}")
        seed = integer_value(data["seed"])
        if seed is None or seed < 0:
            raise ReplayFormatError(f"replay seed must be a non-negative integer, got {data['seed']!r}")
        if not isinstance(data["actions"], list) or not isinstance(data["hashes"], list):
            raise ReplayFormatError("replay actions and hashes must be lists")
        actions = []
        for step, action in enumerate(data["actions"], start=1):
            if integer_value(action) is None:
                raise ReplayFormatError(f"replay action {step} is not an integer: {action!r}")
            actions.append(int(action))
        if not all(isinstance(h, str) for h in data["hashes"]):
            raise ReplayFormatError("replay hashes must be strings")
        if not isinstance(data["config"], dict):
            raise ReplayFormatError("replay config must be an object")
        return cls(str(data["env_id"]), dict(data["config"]), seed, tuple(actions),
                   tuple(data["hashes"]), int(version))

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
        checked = validate_seed(seed)
        if checked is None:
            raise ConfigError("a replay needs a seed: a game started from fresh entropy cannot be replayed")
        self.env_id = env_id
        self.config = dict(config)
        self.seed = checked
        self.state: State = make_game(env_id, **config).new_state(seed)
        self.actions: list[int] = []
        self.hashes: list[str] = [self.state.state_hash()]

    def apply(self, action: int) -> None:
        """Play ``action`` and record it with the resulting hash."""
        self.state.apply(action)
        self.actions.append(int(np.asarray(action)))
        self.hashes.append(self.state.state_hash())

    def replay(self) -> Replay:
        """The recording so far."""
        return Replay(self.env_id, dict(self.config), self.seed, tuple(self.actions), tuple(self.hashes))


def play(replay: Replay) -> State:
    """Rebuild the final state of ``replay`` without checking hashes."""
    state = make_game(replay.env_id, **replay.config).new_state(replay.seed)
    for step, action in enumerate(replay.actions, start=1):
        _apply_step(replay, state, step, action)
    return state


def verify(replay: Replay) -> State:
    """Replay and check every hash; raise ReplayMismatchError at the first divergence."""
    if len(replay.hashes) != len(replay.actions) + 1:
        raise ReplayMismatchError(
            f"{replay.env_id} replay has {len(replay.actions)} actions and {len(replay.hashes)} hashes; "
            f"a replay holds exactly one hash more than actions"
        )
    state = make_game(replay.env_id, **replay.config).new_state(replay.seed)
    _check(replay, 0, state.state_hash())
    for step, action in enumerate(replay.actions, start=1):
        _apply_step(replay, state, step, action)
        _check(replay, step, state.state_hash())
    return state


def _apply_step(replay: Replay, state: State, step: int, action: int) -> None:
    try:
        state.apply(action)
    except IllegalActionError as err:
        raise ReplayMismatchError(f"{replay.env_id} replay step {step}: action {action} is illegal: {err}") from err


def _check(replay: Replay, step: int, actual: str) -> None:
    if step >= len(replay.hashes):
        raise ReplayMismatchError(f"replay has no hash for step {step}")
    if replay.hashes[step] != actual:
        raise ReplayMismatchError(
            f"{replay.env_id} replay diverged at step {step}: expected {replay.hashes[step]}, got {actual}"
        )
