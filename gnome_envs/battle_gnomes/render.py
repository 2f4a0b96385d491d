"""Text rendering of Battle Gnomes!: the table, each household, the battle, and action names.

Hidden information is never printed for anyone but the seat given to ``render_text`` (by
default no hand is shown: only hand sizes); that seat's hand is listed with each card's effect.
Every card an action names leaves the hand face up (played, attached, laid or discarded onto
the open discard pile), so ``describe_action`` reads the same for every viewer.
"""

from __future__ import annotations

from gnome_envs.battle_gnomes.actions import Family, TurnAction
from gnome_envs.battle_gnomes.components import CARD_TYPE, CARDS, GNOMES, CardType, Slot, Timing
from gnome_envs.battle_gnomes.pending import DecisionKind
from gnome_envs.battle_gnomes.state import BattleGnomesState

SIDE_NAMES = ("attacker", "defender")
SLOT_NAMES = {Slot.WEAPON: "weapon", Slot.DEFENCE: "defence"}
TURN_NAMES = {TurnAction.ORGANIZE: "Organize", TurnAction.RECRUIT: "Recruit", TurnAction.BATTLE: "Gnome Battle"}
PASS_TEXT = {
    DecisionKind.SETUP_ATTACH: "attach nothing",
    DecisionKind.SETUP_YARD: "lay no yard item",
    DecisionKind.DISCARD: "stop discarding and draw up to the hand limit",
    DecisionKind.ORGANIZE: "end Organize",
    DecisionKind.WHOLE_BATTLE: "pass (no whole-battle card)",
    DecisionKind.ATTACKER: "attack with no more gnomes",
    DecisionKind.REACT: "pass",
    DecisionKind.RESPOND: "let it happen (no response)",
}
CARD_VERBS = {
    DecisionKind.SETUP_ATTACH: "attach",
    DecisionKind.SETUP_YARD: "lay the yard item",
    DecisionKind.DISCARD: "discard",
    DecisionKind.RECRUIT: "play",
    DecisionKind.WHOLE_BATTLE: "play",
    DecisionKind.REACT: "play",
    DecisionKind.RESPOND: "respond with",
    DecisionKind.FUNCTION_DISCARD: "discard for Fizzwick",
}
ORGANIZE_VERBS = {
    CardType.ACTION: "play",
    CardType.WEAPON: "attach",
    CardType.DEFENCE: "attach",
    CardType.BATTLE_ITEM: "play",
    CardType.YARD: "lay the yard item",
}
GNOME_VERBS = {
    DecisionKind.PLACE_ATTACHMENT: "put the held attachment on",
    DecisionKind.REMOVE_GNOME: "remove from the game",
    DecisionKind.ATTACKER: "attack with",
    DecisionKind.DEFENDER: "defend with",
    DecisionKind.REACT: "use the function of",
    DecisionKind.TARGET_OWN_GNOME: "give a Pep Talk to",
    DecisionKind.GIVE_GNOME: "hand over",
}


CARD_KINDS = {
    CardType.WEAPON: "weapon", CardType.DEFENCE: "defence", CardType.BATTLE_ITEM: "battle item",
    CardType.YARD: "yard item",
}
TIMING_KINDS = {Timing.BATTLE: "battle action", Timing.TURN: "turn action", Timing.RESPONSE: "response"}


def gnome_name(gnome: int) -> str:
    """Name and base strength of a gnome."""
    return f"{GNOMES[gnome].name} ({GNOMES[gnome].strength})"


def card_name(design: int) -> str:
    """Name of a card design."""
    return CARDS[design].name


def card_with_effect(design: int) -> str:
    """A card with its kind and effect: ``Rake (weapon): +2``."""
    card = CARDS[design]
    kind = TIMING_KINDS[card.timing] if card.type == CardType.ACTION else CARD_KINDS[card.type]
    return f"{card.name} ({kind}): {card.text}"


def _own_gnome(state: BattleGnomesState, seat: int, k: int) -> str:
    gnomes = state.households[seat] if seat >= 0 else []
    return f"gnome {k} ({gnome_name(gnomes[k])})" if k < len(gnomes) else f"gnome {k} (none)"


def describe_action(state: BattleGnomesState, action: int, viewer: int | None = None) -> str:
    """Meaning of ``action`` in the pending decision (text for every index; the same for every viewer)."""
    n = state.game.num_players
    d = state.game.action_layout.decode(action)
    pending = state.pending
    kind = DecisionKind(pending.kind) if pending else None
    player = pending.player if pending else state.turn_player
    if d.family == Family.PASS:
        return PASS_TEXT.get(kind, "pass")
    if d.family == Family.SLOT:
        return _describe_slot(state, kind, player, d.arg, pending)
    if d.family == Family.TURN:
        return f"turn action: {TURN_NAMES[TurnAction(d.arg)]}"
    if d.family == Family.OPPONENT:
        seat = (player + d.arg) % n
        verb = "battle" if kind == DecisionKind.CHOOSE_OPPONENT else "target"
        return f"{verb} the household of seat {seat} ({d.arg} clockwise)"
    if d.family == Family.GNOME:
        return f"{GNOME_VERBS.get(kind, 'choose')} {_own_gnome(state, player, d.arg)}"
    if d.family == Family.CARD:
        verb = CARD_VERBS.get(kind, "choose")
        if kind == DecisionKind.ORGANIZE:
            verb = ORGANIZE_VERBS[CardType(CARD_TYPE[d.arg])]
        return f"{verb} {card_name(d.arg)}"
    if d.family == Family.ITEM:
        return f"play {card_name(d.arg)} on the {SIDE_NAMES[d.arg2]}'s side"
    if d.family == Family.LIFT:
        return f"lift the {SLOT_NAMES[Slot(d.arg2)]} of {_own_gnome(state, player, d.arg)} to move it"
    target = pending.data[1] if pending and kind == DecisionKind.TARGET_ATTACHMENT else -1
    return f"target the {SLOT_NAMES[Slot(d.arg2)]} of seat {target}'s {_own_gnome(state, target, d.arg)}"


