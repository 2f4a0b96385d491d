"""Pool each shipped policy's games against scripted over tournament seeds 0 (the manifest's,
from training.ship), 1 and 2 (measure.sh), with a 95% Wilson interval.

    python training/results/baselines/shipped-600-games/pool.py
"""

from __future__ import annotations

import json
from pathlib import Path

from training.common import wilson_interval

HERE = Path(__file__).parent
MANIFEST = Path("agents/models/manifest.json")
SEEDS = (1, 2)


def main() -> None:
    """Print one line per shipped policy: the three seeds' win rates and the pooled one."""
    manifest = json.loads(MANIFEST.read_text())
    for name, entry in sorted(manifest.items()):
        first = next((r for r in entry["results"] if r["opponent"] == "scripted"), None)
        if first is None:  # a one-player policy, measured alone against the automaton
            continue
        runs = [(first["win_rate"] * first["games"], first["games"])]
        for seed in SEEDS:
            agent = json.loads((HERE / f"{name}-seed{seed}.json").read_text())["per_agent"][0]
            runs.append((agent["wins"], agent["games"]))
        wins, games = sum(w for w, _ in runs), sum(g for _, g in runs)
        low, high = wilson_interval(wins, games)
        rates = ", ".join(f"{w / g:.3f}" for w, g in runs)
        print(f"{name}: seeds 0-2 {rates}; pooled {wins / games:.3f} [{low:.2f}, {high:.2f}] over {games:.0f} games")


if __name__ == "__main__":
    main()
