"""R3 the game mat, R4 walls and spots, R5 the action phase; examples E1, E2, E8, E9.

Walls used below (O3, before turning): every castle N+E; blue gold N; blue emerald none; red gold
none; taverns none; dragons N. A turn of ``/k`` moves each wall ``k`` sides clockwise.
"""

from __future__ import annotations

from gnome_envs.dwarfs_fall.components import CENTRE_CELLS, cell_name

from .helpers import (
    BLUE,
    RED,
    Family,
    Kind,
    Ogre,
    act,
    build,
    cell,
    choose,
    decision,
    dwarfs,
    fresh,
    kind_at,
    layout,
    legal_cells,
    legal_family,
    legal_places,
)


def place_cells(state, kind: int) -> set[str]:
    """Cells where blue's card of ``kind`` may go (chooses it, then reads the placements)."""
    act(state, layout(state).card(kind), "action")
    return {c for c, _ in legal_places(state)}


def moves(state) -> set[tuple[str, int]]:
    """(cell, side) of the legal moves."""
    return {(cell_name(d.arg), d.arg2) for d in legal_family(state, Family.MOVE)}


# ---------------------------------------------------------------------------- R3
def test_r3_1_cards_stay_on_the_mat():
    state = build({"a1": "Rgol"})
    assert place_cells(state, Kind.TAVERN) == {"a2", "b1"}
    # a one-wall card (the tavern) has four distinct ways to lie, a corridor two, a castle four
    assert legal_places(state) == {(c, r) for c in ("a2", "b1") for r in range(4)}
    state = build({"a1": "Rgol"})
    act(state, layout(state).card(Kind.RUBY_MINE))  # blue ruby: walls N and S
    assert {r for c, r in legal_places(state) if c == "a2"} == {0, 1}
    state = build({"a1": "Rgol"})
    act(state, layout(state).card(Kind.CASTLE))
    assert {r for c, r in legal_places(state) if c == "a2"} == {0, 1, 2, 3}


def test_r3_2_first_card_in_the_centre():
    state = fresh(seed=5)
    assert {d.family for d in map(layout(state).decode, state.legal_actions())} == {Family.CARD}
    act(state, layout(state).card(Kind.GOLD_MINE))
    assert {c for c, _ in legal_places(state)} == {cell_name(c) for c in CENTRE_CELLS} == {"d4", "e4", "d5", "e5"}
    choose(state, "put on empty e5 the gold mine turned 0 ")
    assert kind_at(state, "e5") == Kind.GOLD_MINE
    assert layout(state).end() in state.legal_actions()  # the mat is open now


def test_r3_2_an_emptied_mat_opens_in_the_centre_again():
    """A lone monster slain leaves the mat empty: the next card goes in the centre square."""
    state = build({"a1": "Rdra"}, dwarfs={"a1": "BBBBB"}, phase="resolve")
    act(state, layout(state).cell(cell("a1")), "resolve_task")
    assert state.regions.empty
    assert state.turn_player == RED and decision(state) == "action"
    assert {d.family for d in map(layout(state).decode, state.legal_actions())} == {Family.CARD}
    act(state, layout(state).card(Kind.TAVERN))
    assert {c for c, _ in legal_places(state)} == {"d4", "e4", "d5", "e5"}


def test_r3_3_next_to_a_card_whatever_the_walls():
    state = build({"d4": "Bcas"})  # walls on its north and east sides
    assert place_cells(state, Kind.GOLD_MINE) == {"d3", "e4", "d5", "c4"}  # never diagonal


def test_r3_4_stacking_on_the_same_kind_only():
    mat = {"d4": "Rgol", "e4": "Rcas", "f4": "Rdra", "c4": "Rtav", "d5": "Ggol/1"}
    state = build(mat, 3, dwarfs={"d5": "R"})
    cells = place_cells(state, Kind.GOLD_MINE)
    assert "d4" in cells, "a gold mine on a gold mine of another colour"
    assert "d5" not in cells, "no stacking on a card with a dwarf"
    assert not {"e4", "f4", "c4"} & cells
    assert place_cells(build(mat, 3), Kind.CASTLE).isdisjoint({"e4"}), "nothing on a castle"
    assert "f4" not in place_cells(build(mat, 3), Kind.DRAGON), "nothing on a monster"
    state = build(mat, 3)
    act(state, layout(state).card(Kind.GOLD_MINE))
    act(state, layout(state).place(cell("d4"), 1))
    assert len(state.stacks[cell("d4")]) == 2 and state.top[cell("d4")] == state.stacks[cell("d4")][-1]
    assert state.actions_used == 1 and not state.in_hand[BLUE] >> Kind.GOLD_MINE & 1


