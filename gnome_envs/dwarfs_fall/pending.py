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
from enum import IntEnum
from typing import Any

from gnome_envs.core.loop import Decision, DecisionRule, RuleTable


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


RULES = RuleTable()
DECISIONS: dict[int, DecisionRule] = RULES.decisions
STEPS: dict[int, Callable[..., None]] = RULES.tasks
AFTER_CHANGE: list[Callable[[Any], None]] = RULES.after_advance  # secret goals
offer = RULES.offer
push = RULES.push
advance = RULES.advance
resolve_decision = RULES.resolve

__all__ = ["AFTER_CHANGE", "DECISIONS", "Decision", "DecisionKind", "DecisionRule", "NUM_DECISION_KINDS", "RULES", "STEPS", "Step", "advance", "offer", "push", "resolve_decision"]
