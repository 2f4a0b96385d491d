"""The Organize and Recruit turn actions (R5, R6) and the turn cards (T) played during them.

Organize is a sequence of small steps until the household says it is done: attach a weapon
or defence from the hand (an attachment already in that slot is discarded: an upgrade), lay
a yard item (with three in play, one of them is discarded to make room), lift an attachment
off a gnome and put it on another (or the same) gnome, or play a turn card. An attachment put
in place during this Organize cannot be lifted again in it, so Organize always ends; any
rearrangement is still reachable by lifting every item to be moved before placing it.
"""

from __future__ import annotations

from gnome_envs.battle_gnomes.actions import Family
from gnome_envs.battle_gnomes.components import (
    CARD_TYPE,
    MAX_GNOMES,
    MAX_YARD,
    TURN_CARDS,
    Card,
    CardType,
    Slot,
)
from gnome_envs.battle_gnomes.flow import hand_designs, lay_yard, selection_slots
from gnome_envs.battle_gnomes.pending import (
    DECISIONS,
    TASKS,
    Decision,
    DecisionKind,
    DecisionRule,
    Task,
    offer,
    push,
)
from gnome_envs.battle_gnomes.responses import Play, Source, declare
from gnome_envs.battle_gnomes.state import NO_CARD, BattleGnomesState
from gnome_envs.battle_gnomes.targets import Purpose, has_attachment

WEAPON, DEFENCE, YARD = int(CardType.WEAPON), int(CardType.DEFENCE), int(CardType.YARD)
ORGANIZE_TYPES = (WEAPON, DEFENCE, YARD, int(CardType.ACTION))


def turn_card_playable(state: BattleGnomesState, p: int, design: int) -> bool:
    """R3.2: whether turn card ``design`` has something to work on now."""
    n = state.game.num_players
    if design == Card.SWIPE:
        return bool(state.households[p]) and any(has_attachment(state, q) for q in range(n) if q != p)
    if design == Card.LAWN_MOWER:
        return any(state.yard[q] for q in range(n) if q != p)
    return design == Card.YARD_SALE


def _turn_card_actions(state: BattleGnomesState, p: int) -> list[int]:
    base = state.game.action_layout.card_base
    hand = state.hands[p]
    return [base + d for d in TURN_CARDS if d in hand and turn_card_playable(state, p, d)]


def play_turn_card(state: BattleGnomesState, p: int, design: int) -> None:
    """Take a turn card from the hand and choose its targets, or declare it at once."""
    state.take_from_hand(p, design)
    if design == Card.YARD_SALE:
        declare(state, Play(Source.CARD, design, p))
        return
    state.held = design
    purpose = Purpose.SWIPE if design == Card.SWIPE else Purpose.LAWN_MOWER
    offer(state, DecisionKind.TARGET_HOUSEHOLD, p, (int(purpose),))


# ---------------------------------------------------------------------------- Organize (R5)
def _organize_task(state: BattleGnomesState, p: int) -> None:
    offer(state, DecisionKind.ORGANIZE, p)


def organize_options(state: BattleGnomesState, p: int) -> list[int]:
    """The steps household ``p`` could take in Organize now (PASS included)."""
    return _organize_options(state, p, ())


def _organize_options(state: BattleGnomesState, p: int, data: tuple) -> list[int]:
    lay = state.game.action_layout
    legal = [lay.pass_action]
    gnomes = state.households[p]
    for design in hand_designs(state, p, (WEAPON, DEFENCE, YARD)):
        if CARD_TYPE[design] == YARD or gnomes:
            legal.append(lay.card_base + design)
    legal += _turn_card_actions(state, p)
    settled = state.settled
    for k, g in enumerate(gnomes):
        for slot in Slot:
            if state.attachment(g, slot) >= 0 and not settled >> (2 * g + slot) & 1:
                legal.append(lay.lift(k, slot))
    return sorted(legal)


def _organize(state: BattleGnomesState, d: Decision, action: int) -> None:
    p = d.player
    decoded = state.game.action_layout.decode(action)
    if decoded.family == Family.PASS:
        end_organize(state, p)
        return
    push(state, (Task.ORGANIZE, p))
    if decoded.family == Family.LIFT:
        gnome = state.households[p][decoded.arg]
        state.held = state.attachment(gnome, decoded.arg2)
        state.set_attachment(gnome, decoded.arg2, NO_CARD)
        offer(state, DecisionKind.PLACE_ATTACHMENT, p)
        return
    design = decoded.arg
    kind = CARD_TYPE[design]
    if kind == CardType.ACTION:
        play_turn_card(state, p, design)
        return
    state.take_from_hand(p, design)
    if kind != YARD:
        state.held = design
        offer(state, DecisionKind.PLACE_ATTACHMENT, p)
    elif len(state.yard[p]) < MAX_YARD:
        lay_yard(state, p, design)
    else:
        state.held = design
        offer(state, DecisionKind.YARD_REPLACE, p)


def end_organize(state: BattleGnomesState, p: int) -> None:
    """R5.5 / O8: Organize is done; nothing counts as placed during it any more."""
    state.organizing = False
    if state.settled:
        state.settled = 0
        state.touch_house(p)


def _yard_replace_options(state: BattleGnomesState, p: int, data: tuple) -> list[int]:
    base = state.game.action_layout.slot_base
    return [base + i for i in range(len(state.yard[p]))]


def _yard_replace(state: BattleGnomesState, d: Decision, action: int) -> None:
    """R5.3: upgrade a yard item: the one in play is discarded, the new one takes its place."""
    i = state.game.action_layout.decode(action).arg
    state.to_discard(state.yard[d.player][i])
    state.yard[d.player][i] = state.held
    state.held = NO_CARD
    state.touch_house(d.player)


# ---------------------------------------------------------------------------- Recruit (R6)
def _recruit_task(state: BattleGnomesState, p: int) -> None:
    offer(state, DecisionKind.RECRUIT, p)


def _recruit_options(state: BattleGnomesState, p: int, data: tuple) -> list[int]:
    base = state.game.action_layout.slot_base
    return [base + slot for slot in selection_slots(state)] + _turn_card_actions(state, p)


def _recruit(state: BattleGnomesState, d: Decision, action: int) -> None:
    p = d.player
    decoded = state.game.action_layout.decode(action)
    if decoded.family == Family.CARD:
        push(state, (Task.RECRUIT, p))
        play_turn_card(state, p, decoded.arg)
        return
    state.add_gnome(p, state.take_selection(decoded.arg))
    if len(state.households[p]) > MAX_GNOMES:
        offer(state, DecisionKind.REMOVE_GNOME, p)


def _remove_options(state: BattleGnomesState, p: int, data: tuple) -> list[int]:
    base = state.game.action_layout.gnome_base
    return [base + k for k in range(MAX_GNOMES)]


def _remove(state: BattleGnomesState, d: Decision, action: int) -> None:
    """R6.2: the replaced gnome leaves the game; its attachments are discarded."""
    gnome = state.households[d.player][state.game.action_layout.decode(action).arg]
    state.leave_household(d.player, gnome)
    state.removed.append(gnome)


TASKS.update({Task.ORGANIZE: _organize_task, Task.RECRUIT: _recruit_task})
DECISIONS.update({
    DecisionKind.ORGANIZE: DecisionRule(_organize_options, _organize),
    DecisionKind.YARD_REPLACE: DecisionRule(_yard_replace_options, _yard_replace),
    DecisionKind.RECRUIT: DecisionRule(_recruit_options, _recruit),
    DecisionKind.REMOVE_GNOME: DecisionRule(_remove_options, _remove),
})
