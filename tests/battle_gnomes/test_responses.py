"""Declarations and response windows (R3.3, R8) and worked example E3."""

from __future__ import annotations

from gnome_envs.battle_gnomes.actions import TurnAction
from gnome_envs.battle_gnomes.components import Slot
from gnome_envs.battle_gnomes.totals import totals

from .helpers import (
    DecisionKind,
    Family,
    act,
    build,
    card,
    decision,
    gnome,
    legal_args,
    play,
    react_until_end,
)

ATTACK, DEFEND = 0, 1


def _battle(n=2, households=None, hands=None, **kw):
    households = households or {0: ["sage", "pip"], 1: ["doodle", "gus"]}
    return build(num_players=n, households=households, hands=hands or {}, phase="battle",
                 battle={"defender": 1, "attackers": ["sage"], "defenders": [households[1][0]]}, **kw)


def test_r3_3_response_cards():
    """No Way! and Deflect are only offered in response windows, in or out of turn."""
    state = _battle(hands={0: ["no way", "battle cry"], 1: ["no way", "deflect"]})
    assert [a for a, _ in legal_args(state, Family.CARD)] == [card("battle cry")]
    play(state, "battle cry")
    assert decision(state) == DecisionKind.RESPOND and state.current_player == 1
    assert [a for a, _ in legal_args(state, Family.CARD)] == [card("no way")]  # Deflect: thrown items only
    out_of_turn = build(households={0: ["sage", "pip"], 1: [("doodle", "rake", None), "gus"]},
                        hands={0: ["swipe"], 1: ["no way"]}, phase="organize")
    play(out_of_turn, "swipe")
    act(out_of_turn, Family.OPPONENT, 1)
    act(out_of_turn, Family.TARGET, 0, Slot.WEAPON)
    assert decision(out_of_turn) == DecisionKind.RESPOND and out_of_turn.current_player == 1
    assert out_of_turn.turn_player == 0


def test_r8_1_declaring():
    """A declared play waits for its window, then takes effect at once."""
    state = _battle(hands={0: ["battle cry"]})
    before = totals(state)
    play(state, "battle cry")
    assert totals(state) == before and len(state.stack) == 1
    act(state, Family.PASS)
    assert totals(state)[0] == before[0] + 3 + 1  # Battle Cry, and Sage's +1 for a resolved action card
    assert state.stack == [] and decision(state) == DecisionKind.REACT and state.current_player == 1


def test_r8_2_who_may_respond():
    """In a battle: the other battler(s), clockwise from the declarer; outside: the target only."""
    state = _battle(n=3, households={0: ["sage", "pip"], 1: ["doodle", "gus"], 2: ["tinker", "bumble"]},
                    hands={0: ["no way"], 1: ["no way"], 2: ["mud pie", "no way"]})
    act(state, Family.PASS)
    act(state, Family.PASS)
    act(state, Family.ITEM, card("mud pie"), DEFEND)
    asked = []
    while decision(state) == DecisionKind.RESPOND:
        asked.append(state.current_player)
        act(state, Family.PASS)
    assert asked == [0, 1]  # seat 2 declared; seat 0 then seat 1, never an outsider
    quiet = build(households={0: ["sage", "pip"], 1: ["doodle", "gus"]}, hands={0: ["yard sale"], 1: ["no way"]},
                  phase="organize")
    play(quiet, "yard sale")
    assert decision(quiet) == DecisionKind.ORGANIZE and len(quiet.hands[0]) == 2  # nobody targeted: no window
    mower = build(num_players=3, households={0: ["sage", "pip"], 1: ["doodle"], 2: ["gus"]},
                  yards={1: ["pink"], 2: ["picket"]}, hands={0: ["lawn mower"], 1: ["no way"], 2: ["no way"]},
                  phase="organize")
    play(mower, "lawn mower")
    act(mower, Family.OPPONENT, 2)
    act(mower, Family.SLOT, 0)
    assert mower.current_player == 2 and decision(mower) == DecisionKind.RESPOND
    act(mower, Family.PASS)
    assert mower.yard[2] == [] and decision(mower) == DecisionKind.ORGANIZE
    assert mower.discard[-2:] == [card("picket"), card("lawn mower")]  # the Lawn Mower after its effect (O14)


def test_r8_2_who_may_respond_clockwise_from_an_outsider():
    """An outsider may declare a battle item only (R7.4); the battlers answer it clockwise from the
    outsider, not in seat order, and the other outsider is never asked."""
    for n, expected in ((3, [2, 0]), (4, [2, 0])):  # battle 0 against 2; seat 1 declares: 2 comes before 0
        households = {0: ["sage", "pip"], 1: ["doodle", "gus"], 2: ["tinker", "bumble"], 3: ["nettle", "moss"]}
        hands = {0: ["no way"], 1: ["mud pie", "battle cry"], 2: ["no way"], 3: ["no way"]}
        state = build(num_players=n, households={s: households[s] for s in range(n)},
                      hands={s: hands[s] for s in range(n)}, phase="battle",
                      battle={"defender": 2, "attackers": ["sage"], "defenders": ["tinker"]})
        act(state, Family.PASS)  # the attacker passes: the outsider seat 1 is next in the loop
        assert state.current_player == 1 and legal_args(state, Family.CARD) == []  # no action card
        act(state, Family.ITEM, card("mud pie"), ATTACK)
        asked = []
        while decision(state) == DecisionKind.RESPOND:
            asked.append(state.current_player)
            act(state, Family.PASS)
        assert asked == expected, n  # seat 3 (4 players) holds a No Way! but is outside the battle
        assert decision(state) == DecisionKind.REACT and state.current_player == 2


