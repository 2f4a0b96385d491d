"""The engine loop: a task stack, the pending decision, and the handler registries.

Rule modules register their tasks (steps that run without a decision or offer one) in
``TASKS`` and their decision rules in ``DECISIONS`` of the shared :class:`core.loop.RuleTable`. A decision is offered only with its legal
actions computed once, so the mask of a pending decision is never recomputed and never empty:
a choice with no legal option is simply not offered.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum

from gnome_envs.core.loop import Decision, DecisionRule, RuleTable


class Task(IntEnum):
    """Engine steps that run without a decision (or offer one)."""

    RACE_PICK = 0
    SETUP_PLAYER = 1
    SETUP_GNOMES = 2
    JUDGE_DISCARD = 3
    START_TURN = 4
    ALLY_PHASE = 5
    ALLY_PICK = 6
    ALLY_LEFTOVER = 7
    PLACE_NEXT = 8
    UPGRADE_TOKEN = 9
    CARD_PHASE = 10
    CARD_SPACE = 11
    NO_CUBES_CHECK = 12
    CARD_PHASE_END = 13
    GNOME_PHASE = 14
    GNOME_CARD = 15
    CUTTHROAT_PLAY = 16
    DRAGON_CARD_MOVE = 17
    RAMPAGE = 18
    BRIBE_ASK = 19
    RAMPAGE_DAMAGE = 20
    GNOME_ACTION = 21
    GNOME_CARAVAN_MOVE = 22
    GNOME_COMPETITION = 23
    SCORE_PHASE = 24
    RESET = 25
    END_GAME = 26
    ORCTOBERFEST_MORE = 27
    CARAVAN_STEP = 28
    COMPETITION_STEP = 29
    ADD_OR_MOVE = 30
    GNOME_CARD_DONE = 31


class DecisionKind(IntEnum):
    """Every kind of choice a player can be asked to make."""

    RACE_PICK = 0
    UPGRADE_SLOT = 1
    JUDGE_DISCARD = 2
    ALLY_PICK = 3
    PLACE_BREWER = 4
    BUILD_TILE = 5
    BREWERY_SOURCE = 6
    TRIBUTE_STEP = 7
    THUGS_TILE = 8
    BARD_TILE = 9
    BOAT_TILE = 10
    ORCTOBERFEST_MORE = 11
    CUBES_TILE = 12
    REVEAL_TILE = 13
    PAY_ACTION = 14
    DELIVERY_TILE = 15
    COMPETITION_TILE = 16
    COMPETITION_REMOVE = 17
    FESTIVAL_TILE = 18
    CARAVAN_SOURCE = 19
    CARAVAN_DEST = 20
    MOVE_SOURCE = 21
    NO_CUBES_TILE = 22
    BRIBE = 23
    GNOME_CARD_PLAY = 24
    DRAGON_TILE = 25
    GNOME_TILE = 26
    GNOME_CARAVAN_TILE = 27
    GNOME_VICTIM = 28
    COMPETITION_ADD = 29


NUM_DECISION_KINDS = len(DecisionKind)


RULES = RuleTable()
DECISIONS: dict[int, DecisionRule] = RULES.decisions
TASKS: dict[int, Callable[..., None]] = RULES.tasks
RULES.on_finish.append(lambda state: state.on_finish())


def decision_rule(kind: DecisionKind, options: Callable, resolve: Callable) -> None:
    """Register how decisions of ``kind`` list their options and resolve."""
    DECISIONS[kind] = DecisionRule(options, resolve)


def task(kind: Task) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Decorator: register the handler of task ``kind``."""
    def register(handler: Callable[..., None]) -> Callable[..., None]:
        TASKS[kind] = handler
        return handler
    return register


offer = RULES.offer
push = RULES.push
advance = RULES.advance
resolve_decision = RULES.resolve

__all__ = ["DECISIONS", "NUM_DECISION_KINDS", "RULES", "TASKS", "Decision", "DecisionKind", "DecisionRule", "Task",
           "advance", "decision_rule", "offer", "push", "resolve_decision", "task"]
