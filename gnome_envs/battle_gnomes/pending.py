"""The engine loop: a task stack, the pending decision, and the handler registries.

``flow`` (setup and turns), ``organize`` (Organize, Recruit, turn cards), ``battle`` (the
Gnome Battle) and ``responses`` (declarations and response windows) register their tasks and
decision rules here. A decision is offered only with its legal actions computed once, so the
mask of a pending decision is never recomputed and never empty: a choice with no legal
option is simply not offered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, NamedTuple


class Task(IntEnum):
    """Engine steps that run without a decision (or offer one)."""

    DRAFT_PICK = 0
    SETUP_ITEMS = 1
    SETUP_DRAW = 2
    START_TURN = 3
    RECRUIT_UP = 4
    DISCARD = 5
    TURN_ACTION = 6
    ORGANIZE = 7
    RECRUIT = 8
    END_TURN = 9
    WHOLE_WINDOW = 10
    ATTACKERS = 11
    DEFENDERS = 12
    LOOP = 13
    RESPONSES = 14
    END_BATTLE = 15
    SETUP_YARD = 16


class DecisionKind(IntEnum):
    """Every kind of choice a household can be asked to make."""

    DRAFT = 0
    SETUP_ATTACH = 1
    SETUP_YARD = 2
    PLACE_ATTACHMENT = 3
    RECRUIT_UP = 4
    DISCARD = 5
    TURN_ACTION = 6
    ORGANIZE = 7
    YARD_REPLACE = 8
    RECRUIT = 9
    REMOVE_GNOME = 10
    CHOOSE_OPPONENT = 11
    WHOLE_BATTLE = 12
    ATTACKER = 13
    DEFENDER = 14
    REACT = 15
    RESPOND = 16
    TARGET_HOUSEHOLD = 17
    TARGET_ATTACHMENT = 18
    TARGET_YARD = 19
    TARGET_OWN_GNOME = 20
    FUNCTION_DISCARD = 21
    GIVE_GNOME = 22


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


def reoffer(state: Any) -> None:
    """Recompute the legal actions of the pending decision (after hidden cards were resampled)."""
    d = state.pending
    if d is not None:
        legal = DECISIONS[d.kind].options(state, d.player, d.data)
        state.pending = Decision(d.kind, d.player, d.data, tuple(legal))


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
