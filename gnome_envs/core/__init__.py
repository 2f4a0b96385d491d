"""Game-agnostic machinery: engine contract, adapters, replay, errors, registry."""

from gnome_envs.core.engine import Game, Segment, State
from gnome_envs.core.errors import (
    ConfigError,
    GameOverError,
    GnomeEnvsError,
    IllegalActionError,
    InvariantError,
    ReplayMismatchError,
    ResetNeededError,
    UnknownEnvError,
)

__all__ = [
    "ConfigError",
    "Game",
    "GameOverError",
    "GnomeEnvsError",
    "IllegalActionError",
    "InvariantError",
    "ReplayMismatchError",
    "ResetNeededError",
    "Segment",
    "State",
    "UnknownEnvError",
]
