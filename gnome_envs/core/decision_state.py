"""The engine-contract plumbing every rules engine built on :mod:`core.loop` shares.

A :class:`DecisionLoopState` keeps ``pending`` (the offered :class:`core.loop.Decision`, its
legal actions computed once), ``finished``, and a random generator that a clone rebuilds
lazily from a snapshot of its state (``_rng`` / ``_rng_snapshot``), so cloning never copies a
Generator. The snapshot is kept until the generator is next handed out by ``rng`` (the only way
to draw from it), so every clone of an unchanged position shares one snapshot. A game's State
subclasses it and names its decision kinds and its rule table::

    class MyState(DecisionLoopState):
        DECISION_KINDS = DecisionKind   # IntEnum; decision_name() is the member's name
        RULES = RULES                   # core.loop.RuleTable that resolves decisions

The state hash covers every public attribute (sorted by name), the config and the generator's
state; ``HASH_EXCLUDED`` names attributes left out (the static game, registries), and a
``bytearray`` is hashed as the list of its values. ``clone`` copies every list and bytearray
attribute (a game may keep a long array of small counts as a bytearray, which copies as one
block), and the lists inside those named in ``NESTED_LISTS``; which attributes those are is
learnt once per class and attribute count (:class:`ListPlan`), not found by testing every
attribute's type on every clone.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from operator import itemgetter
from typing import Any, ClassVar

import numpy as np

from gnome_envs.core.engine import State, restore_rng, rng_state_bytes
from gnome_envs.core.loop import Decision, RuleTable

_WHOLE = itemgetter(slice(None))  # ``row[:]`` as one call, to map over the rows of a nested list


@dataclass(frozen=True)
class ListPlan:
    """Which attributes ``clone`` copies for the states of one class with one attribute count,
    learnt from the first such state cloned.

    ``flat``, ``nested`` and ``blocks`` held lists (``blocks``: bytearrays) then and are taken
    to hold them always (a state where one does not is copied by testing every attribute
    instead); ``maybe`` held None or were private (caches): they are copied only when they hold a
    list, so a cache that is a list some of the time is still copied. An attribute that held
    anything else is never copied.
    """

    flat: tuple[str, ...]
    nested: tuple[str, ...]
    maybe: tuple[str, ...]
    blocks: tuple[str, ...] = ()

    @classmethod
    def learn(cls, fields: dict[str, Any], nested_names: frozenset[str]) -> ListPlan:
        """The plan for states laid out like ``fields`` (a state's attribute dict)."""
        flat, nested, maybe, blocks = [], [], [], []
        for name, value in fields.items():
            if value is None or (name.startswith("_") and type(value) is list):
                maybe.append(name)
            elif type(value) is list:
                (nested if name in nested_names else flat).append(name)
            elif type(value) is bytearray:
                blocks.append(name)
        return cls(tuple(flat), tuple(nested), tuple(maybe), tuple(blocks))


_PLANS: dict[tuple[type, int], ListPlan] = {}  # by state class and attribute count

# Many decisions offer a legal tuple met before (the same few choices again), and building an
# int8 mask from a tuple costs more than finding it again: the masks of recent tuples are kept,
# per action count, read-only and shared like a state's own.
# The memo is emptied when full, so it stays under MASK_MEMO_ENTRIES masks per action count;
# which masks it holds changes no result.
MASK_MEMO_ENTRIES = 4096
_MASK_MEMO: dict[int, dict[tuple[int, ...], np.ndarray]] = {}


def _remember(size: int, legal: tuple[int, ...], mask: np.ndarray) -> None:
    """Keep ``mask`` (read-only) as the mask of ``legal`` among ``size`` actions."""
    memo = _MASK_MEMO.get(size)
    if memo is None:
        memo = _MASK_MEMO[size] = {}
    elif len(memo) >= MASK_MEMO_ENTRIES:
        memo.clear()
    memo[legal] = mask


def copy_lists(fields: dict[str, Any], nested_names: frozenset[str]) -> None:
    """Replace every list and bytearray in ``fields`` (a state's attribute dict) by a copy, the
    lists inside those named in ``nested_names`` copied too, testing the type of every attribute."""
    for name, value in fields.items():
        kind = type(value)
        if kind is list:
            fields[name] = list(map(_WHOLE, value)) if name in nested_names else value[:]
        elif kind is bytearray:
            fields[name] = value[:]


class DecisionLoopState(State):
    """A State whose decisions come from a :class:`RuleTable` and whose chance is its own rng."""

    DECISION_KINDS: ClassVar[type[IntEnum]]
    RULES: ClassVar[RuleTable]
    HASH_EXCLUDED: ClassVar[tuple[str, ...]] = ("game", "rng")
    NESTED_LISTS: ClassVar[frozenset[str]] = frozenset()  # list attributes holding lists

    pending: Decision | None
    finished: bool
    _rng: np.random.Generator | None
    _rng_snapshot: dict[str, Any] | None

    @property
    def current_player(self) -> int:
        """Seat that must decide now, or -1 when the game is over."""
        return -1 if self.pending is None else self.pending.player

    def is_terminal(self) -> bool:
        """Whether the game has ended."""
        return self.finished

    def end_by_limit(self, reason: str) -> None:
        """Stop the game at a designed limit: no decision pending, over, truncated by ``reason``.

        The rules' final scoring (``on_finish``) does not run: the standing scores are reported.
        """
        self.truncated_by = reason
        self.pending = None
        self.tasks = []
        self.finished = True
        self._mask = None

    def decision_name(self) -> str:
        """Name of the pending decision."""
        return "none" if self.pending is None else self.DECISION_KINDS(self.pending.kind).name.lower()

    def legal_action_mask(self) -> np.ndarray:
        """int8 mask of the legal actions (all zero once the game is over), read-only; a game
        whose legal tuples seldom repeat (long ones cost more to hash than to turn into a mask)
        takes ``State.legal_action_mask`` instead, which builds each afresh."""
        mask = self._mask
        if mask is None:
            d = self.pending
            if d is None:
                return super().legal_action_mask()
            memo = _MASK_MEMO.get(self.game.num_actions)
            mask = memo.get(d.legal) if memo is not None else None
            if mask is None:
                mask = self._compute_mask()
                mask.setflags(write=False)
                _remember(self.game.num_actions, d.legal, mask)
            self._mask = mask
        return mask

    def caller_action_mask(self) -> np.ndarray:
        """The legal action mask as a new writable array: a copy of the shared one, found or
        kept as ``legal_action_mask`` does, written out in full: this is the observation's
        call, one a step, and a call from it to ``legal_action_mask`` read +0.6% of a Battle
        Gnomes! step in instructions, one to ``_remember`` +0.2% of a Gnome Village step."""
        mask = self._mask
        if mask is None:
            d = self.pending
            if d is None:
                return super().caller_action_mask()
            size = self.game.num_actions
            memo = _MASK_MEMO.get(size)
            if memo is None:
                memo = _MASK_MEMO[size] = {}
            mask = memo.get(d.legal)
            if mask is None:
                mask = self._compute_mask()
                mask.setflags(write=False)
                if len(memo) >= MASK_MEMO_ENTRIES:
                    memo.clear()
                memo[d.legal] = mask
            self._mask = mask
        return mask.copy()

    def built_action_mask(self) -> np.ndarray:
        """``caller_action_mask`` for a game that takes ``State.legal_action_mask`` (no memo):
        while the state keeps no mask, the caller's is built inline, not made read-only to be
        copied (a step makes one; a call to ``_compute_mask`` here read +0.6% of a Dwar7s Fall
        step in instructions)."""
        d = self.pending
        if self._mask is not None or d is None:
            return self.legal_action_mask().copy()
        mask = np.zeros(self.game.num_actions, dtype=np.int8)
        mask.put(d.legal, 1)
        return mask

    def _compute_mask(self) -> np.ndarray:
        mask = np.zeros(self.game.num_actions, dtype=np.int8)
        mask.put(self.pending.legal, 1)  # faster than indexing with a list built from the tuple
        return mask

    def _only_legal_action(self) -> int:
        legal = self.pending.legal
        return legal[0] if len(legal) == 1 else -1

    def _is_legal(self, index: int) -> bool:
        return index in self.pending.legal

    def _apply_legal(self, action: int) -> None:
        self.RULES.resolve(self, action)

    def clone(self) -> DecisionLoopState:
        """A deep, independent copy: lists copied (``NESTED_LISTS`` one level deeper), other
        attributes shared (immutable or caches replaced, never mutated), the generator rebuilt
        lazily from a snapshot of its state."""
        fields = self.__dict__.copy()
        self._copy_lists(fields)
        return self._state_from(fields)

    def _state_from(self, fields: dict[str, Any]) -> DecisionLoopState:
        """A state of this class with ``fields`` (this state's attributes, lists already copied)
        whose generator is rebuilt lazily from this state's shared snapshot: every clone, the
        games' own overrides included, ends here."""
        fields["_rng_snapshot"] = self._rng_state()
        fields["_rng"] = None
        other = object.__new__(type(self))
        other.__dict__ = fields
        return other

    def _copy_lists(self, fields: dict[str, Any]) -> None:
        """Replace the lists in ``fields`` (a copy of this state's attributes) by copies."""
        nested_names = self.NESTED_LISTS
        key = (type(self), len(fields))
        plan = _PLANS.get(key)
        if plan is None:
            plan = _PLANS[key] = ListPlan.learn(fields, nested_names)
        try:
            fields.update(zip(plan.flat, map(list.copy, map(fields.__getitem__, plan.flat))))
            if plan.blocks:
                fields.update(zip(plan.blocks, map(bytearray.copy, map(fields.__getitem__, plan.blocks))))
            for name in plan.nested:
                fields[name] = list(map(_WHOLE, fields[name]))
            for name in plan.maybe:
                value = fields[name]
                if type(value) is list:
                    fields[name] = list(map(_WHOLE, value)) if name in nested_names else value[:]
        except (KeyError, TypeError):  # laid out unlike the plan: copy the lists one by one
            copy_lists(fields, nested_names)

    # ------------------------------------------------------------------ chance
    @property
    def rng(self) -> np.random.Generator:
        """The state's random generator (rebuilt on first use after a clone). Its snapshot is
        dropped: whoever asks for the generator may draw from it."""
        rng = self._rng
        if rng is None:
            rng = self._rng = restore_rng(self._rng_snapshot)
        self._rng_snapshot = None
        return rng

    @rng.setter
    def rng(self, generator: np.random.Generator) -> None:
        """Give the state ``generator``, which then belongs to it (draw only through ``rng``)."""
        self._rng = generator
        self._rng_snapshot = None

    def _rng_state(self) -> dict[str, Any]:
        """The generator's state dict, taken once and shared until the generator is handed out."""
        snapshot = self._rng_snapshot
        if snapshot is None:
            snapshot = self._rng_snapshot = self._rng.bit_generator.state
        return snapshot

    def _hash_payload(self) -> bytes:
        parts = []
        for name in sorted(self.__dict__):
            if name.startswith("_") or name in self.HASH_EXCLUDED:
                continue
            value = self.__dict__[name]
            parts.append(f"{name}={list(value) if type(value) is bytearray else value!r}")
        parts.append(f"config={self.game.config!r}")
        return ";".join(parts).encode() + b"|" + rng_state_bytes(self._rng_state())


__all__ = ["DecisionLoopState"]
