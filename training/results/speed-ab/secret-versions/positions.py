"""Monster cards on the mat and the mover's cards with dwarfs at every position of the three
seeded random games of the instruction counts (7 players, The Empires):
python training/results/speed-ab/secret-versions/positions.py"""

from __future__ import annotations

import statistics

import numpy as np

import gnome_envs


def main() -> None:
    """Print the mean and the largest of both counts."""
    env = gnome_envs.make("dwarfs_fall_v6", num_players=7, expansions=("empires",))
    rng = np.random.default_rng(0)
    monsters, cells = [], []
    for game in range(3):
        env.reset(seed=game)
        for agent in env.agent_iter():
            obs, _reward, done, cut, _info = env.last()
            if done or cut:
                env.step(None)
                continue
            state = env.unwrapped.game_state
            monsters.append(len(state.regions.monsters))
            cells.append(len(state._seat_cells[state.current_player]))
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(legal.size)]))
    print(f"monster cards on the mat: mean {statistics.mean(monsters):.1f}, at most {max(monsters)}")
    print(f"the mover's cards with dwarfs: mean {statistics.mean(cells):.1f}, at most {max(cells)}")


if __name__ == "__main__":
    main()
