"""Worked examples of the rulebook not covered next to their clause: E1, E3-E6, E9-E13, E17,
E31, E32 (``seeds/rise_of_the_gnomes.md``)."""

from __future__ import annotations

from gnome_envs.rise_of_the_gnomes import board
from gnome_envs.rise_of_the_gnomes.cards import GNOME_CARDS
from gnome_envs.rise_of_the_gnomes.components import (
    BOATS,
    GREEN_POSITIONS,
    BoardAction,
    PlayerSpace,
    TileType,
    Upgrade,
)
from gnome_envs.rise_of_the_gnomes.pending import Task
from gnome_envs.rise_of_the_gnomes.scenario import pos_of

from .helpers import (
    act,
    board_space,
    build_position,
    cubes,
    fresh,
    gnome_card_position,
    land_map,
    layout,
    names,
    player_space,
    spaces_offered,
    tile,
    tiles_offered,
)

BASE = {"DK": {"G": (8, 1)}}


def test_e1_brewery_and_cube_placement():
    """E1: red (Orcs) starts in the green swamp with brewery #1 and four cubes; production 3
    becomes 4, and 5 once the first token goes on the production upgrade."""
    state = fresh(9, num_players=2)
    lay = layout(state)
    red = state.current_player  # the first player picks first
    act(state, lay.race(0), "race_pick")
    act(state, lay.race(2), "race_pick")
    swamp = next(p for p in GREEN_POSITIONS if state.tile_type[p] == TileType.SWAMP)
    assert state.cubes_at(swamp, red) == 4 and state.brews_at(swamp, red) == 1
    assert state.production(red) == 4
    assert state.decision_name() == "upgrade_slot" and state.current_player == red
    act(state, lay.upgrade(Upgrade.PRODUCTION), "upgrade_slot")
    assert state.production(red) == 5


def test_e3_orctoberfest_six_gold_two_points_then_closed():
    """E3: purple discards six gold for two points; once its three circles are taken,
    Orctoberfest is closed for the rest of the phase."""
    races = ["humans", "orcs", "dwarves"]
    state = build_position(3, races=races, tiles=land_map(), gold=[6, 3, 3],
                           pieces={"g1": {0: (1, 0)}, "g3": {1: (1, 0)}, "g4": {2: (1, 0)}, **BASE},
                           brewers=[2, 1, 1])
    act(state, board_space(state, BoardAction.ORCTOBERFEST), "place_brewer")
    act(state, layout(state).confirm_action, "orctoberfest_more")
    assert state.vp[0] == 2 and state.gold[0] == 0
    for seat in (1, 2):
        assert state.current_player == seat
        act(state, board_space(state, BoardAction.ORCTOBERFEST), "place_brewer")
    assert state.current_player == 0
    state.gold[0] = 9  # even with gold again, the space is full
    state.pending = None
    from gnome_envs.rise_of_the_gnomes.pending import DecisionKind, offer
    offer(state, DecisionKind.PLACE_BREWER, 0)
    assert int(BoardAction.ORCTOBERFEST) not in spaces_offered(state)


def test_e4_brew_beer_on_your_own_board():
    """E4: green (Elves) brews beer equal to its production; the oval takes another green
    brewer later in the turn."""
    state = build_position(2, races=["elves", "orcs"], tiles=land_map(), beer=[0, 0], production=[5, 4],
                           pieces={"g1": {0: (1, 1)}, "g3": {1: (1, 1)}, **BASE}, brewers=[2, 1])
    act(state, player_space(state, PlayerSpace.BREW_BEER), "place_brewer")
    assert state.beer[0] == 5
    act(state, player_space(state, PlayerSpace.BREW_BEER), "place_brewer")  # seat 1
    act(state, player_space(state, PlayerSpace.BREW_BEER), "place_brewer")  # green again
    assert state.beer[0] == 10


def test_e5_fifth_brewery_uncovers_production():
    """E5: blue's brewery #5 uncovers a production icon: 7 becomes 8."""
    pieces = {"g2": {1: (1, 1)}, "g4": {1: (1, 1)}, "g5": {1: (1, 1)}, "g6": {1: (1, 1)}, "g1": {1: (3, 0)},
              "g3": {0: (1, 0)}, **BASE}
    state = build_position(2, races=["orcs", "dwarves"], tiles=land_map(), gold=[0, 9], production=[4, 7],
                           pieces=pieces, brewers=[0, 1])
    act(state, board_space(state, BoardAction.BUILD_BREWERY), "place_brewer")
    act(state, tile(state, "g1"), "build_tile")
    assert state.brews_out[1] == 5 and state.production(1) == 8


def test_e6_upgrade_token_to_hops_glen():
    """E6: blue's new brewery releases the token beside it; blue puts it on Hops Glen, whose
    space opens."""
    pieces = {"g2": {1: (1, 1)}, "g4": {1: (1, 1)}, "g1": {1: (3, 0)}, "g3": {0: (1, 0)}, **BASE}
    state = build_position(2, races=["orcs", "dwarves"], tiles=land_map(), gold=[0, 9], pieces=pieces,
                           brewers=[0, 2])
    act(state, board_space(state, BoardAction.BUILD_BREWERY), "place_brewer")
    act(state, tile(state, "g1"), "build_tile")
    act(state, layout(state).upgrade(Upgrade.HOPS_GLEN), "upgrade_slot")
    assert 7 + PlayerSpace.HOPS_GLEN in spaces_offered(state)


