"""R4 the player board: breweries, upgrade tokens, customer cubes, production, building
(``seeds/rise_of_the_gnomes.md``)."""

from __future__ import annotations

from gnome_envs.rise_of_the_gnomes import markets, targets
from gnome_envs.rise_of_the_gnomes.components import BoardAction, Upgrade
from gnome_envs.rise_of_the_gnomes.scenario import pos_of

from .helpers import (
    act,
    board_space,
    brews,
    build_position,
    land_map,
    layout,
    names,
    tile,
    tiles_offered,
)

PLAYERS = {"g3": {1: (1, 0)}, "DK": {"G": (8, 1)}}


def build_options(state) -> set[int]:
    """Tiles offered after placing on Build Brewery."""
    act(state, board_space(state, BoardAction.BUILD_BREWERY), "place_brewer")
    assert state.decision_name() == "build_tile"
    return tiles_offered(state)


def test_r4_1_breweries_leave_top_down_and_return_bottom_up():
    """R4.1 (and E5): brewery #5 uncovers a production icon (7 -> 8); returning it covers it."""
    state = build_position(2, tiles=land_map(r2="SE"), gold=[9, 0], production=[7, 4],
                           pieces={"g1": {0: (1, 1)}, "g2": {0: (1, 1)}, "g4": {0: (1, 1)}, "g5": {0: (1, 1)},
                                   "y1": {0: (3, 0)}, **PLAYERS})
    assert state.brews_out[0] == 4 and state.production(0) == 7
    build_options(state)
    act(state, tile(state, "y1"))
    assert state.brews_out[0] == 5 and state.production(0) == 8
    markets.return_brewery(state, 0, pos_of("y1"))
    assert state.production(0) == 7


def test_r4_2_a_box_releases_its_token_once():
    """R4.2 (and E6): brewery #3 frees the token of box 3, placed on a chosen vacant slot;
    after the brewery comes back and leaves again, the box has no token left."""
    state = build_position(2, tiles=land_map(), gold=[9, 0], upgrades={0: ["production"]},
                           pieces={"g1": {0: (3, 1)}, "g2": {0: (1, 1)}, "g4": {0: (3, 0)}, **PLAYERS})
    build_options(state)
    act(state, tile(state, "g4"))
    assert state.decision_name() == "upgrade_slot" and state.current_player == 0
    lay = layout(state)
    assert lay.upgrade(Upgrade.PRODUCTION) not in state.legal_actions()
    act(state, lay.upgrade(Upgrade.HOPS_GLEN))
    assert state.upgrades[0] >> Upgrade.HOPS_GLEN & 1
    supply = state.upgrade_supply
    markets.return_brewery(state, 0, pos_of("g4"))
    assert markets.place_brewery(state, 0, pos_of("g4")) is False
    assert state.upgrade_supply == supply


def test_r4_2_no_vacant_slot_sends_the_token_to_the_supply():
    """R4.2 (O16): with all eight slots filled a released token goes to the supply."""
    every = [u.name.lower() for u in Upgrade]
    state = build_position(2, tiles=land_map(), gold=[9, 0], upgrades={0: every},
                           pieces={"g1": {0: (3, 1)}, "g2": {0: (1, 1)}, "g4": {0: (3, 0)}, **PLAYERS})
    supply = state.upgrade_supply
    build_options(state)
    act(state, tile(state, "g4"))
    assert state.decision_name() == "place_brewer" and state.upgrade_supply == supply + 1


def test_r4_3_customer_boxes_fill_and_empty_by_fours():
    """R4.3: cubes leave the boxes left to right: 23 out empties five boxes of four."""
    state = build_position(2, tiles=land_map(), pieces={"g1": {0: (23, 0)}, **PLAYERS})
    assert markets.customer_boxes_emptied(state, 0) == 5 and markets.board_cubes(state, 0) == 17
    markets.remove_cubes(state, 0, pos_of("g1"), 3)
    assert markets.customer_boxes_emptied(state, 0) == 5 and markets.board_cubes(state, 0) == 20
    markets.remove_cubes(state, 0, pos_of("g1"), 1)
    assert markets.customer_boxes_emptied(state, 0) == 4


def test_r4_4_production_is_capped_at_twenty():
    """R4.4: production never reads above 20."""
    state = build_position(2, tiles=land_map(), production=[20, 4],
                           pieces={"g1": {0: (1, 1)}, **PLAYERS})
    state.prod_bonus[0] += 3
    assert state.production(0) == 20


