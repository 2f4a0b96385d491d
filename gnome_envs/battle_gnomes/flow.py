"""Setup, the turn structure and the end of Battle Gnomes!.

Setup deals the cards, lays out the selection, runs the two-round snake draft and lets each
household attach one item and lay one yard item. Each turn queues the start-of-turn recruits,
the discards and draw, the turn action and the end of the turn as tasks; the handlers below
are registered in ``pending.TASKS`` and ``pending.DECISIONS``. Clause numbers refer to
``seeds/battle_gnomes.md``.
"""

from __future__ import annotations

from gnome_envs.battle_gnomes.actions import Family, TurnAction
from gnome_envs.battle_gnomes.components import (
    CARD_TYPE,
    CARDS,
    MIN_GNOMES,
    NUM_GNOMES,
    ROUND_LIMIT,
    SELECTION_SIZE,
    SLOT_OF_DESIGN,
    STARTING_HAND,
    CardType,
)
from gnome_envs.battle_gnomes.pending import (
    DECISIONS,
    TASKS,
    Decision,
    DecisionKind,
    DecisionRule,
    Task,
    advance,
    offer,
    push,
)
from gnome_envs.battle_gnomes.state import NO_CARD, NO_GNOME, BattleGnomesState

FIRST_PICKER = 0  # the seat that picks first in the draft (the rulebook's shortest player)
YARD = int(CardType.YARD)
WEAPON, DEFENCE = int(CardType.WEAPON), int(CardType.DEFENCE)


def setup(state: BattleGnomesState) -> None:
    """R2: shuffle both decks, deal five cards each, lay out three gnomes, then the draft."""
    n = state.game.num_players
    rng = state.rng
    deck = [design for design, card in enumerate(CARDS) for _ in range(card.copies)]
    rng.shuffle(deck)
    state.deck = deck
    gnomes = list(range(NUM_GNOMES))
    rng.shuffle(gnomes)
    state.gnome_deck = gnomes
    for seat in range(n):
        state.draw(seat, STARTING_HAND)
    state.selection = [state.gnome_deck.pop() for _ in range(SELECTION_SIZE)]
    order = [(FIRST_PICKER + k) % n for k in range(n)]
    snake = order + order[::-1]  # R2.3: the last to pick starts the second round backwards
    push(state,
         *[(Task.DRAFT_PICK, seat) for seat in snake],
         *[(Task.SETUP_ITEMS, seat) for seat in order],
         *[(Task.SETUP_DRAW, seat) for seat in order],
         (Task.START_TURN, (FIRST_PICKER + 1) % n))
    advance(state)


def layout(state: BattleGnomesState):
    """The action layout of this game."""
    return state.game.action_layout


def hand_designs(state: BattleGnomesState, seat: int, types: tuple[int, ...] | None = None) -> list[int]:
    """Distinct designs in ``seat``'s hand (optionally of the given card types), ascending."""
    hand = state.hands[seat]
    out: list[int] = []
    last = -1
    for design in hand:
        if design != last and (types is None or CARD_TYPE[design] in types):
            out.append(design)
        last = design
    return out


def selection_slots(state: BattleGnomesState) -> list[int]:
    """Selection slots holding a gnome."""
    return [slot for slot, gnome in enumerate(state.selection) if gnome != NO_GNOME]


def lay_yard(state: BattleGnomesState, seat: int, design: int) -> None:
    """Put a yard item in front of household ``seat`` (room is checked by the caller)."""
    state.yard[seat].append(design)
    state.touch_house(seat)


# ---------------------------------------------------------------------------- setup (R2)
def _draft_pick(state: BattleGnomesState, seat: int) -> None:
    offer(state, DecisionKind.DRAFT, seat)


def _slot_options(state: BattleGnomesState, p: int, data: tuple) -> list[int]:
    base = layout(state).slot_base
    return [base + slot for slot in selection_slots(state)]


