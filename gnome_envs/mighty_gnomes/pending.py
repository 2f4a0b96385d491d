"""The engine loop: a task stack, the pending decision, and the handler registries.

``flow`` registers the round and turn tasks, ``decisions`` and ``effects`` the decision rules.
A decision is offered only with its legal actions computed once, so the mask of a pending
decision is never recomputed and never empty: a choice with no legal option is not offered.

The loop adds one rule to the shared one (R8.2): as soon as a gain leaves a seat with more
resources than its warehouse holds, that seat discards down to capacity before anything else
happens; a decision offered in the same step waits and is offered afresh after the discards.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import Any

from gnome_envs.core.loop import Decision, DecisionRule, RuleTable


class Task(IntEnum):
    """Engine steps that run without a decision (or offer one)."""

    START_ROUND = 0
    TURN = 1
    DRUID_ROUND = 2
    DRUID_TURN = 3
    BOOKS = 4
    TURN_END = 5
    ICONS = 6
    MOVE = 7
    DRAW_KEEP = 8
    ABILITY = 9
    BEDROOM = 10
    RESOLVE_TRAIL = 11
    CLAIM = 12
    END_ROUND = 13
    UPGRADE = 14
    REOFFER = 15


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


class MightyRules(RuleTable):
    """The shared decision loop plus the immediate warehouse limit (R8.2, O21)."""

    def advance(self, state: Any) -> None:
        """Run queued tasks until a decision is pending or the game is over; an overflowing
        warehouse is settled before each task."""
        while state.pending is None and not state.finished:
            seat = state.overflowing() if state.over_capacity else -1
            if seat >= 0:
                self.offer(state, DecisionKind.DISCARD, seat)
                continue
            if not state.tasks:
                state.finished = True
                for hook in self.on_finish:
                    hook(state)
                break
            task = state.tasks.pop()
            self.tasks[task[0]](state, *task[1:])
        for hook in self.after_advance:
            hook(state)

    def resolve(self, state: Any, action: int) -> None:
        """Apply ``action``; a decision its handler offered waits behind any overflow discards."""
        decision = state.pending
        state.pending = None
        self.decisions[decision.kind].resolve(state, decision, action)
        following = state.pending
        if following is not None and state.over_capacity and state.overflowing() >= 0:
            state.pending = None
            self.push(state, (Task.REOFFER, following.kind, following.player, following.data))
        self.advance(state)


RULES = MightyRules()
DECISIONS: dict[int, DecisionRule] = RULES.decisions
TASKS: dict[int, Callable[..., None]] = RULES.tasks
offer = RULES.offer
push = RULES.push
advance = RULES.advance
resolve_decision = RULES.resolve


def _reoffer(state: Any, kind: int, player: int, data: tuple) -> None:
    """Offer again a decision that waited for a discard (its options computed afresh)."""
    offer(state, kind, player, data)


TASKS[Task.REOFFER] = _reoffer

__all__ = ["DECISIONS", "NUM_DECISION_KINDS", "RULES", "TASKS", "Decision", "DecisionKind", "DecisionRule", "Task", "advance", "offer", "push", "resolve_decision"]
