"""R7 Work & Buy, R8 Move and R10 workshops (``seeds/gnome_village.md``)."""

from __future__ import annotations

import pytest

from gnome_envs.gnome_village.components import (
    CODE_HOUSE_OFF,
    CODE_HOUSE_ON,
    ROAD_SHAPES,
)
from gnome_envs.gnome_village.scenario import parse_village

from .helpers import (
    B,
    C,
    ForestKind,
    G,
    S,
    SourceKind,
    WorkAction,
    act,
    biz,
    build,
    card,
    cell,
    conservation_problems,
    decision,
    gnome_cells,
    layout,
    legal_cells,
    legal_places,
    play_until,
    quiet_cards,
    workshop_active,
)

SHAPE = {shape.symbol: index for index, shape in enumerate(ROAD_SHAPES)}
PLAIN = ". . H + . . ."


def legal(state, action) -> bool:
    return action in state.legal_actions()


def to_next_own_move(state, seat: int = 0) -> None:
    """PASS until ``seat``'s next Move phase (after the other seats' turns)."""
    play_until(state, lambda s: s.turn_player != seat)
    play_until(state, lambda s: s.turn_player == seat and decision(s) == "move_select")


# ============================================================================ R7 Work & Buy
def test_r7_1_build_a_house_with_painter_and_carpenter():
    """R7.1 / R7.4: a painter and a carpenter (turned over) build a house, placed lights off."""
    state = build([". . H + PA + CA", PLAIN], coins={0: 0})
    lay = layout(state)
    supply = state.house_supply
    act(state, lay.work(WorkAction.HOUSE), "work_buy")
    assert decision(state) == "source" and legal_cells(state) == {"e1"}
    act(state, lay.cell(cell("e1")))
    assert decision(state) == "source" and legal_cells(state) == {"g1"}
    act(state, lay.cell(cell("g1")))
    assert decision(state) == "place_tile" and {c for c, _ in legal_places(state)} == {"d2", "f2"}
    act(state, lay.place(cell("f2"), 0))
    assert state.grid[0][cell("f2")] == CODE_HOUSE_OFF
    assert state.house_supply == supply - 1
    assert not workshop_active(state, 0, "e1") and not workshop_active(state, 0, "g1")
    assert decision(state) == "work_buy" and state.coins[0] == 0


@pytest.mark.parametrize("drawing, coins, allowed", [
    (". . H + PA + CA", 0, True),
    (". . H + pa + CA", 0, False),  # painter inactive, no coins
    (". . H + pa + CA", 3, True),  # 3 coins stand in for the painter (E1)
    (". . H + pa + ca", 5, False),  # both missing: 6 coins needed
    (". . H + pa + ca", 6, True),
])
def test_r7_1_house_needs_both_requirements(drawing, coins, allowed):
    """R7.1 / R7.6: a house needs a painter and a carpenter (3 coins each in place of one)."""
    state = build([drawing, PLAIN], coins={0: coins})
    assert legal(state, layout(state).work(WorkAction.HOUSE)) == allowed


def test_r7_2_place_a_road_draws_the_top_road():
    """R7.2: a gardener lets the player draw the top road of the stack and place it."""
    state = build([". . H + GA . .", PLAIN], coins={0: 0}, road_top=[SHAPE["j"]])
    lay = layout(state)
    roads = len(state.road_stack)
    act(state, lay.work(WorkAction.ROAD), "work_buy")
    act(state, lay.cell(cell("e1")), "source")
    assert decision(state) == "place_tile"
    assert len(state.road_stack) == roads - 1
    act(state, lay.place(cell("d2"), 3))
    assert state.grid[0][cell("d2")] == parse_village(". . . . . . .\n. . . j3 . . .")[cell("d2")]
    assert not workshop_active(state, 0, "e1")


@pytest.mark.parametrize("gardener, allowed", [("GA", True), ("ga", False)])
def test_r7_2_road_needs_a_gardener(gardener, allowed):
    """R7.2: no gardener (and fewer than 3 coins) means no road."""
    state = build([f". . H + {gardener} . .", PLAIN], coins={0: 2})
    assert legal(state, layout(state).work(WorkAction.ROAD)) == allowed


def test_r7_3_place_a_gnome_lights_a_dark_house():
    """R7.3: a school places a new gnome in a house with its lights off; it lies resting."""
    state = build([". . H + SC . .\n. . h + . . .\n. . h + . . .", PLAIN], coins={0: 0})
    lay = layout(state)
    act(state, lay.work(WorkAction.GNOME), "work_buy")
    act(state, lay.cell(cell("e1")), "source")
    assert decision(state) == "new_gnome_house" and legal_cells(state) == {"c2", "c3"}
    act(state, lay.cell(cell("c3")))
    assert state.grid[0][cell("c3")] == CODE_HOUSE_ON
    assert gnome_cells(state, 0) == [(0, "c1", "free"), (0, "c3", "resting")]
    assert decision(state) == "work_buy"


