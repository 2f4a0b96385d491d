"""The Dwar7s Fall Game: configuration, sizes and the state factory."""

from __future__ import annotations

from typing import Any

from gnome_envs.core.engine import Game

# importing the rule modules registers their step and decision handlers
from gnome_envs.dwarfs_fall import flow, ogres, resolve, royal, troll, turn  # noqa: F401
from gnome_envs.dwarfs_fall.actions import layout_for as action_layout_for
from gnome_envs.dwarfs_fall.components import OGRE_COUNTS, TROLL_OGRE_COUNTS
from gnome_envs.dwarfs_fall.config import ENV_ID, DwarfsFallConfig
from gnome_envs.dwarfs_fall.observation import layout_for, state_extra
from gnome_envs.dwarfs_fall.state import DwarfsFallState

TYPICAL_FINAL_SCORE = 30.0  # scales the dense "score" reward


class DwarfsFallGame(Game):
    """Dwar7s Fall for 2-4 players: the core game, with Troll's Bridge as config."""

    env_id = ENV_ID

    def __init__(self, config: DwarfsFallConfig) -> None:
        self.config = config
        self.num_players = config.num_players
        self.skip_forced = config.skip_forced
        self.trolls = config.trolls
        self.royal = config.royal
        self.ogre_counts = TROLL_OGRE_COUNTS if self.trolls else OGRE_COUNTS
        self.num_ogres = len(self.ogre_counts)
        self.num_ogre_cards = sum(self.ogre_counts)
        self.action_layout = action_layout_for(self.num_players, self.num_ogres, self.royal)
        self.num_actions = self.action_layout.num_actions
        obs_layout = layout_for(self.num_players, self.trolls, self.royal)
        self.obs_layout = obs_layout
        self.observation_layout = obs_layout.segments
        self.observation_size = obs_layout.size
        self.state_size = obs_layout.size + state_extra(self.num_players, self.num_ogres)
        self.score_scale = TYPICAL_FINAL_SCORE

    def new_state(self, seed: int | None = None) -> DwarfsFallState:
        """A fresh game after setup: seat 0 to play the first kingdom card."""
        state = DwarfsFallState(self, seed)
        flow.setup(state)
        return state

    def __repr__(self) -> str:
        return f"DwarfsFallGame({self.config})"


def make_game(**kwargs: Any) -> DwarfsFallGame:
    """Build the game from keyword config (raises ConfigError on bad values)."""
    return DwarfsFallGame(DwarfsFallConfig.from_kwargs(**kwargs))


__all__ = ["ENV_ID", "DwarfsFallGame", "make_game"]
