"""The Gnome Village Game: configuration, sizes and the state factory."""

from __future__ import annotations

from typing import Any

from gnome_envs.core.engine import Game

# importing the rule modules registers their task and decision handlers
from gnome_envs.gnome_village import business, decisions, flow  # noqa: F401
from gnome_envs.gnome_village.actions import LAYOUTS as ACTION_LAYOUTS
from gnome_envs.gnome_village.components import (
    HOUSES_PER_PLAYER,
    WORKSHOPS_PER_TYPE_BY_PLAYERS,
)
from gnome_envs.gnome_village.config import ENV_ID, GnomeVillageConfig
from gnome_envs.gnome_village.observation import LAYOUTS as OBSERVATION_LAYOUTS
from gnome_envs.gnome_village.observation import STATE_EXTRA
from gnome_envs.gnome_village.state import GnomeVillageState

TYPICAL_FINAL_SCORE = 20.0  # scales the dense "score" reward


class GnomeVillageGame(Game):
    """Gnome Village for 2-4 players, optionally with the Deluxe businesses."""

    env_id = ENV_ID

    def __init__(self, config: GnomeVillageConfig) -> None:
        self.config = config
        self.num_players = config.num_players
        self.skip_forced = config.skip_forced
        self.action_layout = ACTION_LAYOUTS[self.num_players]
        self.num_actions = self.action_layout.num_actions
        # PASS ends Work & Buy and the Move phase, and declines every optional choice
        self.pass_actions = frozenset({self.action_layout.pass_()})
        obs_layout = OBSERVATION_LAYOUTS[self.num_players]
        self.observation_layout = obs_layout.segments
        self.observation_size = obs_layout.size
        self.state_size = obs_layout.size + STATE_EXTRA
        self.score_scale = TYPICAL_FINAL_SCORE
        self.houses_total = HOUSES_PER_PLAYER * self.num_players
        self.workshops_per_type = WORKSHOPS_PER_TYPE_BY_PLAYERS[self.num_players]

    def new_state(self, seed: int | None = None) -> GnomeVillageState:
        """A fresh game after setup: every village built, player 0 to start."""
        state = GnomeVillageState(self, seed)
        flow.setup(state)
        return state

    def __repr__(self) -> str:
        return f"GnomeVillageGame({self.config})"


def make_game(**kwargs: Any) -> GnomeVillageGame:
    """Build the game from keyword config (raises ConfigError on bad values)."""
    return GnomeVillageGame(GnomeVillageConfig.from_kwargs(**kwargs))