def _describe_slot(state: BattleGnomesState, kind, player: int, slot: int, pending) -> str:
    if kind in (DecisionKind.YARD_REPLACE, DecisionKind.TARGET_YARD):
        seat = pending.data[1] if kind == DecisionKind.TARGET_YARD else player
        yard = state.yard[seat] if seat >= 0 else []
        what = card_name(yard[slot]) if slot < len(yard) else "empty"
        verb = "discard (upgrade)" if kind == DecisionKind.YARD_REPLACE else "mow down"
        return f"{verb} yard item {slot} ({what}) of seat {seat}"
    gnome = state.selection[slot]
    what = gnome_name(gnome) if gnome >= 0 else "empty"
    return f"recruit selection gnome {slot}: {what}"


def _household_lines(state: BattleGnomesState, seat: int, show_hand: bool) -> list[str]:
    marks = []
    if seat == state.turn_player:
        marks.append("turn")
    if seat == state.b_att:
        marks.append("attacking")
    if seat == state.b_def:
        marks.append("defending")
    head = (f"seat {seat}{' [' + ', '.join(marks) + ']' if marks else ''}: hand {len(state.hands[seat])}"
            f"/{state.hand_limit(seat)}, defeated {len(state.defeated[seat])}, "
            f"items in play {state.items_in_play(seat)}")
    lines = [head]
    for k, g in enumerate(state.households[seat]):
        parts = [f"  {k}: {gnome_name(g)} - {GNOMES[g].text}"]
        for slot in Slot:
            design = state.attachment(g, slot)
            if design >= 0:
                parts.append(f"{SLOT_NAMES[slot]} {card_name(design)} (+{CARDS[design].value})")
        battling = any(g in side for side in state.b_sides)
        lines.append("; ".join(parts) + (" [battling]" if battling else ""))
    if state.yard[seat]:
        lines.append("  yard: " + ", ".join(card_name(d) for d in state.yard[seat]))
    if show_hand:
        lines.append("  your hand:" + ("" if state.hands[seat] else " empty"))
        lines += [f"    {card_with_effect(d)}" for d in state.hands[seat]]
    return lines


def stage_text(state: BattleGnomesState) -> str:
    """``setup: ...``, ``turn 4 (seat 1's turn): ...`` or ``game over after turn 9``."""
    if state.finished:
        return f"game over after turn {state.turn_number}"
    decision = f"decision {state.decision_name()} by seat {state.current_player}"
    if state.turn_player < 0:
        return f"setup: {decision}"
    return f"turn {state.turn_number} (seat {state.turn_player}'s turn): {decision}"


def render_text(state: BattleGnomesState, seat: int | None = None) -> str:
    """The table as text; ``seat``'s hand is shown when given."""
    from gnome_envs.battle_gnomes.totals import totals

    lines = [f"Battle Gnomes! {stage_text(state)}"]
    if state.finished:
        lines.append(f"winner: seat {state.winner}" if state.winner >= 0 else
                     f"placements: {state.placements()}")
    if state.final_round:
        lines.append(f"final round: {state.final_turns_left} turn ends left")
    selection = ", ".join(gnome_name(g) if g >= 0 else "-" for g in state.selection)
    lines.append(f"selection: {selection}; gnome deck {len(state.gnome_deck)}; "
                 f"player deck {len(state.deck)}; discard pile {len(state.discard)}")
    for p in range(state.game.num_players):
        lines += _household_lines(state, p, show_hand=seat == p)
    if state.b_att >= 0:
        line = f"battle: seat {state.b_att} attacks seat {state.b_def}"
        if state.b_sides[0]:
            attack, defence = totals(state)
            line += f"; totals {attack} vs {defence}"
        lines.append(line)
        if state.b_area:
            lines.append("  in view: " + ", ".join(card_name(d) for d in state.b_area))
    for frame in state.stack:
        play = frame.play
        what = GNOMES[play.key].name if play.source == 2 else card_name(play.key)
        lines.append(f"declared by seat {play.seat}: {what}{' (cancelled)' if frame.cancelled else ''}")
    if state.held >= 0:
        lines.append(f"in hand, on its way: {card_name(state.held)}")
    return "\n".join(lines)
