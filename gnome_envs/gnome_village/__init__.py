"""Gnome Village: build a village of houses, workshops and businesses, 2-4 players."""

from typing import Any

from gnome_envs.core.registry import EnvSpec, LazyFactory
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


def __getattr__(name: str) -> Any:
    """``GnomeVillageGame`` and ``make_game``, from the engine module (imported on first use)."""
    if name in ("GnomeVillageGame", "make_game"):
        from gnome_envs.gnome_village import game

        return getattr(game, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
