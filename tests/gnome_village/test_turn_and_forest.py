"""R4 turn structure, R5 forest cards and R6 Earn (``seeds/gnome_village.md``)."""

from __future__ import annotations

import pytest

from gnome_envs.gnome_village.components import ROAD_SHAPES
from gnome_envs.gnome_village.scenario import parse_village

from .helpers import (
    B,
    C,
    ForestKind,
    G,
    P,
    S,
    SourceKind,
    WorkAction,
    act,
    build,
    card,
    cell,
    coins_card,
    conservation_problems,
    decision,
    full_village,
    gnome_cells,
    layout,
    legal_cells,
    legal_opp_cells,
    legal_places,
    play_until,
    workshop_active,
)

SHAPE = {shape.symbol: index for index, shape in enumerate(ROAD_SHAPES)}
PLAIN = ". . H + . . ."


# ============================================================================ R4 turn structure
def test_r4_1_phases_reveal_earn_work_move():
    """R4.1: Reveal (the card's choice, before any income), Earn, Work & Buy, then Move; then
    the next seat's turn."""
    seat0 = f". . H + {B('Goldsmith')} . .\n. . . sc . . ."
    state = build([seat0, PLAIN], gnomes={0: [("e1", "free")]}, phase="start",
                  forest_top=[card(ForestKind.ACTIVATE, icons=(S, G))], coins={0: 0, 1: 0})
    lay = layout(state)
    order = []
    assert decision(state) == "activate" and state.coins[0] == 0  # Reveal before Earn
    order.append(decision(state))
    act(state, lay.cell(cell("d2")))
    assert decision(state) == "work_buy"
    order.append(decision(state))
    assert state.coins[0] == 1 + 2  # the card's coin, then the Goldsmith's income
    assert workshop_active(state, 0, "d2")
    act(state, lay.pass_())
    order.append(decision(state))
    act(state, lay.pass_(), "move_select")
    assert order == ["activate", "work_buy", "move_select"]
    assert state.turn_player == 1


@pytest.mark.parametrize("turn_player, home", [(1, True), (0, False)])
def test_r4_2_chapel_gnomes_come_home_when_their_owner_starts(turn_player, home):
    """R4.2 / R11.2: a gnome held on a Chapel comes home at the start of its owner's turn, not
    at the start of another player's turn."""
    seat0 = f". . H + {B('Chapel')} . ."
    state = build([seat0, PLAIN], gnomes={1: [(0, "e1", "chapel")]}, phase="start",
                  turn_player=turn_player, forest_top=[coins_card(1)])
    if home:
        assert gnome_cells(state, 1) == [(1, "c1", "free")]
    else:
        assert gnome_cells(state, 1) == [(0, "e1", "chapel")]


# ============================================================================ R5 forest cards
def test_r5_1_activate_active_player_must_choose_a_workshop_of_the_card():
    """R5.1 / O8 / O13: the active player turns one inactive workshop of a shown type (choosing
    the tile, no decline); then receives one coin."""
    # e1 painter (inactive), g1 painter (active), d2 carpenter (inactive), c3 painter, e3 school
    drawing = ". . H + pa + PA\n. . . ca . . .\n. . pa + sc . ."
    state = build([drawing, PLAIN], phase="reveal", forest_top=[card(ForestKind.ACTIVATE, icons=(P, C))],
                  coins={0: 0})
    assert decision(state) == "activate" and state.current_player == 0
    assert legal_cells(state) == {"e1", "d2", "c3"}  # no active g1, no school, no PASS
    assert layout(state).pass_() not in state.legal_actions()
    act(state, layout(state).cell(cell("c3")))
    assert workshop_active(state, 0, "c3") and not workshop_active(state, 0, "e1")
    assert decision(state) == "work_buy" and state.coins[0] == 1


