"""The policy protocol every agent follows.

A policy answers ``act(state, seat, rng) -> action``. It may use only what ``seat`` may know.
The harness (:func:`choose_action`) enforces that: a policy that reads the state beyond the
legal mask (``needs_state = True``) is handed ``state.determinize(seat, rng)``, never the true
state of a game with hidden information. A policy that looks only at the mask of its own
pending decision (the random agent) sets ``needs_state = False`` and skips that cost.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np

from gnome_envs.core.engine import State


@runtime_checkable
class Policy(Protocol):
    """Anything that picks a legal action for the seat to move."""

    name: str
    needs_state: bool

    def act(self, state: State, seat: int, rng: np.random.Generator) -> int:
        """A legal action for ``seat`` in ``state``."""
        ...


def best_first(legal: list[int], scores) -> list[int]:
    """``legal`` sorted by ``scores``, highest first; equal scores keep their order (lower index first)."""
    return [legal[i] for i in sorted(range(len(legal)), key=lambda i: -scores[i])]


def choose_action(policy: Policy, state: State, rng: np.random.Generator) -> int:
    """Ask ``policy`` for the current player's action, giving it only what that seat may know."""
    seat = state.current_player
    view = state.determinize(seat, rng) if policy.needs_state else state
    return int(policy.act(view, seat, rng))
