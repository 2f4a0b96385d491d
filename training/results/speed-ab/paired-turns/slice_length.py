"""An env's ratio to connect_four_v3 with turns of a given length, several times in one process.

    python training/results/speed-ab/paired-turns/slice_length.py ENV PLAYERS RUNS TURN_SECONDS

Each run plays ENV and connect_four_v3 in turn (``training.benchmark.play_paired``), TURN_SECONDS
of whole games each, until ENV has played 2 CPU seconds, on CPU 0; it prints both rates and
their ratio, then the spread of the ratio over the runs. Turns of 2 seconds are the old
benchmark's layout (the yardstick before and after); turns of 0.02 seconds are the benchmark's.
"""

from __future__ import annotations

import os
import statistics
import sys
import warnings

import numpy as np

import gnome_envs
from training.benchmark import play_paired

ENV_SECONDS = 2.0


def main() -> None:
    """Print every run's rates and ratio, then the ratio's spread."""
    env_id, players, runs, turn = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    os.sched_setaffinity(0, {0})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pettingzoo.classic import connect_four_v3
        yardstick = connect_four_v3.env()
    env = gnome_envs.make(env_id, num_players=players)
    rng = np.random.default_rng(0)
    ratios = []
    for _ in range(runs):
        played, beside = play_paired(env, yardstick, ENV_SECONDS, rng, slice_s=turn)
        ratios.append(played["steps_per_s"] / beside["steps_per_s"])
        print(f"connect_four_v3 {beside['steps_per_s']:8,.0f}  {env_id} {played['steps_per_s']:8,.0f}  "
              f"ratio {ratios[-1]:.3f}", flush=True)
    print(f"turns of {turn:g} s: ratio {min(ratios):.3f} to {max(ratios):.3f} (median {statistics.median(ratios):.3f})")


if __name__ == "__main__":
    main()
