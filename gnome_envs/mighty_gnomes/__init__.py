"""Mighty Gnomes: polyomino worker placement in the forest and the attic, 2-4 players."""

from gnome_envs.core.registry import EnvSpec
from gnome_envs.mighty_gnomes.config import MightyGnomesConfig
from gnome_envs.mighty_gnomes.game import ENV_ID, MightyGnomesGame, make_game

SPEC = EnvSpec(
    env_id=ENV_ID,
    gym_id="gnome_envs/MightyGnomes-v1",
    title="Mighty Gnomes",
    make_game=make_game,
    player_counts=(2, 3, 4),
    fuzz_games=240,  # short games (100-200 decisions): 720 random games in about 45 s
    max_steps=2_000,  # about 5x the longest p99 scripted game (4 players: about 400 decisions)
)

__all__ = ["ENV_ID", "SPEC", "MightyGnomesConfig", "MightyGnomesGame", "make_game"]
