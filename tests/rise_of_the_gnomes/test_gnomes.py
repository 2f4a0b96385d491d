"""R9 the Gnome cards: the dragon, rampages and the Gnome Union's actions, with the rulebook's
worked examples E10, E13-E15, E17-E20, E22-E24 (``seeds/rise_of_the_gnomes.md``)."""

from __future__ import annotations

from gnome_envs.rise_of_the_gnomes import gnomes, markets
from gnome_envs.rise_of_the_gnomes.cards import GNOME_CARDS, GnomeAction
from gnome_envs.rise_of_the_gnomes.components import BOATS
from gnome_envs.rise_of_the_gnomes.pending import Task
from gnome_envs.rise_of_the_gnomes.scenario import pos_of

from .helpers import (
    act,
    brews,
    build_position,
    cubes,
    gnome_card_position,
    land_map,
    layout,
    play_until,
    prefer_pass,
    tile,
    tiles_offered,
)

GREEN_PLAYERS = {"g1": {0: (2, 0)}, "g3": {1: (2, 0)}}  # players on green tiles (no red neighbours)


def rampage(pos: str, **kwargs):
    """A position whose only queued task is a rampage on ``pos``."""
    return build_position(phase="none", queue=[(Task.RAMPAGE, pos_of(pos))], **kwargs)


# ============================================================================ R9.1
def test_r9_1_five_cards_a_turn_seven_in_turns_four_and_five():
    """R9.1: the Gnome phase plays 5 cards in turns 1-3 and 7 in turns 4-5, each discarded."""
    for turn, expected in ((1, 5), (3, 5), (4, 7), (5, 7)):
        state = build_position(2, tiles=land_map(r8="LA"), pieces={"DK": {"G": (8, 1)}, **GREEN_PLAYERS},
                               turn=turn, phase="gnomes")
        play_until(state, lambda s, t=turn: s.turn > t, prefer_pass)
        assert len(state.gnome_discard) == expected, turn


# ============================================================================ R9.2 the dragon
def test_r9_2_dragon_moves_into_the_adjacent_tile_of_the_type_by_icon_order():
    """R9.2 and E13: two plains next to the dragon; the card's icon order (crown first) picks."""
    card = 2  # move to plains; icon order C S L H
    assert GNOME_CARDS[card].icon_order[0] == 2
    state = gnome_card_position(card, tiles=land_map(g1="PL/S", g4="PL/C", r8="LA"), dragon="DK",
                                pieces={"DK": {"G": (8, 1)}, "g3": {0: (1, 0)}, "g5": {1: (1, 0)}})
    assert state.dragon == pos_of("g4")


def test_r9_2_an_icon_tie_is_the_starting_players_choice():
    """R9.2: two adjacent plains with the same icon: the starting player chooses."""
    state = gnome_card_position(2, tiles=land_map(g1="PL/L", g4="PL/L", r8="LA"), dragon="DK",
                                pieces={"DK": {"G": (8, 1)}, "g3": {0: (1, 0)}, "g5": {1: (1, 0)}},
                                start_player=1)
    assert state.decision_name() == "dragon_tile" and state.current_player == 1
    assert tiles_offered(state) == {pos_of("g1"), pos_of("g4")}
    act(state, tile(state, "g1"))
    assert state.dragon == pos_of("g1")


def test_r9_2_the_dragon_stays_when_no_other_tile_fits():
    """R9.2: flying to Dragonkeep while already there: no move and no rampage."""
    card = 17  # fly to Dragonkeep
    state = gnome_card_position(card, tiles=land_map(r8="LA"), dragon="DK",
                                pieces={"DK": {"G": (8, 1), 0: (3, 0)}, "g3": {1: (1, 0)}}, gold=[9, 9])
    assert state.is_terminal()  # no bribe was asked: there was no rampage
    assert state.dragon == pos_of("DK") and cubes(state, "DK", 0) == 3


def test_r9_2_sea_tiles_and_the_lair_are_adjacent_for_the_dragon_and_boats_sink():
    """R9.2 and E10: from the lair the dragon moves to a far sea tile; a boat there sinks."""
    card = 3  # move to sea
    tiles = land_map(r8="LA", y9="SE", r14="FO", r2="SE", r5="SE")
    state = gnome_card_position(card, tiles=tiles, dragon="r8", boats=["y9"],
                                pieces={"DK": {"G": (8, 1)}, **GREEN_PLAYERS})
    assert state.dragon in {pos_of("y9"), pos_of("r2"), pos_of("r5")}
    tiles = land_map(r8="LA", y9="SE", r14="FO")
    state = gnome_card_position(card, tiles=tiles, dragon="r8", boats=["y9"],
                                pieces={"DK": {"G": (8, 1)}, **GREEN_PLAYERS})
    assert state.dragon == pos_of("y9")
    assert not state.boats[pos_of("y9")] and state.boat_supply == BOATS


