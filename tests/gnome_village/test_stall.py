"""Stalled positions: play that can never place a fifth gnome still ends (issue 13 item 1,
``seeds/gnome_village.md`` R1.2, R12.1, O10)."""

from __future__ import annotations

import pytest

from gnome_envs.core.registry import get_spec, make_game
from gnome_envs.gnome_village.components import NUM_CELLS

from .helpers import ENV_ID, build, coins_card, full_village, prefer_pass

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


def test_r12_4_the_stalled_position_ends_by_the_rules_when_the_bank_runs_dry():
    """R12.4 / O10: in the stalled position coins flow out of the bank every turn (each forest
    card pays) and nothing is bought, so the bank runs dry; the round is completed and the game
    ends by the rules: scored, not truncated."""
    state = stalled_position()
    state.apply(state.legal_actions()[0])
    assert state.is_terminal() and state.truncated_by is None
    assert state.bank == 0 and state.bank_ran_dry and sum(state.coins) == 72
    assert state.turn_player == 1  # after the last seat's turn: equal turns (R12.1)
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.5, 0.5])
    assert list(state.scores()) == [state.score_of(0), state.score_of(1)]


@pytest.mark.parametrize("revealer", [0, 1])
def test_r12_4_an_empty_bank_ends_the_game_after_the_round(revealer):
    """R12.4: the payout that empties the bank triggers the end: the round is completed (so
    every seat has had the same number of turns) and the game is scored as usual."""
    villages = [". . H + . . .", ". . H + . . ."]
    state = build(villages, coins={0: 35, 1: 35}, turn_player=revealer, phase="reveal",
                  forest_top=[coins_card(3)])
    assert state.bank == 0 and state.coins[revealer] == 37  # paid 2 of the card's 3
    assert state.end_triggered and state.bank_ran_dry
    seats = []
    while not state.is_terminal():
        if state.turn_player not in seats:
            seats.append(state.turn_player)
        state.apply(prefer_pass(state))
    assert seats == list(range(revealer, 2))
    assert state.truncated_by is None and state.bank == 0  # nothing was bought: nothing more paid
    assert state.returns()[revealer] == 1.0  # the two coins it took decide the game


def test_r12_4_a_bank_that_still_holds_coins_does_not_end_the_game():
    """R12.4: a payout that leaves coins in the bank changes nothing about the end."""
    villages = [". . H + . . .", ". . H + . . ."]
    state = build(villages, coins={0: 34, 1: 35}, phase="reveal", forest_top=[coins_card(2)])
    assert state.bank == 1 and not state.end_triggered


def test_pass_actions_are_the_pass_of_every_decision():
    """``Game.pass_actions`` holds the PASS action: it ends Work & Buy and the Move phase."""
    state = build([". . H + pa . .", ". . H + . . ."], phase="work")
    assert state.game.pass_actions == frozenset({state.game.action_layout.pass_()})
    assert state.decision_name() == "work_buy" and state.game.action_layout.pass_() in state.legal_actions()


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_r12_4_play_that_never_builds_ends_by_the_bank(num_players):
    """R12.4 / O10: a table that always takes the first legal action (ending every phase at
    once, never placing a gnome) ends by the rules when the bank runs dry, well inside the
    env's step cap."""
    state = make_game(ENV_ID, num_players=num_players).new_state(num_players)
    cap = get_spec(ENV_ID).max_steps
    steps = 0
    while not state.is_terminal() and steps < cap:
        state.apply(state.legal_actions()[0])
        steps += 1
    assert state.is_terminal() and state.truncated_by is None, steps
    assert state.bank_ran_dry and state.bank == 0
    assert state.turn_player == num_players - 1
