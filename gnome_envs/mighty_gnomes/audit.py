"""What ``training.audit balance`` reads at the end of a Mighty Gnomes game: per-seat tags and
per-game events (``seeds/mighty_gnomes.md``: Open points O42-O44 measure the designed contents
with them)."""

from __future__ import annotations

from gnome_envs.mighty_gnomes.components import (
    ROUNDS,
    TRAIL_LAST,
    TRAIL_TREASURES,
    TRAIL_VP,
    GnomeType,
)
from gnome_envs.mighty_gnomes.state import MightyGnomesState


def gnome_name(kind: int) -> str:
    """Lower-case name of a mighty gnome type."""
    return GnomeType(kind).name.lower()


def audit_tags(state: MightyGnomesState, seat: int) -> dict[str, str]:
    """How many cards of each mighty gnome type in play ``seat`` seated (``gnome:magic`` -> "1")."""
    held = state.gnomes[seat]
    return {f"gnome:{gnome_name(kind)}": str(held.count(kind)) for kind in state.gnome_types}


def audit_events(state: MightyGnomesState) -> dict[str, float]:
    """Trail VP icons and open treasures reached, the trail's reach per player-round, and the
    share of each mighty gnome stack invited."""
    history = state.trail_history  # player-rounds by the space the token stood on at the round end
    n = state.game.num_players
    events = {}
    for space in sorted(TRAIL_VP):
        events[f"trail_vp_{space}_reached"] = float(any(history[space:]))
    for i, space in enumerate(TRAIL_TREASURES):
        events[f"chest_{i + 1}_claimed"] = float(state.treasure_claimed[i])
    rounds = max(1, sum(history))
    events["player_rounds_at_last_space"] = history[TRAIL_LAST] / rounds
    events["furthest_space"] = float(max((s for s, count in enumerate(history) if count), default=0))
    for slot, kind in enumerate(state.gnome_types):
        events[f"invited:{gnome_name(kind)}"] = (n - state.stack[slot]) / n
    events["gnomes_per_player"] = sum(len(g) for g in state.gnomes) / n
    events["rounds_played"] = state.round / ROUNDS
    return events