def test_r9_2_the_dragon_waits_on_the_score_board():
    """R9.2: before the lair is revealed the dragon does not move; the Gnomes still act."""
    card = 3  # move to sea; Beer Competition (HI, FO, SW), Brew Festival (SW, MO, HI), Victory Point
    state = gnome_card_position(card, tiles=land_map(), pieces={"DK": {"G": (8, 1)}, **GREEN_PLAYERS})
    assert state.dragon == -1
    assert state.gnome_discard == [card]
    # the Gnomes occupy only Dragonkeep, in none of the first two actions' tile lists: the card
    # falls through to its tertiary Victory Point, two points (R9.5, R9.7; gnome_vp starts at 0)
    assert [step.action for step in GNOME_CARDS[card].steps] == [
        GnomeAction.BEER_COMPETITION, GnomeAction.BREW_FESTIVAL, GnomeAction.VICTORY_POINT]
    assert state.g_vp == 2


def test_e15_dragon_flies_to_dragonkeep_and_rampages():
    """E15: a fly card takes the dragon to Dragonkeep; the Gnomes cannot pay: their brewery
    burns and two cubes are eaten (turn one's fill)."""
    state = gnome_card_position(17, tiles=land_map(r8="LA"), dragon="r8", gnome_gold=0,
                                pieces={"DK": {"G": (8, 1)}, **GREEN_PLAYERS})
    assert state.dragon == pos_of("DK")
    assert brews(state, "DK", "G") == 0 and state.g_brews_out == 0
    assert cubes(state, "DK", "G") == 6


def test_e14_dragon_tribute_sea_to_sea_then_forest():
    """E14: the tribute moves the dragon from one sea tile to another, then into a forest; only
    the forest suffers."""
    tiles = land_map(y3="SE", y9="SE", y8="FO", r8="LA", r5="PL", r14="FO", r11="SW")
    state = build_position(2, tiles=tiles, dragon="y3", gold=[5, 5],
                           pieces={"DK": {"G": (8, 1)}, "y9": {1: (2, 0)}, "y8": {1: (3, 0)}, "g1": {0: (1, 0)}})
    from gnome_envs.rise_of_the_gnomes.components import BoardAction

    from .helpers import board_space
    act(state, board_space(state, BoardAction.DRAGON_TRIBUTE), "place_brewer")
    act(state, tile(state, "y9"), "tribute_step")
    assert pos_of("y3") not in tiles_offered(state)  # it must end elsewhere than it started
    act(state, tile(state, "y8"), "tribute_step")
    assert state.decision_name() == "bribe"  # P1 may bribe in the forest (gold 5)
    act(state, layout(state).pass_action)
    assert state.dragon == pos_of("y8")
    assert cubes(state, "y8", 1) == 1 and cubes(state, "y9", 1) == 2  # fill 2 eaten in the forest only
    assert state.gold[0] == 2


# ============================================================================ R9.3, R9.4 rampage
def test_r9_3_bribes_in_turn_order_and_the_gnomes_always_pay():
    """R9.3 and E17: on turn three the bribe is three gold; the Gnomes pay it themselves;
    players who can afford it decide in turn order from the starting player."""
    state = rampage("g1", tiles=land_map(), turn=3, start_player=1, gnome_gold=3, gold=[3, 4],
                    pieces={"g1": {0: (2, 0), 1: (2, 0), "G": (2, 0)}, "DK": {"G": (8, 1)}})
    assert state.g_gold == 0 and state.bribed >> state.n & 1
    assert state.decision_name() == "bribe" and state.current_player == 1
    act(state, layout(state).confirm_action)
    assert state.gold[1] == 1
    assert state.current_player == 0
    act(state, layout(state).pass_action)
    assert cubes(state, "g1", "G") == 2 and cubes(state, "g1", 1) == 2  # both paid
    assert cubes(state, "g1", 0) == 0  # fill 4: P0 alone pays with both cubes


def test_r9_3_players_who_cannot_pay_are_not_asked():
    """R9.3: a player with less gold than the bribe has no choice."""
    state = rampage("g1", tiles=land_map(), turn=3, gold=[2, 2], pieces={"g1": {0: (2, 0)}, "g3": {1: (1, 0)}})
    assert state.is_terminal() and cubes(state, "g1", 0) == 0


def test_r9_4_one_brewery_burns_unless_paid():
    """R9.4: the dragon burns one brewery even where its owner has two (twin ability)."""
    state = rampage("g1", tiles=land_map(), gold=[0, 0], upgrades={0: ["twin"]},
                    pieces={"g1": {0: (0, 2)}, "g3": {1: (1, 0)}})
    assert brews(state, "g1", 0) == 1 and state.brews_out[0] == 1


