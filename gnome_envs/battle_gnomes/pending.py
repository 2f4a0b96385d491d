"""The engine loop: a task stack, the pending decision, and the handler registries.

``flow`` (setup and turns), ``organize`` (Organize, Recruit, turn cards), ``battle`` (the
Gnome Battle) and ``responses`` (declarations and response windows) register their tasks and
decision rules here. A decision is offered only with its legal actions computed once, so the
mask of a pending decision is never recomputed and never empty: a choice with no legal
option is simply not offered.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum

from gnome_envs.core.loop import Decision, DecisionRule, RuleTable


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


RULES = RuleTable()
DECISIONS: dict[int, DecisionRule] = RULES.decisions
TASKS: dict[int, Callable[..., None]] = RULES.tasks
offer = RULES.offer
advance = RULES.advance
resolve_decision = RULES.resolve
reoffer = RULES.reoffer


def push(state, *tasks: tuple) -> None:
    """Queue ``tasks`` so that the first one given runs first; task kinds are stored as plain ints."""
    state.tasks.extend([(int(task[0]),) + task[1:] for task in reversed(tasks)])

__all__ = ["DECISIONS", "NUM_DECISION_KINDS", "RULES", "TASKS", "Decision", "DecisionKind", "DecisionRule", "Task", "advance", "offer", "push", "reoffer", "resolve_decision"]
