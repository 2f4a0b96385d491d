"""State identity (D1) and how games end: stall rule and limits (R9.4, O25) of Battle Gnomes!."""

from __future__ import annotations

from enum import Enum

import numpy as np

from .helpers import Family, act, build, card, fresh, play


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
