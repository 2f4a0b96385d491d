"""Choosing the targets of a card or gnome function before it is declared.

A card that needs targets waits in ``state.held`` (face up) while its household chooses them;
a gnome function is marked used as soon as it is chosen. Once the targets are chosen the play
is declared (``responses.declare``) and its response window opens.

==================  ==================  ===============================================
purpose             decision            target
==================  ==================  ===============================================
SWIPE               TARGET_HOUSEHOLD,   another household with an attachment, then one
                    TARGET_ATTACHMENT   attachment of one of its gnomes
LAWN_MOWER          TARGET_HOUSEHOLD,   another household with a yard item, then one of
                    TARGET_YARD         its yard items
SABOTAGE            TARGET_ATTACHMENT   a weapon of a battling gnome of the other side
WHISPER             TARGET_ATTACHMENT   a defence of a battling gnome of the other side
PEP_TALK            TARGET_OWN_GNOME    one of your battling gnomes
FIZZWICK            FUNCTION_DISCARD    a card of your hand to discard (the cost)
==================  ==================  ===============================================
"""

from __future__ import annotations

from enum import IntEnum

from gnome_envs.battle_gnomes.components import Card, G, Slot
from gnome_envs.battle_gnomes.pending import (
    DECISIONS,
    Decision,
    DecisionKind,
    DecisionRule,
    offer,
)
from gnome_envs.battle_gnomes.responses import Play, Source, declare
from gnome_envs.battle_gnomes.state import BattleGnomesState


class Purpose(IntEnum):
    """Why a target is being chosen."""

    SWIPE = 0
    LAWN_MOWER = 1
    SABOTAGE = 2
    WHISPER = 3
    PEP_TALK = 4
    FIZZWICK = 5


PURPOSE_SLOT = {Purpose.SABOTAGE: Slot.WEAPON, Purpose.WHISPER: Slot.DEFENCE}
PURPOSE_SOURCE = {Purpose.SWIPE: (Source.CARD, Card.SWIPE), Purpose.LAWN_MOWER: (Source.CARD, Card.LAWN_MOWER),
                  Purpose.SABOTAGE: (Source.CARD, Card.SABOTAGE), Purpose.WHISPER: (Source.FUNCTION, G.WHISPER),
                  Purpose.PEP_TALK: (Source.CARD, Card.PEP_TALK), Purpose.FIZZWICK: (Source.FUNCTION, G.FIZZWICK)}


def _offset(state: BattleGnomesState, p: int, q: int) -> int:
    return (q - p) % state.game.num_players


def has_attachment(state: BattleGnomesState, seat: int) -> bool:
    """Whether any gnome of household ``seat`` carries an attachment."""
    return any(state.weapon[g] >= 0 or state.defence[g] >= 0 for g in state.households[seat])


def opposing_targets(state: BattleGnomesState, p: int, slot: int) -> list[tuple[int, int]]:
    """(index k, gnome) of battling gnomes of the side opposing ``p`` whose ``slot`` item counts."""
    side = state.side_of(p)
    if side < 0:
        return []
    seat = state.side_seat(1 - side)
    nulled = state.b_null_w if slot == Slot.WEAPON else state.b_null_d
    return [(k, g) for k, g in enumerate(state.households[seat])
            if g in state.b_sides[1 - side] and state.attachment(g, slot) >= 0 and not nulled >> g & 1]


# ---------------------------------------------------------------------------- households
def _household_options(state: BattleGnomesState, p: int, data: tuple) -> list[int]:
    lay = state.game.action_layout
    purpose = data[0]
    out = []
    for q in range(state.game.num_players):
        if q == p:
            continue
        ok = has_attachment(state, q) if purpose == Purpose.SWIPE else bool(state.yard[q])
        if ok:
            out.append(lay.opponent(_offset(state, p, q)))
    return out


def _household(state: BattleGnomesState, d: Decision, action: int) -> None:
    q = (d.player + state.game.action_layout.decode(action).arg) % state.game.num_players
    kind = DecisionKind.TARGET_ATTACHMENT if d.data[0] == Purpose.SWIPE else DecisionKind.TARGET_YARD
    offer(state, kind, d.player, (d.data[0], q))


# ---------------------------------------------------------------------------- attachments
def _attachment_options(state: BattleGnomesState, p: int, data: tuple) -> list[int]:
    lay = state.game.action_layout
    purpose, q = data
    if purpose == Purpose.SWIPE:
        return [lay.target(k, slot) for k, g in enumerate(state.households[q])
                for slot in Slot if state.attachment(g, slot) >= 0]
    slot = PURPOSE_SLOT[Purpose(purpose)]
    return [lay.target(k, slot) for k, _ in opposing_targets(state, p, slot)]


def _attachment(state: BattleGnomesState, d: Decision, action: int) -> None:
    decoded = state.game.action_layout.decode(action)
    purpose, q = d.data
    gnome = state.households[q][decoded.arg]
    source, key = PURPOSE_SOURCE[Purpose(purpose)]
    side = state.side_of(d.player)
    declare(state, Play(source, key, d.player, side, q, gnome, decoded.arg2))


def _yard_options(state: BattleGnomesState, p: int, data: tuple) -> list[int]:
    base = state.game.action_layout.slot_base
    return [base + i for i in range(len(state.yard[data[1]]))]


def _yard(state: BattleGnomesState, d: Decision, action: int) -> None:
    slot = state.game.action_layout.decode(action).arg
    declare(state, Play(Source.CARD, Card.LAWN_MOWER, d.player, -1, d.data[1], -1, slot))


# ---------------------------------------------------------------------------- own gnome, cost
def _own_gnome_options(state: BattleGnomesState, p: int, data: tuple) -> list[int]:
    lay = state.game.action_layout
    side = state.side_of(p)
    return [lay.gnome(k) for k, g in enumerate(state.households[p])
            if g in state.b_sides[side] and not state.b_pep >> g & 1]


def _own_gnome(state: BattleGnomesState, d: Decision, action: int) -> None:
    gnome = state.households[d.player][state.game.action_layout.decode(action).arg]
    declare(state, Play(Source.CARD, Card.PEP_TALK, d.player, state.side_of(d.player), d.player, gnome))


def _discard_options(state: BattleGnomesState, p: int, data: tuple) -> list[int]:
    from gnome_envs.battle_gnomes.flow import hand_designs

    base = state.game.action_layout.card_base
    return [base + design for design in hand_designs(state, p)]


def _function_discard(state: BattleGnomesState, d: Decision, action: int) -> None:
    """Fizzwick's cost: the discarded card is gone even if the function is cancelled."""
    design = state.game.action_layout.decode(action).arg
    state.take_from_hand(d.player, design)
    state.to_discard(design)
    declare(state, Play(Source.FUNCTION, G.FIZZWICK, d.player, state.side_of(d.player)))


DECISIONS.update({
    DecisionKind.TARGET_HOUSEHOLD: DecisionRule(_household_options, _household),
    DecisionKind.TARGET_ATTACHMENT: DecisionRule(_attachment_options, _attachment),
    DecisionKind.TARGET_YARD: DecisionRule(_yard_options, _yard),
    DecisionKind.TARGET_OWN_GNOME: DecisionRule(_own_gnome_options, _own_gnome),
    DecisionKind.FUNCTION_DISCARD: DecisionRule(_discard_options, _function_discard),
})
