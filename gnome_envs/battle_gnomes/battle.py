"""The Gnome Battle turn action (R7): opponent, whole-battle cards, gnomes, reactions, outcome.

Stages of a battle and who decides:

===========  =====================================================================
stage        decisions
===========  =====================================================================
WHOLE        attacker and defender alternate (attacker first) playing whole-battle
             cards or passing; two passes in a row close it (R7.2)
CHOOSE       the attacker picks one or two gnomes, the defender as many (R7.3)
LOOP         every household in turn, clockwise from the attacker: the two battling
             households play battle items, battle action cards or gnome functions,
             the others battle items only; after a full round of passes (one per
             household, in a row) the battle is over (R7.4)
===========  =====================================================================

Every play opens a response window first (``responses``). Then the totals decide (ties go to
the defender), the loser hands one of its battling gnomes to the winner, and the played cards
and the defeated gnome's attachments are discarded (R7.6).
"""

from __future__ import annotations

from enum import IntEnum

from gnome_envs.battle_gnomes.actions import Family
from gnome_envs.battle_gnomes.components import (
    DEFEATS_TO_WIN,
    FUNCTION_GNOMES,
    MAX_BATTLERS,
    MIN_GNOMES,
    MOSS_EXTRA,
    Card,
    CardType,
    G,
    Slot,
)
from gnome_envs.battle_gnomes.flow import draw_up, finish, hand_designs
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
from gnome_envs.battle_gnomes.state import NO_SEAT, BattleGnomesState
from gnome_envs.battle_gnomes.targets import Purpose, opposing_targets
from gnome_envs.battle_gnomes.totals import totals

ITEM = int(CardType.BATTLE_ITEM)
WHOLE_PARTICIPANTS = 2  # attacker and defender
SIDES = (0, 1)


class Stage(IntEnum):
    """Where the battle stands."""

    NONE = 0
    WHOLE = 1
    CHOOSE = 2
    LOOP = 3
    OVER = 4


def can_attack_with(gnome: int) -> bool:
    """R7.3 / Clod: whether ``gnome`` may be chosen as an attacker."""
    return gnome != G.CLOD


def targets_for(state: BattleGnomesState, p: int) -> list[int]:
    """R7.1: households ``p`` may attack (two gnomes or more, unless ``p`` has fewer than two)."""
    mine = len(state.households[p])
    return [q for q in range(state.game.num_players)
            if q != p and state.households[q] and (len(state.households[q]) >= MIN_GNOMES or mine < MIN_GNOMES)]


def can_battle(state: BattleGnomesState, p: int) -> bool:
    """Whether Gnome Battle is a legal turn action for ``p``."""
    return any(can_attack_with(g) for g in state.households[p]) and bool(targets_for(state, p))


# ---------------------------------------------------------------------------- opponent (R7.1)
def _opponent_options(state: BattleGnomesState, p: int, data: tuple) -> list[int]:
    lay = state.game.action_layout
    n = state.game.num_players
    return [lay.opponent((q - p) % n) for q in targets_for(state, p)]


def _opponent(state: BattleGnomesState, d: Decision, action: int) -> None:
    n = state.game.num_players
    state.clear_battle()
    state.b_att = d.player
    state.b_def = (d.player + state.game.action_layout.decode(action).arg) % n
    state.b_stage = int(Stage.WHOLE)
    state.touch_battle()
    push(state, (Task.WHOLE_WINDOW, 0, 0))


# ---------------------------------------------------------------------------- whole-battle cards (R7.2)
def _whole_window(state: BattleGnomesState, index: int, passes: int) -> None:
    if state.b_off:
        push(state, (Task.END_BATTLE,))
    elif passes >= WHOLE_PARTICIPANTS:
        state.b_stage = int(Stage.CHOOSE)  # the stage is observed live
        push(state, (Task.ATTACKERS,))
    else:
        offer(state, DecisionKind.WHOLE_BATTLE, state.side_seat(index), (index, passes))


def _whole_options(state: BattleGnomesState, p: int, data: tuple) -> list[int]:
    lay = state.game.action_layout
    index = data[0]
    hand = state.hands[p]
    legal = [lay.pass_action]
    if Card.TRUCE_FLAG in hand and index == 1:
        legal.append(lay.card(Card.TRUCE_FLAG))
    if Card.HOME_TURF in hand:
        legal.append(lay.card(Card.HOME_TURF))
    if Card.SNEAK_ATTACK in hand and index == 0:
        legal.append(lay.card(Card.SNEAK_ATTACK))
    return sorted(legal)


