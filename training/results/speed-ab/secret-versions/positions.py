"""Monster cards on the mat and the mover's cards with dwarfs at every position the AEC loop
observes in the three seeded random games of the instruction counts (7 players, The Empires):
python training/results/speed-ab/secret-versions/positions.py"""

from __future__ import annotations

import statistics

import numpy as np

import gnome_envs
from training.benchmark import play_one_game


def main() -> None:
    """Print the mean and the largest of both counts."""
    env = gnome_envs.make("dwarfs_fall_v6", num_players=7, expansions=("empires",))
    monsters, cells = [], []
    observe = env.observe

    def counting(agent: str) -> dict:
        state = env.unwrapped.game_state
        if not state.is_terminal():
            monsters.append(len(state.regions.monsters))
            cells.append(len(state._seat_cells[state.current_player]))
        return observe(agent)

    env.observe = counting  # (what last() calls for the observation)
    rng = np.random.default_rng(0)
    for game in range(3):
        play_one_game(env, game, rng)
    print(f"monster cards on the mat: mean {statistics.mean(monsters):.1f}, at most {max(monsters)}")
    print(f"the mover's cards with dwarfs: mean {statistics.mean(cells):.1f}, at most {max(cells)}")


if __name__ == "__main__":
    main()
