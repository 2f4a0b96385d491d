"""Royal Decrees: the decisions and turn steps the decrees add (tables and queries: decrees.py).

Decisions: ``ROTATE_CARD`` (PLACE on the chosen cell with another turn), ``MEMORIAL_CARD`` (a
CELL), ``TUNNEL_DEST`` (a CELL) and ``STORE_TRADE`` (TRADE_IN a won goal, or END for none).
Steps: Hard Workers' round (``HW_ROUND``: every morning, then every night, then the axe moves).
Clause numbers refer to ``seeds/dwarfs_fall.md``.
"""

from __future__ import annotations

from collections.abc import Sequence

from gnome_envs.dwarfs_fall.actions import ActionLayout, Decoded, Family
from gnome_envs.dwarfs_fall.components import IS_MONSTER, TRADING_GOALS, TRADING_ROW
from gnome_envs.dwarfs_fall.decrees import (
    Decree,
    fortress_cells,
    rotatable,
    rotate,
    rotations_of,
    tunnel_sources,
    tunnel_targets,
)
from gnome_envs.dwarfs_fall.pending import (
    DECISIONS,
    STEPS,
    Decision,
    DecisionKind,
    DecisionRule,
    Step,
    offer,
    push,
)
from gnome_envs.dwarfs_fall.state import DwarfsFallState


# the decrees the action phase reads on every decision, as plain ints
FORTRESS, CRAZY_BALLOONISTS = int(Decree.FORTRESS), int(Decree.CRAZY_BALLOONISTS)
HIDDEN_TUNNELS, HIRED_HANDS = int(Decree.HIDDEN_TUNNELS), int(Decree.HIRED_HANDS)
FORTRESS_BIT, CRAZY_BALLOONISTS_BIT = 1 << FORTRESS, 1 << CRAZY_BALLOONISTS
HIDDEN_TUNNELS_BIT, HIRED_HANDS_BIT = 1 << HIDDEN_TUNNELS, 1 << HIRED_HANDS
ACTION_DECREE_BITS = FORTRESS_BIT | HIDDEN_TUNNELS_BIT | HIRED_HANDS_BIT  # decrees that add actions


def _layout(state: DwarfsFallState) -> ActionLayout:
    return state.game.action_layout


# ---------------------------------------------------------------------------- the action phase
def placeable(state: DwarfsFallState, p: int, cells: Sequence[int]) -> Sequence[int]:
    """D4.1 Fortress and D9 Crazy Balloonists narrow where a dwarf from the pile may go."""
    decrees = state.decree_mask
    if decrees & FORTRESS_BIT:
        cells = fortress_cells(state, p, cells)
    if decrees & CRAZY_BALLOONISTS_BIT and state.placed_cells:
        placed = state.placed_cells
        cells = [c for c in cells if c not in placed]
    return cells


def extra_actions(state: DwarfsFallState, p: int, room: Sequence[int], can_act: bool,
                  spots: Sequence[int] | None = None) -> list[int]:
    """The actions decrees add to the action phase (``room``: cards with a free spot; ``spots``:
    ``placeable`` of them if already known)."""
    decrees = state.decree_mask
    if not decrees & ACTION_DECREE_BITS:
        return []
    layout = _layout(state)
    legal: list[int] = []
    if can_act and decrees & FORTRESS_BIT and not (placeable(state, p, room) if spots is None else spots):
        base = layout.rotate_base
        legal += [base + c for c in rotatable(state)]  # D4.2: no valid spot, for any reason
    if can_act and decrees & HIDDEN_TUNNELS_BIT:
        base = layout.tunnel_base
        legal += [base + c for c in tunnel_sources(state, p)]  # D14
    if decrees & HIRED_HANDS_BIT:
        hand = state.ogres.of(p)
        base = layout.hire_base
        legal += [base + k for k in range(len(hand)) if hand[k]]  # D8
    return legal


def act(state: DwarfsFallState, p: int, decoded: Decoded) -> None:
    """Carry out a decree's action-phase family (ROTATE, TUNNEL, HIRE)."""
    from gnome_envs.dwarfs_fall.flow import discard_ogre

    family = decoded.family
    if family == Family.HIRE:  # D8: the card is discarded without effect for one more action
        discard_ogre(state, p, decoded.arg)
        state.bonus_actions += 1
        state.touch(p)  # its action limit is in the public features
        return
    state.actions_used += 1
    if family == Family.ROTATE:
        offer(state, DecisionKind.ROTATE_CARD, p, (decoded.arg,))
    else:
        offer(state, DecisionKind.TUNNEL_DEST, p, (decoded.arg,))


def played_card(state: DwarfsFallState, p: int, kind: int) -> None:
    """D10: remember that seat ``p`` played a monster from hand this turn."""
    if IS_MONSTER[kind]:
        state.monster_played[p] = True


def placed_dwarf(state: DwarfsFallState, cell: int) -> None:
    """D9: remember the card a dwarf from the pile went to this turn."""
    state.placed_cells = state.placed_cells + (cell,)


def new_turn(state: DwarfsFallState, p: int) -> None:
    """Per-turn decree state starts afresh."""
    if state.bonus_actions:
        for q in range(state.game.num_players):  # the hired actions were in the old turn player's row
            state.touch(q)
    state.bonus_actions = 0
    state.placed_cells = ()
    state.monster_played[p] = False