def test_r5_1_activate_without_a_matching_workshop_only_pays_the_coin():
    """R5.1: nothing happens without an inactive workshop of the card's types (coin still paid)."""
    state = build([". . H + pa . .", PLAIN], phase="reveal",
                  forest_top=[card(ForestKind.ACTIVATE, icons=(S, G))], coins={0: 0})
    assert decision(state) == "work_buy"
    assert not workshop_active(state, 0, "e1") and state.coins[0] == 1


def test_r5_1_activate_all_players_clockwise_others_may_decline():
    """R5.1 / O8: with the all-players symbol each other player, clockwise, may activate too."""
    v = ". . H + pa . ."
    state = build([v, v, v], turn_player=1, phase="reveal", coins={0: 0, 1: 0, 2: 0},
                  forest_top=[card(ForestKind.ACTIVATE, icons=(P, C), all_players=True)])
    lay = layout(state)
    seen = []
    for seat, choice in ((1, "take"), (2, "decline"), (0, "take")):
        assert decision(state) == "activate" and state.current_player == seat
        seen.append(seat)
        has_pass = lay.pass_() in state.legal_actions()
        assert has_pass == (seat != 1)  # only the active player (seat 1) must
        act(state, lay.cell(cell("e1")) if choice == "take" else lay.pass_())
    assert seen == [1, 2, 0]
    assert [workshop_active(state, p, "e1") for p in range(3)] == [True, True, False]
    assert state.coins == [0, 1, 0]  # the coin goes to the active player only


REMOVAL_TOP = [card(ForestKind.REMOVAL)]


def test_r5_2_removal_discards_a_business_and_sends_its_gnomes_home():
    """R5.2 / O32: any business of another village may go; gnomes of every colour on it go to
    their own homes; the active player receives one coin."""
    seat0 = f". . H + {B('Airport')} . ."
    seat1 = f". . H + {B('Police Station')} . .\n. . H + {B('Goldsmith')} . ."
    seat2 = f". . H + {B('Doctor')} . ."
    state = build([seat0, seat1, seat2], phase="reveal", forest_top=REMOVAL_TOP, coins={0: 0},
                  gnomes={0: [(1, "e2", "abroad")], 1: [("e1", "free"), ("c2", "free")]})
    assert decision(state) == "removal"
    # offset 1 = seat 1, offset 2 = seat 2; never the active player's own Airport
    assert legal_opp_cells(state) == {(1, "e1"), (1, "e2"), (2, "e1")}
    act(state, layout(state).opp_cell(1, cell("e2")))  # the Goldsmith, with seat 0's visitor on it
    assert state.grid[1][cell("e2")] == 0
    assert state.business_discard == [int(B("Goldsmith")[1:])]
    assert gnome_cells(state, 0) == [(0, "c1", "free")]  # the visitor went to its own home
    assert state.coins[0] == 1
    # the Police Station with its own gnome: that gnome goes home too
    state2 = build([seat0, seat1, seat2], phase="reveal", forest_top=REMOVAL_TOP,
                   gnomes={1: [("e1", "free"), ("c2", "free")]})
    act(state2, layout(state2).opp_cell(1, cell("e1")), "removal")
    assert gnome_cells(state2, 1) == [(1, "c1", "free"), (1, "c2", "free")]
    assert conservation_problems(state2) == []


GAP_VILLAGE = f". . H + {B('Police Station')} + h\n. . . . . . .\n. . . . . . ."


def _after_gap():
    """Seat 1's village loses the Police Station that joins its two halves; then seat 1's turn."""
    state = build([PLAIN, GAP_VILLAGE], phase="reveal", forest_top=[card(ForestKind.REMOVAL), coins_card(1)],
                  coins={1: 9})
    act(state, layout(state).opp_cell(1, cell("e1")), "removal")
    assert not state.holes[0]
    play_until(state, lambda s: s.turn_player == 1 and decision(s) == "work_buy")
    return state


