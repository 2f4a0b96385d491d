"""The Dwar7s Fall Game: configuration, sizes and the state factory."""

from __future__ import annotations

from typing import Any

from gnome_envs.core.engine import Game

# importing the rule modules registers their step and decision handlers
from gnome_envs.dwarfs_fall import (  # noqa: F401
    empire_actions,
    flow,
    ogres,
    resolve,
    royal,
    troll,
    turn,
)
from gnome_envs.dwarfs_fall.action_effects import EFFECT_ACTIONS, EFFECT_WIDTH
from gnome_envs.dwarfs_fall.actions import layout_for as action_layout_for
from gnome_envs.dwarfs_fall.components import (
    ALL_SECRETS,
    ALL_TRADING_GOALS,
    CODE_KIND,
    EMPIRES_LARGE_SECRET_VP,
    EMPIRES_SECRET_VP,
    EMPIRE_EXTRA_COPIES,
    GOALS_TO_END,
    GOALS_TO_END_LARGE,
    LARGE_TABLE,
    NUM_COLOURS,
    NUM_SECRETS,
    NUM_SLOTS,
    NUM_TRADING_GOALS,
    OGRE_COUNTS,
    SECRET_VP,
    TRADING_GOALS,
    TROLL_KING_COPIES,
    TROLL_OGRE_COUNTS,
    WRECKING_BALL_COPIES,
    card_code,
)
from gnome_envs.dwarfs_fall.config import ENV_ID, DwarfsFallConfig
from gnome_envs.dwarfs_fall.observation_layout import layout_for, state_extra
from gnome_envs.dwarfs_fall.races import DWARF_COLOURS, RACE_COLOUR, RACE_NAMES, Race
from gnome_envs.dwarfs_fall.state import DwarfsFallState

TYPICAL_FINAL_SCORE = 30.0  # scales the dense "score" reward


class DwarfsFallGame(Game):
    """Dwar7s Fall: the core game for 2-4 players, its three expansions as config (2-7 with The Empires)."""

    env_id = ENV_ID

    def __init__(self, config: DwarfsFallConfig) -> None:
        self.config = config
        self.num_players = config.num_players
        self.skip_forced = config.skip_forced
        self.trolls = config.trolls
        self.empires = config.empires
        self.races = tuple(Race(RACE_NAMES.index(r)) for r in config.seat_races)
        self.colours = _seat_colours(self.races)
        self.colour_seat = tuple(self.colours.index(c) if c in self.colours else -1 for c in range(NUM_COLOURS + 1))
        # per seat, per hand slot: the card's code and kind (the slot is the kind for dwarf colours)
        self.seat_codes = tuple(tuple(card_code(c, slot) for slot in range(NUM_SLOTS)) for c in self.colours)
        self.seat_kinds = tuple(tuple(CODE_KIND[code] for code in codes) for codes in self.seat_codes)
        self.crystal = Race.CRYSTAL_DWARFS in self.races
        self.royal_decrees = config.royal  # the scenario machinery (D1)
        # decrees in force: crystal dwarfs bring Frost Invasion (X4.6), the switch High Ho (D13.2)
        self.royal = config.royal or self.crystal or config.high_ho
        self.ogre_counts = _ogre_counts(self.trolls, self.empires)
        self.num_ogres = len(self.ogre_counts)
        self.num_ogre_cards = sum(self.ogre_counts)
        self.num_goal_ids = ALL_TRADING_GOALS if self.empires else NUM_TRADING_GOALS
        self.trading_goals = tuple(g for g in range(self.num_goal_ids) if TRADING_GOALS[g].min_players <= self.num_players)
        self.num_secrets = ALL_SECRETS if self.empires else NUM_SECRETS
        self.goals_to_end = GOALS_TO_END_LARGE if self.num_players >= LARGE_TABLE else GOALS_TO_END
        self.secret_vp = _secret_vp(self.empires, self.num_players >= LARGE_TABLE)  # O7, O54
        self.action_layout = action_layout_for(self.num_players, self.num_ogres, self.royal, self.empires,
                                               self.num_goal_ids)
        self.num_actions = self.action_layout.num_actions
        # END: ends the action phase, lets an ogre card happen (no Troll King deny), trades in no
        # goal, stops picking gems
        self.pass_actions = frozenset({self.action_layout.end()})
        obs_layout = layout_for(self.num_players, self.trolls, self.royal, self.empires)
        self.obs_layout = obs_layout
        self.observation_layout = obs_layout.segments
        # one row per DWARF and MOVE action after the table's segments
        self.add_action_effects(config.action_effects, self.action_layout.dwarf_base, EFFECT_ACTIONS, EFFECT_WIDTH)
        self.state_size = obs_layout.size + state_extra(self.num_players, self.num_ogres, self.num_secrets,
                                                        self.num_goal_ids)
        self.score_scale = TYPICAL_FINAL_SCORE

    def new_state(self, seed: int | None = None) -> DwarfsFallState:
        """A fresh game after setup: seat 0 to play the first kingdom card."""
        state = DwarfsFallState(self, seed)
        flow.setup(state)
        return state

    def __repr__(self) -> str:
        return f"DwarfsFallGame({self.config})"


def _seat_colours(races: tuple[Race, ...]) -> tuple[int, ...]:
    """Dwarf seats take blue, red, green, yellow in seat order; each other race its own colour."""
    dwarf_colours = iter(DWARF_COLOURS)
    return tuple(int(next(dwarf_colours) if r == Race.DWARFS else RACE_COLOUR[r]) for r in races)


def _secret_vp(empires: bool, large: bool) -> tuple[int, ...]:
    """VP of each secret goal: the core game's (O7), or The Empires' at 2-4 or 5-7 players (O54)."""
    if not empires:
        return SECRET_VP
    return EMPIRES_LARGE_SECRET_VP if large else EMPIRES_SECRET_VP


def _ogre_counts(trolls: bool, empires: bool) -> tuple[int, ...]:
    """Copies per ogre kind: the core 25, Troll Kings (T1.3), the Empires' extra copies and
    Wrecking Balls (X7.2)."""
    if not empires:
        return TROLL_OGRE_COUNTS if trolls else OGRE_COUNTS
    core = tuple(c + EMPIRE_EXTRA_COPIES for c in OGRE_COUNTS)
    return core + (TROLL_KING_COPIES if trolls else 0, WRECKING_BALL_COPIES)


def make_game(**kwargs: Any) -> DwarfsFallGame:
    """Build the game from keyword config (raises ConfigError on bad values)."""
    return DwarfsFallGame(DwarfsFallConfig.from_kwargs(**kwargs))


__all__ = ["ENV_ID", "DwarfsFallGame", "make_game"]