def _recruit_slot(state: BattleGnomesState, d: Decision, action: int) -> None:
    """R2.3 / R4.1 / R6.1: take a selection gnome; the slot is refilled at once."""
    gnome = state.take_selection(layout(state).decode(action).arg)
    state.add_gnome(d.player, gnome)


def _setup_items(state: BattleGnomesState, seat: int) -> None:
    push(state, (Task.SETUP_YARD, seat))
    offer(state, DecisionKind.SETUP_ATTACH, seat)


def _setup_attach_options(state: BattleGnomesState, p: int, data: tuple) -> list[int]:
    lay = layout(state)
    return [lay.pass_action] + [lay.card_base + d for d in hand_designs(state, p, (WEAPON, DEFENCE))]


def _setup_attach(state: BattleGnomesState, d: Decision, action: int) -> None:
    """R2.4: attach one weapon or defence from the hand to one of the two gnomes."""
    decoded = layout(state).decode(action)
    if decoded.family == Family.PASS:
        return
    state.take_from_hand(d.player, decoded.arg)
    state.held = decoded.arg
    offer(state, DecisionKind.PLACE_ATTACHMENT, d.player)


def _setup_yard_task(state: BattleGnomesState, seat: int) -> None:
    offer(state, DecisionKind.SETUP_YARD, seat)


def _setup_yard_options(state: BattleGnomesState, p: int, data: tuple) -> list[int]:
    lay = layout(state)
    return [lay.pass_action] + [lay.card_base + d for d in hand_designs(state, p, (YARD,))]


def _setup_yard(state: BattleGnomesState, d: Decision, action: int) -> None:
    """R2.4: lay one yard item from the hand."""
    decoded = layout(state).decode(action)
    if decoded.family == Family.CARD:
        state.take_from_hand(d.player, decoded.arg)
        lay_yard(state, d.player, decoded.arg)


def _place_options(state: BattleGnomesState, p: int, data: tuple) -> list[int]:
    base = layout(state).gnome_base
    return [base + k for k in range(len(state.households[p]))]


def _place(state: BattleGnomesState, d: Decision, action: int) -> None:
    """Put the held attachment on gnome k; one already in that slot is discarded (R5.1)."""
    gnome = state.households[d.player][layout(state).decode(action).arg]
    design = state.held
    state.held = NO_CARD
    state.attach(d.player, gnome, design)
    if state.organizing:  # O8: only Organize can lift, so only Organize marks
        state.settled |= 1 << (2 * gnome + SLOT_OF_DESIGN[design])


def _setup_draw(state: BattleGnomesState, seat: int) -> None:
    """R2.4: after the setup attachments, draw back up to five cards."""
    missing = STARTING_HAND - len(state.hands[seat])
    if missing > 0:
        state.draw(seat, missing)


def draw_up(state: BattleGnomesState, seat: int, extra: int) -> None:
    """Draw up to the hand limit (plus ``extra``) if below it."""
    missing = state.hand_limit(seat) + extra - len(state.hands[seat])
    if missing > 0:
        state.draw(seat, missing)


# ---------------------------------------------------------------------------- turns (R4)
def _start_turn(state: BattleGnomesState, p: int) -> None:
    state.in_setup = False
    state.turn_player = p
    state.turn_number += 1
    push(state, (Task.RECRUIT_UP, p), (Task.DISCARD, p), (Task.TURN_ACTION, p), (Task.END_TURN, p))


def _recruit_up(state: BattleGnomesState, p: int) -> None:
    """R4.1: below two gnomes, recruit from the selection until two (while any is left)."""
    if len(state.households[p]) < MIN_GNOMES and selection_slots(state):
        push(state, (Task.RECRUIT_UP, p))
        offer(state, DecisionKind.RECRUIT_UP, p)


def _discard_task(state: BattleGnomesState, p: int) -> None:
    offer(state, DecisionKind.DISCARD, p)


