"""R3 the map: adjacency, boats, control, reveals, the sea lair, dragon blocking, face-down
tiles (``seeds/rise_of_the_gnomes.md``)."""

from __future__ import annotations

from gnome_envs.rise_of_the_gnomes import board
from gnome_envs.rise_of_the_gnomes.components import BoardAction, PlayerSpace, TileType
from gnome_envs.rise_of_the_gnomes.pending import Task
from gnome_envs.rise_of_the_gnomes.scenario import pos_of
from gnome_envs.rise_of_the_gnomes.state import OFF_BOARD

from .helpers import (
    act,
    board_space,
    build_position,
    find_card,
    land_map,
    names,
    player_space,
    tile,
    tiles_offered,
)


def bard_targets(state) -> set[int]:
    """Tiles offered to the current player after placing a brewer on Hire Bard."""
    act(state, board_space(state, BoardAction.HIRE_BARD), "place_brewer")
    assert state.decision_name() == "bard_tile"
    return tiles_offered(state)


def test_r3_1_adjacency_is_sharing_a_side():
    """R3.1: Hire Bard from the only occupied tile g1 reaches exactly its six side neighbours."""
    state = build_position(2, tiles=land_map(), pieces={"g1": {0: (2, 0)}, "g4": {1: (1, 0)}}, gold=[5, 5])
    assert bard_targets(state) == names(["g2", "DK", "g6", "y12", "y1", "y2"])


def test_r3_2_boats_join_a_body_of_water():
    """R3.2 (and E9): next to the boat's sea tile, every sea tile of the body and every tile on
    its shore is adjacent; touching the body elsewhere does not help."""
    tiles = land_map(y2="SE", y3="SE", r2="SE", r5="PL")
    state = build_position(2, tiles=tiles, pieces={"g1": {0: (1, 0)}, "y4": {1: (1, 0)}},
                           boats=["y2"], gold=[5, 5])
    reach = set(board.action_neighbors(state, pos_of("g1")))
    shore = names(["g2", "y1", "r2", "y4", "r5"])
    assert names(["y2", "y3"]) | shore <= reach
    assert bard_targets(state) >= names(["y3", "y4", "r5"])
    # blue on y4 touches y3 (same body) but not the boat's tile y2: no boat travel
    in_play = set(state.game.positions)
    assert set(board.action_neighbors(state, pos_of("y4"))) == names(["r6", "y5", "g3", "g2", "y3", "r5"]) & in_play
    assert pos_of("y1") not in board.action_neighbors(state, pos_of("y4"))


def test_r3_2_boats_not_for_sea_tiles_or_the_lair():
    """R3.2: a boat tile joins bodies of face-up sea tiles only; the lair is not part of one."""
    tiles = land_map(y2="SE", y3="SE", r2="SE", r5="LA", r8="SW")
    state = build_position(2, tiles=tiles, pieces={"g1": {0: (1, 0)}}, boats=["y2"])
    bodies = board.bodies(state)
    assert bodies[pos_of("y2")] == bodies[pos_of("y3")] == bodies[pos_of("r2")] != board.NO_BODY
    assert bodies[pos_of("r5")] == board.NO_BODY


def test_r3_3_control_needs_the_strictly_highest_strength():
    """R3.3: cubes count 1, breweries 2; a tie for the most controls nothing."""
    state = build_position(2, tiles=land_map(),
                           pieces={"g1": {0: (2, 0), "G": (2, 0)}, "g2": {0: (1, 1), "G": (2, 0)},
                                   "g3": {0: (1, 0), 1: (0, 1)}, "DK": {"G": (3, 1)}})
    assert state.controller(pos_of("g1")) == -1
    assert state.controller(pos_of("g2")) == 0  # 1 + 2 > 2
    assert state.controller(pos_of("g3")) == 1  # a lone brewery (2) beats a cube
    assert state.controller(pos_of("DK")) == state.n
    assert state.occupies(pos_of("g3"), 1) and not state.occupies(pos_of("g4"), 1)


def test_r3_4_a_cube_reveals_the_tiles_next_to_it():
    """R3.4: a cube arriving on y1 turns the face-down r2 next to it face up; r5 stays down."""
    state = build_position(2, tiles=land_map(), pieces={"g1": {0: (1, 0)}}, gold=[5, 5])
    assert not state.revealed[pos_of("r2")]
    bard_targets(state)
    act(state, tile(state, "y1"), "bard_tile")
    assert state.revealed[pos_of("r2")] and not state.revealed[pos_of("r5")]


