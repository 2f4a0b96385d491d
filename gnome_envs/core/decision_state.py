"""The engine-contract plumbing every rules engine built on :mod:`core.loop` shares.

A :class:`DecisionLoopState` keeps ``pending`` (the offered :class:`core.loop.Decision`, its
legal actions computed once), ``finished``, and a random generator that a clone rebuilds
lazily from a snapshot of its state (``_rng`` / ``_rng_snapshot``), so cloning never copies a
Generator. A game's State subclasses it and names its decision kinds and its rule table::

    class MyState(DecisionLoopState):
        DECISION_KINDS = DecisionKind   # IntEnum; decision_name() is the member's name
        RULES = RULES                   # core.loop.RuleTable that resolves decisions

The state hash covers every public attribute (sorted by name), the config and the generator's
state; ``HASH_EXCLUDED`` names attributes left out (the static game, registries). ``clone``
copies every list attribute, and the lists inside those named in ``NESTED_LISTS``.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, ClassVar

import numpy as np

from gnome_envs.core.engine import State, new_rng, rng_state_bytes
from gnome_envs.core.loop import Decision, RuleTable


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
        other = object.__new__(type(self))
        fields = self.__dict__.copy()
        nested = self.NESTED_LISTS
        for name, value in fields.items():
            if type(value) is list:
                fields[name] = [row[:] for row in value] if name in nested else value[:]
        fields["_rng_snapshot"] = self._rng_state()
        fields["_rng"] = None
        other.__dict__ = fields
        return other

    # ------------------------------------------------------------------ chance
    @property
    def rng(self) -> np.random.Generator:
        """The state's random generator (rebuilt on first use after a clone)."""
        if self._rng is None:
            self._rng = new_rng(0)
            self._rng.bit_generator.state = self._rng_snapshot
        return self._rng

    @rng.setter
    def rng(self, generator: np.random.Generator) -> None:
        self._rng = generator
        self._rng_snapshot = None

    def _rng_state(self) -> dict[str, Any]:
        return self._rng.bit_generator.state if self._rng is not None else self._rng_snapshot

    def _hash_payload(self) -> bytes:
        parts = []
        for name in sorted(self.__dict__):
            if name.startswith("_") or name in self.HASH_EXCLUDED:
                continue
            parts.append(f"{name}={self.__dict__[name]!r}")
        parts.append(f"config={self.game.config!r}")
        return ";".join(parts).encode() + b"|" + rng_state_bytes(self._rng_state())


__all__ = ["DecisionLoopState"]
