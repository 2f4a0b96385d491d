"""Ogre cards (R11): free actions of the action phase and their target decisions.

An ogre card is offered only when it has a complete legal use; playing it puts it face up on
the discard pile at once, then its targets are chosen one small decision at a time. With
Troll's Bridge, a seat the card is aimed at may deny it with a Troll King once it is named
(``troll.deny_guard``, T6.2); the effect then waits as an ``OGRE_GO`` step.
"""

from __future__ import annotations

from collections.abc import Iterator

from gnome_envs.core.errors import InvariantError
from gnome_envs.dwarfs_fall.actions import ActionLayout
from gnome_envs.dwarfs_fall.board import distances_within
from gnome_envs.dwarfs_fall.components import (
    LAYER_KIND,
    NEIGHBOUR,
    NUM_GEMS,
    PANIC_REACH,
    SPOTS,
    TROLL_KING_DRAWS,
    Ogre,
)
from gnome_envs.dwarfs_fall.empires import targetable, thievery
from gnome_envs.dwarfs_fall.pending import (
    DECISIONS,
    Decision,
    DecisionKind,
    DecisionRule,
    Step,
    offer,
)
from gnome_envs.dwarfs_fall.state import DwarfsFallState

FIRST_DECISION = {
    Ogre.AMBUSH: DecisionKind.AMBUSH_CELL,
    Ogre.BRUTE: DecisionKind.BRUTE_CELL,
    Ogre.PANIC: DecisionKind.PANIC_CELL,
    Ogre.THIEF: DecisionKind.THIEF_SEAT,
    Ogre.CROWN: DecisionKind.CROWN_SEAT,
    Ogre.WRECKING_BALL: DecisionKind.WRECKING_CELL,
}


def _layout(state: DwarfsFallState) -> ActionLayout:
    return state.game.action_layout


def _seat(state: DwarfsFallState, p: int, offset: int) -> int:
    return (p + offset) % state.game.num_players


def _offset(state: DwarfsFallState, p: int, other: int) -> int:
    return (other - p) % state.game.num_players


# ---------------------------------------------------------------------------- targets
def crowded_cells(state: DwarfsFallState) -> list[int]:
    """Cards with at least one dwarf on them (and no guardian or dragon, X5.4)."""
    crowd = state.crowd
    cells = [c for c in state.regions.occupied if crowd[c]]
    return targetable(state, cells) if state.game.empires else cells


def enemies_at(state: DwarfsFallState, p: int, cell: int) -> list[int]:
    """Other seats with a dwarf on ``cell``."""
    n = state.game.num_players
    row = state.dwarfs[cell * n:(cell + 1) * n]
    return [q for q in range(n) if q != p and row[q]]


def brute_cells(state: DwarfsFallState, p: int) -> list[int]:
    """Cards with an enemy dwarf that seat ``p`` can swap with a dwarf of its own elsewhere."""
    own = state.cells_with_dwarfs(p)
    if state.game.empires:
        own = targetable(state, own)
    if not own:
        return []
    return [c for c in crowded_cells(state)
            if enemies_at(state, p, c) and any(o != c for o in own)]


def panic_destinations(state: DwarfsFallState, cell: int, has_room: list[bool] | None = None) -> list[int]:
    """Cards a dwarf on ``cell`` may be sent to: 1-2 crossings, no walls, room on each card
    (``has_room``: per cell whether its card has a free spot, if already known)."""
    if has_room is None:
        has_room = _has_room(state)
    cells = distances_within(state.regions.passable, has_room, cell, PANIC_REACH)
    return targetable(state, cells) if state.game.empires else cells


def panic_cells(state: DwarfsFallState) -> list[int]:
    """Cards with a dwarf that Panic can move somewhere (a neighbouring connected card with room)."""
    return list(_panic_cells(state))


def panic_usable(state: DwarfsFallState) -> bool:
    """``bool(panic_cells(state))``, stopping at the first card found."""
    return next(_panic_cells(state), None) is not None


def _panic_cells(state: DwarfsFallState) -> Iterator[int]:
    """``panic_cells`` one by one, in cell order."""
    passable = state.regions.passable
    has_room = None
    for c in crowded_cells(state):
        if not any(passable[c] >> side & 1 and state.has_room(nb) for side, nb in enumerate(NEIGHBOUR[c])):
            continue
        if state.game.empires:  # a shielded card may be the only way on (X5.4)
            if has_room is None:
                has_room = _has_room(state)
            if not panic_destinations(state, c, has_room):
                continue
        yield c


def _has_room(state: DwarfsFallState) -> list[bool]:
    """Per cell: whether a card lies there with a free spot."""
    top, crowd = state.top, state.crowd
    return [t >= 0 and crowd[c] < SPOTS[LAYER_KIND[t]] for c, t in enumerate(top)]


def thief_targets(state: DwarfsFallState, p: int) -> list[int]:
    """Other seats holding a gem."""
    n = state.game.num_players
    return [q for q in range(n) if q != p and state.gems.size(q)]