def test_r3_4_a_boat_reveals_around_its_body_and_new_sea_extends_it():
    """R3.4 (and E11): a boat next to red's cubes turns up every face-down tile around the body;
    a face-down sea tile turned up joins the body and its shore turns up too."""
    tiles = land_map(y2="SE", y3="SE", r2="?SE", r5="?FO")
    state = build_position(2, tiles=tiles, pieces={"g1": {0: (1, 0)}, "g4": {1: (1, 0)}},
                           upgrades={0: ["port"]})
    assert not state.revealed[pos_of("r2")] and not state.revealed[pos_of("r5")]
    state.tasks.clear()
    act(state, player_space(state, PlayerSpace.PORT), "place_brewer")
    act(state, tile(state, "y2"), "boat_tile")
    assert state.revealed[pos_of("r2")] and state.revealed[pos_of("r5")]
    assert state.boats[pos_of("y2")] and state.vp[0] == 1


def test_r3_4_a_sea_tile_shown_by_a_boat_reveals_its_own_shore():
    """R3.4: with four players (all 18 red places dealt) a boat on y2 next to red's cube on g1
    turns up the face-down sea r2; r2 joins the boat's body, so r1, which touches r2 only (not
    y2), turns up as well. r18 next to r1 stays down: r1 is land and holds no cube."""
    tiles = land_map(y2="SE", r1="?FO", r3="?MO")  # r2 is "?SE" in land_map
    pieces = {"g1": {0: (1, 0)}, "g3": {1: (1, 0)}, "g4": {2: (1, 0)}, "g5": {3: (1, 0)}, "DK": {"G": (8, 1)}}
    state = build_position(4, tiles=tiles, pieces=pieces, upgrades={0: ["port"]})
    assert not any(state.revealed[pos_of(p)] for p in ("r1", "r2", "r3", "r18"))
    assert pos_of("r1") not in board.hidden_next_to(state, pos_of("y2"), cached=False)
    act(state, player_space(state, PlayerSpace.PORT), "place_brewer")
    act(state, tile(state, "y2"), "boat_tile")
    assert state.revealed[pos_of("r2")] and state.revealed[pos_of("r3")]
    assert board.bodies(state)[pos_of("r2")] == board.bodies(state)[pos_of("y2")]
    assert state.revealed[pos_of("r1")]
    assert not state.revealed[pos_of("r18")]


def test_r3_5_the_sea_lair_brings_the_dragon():
    """R3.5 (and E12): revealing the lair puts the dragon on it."""
    state = build_position(2, tiles=land_map(r2="?LA", r8="?SW"), pieces={"g1": {0: (1, 0)}}, gold=[5, 5])
    assert state.dragon == OFF_BOARD
    bard_targets(state)
    act(state, tile(state, "y2"), "bard_tile")
    assert state.revealed[pos_of("r2")] and state.dragon == pos_of("r2")


def test_r3_6_the_dragon_blocks_its_tile():
    """R3.6: the dragon's tile is no target and no source of adjacency or boat travel."""
    tiles = land_map(y2="SE", y3="SE", r2="LA", r8="SW", r5="PL", r17="MO")
    state = build_position(2, tiles=tiles, pieces={"g1": {0: (1, 0)}, "y12": {0: (1, 0)}, "g4": {1: (1, 0)}},
                           boats=["y2"], dragon="y1", gold=[5, 5])
    offered = bard_targets(state)
    assert pos_of("y1") not in offered
    assert pos_of("y4") in offered  # boat travel through y2-y3 is open
    state = build_position(2, tiles=tiles, pieces={"g1": {0: (1, 0)}, "g4": {1: (1, 0)}},
                           boats=["y2"], dragon="y3", gold=[5, 5])
    assert pos_of("y4") not in board.action_neighbors(state, pos_of("g1"))  # the body holds the dragon
    assert board.action_neighbors(state, pos_of("y3")) == []


def test_r3_7_face_down_tiles_are_never_targets():
    """R3.7: the dragon never flies to a face-down tile of the card's type; nothing is placed
    on one (the only face-down swamp is r11)."""
    card = find_card(lambda c: c.move == 1 and c.dragon_type == TileType.SWAMP)
    tiles = land_map(g2="PL", y2="FO", y7="DE", r8="LA")
    state = build_position(2, tiles=tiles, pieces={"g1": {0: (1, 0)}, "g4": {1: (1, 0)}, "DK": {"G": (8, 1)}},
                           dragon="r8", phase="none", gnome_deck_top=[card],
                           queue=[(Task.GNOME_CARD, -1, -1)])
    assert state.is_terminal() and state.dragon == pos_of("r8")
    for pos in state.game.positions:
        if not state.revealed[pos]:
            assert not state.occupants(pos)