def test_r5_2_removal_gap_takes_only_roads_and_businesses_until_it_complies():
    """R5.2 / O25: the gap left by a removed business must be filled by the owner's next road or
    business, which may go nowhere else; houses and workshops may not fill it."""
    state = _after_gap()
    lay = layout(state)
    # a workshop may go where a path faces it, but not into the gap e1
    trial = state.clone()
    act(trial, lay.buy_workshop(P), "work_buy")
    workshop_cells = {c for c, _ in legal_places(trial)}
    assert "e1" not in workshop_cells and workshop_cells
    # a house may not fill it either: it goes where a workshop may
    trial = state.clone()
    act(trial, lay.work(WorkAction.HOUSE), "work_buy")
    act(trial, lay.source(SourceKind.COINS), "source")  # painter: three coins
    act(trial, lay.source(SourceKind.COINS), "source")  # carpenter: three coins
    assert decision(trial) == "place_tile"
    assert {c for c, _ in legal_places(trial)} == workshop_cells
    # a business must fill the gap
    trial = state.clone()
    act(trial, lay.buy_business(0), "work_buy")
    assert {c for c, _ in legal_places(trial)} == {"e1"}
    act(trial, lay.place(cell("e1"), 0))
    assert trial.holes[1] == []
    # a road must fill the gap as well (gardener paid with coins), and then the village complies
    trial = state.clone()
    act(trial, lay.work(WorkAction.ROAD), "work_buy")
    act(trial, lay.source(1), "source")
    assert {c for c, _ in legal_places(trial)} == {"e1"}
    act(trial, lay.place(cell("e1"), 0))
    assert trial.holes[1] == []
    trial.check_invariants()


@pytest.mark.parametrize("amount, everyone", [(1, False), (2, False), (3, False), (1, True), (2, True)])
def test_r5_3_coins(amount, everyone):
    """R5.3: the active player (with the all-players symbol every player) receives the coins
    shown; no extra coin."""
    state = build([PLAIN] * 3, turn_player=1, phase="reveal", forest_top=[coins_card(amount, everyone)],
                  coins={0: 0, 1: 0, 2: 0})
    assert decision(state) == "work_buy"
    assert state.coins == ([amount] * 3 if everyone else [0, amount, 0])


def test_r5_4_roads_active_player_places_the_top_road():
    """R5.4: the active player draws the top road, places it (R3.1), then receives one coin."""
    state = build([PLAIN, PLAIN], phase="reveal", forest_top=[card(ForestKind.ROADS)], road_top=[SHAPE["L"]],
                  coins={0: 0})
    assert decision(state) == "place_tile" and state.current_player == 0
    act(state, layout(state).place(cell("e1"), 1))
    assert state.grid[0][cell("e1")] == parse_village(". . . . L1 . .")[cell("e1")]
    assert decision(state) == "work_buy" and state.coins[0] == 1


def test_r5_4_roads_all_players_clockwise():
    """R5.4: with the all-players symbol every player, clockwise from the active player, places
    the next road from the stack."""
    state = build([PLAIN] * 3, turn_player=2, phase="reveal", coins={0: 0, 1: 0, 2: 0},
                  forest_top=[card(ForestKind.ROADS, all_players=True)],
                  road_top=[SHAPE["|"], SHAPE["L"], SHAPE["!"]])
    lay = layout(state)
    for seat, symbol in ((2, "|"), (0, "L"), (1, "!")):
        assert decision(state) == "place_tile" and state.current_player == seat
        act(state, lay.place(cell("e1"), 0))
        assert state.grid[seat][cell("e1")] == parse_village(f". . . . {symbol} . .")[cell("e1")]
    assert decision(state) == "work_buy" and state.coins == [0, 0, 1]


def _all_roads_used_villages():
    tokens = [s.symbol for s in ROAD_SHAPES for _ in range(s.count)]
    tokens.remove("+")  # seat 1's road
    return [full_village(["H"] + tokens), ". . H + . . ."]