def test_r8_3_responses():
    """No Way! cancels the play just declared; Deflect turns a thrown item; both can be answered;
    the window below still asks its remaining households."""
    state = _battle(n=3, households={0: ["sage", "pip"], 1: ["doodle", "gus"], 2: ["tinker", "bumble"]},
                    hands={0: ["no way"], 1: ["deflect", "no way"], 2: ["garden rock"]})
    act(state, Family.PASS)
    act(state, Family.PASS)
    act(state, Family.ITEM, card("garden rock"), DEFEND)  # seat 2 throws at the defender
    assert state.current_player == 0
    act(state, Family.PASS)
    assert state.current_player == 1
    play(state, "deflect")
    assert state.current_player == 0  # the attacker may answer the Deflect
    play(state, "no way")
    assert state.current_player == 1  # ... and the defender the No Way!
    play(state, "no way")
    assert state.current_player == 0
    act(state, Family.PASS)  # the second No Way! stands: the first is cancelled, the Deflect stands
    assert state.stack == [] and state.b_thrown[0].side == ATTACK
    assert totals(state) == (1 - 3, 2 + 2)  # the rock hits Sage; seat 0's No Way! was cancelled (no Sage bonus)
    assert decision(state) == DecisionKind.REACT and state.current_player == 0  # after seat 2
    below = _battle(n=3, households={0: ["sage", "pip"], 1: ["doodle", "gus"], 2: ["tinker", "bumble"]},
                    hands={0: ["deflect"], 1: ["no way"], 2: ["garden rock"]})
    act(below, Family.PASS)
    act(below, Family.PASS)
    act(below, Family.ITEM, card("garden rock"), ATTACK)  # seat 2 throws at the attacker: asks 0, then 1
    assert below.current_player == 0
    play(below, "deflect")  # the first household of the window answers
    assert below.current_player == 1 and len(below.stack) == 2
    act(below, Family.PASS)  # seat 1 lets the Deflect through: the rock now flies at the defender
    assert decision(below) == DecisionKind.RESPOND and below.current_player == 1  # still asked about the rock
    assert [f.play.key for f in below.stack] == [card("garden rock")] and below.stack[0].play.side == DEFEND
    act(below, Family.PASS)
    assert below.stack == [] and totals(below) == (1 + 1, 2 + 2 - 3)  # Sage +1 for the Deflect; the rock on Doodle


def test_r8_4_cancelled_plays():
    """Cancelled: no effect, the card waits with the battle's cards, a function stays used, and
    Fizzwick's discarded card stays discarded."""
    state = build(households={0: ["fizzwick", "pip"], 1: ["doodle", "gus"]},
                  hands={0: ["rake", "twig"], 1: ["no way"]},
                  phase="battle", battle={"defender": 1, "attackers": ["fizzwick"], "defenders": ["doodle"]})
    before = totals(state)
    act(state, Family.GNOME, 0)  # Fizzwick's function
    assert decision(state) == DecisionKind.FUNCTION_DISCARD
    play(state, "rake")
    assert state.discard == [card("rake")] and state.b_used >> gnome("fizzwick") & 1
    play(state, "no way")
    act(state, Family.PASS)  # the attacker has nothing to answer with
    assert totals(state) == before and state.b_area == [card("no way")]
    assert state.b_used >> gnome("fizzwick") & 1
    act(state, Family.PASS)  # the defender passes: back to seat 0, which still holds the Twig Sword
    assert state.current_player == 0 and decision(state) == DecisionKind.REACT
    assert legal_args(state, Family.GNOME) == [] and state.b_used >> gnome("fizzwick") & 1  # used, though cancelled
    react_until_end(state)
    act(state, Family.GNOME, 0)  # Fizzwick 1 against Doodle 2 + 2: the attacker hands it over
    assert card("no way") in state.discard and card("rake") in state.discard and state.b_area == []


def test_e3_response_chain():
    """E3: Battle Cry, No Way!, No Way!: the Battle Cry takes effect; three cards discarded after."""
    state = _battle(households={0: ["sage", "pip"], 1: ["doodle", "gus"]},
                    hands={0: ["battle cry", "no way"], 1: ["no way"]})
    play(state, "battle cry")
    play(state, "no way")
    play(state, "no way")
    assert state.current_player == 1
    act(state, Family.PASS)  # the defender has nothing left to answer with
    attack, defence = totals(state)
    assert (attack, defence) == (1 + 3 + 2, 2 + 2)  # Sage 1, Battle Cry 3, +1 per resolved action card
    assert sorted(state.b_area) == sorted([card("battle cry"), card("no way"), card("no way")])
    react_until_end(state)
    assert decision(state) == DecisionKind.GIVE_GNOME and state.current_player == 1
    act(state, Family.GNOME, 0)
    assert sorted(state.discard) == sorted([card("battle cry"), card("no way"), card("no way")])


def test_r8_2_turn_player_answers_out_of_turn_response():
    """Outside a battle the turn player may answer the target's response."""
    state = build(households={0: ["sage", "pip"], 1: [("doodle", "rake", None), "gus"]},
                  hands={0: ["swipe", "no way"], 1: ["no way"]}, phase="organize")
    play(state, "swipe")
    act(state, Family.OPPONENT, 1)
    act(state, Family.TARGET, 0, Slot.WEAPON)
    play(state, "no way")
    assert state.current_player == 0
    play(state, "no way")
    assert decision(state) == DecisionKind.PLACE_ATTACHMENT  # the Swipe went through
    act(state, Family.GNOME, 1)
    assert state.weapon[gnome("pip")] == card("rake") and state.weapon[gnome("doodle")] == -1
    assert decision(state) == DecisionKind.ORGANIZE and TurnAction.ORGANIZE == 0