@pytest.mark.parametrize("drawing, children, allowed", [
    (". . H + SC . .\n. . h + . . .", False, True),
    (". . H + SC . .\n. . H + . . .", False, False),  # no dark house
    ("H H H H h . .\n+ + + + + SC .", False, True),  # fifth gnome
    ("H H H H h . .\n+ + + + + SC .", True, False),  # children: no gnome left after four
])
def test_r7_3_gnome_needs_school_dark_house_and_a_gnome_left(drawing, children, allowed):
    """R7.3 / R14.1: a school, a house with its lights off and a gnome left in the colour."""
    state = build([drawing, PLAIN], coins={0: 0}, children=children)
    assert legal(state, layout(state).work(WorkAction.GNOME)) == allowed


def test_r7_4_workshop_requirement_turns_an_active_workshop_of_that_type():
    """R7.4 / O13: only active workshops of the needed type are offered; the chosen one turns."""
    state = build([". . H + SC + sc\n. . SC + PA . .\n. . h + . . .", PLAIN], coins={0: 0})
    lay = layout(state)
    act(state, lay.work(WorkAction.GNOME), "work_buy")
    assert legal_cells(state) == {"e1", "c2"}  # not the inactive g1, not the painter
    act(state, lay.cell(cell("c2")), "source")
    assert not workshop_active(state, 0, "c2") and workshop_active(state, 0, "e1")


def test_r7_5_product_returns_to_the_supply():
    """R7.5 / O11: a product of the needed type covers the requirement and goes back."""
    state = build([". . H + . . .\n. . h + . . .", PLAIN], coins={0: 0}, products={0: [0, 0, 1, 0]})
    lay = layout(state)
    assert state.product_supply[S] == 1
    act(state, lay.work(WorkAction.GNOME), "work_buy")
    assert state.legal_actions() == [lay.source(SourceKind.PRODUCT)]
    act(state, lay.source(SourceKind.PRODUCT), "source")
    assert state.products[0][S] == 0 and state.product_supply[S] == 2
    assert decision(state) == "new_gnome_house"


@pytest.mark.parametrize("coins, allowed", [(2, False), (3, True), (4, True)])
def test_r7_6_three_coins_cover_a_requirement(coins, allowed):
    """R7.6 / O10: three coins, paid into the bank, replace a workshop."""
    state = build([". . H + . . .\n. . h + . . .", PLAIN], coins={0: coins})
    lay = layout(state)
    assert legal(state, lay.work(WorkAction.GNOME)) == allowed
    if allowed:
        bank = state.bank
        act(state, lay.work(WorkAction.GNOME))
        act(state, lay.source(SourceKind.COINS), "source")
        assert state.coins[0] == coins - 3 and state.bank == bank + 3


@pytest.mark.parametrize("coins, painter_by_coins", [(5, False), (6, True)])
def test_r7_6_coins_for_the_first_requirement_only_if_the_second_stays_payable(coins, painter_by_coins):
    """R7.6: with an active painter and no carpenter, paying the painter in coins is offered
    only if three coins are still left for the carpenter afterwards."""
    state = build([". . H + PA + ca", PLAIN], coins={0: coins})
    lay = layout(state)
    act(state, lay.work(WorkAction.HOUSE), "work_buy")
    options = {lay.cell(cell("e1"))} | ({lay.source(SourceKind.COINS)} if painter_by_coins else set())
    assert set(state.legal_actions()) == options
    act(state, lay.cell(cell("e1")))
    assert state.legal_actions() == [lay.source(SourceKind.COINS)]


def test_r7_7_buy_a_business_refills_the_display_at_once():
    """R7.7: pay one coin, take a face-up business and place it; the slot is refilled from the
    face-down stack at once."""
    police, goldsmith = biz("Police Station"), biz("Goldsmith Tavern")
    state = build([PLAIN, PLAIN], coins={0: 1}, display=[police, goldsmith])
    lay = layout(state)
    top = state.business_stack[-1]
    bank = state.bank
    act(state, lay.buy_business(0), "work_buy")
    assert state.coins[0] == 0 and state.bank == bank + 1
    assert state.display == [top, goldsmith]
    assert decision(state) == "place_tile" and {c for c, _ in legal_places(state)} == {"d2", "e1"}
    act(state, lay.place(cell("e1"), 0))
    assert state.grid[0][cell("e1")] == parse_village(f". . . . {B('Police Station')} . .")[cell("e1")]
    assert not legal(state, lay.buy_business(1))  # no coin left
    assert conservation_problems(state) == []