def _discard_options(state: BattleGnomesState, p: int, data: tuple) -> list[int]:
    lay = layout(state)
    return [lay.pass_action] + [lay.card_base + d for d in hand_designs(state, p)]


def _discard(state: BattleGnomesState, d: Decision, action: int) -> None:
    """R4.2: discard any cards, one at a time; stopping draws up to the hand limit."""
    decoded = layout(state).decode(action)
    if decoded.family == Family.CARD:
        state.take_from_hand(d.player, decoded.arg)
        state.to_discard(decoded.arg)
        push(state, (Task.DISCARD, d.player))
    else:
        draw_up(state, d.player, 0)


def _turn_action_task(state: BattleGnomesState, p: int) -> None:
    offer(state, DecisionKind.TURN_ACTION, p)


def _turn_action_options(state: BattleGnomesState, p: int, data: tuple) -> list[int]:
    from gnome_envs.battle_gnomes.battle import can_battle

    lay = layout(state)
    legal = [lay.turn(TurnAction.ORGANIZE)]
    if selection_slots(state):
        legal.append(lay.turn(TurnAction.RECRUIT))
    if can_battle(state, p):
        legal.append(lay.turn(TurnAction.BATTLE))
    return legal


def _turn_action(state: BattleGnomesState, d: Decision, action: int) -> None:
    """R4.3: Organize, Recruit or Gnome Battle."""
    choice = layout(state).decode(action).arg
    if choice == TurnAction.ORGANIZE:
        state.organizing = True
        push(state, (Task.ORGANIZE, d.player))
    elif choice == TurnAction.RECRUIT:
        push(state, (Task.RECRUIT, d.player))
    else:
        offer(state, DecisionKind.CHOOSE_OPPONENT, d.player)


def turn_limit(num_players: int) -> int:
    """R9.4: the turn after which the game ends (every household has had ROUND_LIMIT turns)."""
    return ROUND_LIMIT * num_players


def _end_turn(state: BattleGnomesState, p: int) -> None:
    """R9.4: the game ends after the last turn of the round limit; R9.2: once the selection could
    not be refilled, every household has one more turn."""
    if state.turn_number >= turn_limit(state.game.num_players):
        finish(state)
        return
    if state.final_round:
        state.final_turns_left -= 1
        if state.final_turns_left <= 0:
            finish(state)
            return
    push(state, (Task.START_TURN, (p + 1) % state.game.num_players))


def finish(state: BattleGnomesState, winner: int = -1) -> None:
    """End the game now (``winner`` wins at once, R9.1)."""
    state.winner = winner
    state.finished = True
    state.pending = None
    state.tasks.clear()
    state.touch_table()


TASKS.update({
    Task.DRAFT_PICK: _draft_pick,
    Task.SETUP_ITEMS: _setup_items,
    Task.SETUP_YARD: _setup_yard_task,
    Task.SETUP_DRAW: _setup_draw,
    Task.START_TURN: _start_turn,
    Task.RECRUIT_UP: _recruit_up,
    Task.DISCARD: _discard_task,
    Task.TURN_ACTION: _turn_action_task,
    Task.END_TURN: _end_turn,
})
DECISIONS.update({
    DecisionKind.DRAFT: DecisionRule(_slot_options, _recruit_slot),
    DecisionKind.RECRUIT_UP: DecisionRule(_slot_options, _recruit_slot),
    DecisionKind.SETUP_ATTACH: DecisionRule(_setup_attach_options, _setup_attach),
    DecisionKind.SETUP_YARD: DecisionRule(_setup_yard_options, _setup_yard),
    DecisionKind.PLACE_ATTACHMENT: DecisionRule(_place_options, _place),
    DecisionKind.DISCARD: DecisionRule(_discard_options, _discard),
    DecisionKind.TURN_ACTION: DecisionRule(_turn_action_options, _turn_action),
})
