"""R10 scoring, R11 reset, R12 the end; worked examples E2, E25-E30
(``seeds/rise_of_the_gnomes.md``)."""

from __future__ import annotations

import numpy as np

from gnome_envs.rise_of_the_gnomes.cards import ACTION_DISPLAY, NUM_ACTION_CARDS
from gnome_envs.rise_of_the_gnomes.flow import gnome_income, player_income
from gnome_envs.rise_of_the_gnomes.pending import Task

from .helpers import build_position, land_map

SCORE = [(Task.SCORE_PHASE,)]
RIVAL = {"g3": {1: (1, 0)}}


def scored(**kwargs):
    """A position whose only queued task is a Score phase (the game stops after it)."""
    kwargs.setdefault("tiles", land_map(r2="SE", r5="PL", r8="LA", r11="SW", r14="FO", r17="MO"))
    return build_position(kwargs.pop("num_players", 2), phase="none", queue=SCORE, **kwargs)


def test_e25_production_rows():
    """E25: production 13 completes two rows of the table: two points, no gold."""
    state = scored(production=[13, 4], gold=[0, 0], pieces={"g1": {0: (1, 1)}, **RIVAL, "DK": {"G": (1, 0)}})
    assert player_income(state, 0) == (2, 0)
    assert state.vp[0] == 2 and state.gold[0] == 0


def test_e26_brewery_boxes():
    """E26: four breweries out uncover two points and two gold."""
    pieces = {"g1": {0: (1, 1)}, "g2": {0: (1, 1)}, "y1": {0: (1, 1)}, "y2": {0: (1, 1)}, **RIVAL,
              "DK": {"G": (1, 0)}}
    state = scored(pieces=pieces, production=[4, 4], gold=[0, 0])
    assert state.vp[0] == 2 and state.gold[0] == 2


def test_e27_customer_boxes():
    """E27: 23 cubes out: three points and two gold; the third gold box still holds a cube."""
    state = scored(pieces={"g1": {0: (23, 1)}, **RIVAL, "DK": {"G": (1, 0)}}, production=[4, 4], gold=[0, 0])
    assert state.vp[0] == 3 and state.gold[0] == 2


def test_r10_1_player_scoring_adds_every_source():
    """R10.1: rows + brewery boxes + customer boxes + 2 for a brewery in Dragonkeep (+1 gold per
    Tax Collector)."""
    pieces = {"DK": {0: (7, 1), "G": (1, 0)}, "g1": {0: (1, 1)}, **RIVAL}
    state = scored(pieces=pieces, production=[10, 4], gold=[0, 0], allies={0: ["Tax Collector"]})
    # rows 2 (2 VP), breweries 2 out (1 VP), cubes 8 out (2 boxes: 1 VP), Dragonkeep 2, Tax Collector 1 gold
    assert state.vp[0] == 2 + 1 + 1 + 2 and state.gold[0] == 1


def test_e29_gnome_breweries_and_customers():
    """E29: three Gnome breweries out give two points; eight cubes out give one point and two
    gold."""
    pieces = {"g1": {"G": (8, 1)}, "g2": {"G": (0, 1)}, "g4": {"G": (0, 1)}, "g5": {0: (1, 0)}, **RIVAL}
    state = scored(pieces=pieces, gnome_gold=0)
    assert gnome_income(state) == (3, 2)
    assert state.g_vp == 3 and state.g_gold == 2


def test_r10_2_gnome_dragonkeep_and_difficulty():
    """R10.2: a Gnome brewery in Dragonkeep scores two; the difficulty adjusts each turn."""
    pieces = {"DK": {"G": (3, 1)}, "g5": {0: (1, 0)}, **RIVAL}
    state = scored(pieces=pieces, difficulty="hard")
    assert state.g_vp == 2 + 2


def test_e28_difficult_adds_three():
    """E28: at "difficult" the Gnomes gain three points each turn."""
    state = scored(pieces={"g1": {"G": (1, 1)}, "g5": {0: (1, 0)}, **RIVAL}, difficulty="difficult")
    assert state.g_vp == 3


def test_e2_easy_subtracts_two_never_below_zero():
    """E2 and R10.2: at "easy" the Gnomes lose two points each turn, but not below zero."""
    state = scored(pieces={"g1": {"G": (1, 1)}, "g5": {0: (1, 0)}, **RIVAL}, difficulty="easy", gnome_vp=5)
    assert state.g_vp == 3
    state = scored(pieces={"g1": {"G": (1, 1)}, "g5": {0: (1, 0)}, **RIVAL}, difficulty="easy", gnome_vp=1)
    assert state.g_vp == 0