def test_r4_5_where_a_brewery_may_go():
    """R4.5: only controlled, face-up tiles of allowed types, not the dragon's, not a tile with
    the player's own brewery; a sea tile needs the sea ability; lair never; others' breweries
    do not stop it."""
    tiles = land_map(y1="SE", y2="DE", r2="LA", r5="PL", r8="SW")
    pieces = {"g1": {0: (3, 0)}, "g2": {0: (2, 1)}, "g4": {0: (2, 0), 1: (0, 1)}, "g5": {0: (2, 0), "G": (2, 0)},
              "y1": {0: (2, 0)}, "y2": {0: (2, 0)}, "r2": {0: (2, 0)}, "g6": {0: (1, 0)}, "g3": {1: (1, 0)},
              "DK": {"G": (8, 1)}}
    state = build_position(2, tiles=tiles, gold=[9, 0], dragon="g6", pieces=pieces)
    assert build_options(state) == names(["g1"])  # g4: 2 vs 2 tie; g5 tie; y1 sea; y2 desert; r2 lair
    state = build_position(2, tiles=tiles, gold=[9, 0], dragon="g6", pieces=pieces,
                           upgrades={0: ["sea", "desert"]})
    assert build_options(state) == names(["g1", "y1", "y2"])


def test_r4_5_building_removes_other_breweries_and_twin_keeps_your_own():
    """R4.5 (O17): a build on a tile with another owner's brewery sends it home; with the twin
    ability a second own brewery joins the first."""
    pieces = {"g1": {0: (5, 0), 1: (0, 1)}, "g2": {0: (3, 1)}, "g3": {1: (1, 0)}, "DK": {"G": (8, 1)}}
    state = build_position(2, tiles=land_map(), gold=[9, 0], pieces=pieces, upgrades={0: ["twin"]})
    assert build_options(state) == names(["g1", "g2"])
    act(state, tile(state, "g1"))
    assert brews(state, "g1", 0) == 1 and brews(state, "g1", 1) == 0 and state.brews_out[1] == 0
    state = build_position(2, tiles=land_map(), gold=[9, 0], pieces=pieces, upgrades={0: ["twin"]})
    build_options(state)
    act(state, tile(state, "g2"))
    assert brews(state, "g2", 0) == 2


def test_r4_6_with_every_brewery_out_one_moves():
    """R4.6: nine breweries out: building moves one from another tile (not the dragon's)."""
    tiles = land_map(r2="SE", r5="PL", r8="LA", r11="SW", r14="FO", r17="MO")
    spots = ["g1", "g2", "g4", "g5", "y1", "y2", "y3", "y4", "y5"]
    pieces = {name: {0: (1, 1)} for name in spots} | {"y6": {0: (3, 0)}, "g3": {1: (1, 0)}, "DK": {"G": (8, 1)}}
    state = build_position(2, tiles=tiles, gold=[9, 0], pieces=pieces, dragon="y5")
    assert markets.board_breweries(state, 0) == 0
    build_options(state)
    act(state, tile(state, "y6"))
    assert state.decision_name() == "brewery_source"
    assert tiles_offered(state) == names(spots) - names(["y5"])
    act(state, tile(state, "g1"))
    assert brews(state, "y6", 0) == 1 and brews(state, "g1", 0) == 0 and state.brews_out[0] == 9


def test_r4_7_replacing_a_gnome_brewery_scores_two():
    """R4.7: replacing a Gnome brewery: +2 points (+4 with the Gnome Hunter)."""
    pieces = {"g1": {0: (5, 0), "G": (1, 1)}, "g3": {1: (1, 0)}, "DK": {"G": (8, 1)}}
    for allies, bonus in (((), 2), (("Gnome Hunter",), 4)):
        state = build_position(2, tiles=land_map(), gold=[9, 0], pieces=pieces, allies={0: allies})
        build_options(state)
        act(state, tile(state, "g1"))
        assert state.vp[0] == bonus and brews(state, "g1", "G") == 0 and state.g_brews_out == 1


def test_r4_8_abilities_add_up():
    """R4.8: the Orcs' thugs discount and the Thug Boss together make Employ Thugs free."""
    state = build_position(2, races=["orcs", "dwarves"], allies={0: ["Thug Boss"]},
                           pieces={"g1": {0: (1, 0)}, "g3": {1: (1, 0)}, "DK": {"G": (8, 1)}})
    assert targets.thugs_cost(state, 0) == 0 and targets.thugs_cost(state, 1) == 2