def test_e18_rampage_fill_rounds():
    """E18: turn four, plains with red 3, blue 2, Gnomes 4; blue pays 4; fill 5: red and the
    Gnomes lose one each per round: 2, 4, 6 cubes; red 0, Gnomes 1, blue 2 remain."""
    state = rampage("g1", tiles=land_map(), turn=4, gnome_gold=0, gold=[3, 4],
                    pieces={"g1": {0: (3, 0), 1: (2, 0), "G": (4, 0)}, "DK": {"G": (8, 1)}})
    assert state.decision_name() == "bribe" and state.current_player == 1  # red cannot pay 4
    act(state, layout(state).confirm_action)
    assert (cubes(state, "g1", 0), cubes(state, "g1", 1), cubes(state, "g1", "G")) == (0, 2, 1)
    assert state.gold[1] == 0


# ============================================================================ R9.5-R9.7 Gnome actions
E19_TILES = land_map(g1="SW", g2="HI/S", g3="FO", g4="MO", g5="HI/L", g6="DE")


def test_e19_barrel_delivery_uses_the_next_type_and_the_icon_order():
    """E19: Barrel Delivery lists plains first; no plains is next to a Gnome tile, two
    highlands are: the lion comes before the scale on the card."""
    card = 0  # BD:PL,HI,SW, icon order L S C H
    state = gnome_card_position(card, tiles=E19_TILES, pieces={"DK": {"G": (8, 1)}, **GREEN_PLAYERS})
    assert cubes(state, "g5", "G") == 3 and cubes(state, "g2", "G") == 0


def test_r9_5_ties_after_the_icon_order_go_to_the_starting_player():
    """R9.5: two highlands with the same icon next to the Gnomes: the starting player picks."""
    state = gnome_card_position(0, tiles=land_map(g1="SW", g2="HI/L", g3="FO", g4="MO", g5="HI/L"),
                                pieces={"DK": {"G": (8, 1)}, **GREEN_PLAYERS})
    assert state.decision_name() == "gnome_tile" and state.current_player == 0
    assert tiles_offered(state) == {pos_of("g2"), pos_of("g5")}
    act(state, tile(state, "g2"))
    assert cubes(state, "g2", "G") == 3


def test_e20_partial_brew_festival():
    """E20: Brew Festival with two cubes left on the Gnome board adds those two."""
    card = 8  # BF:MO,SW,PL
    state = gnome_card_position(card, tiles=land_map(),
                                pieces={"DK": {"G": (20, 1)}, "g4": {"G": (10, 0)}, **GREEN_PLAYERS})
    assert cubes(state, "g4", "G") == 12 and markets.board_cubes(state, state.n) == 0


def test_r9_6_nothing_on_the_board_falls_through_to_the_next_action():
    """R9.6: no Gnome cube left: Brew Festival is impossible; the secondary Expand builds."""
    card = 8  # BF:MO,SW,PL / EXP:DK,MO / VP
    state = gnome_card_position(card, tiles=land_map(),
                                pieces={"DK": {"G": (22, 1)}, "g4": {"G": (10, 0)}, **GREEN_PLAYERS})
    assert brews(state, "g4", "G") == 1 and state.g_vp == 0


def test_e22_competitive_expand_replaces_the_players_brewery():
    """E22: Dragonkeep already has a Gnome brewery; two Gnome-controlled plains, the crown
    comes first: blue's brewery there goes home and a Gnome brewery goes up."""
    card = 16  # EXP:DK,MO,PL, icon order C H L S
    tiles = land_map(g1="PL/C", g3="PL/L", g2="SW", g4="MO", g6="DE")
    state = gnome_card_position(card, tiles=tiles, pieces={
        "DK": {"G": (8, 1)}, "g1": {1: (1, 1), "G": (4, 0)}, "g3": {"G": (2, 0)}, "g5": {0: (2, 0)}})
    assert brews(state, "g1", "G") == 1 and brews(state, "g1", 1) == 0
    assert state.brews_out[1] == 0 and brews(state, "g3", "G") == 0


def test_e23_competitive_caravan_lions_then_scale():
    """E23: four Gnome cubes leave Dragonkeep for its five land neighbours (not the desert):
    the three lions first, then the forest with the scale."""
    card = 22  # CAR:DK,PL,SW, icon order L S H C
    tiles = land_map(g1="PL/L", g2="SW/L", g3="FO/S", g4="MO/L", g5="HI/C", g6="DE")
    state = gnome_card_position(card, tiles=tiles, pieces={"DK": {"G": (4, 1)}, "g5": {0: (1, 0)},
                                                           "g6": {1: (1, 0)}})
    got = {name: cubes(state, name, "G") for name in ("g1", "g2", "g3", "g4", "g5", "g6", "DK")}
    assert got == {"g1": 1, "g2": 1, "g3": 1, "g4": 1, "g5": 0, "g6": 0, "DK": 0}


