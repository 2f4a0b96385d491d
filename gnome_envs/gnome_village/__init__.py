"""Gnome Village: build a village of houses, workshops and businesses, 2-4 players."""

from gnome_envs.core.registry import EnvSpec
from gnome_envs.gnome_village.config import GnomeVillageConfig
from gnome_envs.gnome_village.game import ENV_ID, GnomeVillageGame, make_game

SPEC = EnvSpec(
    env_id=ENV_ID,
    gym_id="gnome_envs/GnomeVillage-v1",
    title="Gnome Village",
    make_game=make_game,
    player_counts=(2, 3, 4),
    variants=((), (("deluxe", True),)),
    # long random games (stall rules end them, O40): 576 random games over the six configs keep
    # the conformance suite's share of the CI budget in line with the other games'
    fuzz_games=96,
    # about 5x the longest 99th-percentile scripted game (377 decisions, 4 players, Deluxe; O40)
    max_steps=2_000,
)

__all__ = ["ENV_ID", "SPEC", "GnomeVillageConfig", "GnomeVillageGame", "make_game"]
