"""R8 the action card phase: order, paying, the no-cubes rule, the empty-board rule and the five
actions; worked examples E7 and E8 (``seeds/rise_of_the_gnomes.md``)."""

from __future__ import annotations

from gnome_envs.rise_of_the_gnomes import markets
from gnome_envs.rise_of_the_gnomes.pending import Task
from gnome_envs.rise_of_the_gnomes.scenario import pos_of

from .helpers import (
    act,
    brews,
    build_position,
    cubes,
    land_map,
    layout,
    names,
    tile,
    tiles_offered,
)

DISPLAY = [0, 2, 4, 6, 8, 1, 3, 5]  # BD(1,2) BC(1,2) BF(1,2) CAR(1,2) EXP(2,3) BD(1,1,2) BC(1,1,2) BF(1,1,2)
BD, BC, BF, CAR, EXP = 0, 1, 2, 3, 4
BASE = {"DK": {"G": (8, 1)}}


def phase3(claims, pieces, **kwargs):
    """A position whose only queued phase is the action card phase, ``claims`` on the display
    (the game stops after it, so the effects can be read)."""
    kwargs.setdefault("tiles", land_map())
    kwargs.setdefault("beer", [9, 9])
    return build_position(2, phase="none", queue=[(Task.CARD_PHASE,)], action_display=DISPLAY, claims=claims,
                          brewers=[0, 0], pieces=BASE | pieces, **kwargs)


def pay(state, gold: int = 0) -> None:
    """Pay the pending action card cost with ``gold`` gold and the rest in beer."""
    act(state, layout(state).amount(gold), "pay_action")


def test_r8_1_cards_left_to_right_spaces_top_to_bottom():
    """R8.1: the pay decisions come card by card in display order, spaces top to bottom."""
    claims = {(5, 0): 0, (0, 1): 1, (0, 0): 0, (2, 0): 1}
    state = phase3(claims, {"g1": {0: (2, 0)}, "g3": {1: (2, 0)}})
    seen = []
    while state.decision_name() == "pay_action":
        seen.append((state.current_player, state.pending.data[2]))
        act(state, layout(state).pass_action)
    assert seen == [(0, BD), (1, BD), (1, BF), (0, BD)]


def test_r8_2_pay_or_decline_and_skip_the_impossible():
    """R8.2: declining keeps the beer; a space the player cannot pay, or whose action has no
    target, is skipped; every brewer goes home."""
    claims = {(0, 0): 0, (1, 0): 1, (2, 0): 0}
    state = phase3(claims, {"g1": {0: (2, 0)}, "g3": {1: (2, 0)}}, beer=[9, 0], gold=[0, 0])
    assert state.current_player == 0 and state.pending.data[2] == BD
    act(state, layout(state).pass_action, "pay_action")
    assert state.beer[0] == 9
    # P1's Beer Competition (cost 1) is skipped: no beer, no gold, and no rival cube anyway
    assert state.current_player == 0 and state.pending.data[2] == BF
    assert state.card_spaces[:6] == [-1] * 6


def test_r8_3_no_cubes_on_the_map_means_four_new_ones():
    """R8.3: a player without cubes on the map at the start of the phase puts four on a land
    tile of their choice (not sea, not the dragon's)."""
    tiles = land_map(g5="SE", r8="LA")
    state = phase3({}, {"g1": {0: (2, 0)}, "g3": {1: (0, 1)}}, tiles=tiles, dragon="g4")
    assert state.decision_name() == "no_cubes_tile" and state.current_player == 1
    offered = tiles_offered(state)
    assert pos_of("g5") not in offered and pos_of("g4") not in offered and pos_of("r8") not in offered
    assert pos_of("DK") in offered and pos_of("g6") in offered
    act(state, tile(state, "y1"))
    assert cubes(state, "y1", 1) == 4 and state.revealed[pos_of("r2")]


def test_e8_last_cube_lost_to_a_beer_competition():
    """E8: green's last cube is removed by a Beer Competition; green at once puts four cubes on
    a plains tile."""
    state = phase3({(1, 0): 0}, {"g2": {0: (2, 0), 1: (1, 0)}, "g4": {1: (0, 1)}})
    pay(state)
    act(state, tile(state, "g2"), "competition_tile")
    act(state, layout(state).owner(1), "competition_remove")
    act(state, layout(state).amount(2), "competition_add")  # nobody else's cube left: add two
    assert cubes(state, "g2", 0) == 4
    assert state.decision_name() == "no_cubes_tile" and state.current_player == 1
    act(state, tile(state, "y6"))  # a plains tile of the map
    assert cubes(state, "y6", 1) == 4


def test_r8_4_an_empty_board_moves_cubes_instead():
    """R8.4: with every cube out, Brew Festival moves up to three cubes from one other tile."""
    state = phase3({(2, 0): 0}, {"g1": {0: (36, 0)}, "g2": {0: (4, 0)}, "g3": {1: (1, 0)}})
    assert markets.board_cubes(state, 0) == 0
    pay(state)
    act(state, tile(state, "g2"), "festival_tile")
    assert state.decision_name() == "move_source"
    assert tiles_offered(state) == names(["g1"])
    act(state, tile(state, "g1"))
    assert cubes(state, "g2", 0) == 7 and cubes(state, "g1", 0) == 33


