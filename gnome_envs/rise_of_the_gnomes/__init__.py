"""Rise of the Gnomes: area control for 1-5 players racing the Gnome Union automaton."""

from gnome_envs.core.registry import EnvSpec, LazyFactory, engine_exports
from gnome_envs.rise_of_the_gnomes.config import ENV_ID, RiseOfTheGnomesConfig

COMPETITIVE = (("mode", "competitive"),)
CUTTHROAT = (("mode", "cutthroat"),)

SPEC = EnvSpec(
    env_id=ENV_ID,
    gym_id="gnome_envs/RiseOfTheGnomes-v1",
    title="Rise of the Gnomes",
    make_game=LazyFactory("gnome_envs.rise_of_the_gnomes.game"),  # the engine loads on the first game made
    player_counts=(1, 2, 3, 4, 5),
    variants=(COMPETITIVE, CUTTHROAT, (("difficulty", "hard"),)),
    fuzz_games=32,
    max_steps=2500,  # about 5x the longest 99th-percentile scripted game (5-player cutthroat)
    configs=(
        *((("num_players", n), *COMPETITIVE) for n in (1, 2, 3, 4, 5)),
        *((("num_players", n), *CUTTHROAT) for n in (2, 3, 4, 5)),
        (("num_players", 1), ("difficulty", "very_easy")),
        (("num_players", 3), ("difficulty", "difficult"), *CUTTHROAT),
    ),
)

__all__ = ["ENV_ID", "SPEC", "RiseOfTheGnomesConfig", "RiseOfTheGnomesGame", "make_game"]

__getattr__ = engine_exports(__name__, ("RiseOfTheGnomesGame", "make_game"))  # the engine loads on first use
