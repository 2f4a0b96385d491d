"""The uniform random policy over the legal mask."""

from __future__ import annotations

import numpy as np

from gnome_envs.core.engine import State


class RandomAgent:
    """Picks uniformly among the legal actions of the pending decision."""

    name = "random"
    needs_state = False

    def act(self, state: State, seat: int, rng: np.random.Generator) -> int:
        """A uniformly random legal action."""
        legal = np.flatnonzero(state.legal_action_mask())
        return int(legal[rng.integers(legal.size)])