def test_r8_5_barrel_delivery_next_to_a_tile_you_occupy():
    """R8.5: three cubes into a tile adjacent to another tile you occupy (that tile itself only
    if another occupied tile touches it)."""
    state = phase3({(0, 0): 0}, {"g1": {0: (1, 0)}, "g2": {0: (1, 0)}, "g4": {1: (1, 0)}})
    pay(state)
    offered = tiles_offered(state)
    assert pos_of("g1") in offered and pos_of("g2") in offered  # they touch each other
    assert names(["g6", "y12", "y1", "y2", "y3", "y4", "g3", "DK"]) <= offered
    assert pos_of("g4") not in offered
    act(state, tile(state, "y3"), "delivery_tile")
    assert cubes(state, "y3", 0) == 3


def test_r8_6_beer_competition_you_choose_the_cubes():
    """R8.6: in your tile with a rival cube: remove up to two of your choosing, add two."""
    state = phase3({(1, 0): 0}, {"g1": {0: (1, 0), 1: (2, 0), "G": (2, 0)}, "g3": {1: (1, 0)}})
    pay(state)
    assert tiles_offered(state) == names(["g1"])
    act(state, tile(state, "g1"))
    lay = layout(state)
    assert set(state.legal_actions()) == {lay.pass_action, lay.owner(1), lay.gnome_owner}
    act(state, lay.gnome_owner)
    act(state, lay.owner(1))
    act(state, lay.amount(2), "competition_add")
    assert (cubes(state, "g1", 0), cubes(state, "g1", 1), cubes(state, "g1", "G")) == (3, 1, 1)


def _competition_after_removals(board_cubes_left: int | None = None):
    """P0's Beer Competition in g1 (a Gnome cube there), removals declined: the add decision."""
    pieces = {"g1": {0: (1, 0), "G": (2, 0)}, "g3": {1: (1, 0)}}
    if board_cubes_left is not None:
        pieces["g2"] = {0: (39 - board_cubes_left, 0)}
    state = phase3({(1, 0): 0}, pieces)
    pay(state)
    act(state, tile(state, "g1"), "competition_tile")
    act(state, layout(state).pass_action, "competition_remove")
    return state


def test_r8_6_beer_competition_adds_up_to_two_cubes():
    """R8.6: after the removals the player adds up to two cubes: none, one or two."""
    lay = layout(_competition_after_removals())
    for choice, added in ((lay.pass_action, 0), (lay.amount(1), 1), (lay.amount(2), 2)):
        state = _competition_after_removals()
        assert state.decision_name() == "competition_add"
        assert set(state.legal_actions()) == {lay.pass_action, lay.amount(1), lay.amount(2)}
        act(state, choice)
        assert cubes(state, "g1", 0) == 1 + added
        assert markets.board_cubes(state, 0) == 39 - added


def test_r8_6_beer_competition_adds_at_most_the_cubes_on_the_board():
    """R8.6: with one cube left on the board, the choice is none or one."""
    state = _competition_after_removals(board_cubes_left=1)
    lay = layout(state)
    assert set(state.legal_actions()) == {lay.pass_action, lay.amount(1)}


def test_r8_7_brew_festival_three_into_your_tile():
    """R8.7: three cubes into one tile you occupy."""
    state = phase3({(2, 0): 0}, {"g1": {0: (1, 0)}, "g2": {0: (0, 1)}, "g3": {1: (1, 0)}})
    pay(state)
    assert tiles_offered(state) == names(["g1", "g2"])
    act(state, tile(state, "g2"), "festival_tile")
    assert cubes(state, "g2", 0) == 3


def test_r8_8_caravan_up_to_five_into_adjacent_tiles():
    """R8.8: up to five cubes from one tile into its neighbours, several into one tile allowed;
    stopping early is allowed after the first."""
    state = phase3({(3, 0): 0}, {"g1": {0: (7, 0)}, "g3": {1: (1, 0)}})
    pay(state)
    act(state, tile(state, "g1"), "caravan_source")
    assert layout(state).pass_action not in state.legal_actions()
    for target in ("g2", "g2", "y1", "DK", "g6"):
        act(state, tile(state, target), "caravan_dest")
    assert (cubes(state, "g2", 0), cubes(state, "y1", 0), cubes(state, "DK", 0), cubes(state, "g6", 0)) == (2, 1, 1, 1)
    assert cubes(state, "g1", 0) == 2 and state.decision_name() != "caravan_dest"


def test_r8_9_expand_builds_for_beer():
    """R8.9: Expand builds a brewery on a controlled tile, paid in beer."""
    state = phase3({(4, 0): 0}, {"g1": {0: (3, 0)}, "g3": {1: (1, 0)}}, beer=[2, 0])
    pay(state)
    act(state, tile(state, "g1"), "build_tile")
    assert brews(state, "g1", 0) == 1 and state.beer[0] == 0


def test_e7_gold_and_beer_for_a_brew_festival():
    """E7: purple pays one beer and one gold for a Brew Festival space costing two."""
    state = phase3({(7, 2): 0}, {"g1": {0: (1, 0)}, "g3": {1: (1, 0)}}, beer=[1, 0], gold=[3, 0])
    pay(state, 1)
    assert (state.beer[0], state.gold[0]) == (0, 2)
    act(state, tile(state, "g1"), "festival_tile")
    assert cubes(state, "g1", 0) == 4
