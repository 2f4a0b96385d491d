"""The action phase: play a kingdom card, place a dwarf, move a dwarf, play ogre cards.

Decisions ``ACTION`` (what to do next, or end the phase) and ``PLACE_CARD`` (where the chosen
kingdom card goes and how it is turned). Clause numbers refer to ``seeds/dwarfs_fall.md``.
"""

from __future__ import annotations

from gnome_envs.dwarfs_fall import empire_actions, ogres
from gnome_envs.dwarfs_fall import royal as royal_rules
from gnome_envs.dwarfs_fall.actions import ActionLayout, Family
from gnome_envs.dwarfs_fall.board import LINKS, SPOTS_OF_LAYER
from gnome_envs.dwarfs_fall.components import (
    CASTLE_SLOT,
    CODE_KIND,
    DISTINCT_ROTATIONS,
    IS_MONSTER,
    LAYER_KIND,
    NEIGHBOUR,
    NUM_CELLS,
    NUM_KINDS,
    NUM_ROTATIONS,
    NUM_SIDES,
    UNSTACKABLE,
    layer,
)
from gnome_envs.dwarfs_fall.decrees import DRAGON_KING
from gnome_envs.dwarfs_fall.pending import (
    DECISIONS,
    Decision,
    DecisionKind,
    DecisionRule,
    Step,
    offer,
    push,
)
from gnome_envs.dwarfs_fall.state import DwarfsFallState


def _layout(state: DwarfsFallState) -> ActionLayout:
    return state.game.action_layout


def room_cells(state: DwarfsFallState) -> tuple[int, ...]:
    """Cards with a free spot (R5.3)."""
    return state.room_cells()


def move_options(state: DwarfsFallState, p: int) -> list[tuple[int, int]]:
    """(cell, side) of every one-card move of seat ``p``'s dwarfs (R5.4)."""
    if state.pile[p] == state.meeple_count(p):
        return []
    return [divmod(move, NUM_SIDES) for move in _moves(state, p, 0)]


def _moves(state: DwarfsFallState, p: int, base: int) -> list[int]:
    """``base`` + cell * 4 + side of every one-card move of seat ``p``'s dwarfs, in cell order."""
    return [base + move for move in find_moves(state, p)]


def find_moves(state: DwarfsFallState, p: int) -> list[int]:
    """cell * 4 + side of every one-card move of seat ``p``'s dwarfs, in cell order (no cache)."""
    passable = state.regions.passable
    top, crowd = state.top, state.crowd
    out = []
    for c in state._seat_cells[p]:
        mask = passable[c]
        if mask:
            for bit, nb, move in MOVE_LINKS[c]:
                if mask & bit and crowd[nb] < SPOTS_OF_LAYER[top[nb]]:
                    out.append(move)
    return out


# per cell: (side bit, neighbour, cell * 4 + side) of its neighbours on the mat
MOVE_LINKS = tuple(tuple((bit, nb, c * NUM_SIDES + side) for bit, nb, _, side in LINKS[c]) for c in range(NUM_CELLS))
# per in-hand bit mask: the kinds (hand slots) it holds
KINDS_IN_HAND = tuple(tuple(k for k in range(NUM_KINDS) if mask >> k & 1) for mask in range(1 << NUM_KINDS))


def _action_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    kinds = KINDS_IN_HAND[state.in_hand[p]]
    regions = state.regions
    if regions.empty and kinds:  # R3.2: the first card opens the game
        return [layout.card_base + k for k in kinds]
    legal = [layout.end_base]
    game = state.game
    royal = game.royal
    can_act = state.actions_used < state.action_limit(p)
    spots = None  # where a dwarf from the pile may go, found once
    if can_act:
        if royal and state.end_triggered and state.decree(DRAGON_KING):  # D10.3: no new monsters
            own = game.seat_kinds[p]
            kinds = [k for k in kinds if not IS_MONSTER[own[k]]]
        base = layout.card_base
        if regions.frontier:  # every card fits next to one
            legal += [base + k for k in kinds]
        else:
            legal += [base + k for k in kinds if placement_cells(state, p, k)]
    room = None  # cards with a free spot, found once
    if state.pile[p] and (can_act or game.empires and empire_actions.free_piece_in_pile(state, p)):
        room = state.room_cells()
        spots = royal_rules.placeable(state, p, room) if royal else room
        base = layout.dwarf_base
        legal += [base + c for c in spots]
    if can_act and state._seat_cells[p]:
        legal += _moves(state, p, layout.move_base)
    if state.ogres.sizes[p]:
        base = layout.ogre_base
        legal += [base + kind for kind in ogres.playable(state, p)]
    if royal:
        if can_act and room is None:
            room = state.room_cells()
        legal += royal_rules.extra_actions(state, p, room if can_act else (), can_act, spots if can_act else None)
    if game.empires:
        legal += empire_actions.extra_actions(state, p, can_act)
    return legal


