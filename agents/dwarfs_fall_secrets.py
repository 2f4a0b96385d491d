"""The scripted Dwar7s Fall opponent's steps towards The Empires' secret goals (used by
``dwarfs_fall_scripted``, ``dwarfs_fall_plans`` and ``dwarfs_fall_empires``).

In plain words: a Zookeeper keeps monsters in its kingdom (it plays its own there and does not
slay them; at two players, where the game has four, it plays for every one: see the Zookeeper
section), a Townsmen plays taverns and general stores into its kingdom, and an Adventurers buys
two classes and sends class meeples of kinds not yet there onto the monster it hunts. Each step
is worth its share of the goal's VP (the goal is met at the last one).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gnome_envs.dwarfs_fall.components import (
    ADVENTURER_TYPES,
    DISTINCT_ROTATIONS,
    IS_MONSTER,
    TOWNSMEN_INNS,
    ZOOKEEPER_MONSTERS,
    Secret,
    layer,
)
from gnome_envs.dwarfs_fall.empires import piece_cell
from gnome_envs.dwarfs_fall.races import NOT_OWNED, RACE_CLASSES
from gnome_envs.dwarfs_fall.state import DwarfsFallState
from gnome_envs.dwarfs_fall.turn import placement_cells

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


# ---------------------------------------------------------------------------- Zookeeper
# Where monsters are scarce (two players: four in all for a goal of three), a Zookeeper plays
# for every one: it keeps its kingdom apart from the other seat's (a rival plays monsters into
# a rival's kingdom, never its own), plays the card that brings the third, never slays one at
# home, and guards those another seat gathers on.
ZOO_SPARE = 2  # monsters beyond the goal's three below which they are scarce
ZOO_APART = 3.0  # a card that joins its kingdom to the other seat's
ZOO_GUARD_FROM = 2  # foreign dwarfs gathering on a monster at home before it sends a guard


def zoo_scarce(state: DwarfsFallState) -> bool:
    """Whether the game's monster cards leave fewer than ZOO_SPARE beyond the Zookeeper's three."""
    monsters = sum(IS_MONSTER[kind] for kinds in state.game.seat_kinds for kind in kinds)
    return monsters - ZOOKEEPER_MONSTERS < ZOO_SPARE


def monsters_alive(state: DwarfsFallState) -> int:
    """Monster cards on the mat or in a hand (the others were slain)."""
    kinds = state.game.seat_kinds
    in_hands = sum(IS_MONSTER[kinds[p][slot]] for p in range(state.game.num_players)
                   for slot in range(len(kinds[p])) if state.in_hand[p] >> slot & 1)
    return len(state.regions.monsters) + in_hands


def _scarce_zoo(state: DwarfsFallState, seat: int) -> bool:
    """``seat`` chases Zookeeper where monsters are scarce, and enough are left for the goal."""
    return (chasing(state, seat, Secret.ZOOKEEPER) and zoo_scarce(state)
            and monsters_alive(state) >= ZOOKEEPER_MONSTERS)


def _zoo_size(state: DwarfsFallState, seat: int) -> int:
    return _kingdom_count(state, seat, "monsters")


def _shares_kingdom(state: DwarfsFallState, seat: int) -> bool:
    """Another seat's castle stands in ``seat``'s kingdom."""
    kingdom = state.kingdom(seat)
    return kingdom is not None and len(kingdom.castles) > 1


def zoo_apart(state: DwarfsFallState, seat: int, cell: int, packed: int, castle: int) -> float:
    """A scarce Zookeeper: -ZOO_APART for a card on ``cell`` that joins its kingdom to another's."""
    if not _scarce_zoo(state, seat) or _shares_kingdom(state, seat):
        return 0.0
    joined = with_card(state, cell, packed, castle, lambda s: _shares_kingdom(s, seat))
    return -ZOO_APART if joined else 0.0


def _zoo_after(state: DwarfsFallState, seat: int, slot: int) -> list[int]:
    """Monsters in ``seat``'s kingdom with the card of hand slot ``slot`` at each place it may go."""
    code = state.game.seat_codes[seat][slot]
    return [with_card(state, cell, layer(code, rotation), -1, lambda s: _zoo_size(s, seat))
            for cell in placement_cells(state, seat, slot) for rotation in DISTINCT_ROTATIONS[code]]


def zoo_last_step(state: DwarfsFallState, seat: int, slot: int) -> float:
    """A scarce Zookeeper one monster short: the last step's worth when the card of hand slot
    ``slot`` brings the third monster home somewhere it may go."""
    if not _scarce_zoo(state, seat) or _zoo_size(state, seat) != ZOOKEEPER_MONSTERS - 1:
        return 0.0
    if max(_zoo_after(state, seat, slot), default=0) < ZOOKEEPER_MONSTERS:
        return 0.0
    return step_value(state, seat, Secret.ZOOKEEPER, ZOOKEEPER_MONSTERS)


def zoo_keeps(state: DwarfsFallState, seat: int, cell: int) -> float:
    """Zookeeper: what slaying the monster on ``cell`` in its own kingdom costs the goal: a step,
    or all of it where monsters are scarce (a slain monster never comes back), and nothing once
    fewer than three are left."""
    kingdom = state.kingdom(seat)
    if not chasing(state, seat, Secret.ZOOKEEPER) or kingdom is None or cell not in kingdom.cells:
        return 0.0
    if not zoo_scarce(state):
        return step_value(state, seat, Secret.ZOOKEEPER, ZOOKEEPER_MONSTERS)
    return step_value(state, seat, Secret.ZOOKEEPER, 1) if _scarce_zoo(state, seat) else 0.0


def zoo_guard_plans(state: DwarfsFallState, seat: int) -> dict[int, float]:
    """A scarce Zookeeper: one own dwarf on each monster of its kingdom where another seat's
    dwarfs gather (five of one colour slay it, and a monster has five spots)."""
    kingdom = state.kingdom(seat)
    if not _scarce_zoo(state, seat) or kingdom is None or not kingdom.monsters:
        return {}
    value = step_value(state, seat, Secret.ZOOKEEPER, ZOOKEEPER_MONSTERS)
    return {cell: value for cell in state.regions.monsters
            if cell in kingdom.cells and not state.dwarfs_of(seat, cell) and state.has_room(cell)
            and state.crowd[cell] >= ZOO_GUARD_FROM}


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
    "kingdom_secret_gain", "monsters_alive", "owned_classes", "step_value", "with_card", "zoo_apart",
    "zoo_guard_plans", "zoo_keeps", "zoo_last_step", "zoo_scarce",
]
