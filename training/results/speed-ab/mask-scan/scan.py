"""What the benchmark's own pick costs a step: ``np.flatnonzero`` over the int8 action mask, as
every masked random policy calls it, against connect_four_v3's 7-entry mask. Masks of 5 random
games per config, each scanned 200 times, in CPU time; the same masks read as bool for
comparison (numpy scans int8 entry by entry, bool in blocks). The share is of the step in
training/results/benchmark.json:
python training/results/speed-ab/mask-scan/scan.py > training/results/speed-ab/mask-scan/scan.txt"""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
from pettingzoo.classic import connect_four_v3

import gnome_envs

GAMES, REPEATS = 5, 200
TABLE = Path(__file__).resolve().parents[2] / "benchmark.json"
CONFIGS = (  # (env, players, config) as the benchmark table names them
    ("battle_gnomes_v1", 2, {}), ("dwarfs_fall_v6", 2, {}), ("gnome_village_v1", 2, {}),
    ("mighty_gnomes_v1", 2, {}), ("rise_of_the_gnomes_v1", 2, {"mode": "competitive"}),
    ("dwarfs_fall_v6", 5, {"expansions": ["trolls_bridge", "empires", "royal_decrees"],
                           "scenario": "lords_of_the_arena"}),
)


def masks_of(env) -> list[np.ndarray]:
    """The mover's mask at every decision of ``GAMES`` random games."""
    rng = np.random.default_rng(0)
    found = []
    for game in range(GAMES):
        env.reset(seed=game)
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            found.append(obs["action_mask"])
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(legal.size)]))
    return found


def scan_us(masks: list[np.ndarray]) -> float:
    """Mean CPU microseconds of one ``np.flatnonzero`` over ``masks``."""
    start = time.thread_time()
    for _ in range(REPEATS):
        for mask in masks:
            np.flatnonzero(mask)
    return 1e6 * (time.thread_time() - start) / (REPEATS * len(masks))


def step_us(table: dict, env_id: str, players: int, config: dict) -> float | None:
    """us/step of that config in the saved benchmark table, if it is there."""
    for row in table.get("rows", []):
        if row["env"] == env_id and row["players"] == players and (row.get("config") or {}) == config:
            return row.get("step_us")
    return None


def _options(config: dict) -> dict:
    """``config`` as make() takes it (lists of names as tuples)."""
    return {key: tuple(value) if isinstance(value, list) else value for key, value in config.items()}


def main() -> None:
    """One line per config: mask size, scan cost as int8 and as bool, and its share of a step."""
    table = json.loads(TABLE.read_text()) if TABLE.exists() else {}
    rows = [("connect_four_v3", 2, {}, connect_four_v3.env())]
    rows += [(env_id, n, config, gnome_envs.make(env_id, num_players=n, **_options(config)))
             for env_id, n, config in CONFIGS]
    print(f"{'env':24s} {'players':>7s} {'actions':>7s} {'int8 us':>8s} {'bool us':>8s} {'step us':>8s} {'share':>6s}  config")
    for env_id, n, config, env in rows:
        masks = masks_of(env)
        as_int8 = scan_us(masks)
        as_bool = scan_us([m.view(np.bool_) for m in masks])
        step = step_us(table, env_id, n, config)
        share = f"{as_int8 / step:6.1%}" if step else "     -"
        shown = f"{step:8.1f}" if step else "       -"
        print(f"{env_id:24s} {n:7d} {masks[0].size:7d} {as_int8:8.2f} {as_bool:8.2f} {shown} {share}  {config or '-'}")


if __name__ == "__main__":
    main()
