"""Gnome Village's task and decision kinds, and its rule table (the loop is ``core.loop``).

``flow`` registers the turn-structure tasks, ``decisions`` and ``business`` register decision
rules. A decision is offered only with its legal actions computed once, so the mask of a
pending decision is never recomputed and never empty: a choice with no legal option is
simply not offered.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum

from gnome_envs.core.loop import Decision, DecisionRule, RuleTable


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
    CONSTRUCTION_SITE = 23


NUM_DECISION_KINDS = len(DecisionKind)


RULES = RuleTable()
DECISIONS: dict[int, DecisionRule] = RULES.decisions
TASKS: dict[int, Callable[..., None]] = RULES.tasks
offer = RULES.offer
push = RULES.push
advance = RULES.advance
resolve_decision = RULES.resolve

__all__ = [
    "DECISIONS",
    "NUM_DECISION_KINDS",
    "RULES",
    "TASKS",
    "Decision",
    "DecisionKind",
    "DecisionRule",
    "Task",
    "advance",
    "offer",
    "push",
    "resolve_decision",
]
