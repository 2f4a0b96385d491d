"""Stalled positions: play that can never place a fifth gnome still ends (issue 13 item 1,
``seeds/gnome_village.md`` R1.2, R12.1, O10)."""

from __future__ import annotations

from gnome_envs.gnome_village.components import NUM_CELLS

from .helpers import build, full_village

# Seat 0: two lit houses on a road whose paths face only the houses: no cell takes a building.
SMALL_BLOCKED = "H |1 H . . . ."
# Seat 1: every cell but a1 holds a tile (44 roads, four lit houses); a1 borders two houses, so
# no path faces it; with the road stack empty no tile can be placed anywhere.
_FILL = ["+"] * 7 + ["T"] * 10 + ["|"] * 5 + ["L"] * 6 + ["!"] * 3 + ["j"] * 2 + ["t"] * 2 + ["x"] * 2
FULL_BLOCKED_TOKENS = [".", "H", "H", "+", "+", "+", "+",
                       "H", "+", "+"] + _FILL[:4] + ["H", "+"] + _FILL[4:]


def stalled_position(**kwargs):
    """A 2-player position where every seat is blocked and the road stack is empty: from here
    every decision of every turn has exactly one legal action."""
    assert len(FULL_BLOCKED_TOKENS) == NUM_CELLS
    state = build([SMALL_BLOCKED, full_village(FULL_BLOCKED_TOKENS)], skip_forced=True, **kwargs)
    assert state.road_stack == []
    assert state.legal_actions() == [state.game.action_layout.pass_()]
    return state


def test_forced_chain_in_a_stalled_position_returns():
    """Issue 13: with every future decision forced, ``apply`` returns and the game is over,
    either by the rules or stopped by a named limit (never an endless forced chain)."""
    state = stalled_position()
    state.apply(state.legal_actions()[0])
    assert state.is_terminal()
    assert state.current_player == -1
    assert state.truncated_by is None or state.truncated_by.startswith("forced_")
