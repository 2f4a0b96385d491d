"""The decision loop the rules engines share: a task stack and one pending decision.

A game keeps, on its state, ``pending`` (the :class:`Decision` a player must take now, or
None), ``tasks`` (a stack of ``(task_kind, *args)`` tuples) and ``finished``. One
:class:`RuleTable` per game holds the handlers: task handlers run without a decision (or offer
one); decision rules list the legal actions of a decision kind and resolve a chosen one.

A decision is offered only with its legal actions computed once, at the moment it is offered,
so the mask of a pending decision is never recomputed and never empty: a choice with no legal
option is simply not offered. Handlers are dispatched through the table's dicts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple


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


@dataclass
class RuleTable:
    """One game's task handlers and decision rules, and the loop that runs them.

    ``after_advance`` hooks run every time the loop stops (at a decision or at the end), for
    rules that watch the whole state (goals revealed as soon as they are met, ...);
    ``on_finish`` hooks run once, when the task stack runs out and the game is over.
    """

    decisions: dict[int, DecisionRule] = field(default_factory=dict)
    tasks: dict[int, Callable[..., None]] = field(default_factory=dict)
    after_advance: list[Callable[[Any], None]] = field(default_factory=list)
    on_finish: list[Callable[[Any], None]] = field(default_factory=list)

    def offer(self, state: Any, kind: int, player: int, data: tuple = ()) -> bool:
        """Make ``player`` decide ``kind`` if it has a legal option; return whether it was offered."""
        legal = self.decisions[kind].options(state, player, data)
        if not legal:
            return False
        state.pending = Decision(int(kind), player, data, tuple(legal))
        return True

    def reoffer(self, state: Any) -> None:
        """Recompute the legal actions of the pending decision (after hidden cards were resampled)."""
        d = state.pending
        if d is not None:
            legal = self.decisions[d.kind].options(state, d.player, d.data)
            state.pending = Decision(d.kind, d.player, d.data, tuple(legal))

    @staticmethod
    def push(state: Any, *tasks: tuple) -> None:
        """Queue ``tasks`` so that the first one given runs first."""
        state.tasks.extend(reversed(tasks))

    def advance(self, state: Any) -> None:
        """Run queued tasks until a decision is pending or the game is over."""
        while state.pending is None and not state.finished:
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
        """Apply ``action`` to the pending decision and advance."""
        decision = state.pending
        state.pending = None
        self.decisions[decision.kind].resolve(state, decision, action)
        self.advance(state)