def test_r11_1_reset():
    """R11.1: the starting player card moves on, brewers come home, action cards reshuffled."""
    state = build_position(2, tiles=land_map(), pieces={"g1": {0: (1, 0)}, **RIVAL, "DK": {"G": (1, 1)}},
                           turn=1, phase="reset", start_player=1, brewers=[0, 0])
    assert state.turn == 2 and state.start_player == 0
    assert state.brewers == state.brewers_owned
    assert sorted(state.action_display + state.action_hidden) == list(range(NUM_ACTION_CARDS))
    assert sum(state.player_spaces) == 0


def test_r11_1_action_cards_are_reshuffled():
    """R11.1: the ten action cards are reshuffled and eight laid out: from the display 0-7 in
    order (the other two aside), the reset lays out other orders, one per seed."""
    before = list(range(ACTION_DISPLAY))
    after = set()
    for seed in range(3):  # deterministic seeds
        state = build_position(2, tiles=land_map(), pieces={"g1": {0: (1, 0)}, **RIVAL, "DK": {"G": (1, 1)}},
                               turn=1, phase="reset", action_display=before, seed=seed)
        assert state.turn == 2 and len(state.action_display) == ACTION_DISPLAY
        after.add(tuple(state.action_display))
    assert tuple(before) not in after and len(after) > 1


def test_e30_glorik_van_dyke():
    """E30 and R12.1: Glorik Van Dyke, breweries in three mountains: five points at the end."""
    tiles = land_map(g4="MO", y4="MO", y9="MO", r2="SE", r5="PL", r8="LA", r11="SW", r14="FO", r17="HI")
    pieces = {"g4": {0: (1, 1)}, "y4": {0: (1, 1)}, "y9": {0: (1, 1)}, **RIVAL, "DK": {"G": (1, 1)}}
    state = build_position(2, tiles=tiles, pieces=pieces, judges={0: ["Glorik Van Dyke", "Banker Goldbeard"]},
                           gold=[4, 0], phase="none", queue=[(Task.END_GAME,)])
    assert state.vp[0] == 5  # Banker Goldbeard needs five gold: nothing, no penalty


def test_r12_1_judges_score_in_turn_order_and_not_for_the_gnomes():
    """R12.1: each player's two judges score at the end; the Gnomes score nothing more."""
    pieces = {"g1": {0: (12, 0)}, "g3": {1: (1, 1)}, "g4": {1: (0, 1)}, "y6": {1: (0, 1)}, "DK": {"G": (1, 1)}}
    state = build_position(2, tiles=land_map(), pieces=pieces, gnome_vp=7,
                           judges={0: ["Mayor Pintsworth", "Steward of Dragonkeep"], 1: ["Guildmaster Hopsworth", "Old Bogsworth"]},
                           phase="none", queue=[(Task.END_GAME,)])
    assert state.vp == [2, 2] and state.g_vp == 7


def test_r12_2_the_gnomes_win_ties_and_everyone_loses():
    """R12.2: Gnome points equal to the best player's: every player loses (-1)."""
    state = build_position(3, races=["orcs", "dwarves", "elves"], vp=[30, 28, 10], gnome_vp=30,
                           pieces={"g1": {0: (1, 0)}, "DK": {"G": (1, 1)}}, phase="none")
    assert state.is_terminal() and state.gnomes_win()
    assert state.placements() == (1, 2, 3)
    assert np.array_equal(state.returns(), [-1.0, -1.0, -1.0])
    state = build_position(3, races=["orcs", "dwarves", "elves"], vp=[30, 28, 10], gnome_vp=29,
                           pieces={"g1": {0: (1, 0)}, "DK": {"G": (1, 1)}}, phase="none")
    assert not state.gnomes_win() and state.placements() == (0, 1, 2)
    assert np.array_equal(state.returns(), [1.0, -1.0, -1.0])
    assert list(state.scores()) == [30, 28, 10, 29]


def test_r12_3_ties_go_to_beer_and_gold_then_share():
    """R12.3: equal points: more beer + gold wins; equal again: the victory is shared."""
    common = {"races": ["orcs", "dwarves", "elves"], "pieces": {"g1": {0: (1, 0)}, "DK": {"G": (1, 1)}},
                  "phase": "none", "gnome_vp": 0}
    state = build_position(3, vp=[20, 20, 5], beer=[3, 1, 0], gold=[1, 4, 0], **common)
    assert state.placements() == (1, 0, 2)
    state = build_position(3, vp=[20, 20, 5], beer=[3, 2, 0], gold=[2, 3, 0], **common)
    assert state.placements() == (0, 0, 2)
    assert np.array_equal(state.returns(), [0.5, 0.5, -1.0])
