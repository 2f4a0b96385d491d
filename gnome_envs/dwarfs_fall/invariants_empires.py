"""Invariants of The Empires: class pieces, meeple counts, stolen pouches, boxed monsters."""

from __future__ import annotations

from gnome_envs.dwarfs_fall.components import CODE_KIND, DWARFS_PER_COLOUR, IS_MONSTER
from gnome_envs.dwarfs_fall.races import (
    CLASSES,
    IN_PILE,
    NOT_OWNED,
    NUM_CLASSES,
    POUCHES,
    RACE_CLASSES,
)


def check_empires(state) -> list[str]:
    """Every violated Empires invariant, as readable sentences."""
    n = state.game.num_players
    out: list[str] = []
    for p in range(n):
        base = p * NUM_CLASSES
        owned = [c for c in range(NUM_CLASSES) if state.pieces[base + c] != NOT_OWNED]
        if any(c not in RACE_CLASSES[state.game.races[p]] for c in owned):
            out.append(f"seat {p} owns classes {owned} its race cannot buy")
        extra = sum(CLASSES[c].extra for c in owned)
        if state.meeples[p] != DWARFS_PER_COLOUR + extra:
            out.append(f"seat {p}: {state.meeples[p]} meeples with {extra} extra class meeples")
        if len(state.pieces_at(p, IN_PILE)) > state.pile[p]:
            out.append(f"seat {p}: more class pieces in the pile than meeples there")
        for c in owned:
            cell = state.pieces[base + c]
            if cell >= 0 and (state.top[cell] < 0 or state.plain_at(p, cell) < 0):
                out.append(f"seat {p}: class {c} on cell {cell} without a meeple of its own there")
    if sum(state.pouches) + state.pouch_pile != POUCHES or min(state.pouches) < 0 or state.pouch_pile < 0:
        out.append(f"stolen pouches {state.pouches} + pile {state.pouch_pile} != {POUCHES}")
    if any(not IS_MONSTER[CODE_KIND[code]] for code in state.boxed):
        out.append(f"boxed cards that are not monsters: {state.boxed}")
    return out
