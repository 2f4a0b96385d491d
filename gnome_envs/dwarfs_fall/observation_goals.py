"""The ``goal_progress`` segment of the Dwar7s Fall observation: what each face-up trading goal
still needs from the observer.

Every entry follows from public facts the vector already holds (the trading row, the
observer's own gems and defeated monsters); the segment spells them out so that a policy does
not have to learn the subtraction. Layout (28 entries, the same in every config)::

    slot s = 0, 1, 2 (the trading row, left to right), 7 entries each at 7 s:
        0-3  gems still missing per type (gold, emerald, diamond, ruby) / 5
        4    gems still missing in all / 5
        5    payable now: the observer holds the gems (and, for a dragon egg, the monster)
        6    a defeated monster is still missing (dragon eggs, The Empires)
    21-23  the slot closest to payable (one-hot): fewest gems missing, a missing monster
           counting two, then the most VP, then the leftmost slot
    24-27  that slot's missing gems per type / 5

An empty slot is all zeros and never the closest. Charming Merchants' trade-ins (Royal Decrees)
are not counted as payment here; the action mask shows them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gnome_envs.dwarfs_fall.components import NUM_GEMS, TRADING_GOALS, TRADING_ROW

SLOT_FEATURES = NUM_GEMS + 3  # missing per gem, missing in all, payable, monster missing
TOTAL_AT, PAYABLE_AT, MONSTER_AT = NUM_GEMS, NUM_GEMS + 1, NUM_GEMS + 2
CLOSEST_AT = TRADING_ROW * SLOT_FEATURES
CLOSEST_GEMS_AT = CLOSEST_AT + TRADING_ROW
GOAL_PROGRESS_FEATURES = CLOSEST_GEMS_AT + NUM_GEMS
# a ceiling above the largest cost of any goal (one type, and in all), so no entry reaches 1.0
GEM_SCALE = float(max(max(g.cost) for g in TRADING_GOALS) + 1)
TOTAL_SCALE = float(max(sum(g.cost) for g in TRADING_GOALS) + 1)
MONSTER_WEIGHT = 2  # a missing monster counts as two missing gems when ranking the slots


def progress_unchanged(state: Any, seat: int, last: tuple | None) -> bool:
    """Whether what the segment reads (the trading row, the seat's gem hand and its defeated
    monsters) is as in ``last`` (``progress_sources``)."""
    return (last is not None and last[0] == state.gems.seat_versions[seat]
            and last[1] == len(state.defeated[seat]) and last[2] == state.trading_row)


def progress_sources(state: Any, seat: int) -> tuple:
    """What the segment was written from (compared by ``progress_unchanged``)."""
    return state.gems.seat_versions[seat], len(state.defeated[seat]), state.trading_row[:]


def slot_needs(state: Any, seat: int) -> list[tuple[int, list[int], bool]]:
    """(slot, gems still missing per type, a defeated monster missing) of each face-up trading goal."""
    held = state.gems.of(seat)
    slain = len(state.defeated[seat])
    needs = []
    for slot, goal in enumerate(state.trading_row):
        if goal >= 0:
            info = TRADING_GOALS[goal]
            needs.append((slot, [c - h if c > h else 0 for c, h in zip(info.cost, held)], info.monsters > slain))
    return needs


def closest_need(state: Any, needs: list[tuple[int, list[int], bool]]) -> tuple[int, list[int], bool] | None:
    """The entry of ``needs`` closest to payable (fewest gems missing, a missing monster counting
    MONSTER_WEIGHT, then the most VP, then the leftmost slot), or None when no goal is face up."""
    row = state.trading_row
    return min(needs, key=lambda need: (sum(need[1]) + MONSTER_WEIGHT * need[2], -TRADING_GOALS[row[need[0]]].vp,
                                        need[0]), default=None)


def goal_progress(state: Any, seat: int) -> list[float]:
    """``seat``'s goal progress entries (see the module docstring)."""
    out = [0.0] * GOAL_PROGRESS_FEATURES
    needs = slot_needs(state, seat)
    for slot, missing, monster in needs:
        total = sum(missing)
        base = slot * SLOT_FEATURES
        out[base:base + NUM_GEMS] = [k / GEM_SCALE for k in missing]
        out[base + TOTAL_AT] = total / TOTAL_SCALE
        out[base + PAYABLE_AT] = float(total == 0 and not monster)
        out[base + MONSTER_AT] = float(monster)
    best = closest_need(state, needs)
    if best is not None:
        out[CLOSEST_AT + best[0]] = 1.0
        out[CLOSEST_GEMS_AT:] = [k / GEM_SCALE for k in best[1]]
    return out


def write_goal_progress(state: Any, seat: int, obs: np.ndarray, start: int) -> None:
    """Write ``seat``'s goal progress into ``obs[start:start + GOAL_PROGRESS_FEATURES]``."""
    obs[start:start + GOAL_PROGRESS_FEATURES] = goal_progress(state, seat)


__all__ = ["GOAL_PROGRESS_FEATURES", "closest_need", "goal_progress", "progress_sources", "progress_unchanged",
           "slot_needs", "write_goal_progress"]
