"""Audit hooks of Dwar7s Fall: what each seat played with and what happened in a game.

``training.audit balance`` reports win rates by each ``tags`` value (secret goal, colour, race)
and the mean of each ``events`` key over the games where it is present.
"""

from __future__ import annotations

from typing import Any

from gnome_envs.dwarfs_fall.components import LAYER_KIND, Colour, Job, Secret, ALL_KINDS
from gnome_envs.dwarfs_fall.races import RACE_NAMES

SECRET_NAMES = tuple(s.name.lower() for s in Secret)
COLOUR_NAMES = tuple(c.name.lower() for c in Colour)
MINES = frozenset(k for k, info in enumerate(ALL_KINDS) if info.job == Job.MINE)


def tags(state: Any, seat: int) -> dict[str, str]:
    """The seat's secret goal and colour, and its race with The Empires."""
    out = {"secret_goal": SECRET_NAMES[state.secret[seat]], "colour": COLOUR_NAMES[state.game.colours[seat]]}
    if state.game.empires:
        out["race"] = RACE_NAMES[state.game.races[seat]]
    return out


def events(state: Any) -> dict[str, float]:
    """Per game: each dealt secret goal revealed (and in which round), the largest region's
    share of the cards, the share of mines a dragon voids, shared kingdoms, monsters slain, the
    rounds played and how the game ended (three goals R10.3, idle rounds R10.4, the limit R10.5)."""
    out: dict[str, float] = {}
    for p, goal in enumerate(state.secret):
        name = SECRET_NAMES[goal]
        out[f"revealed:{name}"] = float(state.secret_revealed[p])
        if state.secret_revealed[p]:
            out[f"reveal_round:{name}"] = float(state.reveal_round[p])
    out.update(_board_events(state))
    n = state.game.num_players
    out["monsters_slain"] = float(sum(len(d) for d in state.defeated) + len(getattr(state, "boxed", ())))
    out["rounds"] = float(state.round)
    limit = state.truncated_by is not None
    out["ended:goals"] = float(state.end_triggered and not limit)
    out["ended:idle_rounds"] = float(state.is_terminal() and not state.end_triggered and not limit)
    out["ended:limit"] = float(limit)
    out["goals_per_seat"] = sum(state.goals(p) for p in range(n)) / n
    return out


def _board_events(state: Any) -> dict[str, float]:
    regions = state.regions
    cards = len(regions.occupied)
    if not cards:
        return {}
    top = state.top
    mines = [c for c in regions.occupied if LAYER_KIND[top[c]] in MINES]
    kingdoms = [state.kingdom(p) for p in range(state.game.num_players)]
    placed = [k for k in kingdoms if k is not None]
    out = {"largest_region_share": max(len(r.cells) for r in regions.regions) / cards}
    if mines:
        out["mines_voided_share"] = sum(state.region_at(c).dragon for c in mines) / len(mines)
    if placed:
        out["kingdom_shared"] = sum(len(k.castles) > 1 for k in placed) / len(placed)
        out["kingdom_share_of_mat"] = sum(len(k.cells) for k in placed) / len(placed) / cards
    return out


__all__ = ["events", "tags"]
