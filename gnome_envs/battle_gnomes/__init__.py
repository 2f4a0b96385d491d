"""Battle Gnomes!: gnome households battle for the block, 2-6 players."""

from gnome_envs.battle_gnomes.config import ENV_ID, BattleGnomesConfig
from gnome_envs.core.registry import EnvSpec, LazyFactory, engine_exports

SPEC = EnvSpec(
    env_id=ENV_ID,
    gym_id="gnome_envs/BattleGnomes-v1",
    title="Battle Gnomes!",
    make_game=LazyFactory("gnome_envs.battle_gnomes.game"),  # the engine loads on the first game made
    player_counts=(2, 3, 4, 5, 6),
    fuzz_games=200,
    max_steps=2500,  # about 5x the longest 99th-percentile scripted game (seeds/battle_gnomes.md, O29)
)

__all__ = ["ENV_ID", "SPEC", "BattleGnomesConfig", "BattleGnomesGame", "make_game"]

__getattr__ = engine_exports(__name__, ("BattleGnomesGame", "make_game"))  # the engine loads on first use
