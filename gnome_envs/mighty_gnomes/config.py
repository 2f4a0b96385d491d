"""Configuration of a Mighty Gnomes game."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from gnome_envs.core.engine import integer_field
from gnome_envs.core.errors import ConfigError
from gnome_envs.mighty_gnomes.components import GNOMES_IN_PLAY, GnomeType

ENV_ID = "mighty_gnomes_v1"

MIN_PLAYERS = 2
MAX_PLAYERS = 4
GNOME_NAMES = tuple(t.name.lower() for t in GnomeType)


@dataclass(frozen=True)
class MightyGnomesConfig:
    """``num_players`` 2-4; ``mighty_gnomes``: five type names to play with (None: drawn at random);
    ``action_effects``: end the observation with each placement action's effect (action_effects.py)."""

    num_players: int = 2
    mighty_gnomes: tuple[str, ...] | None = None
    skip_forced: bool = True
    # an observation option, not a rule: left out of the repr that state hashes and replays read
    action_effects: bool = field(default=False, repr=False)

    def __post_init__(self) -> None:
        n = integer_field(self, "num_players")
        if n is None or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise ConfigError(
                f"mighty_gnomes_v1 plays {MIN_PLAYERS}-{MAX_PLAYERS} players: num_players must be an integer in that range, got {self.num_players!r}"
            )
        for flag in ("skip_forced", "action_effects"):
            if not isinstance(getattr(self, flag), bool):
                raise ConfigError(f"{flag} must be True or False, got {getattr(self, flag)!r}")
        chosen = self.mighty_gnomes
        if chosen is None:
            return
        if not isinstance(chosen, (tuple, list)) or not all(isinstance(x, str) for x in chosen):
            raise ConfigError(f"mighty_gnomes must be a tuple of {GNOMES_IN_PLAY} names from "
                              f"{GNOME_NAMES} (or None), got {chosen!r}")
        names = tuple(x.lower() for x in chosen)
        unknown = [x for x in names if x not in GNOME_NAMES]
        if unknown or len(set(names)) != GNOMES_IN_PLAY or len(names) != GNOMES_IN_PLAY:
            raise ConfigError(f"mighty_gnomes needs {GNOMES_IN_PLAY} distinct names from {GNOME_NAMES}; "
                              f"got {chosen!r}")
        object.__setattr__(self, "mighty_gnomes", names)

    @property
    def gnome_types(self) -> tuple[int, ...] | None:
        """The configured mighty gnome types in type order, or None when drawn at setup."""
        if self.mighty_gnomes is None:
            return None
        return tuple(sorted(GNOME_NAMES.index(x) for x in self.mighty_gnomes))

    @classmethod
    def from_kwargs(cls, **kwargs: Any) -> MightyGnomesConfig:
        """Build a config, rejecting unknown keys with the list of known ones."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(kwargs) - known)
        if unknown:
            raise ConfigError(f"unknown mighty_gnomes_v1 option(s) {unknown}; known: {sorted(known)}")
        return cls(**kwargs)
