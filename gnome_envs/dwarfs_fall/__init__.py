"""Dwar7s Fall: dwarf kingdoms of cards, gems, ogres and monsters, 2-4 players (core game)."""

from gnome_envs.core.registry import EnvSpec
from gnome_envs.dwarfs_fall.config import ENV_ID, DwarfsFallConfig
from gnome_envs.dwarfs_fall.game import DwarfsFallGame, make_game

SPEC = EnvSpec(
    env_id=ENV_ID,
    gym_id="gnome_envs/DwarfsFall-v0",
    title="Dwar7s Fall",
    make_game=make_game,
    player_counts=(2, 3, 4),
    variants=((),),
    fuzz_games=100,
)

__all__ = ["ENV_ID", "SPEC", "DwarfsFallConfig", "DwarfsFallGame", "make_game"]