def test_r9_7_caravan_goes_to_dragonkeep_first_and_never_into_water_or_desert():
    """R9.7: a caravan from g1 with two cubes: Dragonkeep first, then by icon order; the
    desert and the sea next to it get nothing."""
    card = 17  # fly DK (dragon off board here); CAR:PL,SW,MO, icon order H C S L
    tiles = land_map(g1="PL", g2="DE", g6="SE", y1="MO/H", y12="SW/C", y2="SW/S", r2="SE", r17="MO")
    state = gnome_card_position(card, tiles=tiles, pieces={"g1": {"G": (2, 0)}, "DK": {"G": (1, 1)},
                                                           "g4": {0: (1, 0)}, "g5": {1: (1, 0)}})
    assert cubes(state, "DK", "G") == 2 and cubes(state, "y1", "G") == 1
    assert cubes(state, "g1", "G") == 0 and cubes(state, "g2", "G") == 0


def test_r9_7_beer_competition_hits_the_strongest_player_ties_to_the_starting_player():
    """R9.7 (O29): each removal hits the strongest player with cubes; a tie is the starting
    player's choice (even against itself); then two Gnome cubes arrive."""
    card = 2  # BC:MO,SW,HI (dragon off board)
    state = gnome_card_position(card, tiles=land_map(), start_player=0, pieces={
        "g4": {0: (3, 0), 1: (1, 1), "G": (1, 0)}, "DK": {"G": (8, 1)}})
    assert state.decision_name() == "gnome_victim" and state.current_player == 0
    lay = layout(state)
    assert set(state.legal_actions()) == {lay.owner(0), lay.owner(1)}
    act(state, lay.owner(1))  # P1 loses a cube: P0 (3) is now strongest alone
    assert state.is_terminal()
    assert (cubes(state, "g4", 0), cubes(state, "g4", 1), cubes(state, "g4", "G")) == (2, 0, 3)


def test_r9_7_immigration_needs_no_presence():
    """R9.7: Immigration adds three cubes to the first listed type (Dragonkeep here)."""
    card = 20  # fly MO; IMM:DK,SW,MO
    state = gnome_card_position(card, tiles=land_map(), pieces={"DK": {"G": (2, 1)}, **GREEN_PLAYERS})
    assert cubes(state, "DK", "G") == 5


def test_r9_7_barrel_delivery_by_boat():
    """R9.7: Gnome Barrel Delivery uses boats: from g1 next to the boat's sea tile y2 the far
    shore of the body is reachable."""
    tiles = land_map(y2="SE", y3="SE", r2="PL", r5="MO")
    state = build_position(2, tiles=tiles, boats=["y2"], phase="none",
                           pieces={"g1": {"G": (1, 0)}, "g5": {0: (1, 0)}, "g4": {1: (1, 0)}})
    reach = gnomes.gnome_adjacent(state)
    assert pos_of("y4") in reach and pos_of("r5") in reach and pos_of("y3") in reach


def test_e24_victory_points_when_nothing_else_works():
    """E24: primary and secondary impossible: the Gnomes score two points."""
    card = 2  # BC:MO,SW,HI / EXP:FO,PL / VP
    state = gnome_card_position(card, tiles=land_map(), pieces={"DK": {"G": (3, 1)}, **GREEN_PLAYERS})
    assert state.g_vp == 2


def test_r9_5_primary_before_secondary():
    """R9.5: the primary action is used when possible (the secondary is not)."""
    card = 20  # IMM:DK,SW,MO / EXP:DK,MO
    step = GNOME_CARDS[card].steps
    assert step[0].action == GnomeAction.IMMIGRATION and step[1].action == GnomeAction.EXPAND
    state = gnome_card_position(card, tiles=land_map(), pieces={"DK": {"G": (8, 0)}, **GREEN_PLAYERS})
    assert brews(state, "DK", "G") == 0 and cubes(state, "DK", "G") == 11


def test_o42_a_card_with_no_possible_action_does_nothing():
    """O42: Expand, Brew Festival and Immigration all impossible (no Gnome cube left, no tile
    to expand into): the card changes nothing and is discarded."""
    card = 1  # EXP:DK,SW,FO / BF:MO,SW,FO / IMM:MO,HI
    assert GNOME_CARDS[card].steps[2].action == GnomeAction.IMMIGRATION
    pieces = {"DK": {"G": (32, 1)}, **GREEN_PLAYERS}
    before = build_position(phase="none", tiles=land_map(), pieces=pieces)
    state = gnome_card_position(card, tiles=land_map(), pieces=pieces)
    assert state.is_terminal() and state.gnome_discard == [card]
    assert state.cubes == before.cubes and state.brews == before.brews
    assert state.g_vp == 0 and state.dragon == before.dragon
