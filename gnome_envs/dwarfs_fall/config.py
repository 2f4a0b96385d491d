"""Configuration of a Dwar7s Fall game.

The expansions of the rulebook (Troll's Bridge, The Empires, Royal Decrees) are meant to slot
in as config of this same env: ``expansions`` names them, ``races`` gives each seat's race
(The Empires) and ``scenario`` picks a Royal Decrees scenario. Only the core game is built so
far, so any config that asks for an expansion is refused with a ConfigError that says so.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from gnome_envs.core.errors import ConfigError

ENV_ID = "dwarfs_fall_v0"
MIN_PLAYERS = 2
MAX_PLAYERS = 4  # the core game; 5+ players come with The Empires
EXPANSIONS = ("trolls_bridge", "empires", "royal_decrees")
CORE_RACE = "dwarfs"
EMPIRES_RACES = ("elves", "ogres", "crystal_dwarfs")
NOT_YET = "is not available yet (only the core game is implemented)"


@dataclass(frozen=True)
class DwarfsFallConfig:
    """``num_players`` 2-4, ``skip_forced``; ``expansions``/``races``/``scenario`` reserved (core only)."""

    num_players: int = 2
    skip_forced: bool = True
    expansions: tuple[str, ...] = ()
    races: tuple[str, ...] = ()
    scenario: str | None = None

    def __post_init__(self) -> None:
        self._check_players()
        if not isinstance(self.skip_forced, bool):
            raise ConfigError(f"skip_forced must be True or False, got {self.skip_forced!r}")
        object.__setattr__(self, "expansions", _names("expansions", self.expansions))
        object.__setattr__(self, "races", _names("races", self.races))
        for name in self.expansions:
            if name not in EXPANSIONS:
                raise ConfigError(f"expansions: unknown expansion {name!r}; the rulebook has {EXPANSIONS}")
            raise ConfigError(f"expansions: the {name!r} expansion {NOT_YET}")
        if self.races and len(self.races) != self.num_players:
            raise ConfigError(f"races must name one race per seat ({self.num_players}), got {self.races!r}")
        for race in self.races:
            if race in EMPIRES_RACES:
                raise ConfigError(f"races: {race!r} needs the 'empires' expansion, which {NOT_YET}")
            if race != CORE_RACE:
                raise ConfigError(f"races: unknown race {race!r}; the core game plays {CORE_RACE!r}")
        if self.scenario is not None:
            if not isinstance(self.scenario, str):
                raise ConfigError(f"scenario must be a scenario name or None, got {self.scenario!r}")
            raise ConfigError(f"scenario {self.scenario!r}: the 'royal_decrees' expansion {NOT_YET}")

    def _check_players(self) -> None:
        n = self.num_players
        if isinstance(n, bool) or not isinstance(n, int):
            raise ConfigError(f"{ENV_ID} num_players must be an integer 2-4, got {n!r}")
        if n > MAX_PLAYERS:
            raise ConfigError(
                f"{ENV_ID} plays {MIN_PLAYERS}-{MAX_PLAYERS} players; num_players={n} needs the "
                f"'empires' expansion, which {NOT_YET}"
            )
        if n < MIN_PLAYERS:
            raise ConfigError(f"{ENV_ID} plays {MIN_PLAYERS}-{MAX_PLAYERS} players; got num_players={n!r}")

    @classmethod
    def from_kwargs(cls, **kwargs: Any) -> DwarfsFallConfig:
        """Build a config, rejecting unknown keys with the list of known ones."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(kwargs) - known)
        if unknown:
            raise ConfigError(f"unknown {ENV_ID} option(s) {unknown}; known: {sorted(known)}")
        return cls(**kwargs)


def _names(option: str, value: Any) -> tuple[str, ...]:
    """A tuple of names from a tuple or list of strings (ConfigError otherwise)."""
    if not isinstance(value, (tuple, list)) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{option} must be a tuple of names, got {value!r}")
    return tuple(value)
