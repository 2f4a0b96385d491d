"""Exceptions raised by gnome_envs.

Every error the suite raises on bad input derives from :class:`GnomeEnvsError`, and each one is
raised before anything is changed: a rejected call leaves the game exactly as it was.
"""

from __future__ import annotations


class GnomeEnvsError(Exception):
    """Base class of every error raised by gnome_envs."""


class ConfigError(GnomeEnvsError, ValueError):
    """A game or environment was configured with an unsupported value."""


class UnknownEnvError(ConfigError, KeyError):
    """An env id that is not registered was requested."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class IllegalActionError(GnomeEnvsError, ValueError):
    """An action outside the current legal mask was played; the state is unchanged."""


class GameOverError(GnomeEnvsError, RuntimeError):
    """A finished game was stepped; call ``reset()`` (or start a new state)."""


class ResetNeededError(GnomeEnvsError, RuntimeError):
    """The environment was used before its first ``reset()``."""


class InvariantError(GnomeEnvsError, RuntimeError):
    """A component count or structural invariant of the game state was violated."""


class ReplayMismatchError(GnomeEnvsError, RuntimeError):
    """A replay diverged from its recorded state hashes."""


class ReplayFormatError(GnomeEnvsError, ValueError):
    """A replay document is malformed: unknown format, missing field, non-integer action."""
