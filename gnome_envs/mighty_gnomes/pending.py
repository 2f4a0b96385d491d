"""The engine loop: a task stack, the pending decision, and the handler registries.

``flow`` registers the round and turn tasks, ``decisions`` and ``effects`` the decision rules.
A decision is offered only with its legal actions computed once, so the mask of a pending
decision is never recomputed and never empty: a choice with no legal option is not offered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, NamedTuple


class Task(IntEnum):
    """Engine steps that run without a decision (or offer one)."""

    START_ROUND = 0
    TURN = 1
    DRUID_ROUND = 2
    DRUID_TURN = 3
    BOOKS = 4
    TURN_END = 5
    CAPACITY = 6
    ICONS = 7
    MOVE = 8
    DRAW_KEEP = 9
    ABILITY = 10
    BEDROOM = 11
    RESOLVE_TRAIL = 12
    CLAIM = 13
    END_ROUND = 14
    UPGRADE = 15


class DecisionKind(IntEnum):
    """Every kind of choice a player can be asked to make."""

    TURN_START = 0
    DRUID_START = 1
    FOREST_PLACE = 2
    ATTIC_PLACE = 3
    BOOKS = 4
    TURN_END = 5
    INVITE = 6
    UPGRADE = 7
    KEEP_CHEST = 8
    TREASURE = 9
    REFRESH = 10
    DISCARD = 11
    REWARD = 12


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
TASKS: dict[int, Callable[..., None]] = {}


def offer(state: Any, kind: DecisionKind, player: int, data: tuple = ()) -> bool:
    """Make ``player`` decide ``kind`` if it has a legal option; return whether it was offered."""
    legal = DECISIONS[kind].options(state, player, data)
    if not legal:
        return False
    state.pending = Decision(int(kind), player, data, tuple(legal))
    return True


def push(state: Any, *tasks: tuple) -> None:
    """Queue ``tasks`` so that the first one given runs first."""
    state.tasks.extend(reversed(tasks))


def advance(state: Any) -> None:
    """Run queued tasks until a decision is pending or the game is over."""
    while state.pending is None and not state.finished:
        if not state.tasks:
            state.finished = True
            return
        task = state.tasks.pop()
        TASKS[task[0]](state, *task[1:])


def resolve_decision(state: Any, action: int) -> None:
    """Apply ``action`` to the pending decision and advance."""
    decision = state.pending
    state.pending = None
    DECISIONS[decision.kind].resolve(state, decision, action)
    advance(state)