def _action(state: DwarfsFallState, d: Decision, action: int) -> None:
    p = d.player
    decoded = _layout(state).decode(action)
    family = decoded.family
    if family == Family.END:
        return
    push(state, (Step.ACTION_PHASE, p))
    if family == Family.CARD:
        offer(state, DecisionKind.PLACE_CARD, p, (decoded.arg,))
    elif family == Family.DWARF:
        if state.game.empires:  # X5.8: which meeple goes
            empire_actions.place(state, p, decoded.arg, state.actions_used < state.action_limit(p))
            return
        state.place_from_pile(p, decoded.arg)
        state.actions_used += 1
        if state.game.royal:
            royal_rules.placed_dwarf(state, decoded.arg)
    elif family == Family.MOVE:
        cell, side = decoded.arg, decoded.arg2
        if state.game.empires:
            empire_actions.move(state, p, cell, NEIGHBOUR[cell][side])
            return
        state.move_meeple(p, cell, NEIGHBOUR[cell][side])
        state.actions_used += 1
    elif family == Family.OGRE:
        ogres.play(state, p, decoded.arg)
    elif family in EMPIRE_FAMILIES:
        empire_actions.act(state, p, decoded)
    else:
        royal_rules.act(state, p, decoded)


EMPIRE_FAMILIES = frozenset({Family.CLASS, Family.ABILITY, Family.POWER})


def placement_cells(state: DwarfsFallState, p: int, slot: int) -> list[int]:
    """Cells where seat ``p``'s card in ``slot`` may go: next to a card, or on a stack of its
    kind (R3.2, R3.3)."""
    kind = state.game.seat_kinds[p][slot]
    regions = state.regions
    if UNSTACKABLE[kind] or regions.empty:
        return list(regions.frontier)
    top, crowd = state.top, state.crowd
    stacks = [c for c in regions.occupied if not crowd[c] and LAYER_KIND[top[c]] == kind]  # can_stack_on
    return sorted(regions.frontier + tuple(stacks)) if stacks else list(regions.frontier)


def _place_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    slot = data[0]
    layout = _layout(state)
    rotations = DISTINCT_ROTATIONS[state.game.seat_codes[p][slot]]
    base = layout.place_base
    return [base + c * NUM_ROTATIONS + r for c in placement_cells(state, p, slot) for r in rotations]


def _place(state: DwarfsFallState, d: Decision, action: int) -> None:
    """R5.2: the card leaves the hand for the mat; a castle in play gives its extra action."""
    p, slot = d.player, d.data[0]
    decoded = _layout(state).decode(action)
    cell = decoded.arg
    if slot == CASTLE_SLOT:
        state.castle_cell[p] = cell
    code = state.game.seat_codes[p][slot]
    state.put_card(cell, layer(code, decoded.arg2))
    state.in_hand[p] &= ~(1 << slot)
    state.touch(p)
    state.actions_used += 1
    state.busy_round = True  # R10.4
    if state.game.royal:
        royal_rules.played_card(state, p, CODE_KIND[code])


DECISIONS.update({
    DecisionKind.ACTION: DecisionRule(_action_options, _action),
    DecisionKind.PLACE_CARD: DecisionRule(_place_options, _place),
})

__all__ = ["find_moves", "move_options", "placement_cells", "room_cells"]
