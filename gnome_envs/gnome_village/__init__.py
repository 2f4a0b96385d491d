"""Gnome Village: build a village of houses, workshops and businesses, 2-4 players."""

from gnome_envs.core.registry import EnvSpec, LazyFactory, engine_exports
from gnome_envs.gnome_village.config import ENV_ID, GnomeVillageConfig

SPEC = EnvSpec(
    env_id=ENV_ID,
    gym_id="gnome_envs/GnomeVillage-v1",
    title="Gnome Village",
    make_game=LazyFactory("gnome_envs.gnome_village.game"),  # the engine loads on the first game made
    player_counts=(2, 3, 4),
    variants=((), (("deluxe", True),)),
    # long random games (stall rules end them, O40): 576 random games over the six configs keep
    # the conformance suite's share of the CI budget in line with the other games'
    fuzz_games=96,
    # about 5x the longest 99th-percentile scripted game (377 decisions, 4 players, Deluxe; O40)
    max_steps=2_000,
)

__all__ = ["ENV_ID", "SPEC", "GnomeVillageConfig", "GnomeVillageGame", "make_game"]

__getattr__ = engine_exports(__name__, ("GnomeVillageGame", "make_game"))  # the engine loads on first use