def test_r3_5_only_the_top_card_counts():
    """Bottom blue gold turned a quarter (walls east and west), top red gold (one wall, north):
    only the top card's walls count, so the row c4-d4-e4 is one kingdom."""
    mat = {"c4": "Bcas/3", "d4": "Bgol/1+Rgol", "e4": "Btav"}
    state = build(mat)
    assert state.kingdom_size(BLUE) == 3 and state.kingdom_vp(BLUE) == 2 + 1 - 1
    flat = build({"c4": "Bcas/3", "d4": "Bgol/1", "e4": "Btav"})
    assert flat.kingdom_size(BLUE) == 1 and flat.kingdom_vp(BLUE) == 2


# ---------------------------------------------------------------------------- R4
def test_r4_1_a_wall_on_either_side_blocks():
    open_both = build({"d4": "Btav", "e4": "Rgol"}, dwarfs={"d4": "B"})
    assert (("d4", 1) in moves(open_both))
    wall_there = build({"d4": "Btav", "e4": "Bgol/3"}, dwarfs={"d4": "B"})  # e4's wall faces west
    assert ("d4", 1) not in moves(wall_there)
    wall_here = build({"d4": "Bgol/1", "e4": "Rgol"}, dwarfs={"d4": "B"})  # d4's wall faces east
    assert ("d4", 1) not in moves(wall_here)
    assert wall_here.regions.region_of[cell("d4")] != wall_here.regions.region_of[cell("e4")]


def test_r4_2_spots_limit_dwarfs():
    state = build({"d4": "Btav", "e4": "Rgol", "f4": "Rtav"}, dwarfs={"d4": "BRR", "e4": "B"})
    assert "d4" not in legal_cells(state, Family.DWARF)
    assert {"e4", "f4"} <= legal_cells(state, Family.DWARF)
    assert ("e4", 3) not in moves(state), "no move onto a full card"


# ---------------------------------------------------------------------------- R5
def spend(state, cells: tuple[str, ...]) -> None:
    for name in cells:
        act(state, layout(state).dwarf(cell(name)), "action")


def test_r5_1_three_actions_then_only_end():
    state = build({"f4": "Rtav", "g4": "Rgol", "h4": "Reme"})
    spend(state, ("f4", "g4"))
    assert state.actions_used == 2
    spend(state, ("h4",))
    assert state.legal_actions() == [layout(state).end()]
    act(state, layout(state).end())
    assert state.turn_player == RED


def test_r5_1_ending_early_is_allowed():
    state = build({"f4": "Rtav"})
    act(state, layout(state).end(), "action")
    assert state.turn_player == RED and dwarfs(state, "f4") == ""


def test_r5_2_playing_a_card_is_an_action():
    state = build({"f4": "Rtav"})
    choose(state, "play your emerald mine")
    choose(state, "put on empty g4 the emerald mine turned 0 ")
    assert kind_at(state, "g4") == Kind.EMERALD_MINE and state.actions_used == 1
    assert Kind.EMERALD_MINE not in state.in_hand_kinds(BLUE) and state.hand_size(BLUE) == 8


def test_r5_3_place_a_dwarf_anywhere_with_room():
    mat = {"a1": "Bcas/1", "d4": "Rcas/3", "e4": "Rgol", "h8": "Rdra", "h7": "Rtav"}
    state = build(mat)
    assert legal_cells(state, Family.DWARF) == {"a1", "d4", "e4", "h8", "h7"}
    choose(state, "place a dwarf on red castle at d4")
    assert state.pile[BLUE] == 6 and dwarfs(state, "d4") == "B" and state.actions_used == 1