def test_r7_8_buy_a_workshop_enters_inactive():
    """R7.8 / R10.1: pay two coins, take a workshop of the chosen type, place it inactive."""
    state = build([". . H + ga + ga\n. . . ga . . .", PLAIN], coins={0: 3})
    lay = layout(state)
    assert not legal(state, lay.buy_workshop(G))  # the 2-player gardener stack (3) is empty
    supply = list(state.workshop_supply)
    act(state, lay.buy_workshop(C), "work_buy")
    act(state, lay.place(cell("f2"), 0), "place_tile")
    assert state.coins[0] == 1
    assert state.workshop_supply[C] == supply[C] - 1
    assert not workshop_active(state, 0, "f2")
    assert not any(legal(state, lay.buy_workshop(k)) for k in range(4))  # one coin left


# ============================================================================ R8 Move
def test_r8_1_a_gnome_placed_this_turn_rests_until_the_next_move_phase():
    """R8.1: the new gnome cannot move in the turn it is placed; it stands up at the start of
    its owner's next Move phase."""
    state = build([". . H + SC . .\n. . h + pa . .", PLAIN], coins={0: 0},
                  forest_top=quiet_cards(2))
    lay = layout(state)
    act(state, lay.work(WorkAction.GNOME), "work_buy")
    act(state, lay.cell(cell("e1")), "source")
    act(state, lay.cell(cell("c2")), "new_gnome_house")
    act(state, lay.pass_(), "work_buy")
    assert decision(state) == "move_select" and legal_cells(state) == {"c1"}
    to_next_own_move(state)
    assert legal_cells(state) == {"c1", "c2"}
    assert gnome_cells(state, 0) == [(0, "c1", "free"), (0, "c2", "free")]


MOVE_VILLAGE = f". . H + pa + ca\n. . H + {B('Goldsmith')} . ."
AIRPORT_VILLAGE = f". . H + {B('Airport')} . ."


def test_r8_2_each_gnome_walks_once_to_a_workplace_without_its_colour():
    """R8.2: each standing gnome may walk once, one after the other, to a reachable workshop or
    business holding no gnome of its colour (another colour is fine); moving is optional."""
    state = build([MOVE_VILLAGE, AIRPORT_VILLAGE], phase="move", gnomes={1: [(0, "g1", "abroad")]})
    lay = layout(state)
    assert legal_cells(state) == {"c1", "c2"} and legal(state, lay.pass_())
    act(state, lay.cell(cell("c1")), "move_select")
    assert legal_cells(state) == {"e1", "g1", "e2"}  # workplaces only, a guest's tile included
    act(state, lay.cell(cell("e1")), "move_dest")
    assert decision(state) == "move_select" and legal_cells(state) == {"c2"}  # moved once
    act(state, lay.cell(cell("c2")))
    assert legal_cells(state) == {"g1", "e2"}  # e1 holds a gnome of its colour
    act(state, lay.cell(cell("g1")), "move_dest")
    assert decision(state) == "move_select" and state.legal_actions() == [lay.pass_()]
    assert gnome_cells(state, 0) == [(0, "e1", "free"), (0, "g1", "free")]


def test_r8_3_a_gnome_ending_on_an_inactive_workshop_activates_it():
    """R8.3: arriving on an inactive workshop turns it active."""
    state = build([MOVE_VILLAGE, PLAIN], phase="move")
    lay = layout(state)
    assert not workshop_active(state, 0, "e1")
    act(state, lay.cell(cell("c1")), "move_select")
    act(state, lay.cell(cell("e1")), "move_dest")
    assert workshop_active(state, 0, "e1") and not workshop_active(state, 0, "g1")


@pytest.mark.parametrize("name, offered", [("Thief's Den", "thief_target"), ("Goldsmith", "move_select")])
def test_r8_4_a_gnome_ending_on_a_business_may_take_its_action(name, offered):
    """R8.4 / R11.11: arriving on a business offers its action (none for the Goldsmith)."""
    state = build([f". . H + {B(name)} . .", PLAIN], phase="move", coins={0: 0, 1: 4})
    act(state, layout(state).cell(cell("c1")), "move_select")
    act(state, layout(state).cell(cell("e1")), "move_dest")
    assert decision(state) == offered


@pytest.mark.parametrize("used, fined", [
    ((), True),
    (("Police Station",), False),
    (("Hatter's Police Post",), True),  # another Police tile
])
def test_r8_5_not_the_same_business_tile_two_turns_in_a_row(used, fined):
    """R8.5: a business tile used on the previous turn gives no action now; another tile with
    the same action still does."""
    state = build([f". . H + {B('Police Station')} . .", PLAIN], phase="move", coins={0: 0, 1: 3},
                  used_last={0: [biz(u) for u in used]})
    act(state, layout(state).cell(cell("c1")), "move_select")
    act(state, layout(state).cell(cell("e1")), "move_dest")
    assert state.coins == ([1, 2] if fined else [0, 3])


