"""What ``training.audit balance`` reads at the end of a Battle Gnomes! game: how it ended and
how far it got (``seeds/battle_gnomes.md``, O30 measures seat balance with them)."""

from __future__ import annotations

from gnome_envs.battle_gnomes.flow import turn_limit
from gnome_envs.battle_gnomes.state import BattleGnomesState


def audit_events(state: BattleGnomesState) -> dict[str, float]:
    """The ending (instant win R9.1, final round R9.2, round limit R9.4), rounds played, and the
    defeated and removed gnomes per household."""
    n = state.game.num_players
    instant = state.winner >= 0
    limit = not instant and state.turn_number >= turn_limit(n)
    return {
        "ended:instant_win": float(instant),
        "ended:final_round": float(not instant and not limit and state.final_round),
        "ended:round_limit": float(limit),
        "rounds_played": state.turn_number / n,
        "defeated_per_household": sum(len(d) for d in state.defeated) / n,
        "removed_per_household": len(state.removed) / n,
    }
