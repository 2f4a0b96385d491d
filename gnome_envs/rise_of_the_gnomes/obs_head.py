"""The head of the Rise of the Gnomes observation: the pending decision, who decides, the
turn, the phase and the decision's context (``observation.py`` has the layout).

Each decision kind's context is written by the writers ``CONTEXT[kind]`` lists (none for most
kinds), looked up once instead of testing the kind against every case.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from gnome_envs.rise_of_the_gnomes.obs_blocks import COST_SCALE, LEVEL_SCALE, STEP_SCALE, VALUE_SCALE, zero
from gnome_envs.rise_of_the_gnomes.pending import DecisionKind

if TYPE_CHECKING:  # state.py imports the observation
    from gnome_envs.rise_of_the_gnomes.state import RiseState

# context_values entries
AMOUNT, PURPOSE, STEPS_TAKEN, STEPS_ALLOWED, MOVED, ACTION_LINE = range(6)


def write_head(state: RiseState, public: np.ndarray | memoryview, at: dict[str, int]) -> None:
    """The pending decision, turn, phase and their context (every entry before the tiles)."""
    zero(public, 0, at["tiles"])
    public[at["start_player"] + state.start_player] = 1.0
    public[at["phase"] + state.phase] = 1.0
    if state.turn:
        public[at["turn"] + state.turn - 1] = 1.0
    if state.rampage_tile >= 0:
        public[at["context_tiles"] + state.rampage_tile] = 1.0
    if state.bribed:
        for o in range(state.owners):
            if state.bribed >> o & 1:
                public[at["bribed"] + o] = 1.0
    d = state.pending
    if d is not None:
        public[at["decision"] + d.kind] = 1.0
        public[at["decider"] + d.player] = 1.0
        for write in CONTEXT[d.kind]:
            write(d.data, public, at)


def _tile_first(data: tuple, part: np.ndarray, at: dict[str, int]) -> None:
    part[at["context_tiles"] + data[0]] = 1.0


def _pay_action(data: tuple, part: np.ndarray, at: dict[str, int]) -> None:
    v = at["context_values"]
    part[v + AMOUNT] = data[1] / COST_SCALE
    part[v + PURPOSE] = data[0]
    if data[0] == 0:
        part[at["context_action"] + data[2]] = 1.0


def _tribute_step(data: tuple, part: np.ndarray, at: dict[str, int]) -> None:
    part[at["context_tiles"] + data[0]] = 1.0
    v = at["context_values"]
    part[v + STEPS_TAKEN] = data[1] / STEP_SCALE
    part[v + STEPS_ALLOWED] = data[2] / STEP_SCALE


def _left_and_moved(data: tuple, part: np.ndarray, at: dict[str, int]) -> None:
    v = at["context_values"]
    part[v + AMOUNT] = min(data[1] / VALUE_SCALE, 1.0)
    part[v + MOVED] = min(data[2] / VALUE_SCALE, 1.0)


def _amount_last(data: tuple, part: np.ndarray, at: dict[str, int]) -> None:
    if data:
        part[at["context_values"] + AMOUNT] = min(data[-1] / VALUE_SCALE, 1.0)


def _gnome_tile(data: tuple, part: np.ndarray, at: dict[str, int]) -> None:
    part[at["context_values"] + ACTION_LINE] = (data[0] + 1) / LEVEL_SCALE


def _gnome_victim(data: tuple, part: np.ndarray, at: dict[str, int]) -> None:  # (tile, removals left, tied)
    part[at["context_values"] + AMOUNT] = data[1] / VALUE_SCALE


def _gnome_caravan(data: tuple, part: np.ndarray, at: dict[str, int]) -> None:  # (source, dests, cubes left, tied)
    part[at["context_values"] + AMOUNT] = data[2] / VALUE_SCALE


CONTEXT_TILE_FIRST = {  # decisions whose data[0] is a map position
    DecisionKind.BREWERY_SOURCE, DecisionKind.COMPETITION_REMOVE, DecisionKind.CARAVAN_DEST,
    DecisionKind.MOVE_SOURCE, DecisionKind.GNOME_VICTIM, DecisionKind.GNOME_CARAVAN_TILE,
    DecisionKind.COMPETITION_ADD,
}
AMOUNT_LAST = {DecisionKind.DELIVERY_TILE, DecisionKind.FESTIVAL_TILE, DecisionKind.CARAVAN_SOURCE,
               DecisionKind.CUBES_TILE, DecisionKind.COMPETITION_TILE, DecisionKind.MOVE_SOURCE,
               DecisionKind.COMPETITION_ADD}
_VALUES: dict[int, Callable] = {
    DecisionKind.PAY_ACTION: _pay_action, DecisionKind.TRIBUTE_STEP: _tribute_step,
    DecisionKind.CARAVAN_DEST: _left_and_moved, DecisionKind.COMPETITION_REMOVE: _left_and_moved,
    **{kind: _amount_last for kind in AMOUNT_LAST},
    DecisionKind.GNOME_TILE: _gnome_tile, DecisionKind.GNOME_VICTIM: _gnome_victim,
    DecisionKind.GNOME_CARAVAN_TILE: _gnome_caravan,
}
# per decision kind: the writers of its context, the tile first (a tuple indexed by kind)
CONTEXT: tuple[tuple[Callable, ...], ...] = tuple(
    tuple(w for w in (_tile_first if kind in CONTEXT_TILE_FIRST else None, _VALUES.get(kind)) if w is not None)
    for kind in DecisionKind
)
