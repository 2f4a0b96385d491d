"""Dwar7s Fall: dwarf kingdoms of cards, gems, ogres and monsters, 2-4 players (core game and
the Troll's Bridge and Royal Decrees expansions), 2-7 with The Empires."""

from gnome_envs.core.registry import EnvSpec, LazyFactory, engine_exports
from gnome_envs.dwarfs_fall.config import ENV_ID, SCENARIO_NAMES, DwarfsFallConfig

# The Empires: every race at 2-4 players, the default races at 5 and 7 players, 6 players with
# Troll's Bridge, and all three expansions at 3 (the three new races) and 5 players.
_E = ("expansions", ["empires"])
EMPIRE_CONFIGS = (
    (("num_players", 2), _E, ("races", ["elves", "ogres"])),
    (("num_players", 3), _E, ("races", ["crystal_dwarfs", "dwarfs", "elves"])),
    (("num_players", 4), _E, ("races", ["ogres", "crystal_dwarfs", "elves", "dwarfs"])),
    (("num_players", 5), _E),
    (("num_players", 6), ("expansions", ["empires", "trolls_bridge"])),
    (("num_players", 7), _E),
    (("num_players", 3), ("expansions", ["trolls_bridge", "empires", "royal_decrees"]),
     ("races", ["elves", "ogres", "crystal_dwarfs"])),
    (("num_players", 5), ("expansions", ["trolls_bridge", "empires", "royal_decrees"]),
     ("scenario", "lords_of_the_arena")),
)
# The core game and Troll's Bridge at 2-4 players; each Royal Decrees scenario at one player
# count (2, 3, 4 in turn); both expansions together with a drawn scenario at 3 players and
# Lords of the Arena at 4; then The Empires. Lists, not tuples: configs travel through JSON replays.
CONFIGS = (
    tuple(((("num_players", n),) + extra) for extra in ((), (("expansions", ["trolls_bridge"]),)) for n in (2, 3, 4))
    + tuple((("num_players", 2 + i % 3), ("expansions", ["royal_decrees"]), ("scenario", name))
            for i, name in enumerate(SCENARIO_NAMES))
    + ((("num_players", 3), ("expansions", ["trolls_bridge", "royal_decrees"])),
       (("num_players", 4), ("expansions", ["trolls_bridge", "royal_decrees"]), ("scenario", "lords_of_the_arena")))
    + EMPIRE_CONFIGS
)

SPEC = EnvSpec(
    env_id=ENV_ID,
    gym_id="gnome_envs/DwarfsFall-v6",
    title="Dwar7s Fall",
    make_game=LazyFactory("gnome_envs.dwarfs_fall.game"),  # the engine loads on the first game made
    player_counts=(2, 3, 4),
    variants=((),),
    configs=CONFIGS,
    fuzz_games=28,
    # about 5x the longest 99th-percentile scripted game (in decisions) over every config: 1,033
    # decisions with all three expansions at 5 players (200 games per config)
    max_steps=6_000,
)

__all__ = ["ENV_ID", "SPEC", "DwarfsFallConfig", "DwarfsFallGame", "make_game"]

__getattr__ = engine_exports(__name__, ("DwarfsFallGame", "make_game"))  # the engine loads on first use
