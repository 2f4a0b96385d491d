"""The engine loop: a task stack, the pending decision, and the handler registries.

``flow`` registers the round and turn tasks, ``decisions`` and ``effects`` the decision rules.
A decision is offered only with its legal actions computed once, so the mask of a pending
decision is never recomputed and never empty: a choice with no legal option is not offered.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum

from gnome_envs.core.loop import Decision, DecisionRule, RuleTable


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


RULES = RuleTable()
DECISIONS: dict[int, DecisionRule] = RULES.decisions
TASKS: dict[int, Callable[..., None]] = RULES.tasks
offer = RULES.offer
push = RULES.push
advance = RULES.advance
resolve_decision = RULES.resolve

__all__ = ["DECISIONS", "NUM_DECISION_KINDS", "RULES", "TASKS", "Decision", "DecisionKind", "DecisionRule", "Task", "advance", "offer", "push", "resolve_decision"]
