"""How often a rebuilt Battle Gnomes! battle key differs from the one before it (10 random games
at 6 players): python training/results/speed-ab/breakdown/battle_keys.py"""

from __future__ import annotations

from collections import Counter

import numpy as np

import gnome_envs
from gnome_envs.battle_gnomes import observation as observation_module
from gnome_envs.battle_gnomes import observation_battle

GAMES, PLAYERS = 10, 6


def main() -> None:
    """Rebuild every key as the observation does, and compare each part with the last key."""
    counts: Counter[str] = Counter()
    last: dict[int, observation_battle.BattleKey] = {}
    build = observation_battle.battle_key

    def watched(state):
        key = build(state)
        before = last.get(id(state))
        if before is not None:
            counts["rebuilds after a first"] += 1
            counts["same flags"] += key.flags == before.flags
            counts["same battlers"] += key.battlers == before.battlers
            counts["same cards in view"] += key.in_view == before.in_view
            counts["same in every part"] += key == before
        last[id(state)] = key
        return key

    observation_module.battle_key = watched
    env = gnome_envs.make("battle_gnomes_v1", num_players=PLAYERS)
    rng = np.random.default_rng(0)
    for game in range(GAMES):
        env.reset(seed=game)
        for agent in env.agent_iter():
            obs, _reward, done, cut, _info = env.last()
            if done or cut:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(legal.size)]))
    for name, value in counts.items():
        print(f"{name}: {value}")


if __name__ == "__main__":
    main()
