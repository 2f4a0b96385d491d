"""The Battle Gnomes! Game: configuration, sizes and the state factory."""

from __future__ import annotations

from typing import Any

# importing the rule modules registers their task and decision handlers
from gnome_envs.battle_gnomes import battle, flow, organize, responses, targets  # noqa: F401
from gnome_envs.battle_gnomes.actions import LAYOUTS as ACTION_LAYOUTS
from gnome_envs.battle_gnomes.components import DEFEATS_TO_WIN
from gnome_envs.battle_gnomes.config import ENV_ID, BattleGnomesConfig
from gnome_envs.battle_gnomes.observation import LAYOUTS as OBSERVATION_LAYOUTS
from gnome_envs.battle_gnomes.observation import state_extra
from gnome_envs.battle_gnomes.state import BattleGnomesState
from gnome_envs.core.engine import Game


class BattleGnomesGame(Game):
    """Battle Gnomes! for 2-6 households."""

    env_id = ENV_ID

    def __init__(self, config: BattleGnomesConfig) -> None:
        self.config = config
        self.num_players = config.num_players
        self.skip_forced = config.skip_forced
        self.action_layout = ACTION_LAYOUTS[self.num_players]
        self.num_actions = self.action_layout.num_actions
        obs_layout = OBSERVATION_LAYOUTS[self.num_players]
        self.observation_layout = obs_layout.segments
        self.observation_size = obs_layout.size
        self.state_size = obs_layout.size + state_extra(self.num_players)
        self.score_scale = float(DEFEATS_TO_WIN)
        self.pass_actions = frozenset({self.action_layout.pass_action})  # pass, stop, done, decline

    def new_state(self, seed: int | None = None) -> BattleGnomesState:
        """A fresh game: decks shuffled, hands dealt, the draft under way."""
        state = BattleGnomesState(self, seed)
        flow.setup(state)
        if self.skip_forced:
            state.play_forced()
        return state

    def __repr__(self) -> str:
        return f"BattleGnomesGame({self.config})"


def make_game(**kwargs: Any) -> BattleGnomesGame:
    """Build the game from keyword config (raises ConfigError on bad values)."""
    return BattleGnomesGame(BattleGnomesConfig.from_kwargs(**kwargs))
