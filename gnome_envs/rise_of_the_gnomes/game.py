"""The Rise of the Gnomes Game: configuration, map geometry for the player count, sizes and
the state factory."""

from __future__ import annotations

from typing import Any

from gnome_envs.core.engine import Game

# importing the rule modules registers their task and decision handlers
from gnome_envs.rise_of_the_gnomes import allies, cardphase, flow, gnomes, placement  # noqa: F401
from gnome_envs.rise_of_the_gnomes.action_effects import EFFECT_ACTIONS, EFFECT_WIDTH
from gnome_envs.rise_of_the_gnomes.actions import LAYOUTS as ACTION_LAYOUTS
from gnome_envs.rise_of_the_gnomes.components import (
    BREWERS,
    HEX_NEIGHBORS,
    NUM_POSITIONS,
    TILE_MIX,
    positions_in_play,
)
from gnome_envs.rise_of_the_gnomes.config import ENV_ID, RiseOfTheGnomesConfig
from gnome_envs.rise_of_the_gnomes.observation import LAYOUTS as OBSERVATION_LAYOUTS
from gnome_envs.rise_of_the_gnomes.observation import STATE_EXTRA
from gnome_envs.rise_of_the_gnomes.state import RiseState

TYPICAL_FINAL_SCORE = 50.0  # scales the dense "score" reward


class RiseOfTheGnomesGame(Game):
    """Rise of the Gnomes for 1-5 players against the Gnome Union."""

    env_id = ENV_ID

    def __init__(self, config: RiseOfTheGnomesConfig) -> None:
        self.config = config
        n = config.num_players
        self.num_players = n
        self.skip_forced = config.skip_forced
        self.cutthroat = config.cutthroat
        self.level = config.level
        self.action_layout = ACTION_LAYOUTS[n]
        self.num_actions = self.action_layout.num_actions
        self.pass_actions = frozenset({self.action_layout.pass_action})  # decline / stop / add none
        obs_layout = OBSERVATION_LAYOUTS[n]
        self.obs_layout = obs_layout
        self.observation_layout = obs_layout.segments
        # one row per SPACE and TILE action after the table's segments
        self.add_action_effects(config.action_effects, self.action_layout.space_base, EFFECT_ACTIONS, EFFECT_WIDTH)
        self.state_size = obs_layout.size + STATE_EXTRA
        self.score_scale = TYPICAL_FINAL_SCORE
        self.mix = TILE_MIX[n]
        self.positions = positions_in_play(n)
        in_play = set(self.positions)
        self.in_play = tuple(pos in in_play for pos in range(NUM_POSITIONS))
        self.neighbors = tuple(
            tuple(nb for nb in HEX_NEIGHBORS[pos] if nb in in_play) if pos in in_play else ()
            for pos in range(NUM_POSITIONS)
        )
        self.brewers = BREWERS[n]

    def new_state(self, seed: int | None = None) -> RiseState:
        """A fresh game after the automatic part of the setup (the first choice is pending)."""
        state = RiseState(self, seed)
        flow.setup(state)
        if self.skip_forced:
            state.play_forced()
        return state

    def __repr__(self) -> str:
        return f"RiseOfTheGnomesGame({self.config})"


def make_game(**kwargs: Any) -> RiseOfTheGnomesGame:
    """Build the game from keyword config (raises ConfigError on bad values)."""
    return RiseOfTheGnomesGame(RiseOfTheGnomesConfig.from_kwargs(**kwargs))
