"""The engine loop: a task stack, the pending decision, and the handler registries.

``flow`` registers the turn-structure tasks; ``actions_phase``, ``ogres`` and ``resolve``
register the decision rules. A decision is offered only with its legal actions computed once,
so the mask of a pending decision is never recomputed and never empty: a choice with no legal
option is simply not offered. Whenever the engine stops (a decision is pending or the game is
over) the after-change hooks run: the secret goals are checked there (R9.2), and the end of a
turn checks them itself before counting goals.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, NamedTuple


class Step(IntEnum):
    """Engine steps that run without a decision (or offer one)."""

    START_TURN = 0
    ACTION_PHASE = 1
    RESOLVE_PHASE = 2
    RESOLVE_NEXT = 3
    DISCARD_PHASE = 4
    END_TURN = 5


class DecisionKind(IntEnum):
    """Every kind of choice a player can be asked to make."""

    ACTION = 0
    PLACE_CARD = 1
    AMBUSH_CELL = 2
    BRUTE_CELL = 3
    BRUTE_SEAT = 4
    BRUTE_OWN = 5
    PANIC_CELL = 6
    PANIC_SEAT = 7
    PANIC_DEST = 8
    THIEF_SEAT = 9
    CROWN_SEAT = 10
    RESOLVE_TASK = 11
    DIG_STACK = 12
    STORE_GOAL = 13
    DISCARD = 14


NUM_DECISION_KINDS = len(DecisionKind)


class Decision(NamedTuple):
    """The pending decision: its kind, who decides, context, and its legal actions."""

    kind: int
    player: int
    data: tuple
    legal: tuple[int, ...]


@dataclass(frozen=True)
class DecisionRule:
    """How to list the legal actions of a decision kind and how to resolve one."""

    options: Callable[[Any, int, tuple], list[int]]
    resolve: Callable[[Any, Decision, int], None]


DECISIONS: dict[int, DecisionRule] = {}
STEPS: dict[int, Callable[..., None]] = {}
AFTER_CHANGE: list[Callable[[Any], None]] = []  # run after every step and decision (secret goals)


def offer(state: Any, kind: DecisionKind, player: int, data: tuple = ()) -> bool:
    """Make ``player`` decide ``kind`` if it has a legal option; return whether it was offered."""
    legal = DECISIONS[kind].options(state, player, data)
    if not legal:
        return False
    state.pending = Decision(int(kind), player, data, tuple(legal))
    return True


def push(state: Any, *steps: tuple) -> None:
    """Queue ``steps`` so that the first one given runs first."""
    state.tasks.extend(reversed(steps))


def _after_change(state: Any) -> None:
    for hook in AFTER_CHANGE:
        hook(state)


def advance(state: Any) -> None:
    """Run queued steps until a decision is pending or the game is over, then run the
    after-change hooks (every state a player can see, or that ends the game, is checked)."""
    while state.pending is None and not state.finished:
        if not state.tasks:
            state.finished = True
            break
        step = state.tasks.pop()
        STEPS[step[0]](state, *step[1:])
    _after_change(state)


def resolve_decision(state: Any, action: int) -> None:
    """Apply ``action`` to the pending decision and advance."""
    decision = state.pending
    state.pending = None
    DECISIONS[decision.kind].resolve(state, decision, action)
    advance(state)