# ---------------------------------------------------------------------------- rotating (D4.2, D7)
def _rotate_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    cell = data[0]
    return [layout.place(cell, r) for r in rotations_of(state, cell)]


def _rotate(state: DwarfsFallState, d: Decision, action: int) -> None:
    decoded = _layout(state).decode(action)
    rotate(state, decoded.arg, decoded.arg2)


def memorial_task(state: DwarfsFallState, p: int, cell: int) -> None:
    """D7: a battle memorial's task turns one card with no meeple on it (nothing if there is none)."""
    offer(state, DecisionKind.MEMORIAL_CARD, p)


def _memorial_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.cell(c) for c in rotatable(state)]


def _memorial(state: DwarfsFallState, d: Decision, action: int) -> None:
    offer(state, DecisionKind.ROTATE_CARD, d.player, (_layout(state).decode(action).arg,))


# ---------------------------------------------------------------------------- Hidden Tunnels (D14)
def _tunnel_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.cell(c) for c in tunnel_targets(state, data[0])]


def _tunnel(state: DwarfsFallState, d: Decision, action: int) -> None:
    state.move_meeple(d.player, d.data[0], _layout(state).decode(action).arg)


# ---------------------------------------------------------------------------- Charming Merchants (D5)
def trade_ins(state: DwarfsFallState, p: int, goal: int) -> list[int]:
    """Won trading goals of seat ``p`` worth less than ``goal`` whose cost, with its gems, pays for it."""
    held = state.gems.of(p)
    want = TRADING_GOALS[goal]
    if want.monsters and len(state.defeated[p]) < want.monsters:  # a dragon egg still costs its monster
        return []
    return [g for g in state.trading_won[p] if TRADING_GOALS[g].vp < want.vp
            and all(h + old >= new for h, old, new in zip(held, TRADING_GOALS[g].cost, want.cost))]


def _trade_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    from gnome_envs.dwarfs_fall.resolve import can_pay

    layout = _layout(state)
    goal = state.trading_row[data[0]]
    direct = [layout.end()] if can_pay(state, p, goal) else []
    return direct + [layout.trade_in(g) for g in trade_ins(state, p, goal)]


def _trade(state: DwarfsFallState, d: Decision, action: int) -> None:
    from gnome_envs.dwarfs_fall.resolve import buy

    decoded = _layout(state).decode(action)
    buy(state, d.player, d.data[0], decoded.arg if decoded.family == Family.TRADE_IN else -1)


# ---------------------------------------------------------------------------- Hard Workers (D3)
def _hw_round(state: DwarfsFallState, first: int) -> None:
    """D3.1: every player's morning (actions) in turn from the axe, then every night."""
    n = state.game.num_players
    state.round += 1
    state.first_player = first
    order = [(first + k) % n for k in range(n)]
    push(state, *[(Step.MORNING, p) for p in order], *[(Step.NIGHT, p) for p in order],
         (Step.HW_ROUND_END, first))


def _morning(state: DwarfsFallState, p: int) -> None:
    state.turn_player = p
    state.night = False
    state.actions_used = 0
    if state.game.empires:  # the race's free action is once a turn (X3.4, X4.4, X4.7)
        state.power_used = False
    new_turn(state, p)
    push(state, (Step.ACTION_PHASE, p))


def _night(state: DwarfsFallState, p: int) -> None:
    state.turn_player = p
    state.night = True
    if state.game.trolls:
        state.toll_paid = False
        push(state, (Step.RESOLVE_PHASE, p), (Step.TROLL_ROAM, p), (Step.DISCARD_PHASE, p), (Step.END_TURN, p))
    else:
        push(state, (Step.RESOLVE_PHASE, p), (Step.DISCARD_PHASE, p), (Step.END_TURN, p))


def _hw_round_end(state: DwarfsFallState, first: int) -> None:
    """D3.2: the axe goes to the next player."""
    push(state, (Step.HW_ROUND, (first + 1) % state.game.num_players))


def last_of_round(state: DwarfsFallState, p: int) -> bool:
    """Whether seat ``p``'s turn closes the round (the seat before the axe under Hard Workers)."""
    n = state.game.num_players
    if state.decree(Decree.HARD_WORKERS):
        return p == (state.first_player - 1) % n
    return p == n - 1


DECISIONS.update({
    DecisionKind.ROTATE_CARD: DecisionRule(_rotate_options, _rotate),
    DecisionKind.MEMORIAL_CARD: DecisionRule(_memorial_options, _memorial),
    DecisionKind.TUNNEL_DEST: DecisionRule(_tunnel_options, _tunnel),
    DecisionKind.STORE_TRADE: DecisionRule(_trade_options, _trade),
})
STEPS.update({Step.HW_ROUND: _hw_round, Step.MORNING: _morning, Step.NIGHT: _night,
              Step.HW_ROUND_END: _hw_round_end})

__all__ = [
    "TRADING_ROW",
    "act",
    "extra_actions",
    "last_of_round",
    "memorial_task",
    "new_turn",
    "placeable",
    "placed_dwarf",
    "played_card",
    "trade_ins",
]
