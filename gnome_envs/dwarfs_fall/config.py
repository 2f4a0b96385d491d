"""Configuration of a Dwar7s Fall game.

The expansions of the rulebook slot in as config of this same env: ``expansions`` names them
(``trolls_bridge``, ``empires``, ``royal_decrees``, any mix), ``races`` gives each seat's race
(The Empires: ``dwarfs``, ``elves``, ``ogres``, ``crystal_dwarfs``) and ``scenario`` picks a
Royal Decrees scenario (None draws one). The core game and Troll's Bridge seat 2-4 players;
The Empires seats up to 7 (four dwarf colours and one of each other race, X1.1).

``high_ho=True`` puts the High Ho royal decree (one action a turn, plus the castle's) in force
from setup, with or without Royal Decrees: the rulebook suggests it for tables of five or more
players to cut the wait between turns (D13.2, O75). It is off by default and allowed at any
player count (Fortune Teller may draw High Ho at any table); it must be True or False.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from itertools import product
from typing import Any

from gnome_envs.core.engine import integer_field
from gnome_envs.core.errors import ConfigError

ENV_ID = "dwarfs_fall_v6"
MIN_PLAYERS = 2
MAX_PLAYERS = 4  # the core game
MAX_EMPIRE_PLAYERS = 7  # The Empires: four dwarf colours, elves, ogres, crystal dwarfs
EXPANSIONS = ("trolls_bridge", "empires", "royal_decrees")
CORE_RACE = "dwarfs"
EMPIRES_RACES = ("elves", "ogres", "crystal_dwarfs")
RACES = (CORE_RACE,) + EMPIRES_RACES
DWARF_SEATS = 4  # the core game's four colours
TROLLS_BRIDGE = "trolls_bridge"
EMPIRES = "empires"
ROYAL_DECREES = "royal_decrees"
SCENARIO_NAMES = ("fortune_teller", "bloodthirsty", "chaos_control", "siege", "axe_gospel",
                  "damsel_in_distress", "lords_of_the_arena")


@dataclass(frozen=True)
class DwarfsFallConfig:
    """``num_players`` (2-4, up to 7 with The Empires), ``skip_forced``, ``expansions``,
    ``races`` (one per seat; empty means dwarfs, then elves, ogres, crystal dwarfs past four),
    ``scenario`` (Royal Decrees; None draws one), ``high_ho`` (the High Ho decree in force),
    ``action_effects`` (end the observation with each dwarf step's effect, action_effects.py)."""

    num_players: int = 2
    skip_forced: bool = True
    expansions: tuple[str, ...] = ()
    races: tuple[str, ...] = ()
    scenario: str | None = None
    high_ho: bool = False
    # an observation option, not a rule: left out of the repr that state hashes and replays read
    action_effects: bool = field(default=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "expansions", _names("expansions", self.expansions))
        object.__setattr__(self, "races", _names("races", self.races))
        for name in self.expansions:
            if name not in EXPANSIONS:
                raise ConfigError(f"expansions: unknown expansion {name!r}; the rulebook has {EXPANSIONS}")
        if len(set(self.expansions)) != len(self.expansions):
            raise ConfigError(f"expansions: each expansion may be named once, got {self.expansions!r}")
        self._check_players()
        if not isinstance(self.skip_forced, bool):
            raise ConfigError(f"skip_forced must be True or False, got {self.skip_forced!r}")
        if not isinstance(self.high_ho, bool):
            raise ConfigError(f"high_ho must be True or False (the High Ho decree, D13.2), got {self.high_ho!r}")
        if not isinstance(self.action_effects, bool):
            raise ConfigError(f"action_effects must be True or False, got {self.action_effects!r}")
        self._check_races()
        if self.scenario is not None:
            if not isinstance(self.scenario, str):
                raise ConfigError(f"scenario must be a scenario name or None, got {self.scenario!r}")
            if ROYAL_DECREES not in self.expansions:
                raise ConfigError(f"scenario {self.scenario!r} needs the 'royal_decrees' expansion in expansions")
            if self.scenario not in SCENARIO_NAMES:
                raise ConfigError(f"scenario: unknown scenario {self.scenario!r}; Royal Decrees has {SCENARIO_NAMES}")

    def _check_players(self) -> None:
        n = integer_field(self, "num_players")
        if n is None:
            raise ConfigError(f"{ENV_ID} num_players must be an integer 2-4 (up to 7 with 'empires'), got {self.num_players!r}")
        if n < MIN_PLAYERS or n > MAX_EMPIRE_PLAYERS:
            raise ConfigError(f"{ENV_ID} plays {MIN_PLAYERS}-{MAX_PLAYERS} players ({MIN_PLAYERS}-"
                              f"{MAX_EMPIRE_PLAYERS} with 'empires'); got num_players={n!r}")
        if n > MAX_PLAYERS and EMPIRES not in self.expansions:
            raise ConfigError(f"{ENV_ID} plays {MIN_PLAYERS}-{MAX_PLAYERS} players; num_players={n} needs the "
                              f"'empires' expansion in expansions (its races seat players 5-7)")

    def _check_races(self) -> None:
        races = self.races
        if not races:
            return
        if len(races) != self.num_players:
            raise ConfigError(f"races must name one race per seat ({self.num_players}), got {races!r}")
        for race in races:
            if race not in RACES:
                raise ConfigError(f"races: unknown race {race!r}; the rulebook has {RACES}")
            if race != CORE_RACE and EMPIRES not in self.expansions:
                raise ConfigError(f"races: {race!r} needs the 'empires' expansion in expansions")
        for race in EMPIRES_RACES:
            if races.count(race) > 1:
                raise ConfigError(f"races: {race!r} may be played by one seat only (one set of components), "
                                  f"got {races!r}")
        if races.count(CORE_RACE) > DWARF_SEATS:
            raise ConfigError(f"races: at most {DWARF_SEATS} seats play dwarfs (four colours), got {races!r}")

    @property
    def seat_races(self) -> tuple[str, ...]:
        """Each seat's race: ``races``, or dwarfs then elves, ogres, crystal dwarfs (X1.1)."""
        if self.races:
            return self.races
        return ((CORE_RACE,) * DWARF_SEATS + EMPIRES_RACES)[:self.num_players]

    def race_lineups(self) -> tuple[tuple[str, ...], ...]:
        """Every seat line-up of races this table allows (X1.1), in a fixed order."""
        allowed = RACES if self.empires else (CORE_RACE,)
        return tuple(lineup for lineup in product(allowed, repeat=self.num_players)
                     if lineup.count(CORE_RACE) <= DWARF_SEATS
                     and all(lineup.count(race) <= 1 for race in EMPIRES_RACES))

    @property
    def empires(self) -> bool:
        """Whether The Empires is in play."""
        return EMPIRES in self.expansions

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
        hint = ""
        if isinstance(value, str):
            hint = f" (one name: ({value!r},); on the command line --config {option}={value},)"
        raise ConfigError(f"{option} must be a tuple of names, got {value!r}{hint}")
    return tuple(value)