def crown_targets(state: DwarfsFallState, p: int) -> list[int]:
    """Other seats holding an ogre card."""
    n = state.game.num_players
    return [q for q in range(n) if q != p and state.ogres.size(q)]


def playable(state: DwarfsFallState, p: int) -> list[int]:
    """Ogre kinds seat ``p`` holds that have a legal use now."""
    hand = state.ogres.of(p)
    if not any(hand):
        return []
    out = []
    if hand[Ogre.AMBUSH] and any(state.crowd) and (not state.game.empires or crowded_cells(state)):
        out.append(Ogre.AMBUSH)
    if hand[Ogre.BRUTE] and brute_cells(state, p):
        out.append(Ogre.BRUTE)
    if hand[Ogre.PANIC] and panic_usable(state):
        out.append(Ogre.PANIC)
    if hand[Ogre.THIEF] and thief_targets(state, p):
        out.append(Ogre.THIEF)
    if hand[Ogre.CROWN] and crown_targets(state, p):
        out.append(Ogre.CROWN)
    if len(hand) > Ogre.TROLL_KING and hand[Ogre.TROLL_KING]:  # T6.1: always usable to draw
        out.append(Ogre.TROLL_KING)
    if len(hand) > Ogre.WRECKING_BALL and hand[Ogre.WRECKING_BALL] and wreck_cells(state):  # X7.1
        out.append(Ogre.WRECKING_BALL)
    return [int(k) for k in out]


def play(state: DwarfsFallState, p: int, kind: int) -> None:
    """R11: the card goes face up to the discard pile, then its targets are chosen."""
    from gnome_envs.dwarfs_fall.flow import discard_ogre, draw_ogre

    discard_ogre(state, p, kind)
    if kind == Ogre.TROLL_KING:  # T6.1: discarded on one's turn, it draws two ogre cards
        for _ in range(TROLL_KING_DRAWS):
            draw_ogre(state, p)
        return
    offer(state, FIRST_DECISION[Ogre(kind)], p)


def _denied(state: DwarfsFallState, p: int, kind: int, victims: list[int], *args: int) -> bool:
    """T6.2: whether a victim may deny the card (its effect then waits as an OGRE_GO step)."""
    if not state.game.trolls:
        return False
    from gnome_envs.dwarfs_fall.troll import deny_guard

    return deny_guard(state, p, kind, victims, (Step.OGRE_GO, p, kind, *args))


# ---------------------------------------------------------------------------- Ambush (R11.1)
def _ambush_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.cell(c) for c in crowded_cells(state)]


def _ambush(state: DwarfsFallState, d: Decision, action: int) -> None:
    cell = _layout(state).decode(action).arg
    if _denied(state, d.player, Ogre.AMBUSH, enemies_at(state, d.player, cell), cell):
        return
    ambush(state, d.player, cell)


def ambush(state: DwarfsFallState, p: int, cell: int) -> None:
    """Every meeple on ``cell`` goes home (an ogre seat takes a pouch if an enemy's was there, X4.3)."""
    if state.game.empires and enemies_at(state, p, cell):
        thievery(state, p)
    state.clear_cell(cell)


# ---------------------------------------------------------------------------- Brute (R11.2)
def _brute_cell_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.cell(c) for c in brute_cells(state, p)]


def _brute_cell(state: DwarfsFallState, d: Decision, action: int) -> None:
    offer(state, DecisionKind.BRUTE_SEAT, d.player, (_layout(state).decode(action).arg,))


def _brute_seat_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.seat(_offset(state, p, q)) for q in enemies_at(state, p, data[0])]


def _brute_seat(state: DwarfsFallState, d: Decision, action: int) -> None:
    enemy = _seat(state, d.player, _layout(state).decode(action).arg)
    if _denied(state, d.player, Ogre.BRUTE, [enemy], d.data[0], enemy):
        return
    offer(state, DecisionKind.BRUTE_OWN, d.player, (d.data[0], enemy))


def _brute_own_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    cells = [c for c in state.cells_with_dwarfs(p) if c != data[0]]
    return [layout.cell(c) for c in (targetable(state, cells) if state.game.empires else cells)]


def _brute_own(state: DwarfsFallState, d: Decision, action: int) -> None:
    """The enemy dwarf and the player's own dwarf trade places."""
    p = d.player
    cell, enemy = d.data
    own = _layout(state).decode(action).arg
    state.move_meeple(enemy, cell, own)
    state.move_meeple(p, own, cell)
    if state.game.empires:
        thievery(state, p)


# ---------------------------------------------------------------------------- Panic (R11.3)
def _panic_cell_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.cell(c) for c in panic_cells(state)]


def _panic_cell(state: DwarfsFallState, d: Decision, action: int) -> None:
    offer(state, DecisionKind.PANIC_SEAT, d.player, (_layout(state).decode(action).arg,))


