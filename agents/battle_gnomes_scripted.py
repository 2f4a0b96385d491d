"""Scripted Battle Gnomes! opponent: a readable priority list per decision.

Priorities, in plain words:

* draft and recruit the gnome worth the most (strength plus a fixed worth of its text);
  replace the weakest gnome when the household is full;
* arm every gnome: the strongest attachment goes to the strongest gnome with a free slot,
  never a weapon on Hector or a defence on Rusty; upgrade when the new card is better; lay
  yard items while there is room, upgrading the weakest; keep every card (no discards);
* battle when the best attack beats the best defence of some household by a safe margin,
  counting the battle cards in hand (the margin asked for shrinks as the game goes on);
  otherwise Organize when there is something to arm, Recruit while below four gnomes or when
  a better gnome is on offer, and Organize (doing nothing) last;
* in a battle, pass while winning; while losing, play the card, item or gnome function that
  helps most (each is tried on a copy of the position); outside a battle, throw items only
  to stop a battling household that already leads on defeated gnomes from winning one more
  (seat numbers never break a tie: every seat is treated alike);
* answer with No Way! what would turn a battle against us (or a card aimed at us), Deflect
  a thrown item aimed at us; hand over the weakest battling gnome.

It reads only what its seat may know (the state it is given is a determinization).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from agents import register_scripted
from agents.base import best_first
from gnome_envs.battle_gnomes.actions import Family, TurnAction
from gnome_envs.battle_gnomes.components import (
    CARD_TYPE,
    CARD_VALUE,
    GNOME_STRENGTH,
    IS_THROWN,
    MAX_GNOMES,
    MAX_YARD,
    SLOT_OF_DESIGN,
    Card,
    CardType,
    G,
    Slot,
)
from gnome_envs.battle_gnomes.pending import DecisionKind
from gnome_envs.battle_gnomes.responses import (
    CARD_EFFECTS,
    FUNCTION_EFFECTS,
    ITEM_EFFECTS,
    Play,
    Source,
)
from gnome_envs.battle_gnomes.state import BattleGnomesState
from gnome_envs.battle_gnomes.totals import totals

ENV_ID = "battle_gnomes_v1"
GNOME_WORTH = {  # what a gnome's text is worth on top of its strength, roughly
    G.GRUMBOLD: -0.5, G.SIR_SPRINKLES: 0.5, G.PEBBLE: 1.0, G.BRAMBLE: 1.5, G.TINKER: 0.8,
    G.OLD_MOSSBEARD: 1.5, G.THISTLE: 1.0, G.CLOD: -1.5, G.FIZZWICK: 1.5, G.NETTLE: 1.0,
    G.GUS: 1.0, G.RUSTY: -1.0, G.MARIGOLD: 0.8, G.SNICKERS: 0.5, G.BOULDER: -1.0,
    G.TWINKLE: 2.0, G.MOSS: 0.5, G.PIP: 0.5, G.CAPTAIN_CLOVER: 1.0, G.DOODLE: 1.0,
    G.WHISPER: 1.0, G.HECTOR: -0.5, G.BUMBLE: 2.0, G.SAGE: 0.5,
}
BATTLE_MARGIN = 2.0  # attack only when ahead by this much after counting the hands
PATIENCE_TURNS = 20.0  # the margin asked for drops by one every this many turns (no endless games)
UNKNOWN_CARD_WORTH = 0.6  # expected battle value of one unseen card in an opponent's hand
BOOST_WORTH = {Card.BATTLE_CRY: 3, Card.FERTILIZER: 2, Card.LUCKY_CLOVER: 1, Card.ROTTEN_TOMATO: 1,
               Card.MUD_PIE: 2, Card.GARDEN_ROCK: 3, Card.PINE_CONE: 1, Card.WATER_BALLOON: 1,
               Card.STINK_BOMB: 1, Card.WATERING_CAN: 2, Card.BEE_SWARM: 2, Card.GARDEN_LANTERN: 1}
Score = Callable[[BattleGnomesState, int, int], float]


def gnome_worth(gnome: int) -> float:
    """Strength plus the fixed worth of the gnome's text."""
    return GNOME_STRENGTH[gnome] + GNOME_WORTH[G(gnome)]


def static_value(state: BattleGnomesState, gnome: int, attacking: bool) -> float:
    """What a gnome brings to a battle before any card is played."""
    value = gnome_worth(gnome)
    if state.weapon[gnome] >= 0 and gnome != G.HECTOR:
        value += CARD_VALUE[state.weapon[gnome]]
    if state.defence[gnome] >= 0 and gnome != G.RUSTY:
        value += CARD_VALUE[state.defence[gnome]]
    if gnome == G.CLOD and attacking:
        return -100.0
    return value