def test_e9_boat_examples():
    """E9: red, next to the boat's sea tile, is adjacent to every land tile around the body;
    blue touches the body but not the boat's tile and is not."""
    tiles = land_map(y2="SE", y3="SE", r2="SE", r5="PL")
    state = build_position(2, tiles=tiles, boats=["y2"], pieces={"g1": {0: (1, 0)}, "y4": {1: (1, 0)}, **BASE})
    red = set(board.action_neighbors(state, pos_of("g1")))
    assert names(["y4", "r5", "r2", "y1", "g2"]) <= red
    blue = set(board.action_neighbors(state, pos_of("y4")))
    assert pos_of("y1") not in blue and pos_of("g1") not in blue


def test_e10_the_dragon_sinks_a_boat():
    """E10: a two-tile move ending on a sea tile with a boat removes the boat."""
    tiles = land_map(y2="SE", y3="SE", r8="LA", r2="MO", r5="HI")
    state = build_position(2, tiles=tiles, boats=["y3"], dragon="g1", gold=[5, 0],
                           pieces={"g4": {0: (1, 0)}, "g5": {1: (1, 0)}, **BASE})
    act(state, board_space(state, BoardAction.DRAGON_TRIBUTE), "place_brewer")
    act(state, tile(state, "y2"), "tribute_step")
    act(state, tile(state, "y3"), "tribute_step")
    assert state.dragon == pos_of("y3") and not state.boats[pos_of("y3")] and state.boat_supply == BOATS


def test_e11_a_boat_reveals_the_shore():
    """E11: red adds a boat next to its tile; every face-down tile around the body turns up."""
    tiles = land_map(y2="SE", y3="SE")
    state = build_position(2, tiles=tiles, pieces={"g1": {0: (1, 0)}, "g4": {1: (1, 0)}, **BASE},
                           upgrades={0: ["port"]})
    hidden = [p for p in ("r2", "r5") if not state.revealed[pos_of(p)]]
    assert hidden == ["r2", "r5"]
    act(state, player_space(state, PlayerSpace.PORT), "place_brewer")
    assert tiles_offered(state) == {pos_of("y2")}  # the sea tile next to red's tile
    act(state, tile(state, "y2"), "boat_tile")
    assert state.revealed[pos_of("r2")] and state.revealed[pos_of("r5")]


def test_e12_tile_reveal_with_the_sea_lair():
    """E12: red moves two cubes onto a mountain next to three face-down tiles: a swamp, a
    desert and the sea lair turn up, and the dragon goes to the lair."""
    tiles = {"g3": "PL", "y5": "MO", "r6": "?SW", "r7": "?DE", "r8": "?LA", "y4": "FO", "y6": "HI",
             "r5": "?SE", "r9": "?PL"}
    state = build_position(4, races=["orcs", "dwarves", "elves", "humans"], tiles=tiles, phase="none",
                           queue=[(Task.CARD_PHASE,)], action_display=[6, 0, 2, 4, 8, 1, 3, 5],
                           claims={(0, 0): 0}, brewers=[0, 0, 0, 0], beer=[5, 0, 0, 0],
                           pieces={"g3": {0: (3, 0)}, "g1": {1: (1, 0)}, "g2": {2: (1, 0)}, "g4": {3: (1, 0)},
                                   **BASE})
    act(state, layout(state).amount(0), "pay_action")
    act(state, tile(state, "g3"), "caravan_source")
    act(state, tile(state, "y5"), "caravan_dest")
    assert state.revealed[pos_of("r6")] and state.revealed[pos_of("r7")] and state.revealed[pos_of("r8")]
    assert state.dragon == pos_of("r8")
    act(state, tile(state, "y5"), "caravan_dest")
    assert cubes(state, "y5", 0) == 2
    assert not state.revealed[pos_of("r9")]


def test_e13_dragon_move_icon_order():
    """E13: the dragon is next to two plains; the one whose icon comes first on the card."""
    card = 12  # move to plains, icon order C L S H
    assert GNOME_CARDS[card].icon_order[:2] == (2, 0)
    state = gnome_card_position(card, tiles=land_map(g1="SW", g2="PL/L", g5="PL/C", r8="LA"), dragon="DK",
                                pieces={"g1": {0: (1, 0)}, "g3": {1: (1, 0)}, **BASE})
    assert state.dragon == pos_of("g5")


def test_e17_bribe_on_turn_three():
    """E17: the dragon rampages on turn three: each player there may pay three gold."""
    state = build_position(2, tiles=land_map(), turn=3, gold=[3, 5], phase="none",
                           queue=[(Task.RAMPAGE, pos_of("g1"))],
                           pieces={"g1": {0: (2, 0), 1: (1, 0)}, **BASE})
    assert state.decision_name() == "bribe"
    act(state, layout(state).confirm_action)
    act(state, layout(state).confirm_action)
    assert state.gold == [0, 2] and cubes(state, "g1", 0) == 2 and cubes(state, "g1", 1) == 1


def test_e31_nine_gold_three_points():
    """E31: nine gold discarded at Orctoberfest: three points."""
    state = build_position(2, tiles=land_map(), gold=[9, 0], pieces={"g1": {0: (1, 0)}, "g3": {1: (1, 0)}, **BASE})
    act(state, board_space(state, BoardAction.ORCTOBERFEST), "place_brewer")
    act(state, layout(state).confirm_action, "orctoberfest_more")
    act(state, layout(state).confirm_action, "orctoberfest_more")
    assert state.vp[0] == 3 and state.gold[0] == 0


def test_e32_four_players_three_gnome_cards_each():
    """E32: a four-player cutthroat game deals three Gnome cards to each player."""
    state = fresh(4, num_players=4, mode="cutthroat")
    assert [len(h) for h in state.hands] == [3, 3, 3, 3]
    assert tiles_offered(state) == set()
