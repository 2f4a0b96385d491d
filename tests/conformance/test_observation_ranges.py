"""Observation ranges over every env and config: nothing saturates, nothing leaves [0, 1].

An entry that takes values other than 0 and 1 encodes an amount; such an entry must stay below
the Box bound 1.0 in every game played here (scripted and random), so that no value a game
reaches is clipped into the bound and lost (``training.audit observations`` measures the same
over 1,000 scripted games and reports the largest value per segment). Flags and one-hot entries
(only ever 0 or 1) may sit at 1.0.
"""

from __future__ import annotations

from training import audit

SCRIPTED_GAMES = 2
RANDOM_GAMES = 2
SHOWN = 6  # saturated entries named in a failure


def _saturated(case, stats: audit.ObservationStats) -> list[str]:
    hits = (stats.fractional & (stats.high >= audit.SATURATION_BOUND)).nonzero()[0]
    return [f"{case.segment_at(int(i))} (at 1.0 in {stats.at_bound[i] / stats.count:.1%} of decisions)"
            for i in hits[:SHOWN]] + ([f"... {hits.size - SHOWN} more"] if hits.size > SHOWN else [])


def test_no_observation_entry_saturates(case):
    seeds = case.seeds("ranges", SCRIPTED_GAMES + RANDOM_GAMES)
    stats = audit.observe_games(case.env_id, case.config, "scripted", seeds[:SCRIPTED_GAMES])
    stats.merge(audit.observe_games(case.env_id, case.config, "random", seeds[SCRIPTED_GAMES:]))
    assert stats.count > 0
    low, high = float(stats.low.min()), float(stats.high.max())
    assert 0.0 <= low and high <= 1.0, f"{case.id}: observation values in [{low}, {high}]"
    saturated = _saturated(case, stats)
    assert not saturated, f"{case.id} seeds {seeds}: amounts that reach the bound 1.0: {', '.join(saturated)}"