def test_r5_4_move_own_dwarfs_one_card_per_action():
    state = build({"d4": "Btav", "e4": "Rgol", "f4": "Rtav"}, dwarfs={"d4": "BR"})
    assert moves(state) == {("d4", 1)}, "only blue's own dwarf, only across open sides"
    act(state, layout(state).move(cell("d4"), 1))
    assert dwarfs(state, "d4") == "R" and dwarfs(state, "e4") == "B" and state.actions_used == 1
    act(state, layout(state).move(cell("e4"), 1))
    assert dwarfs(state, "f4") == "B" and state.actions_used == 2


def test_r5_5_ogre_cards_are_free_and_only_in_the_action_phase():
    state = build({"f4": "Rtav", "g4": "Rgol"}, dwarfs={"g4": "R"}, ogres={BLUE: (1, 0, 0, 0, 0)})
    spend(state, ("f4", "f4", "f4"))
    ogre = layout(state).ogre(Ogre.AMBUSH)
    assert set(state.legal_actions()) == {layout(state).end(), ogre}, "free after the actions"
    act(state, ogre)
    act(state, layout(state).cell(cell("g4")), "ambush_cell")
    assert state.actions_used == 3 and dwarfs(state, "g4") == ""
    # in the discard phase ogre cards are not offered
    later = build({"f4": "Rtav"}, gems={BLUE: (1, 0, 0, 0)}, ogres={BLUE: (1, 0, 0, 0, 0)}, phase="discard")
    assert decision(later) == "discard"
    assert not legal_family(later, Family.OGRE)


# ---------------------------------------------------------------------------- examples
def test_e1_blocked_move_through_a_full_castle():
    """Blue on the emerald mine c4 wants the gold mine d5 behind the castle d4 (open west and
    south): with the castle full the first step is impossible, so the mine is out of reach."""
    mat = {"c4": "Beme", "d4": "Rcas", "d5": "Rgol/2"}
    full = build(mat, dwarfs={"c4": "B", "d4": "RRR"})
    assert ("c4", 1) not in moves(full) and moves(full) == set()
    free = build(mat, dwarfs={"c4": "B", "d4": "RR"})
    act(free, layout(free).move(cell("c4"), 1))
    act(free, layout(free).move(cell("d4"), 2))
    assert dwarfs(free, "d5") == "B" and free.actions_used == 2


def test_e2_two_actions_from_the_mine_to_the_dragon():
    state = build({"c4": "Beme", "d4": "Btav", "e4": "Rdra"}, dwarfs={"c4": "B"})
    act(state, layout(state).move(cell("c4"), 1))
    assert dwarfs(state, "e4") == "" and state.actions_used == 1
    act(state, layout(state).move(cell("d4"), 1))
    assert dwarfs(state, "e4") == "B" and state.actions_used == 2


def test_e8_where_cards_may_go():
    mat = {"d4": "Rgol", "e4": "Rcas/3", "f4": "Rdra", "d5": "Ggol/1"}
    state = build(mat, 3, dwarfs={"d5": "R"})
    cells = place_cells(state, Kind.GOLD_MINE)
    assert "d4" in cells and "c4" in cells  # stack on a gold mine, or next to any card
    assert not {"e4", "f4", "d5"} & cells  # not on a castle, a monster or a card with a dwarf


def test_e9_dwarfs_in_any_kingdom_or_to_spoil_a_plan():
    """Blue may place in its own kingdom, in red's, or on red's dragon to block it."""
    mat = {"b4": "Bcas/3", "c4": "Btav", "e4": "Rcas/3", "f4": "Rgol", "g4": "Rdra"}
    state = build(mat, dwarfs={"g4": "RRRR"})
    assert state.kingdom(BLUE).cells != state.kingdom(RED).cells
    assert {"c4", "f4", "g4"} <= legal_cells(state, Family.DWARF)
    choose(state, "place a dwarf on red dragon at g4")
    act(state, layout(state).end())
    assert state.turn_player == RED
    assert "g4" not in legal_cells(state, Family.DWARF), "the dragon is full: red cannot slay it"
