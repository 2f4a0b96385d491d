"""The scripted Dwar7s Fall opponent's steps towards The Empires' secret goals (used by
``dwarfs_fall_scripted``, ``dwarfs_fall_plans`` and ``dwarfs_fall_empires``).

In plain words: a Zookeeper keeps monsters in its kingdom (it plays its own there and does not
slay them), a Townsmen plays taverns and general stores into its kingdom, and an Adventurers buys
two classes and sends class meeples of kinds not yet there onto the monster it hunts. Each step
is worth its share of the goal's VP (the goal is met at the last one).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gnome_envs.dwarfs_fall.components import (
    ADVENTURER_TYPES,
    IS_MONSTER,
    TOWNSMEN_INNS,
    ZOOKEEPER_MONSTERS,
    Secret,
)
from gnome_envs.dwarfs_fall.empires import piece_cell
from gnome_envs.dwarfs_fall.races import NOT_OWNED, RACE_CLASSES
from gnome_envs.dwarfs_fall.state import DwarfsFallState

SECRET_CHASE = 2.0  # a step towards its own unrevealed secret goal, on top of the goal's VP share
KINGDOM_SECRETS = {  # goal: (how many, what the kingdom counts)
    Secret.ZOOKEEPER: (ZOOKEEPER_MONSTERS, "monsters"),
    Secret.TOWNSMEN: (TOWNSMEN_INNS, "inns"),
}
ADVENTURE_CLASSES = ADVENTURER_TYPES - 1  # with plain meeples, two classes make three types


def chasing(state: DwarfsFallState, seat: int, goal: int) -> bool:
    """Whether ``seat`` holds secret goal ``goal`` and has not revealed it yet."""
    return state.secret[seat] == goal and not state.secret_revealed[seat]


def step_value(state: DwarfsFallState, seat: int, goal: int, steps: int) -> float:
    """Worth of one step of ``steps`` towards ``goal``: its share of the goal's VP and the chase."""
    return (state.game.secret_vp[goal] + SECRET_CHASE) / steps


def with_card(state: DwarfsFallState, cell: int, packed: int, castle: int,
              read: Callable[[DwarfsFallState], Any]) -> Any:
    """``read(state)`` with ``packed`` lying on ``cell`` (``castle``: the seat whose castle it is,
    or -1); the state (the agent's own copy) is put back as it was."""
    top, castles = state.top, state.castle_cell
    old_top, old_castle = top[cell], castles[castle] if castle >= 0 else -1
    top[cell] = packed
    if castle >= 0:
        castles[castle] = cell
    state.layout_changed()
    try:
        return read(state)
    finally:
        top[cell] = old_top
        if castle >= 0:
            castles[castle] = old_castle
        state.layout_changed()


def _kingdom_count(state: DwarfsFallState, seat: int, field: str) -> int:
    kingdom = state.kingdom(seat)
    return getattr(kingdom, field) if kingdom is not None else 0


def kingdom_secret_gain(state: DwarfsFallState, seat: int, cell: int, packed: int, castle: int) -> float:
    """Zookeeper, Townsmen: worth of the monsters or inns a card on ``cell`` adds to (or takes
    from) the kingdom of ``seat``, up to the goal's count."""
    goal = state.secret[seat]
    if goal not in KINGDOM_SECRETS or state.secret_revealed[seat]:
        return 0.0
    need, field = KINGDOM_SECRETS[goal]
    before = _kingdom_count(state, seat, field)
    after = with_card(state, cell, packed, castle, lambda s: _kingdom_count(s, seat, field))
    return step_value(state, seat, goal, need) * (min(after, need) - min(before, need))


def zoo_keeps(state: DwarfsFallState, seat: int, cell: int) -> float:
    """Zookeeper: what slaying the monster on ``cell`` in its own kingdom costs the goal."""
    kingdom = state.kingdom(seat)
    if not chasing(state, seat, Secret.ZOOKEEPER) or kingdom is None or cell not in kingdom.cells:
        return 0.0
    return step_value(state, seat, Secret.ZOOKEEPER, ZOOKEEPER_MONSTERS)


# ---------------------------------------------------------------------------- Adventurers
def owned_classes(state: DwarfsFallState, seat: int) -> list[int]:
    """Classes ``seat`` has bought."""
    return [c for c in RACE_CLASSES[state.game.races[seat]] if piece_cell(state, seat, c) != NOT_OWNED]


def adventure_class_bonus(state: DwarfsFallState, seat: int) -> float:
    """Adventurers: a class bought while it has fewer than two is a step towards the goal."""
    if not state.game.empires or not chasing(state, seat, Secret.ADVENTURERS):
        return 0.0
    if len(owned_classes(state, seat)) >= ADVENTURE_CLASSES:
        return 0.0
    return step_value(state, seat, Secret.ADVENTURERS, ADVENTURER_TYPES)


def adventure_types(state: DwarfsFallState, seat: int, cell: int) -> set[int]:
    """Types of ``seat``'s meeples on ``cell`` (-1 plain, else the class)."""
    types = set(state.pieces_at(seat, cell))
    if state.plain_at(seat, cell):
        types.add(-1)
    return types


def adventure_slay_bonus(state: DwarfsFallState, seat: int, cell: int) -> float:
    """Adventurers: a monster it can fight with three types (those there and in its pile)."""
    if not state.game.empires or not chasing(state, seat, Secret.ADVENTURERS):
        return 0.0
    types = adventure_types(state, seat, cell) | set(state.pieces_at(seat, -1))
    if state.plain_in_pile(seat):
        types.add(-1)
    if len(types) < ADVENTURER_TYPES:
        return 0.0
    return step_value(state, seat, Secret.ADVENTURERS, 1)


def adventure_meeple_bonus(state: DwarfsFallState, seat: int, cell: int, piece: int) -> float:
    """Adventurers: a meeple of a type not yet among its own on the monster on ``cell``."""
    if not chasing(state, seat, Secret.ADVENTURERS) or cell < 0 or state.top[cell] < 0:
        return 0.0
    if not IS_MONSTER[state.kind_at(cell)] or piece in adventure_types(state, seat, cell):
        return 0.0
    return 1.0


__all__ = [
    "SECRET_CHASE", "adventure_class_bonus", "adventure_meeple_bonus", "adventure_slay_bonus", "chasing",
    "kingdom_secret_gain", "owned_classes", "step_value", "with_card", "zoo_keeps",
]
