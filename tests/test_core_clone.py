"""The shared ``DecisionLoopState.clone``: lists and bytearrays copied by a per-class plan (and by
inspection when a state is laid out unlike the plan), and the generator snapshot shared by clones
until the generator is handed out."""

from __future__ import annotations

from enum import IntEnum
from types import SimpleNamespace

import numpy as np

from gnome_envs.core.decision_state import DecisionLoopState
from gnome_envs.core.engine import new_rng, restore_rng
from gnome_envs.core.loop import RuleTable

DRAWS = 8
BOUND = 1 << 30


class NoKind(IntEnum):
    """No decision kinds: the state is only cloned and drawn from."""

    NONE = 0


class PlainState(DecisionLoopState):
    """A bare state with a list, a nested list, a bytearray, a cache and a value attribute."""

    DECISION_KINDS = NoKind
    RULES = RuleTable(decisions={}, tasks={})
    NESTED_LISTS = frozenset({"rows"})

    def __init__(self, seed: int) -> None:
        self.decisions = 0
        self._mask = None
        self.rng = new_rng(seed)
        self.pending = None
        self.finished = False
        self.counts = [1, 2, 3]
        self.rows = [[1], [2, 3]]
        self.tally = bytearray([6, 0, 2])
        self.label = (4, 5)
        self._cache: list[int] | None = None

    def scores(self):
        return np.zeros(2)

    def placements(self):
        return (0, 0)

    def observation(self, seat):
        return np.zeros(1, dtype=np.float32)

    def state_vector(self):
        return np.zeros(1, dtype=np.float32)

    def determinize(self, seat, rng):
        return self.clone()

    def describe_action(self, action, viewer=None):
        return str(action)

    def render_text(self, seat=None):
        return ""

    def check_invariants(self):
        return None


def _draws(state: DecisionLoopState) -> list[int]:
    return state.rng.integers(BOUND, size=DRAWS).tolist()


def _assert_independent(state: PlainState, other: PlainState) -> None:
    for name, value in vars(state).items():
        if type(value) in (list, bytearray):
            assert vars(other)[name] == value and vars(other)[name] is not value, name
    for mine, theirs in zip(state.rows, other.rows):
        assert mine == theirs and mine is not theirs


def test_clone_copies_every_list_as_the_plan_and_the_layout_change():
    state = PlainState(1)
    _assert_independent(state, state.clone())  # learns the plan
    state._cache = [7]  # a cache that was None when the plan was learnt
    _assert_independent(state, state.clone())
    state.label = [8]  # an attribute that held no list: the plan no longer fits this count
    state.extra = [9]  # one more attribute: a plan for the new count is learnt
    _assert_independent(state, state.clone())
    state.counts = None  # a planned list gone: copied by inspection
    state.rows = [[1, 2]]
    _assert_independent(state, state.clone())
    state.tally = [6, 0, 2]  # a planned bytearray now a list: copied by inspection
    _assert_independent(state, state.clone())


def test_clone_is_independent_after_edits_on_either_side():
    state = PlainState(2)
    other = state.clone()
    other.counts.append(4)
    other.rows[0].append(5)
    other.tally[1] = 9
    assert state.counts == [1, 2, 3] and state.rows == [[1], [2, 3]] and state.tally == bytearray([6, 0, 2])


def test_state_hash_reads_a_bytearray_as_the_list_of_its_values():
    state = PlainState(5)
    state.game = SimpleNamespace(config=())  # the hash names the game's config
    as_bytes = state.state_hash()
    state.tally = list(state.tally)
    assert state.state_hash() == as_bytes
    state.tally[0] = 7
    assert state.state_hash() != as_bytes


def test_clones_draw_what_the_original_would_after_each_draw():
    state = PlainState(3)
    first = state.clone()  # the snapshot is taken now and shared by the clones that follow
    second = state.clone()
    expected = _draws(state)  # the original draws: its snapshot is dropped
    third = state.clone()
    assert _draws(first) == expected and _draws(second) == expected
    assert _draws(third) == _draws(state)
    grandchild = third.clone()  # a clone that has drawn is cloned from its own generator
    assert _draws(grandchild) == _draws(third)


def test_restored_generator_draws_like_the_original():
    generator = new_rng(4)
    generator.random(3)
    copy = restore_rng(generator.bit_generator.state)
    assert copy.integers(BOUND, size=DRAWS).tolist() == generator.integers(BOUND, size=DRAWS).tolist()
    assert copy.bit_generator.state == generator.bit_generator.state
