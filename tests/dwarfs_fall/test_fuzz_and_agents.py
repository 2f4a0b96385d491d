"""Random-play fuzzing of Dwar7s Fall and the scripted agent against the random agent."""

from __future__ import annotations

import numpy as np
import pytest

import agents
from agents.base import choose_action
from gnome_envs.dwarfs_fall.components import (
    ROUND_LIMIT,
    SPOTS,
    UNSTACKABLE,
    layer_code,
)
from gnome_envs.dwarfs_fall.goals import secret_met
from gnome_envs.dwarfs_fall.pending import DecisionKind

from .helpers import conservation_problems, fresh

FUZZ_GAMES = 8  # per player count
COVERAGE_GAME_CAP = 150
AGENT_GAMES = 30  # per player count
AGENT_MIN_WIN_SHARE = 0.75


def rule_problems(state) -> list[str]:
    """Standing rules checked independently: room on every card, stacks, secret goals."""
    out = []
    for c in range(64):
        stack = state.stacks[c]
        if state.crowd[c] and (not stack or state.crowd[c] > SPOTS[state.kind_at(c)]):
            out.append(f"cell {c} holds {state.crowd[c]} dwarfs")
        if len(stack) > 1 and UNSTACKABLE[layer_code(stack[-1]) % 9]:
            out.append(f"cell {c}: something stacked with a castle or monster")
    for p, goal in enumerate(state.secret):
        if not state.secret_revealed[p] and secret_met(state, p, goal):
            out.append(f"seat {p}: secret goal {goal} met but hidden (R9.2)")
    return out


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_random_games_keep_every_invariant(num_players):
    """Random legal play to the end: check_invariants() after every step, an independent recount
    (R1.1) and the standing rules every third step; the game ends by R10.3 or R10.4 after the
    last seat's turn."""
    for g in range(FUZZ_GAMES):
        seed = 100 * num_players + g
        state = fresh(seed=seed, num_players=num_players, skip_forced=bool(g % 2))
        rng = np.random.default_rng(seed)
        steps = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal, (seed, steps, state.decision_name())
            state.apply(legal[rng.integers(len(legal))])
            steps += 1
            state.check_invariants()
            if steps % 3 == 0:
                assert conservation_problems(state) == [], (seed, steps)
                assert rule_problems(state) == [], (seed, steps)
            assert steps < 5000, seed
        assert state.turn_player == num_players - 1
        assert state.end_triggered or state.round == ROUND_LIMIT
        assert state.legal_actions() == [] and state.current_player == -1


def test_every_decision_kind_is_reached():
    """Across random games every DecisionKind is offered at least once: no rule is dead code."""
    seen: set[int] = set()
    games = 0
    while len(seen) < len(DecisionKind) and games < COVERAGE_GAME_CAP:
        state = fresh(seed=7000 + games, num_players=2 + games % 3, skip_forced=False)
        rng = np.random.default_rng(games)
        while not state.is_terminal():
            seen.add(state.pending.kind)
            legal = state.legal_actions()
            state.apply(legal[rng.integers(len(legal))])
        games += 1
    missing = [k.name for k in DecisionKind if k not in seen]
    assert missing == [], f"never offered in {games} random games: {missing}"


def play(policies, num_players: int, seed: int):
    state = fresh(seed=seed, num_players=num_players)
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        state.apply(choose_action(policies[state.current_player], state, rng))
    return state


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_scripted_agent_beats_random_agent(num_players):
    """The scripted agent wins (alone) at least 75 % of fixed-seed games against random agents,
    its seat rotating through every position."""
    scripted = agents.make("scripted", "dwarfs_fall_v0")
    random_agent = agents.make("random", "dwarfs_fall_v0")
    wins = 0
    for g in range(AGENT_GAMES):
        seat = g % num_players
        policies = [random_agent] * num_players
        policies[seat] = scripted
        places = play(policies, num_players, 9000 + g).placements()
        wins += places[seat] == 0 and places.count(0) == 1
    assert wins >= AGENT_MIN_WIN_SHARE * AGENT_GAMES, f"{wins}/{AGENT_GAMES}"


def test_scripted_games_end_by_goals():
    """Scripted players end their games by three goals (R10.3) well before the round limit."""
    scripted = agents.make("scripted", "dwarfs_fall_v0")
    for num_players in (2, 3, 4):
        rounds = []
        for g in range(4):
            state = play([scripted] * num_players, num_players, 500 + g)
            assert state.end_triggered, (num_players, g)
            rounds.append(state.round)
        assert max(rounds) <= 2 * ROUND_LIMIT // 3, rounds
