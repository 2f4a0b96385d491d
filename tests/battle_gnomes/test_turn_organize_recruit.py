"""Cards in general (R3), the turn (R4), Organize (R5) and Recruit (R6) of Battle Gnomes!."""

from __future__ import annotations

from collections import Counter

import numpy as np

from gnome_envs.battle_gnomes.actions import TurnAction
from gnome_envs.battle_gnomes.components import CARD_TYPE, CardType, Slot

from .helpers import (
    DecisionKind,
    Family,
    act,
    build,
    card,
    decision,
    fresh,
    gnome,
    legal_args,
    play,
)

TURN_CARD_DECISIONS = (DecisionKind.ORGANIZE, DecisionKind.RECRUIT)


def test_r3_2_turn_cards():
    """Turn cards only in Organize or Recruit, only with something to work on."""
    bare = build(households={0: ["sage", "pip"], 1: ["bumble", "moss"]},
                 hands={0: ["swipe", "lawn mower", "yard sale"]}, phase="organize")
    cards = [a for a, _ in legal_args(bare, Family.CARD)]
    assert card("yard sale") in cards and card("swipe") not in cards and card("lawn mower") not in cards
    armed = build(households={0: ["sage", "pip"], 1: [("bumble", "rake", None), "moss"]}, yards={1: ["picket"]},
                  hands={0: ["swipe", "lawn mower"]}, phase="organize")
    cards = [a for a, _ in legal_args(armed, Family.CARD)]
    assert card("swipe") in cards and card("lawn mower") in cards
    # never in a battle, never as a discard decision that plays it
    rng = np.random.default_rng(0)
    for seed in range(6):
        state = fresh(seed=seed, num_players=3, skip_forced=False)
        while not state.is_terminal():
            if decision(state) not in TURN_CARD_DECISIONS + (DecisionKind.DISCARD, DecisionKind.SETUP_ATTACH,
                                                             DecisionKind.SETUP_YARD, DecisionKind.FUNCTION_DISCARD):
                played = [a for a, _ in legal_args(state, Family.CARD)]
                assert not [d for d in played if d in (card("yard sale"), card("swipe"), card("lawn mower"))]
            legal = state.legal_actions()
            state.apply(legal[rng.integers(len(legal))])


def test_r3_4_no_trading():
    """A card reaches a hand only from the deck: whatever a hand gains in a step comes out of the
    cards that were not in any hand (deck, discard pile, the battle's cards in view)."""
    for seed in range(6):
        state = fresh(seed=100 + seed, num_players=4, skip_forced=False)
        rng = np.random.default_rng(seed)
        while not state.is_terminal():
            hands = [Counter(hand) for hand in state.hands]
            pile = Counter(state.deck) + Counter(state.discard) + Counter(state.b_area)
            legal = state.legal_actions()
            state.apply(legal[rng.integers(len(legal))])
            gained = sum((Counter(hand) - before for hand, before in zip(state.hands, hands)), Counter())
            taken = pile - (Counter(state.deck) + Counter(state.discard) + Counter(state.b_area))
            assert not gained - taken, (seed, state.decision_name(), gained, taken)


def test_r3_5_attachments():
    """One weapon and one defence per gnome; a second weapon replaces the first."""
    state = build(households={0: [("bramble", "twig sword", "lid shield"), "pip"]}, hands={0: ["rake"]},
                  phase="organize")
    play(state, "rake")
    act(state, Family.GNOME, 0)
    g = gnome("bramble")
    assert state.weapon[g] == card("rake") and state.defence[g] == card("lid shield")
    assert card("twig sword") in state.discard
    assert state.scores().tolist() == [0, 0]  # attachments only count in battles


def test_r3_6_yard_items():
    """At most three yard items; a fourth replaces one of them."""
    state = build(households={0: ["sage", "pip"]}, yards={0: ["pink", "bird", "picket"]}, hands={0: ["stone wall"]},
                  phase="organize")
    play(state, "stone wall")
    assert decision(state) == DecisionKind.YARD_REPLACE
    act(state, Family.SLOT, 1)
    assert [CARD_TYPE[d] for d in state.yard[0]] == [CardType.YARD] * 3
    assert state.yard[0] == [card("pink"), card("stone wall"), card("picket")]
    assert card("bird bath") in state.discard