def yard_estimate(state: BattleGnomesState, seat: int) -> float:
    """Printed value of a household's yard items."""
    return float(sum(CARD_VALUE[d] for d in state.yard[seat]))


def best_side(state: BattleGnomesState, seat: int, count: int, attacking: bool) -> float:
    """Value of the household's ``count`` best gnomes plus its yard."""
    values = sorted((static_value(state, g, attacking) for g in state.households[seat]), reverse=True)
    return sum(values[:count]) + yard_estimate(state, seat)


def hand_boost(state: BattleGnomesState, seat: int) -> float:
    """Battle value of the cards in our own hand."""
    return float(sum(BOOST_WORTH.get(d, 0) for d in state.hands[seat]))


def attack_margin(state: BattleGnomesState, seat: int, target: int) -> float:
    """Best expected margin of attacking ``target`` with one or two gnomes."""
    best = -1e9
    for count in (1, 2):
        mine = best_side(state, seat, count, True)
        theirs = best_side(state, target, min(count, len(state.households[target])), False)
        best = max(best, mine - theirs)
    return best + hand_boost(state, seat) - UNKNOWN_CARD_WORTH * len(state.hands[target])


def threat(state: BattleGnomesState) -> int:
    """The battling household winning right now if it already leads (has at least one defeated
    gnome and no fewer than any other household), else -1; seat numbers play no part."""
    winner = state.side_seat(0 if my_margin(state, 0) >= 0 else 1)
    count = len(state.defeated[winner])
    leads = all(count >= len(state.defeated[p]) for p in range(state.game.num_players))
    return winner if count and leads else -1


def my_margin(state: BattleGnomesState, side: int) -> int:
    """How far ``side`` is ahead right now (ties count for the defender)."""
    attack, defence = totals(state)
    return attack - defence - 1 if side == 0 else defence - attack


def play_swing(state: BattleGnomesState, play: Play, side: int) -> int:
    """Change of ``side``'s margin if ``play`` took effect now (tried on a copy)."""
    trial = state.clone()
    before = my_margin(trial, side)
    table = {Source.CARD: CARD_EFFECTS, Source.ITEM: ITEM_EFFECTS, Source.FUNCTION: FUNCTION_EFFECTS}
    table[play.source][play.key](trial, play)
    return my_margin(trial, side) - before


# ---------------------------------------------------------------------------- scorers
def _decode(state: BattleGnomesState, action: int):
    return state.game.action_layout.decode(action)


def _score_recruit(state: BattleGnomesState, seat: int, action: int) -> float:
    d = _decode(state, action)
    if d.family == Family.SLOT:
        return gnome_worth(state.selection[d.arg])
    if d.family == Family.CARD:
        return 100 if d.arg == Card.YARD_SALE else -1
    return -1


def _score_attachment_card(state: BattleGnomesState, seat: int, design: int) -> float:
    """Gain of attaching ``design`` to our best gnome for it (upgrades count the difference)."""
    slot = SLOT_OF_DESIGN[design]
    best = 0.0
    for g in state.households[seat]:
        if (slot == Slot.WEAPON and g == G.HECTOR) or (slot == Slot.DEFENCE and g == G.RUSTY):
            continue
        old = state.attachment(g, slot)
        gain = CARD_VALUE[design] - (CARD_VALUE[old] if old >= 0 else 0)
        best = max(best, gain)
    return best


def _score_organize(state: BattleGnomesState, seat: int, action: int) -> float:
    d = _decode(state, action)
    if d.family == Family.PASS or d.family == Family.LIFT:
        return 0 if d.family == Family.PASS else -1
    design = d.arg
    kind = CARD_TYPE[design]
    if kind == CardType.ACTION:
        return 5 if design != Card.SWIPE or state.households[seat] else -1
    if kind == CardType.YARD:
        if len(state.yard[seat]) < MAX_YARD:
            return 10 + CARD_VALUE[design]
        return CARD_VALUE[design] - min(CARD_VALUE[y] for y in state.yard[seat])
    return 10 * _score_attachment_card(state, seat, design)


def _score_place(state: BattleGnomesState, seat: int, action: int) -> float:
    design = state.held
    slot = SLOT_OF_DESIGN[design]
    g = state.households[seat][_decode(state, action).arg]
    if (slot == Slot.WEAPON and g == G.HECTOR) or (slot == Slot.DEFENCE and g == G.RUSTY):
        return -50
    old = state.attachment(g, slot)
    return CARD_VALUE[design] - (CARD_VALUE[old] + 5 if old >= 0 else 0) + 0.1 * gnome_worth(g)