def test_r5_4_roads_with_an_empty_stack_nothing_is_drawn():
    """R5.4: with the road stack empty nothing is drawn; the active player still gets a coin."""
    state = build(_all_roads_used_villages(), phase="reveal", forest_top=[card(ForestKind.ROADS)], coins={0: 0})
    assert state.road_stack == []
    assert decision(state) == "work_buy" and state.coins[0] == 1
    assert conservation_problems(state) == []


def test_r5_4_a_road_that_fits_nowhere_goes_under_the_stack():
    """R5.4 / O37: a full village cannot take the road; it goes under the stack, and the
    revealer still receives the card's coin."""
    buildings = ["H", "h", "h", "h", "h", "pa", "ca"]  # row 1, faced by row 2's four-ways
    others = ["+"] * 5 + ["T"] * 10 + ["|"] * 6 + ["L"] * 6 + ["!"] * 3 + ["j"]  # 31 more roads
    # rows 1-2, rows 3-5, row 6 (two four-ways above row 7's workshops), row 7
    grid = buildings + ["+"] * 7 + others[:21] + ["+", "+"] + others[21:26] + ["sc", "ga"] + others[26:]
    assert len(grid) == 49 and "." not in grid
    state = build([full_village(grid), ". . H t . . ."], phase="reveal",
                  forest_top=[card(ForestKind.ROADS)], road_top=[SHAPE["x"]], coins={0: 0})
    assert all(state.grid[0])
    assert decision(state) == "work_buy" and state.coins[0] == 1
    assert state.road_stack[0] == SHAPE["x"] and state.road_stack.count(SHAPE["x"]) == 2
    assert conservation_problems(state) == []


def test_r5_5_angry_gnome_every_player_sends_a_worker_home():
    """R5.5 / O23: every player, clockwise from the active player (seat 1 here: seats 1, 2, 3,
    0), sends home one of their gnomes on a workshop or business of their own village (a
    workshop turns inactive); guests do not count, so seat 3 with none has no decision; then the
    active player receives one coin."""
    seat0 = ". . H + PA + ca"
    seat1 = f". . H + {B('Police Station')} . .\n. . H + SC . ."
    seat2 = f". . H + {B('Airport')} . .\n. . H + GA . ."
    seat3 = PLAIN
    state = build([seat0, seat1, seat2, seat3], turn_player=1, phase="reveal",
                  forest_top=[card(ForestKind.ANGRY_GNOME)], coins={0: 0, 1: 0, 2: 0, 3: 0},
                  gnomes={0: [("e1", "free")], 1: [("e1", "free"), ("e2", "free")],
                          2: [("e2", "free"), (0, "g1", "abroad")]})
    lay = layout(state)
    seen = []
    for seat, choices, sent in ((1, {"e1", "e2"}, "e1"), (2, {"e2"}, "e2"), (0, {"e1"}, "e1")):
        assert decision(state) == "angry"
        seen.append(state.current_player)
        assert state.current_player == seat, f"angry decisions so far for seats {seen}"
        # seat 2's guest on seat 0's g1 is offered neither to seat 2 nor to seat 0
        assert legal_cells(state) == choices
        act(state, lay.cell(cell(sent)))
    assert seen == [1, 2, 0]
    assert gnome_cells(state, 1) == [(1, "c1", "free"), (1, "e2", "free")]  # the Police gnome went home
    assert workshop_active(state, 1, "e2")  # a workshop whose gnome stays stays active
    assert not workshop_active(state, 2, "e2") and not workshop_active(state, 0, "e1")
    assert gnome_cells(state, 2) == [(0, "g1", "abroad"), (2, "c1", "free")]
    assert gnome_cells(state, 0) == [(0, "c1", "free")]
    assert decision(state) == "work_buy"
    assert state.coins == [0, 1, 0, 0]  # the card's coin; the Police gnome went home before Earn


