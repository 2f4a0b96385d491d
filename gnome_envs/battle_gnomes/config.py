"""Configuration of a Battle Gnomes! game."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from gnome_envs.core.engine import integer_field
from gnome_envs.core.errors import ConfigError

ENV_ID = "battle_gnomes_v1"
MIN_PLAYERS = 2
MAX_PLAYERS = 6


@dataclass(frozen=True)
class BattleGnomesConfig:
    """``num_players`` 2-6; ``skip_forced`` lets the engine play decisions with one legal action."""

    num_players: int = 2
    skip_forced: bool = True

    def __post_init__(self) -> None:
        n = integer_field(self, "num_players")
        if n is None or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise ConfigError(
                f"{ENV_ID} plays {MIN_PLAYERS}-{MAX_PLAYERS} players: num_players must be an integer in that range, got {self.num_players!r}"
            )
        if not isinstance(self.skip_forced, bool):
            raise ConfigError(f"skip_forced must be True or False, got {self.skip_forced!r}")

    @classmethod
    def from_kwargs(cls, **kwargs: Any) -> BattleGnomesConfig:
        """Build a config, rejecting unknown keys with the list of known ones."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(kwargs) - known)
        if unknown:
            raise ConfigError(f"unknown {ENV_ID} option(s) {unknown}; known: {sorted(known)}")
        return cls(**kwargs)
