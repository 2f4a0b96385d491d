"""Rise of the Gnomes' shipped policy against scripted, read two ways over tournament seeds 0-2:
its share of all games (a game the Gnome Union wins is won by neither player), and its share of
the games one of the two players won.

    python -m training.evaluate --env rise_of_the_gnomes_v1 --players 2 \\
        --agents checkpoint:name=rise_of_the_gnomes:deterministic=true,scripted --games 200 --seed 0 \\
        --workers 1 --json --no-progress > training/results/baselines/shipped-600-games/rise_of_the_gnomes-seed0.json
    python training/results/baselines/shipped-600-games/decided.py

Seeds 1 and 2 are measure.sh's files; seed 0 is the manifest's tournament played again (the same
games: 137.5 wins of 200) with the scripted agent's wins kept.
"""

from __future__ import annotations

import json
from pathlib import Path

from training.common import wilson_interval

HERE = Path(__file__).parent
SEEDS = (0, 1, 2)


def main() -> None:
    """Print the policy's wins, the scripted agent's, the Gnome Union's, and both shares."""
    own = scripted = union = games = 0.0
    for seed in SEEDS:
        report = json.loads((HERE / f"rise_of_the_gnomes-seed{seed}.json").read_text())
        policy, other = report["per_agent"]
        own += policy["wins"]
        scripted += other["wins"]
        union += report["games_no_seat_won"]
        games += report["games"]
    low, high = wilson_interval(own, round(games))
    print(f"all games: {own:g} of {games:g} = {own / games:.3f} [{low:.3f}, {high:.3f}]; "
          f"the Gnome Union won {union:g}, scripted {scripted:g}")
    decided = own + scripted
    low, high = wilson_interval(own, round(decided))
    print(f"games a player won: {own:g} of {decided:g} = {own / decided:.3f} [{low:.3f}, {high:.3f}]")


if __name__ == "__main__":
    main()