def _panic_seat_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    n = state.game.num_players
    cell = data[0]
    return [layout.seat(_offset(state, p, q)) for q in sorted(range(n), key=lambda q: _offset(state, p, q))
            if state.dwarfs_of(q, cell)]


def _panic_seat(state: DwarfsFallState, d: Decision, action: int) -> None:
    owner = _seat(state, d.player, _layout(state).decode(action).arg)
    victims = [owner] if owner != d.player else []
    if _denied(state, d.player, Ogre.PANIC, victims, d.data[0], owner):
        return
    offer(state, DecisionKind.PANIC_DEST, d.player, (d.data[0], owner))


def _panic_dest_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.cell(c) for c in panic_destinations(state, data[0])]


def _panic_dest(state: DwarfsFallState, d: Decision, action: int) -> None:
    cell, owner = d.data
    state.move_meeple(owner, cell, _layout(state).decode(action).arg)
    if state.game.empires and owner != d.player:
        thievery(state, d.player)


# ---------------------------------------------------------------------------- Thief, Crown (R11.4-5)
def _thief_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.seat(_offset(state, p, q)) for q in thief_targets(state, p)]


def _thief(state: DwarfsFallState, d: Decision, action: int) -> None:
    """A random gem of the victim's changes hands; only thief and victim see which (O16)."""
    p = d.player
    victim = _seat(state, p, _layout(state).decode(action).arg)
    if not _denied(state, p, Ogre.THIEF, [victim], victim):
        steal(state, p, victim)


def steal(state: DwarfsFallState, p: int, victim: int) -> None:
    """Seat ``p`` takes a random gem card of ``victim``'s hand."""
    held = state.gems.of(victim)
    pick = int(state.rng.integers(sum(held)))
    gem = 0
    while pick >= held[gem]:
        pick -= held[gem]
        gem += 1
    if gem >= NUM_GEMS:
        raise InvariantError(f"Thief drew past seat {victim}'s gems {held}")
    state.gems.lose(victim, gem, 1, seen_by=(p, victim))
    state.gems.gain(p, gem, 1, seen_by=(p, victim))


def _crown_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.seat(_offset(state, p, q)) for q in crown_targets(state, p)]


def _crown(state: DwarfsFallState, d: Decision, action: int) -> None:
    """Every ogre card of the victim goes to the player (O17)."""
    victim = _seat(state, d.player, _layout(state).decode(action).arg)
    if not _denied(state, d.player, Ogre.CROWN, [victim], victim):
        state.ogres.take_all(d.player, victim)


# ---------------------------------------------------------------------------- Wrecking Ball (X7.1)
def wreck_cells(state: DwarfsFallState) -> list[int]:
    """Cards the Wrecking Ball can hit: a meeple on it or a stack it can dig, not shielded."""
    troll = state.troll_cell if state.game.trolls else -1
    stacks, crowd = state.stacks, state.crowd
    cells = [c for c in state.regions.occupied if crowd[c] or (len(stacks[c]) > 1 and c != troll)]
    return targetable(state, cells)


def _wreck_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.cell(c) for c in wreck_cells(state)]


def _wreck(state: DwarfsFallState, d: Decision, action: int) -> None:
    cell = _layout(state).decode(action).arg
    if not _denied(state, d.player, Ogre.WRECKING_BALL, enemies_at(state, d.player, cell), cell):
        wreck(state, d.player, cell)


def wreck(state: DwarfsFallState, p: int, cell: int) -> None:
    """Every meeple on ``cell`` goes home (as an Ambush), then its stack is dug if it can be."""
    ambush(state, p, cell)
    stack = state.stacks[cell]
    if len(stack) > 1 and not (state.game.trolls and state.troll_cell == cell):
        state.set_stack(cell, (stack[-1],) + stack[:-1])


DECISIONS.update({
    DecisionKind.AMBUSH_CELL: DecisionRule(_ambush_options, _ambush),
    DecisionKind.BRUTE_CELL: DecisionRule(_brute_cell_options, _brute_cell),
    DecisionKind.BRUTE_SEAT: DecisionRule(_brute_seat_options, _brute_seat),
    DecisionKind.BRUTE_OWN: DecisionRule(_brute_own_options, _brute_own),
    DecisionKind.PANIC_CELL: DecisionRule(_panic_cell_options, _panic_cell),
    DecisionKind.PANIC_SEAT: DecisionRule(_panic_seat_options, _panic_seat),
    DecisionKind.PANIC_DEST: DecisionRule(_panic_dest_options, _panic_dest),
    DecisionKind.THIEF_SEAT: DecisionRule(_thief_options, _thief),
    DecisionKind.CROWN_SEAT: DecisionRule(_crown_options, _crown),
    DecisionKind.WRECKING_CELL: DecisionRule(_wreck_options, _wreck),
})

__all__ = ["ambush", "brute_cells", "crown_targets", "panic_cells", "panic_destinations", "panic_usable", "playable", "steal", "thief_targets", "wreck", "wreck_cells"]
