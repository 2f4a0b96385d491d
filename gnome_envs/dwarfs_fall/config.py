"""Configuration of a Dwar7s Fall game.

The expansions of the rulebook (Troll's Bridge, The Empires, Royal Decrees) slot in as config
of this same env: ``expansions`` names them, ``races`` gives each seat's race (The Empires) and
``scenario`` picks a Royal Decrees scenario. Troll's Bridge is built
(``expansions=("trolls_bridge",)``); The Empires and Royal Decrees are not yet, so a config that
asks for them (or for their races, scenarios or 5+ players) is refused with a ConfigError that
says so.
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
TROLLS_BRIDGE = "trolls_bridge"
ROYAL_DECREES = "royal_decrees"
LIVE_EXPANSIONS = (TROLLS_BRIDGE, ROYAL_DECREES)
NOT_YET = "is not available yet (the core game, Troll's Bridge and Royal Decrees are implemented)"
SCENARIO_NAMES = ("fortune_teller", "bloodthirsty", "chaos_control", "siege", "axe_gospel",
                  "damsel_in_distress", "lords_of_the_arena")


@dataclass(frozen=True)
class DwarfsFallConfig:
    """``num_players`` 2-4, ``skip_forced``, ``expansions`` (``trolls_bridge``, ``royal_decrees``),
    ``scenario`` (Royal Decrees; None draws one); ``races`` reserved (The Empires)."""

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
            if name not in LIVE_EXPANSIONS:
                raise ConfigError(f"expansions: the {name!r} expansion {NOT_YET}")
        if len(set(self.expansions)) != len(self.expansions):
            raise ConfigError(f"expansions: each expansion may be named once, got {self.expansions!r}")
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
            if ROYAL_DECREES not in self.expansions:
                raise ConfigError(f"scenario {self.scenario!r} needs the 'royal_decrees' expansion in expansions")
            if self.scenario not in SCENARIO_NAMES:
                raise ConfigError(f"scenario: unknown scenario {self.scenario!r}; Royal Decrees has {SCENARIO_NAMES}")

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

    @property
    def trolls(self) -> bool:
        """Whether Troll's Bridge is in play."""
        return TROLLS_BRIDGE in self.expansions

    @property
    def royal(self) -> bool:
        """Whether Royal Decrees is in play (the scenario named, or drawn at random when None)."""
        return ROYAL_DECREES in self.expansions

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
