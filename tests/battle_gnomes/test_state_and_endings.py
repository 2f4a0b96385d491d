"""State identity (D1) and how games end: stall rule and limits (R9.4, O25) of Battle Gnomes!."""

from __future__ import annotations

from enum import Enum

import numpy as np

from gnome_envs.battle_gnomes import SPEC
from gnome_envs.battle_gnomes.components import ROUND_LIMIT
from gnome_envs.battle_gnomes.flow import turn_limit

from .helpers import Family, act, build, card, fresh, play

PASS = 0
PASS_BIAS = 0.9


def _enum_members(value, path: str = "") -> list[str]:
    """Paths inside ``value`` that hold an Enum member instead of a plain number."""
    if isinstance(value, Enum):
        return [path]
    if isinstance(value, (list, tuple)):
        return [hit for i, item in enumerate(value) for hit in _enum_members(item, f"{path}[{i}]")]
    if isinstance(value, dict):
        return [hit for key, item in value.items() for hit in _enum_members(item, f"{path}[{key!r}]")]
    return []


def _hashed_enums(state) -> list[str]:
    hits = []
    for name, value in vars(state).items():
        if not name.startswith("_") and name not in type(state).HASH_EXCLUDED:
            hits += _enum_members(value, name)
    return hits


def test_d1_equal_states_hash_equal():
    """A Swipe that took effect lies on the discard pile as a plain number: a position whose
    discard pile holds the same designs as ints is equal and hashes equal."""
    state = build(households={0: ["sage", "pip"], 1: [("moss", "rake", None), "gus"]}, hands={0: ["swipe"]},
                  phase="organize")
    play(state, "swipe")
    act(state, Family.OPPONENT, 1)
    act(state, Family.TARGET, 0, 0)
    act(state, Family.PASS)  # seat 1 lets it happen
    act(state, Family.GNOME, 0)  # the Rake goes on Sage
    assert state.discard == [card("swipe")]
    twin = state.clone()
    twin.discard = [int(d) for d in twin.discard]
    assert twin.discard == state.discard and twin.state_hash() == state.state_hash()
    assert _hashed_enums(state) == []


def test_d1_plain_numbers_everywhere():
    """Random games of 2-6 households: nothing the state hash reads ever holds an Enum member."""
    for n in range(2, 7):
        state = fresh(seed=700 + n, num_players=n, skip_forced=False)
        rng = np.random.default_rng(n)
        while not state.is_terminal():
            assert _hashed_enums(state) == [], state.decision_name()
            legal = state.legal_actions()
            state.apply(legal[rng.integers(len(legal))])


def test_r9_4_round_limit():
    """R9.4: after every household's ROUND_LIMIT-th turn the game ends, ranked as usual (R9.3):
    a rules ending, not a truncation; one turn earlier it goes on; a final round is cut there."""
    limit = turn_limit(2)
    assert limit == ROUND_LIMIT * 2
    households = {0: [("sage", "rake", None), "pip"], 1: ["gus", "tinker"]}
    state = build(households=households, defeated={0: ["doodle"], 1: ["nettle"]}, turn_player=1,
                  turn_number=limit, phase="organize")
    act(state, Family.PASS)
    assert state.is_terminal() and state.truncated_by is None and state.winner == -1
    assert state.placements() == (0, 1) and state.returns().tolist() == [1.0, -1.0]
    early = build(households=households, turn_player=0, turn_number=limit - 1, phase="organize")
    act(early, Family.PASS)
    assert not early.is_terminal() and early.turn_player == 1 and early.turn_number == limit
    final = build(households=households, turn_player=0, turn_number=limit, phase="organize")
    final.final_round, final.final_turns_left = True, 3
    act(final, Family.PASS)
    assert final.is_terminal() and final.truncated_by is None


def _first(legal, rng):
    return legal[0]


def _last(legal, rng):
    return legal[-1]


def _pass_biased(legal, rng):
    if PASS in legal and rng.random() < PASS_BIAS:
        return PASS
    return legal[rng.integers(len(legal))]


def test_r9_4_every_policy_ends_by_the_rules():
    """O25: first-legal, last-legal and pass-biased play end by the rules at every player count,
    within the round limit's decisions (first-legal play only ever Organizes and passes)."""
    for n in range(2, 7):
        for policy in (_first, _last, _pass_biased):
            state = fresh(seed=n, num_players=n)
            assert state.game.pass_actions == frozenset({PASS})
            rng = np.random.default_rng(n)
            steps = 0
            while not state.is_terminal():
                state.apply(policy(state.legal_actions(), rng))
                steps += 1
                assert steps < SPEC.max_steps
            assert state.truncated_by is None and state.turn_number <= turn_limit(n)