def _score_turn(state: BattleGnomesState, seat: int, action: int) -> float:
    from gnome_envs.battle_gnomes.battle import targets_for

    choice = _decode(state, action).arg
    if choice == TurnAction.BATTLE:
        margin = max(attack_margin(state, seat, q) for q in targets_for(state, seat))
        return 30 if margin >= BATTLE_MARGIN - state.turn_number / PATIENCE_TURNS else -10
    if choice == TurnAction.RECRUIT:
        if len(state.households[seat]) < MAX_GNOMES:
            return 15
        best = max(gnome_worth(g) for g in state.selection if g >= 0)
        return 12 if best > min(gnome_worth(g) for g in state.households[seat]) else -5
    useful = any(_score_organize(state, seat, a) > 0 for a in _organize_candidates(state, seat))
    return 20 if useful else 0


def _organize_candidates(state: BattleGnomesState, seat: int) -> list[int]:
    from gnome_envs.battle_gnomes.organize import organize_options

    return organize_options(state, seat)


def _score_opponent(state: BattleGnomesState, seat: int, action: int) -> float:
    target = (seat + _decode(state, action).arg) % state.game.num_players
    if state.pending.kind == DecisionKind.CHOOSE_OPPONENT:
        return attack_margin(state, seat, target) + 0.5 * len(state.defeated[target])
    return len(state.defeated[target]) + 0.1 * state.items_in_play(target)


def _score_whole(state: BattleGnomesState, seat: int, action: int) -> float:
    d = _decode(state, action)
    if d.family == Family.PASS:
        return 0
    index = state.pending.data[0]
    if d.arg == Card.TRUCE_FLAG:
        return 5 if attack_margin(state, state.b_att, seat) > 0 else -1
    if d.arg == Card.SNEAK_ATTACK:
        return yard_estimate(state, state.b_def) - 0.5
    return yard_estimate(state, state.side_seat(index)) - 1.5


def _score_gnome_pick(state: BattleGnomesState, seat: int, action: int) -> float:
    d = _decode(state, action)
    kind = state.pending.kind
    if d.family == Family.PASS:
        return 0.5
    g = state.households[seat][d.arg]
    if kind == DecisionKind.ATTACKER:
        value = static_value(state, g, True)
        return value if state.b_sides[0] else value + 100
    if kind == DecisionKind.DEFENDER:
        return static_value(state, g, False)
    if kind in (DecisionKind.GIVE_GNOME, DecisionKind.REMOVE_GNOME):
        return -static_value(state, g, False)
    return gnome_worth(g)


def _react_play(state: BattleGnomesState, seat: int, action: int) -> Play | None:
    d = _decode(state, action)
    side = state.side_of(seat)
    if d.family == Family.ITEM:
        return Play(Source.ITEM, d.arg, seat, d.arg2)
    if d.family == Family.CARD and d.arg == Card.BATTLE_CRY:
        return Play(Source.CARD, d.arg, seat, side)
    if d.family == Family.GNOME:
        g = state.households[seat][d.arg]
        if g in FUNCTION_EFFECTS and g not in (G.WHISPER, G.PIP):
            return Play(Source.FUNCTION, g, seat, side)
    return None


def _score_react(state: BattleGnomesState, seat: int, action: int) -> float:
    d = _decode(state, action)
    if d.family == Family.PASS:
        return 0
    side = state.side_of(seat)
    if side < 0:
        return _score_outsider(state, seat, action)
    if my_margin(state, side) >= 0:
        return -1
    play = _react_play(state, seat, action)
    if play is not None:
        return play_swing(state, play, side)
    return 1.5  # Sabotage, Pep Talk, Whisper, Pip: something, when nothing better is left


def _score_outsider(state: BattleGnomesState, seat: int, action: int) -> float:
    d = _decode(state, action)
    danger = threat(state)
    if danger < 0:
        return -1
    danger_side = state.side_of(danger)
    swing = play_swing(state, Play(Source.ITEM, d.arg, seat, d.arg2), danger_side)
    return -swing if -swing > my_margin(state, danger_side) else -1


