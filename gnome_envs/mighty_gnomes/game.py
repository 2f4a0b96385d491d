"""The Mighty Gnomes Game: configuration, sizes and the state factory."""

from __future__ import annotations

from typing import Any

from gnome_envs.core.engine import Game

# importing the rule modules registers their task and decision handlers
from gnome_envs.mighty_gnomes import decisions, effects, flow  # noqa: F401
from gnome_envs.mighty_gnomes.actions import LAYOUTS as ACTION_LAYOUTS
from gnome_envs.mighty_gnomes.action_effects import EFFECT_ACTIONS, EFFECT_WIDTH
from gnome_envs.mighty_gnomes.actions import Family
from gnome_envs.mighty_gnomes.config import ENV_ID, MightyGnomesConfig
from gnome_envs.mighty_gnomes.observation import LAYOUTS as OBSERVATION_LAYOUTS
from gnome_envs.mighty_gnomes.observation import STATE_EXTRA
from gnome_envs.mighty_gnomes.state import MightyGnomesState

TYPICAL_FINAL_SCORE = 40.0  # scales the dense "score" reward


class MightyGnomesGame(Game):
    """Mighty Gnomes for 2-4 players."""

    env_id = ENV_ID

    def __init__(self, config: MightyGnomesConfig) -> None:
        self.config = config
        self.num_players = config.num_players
        self.skip_forced = config.skip_forced
        self.action_layout = ACTION_LAYOUTS[self.num_players]
        self.num_actions = self.action_layout.num_actions
        # stop reading books, end the turn, skip the Druid turn: the only declining action
        self.pass_actions = frozenset({self.action_layout.base[Family.PASS]})
        self.forest_cells = self.action_layout.forest_cells
        obs_layout = OBSERVATION_LAYOUTS[self.num_players]
        self.observation_layout = obs_layout.segments
        # one row per placement action after the table's segments
        self.add_action_effects(config.action_effects, 0, EFFECT_ACTIONS[self.num_players], EFFECT_WIDTH)
        self.state_size = obs_layout.size + STATE_EXTRA  # the state vector leaves the effects out
        self.score_scale = TYPICAL_FINAL_SCORE

    def new_state(self, seed: int | None = None) -> MightyGnomesState:
        """A fresh game after setup, the first player to decide."""
        state = MightyGnomesState(self, seed)
        flow.setup(state)
        return state

    def __repr__(self) -> str:
        return f"MightyGnomesGame({self.config})"


def make_game(**kwargs: Any) -> MightyGnomesGame:
    """Build the game from keyword config (raises ConfigError on bad values)."""
    return MightyGnomesGame(MightyGnomesConfig.from_kwargs(**kwargs))
