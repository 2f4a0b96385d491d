"""R13 cutthroat and R14 one player; worked examples E16, E21, E32
(``seeds/rise_of_the_gnomes.md``)."""

from __future__ import annotations

import numpy as np

import gnome_envs
from gnome_envs.rise_of_the_gnomes.actions import CARD_SPACE_BASE
from gnome_envs.rise_of_the_gnomes.cards import ACTION_CARDS, MAX_CARD_SPACES
from gnome_envs.rise_of_the_gnomes.components import RACES
from gnome_envs.rise_of_the_gnomes.pending import Task
from gnome_envs.rise_of_the_gnomes.scenario import pos_of

from .helpers import (
    act,
    build_position,
    cubes,
    fresh,
    land_map,
    layout,
    prefer_pass,
    spaces_offered,
    tile,
    tiles_offered,
)

CUT = {"mode": "cutthroat"}
PLAYERS = {"g1": {0: (2, 0)}, "g3": {1: (2, 0)}, "DK": {"G": (8, 1)}}


def play_from_hand(card: int, seat: int = 0, **kwargs):
    """A cutthroat position whose only queued task is ``seat`` playing ``card`` from hand."""
    hands = {seat: [card]}
    state = build_position(2, phase="none", hands=hands, queue=[(Task.CUTTHROAT_PLAY, seat, 0, 1)], **CUT, **kwargs)
    act(state, layout(state).slot(0), "gnome_card_play")
    return state


def test_r13_1_hands_and_refills():
    """R13.1 and E32: four cards each for 2-3 players, three for 4-5; refilled at the reset;
    the discards are reshuffled into the deck when it runs out."""
    for n, size in ((2, 4), (3, 4), (4, 3), (5, 3)):
        state = fresh(n, num_players=n, **CUT)
        assert [len(h) for h in state.hands] == [size] * n
    state = build_position(2, turn=1, phase="reset", hands={0: [1], 1: []}, **CUT)
    assert [len(h) for h in state.hands] == [4, 4]
    deck = list(state.gnome_deck)
    state = build_position(2, turn=2, phase="reset", hands={0: [], 1: []}, **CUT)
    state.gnome_discard = []
    from gnome_envs.rise_of_the_gnomes.flow import draw_gnome_card
    state.gnome_discard, state.gnome_deck = state.gnome_deck[:5], []
    card = draw_gnome_card(state)
    assert card in deck and len(state.gnome_deck) == 4 and state.gnome_discard == []


def test_r13_2_cards_are_played_in_turn_order():
    """R13.2: players play one card each in turn order from the starting player until five."""
    state = build_position(2, tiles=land_map(), pieces=PLAYERS, phase="gnomes", start_player=1,
                           hands={0: [0, 2, 7, 12], 1: [20, 13, 24, 26]}, **CUT)
    players = []
    while len(players) < 5:
        if state.decision_name() == "gnome_card_play":
            players.append(state.current_player)
            act(state, layout(state).slot(0))
        else:
            state.apply(prefer_pass(state))
    assert players == [1, 0, 1, 0, 1]


def test_e16_cutthroat_dragon_the_player_chooses():
    """E16 and R13.3: purple's card moves the dragon into plains; two adjacent plains: purple
    picks one, whatever the icons."""
    card = 2  # move to plains
    state = play_from_hand(card, tiles=land_map(g1="PL/C", g4="PL/L", r8="LA"), dragon="DK", pieces=PLAYERS)
    assert state.decision_name() == "dragon_tile" and state.current_player == 0
    assert tiles_offered(state) == {pos_of("g1"), pos_of("g4")}
    act(state, tile(state, "g4"))  # the crown (first in the card's order) is not taken
    assert state.dragon == pos_of("g4")


def test_e21_cutthroat_action_any_listed_type():
    """E21 and R13.4: Barrel Delivery lists plains, highland, swamp: the player may pick a
    highland even though plains come first on the list."""
    card = 0  # BD:PL,HI,SW
    tiles = land_map(g1="PL", g2="HI", g3="SW", g4="MO", g5="FO", g6="DE")
    state = play_from_hand(card, tiles=tiles, pieces={"DK": {"G": (8, 1)}, "g4": {0: (1, 0)}, "g5": {1: (1, 0)}})
    assert state.decision_name() == "gnome_tile" and state.current_player == 0
    assert tiles_offered(state) == {pos_of("g1"), pos_of("g2"), pos_of("g3")}
    act(state, tile(state, "g2"))
    assert cubes(state, "g2", "G") == 3


