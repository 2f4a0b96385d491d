"""Configuration of a Gnome Village game."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from gnome_envs.core.engine import integer_field
from gnome_envs.core.errors import ConfigError

ENV_ID = "gnome_village_v1"

MIN_PLAYERS = 2
MAX_PLAYERS = 4
GNOMES_TO_END = 5
CHILDREN_GNOMES_TO_END = 4  # the children variant plays with one gnome fewer


@dataclass(frozen=True)
class GnomeVillageConfig:
    """``num_players`` 2-4; ``deluxe`` adds the 4 Deluxe businesses; ``children`` ends at 4 gnomes."""

    num_players: int = 2
    deluxe: bool = False
    children: bool = False
    skip_forced: bool = True

    def __post_init__(self) -> None:
        n = integer_field(self, "num_players")
        if n is None or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise ConfigError(
                f"gnome_village_v1 plays {MIN_PLAYERS}-{MAX_PLAYERS} players: num_players must be an integer in that range, got {self.num_players!r}"
            )
        for name in ("deluxe", "children", "skip_forced"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise ConfigError(f"{name} must be True or False, got {value!r}")

    @property
    def gnomes_to_end(self) -> int:
        """Gnomes in one village that end the game (and the gnomes each colour has)."""
        return CHILDREN_GNOMES_TO_END if self.children else GNOMES_TO_END

    @classmethod
    def from_kwargs(cls, **kwargs: Any) -> GnomeVillageConfig:
        """Build a config, rejecting unknown keys with the list of known ones."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(kwargs) - known)
        if unknown:
            raise ConfigError(
                f"unknown gnome_village_v1 option(s) {unknown}; known: {sorted(known)}"
            )
        return cls(**kwargs)
