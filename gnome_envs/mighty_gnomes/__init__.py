"""Mighty Gnomes: polyomino worker placement in the forest and the attic, 2-4 players."""

from gnome_envs.core.registry import EnvSpec, LazyFactory, engine_exports
from gnome_envs.mighty_gnomes.config import ENV_ID, MightyGnomesConfig

SPEC = EnvSpec(
    env_id=ENV_ID,
    gym_id="gnome_envs/MightyGnomes-v1",
    title="Mighty Gnomes",
    make_game=LazyFactory("gnome_envs.mighty_gnomes.game"),  # the engine loads on the first game made
    player_counts=(2, 3, 4),
    fuzz_games=240,  # short games (100-200 decisions): 720 random games in about 45 s
    max_steps=2_000,  # about 5x the longest p99 scripted game (4 players: about 400 decisions)
)

__all__ = ["ENV_ID", "SPEC", "MightyGnomesConfig", "MightyGnomesGame", "make_game"]

__getattr__ = engine_exports(__name__, ("MightyGnomesGame", "make_game"))  # the engine loads on first use
