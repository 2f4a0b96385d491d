"""Configuration of a Rise of the Gnomes game."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from gnome_envs.core.engine import integer_field
from gnome_envs.core.errors import ConfigError
from gnome_envs.rise_of_the_gnomes.components import (
    DIFFICULTY_NAMES,
    SUGGESTED_DIFFICULTY,
    Difficulty,
)

ENV_ID = "rise_of_the_gnomes_v1"

MIN_PLAYERS = 1
MAX_PLAYERS = 5
MODES = ("competitive", "cutthroat")
MIN_CUTTHROAT_PLAYERS = 2


@dataclass(frozen=True)
class RiseOfTheGnomesConfig:
    """``num_players`` 1-5 (1: one seat against the Gnome Union); ``mode`` "competitive" or
    "cutthroat" (2-5 players); ``difficulty`` one of the seven Gnome levels by name
    (None: the suggested level for the player count); ``skip_forced``; ``action_effects`` (end
    the observation with each brewer space's and map choice's effect, action_effects.py)."""

    num_players: int = 2
    mode: str = "competitive"
    difficulty: str | None = None
    skip_forced: bool = True
    action_effects: bool = field(default=False, repr=False)

    def __post_init__(self) -> None:
        n = integer_field(self, "num_players")
        if n is None or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise ConfigError(
                f"rise_of_the_gnomes_v1 plays {MIN_PLAYERS}-{MAX_PLAYERS} players: num_players must be an integer in that range, got {self.num_players!r}"
            )
        if not isinstance(self.mode, str) or self.mode not in MODES:
            raise ConfigError(f"mode must be one of {MODES}, got {self.mode!r}")
        if self.mode == "cutthroat" and n < MIN_CUTTHROAT_PLAYERS:
            raise ConfigError(
                f"mode 'cutthroat' needs at least {MIN_CUTTHROAT_PLAYERS} players; got num_players={n}"
            )
        level = self.difficulty
        if level is not None and (not isinstance(level, str) or level not in DIFFICULTY_NAMES):
            raise ConfigError(
                f"difficulty must be None or one of {sorted(DIFFICULTY_NAMES, key=DIFFICULTY_NAMES.get)}, "
                f"got {level!r}"
            )
        for flag in ("skip_forced", "action_effects"):
            if not isinstance(getattr(self, flag), bool):
                raise ConfigError(f"{flag} must be True or False, got {getattr(self, flag)!r}")

    @property
    def cutthroat(self) -> bool:
        """Whether the cutthroat rules apply."""
        return self.mode == "cutthroat"

    @property
    def level(self) -> Difficulty:
        """The difficulty level in play (the suggestion for the player count when unset)."""
        if self.difficulty is None:
            return SUGGESTED_DIFFICULTY[self.num_players]
        return DIFFICULTY_NAMES[self.difficulty]

    @classmethod
    def from_kwargs(cls, **kwargs: Any) -> RiseOfTheGnomesConfig:
        """Build a config, rejecting unknown keys with the list of known ones."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(kwargs) - known)
        if unknown:
            raise ConfigError(f"unknown rise_of_the_gnomes_v1 option(s) {unknown}; known: {sorted(known)}")
        return cls(**kwargs)