def test_r13_4_a_single_eligible_tile_is_not_a_choice():
    """R13.4: with one eligible tile the action happens there (it cannot be skipped)."""
    card = 0
    tiles = land_map(g1="DE", g2="MO", g3="SW", g4="MO", g5="FO", g6="DE")
    state = play_from_hand(card, tiles=tiles, pieces={"DK": {"G": (8, 1)}, "g4": {0: (1, 0)}, "g5": {1: (1, 0)}})
    assert state.is_terminal()  # no choice was offered
    assert cubes(state, "g3", "G") == 3


def test_r13_5_ties_fall_to_the_cards_player():
    """R13.5: a Gnome Beer Competition tie between players is the card player's choice."""
    card = 2  # BC:MO,SW,HI
    state = build_position(2, phase="none", hands={1: [card]}, start_player=0,
                           queue=[(Task.CUTTHROAT_PLAY, 1, 0, 1)], tiles=land_map(),
                           pieces={"g4": {0: (2, 0), 1: (2, 0), "G": (1, 0)}, "DK": {"G": (8, 1)}}, **CUT)
    assert state.decision_name() == "gnome_card_play" and state.current_player == 1
    act(state, layout(state).slot(0))
    assert state.decision_name() == "gnome_victim" and state.current_player == 1
    assert set(state.legal_actions()) == {layout(state).owner(0), layout(state).owner(1)}


def test_r14_1_one_seat_against_the_gnomes():
    """R14.1: one player: two allies on offer, eight brewers, the starting player card stays,
    ties are the player's, the first player's gold bonus (R2.15: two extra gold, with one player
    that player); SingleAgentEnv serves it with no opponents; rank reward 0."""
    state = fresh(3, num_players=1)
    assert state.brewers_owned == [8]
    seen_row = set()
    judged = False
    while not state.is_terminal():
        if state.decision_name() == "judge_discard":  # setup done, nothing bought yet
            assert state.gold == [RACES[state.race[0]].gold + 2]
            judged = True
        if state.decision_name() == "ally_pick":
            seen_row.add(len(state.ally_row))
        assert state.start_player == 0 and state.current_player == 0
        state.apply(prefer_pass(state))
    assert seen_row == {2} and judged
    assert state.rank_returns().tolist() == [0.0]
    assert state.returns().tolist() == ([-1.0] if state.gnomes_win() else [1.0])
    env = gnome_envs.SingleAgentEnv("rise_of_the_gnomes_v1", num_players=1)
    obs, info = env.reset(seed=5)
    assert info["learner_seat"] == 0 and env.opponents == [] and obs.shape == env.observation_space.shape
    rng = np.random.default_rng(5)
    done = False
    while not done:
        legal = np.flatnonzero(env.action_masks())
        _, reward, done, _, info = env.step(int(legal[rng.integers(legal.size)]))
    assert reward in (-1.0, 1.0) and len(info["scores"]) == 2


def test_r13_3_the_dragon_still_must_move():
    """R13.3: with one eligible tile the cutthroat dragon moves there without a choice."""
    card = 2  # move to plains
    state = play_from_hand(card, tiles=land_map(g1="PL/C", g4="MO", r8="LA"), dragon="DK", pieces=PLAYERS)
    assert state.dragon == pos_of("g1")


def _card_spaces_offered(num_players: int) -> set[tuple[int, int]]:
    """(display position, space) of the action card spaces seat 0 may claim in a fresh turn."""
    display = [0, 1, 2, 3, 4, 5, 8, 9]  # every action, both copies of Barrel Delivery and Expand
    pieces = {"g1": {0: (2, 0)}, "DK": {"G": (8, 1)}}
    if num_players > 1:
        pieces["g3"] = {1: (2, 0)}
    state = build_position(num_players, tiles=land_map(), pieces=pieces, action_display=display,
                           beer=[9] * num_players, gold=[0] * num_players)
    spaces = {s - CARD_SPACE_BASE for s in spaces_offered(state) if s >= CARD_SPACE_BASE}
    return {divmod(s, MAX_CARD_SPACES) for s in spaces}


def test_r14_2_solo_blocks_the_two_barrel_card_spaces():
    """R14.2: alone, no action card space of two barrels is offered (an Expand card keeps only
    its three-barrel space); with two players every space is."""
    display = [0, 1, 2, 3, 4, 5, 8, 9]
    every = {(d, s) for d, card in enumerate(display) for s in range(len(ACTION_CARDS[card].costs))}
    solo = {(d, s) for d, s in every if ACTION_CARDS[display[d]].costs[s] != 2}
    assert _card_spaces_offered(2) == every
    assert _card_spaces_offered(1) == solo
    assert {(6, 0), (7, 0), (7, 1), (0, 1), (1, 2)}.isdisjoint(solo)  # the two-barrel spaces
    assert {(6, 1), (7, 2), (0, 0), (1, 0), (1, 1)} <= solo  # Expand keeps its three-barrel space