def test_r4_1_recruit_up_to_two():
    """Below two gnomes at the start of a turn: recruit from the selection until two."""
    for have, picks in (([], 2), (["sage"], 1), (["sage", "pip"], 0)):
        state = build(households={0: have, 1: ["moss", "gus"]}, phase="start")
        made = 0
        while decision(state) == DecisionKind.RECRUIT_UP:
            act(state, Family.SLOT, 0)
            made += 1
        assert made == picks and len(state.households[0]) == 2 and -1 not in state.selection
    empty = build(households={0: []}, selection=[], phase="start")
    assert decision(empty) == DecisionKind.DISCARD and empty.households[0] == []


def test_r4_2_discard_then_draw():
    """Discard any cards one by one; stopping draws up to the hand limit."""
    state = build(households={0: ["sage", "pip"]}, hands={0: ["rake", "rake", "no way"]}, phase="start")
    play(state, "rake")
    play(state, "no way")
    assert state.discard == [card("rake"), card("no way")] and state.hands[0] == [card("rake")]
    act(state, Family.PASS)
    assert len(state.hands[0]) == 5 and decision(state) == DecisionKind.TURN_ACTION


def test_r4_3_turn_action():
    """Exactly one turn action: Organize always; Recruit with a selection gnome; Battle when allowed."""
    state = build(households={0: ["sage", "pip"], 1: ["moss", "gus"]})
    assert sorted(a for a, _ in legal_args(state, Family.TURN)) == [0, 1, 2]
    lonely = build(households={0: ["sage", "pip"], 1: ["moss"]}, selection=[])
    assert [a for a, _ in legal_args(lonely, Family.TURN)] == [TurnAction.ORGANIZE]
    act(lonely, Family.TURN, TurnAction.ORGANIZE)
    act(lonely, Family.PASS)
    assert lonely.turn_player == 1  # one action, then the turn is over


def test_r5_1_attach():
    """Organize: an attachment from the hand goes on a gnome; an occupied slot is upgraded."""
    state = build(households={0: [("sage", "rake", None), "pip"]}, hands={0: ["pitchfork", "hedge"]},
                  phase="organize")
    play(state, "hedge")
    act(state, Family.GNOME, 1)
    play(state, "pitchfork")
    act(state, Family.GNOME, 0)
    assert state.defence[gnome("pip")] == card("hedge") and state.weapon[gnome("sage")] == card("pitchfork")
    assert state.discard == [card("rake")] and state.hands[0] == []


def test_r5_2_move_attachments():
    """Lift an attachment and put it down on a gnome; it cannot be lifted twice in one Organize."""
    state = build(households={0: [("sage", "rake", "lid"), ("pip", "twig", None)]}, phase="organize")
    assert sorted(legal_args(state, Family.LIFT)) == [(0, Slot.WEAPON), (0, Slot.DEFENCE), (1, Slot.WEAPON)]
    act(state, Family.LIFT, 0, Slot.DEFENCE)
    assert decision(state) == DecisionKind.PLACE_ATTACHMENT and state.held == card("lid")
    act(state, Family.GNOME, 1)
    assert state.defence[gnome("pip")] == card("lid") and state.defence[gnome("sage")] == -1
    assert (1, Slot.DEFENCE) not in legal_args(state, Family.LIFT)
    act(state, Family.LIFT, 0, Slot.WEAPON)
    act(state, Family.GNOME, 1)  # onto Pip's Twig Sword: the Twig Sword is discarded
    assert state.weapon[gnome("pip")] == card("rake") and state.discard == [card("twig")]
    assert legal_args(state, Family.LIFT) == []


def test_r5_3_yard():
    """Organize: lay yard items; with three in play one is discarded to make room."""
    state = build(households={0: ["sage", "pip"]}, yards={0: ["pink", "bird"]}, hands={0: ["picket", "scarecrow"]},
                  phase="organize")
    play(state, "picket")
    assert len(state.yard[0]) == 3 and decision(state) == DecisionKind.ORGANIZE
    play(state, "scarecrow")
    act(state, Family.SLOT, 0)
    assert state.yard[0] == [card("scarecrow"), card("bird"), card("picket")] and state.discard == [card("pink")]


def test_r5_4_turn_cards_in_organize():
    """Yard Sale during Organize draws two cards, then Organize goes on."""
    state = build(households={0: ["sage", "pip"]}, hands={0: ["yard sale"]}, deck_top=["rake", "hedge"],
                  phase="organize")
    play(state, "yard sale")
    assert sorted(state.hands[0]) == sorted([card("rake"), card("hedge")])
    assert decision(state) == DecisionKind.ORGANIZE and state.discard == [card("yard sale")]