def test_r8_5_a_declined_action_still_counts_as_used():
    """R8.5 / O14: declining the Thief still uses the tile; the next turn it gives nothing while
    a different Thief tile does; the turn after that it works again."""
    thief = B("Thief's Den")
    drawing = (f". . H + {thief} + {B('Hat Thief')}\n"
               ". . H + pa . .\n"
               ". . H + ca . .")
    state = build([drawing, PLAIN], phase="move", coins={0: 0, 1: 20}, forest_top=quiet_cards(4))
    lay = layout(state)

    def move(a, b):
        act(state, lay.cell(cell(a)), "move_select")
        act(state, lay.cell(cell(b)), "move_dest")

    move("c1", "e1")
    act(state, lay.pass_(), "thief_target")  # declined
    to_next_own_move(state)
    move("e1", "e2")
    move("c2", "e1")
    assert decision(state) == "move_select"  # no Thief action this time
    move("c3", "g1")
    assert decision(state) == "thief_target"  # the Hat Thief is another tile
    act(state, lay.pass_())
    to_next_own_move(state)
    move("e1", "e3")
    move("e2", "e1")
    assert decision(state) == "thief_target"  # not used on the previous turn: open again


def test_r8_5_a_tile_used_by_airport_counts_as_used():
    """R8.5 / R11.10 / O14: a tile used by Airport is used wherever it stands: after seat 0
    flies onto seat 1's Police Station, both that tile and the Airport are seat 0's tiles of its
    previous turn (the record the observation shows, "Airport included"). So on seat 0's next
    turn the Airport gives no flight, and the Police Station cannot be reached again."""
    seat0 = f". . H + {B('Airport')} + {B('Goldsmith')}\n. . H + . . ."
    seat1 = f". . H + {B('Police Station')} . ."
    state = build([seat0, seat1], phase="move", coins={0: 0, 1: 5}, forest_top=quiet_cards(4))
    lay = layout(state)

    def move(a, b):
        act(state, lay.cell(cell(a)), "move_select")
        act(state, lay.cell(cell(b)), "move_dest")

    used = sorted([biz("Airport"), biz("Police Station")])
    move("c1", "e1")
    act(state, lay.opp_cell(1, cell("e1")), "airport")
    assert state.coins == [1, 4]  # the Police fine, taken in seat 1's village
    assert sorted(state.used_now) == used
    act(state, lay.pass_(), "move_select")
    assert state.turn_player == 1 and sorted(state.used_last[0]) == used
    to_next_own_move(state)
    assert sorted(state.used_last[0]) == used
    assert (0, "e1", "free") in gnome_cells(state, 0)  # flown back onto the Airport
    move("e1", "g1")
    move("c2", "e1")  # another gnome onto the Airport: no flight this turn
    assert decision(state) == "move_select" and state.used_now == []


# ============================================================================ R10 workshops
def test_r10_1_an_active_workshop_stays_active_when_its_gnome_walks_away():
    """R10.1: a gnome leaving an active workshop does not turn it over; only use does (R7.4)."""
    drawing = f". . H + PA + ca\n. . H + {B('Goldsmith')} . ."
    state = build([drawing, PLAIN], phase="move", gnomes={0: [("e1", "free"), ("c2", "free")]})
    lay = layout(state)
    act(state, lay.cell(cell("e1")), "move_select")
    act(state, lay.cell(cell("e2")), "move_dest")
    assert workshop_active(state, 0, "e1")


def test_r10_2_a_workshop_activated_in_move_serves_from_the_next_turn():
    """R10.2: a school activated by a gnome in the Move phase pays for a gnome in the owner's
    next Work & Buy (not before); one activated by a forest card serves the same turn."""
    drawing = ". . H + sc . .\n. . h + . . ."
    state = build([drawing, PLAIN], coins={0: 0, 1: 0}, forest_top=quiet_cards(2))
    lay = layout(state)
    assert not legal(state, lay.work(WorkAction.GNOME))
    act(state, lay.pass_(), "work_buy")
    act(state, lay.cell(cell("c1")), "move_select")
    act(state, lay.cell(cell("e1")), "move_dest")
    play_until(state, lambda s: s.turn_player == 0 and decision(s) == "work_buy")
    assert state.coins[0] == 1  # the coin card: not enough to pay in coins
    assert legal(state, lay.work(WorkAction.GNOME))

    card_state = build([drawing, PLAIN], phase="reveal", coins={0: 0},
                       forest_top=[card(ForestKind.ACTIVATE, icons=(S, G))])
    act(card_state, lay.cell(cell("e1")), "activate")
    assert decision(card_state) == "work_buy" and legal(card_state, lay.work(WorkAction.GNOME))
