"""The engine loop: a task stack, the pending decision, and the handler registries.

``flow`` registers the turn-structure tasks, ``decisions`` and ``business`` register decision
rules. A decision is offered only with its legal actions computed once, so the mask of a
pending decision is never recomputed and never empty: a choice with no legal option is
simply not offered.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Callable, NamedTuple


class Task(IntEnum):
    """Engine steps that run without a decision (or offer one)."""

    SETUP_PLAYER = 0
    START_TURN = 1
    REVEAL = 2
    ACTIVATE_FOR = 3
    REMOVAL_FOR = 4
    ROAD_FOR = 5
    ANGRY_FOR = 6
    PAY = 7
    EARN = 8
    WORK_PHASE = 9
    SOURCE = 10
    FINISH_WORK = 11
    MOVE_PHASE = 12
    MOVE_SELECT = 13
    BUSINESS_ACTION = 14
    END_TURN = 15
    ARCHITECT_STEP = 16


class DecisionKind(IntEnum):
    """Every kind of choice a player can be asked to make."""

    SETUP_PICK = 0
    SETUP_LIGHTS = 1
    PLACE_TILE = 2
    ACTIVATE = 3
    REMOVAL = 4
    ANGRY = 5
    WORK_BUY = 6
    SOURCE = 7
    NEW_GNOME_HOUSE = 8
    MOVE_SELECT = 9
    MOVE_DEST = 10
    CHAPEL = 11
    COURIER_WORKSHOP = 12
    COURIER_BUYER = 13
    THIEF_TARGET = 14
    THIEF_AMOUNT = 15
    ARCHITECT_PICK = 16
    ARCHITECT_PLACE = 17
    DOCTOR_WORKSHOP = 18
    DOCTOR_RECEIVER = 19
    AIRPORT = 20
    PRISON = 21
    SWIMMING_POOL = 22


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