def test_r5_6_empty_deck_reshuffles_the_discards():
    """R5.6 / O35: when the forest deck is empty the discard pile is shuffled into a new deck."""
    state = build([PLAIN, PLAIN], turn_player=1, phase="move")
    # every card is on the discard pile now (a test fixture: conservation still holds)
    state.forest_discard = list(range(45))
    state.forest_deck = []
    state.check_invariants()
    old_order = list(state.forest_discard)
    act(state, layout(state).pass_(), "move_select")
    assert state.turn_player == 0
    assert len(state.forest_deck) == 44 and len(state.forest_discard) == 1
    assert sorted(state.forest_deck + state.forest_discard) == list(range(45))
    rebuilt = state.forest_deck + state.forest_discard
    assert rebuilt != old_order and rebuilt != old_order[::-1]  # shuffled, not just flipped


def test_o36_removed_businesses_never_join_the_forest_deck():
    """O36: a removed business goes to a pile of its own, out of the game: when the forest
    deck is rebuilt from the discards, only the 45 forest cards are in it."""
    seat1 = f". . H + {B('Police Station')} . ."
    state = build([PLAIN, seat1], phase="reveal", forest_top=REMOVAL_TOP)
    act(state, layout(state).opp_cell(1, cell("e1")), "removal")
    assert state.business_discard == [int(B("Police Station")[1:])]
    state.forest_discard = state.forest_discard + state.forest_deck  # a fixture: every card played
    state.forest_deck = []
    play_until(state, lambda s: s.turn_player == 1 and decision(s) == "work_buy")
    assert sorted(state.forest_deck + state.forest_discard) == list(range(45))
    assert state.business_discard == [int(B("Police Station")[1:])]
    assert conservation_problems(state) == []


# ============================================================================ R6 Earn
def test_r6_1_business_income():
    """R6.1 / R9.1: each own gnome on an own business earns that business's value; gnomes on
    houses or workshops earn nothing."""
    seat0 = f". . H + {B('Goldsmith')} . .\n. . H + {B('Police Station')} . .\n. . H + PA . ."
    state = build([seat0, PLAIN], phase="earn", coins={0: 0},
                  gnomes={0: [("e1", "free"), ("e2", "free"), ("e3", "free")]})
    assert state.coins[0] == 2 + 1


def test_r6_1_guests_earn_their_host_nothing():
    """R6.1: another player's gnome on my business earns me nothing."""
    seat0 = f". . H + {B('Goldsmith')} . ."
    seat1 = f". . H + {B('Airport')} . ."
    state = build([seat0, seat1], phase="earn", coins={0: 0, 1: 0}, gnomes={1: [(0, "e1", "abroad")]})
    assert state.coins[0] == 0


@pytest.mark.parametrize("where, coin, product", [("e1", 1, None), ("e2", 0, S)])
def test_r6_2_visitors_collect_and_fly_home(where, coin, product):
    """R6.2 / R11.10: in the host's Earn a visitor collects (a coin from a business, a product
    from a workshop) and flies back onto its Airport."""
    seat0 = f". . H + {B('Goldsmith')} . .\n. . . + SC . ."
    seat1 = f". . H + {B('Airport')} . ."
    state = build([seat0, seat1], phase="earn", coins={0: 0, 1: 0}, gnomes={1: [(0, where, "abroad")]})
    assert state.coins[1] == coin
    assert state.products[1] == [int(product == k) for k in range(4)]
    assert gnome_cells(state, 1) == [(1, "e1", "free")]


@pytest.mark.parametrize("coins, fee", [(3, 1), (1, 1), (0, 0)])
def test_r6_3_prisoners_pay_and_come_home(coins, fee):
    """R6.3 / R13.2 / O31: in its owner's Earn a prisoner's owner pays one coin to the Prison's
    owner if it has one, and the gnome comes home either way."""
    seat0 = f". . H + {B('Prison Hat Shop')} . ."
    state = build([seat0, PLAIN], deluxe=True, turn_player=1, phase="earn", coins={0: 0, 1: coins},
                  gnomes={1: [(0, "e1", "prison")]})
    assert state.coins == [fee, coins - fee]
    assert gnome_cells(state, 1) == [(1, "c1", "free")]
