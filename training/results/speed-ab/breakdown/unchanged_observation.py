"""What the Dwar7s Fall observation costs when nothing changed since the seat's last one (every
check, no segment rewritten): a mid-game position of each config, the observation taken once, then
timed again, beside its parts (best of 3 x 20,000 calls, wall clock, this process alone):
python training/results/speed-ab/breakdown/unchanged_observation.py > training/results/speed-ab/breakdown/unchanged_observation.txt"""

from __future__ import annotations

import timeit

import numpy as np

import gnome_envs
from gnome_envs.dwarfs_fall import observation as observation_module
from gnome_envs.dwarfs_fall import observation_expansions as expansions
from gnome_envs.dwarfs_fall import observation_goals, observation_table

CALLS, REPEATS, TURNS = 20_000, 3, 25
CONFIGS = (
    ("base game, 2 players", 2, {}),
    ("Royal Decrees (Fortune Teller), 2 players", 2, {"expansions": ("royal_decrees",), "scenario": "fortune_teller"}),
    ("all three (Lords of the Arena), 5 players", 5,
     {"expansions": ("trolls_bridge", "empires", "royal_decrees"), "scenario": "lords_of_the_arena"}),
)


def position(players: int, config: dict):
    """The state after ``TURNS`` random decisions per player of game 3."""
    env = gnome_envs.make("dwarfs_fall_v6", num_players=players, **config)
    rng = np.random.default_rng(0)
    env.reset(seed=3)
    for _ in range(TURNS * players):
        obs, *_ = env.last()
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(legal.size)]))
    return env.unwrapped.game_state


def us(call) -> float:
    """Best mean microseconds of ``call`` over ``REPEATS`` runs of ``CALLS``."""
    return min(timeit.repeat(call, number=CALLS, repeat=REPEATS)) / CALLS * 1e6


def main() -> None:
    """Per config: the whole unchanged observation, then each part's call on the same position."""
    for name, players, config in CONFIGS:
        state = position(players, config)
        seat = state.current_player
        state.observation(seat)
        view, layout = state._seat_obs[seat], state.game.obs_layout
        parts = [
            ("observation, nothing changed", lambda: state.observation(seat)),
            ("  decision entries (always written)", lambda: observation_module._decision(state, seat, view.mv, layout.at, [])),
            ("  table check", lambda: observation_table.write_table(state, view.obs, layout, view)),
            ("  goal progress check", lambda: observation_goals.progress_unchanged(state, seat, view.goals)),
            ("  player rows check", lambda: observation_module.write_player_rows(state, seat, view.obs, layout, view)),
            ("  board check", lambda: observation_module.write_board(state, seat, layout, view)),
            ("  the copy handed out", lambda: view.obs.copy()),
        ]
        if layout.royal:
            parts.append(("  royal key", lambda: expansions.royal_key(state)))
        if layout.trolls:
            parts.append(("  troll key", lambda: expansions.troll_key(state)))
        if layout.empires:
            parts.append(("  empires key", lambda: expansions.empire_key(state)))
        parts.append(("  (an empty call)", lambda: None))
        print(name)
        for label, call in parts:
            print(f"  {label:38s} {us(call):5.2f} us")


if __name__ == "__main__":
    main()