def _whole(state: BattleGnomesState, d: Decision, action: int) -> None:
    index, passes = d.data
    decoded = state.game.action_layout.decode(action)
    if decoded.family == Family.PASS:
        push(state, (Task.WHOLE_WINDOW, 1 - index, passes + 1))
        return
    state.take_from_hand(d.player, decoded.arg)
    push(state, (Task.WHOLE_WINDOW, 1 - index, 0))
    declare(state, Play(Source.CARD, decoded.arg, d.player, index))


# ---------------------------------------------------------------------------- gnomes (R7.3)
def _attackers(state: BattleGnomesState) -> None:
    chosen = state.b_sides[0]
    free = [g for g in state.households[state.b_att] if can_attack_with(g) and g not in chosen]
    if len(chosen) >= MAX_BATTLERS or (chosen and not free):
        push(state, (Task.DEFENDERS,))
    else:
        offer(state, DecisionKind.ATTACKER, state.b_att)


def _attacker_options(state: BattleGnomesState, p: int, data: tuple) -> list[int]:
    lay = state.game.action_layout
    chosen = state.b_sides[0]
    legal = [lay.pass_action] if chosen else []
    return legal + [lay.gnome(k) for k, g in enumerate(state.households[p])
                    if can_attack_with(g) and g not in chosen]


def _attacker(state: BattleGnomesState, d: Decision, action: int) -> None:
    decoded = state.game.action_layout.decode(action)
    if decoded.family == Family.PASS:
        push(state, (Task.DEFENDERS,))
        return
    state.b_sides[0] = state.b_sides[0] + (state.households[d.player][decoded.arg],)
    state.touch_battle()
    push(state, (Task.ATTACKERS,))


def _defenders(state: BattleGnomesState) -> None:
    """R7.3 / O28: the defender fields as many gnomes as attack it (R7.1 makes that possible)."""
    if len(state.b_sides[1]) >= len(state.b_sides[0]):
        state.b_stage = int(Stage.LOOP)
        push(state, (Task.LOOP, state.b_att, 0))
    else:
        offer(state, DecisionKind.DEFENDER, state.b_def)


def _defender_options(state: BattleGnomesState, p: int, data: tuple) -> list[int]:
    lay = state.game.action_layout
    return [lay.gnome(k) for k, g in enumerate(state.households[p]) if g not in state.b_sides[1]]


def _defender(state: BattleGnomesState, d: Decision, action: int) -> None:
    gnome = state.households[d.player][state.game.action_layout.decode(action).arg]
    state.b_sides[1] = state.b_sides[1] + (gnome,)
    state.touch_battle()
    push(state, (Task.DEFENDERS,))


# ---------------------------------------------------------------------------- reaction loop (R7.4)
def _loop(state: BattleGnomesState, seat: int, passes: int) -> None:
    if passes >= state.game.num_players:
        state.b_stage = int(Stage.OVER)
        push(state, (Task.END_BATTLE,))
    else:
        offer(state, DecisionKind.REACT, seat, (passes,))


def function_usable(state: BattleGnomesState, p: int, gnome: int) -> bool:
    """Whether battling ``gnome`` of ``p`` may use its function now (once per battle)."""
    if gnome not in FUNCTION_GNOMES or state.b_used >> gnome & 1:
        return False
    if gnome == G.FIZZWICK:
        return bool(state.hands[p])
    if gnome == G.WHISPER:
        return bool(opposing_targets(state, p, Slot.DEFENCE))
    return True


def _react_options(state: BattleGnomesState, p: int, data: tuple) -> list[int]:
    lay = state.game.action_layout
    legal = [lay.pass_action]
    for design in hand_designs(state, p, (ITEM,)):
        legal += [lay.item(design, side) for side in SIDES]
    side = state.side_of(p)
    if side < 0:
        return legal
    hand = state.hands[p]
    if Card.BATTLE_CRY in hand:
        legal.append(lay.card(Card.BATTLE_CRY))
    if Card.SABOTAGE in hand and opposing_targets(state, p, Slot.WEAPON):
        legal.append(lay.card(Card.SABOTAGE))
    if Card.PEP_TALK in hand and any(not state.b_pep >> g & 1 for g in state.b_sides[side]):
        legal.append(lay.card(Card.PEP_TALK))
    legal += [lay.gnome(k) for k, g in enumerate(state.households[p])
              if g in state.b_sides[side] and function_usable(state, p, g)]
    return sorted(legal)