def _score_respond(state: BattleGnomesState, seat: int, action: int) -> float:
    d = _decode(state, action)
    if d.family == Family.PASS:
        return 0
    top = state.stack[-1].play
    side = state.side_of(seat)
    no_way = d.arg == Card.NO_WAY
    if top.source == Source.CARD and top.key in (Card.NO_WAY, Card.DEFLECT):
        below = state.stack[-2].play if len(state.stack) > 1 else None
        return 2 if below is not None and below.seat == seat and no_way else -1
    if side < 0:
        return 3 if top.t_seat == seat and no_way else -1
    if top.source == Source.CARD and top.key == Card.TRUCE_FLAG:
        return 3 if no_way and attack_margin(state, seat, state.b_def) > 0 else -1
    if not state.b_sides[0]:
        return 1 if no_way else -1  # an opponent's Home Turf or Sneak Attack
    if top.source == Source.FUNCTION and top.key == G.PIP:
        return -1
    swing = play_swing(state, top, side)
    if swing >= 0:
        return -1
    if d.arg == Card.DEFLECT:
        return 4
    margin = my_margin(state, side)
    return 3 if margin >= 0 and margin + swing < 0 else -1


def _score_target(state: BattleGnomesState, seat: int, action: int) -> float:
    d = _decode(state, action)
    kind = state.pending.kind
    if kind == DecisionKind.TARGET_ATTACHMENT:
        target = state.pending.data[1]
        g = state.households[target][d.arg]
        return CARD_VALUE[state.attachment(g, d.arg2)] + 0.1 * len(state.defeated[target])
    if kind == DecisionKind.TARGET_YARD:
        return CARD_VALUE[state.yard[state.pending.data[1]][d.arg]]
    if kind == DecisionKind.YARD_REPLACE:
        return -CARD_VALUE[state.yard[seat][d.arg]]
    return 0


def _score_discard_cost(state: BattleGnomesState, seat: int, action: int) -> float:
    design = _decode(state, action).arg
    if CARD_TYPE[design] == CardType.YARD and len(state.yard[seat]) >= MAX_YARD:
        return 10
    return -BOOST_WORTH.get(design, 1) - (5 if IS_THROWN[design] else 0)


def _score_pass_only(state: BattleGnomesState, seat: int, action: int) -> float:
    return 1 if _decode(state, action).family == Family.PASS else 0


def _score_setup_card(state: BattleGnomesState, seat: int, action: int) -> float:
    d = _decode(state, action)
    return 0 if d.family == Family.PASS else 1 + CARD_VALUE[d.arg]


SCORERS: dict[int, Score] = {
    DecisionKind.DRAFT: _score_recruit,
    DecisionKind.RECRUIT_UP: _score_recruit,
    DecisionKind.RECRUIT: _score_recruit,
    DecisionKind.SETUP_ATTACH: _score_setup_card,
    DecisionKind.SETUP_YARD: _score_setup_card,
    DecisionKind.PLACE_ATTACHMENT: _score_place,
    DecisionKind.DISCARD: _score_pass_only,
    DecisionKind.TURN_ACTION: _score_turn,
    DecisionKind.ORGANIZE: _score_organize,
    DecisionKind.YARD_REPLACE: _score_target,
    DecisionKind.REMOVE_GNOME: _score_gnome_pick,
    DecisionKind.CHOOSE_OPPONENT: _score_opponent,
    DecisionKind.WHOLE_BATTLE: _score_whole,
    DecisionKind.ATTACKER: _score_gnome_pick,
    DecisionKind.DEFENDER: _score_gnome_pick,
    DecisionKind.REACT: _score_react,
    DecisionKind.RESPOND: _score_respond,
    DecisionKind.TARGET_HOUSEHOLD: _score_opponent,
    DecisionKind.TARGET_ATTACHMENT: _score_target,
    DecisionKind.TARGET_YARD: _score_target,
    DecisionKind.TARGET_OWN_GNOME: _score_gnome_pick,
    DecisionKind.FUNCTION_DISCARD: _score_discard_cost,
    DecisionKind.GIVE_GNOME: _score_gnome_pick,
}


class BattleGnomesScripted:
    """Priority-list opponent for battle_gnomes_v1 (see the module docstring)."""

    name = "scripted"
    needs_state = True

    def act(self, state: BattleGnomesState, seat: int, rng: np.random.Generator) -> int:
        """The highest-priority legal action (ties broken by the lowest index)."""
        legal, scores = _scored(state, seat)
        return legal[int(np.argmax(scores))]

    def ranked(self, state: BattleGnomesState, seat: int) -> list[int]:
        """Legal actions, best first by the priority scores (ties: the lower index first)."""
        return best_first(*_scored(state, seat))


def _scored(state: BattleGnomesState, seat: int) -> tuple[list[int], list[float]]:
    """The legal actions and the priority score of each."""
    legal = state.legal_actions()
    scorer = SCORERS[state.pending.kind]
    return legal, [scorer(state, seat, a) for a in legal]


register_scripted(ENV_ID, BattleGnomesScripted)

__all__ = ["BattleGnomesScripted"]