def test_r5_5_organize_ends_when_done():
    """Organize goes on step by step until done; then the next household's turn starts."""
    state = build(households={0: ["sage", "pip"], 1: ["moss", "gus"]}, hands={0: ["rake", "lid"]}, phase="organize")
    play(state, "rake")
    act(state, Family.GNOME, 0)
    assert decision(state) == DecisionKind.ORGANIZE and state.current_player == 0
    act(state, Family.PASS)
    assert state.turn_player == 1 and state.hands[0] == [card("lid")]


def test_r6_1_recruit():
    """Recruit takes a selection gnome; the slot is refilled from the gnome deck at once."""
    state = build(households={0: ["sage", "pip"]}, selection=["moss", "gus", "tinker"], gnome_deck_top=["bumble"],
                  phase="recruit")
    act(state, Family.SLOT, 1)
    assert state.households[0] == [gnome("sage"), gnome("pip"), gnome("gus")]
    assert state.selection == [gnome("moss"), gnome("bumble"), gnome("tinker")]
    assert state.turn_player == 1


def test_r6_2_full_household():
    """A fifth gnome: one of the four others leaves the game with its attachments discarded."""
    state = build(households={0: [("sage", "rake", "lid"), "pip", "moss", "gus"]},
                  selection=["tinker", "bumble", "clod"], phase="recruit")
    act(state, Family.SLOT, 0)
    assert decision(state) == DecisionKind.REMOVE_GNOME
    assert sorted(a for a, _ in legal_args(state, Family.GNOME)) == [0, 1, 2, 3]  # not the newcomer
    act(state, Family.GNOME, 0)
    assert state.households[0] == [gnome(n) for n in ("pip", "moss", "gus", "tinker")]
    assert state.removed == [gnome("sage")] and sorted(state.discard) == sorted([card("rake"), card("lid")])
    state.check_invariants()


def test_r6_3_turn_cards_in_recruit():
    """Turn cards may be played during Recruit, before the gnome is picked."""
    state = build(households={0: ["sage", "pip"]}, hands={0: ["yard sale"]}, phase="recruit")
    play(state, "yard sale")
    assert len(state.hands[0]) == 2 and decision(state) == DecisionKind.RECRUIT
    act(state, Family.SLOT, 2)
    assert len(state.households[0]) == 3


def test_o14_turn_card_discarded_after_its_effect():
    """O14 / R1.4: a turn card reaches the discard pile only once it took effect, so a Yard Sale
    played on an empty deck draws from the reshuffled discards and never draws itself."""
    state = build(households={0: ["sage", "pip"]}, hands={0: ["yard sale"], 1: ["yard sale"]}, deck_size=0,
                  phase="organize")
    pile = len(state.discard)
    assert state.deck == [] and pile > 2
    play(state, "yard sale")
    assert state.discard == [card("yard sale")] and card("yard sale") not in state.hands[0]
    assert len(state.hands[0]) == 2 and len(state.deck) == pile - 2
    assert decision(state) == DecisionKind.ORGANIZE
    state.check_invariants()


def test_o8_placed_marks_cleared_when_organize_ends():
    """O8: "placed during this Organize" lasts only while that Organize runs; setup items and a
    Swipe during Recruit mark nothing, and no mark is left once Organize is done."""
    state = build(households={0: ["sage", "pip"], 1: ["moss", "gus"]}, hands={0: ["rake"]}, phase="organize")
    play(state, "rake")
    act(state, Family.GNOME, 0)
    assert state.settled and (0, Slot.WEAPON) not in legal_args(state, Family.LIFT)
    act(state, Family.PASS)
    assert state.settled == 0
    outside = (DecisionKind.TURN_ACTION, DecisionKind.DISCARD, DecisionKind.REACT, DecisionKind.RECRUIT,
               DecisionKind.SETUP_YARD, DecisionKind.DRAFT)
    for seed in range(4):
        game = fresh(seed=300 + seed, num_players=3, skip_forced=False)
        rng = np.random.default_rng(seed)
        while not game.is_terminal():
            if decision(game) in outside:
                assert game.settled == 0, game.decision_name()
            legal = game.legal_actions()
            game.apply(legal[rng.integers(len(legal))])
