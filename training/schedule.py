"""Seat schedules for tournaments: ordered lineups in which every agent takes every seat equally often.

    from training.schedule import make_schedule
    schedule = make_schedule(num_agents=5, players=3)   # schedule.tables: one lineup per game

A schedule is one *cycle* of tables; a table lists, seat by seat, the index of the agent sitting
there (n distinct agents out of k). Game g plays table ``g mod len(tables)``, and a tournament
plays whole cycles only. The designs:

- ``rotation`` (k == n): the lineup rotated by one seat per game; table g seats agent
  ``(s + g) mod n`` in seat s, as ``training.selfplay`` does. n tables.
- ``permutations`` (k > n, and n <= 2 or k!/(k-n)! <= 24): every ordered lineup of n distinct
  agents once. Every agent takes every seat equally often, every pair shares equally many tables,
  and every ordered pair of agents meets in every ordered pair of seats equally often (with two
  players: a double round robin, each pairing once with either agent first).
- ``cyclic`` (k > n, larger): base blocks ``(0, d1, ..., d_{n-1})`` developed over Z_k: block b
  gives the k tables ``(i + b_0, ..., i + b_{n-1}) mod k`` for i = 0..k-1, so each agent takes each
  seat once per block. The blocks are picked greedily (first best in lexicographic order) so that
  every pair of agents shares tables equally often. k * (number of blocks) tables. Used when the
  greedy search finds such an exact set of at most ``MAX_BLOCKS`` blocks and it is no larger than
  the next design, or (best effort, pair counts reported) when the next design is too large.
- ``rotated combinations`` (otherwise, up to ``COMBINATION_CAP`` tables): every set of n agents,
  seated in sorted order and rotated through the n seats: n * C(k, n) tables, every agent in
  every seat equally often, every pair sharing equally many tables.

The chosen design's balance (tables per agent and seat, tables shared per pair) is part of its
description.

k < n is rejected: a seat-balanced tournament needs at least as many agents as seats (use
``training.selfplay`` for lineups that repeat an agent).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np

from gnome_envs.core.errors import ConfigError

PERMUTATION_CAP = 24  # use all n-permutations of k agents when there are at most this many (n >= 3)
COMBINATION_CAP = 600  # most tables of a rotated-combinations design
MAX_BLOCKS = 12  # most base blocks a cyclic design may use
MAX_CANDIDATES = 20_000  # base blocks considered per greedy step (lexicographic prefix)


@dataclass(frozen=True)
class Schedule:
    """One cycle of ordered lineups (agent indices per seat) and how it was built."""

    design: str
    num_agents: int
    players: int
    tables: tuple[tuple[int, ...], ...]
    description: str

    def seat_counts(self) -> list[list[int]]:
        """``counts[agent][seat]``: tables per cycle in which ``agent`` sits in ``seat``."""
        counts = [[0] * self.players for _ in range(self.num_agents)]
        for table in self.tables:
            for seat, agent in enumerate(table):
                counts[agent][seat] += 1
        return counts

    def pair_counts(self) -> list[list[int]]:
        """``counts[a][b]``: tables per cycle that seat agents ``a`` and ``b`` together."""
        counts = [[0] * self.num_agents for _ in range(self.num_agents)]
        for table in self.tables:
            for a, b in itertools.permutations(table, 2):
                counts[a][b] += 1
        return counts

    def pair_range(self) -> tuple[int, int]:
        """Fewest and most tables per cycle shared by a pair of distinct agents (0, 0 for one agent)."""
        counts = self.pair_counts()
        shared = [counts[a][b] for a, b in itertools.combinations(range(self.num_agents), 2)]
        return (min(shared), max(shared)) if shared else (0, 0)

    def is_seat_balanced(self) -> bool:
        """Whether every agent takes every seat equally often per cycle."""
        return len({c for row in self.seat_counts() for c in row}) == 1


def make_schedule(num_agents: int, players: int) -> Schedule:
    """The seat schedule for ``num_agents`` distinct agents at tables of ``players`` seats."""
    k, n = num_agents, players
    if n < 1:
        raise ConfigError(f"a table needs at least one seat, got {n}")
    if k < n:
        raise ConfigError(
            f"{k} agent(s) for {n} seats: a seat-balanced tournament needs at least as many distinct "
            "agents as players (use training.selfplay for lineups that repeat an agent)")
    if k == n:
        tables = tuple(tuple((s + g) % n for s in range(n)) for g in range(n))
        text = f"lineup rotated one seat per game ({n} tables)" if n > 1 else "one agent in one seat (1 table)"
        return _finish("rotation", k, n, tables, text)
    permutations = math.perm(k, n)
    if n <= 2 or permutations <= PERMUTATION_CAP:
        tables = tuple(itertools.permutations(range(k), n))
        return _finish("permutations", k, n, tables,
                       f"all {permutations} ordered lineups of {n} of the {k} agents")
    blocks, exact = cyclic_blocks(k, n)
    combinations = n * math.comb(k, n)
    if (exact and k * len(blocks) <= combinations) or combinations > COMBINATION_CAP:
        tables = tuple(tuple((i + d) % k for d in block) for block in blocks for i in range(k))
        text = (f"cyclic design over Z_{k}: base blocks {', '.join(map(str, blocks))}, "
                f"each developed into {k} tables ({len(tables)} tables)")
        return _finish("cyclic", k, n, tables, text)
    tables = tuple(subset[s:] + subset[:s] for subset in itertools.combinations(range(k), n)
                   for s in range(n))
    text = f"every set of {n} of the {k} agents rotated through the seats ({len(tables)} tables)"
    return _finish("rotated combinations", k, n, tables, text)


def _finish(design: str, k: int, n: int, tables: tuple[tuple[int, ...], ...], text: str) -> Schedule:
    schedule = Schedule(design, k, n, tables, text)
    low, high = schedule.pair_range()
    per_seat = len(tables) // k
    balance = f"each agent sits {per_seat} time(s) in every seat per cycle"
    if k > 1 and n > 1:
        pairs = f"each pair shares {low} table(s)" if low == high else f"pairs share {low}-{high} tables"
        balance = f"{balance}; {pairs}"
    return Schedule(design, k, n, tables, f"{text}; {balance}")


def cyclic_blocks(k: int, n: int) -> tuple[list[tuple[int, ...]], bool]:
    """Base blocks over Z_k spreading shared tables evenly over pairs; True if exactly even."""
    candidates = list(itertools.islice(
        ((0, *rest) for rest in itertools.combinations(range(1, k), n - 1)), MAX_CANDIDATES))
    vectors = np.array([_difference_counts(block, k) for block in candidates], dtype=np.int64)
    counts = np.zeros(vectors.shape[1], dtype=np.int64)
    chosen: list[tuple[int, ...]] = []
    best: tuple[float, int] = (math.inf, 0)  # (relative spread, number of blocks)
    for _ in range(MAX_BLOCKS):
        totals = counts + vectors
        spreads = totals.max(axis=1) - totals.min(axis=1) if totals.shape[1] else np.zeros(len(totals))
        pick = int(np.argmin(spreads))  # first best: deterministic
        chosen.append(candidates[pick])
        counts = totals[pick]
        relative = float(spreads[pick]) / max(1.0, float(counts.mean()) if counts.size else 1.0)
        if relative < best[0]:
            best = (relative, len(chosen))
        if spreads[pick] == 0:
            break
    return chosen[: best[1]], best[0] == 0


def _difference_counts(block: tuple[int, ...], k: int) -> list[int]:
    """Tables shared per cycle by a pair of agents at cyclic distance 1..k//2, from one block."""
    counts = [0] * (k // 2)
    for x, y in itertools.combinations(block, 2):
        distance = min((y - x) % k, (x - y) % k)
        counts[distance - 1] += 2 if 2 * distance == k else 1
    return counts
