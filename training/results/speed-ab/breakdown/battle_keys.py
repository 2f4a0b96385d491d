"""How often a rebuilt Battle Gnomes! battle key differs from the one before it (10 random games
at 6 players): python training/results/speed-ab/breakdown/battle_keys.py"""

from __future__ import annotations

from collections import Counter

import numpy as np

import gnome_envs
from gnome_envs.battle_gnomes import observation as observation_module
from gnome_envs.battle_gnomes import observation_battle
from training.benchmark import play_one_game

GAMES, PLAYERS = 10, 6


def main() -> None:
    """Rebuild every key as the observation does, and compare each part with the last key."""
    counts: Counter[str] = Counter()
    last: list[observation_battle.BattleKey | None] = [None]  # the key built before, this game
    build = observation_battle.battle_key

    def watched(state):
        key = build(state)
        before = last[0]
        if before is not None:
            counts["rebuilds after a first"] += 1
            counts["same flags"] += key.flags == before.flags
            counts["same battlers"] += key.battlers == before.battlers
            counts["same cards in view"] += key.in_view == before.in_view
            counts["same in every part"] += key == before
        last[0] = key
        return key

    observation_module.battle_key = watched
    env = gnome_envs.make("battle_gnomes_v1", num_players=PLAYERS)
    rng = np.random.default_rng(0)
    for game in range(GAMES):
        last[0] = None
        play_one_game(env, game, rng)
    for name, value in counts.items():
        print(f"{name}: {value}")


if __name__ == "__main__":
    main()
