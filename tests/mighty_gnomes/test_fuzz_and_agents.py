"""Random-play fuzzing of Mighty Gnomes and the scripted agent against the random agent."""

from __future__ import annotations

import numpy as np
import pytest

import agents
from agents.base import choose_action
from gnome_envs.mighty_gnomes.actions import Family
from gnome_envs.mighty_gnomes.pending import DecisionKind

from .helpers import conservation, fresh, lay

FUZZ_GAMES = 6  # per player count
# every type in play, the Alchemist (whose trade needs a crystal too) in both sets
GNOME_SETS = (("magic", "alchemist", "robber", "knight", "druid"),
              ("keyholder", "bandito", "farmer", "alchemist", "magic"))
COVERAGE_GAME_CAP = 150
AGENT_GAMES = 30
SCRIPTED_SHARE = 0.5
AGENT_MIN_WINS = 21  # 70 %


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_random_games_keep_every_invariant(num_players):
    """Random legal play to the end: check_invariants() and an independent recount (R1.1) after
    every step; the mask is never empty; the game ends after round 5 (R13.8)."""
    for g in range(FUZZ_GAMES):
        seed = 100 * num_players + g
        state = fresh(num_players, seed=seed, skip_forced=bool(g % 2))
        rng = np.random.default_rng(seed)
        steps = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal, (seed, steps, state.decision_name())
            state.apply(legal[rng.integers(len(legal))])
            steps += 1
            state.check_invariants()
            assert conservation(state) == [], (seed, steps)
            assert steps < 5000, seed
        assert state.round == 5 and state.legal_actions() == [] and state.current_player == -1
        assert sorted(state.placements()) == list(range(num_players))  # the trail breaks every tie


def test_every_decision_kind_and_action_family_is_reached():
    """Across games where each decision is the scripted agent's or a random one (half and half,
    so that gnomes get invited and warehouses fill) every DecisionKind is offered and every
    action family is legal at some point: no rule is dead code (two gnome sets cover all eight
    types). check_invariants() runs after
    every step, so Druid turns, discards and invitations are fuzzed too."""
    scripted = agents.make("scripted", "mighty_gnomes_v1")
    kinds: set[int] = set()
    families: set[int] = set()
    games = 0
    while (len(kinds) < len(DecisionKind) or len(families) < len(Family)) and games < COVERAGE_GAME_CAP:
        n = 2 + games % 3
        state = fresh(n, seed=7000 + games, mighty_gnomes=GNOME_SETS[games % len(GNOME_SETS)])
        rng = np.random.default_rng(games)
        while not state.is_terminal():
            kinds.add(state.pending.kind)
            legal = state.legal_actions()
            families.update(lay(state).decode(a).family for a in legal)
            if rng.random() < SCRIPTED_SHARE:
                state.apply(choose_action(scripted, state, rng))
            else:
                state.apply(legal[rng.integers(len(legal))])
            state.check_invariants()
        games += 1
    assert [k.name for k in DecisionKind if k not in kinds] == []
    assert [f.name for f in Family if f not in families] == []


@pytest.mark.parametrize("num_players", [2, 4])
def test_scripted_agent_beats_random_agents(num_players):
    """The scripted agent wins at least 70 % of fixed-seed games against random agents, seats
    balanced."""
    scripted = agents.make("scripted", "mighty_gnomes_v1")
    random_agent = agents.make("random", "mighty_gnomes_v1")
    wins = 0
    for g in range(AGENT_GAMES):
        seat = g % num_players
        state = fresh(num_players, seed=9000 + g, skip_forced=True)
        rng = np.random.default_rng(g)
        while not state.is_terminal():
            policy = scripted if state.current_player == seat else random_agent
            state.apply(choose_action(policy, state, rng))
        wins += state.placements()[seat] == 0
    assert wins >= AGENT_MIN_WINS, f"{wins}/{AGENT_GAMES}"


ENDING_GAMES = 3  # per player count and policy
PASS_PREFERENCE = 0.9


def _policy_action(policy: str, state, rng: np.random.Generator) -> int:
    legal = state.legal_actions()
    passes = [a for a in legal if a in state.game.pass_actions]
    if policy == "pass" and passes and rng.random() < PASS_PREFERENCE:
        return passes[0]
    if policy == "first":
        return legal[0]
    if policy == "last":
        return legal[-1]
    return legal[rng.integers(len(legal))]


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_o39_every_policy_ends_the_game_by_its_rules(num_players):
    """O39: the game ends after round five whatever the players do (no stall possible); the
    pass-biased, first-legal, last-legal and random policies all finish well inside the env's
    max_steps, never truncated. Game.pass_actions is the one declining action (PASS)."""
    from gnome_envs.core.registry import get_spec

    cap = get_spec("mighty_gnomes_v1").max_steps
    for policy in ("pass", "first", "last", "random"):
        for g in range(ENDING_GAMES):
            state = fresh(num_players, seed=500 + g, skip_forced=True)
            assert state.game.pass_actions == frozenset({lay(state).base[Family.PASS]})
            rng = np.random.default_rng(g)
            steps = 0
            while not state.is_terminal() and steps < cap:
                state.apply(_policy_action(policy, state, rng))
                steps += 1
            assert state.is_terminal() and state.truncated_by is None, (policy, g, steps)
            assert state.round == 5 and steps < cap // 4


def test_o43_scripted_agent_values_what_the_rules_score():
    """O43: the scripted agent values trail steps by the VP icons and unclaimed treasures they
    reach (O15), a crystal by its end VP plus 2 per Alchemist (O40), and resources beyond the
    warehouse's room as nothing (R8.2)."""
    from agents.mighty_gnomes_scripted import (
        STEP_AHEAD_VALUE,
        TREASURE_VALUE,
        crystal_value,
        resources_value,
        step_value,
    )
    from gnome_envs.mighty_gnomes.components import TRAIL_VP, Res

    from .helpers import build

    state = build(3, trail={0: 3}, gnomes={1: ["alchemist"]}, res={2: [2, 2, 2, 0, 0]})
    assert step_value(state, 0, 2) == pytest.approx(TRAIL_VP[4] + TREASURE_VALUE + 2 * STEP_AHEAD_VALUE)  # 4, then 5
    state.treasure_claimed[0] = True
    assert step_value(state, 0, 2) == pytest.approx(TRAIL_VP[4] + 2 * STEP_AHEAD_VALUE)
    assert crystal_value(state, 1) - crystal_value(state, 0) == pytest.approx(2.0)
    assert resources_value(state, 2, [Res.WOOD]) == 0.0  # six held: a seventh is discarded at once
    assert resources_value(state, 0, [Res.WOOD]) > 0.0