def _react(state: BattleGnomesState, d: Decision, action: int) -> None:
    p = d.player
    n = state.game.num_players
    decoded = state.game.action_layout.decode(action)
    if decoded.family == Family.PASS:
        push(state, (Task.LOOP, (p + 1) % n, d.data[0] + 1))
        return
    push(state, (Task.LOOP, (p + 1) % n, 0))
    side = state.side_of(p)
    if decoded.family == Family.ITEM:
        state.take_from_hand(p, decoded.arg)
        declare(state, Play(Source.ITEM, decoded.arg, p, decoded.arg2))
    elif decoded.family == Family.CARD:
        _play_battle_card(state, p, side, decoded.arg)
    else:
        _use_function(state, p, side, state.households[p][decoded.arg])


def _play_battle_card(state: BattleGnomesState, p: int, side: int, design: int) -> None:
    state.take_from_hand(p, design)
    if design == Card.BATTLE_CRY:
        declare(state, Play(Source.CARD, design, p, side))
        return
    state.held = design
    if design == Card.SABOTAGE:
        offer(state, DecisionKind.TARGET_ATTACHMENT, p, (int(Purpose.SABOTAGE), state.side_seat(1 - side)))
    else:
        offer(state, DecisionKind.TARGET_OWN_GNOME, p, (int(Purpose.PEP_TALK),))


def _use_function(state: BattleGnomesState, p: int, side: int, gnome: int) -> None:
    state.b_used |= 1 << gnome
    state.touch_battle()
    if gnome == G.FIZZWICK:
        offer(state, DecisionKind.FUNCTION_DISCARD, p, (int(Purpose.FIZZWICK),))
    elif gnome == G.WHISPER:
        offer(state, DecisionKind.TARGET_ATTACHMENT, p, (int(Purpose.WHISPER), state.side_seat(1 - side)))
    else:
        declare(state, Play(Source.FUNCTION, gnome, p, side))


# ---------------------------------------------------------------------------- outcome (R7.5, R7.6)
def _end_battle(state: BattleGnomesState) -> None:
    if state.b_off:
        _clean_up(state)
        return
    attack, defence = totals(state)
    winner = 0 if attack > defence else 1  # R7.5: a tie goes to the defender
    offer(state, DecisionKind.GIVE_GNOME, state.side_seat(1 - winner), (winner,))


def _give_options(state: BattleGnomesState, p: int, data: tuple) -> list[int]:
    lay = state.game.action_layout
    battlers = state.b_sides[1 - data[0]]
    return [lay.gnome(k) for k, g in enumerate(state.households[p]) if g in battlers]


def _give(state: BattleGnomesState, d: Decision, action: int) -> None:
    """R7.6: the loser's chosen gnome goes to the winner's defeated stack."""
    winner = state.side_seat(d.data[0])
    gnome = state.households[d.player][state.game.action_layout.decode(action).arg]
    state.leave_household(d.player, gnome)
    state.defeated[winner].append(gnome)
    state.touch_house(winner)
    won = len(state.defeated[winner]) >= DEFEATS_TO_WIN
    _clean_up(state, draw=not won)
    if won:
        finish(state, winner)  # R9.1


def _clean_up(state: BattleGnomesState, draw: bool = True) -> None:
    """R7.6: played cards are discarded; both households draw back up (Moss: one more)."""
    for design in state.b_area:
        state.to_discard(design)
    seats = (state.b_att, state.b_def)
    state.clear_battle()  # forgets the battle block; the households did not change
    for seat in seats if draw else ():
        extra = MOSS_EXTRA if G.MOSS in state.households[seat] else 0
        draw_up(state, seat, extra)


TASKS.update({
    Task.WHOLE_WINDOW: _whole_window,
    Task.ATTACKERS: _attackers,
    Task.DEFENDERS: _defenders,
    Task.LOOP: _loop,
    Task.END_BATTLE: _end_battle,
})
DECISIONS.update({
    DecisionKind.CHOOSE_OPPONENT: DecisionRule(_opponent_options, _opponent),
    DecisionKind.WHOLE_BATTLE: DecisionRule(_whole_options, _whole),
    DecisionKind.ATTACKER: DecisionRule(_attacker_options, _attacker),
    DecisionKind.DEFENDER: DecisionRule(_defender_options, _defender),
    DecisionKind.REACT: DecisionRule(_react_options, _react),
    DecisionKind.GIVE_GNOME: DecisionRule(_give_options, _give),
})

__all__ = ["NO_SEAT", "Stage", "can_battle", "targets_for"]
