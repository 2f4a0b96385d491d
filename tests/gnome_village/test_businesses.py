"""R9 businesses, R11 business actions and R13 the Deluxe businesses (``seeds/gnome_village.md``).

Most tests let seat 0's gnome on its house ``c1`` walk in the Move phase onto the business on
``e1`` (drawn as ``". . H + <business> . ."``) and check what its action does.
"""

from __future__ import annotations

import pytest

from gnome_envs.gnome_village.components import CODE_INFO, TileKind

from .helpers import (
    BUSINESS_TILES,
    B,
    BusinessAction,
    BusinessIcon,
    C,
    ForestKind,
    P,
    S,
    act,
    biz,
    build,
    card,
    cell,
    cell_name,
    complies,
    decision,
    gnome_cells,
    layout,
    legal_cells,
    legal_opp_cells,
    legal_opponents,
    legal_places,
    play_until,
    quiet_cards,
    workshop_active,
)

PLAIN = ". . H + . . ."
A = BusinessAction


def on_e1(name: str, rest: str = "") -> str:
    """Seat 0's village: house c1, four-way d1, the business ``name`` on e1, then ``rest`` rows."""
    return f". . H + {B(name)} . ." + (f"\n{rest}" if rest else "")


def walk(state, start: str = "c1", target: str = "e1") -> None:
    """The current player's gnome on ``start`` walks to ``target``."""
    lay = layout(state)
    act(state, lay.cell(cell(start)), "move_select")
    act(state, lay.cell(cell(target)), "move_dest")


def to_turn(state, seat: int, phase: str = "move_select") -> None:
    """PASS until ``seat``'s turn reaches ``phase`` (a later turn than the current one)."""
    current = state.turn_player
    play_until(state, lambda s: s.turn_player != current)
    play_until(state, lambda s: s.turn_player == seat and decision(s) == phase)


# ============================================================================ R9 businesses
@pytest.mark.parametrize("tile_id", range(len(BUSINESS_TILES)), ids=[t.name for t in BUSINESS_TILES])
def test_r9_1_income_is_the_coin_value(tile_id):
    """R9.1 / R6.1 / O9: a gnome on a business earns its value: 2 for the Financial Advisors,
    Goldsmiths and the Swimming Pool, 1 for every other tile."""
    tile = BUSINESS_TILES[tile_id]
    state = build([f". . H + B{tile_id} . .", PLAIN], deluxe=True, phase="earn", coins={0: 0},
                  gnomes={0: [("e1", "free")]})
    two = tile.action in (A.FINANCIAL_ADVISOR, A.GOLDSMITH, A.SWIMMING_POOL)
    assert state.coins[0] == (2 if two else 1)


@pytest.mark.parametrize("tile_id", range(len(BUSINESS_TILES)), ids=[t.name for t in BUSINESS_TILES])
def test_r9_2_restaurants_score_one_point(tile_id):
    """R9.2 / R12.2: a restaurant business scores one point; a hat scores for the Happy Gnome's
    holder; any other business scores nothing by itself."""
    tile = BUSINESS_TILES[tile_id]
    state = build([f". . H + B{tile_id} . .", PLAIN], deluxe=True, coins={0: 0})
    hat = tile.icon == BusinessIcon.HAT
    assert state.happy == (0 if hat else -1)
    assert state.score_of(0) == 2 + (tile.icon == BusinessIcon.RESTAURANT) + hat


def _buy_hat(state, slot: int, where: str = "e1") -> None:
    lay = layout(state)
    act(state, lay.buy_business(slot), "work_buy")
    act(state, lay.place(cell(where), 0), "place_tile")


def test_r9_3_happy_gnome_goes_to_the_strict_hat_leader():
    """R9.3: with equal hats nobody holds it; a player with more hats than every other gets it."""
    state = build([on_e1("Hat Theater"), on_e1("Hat Doctor")], coins={0: 3},
                  display=[biz("Hat Thief"), biz("Police Station")])
    assert state.happy == -1
    _buy_hat(state, 0, "d2")
    assert state.happy == 0


@pytest.mark.parametrize("holder", [0, 1])
def test_r9_3_a_tie_leaves_the_happy_gnome_where_it_is(holder):
    """R9.3: a tie for the most hats leaves the Happy Gnome with its holder, whichever seat
    holds it: with seat 1 holding, seat 0 drawing level does not make it the (lowest-numbered)
    new holder."""
    leader = on_e1("Hat Theater", ". . . + " + B("Hat Doctor") + " . .")  # two hats
    chaser = on_e1("Goldsmith Hatter")  # one hat
    villages = [leader, chaser] if holder == 0 else [chaser, leader]
    state = build(villages, turn_player=1 - holder, coins={1 - holder: 3},
                  display=[biz("Hat Thief"), biz("Police Station")])
    assert state.happy == holder
    _buy_hat(state, 0, "d2")  # the chaser buys a second hat
    assert [state.hat_count(p) for p in range(2)] == [2, 2]
    assert state.happy == holder


# ============================================================================ R11 business actions
def test_r11_1_police_every_opponent_with_a_coin_pays_one():
    """R11.1 / O15: every opponent with at least one coin pays one coin; no choice involved."""
    state = build([on_e1("Police Station"), PLAIN, PLAIN, PLAIN], phase="move", coins={0: 0, 1: 2, 2: 0, 3: 1})
    walk(state)
    assert state.coins == [2, 1, 0, 0]
    assert decision(state) == "move_select"


def test_r11_2_chapel_takes_a_gnome_standing_in_its_own_village():
    """R11.2 / O19: an opponent's gnome in its own village (standing or resting, not a guest
    abroad) goes onto the Chapel; an active workshop it stood on turns inactive."""
    seat0 = f". . H + {B('Chapel')} + ca"
    seat1 = f". . H + PA . .\n. . H + {B('Airport')} . .\n. . H + . . ."
    state = build([seat0, seat1], phase="move",
                  gnomes={1: [("e1", "free"), ("c2", "resting"), (0, "g1", "abroad")]})
    walk(state)
    assert decision(state) == "chapel"
    assert legal_opp_cells(state) == {(1, "e1"), (1, "c2")}
    assert layout(state).pass_() in state.legal_actions()
    act(state, layout(state).opp_cell(1, cell("e1")))
    assert (0, "e1", "chapel") in gnome_cells(state, 1)
    assert not workshop_active(state, 1, "e1")


def test_r11_3_theater_counts_gnomes_on_workplaces_all_around():
    """R11.3 / O30: one coin plus one per gnome (any colour, diagonals included) on the
    workshops and businesses around the Theater; gnomes on houses do not count."""
    seat0 = (f". . H + ca . .\n"
             f". + SC {B('Dinner Theater')} + H .\n"
             f". . H + {B('Goldsmith')} . .")
    state = build([seat0, f". . H + {B('Airport')} . ."], phase="move", coins={0: 0},
                  gnomes={0: [("c1", "free"), ("e1", "free"), ("c3", "free")], 1: [(0, "e3", "abroad")]})
    walk(state, "c1", "d2")
    # around d2: e1 (own gnome, diagonal), e3 (seat 1's visitor, diagonal); c3 is a house
    assert state.coins[0] == 1 + 2


def test_r11_4_courier_sells_a_product_to_an_opponent_for_three_coins():
    """R11.4 / O17: turn an active workshop over, its product goes from the supply to an
    unprotected opponent with at least three coins, who pays three coins."""
    seat0 = on_e1("Courier", ". . . + SC + PA")
    state = build([seat0, PLAIN, PLAIN], phase="move", coins={0: 0, 1: 3, 2: 2},
                  products={2: [0, 0, 2, 0]})
    walk(state)
    assert decision(state) == "courier_workshop"
    assert legal_cells(state) == {"g2"}  # no school product is left in the supply
    act(state, layout(state).cell(cell("g2")))
    assert not workshop_active(state, 0, "g2") and workshop_active(state, 0, "e2")
    assert decision(state) == "courier_buyer" and legal_opponents(state) == {1}  # seat 2 has 2 coins
    act(state, layout(state).opponent(1))
    assert state.products[1][P] == 1 and state.coins[:2] == [3, 0]


def test_r11_4_courier_without_a_buyer_offers_nothing():
    """R11.4 / O17: with no opponent able to pay three coins the Courier is not offered."""
    state = build([on_e1("Courier", ". . . + PA . ."), PLAIN], phase="move", coins={1: 2})
    walk(state)
    assert decision(state) == "move_select" and workshop_active(state, 0, "e2")


MILITARY_SEAT1 = f". . H + {B('Military Hat Guard')} . .\n. . H + pa . ."
TARGET_SEAT0 = ". . H + pa . ."


def _guarded(action_tile: str):
    """3 players: seat 1 guards its Military; then seat 2 walks onto ``action_tile``."""
    seat2 = on_e1(action_tile, ". . . + PA + pa")
    state = build([TARGET_SEAT0, MILITARY_SEAT1, seat2], deluxe=True, turn_player=1, phase="move",
                  coins={0: 5, 1: 5, 2: 0}, forest_top=quiet_cards(1))
    walk(state, "c1", "e1")  # seat 1's gnome onto its Military
    to_turn(state, 2)
    walk(state)
    return state


@pytest.mark.parametrize("tile, check", [
    ("Police Station", "coins"),
    ("Thief's Den", "thief_target"),
    ("Chapel", "chapel"),
    ("Courier", "courier"),
    ("Airport", "airport"),
    ("Prison Hat Shop", "prison"),
    ("Doctor", "doctor"),
])
def test_r11_5_military_protects_its_player(tile, check):
    """R11.5 / O18 / O38: while its gnome stays on the Military, seat 1 is safe from Police, Chapel ("Date"),
    Courier, Thief, Airport and Prison (seat 0 is not); the Doctor may still give to it."""
    state = _guarded(tile)
    lay = layout(state)
    # seat 2 acts: offset 1 is seat 0 (unprotected), offset 2 is seat 1 (protected)
    if check == "coins":
        assert state.coins[:2] == [4, 5]
    elif check == "courier":
        act(state, lay.cell(cell("e2")), "courier_workshop")
        assert decision(state) == "courier_buyer" and legal_opponents(state) == {1}
    elif check == "doctor":
        act(state, lay.cell(cell("g2")), "doctor_workshop")
        assert decision(state) == "doctor_receiver" and legal_opponents(state) == {1, 2}
    elif check == "thief_target":
        assert decision(state) == check and legal_opponents(state) == {1}
    else:
        assert decision(state) == check
        assert {offset for offset, _ in legal_opp_cells(state)} == {1}


def test_r11_5_military_protection_ends_when_the_gnome_moves():
    """R11.5 / O20: the guard stepping off the Military ends the protection."""
    seat2 = on_e1("Police Station")
    state = build([TARGET_SEAT0, MILITARY_SEAT1, seat2], turn_player=1, phase="move",
                  coins={0: 5, 1: 5, 2: 0}, forest_top=quiet_cards(4))
    walk(state, "c1", "e1")
    to_turn(state, 1)
    walk(state, "e1", "e2")  # the guard walks away
    to_turn(state, 2)
    walk(state)
    assert state.coins[:2] == [4 + 1, 5 + 2 - 1]  # seat 0 had a coin card; seat 1 two


def test_r11_5_a_gnome_flown_onto_a_military_protects_its_own_player():
    """R11.5 / O20: a gnome flown by Airport onto another player's Military protects its
    owner until it leaves."""
    seat0 = on_e1("Airport")
    seat1 = on_e1("Police Station")
    seat2 = f". . H + {B('Military Hat Guard')} . ."
    state = build([seat0, seat1, seat2], phase="move", coins={0: 5, 1: 0, 2: 5}, forest_top=quiet_cards(1),
                  gnomes={2: [("c1", "free")]})
    walk(state)
    act(state, layout(state).opp_cell(2, cell("e1")), "airport")
    to_turn(state, 1)
    walk(state)
    assert state.coins == [5, 1 + 1, 4]  # seat 1: coin card + seat 2's fine; seat 0 protected


def test_r11_6_thief_takes_one_or_two_coins():
    """R11.6 / O16: a target with two or more coins gives 1 or 2 (the thief chooses); a target
    with one coin gives it; a target without coins cannot be chosen; the thief may decline."""
    state = build([on_e1("Thief's Den"), PLAIN, PLAIN, PLAIN], phase="move", coins={0: 0, 1: 5, 2: 1, 3: 0})
    walk(state)
    lay = layout(state)
    assert decision(state) == "thief_target" and legal_opponents(state) == {1, 2}
    assert lay.pass_() in state.legal_actions()
    for take in (1, 2):
        trial = state.clone()
        act(trial, lay.opponent(1))
        assert decision(trial) == "thief_amount"
        act(trial, lay.amount(take))
        assert trial.coins[:2] == [take, 5 - take]
    trial = state.clone()
    act(trial, lay.opponent(2))
    assert decision(trial) == "move_select" and trial.coins[:3] == [1, 5, 0]


@pytest.mark.parametrize("tile, coins, spend, refund", [
    ("Financial Advisor", 2, True, 1),
    ("Financial Advisor", 3, True, 0),  # a coin is left
    ("Financial Advisor", 0, False, 0),  # nothing spent
    ("Goldsmith", 2, True, 0),  # everything spent, but no Advisor used this turn
])
def test_r11_7_financial_advisor_refunds_a_coin_after_spending_everything(tile, coins, spend, refund):
    """R11.7 / O22: at the end of the turn a player who used the Advisor and spent all its
    coins (at least one) receives one coin; spending everything without the Advisor does not."""
    state = build([on_e1(tile), PLAIN], coins={0: coins, 1: 0}, forest_top=quiet_cards(1))
    lay = layout(state)
    if spend:
        act(state, lay.buy_workshop(S), "work_buy")
        act(state, lay.place(cell("d2"), 0), "place_tile")
    act(state, lay.pass_(), "work_buy")
    walk(state)
    left = coins - (2 if spend else 0)
    assert state.coins[0] == left
    act(state, lay.pass_(), "move_select")
    assert state.turn_player == 1
    assert state.coins[0] == left + refund


def test_r11_7_financial_advisor_fees_paid_to_players_are_not_spending():
    """R11.7 / O22 / R13.2: a coin paid as a Prison fee to another player is not spending: seat
    0's last coin goes to its captor in its Earn phase, then it uses the Advisor; it ends the
    turn with no coin and gets no refund."""
    seat0 = on_e1("Financial Advisor", ". . H + . . .")
    seat1 = f". . H + {B('Prison Hat Shop')} . ."
    state = build([seat0, seat1], deluxe=True, phase="earn", coins={0: 1, 1: 0},
                  gnomes={0: [("c1", "free"), (1, "e1", "prison")]}, forest_top=quiet_cards(1))
    lay = layout(state)
    assert state.coins == [0, 1] and (0, "c2", "free") in gnome_cells(state, 0)  # fee paid, home
    act(state, lay.pass_(), "work_buy")
    walk(state)
    assert state.used_now == [biz("Financial Advisor")]
    act(state, lay.pass_(), "move_select")
    assert state.turn_player == 1
    assert state.coins[0] == 0  # no refund: nothing went to the bank


def _orientation(code: int):
    """Arm groups of a road code (None for a building)."""
    info = CODE_INFO[code]
    if info.kind != TileKind.ROAD:
        return None
    groups: dict[int, set[int]] = {}
    for direction, group in enumerate(info.arm_group):
        if group >= 0:
            groups.setdefault(group, set()).add(direction)
    return frozenset(frozenset(g) for g in groups.values())


def _relocations(grid: list[int], source: int) -> set:
    """Every (cell, orientation) the tile on ``source`` may move to keeping R3.2 (brute force)."""
    from gnome_envs.gnome_village.components import road_code

    code = grid[source]
    info = CODE_INFO[code]
    variants = [road_code(info.sub, r) for r in range(4)] if info.kind == TileKind.ROAD else [code]
    out = set()
    for target in range(49):
        if grid[target] and target != source:
            continue
        for variant in variants:
            if target == source and _orientation(variant) == _orientation(code):
                continue  # not a move at all
            trial = grid[:]
            trial[source] = 0
            trial[target] = variant
            if complies(trial):
                out.add((cell_name(target), _orientation(variant)))
    return out


def _offered(state, source: str) -> set:
    """The ARCHITECT_PLACE options as (cell, orientation)."""
    from gnome_envs.gnome_village.components import road_code

    code = state.grid[0][cell(source)]
    info = CODE_INFO[code]
    out = set()
    for target, rotation in legal_places(state):
        variant = road_code(info.sub, rotation) if info.kind == TileKind.ROAD else code
        out.add((target, _orientation(variant)))
    return out


def test_r11_8_architect_rearranges_up_to_three_tiles_keeping_the_rules():
    """R11.8 / O24: up to three relocations (a tile to an empty cell, or a road turned in
    place), each leaving the village compliant; gnomes move with their tile."""
    seat0 = on_e1("Architect's Diner", ". . . + PA . .\n. . H T . . .")
    state = build([seat0, PLAIN], phase="move", gnomes={0: [("c1", "free"), ("e2", "free")]})
    lay = layout(state)
    walk(state)
    for step in range(3):
        assert decision(state) == "architect_pick" and lay.pass_() in state.legal_actions()
        # exactly the tiles with at least one compliant relocation may be picked
        movable = {cell_name(c) for c in range(49) if state.grid[0][c] and _relocations(state.grid[0], c)}
        assert legal_cells(state) == movable
        source = ("e2", "d3")[step] if step < 2 else min(movable)
        act(state, lay.cell(cell(source)))
        assert decision(state) == "architect_place"
        offered = _offered(state, source)
        assert offered == _relocations(state.grid[0], cell(source))
        if source == "d3":  # the T may be turned where it lies
            assert any(target == "d3" for target, _ in offered)
        target, rotation = min(legal_places(state))
        act(state, lay.place(cell(target), rotation))
        assert complies(state.grid[0])
        if step == 0:
            assert (0, target, "free") in gnome_cells(state, 0)  # the gnome rode along
    assert decision(state) == "move_select"  # three relocations at most


def test_r11_9_doctor_activates_a_workshop_and_gives_its_product():
    """R11.9 / O18: turn an inactive workshop active and give a product of its type to a chosen
    opponent; with none left the workshop still activates."""
    state = build([on_e1("Doctor", ". . . + pa + ca"), PLAIN, PLAIN], phase="move", products={1: [0, 2, 0, 0]})
    lay = layout(state)
    walk(state)
    assert decision(state) == "doctor_workshop" and legal_cells(state) == {"e2", "g2"}
    trial = state.clone()
    act(trial, lay.cell(cell("e2")))
    assert workshop_active(trial, 0, "e2")
    assert decision(trial) == "doctor_receiver" and legal_opponents(trial) == {1, 2}
    act(trial, lay.opponent(2))
    assert trial.products[2][P] == 1 and trial.products[0][P] == 0
    act(state, lay.cell(cell("g2")))  # no carpenter product left
    assert workshop_active(state, 0, "g2") and decision(state) == "move_select"
    assert state.products[1][C] == 2 and state.product_supply[C] == 0


def test_r11_10_airport_targets_free_workplaces_of_other_villages():
    """R11.10: a workshop or business with no gnome on it, in another village (O21's "no
    Airport chains" cannot arise: the game has a single Airport tile, O9)."""
    assert sum(t.action == A.AIRPORT for t in BUSINESS_TILES) == 1
    seat1 = f". . H + pa + {B('Police Station')}\n. . H + {B('Goldsmith')} . ."
    state = build([on_e1("Airport"), seat1], phase="move", gnomes={1: [("c1", "free"), ("e2", "free")]})
    walk(state)
    assert decision(state) == "airport"
    assert legal_opp_cells(state) == {(1, "e1"), (1, "g1")}  # e2 is taken


def test_r11_10_airport_visit_to_a_workshop_then_home_without_income():
    """R11.10: on a workshop the gnome activates it; in the host's Earn its owner takes that
    product and it flies back onto its Airport; in its owner's next Earn it earns nothing, and
    the turn after it earns again."""
    state = build([on_e1("Airport"), PLAIN + "\n. . . + pa . ."], phase="move", coins={0: 0, 1: 0},
                  forest_top=quiet_cards(4))
    lay = layout(state)
    walk(state)
    act(state, lay.opp_cell(1, cell("e2")), "airport")
    assert workshop_active(state, 1, "e2") and gnome_cells(state, 0) == [(1, "e2", "abroad")]
    to_turn(state, 1, "work_buy")
    assert state.products[0][P] == 1 and gnome_cells(state, 0) == [(0, "e1", "free")]
    to_turn(state, 0, "work_buy")
    assert state.coins[0] == 1  # the coin card only: the Airport pays nothing this time
    to_turn(state, 0, "work_buy")
    assert state.coins[0] == 1 + 1 + 1  # next coin card and the Airport's income


def test_r11_10_airport_visit_to_a_business_acts_at_once_and_pays_a_coin():
    """R11.10: on a business the gnome takes its action at once; in the host's Earn its owner
    takes one coin."""
    state = build([on_e1("Airport"), on_e1("Police Station")], phase="move", coins={0: 0, 1: 3},
                  forest_top=quiet_cards(1))
    walk(state)
    act(state, layout(state).opp_cell(1, cell("e1")), "airport")
    assert state.coins == [1, 2]  # Police, taken at once in seat 1's village
    to_turn(state, 1, "work_buy")
    assert state.coins[0] == 2 and gnome_cells(state, 0) == [(0, "e1", "free")]


@pytest.mark.parametrize("seat0, gnomes, home", [
    (on_e1("Airport", ". . H + . . ."), [("e1", "free"), (1, "e1", "abroad")], "c2"),  # Airport taken
    (". . H + . . .", [(1, "e1", "abroad")], "c1"),  # no Airport any more
])
def test_r11_10_returning_gnome_goes_home_if_its_airport_is_unavailable(seat0, gnomes, home):
    """R11.10 / O21: the returning gnome goes home if its Airport is gone or holds another gnome
    of its colour."""
    state = build([seat0, ". . H + pa . ."], phase="earn", turn_player=1, gnomes={0: gnomes})
    assert (0, home, "free") in gnome_cells(state, 0)
    assert state.products[0][P] == 1


def test_r11_10_airport_removed_while_its_gnome_is_abroad():
    """R11.10 / R5.2 / O21: the Airport is removed while its gnome is away; after the host's
    Earn the gnome goes home (not onto some other tile of its village)."""
    seat0 = on_e1("Airport", ". . H + GA . .")
    state = build([seat0, ". . H + pa . ."], phase="move", forest_top=[card(ForestKind.REMOVAL)],
                  gnomes={0: [("c1", "free"), ("e2", "free")]})
    walk(state)
    act(state, layout(state).opp_cell(1, cell("e1")), "airport")
    play_until(state, lambda s: s.turn_player == 1)
    act(state, layout(state).opp_cell(1, cell("e1")), "removal")  # seat 1 removes the Airport
    assert decision(state) == "work_buy" and state.turn_player == 1
    assert (0, "c1", "free") in gnome_cells(state, 0) and state.products[0][P] == 1


def test_r11_11_goldsmith_has_no_action():
    """R11.11 / O14: the Goldsmith does nothing on arrival (and is never 'used')."""
    state = build([on_e1("Goldsmith"), PLAIN], phase="move", coins={0: 1, 1: 1})
    walk(state)
    assert decision(state) == "move_select" and state.coins == [1, 1]
    assert state.used_now == []


# ============================================================================ R13 Deluxe
def test_r13_1_construction_site_places_the_top_face_down_business():
    """R13.1 / O26: the top face-down business is placed at once where a road path faces it."""
    state = build([on_e1("Construction Site"), PLAIN], deluxe=True, phase="move")
    top = state.business_stack[-1]
    display = list(state.display)
    walk(state)
    assert decision(state) == "construction_site"
    assert state.legal_actions() == [layout(state).pass_(), layout(state).cell(cell("e1"))]
    act(state, layout(state).cell(cell("e1")))
    assert decision(state) == "place_tile" and CODE_INFO[state.hand].sub == top
    assert {c for c, _ in legal_places(state)} == {"d2"}
    act(state, layout(state).place(cell("d2"), 0))
    assert CODE_INFO[state.grid[0][cell("d2")]].sub == top and state.display == display


def test_r13_1_construction_site_may_be_declined():
    """R13.1 / O15 / O26: the action is optional ("may"): declining draws nothing, and the tile
    still counts as used this turn (R8.5)."""
    state = build([on_e1("Construction Site"), PLAIN], deluxe=True, phase="move")
    stack = list(state.business_stack)
    walk(state)
    act(state, layout(state).pass_(), "construction_site")
    assert decision(state) == "move_select" and state.business_stack == stack and state.hand == 0
    assert state.used_now == [biz("Construction Site")]


def test_r13_1_construction_site_by_airport_builds_in_the_flyers_village():
    """R13.1 / R11.10: a gnome flown onto an opponent's Construction Site builds in its own
    village; the offer names the tile it stands on."""
    seat1 = f". . H + {B('Construction Site')} . ."
    state = build([on_e1("Airport"), seat1], deluxe=True, phase="move",
                  gnomes={1: [("c1", "free")]})
    lay = layout(state)
    walk(state)
    act(state, lay.opp_cell(1, cell("e1")), "airport")
    assert state.legal_actions() == [lay.pass_(), lay.opp_cell(1, cell("e1"))]
    act(state, lay.opp_cell(1, cell("e1")), "construction_site")
    assert decision(state) == "place_tile" and {c for c, _ in legal_places(state)} == {"d2"}


def test_r13_1_construction_site_draws_nothing_without_room():
    """R13.1 / O26: with no place a business could connect to, nothing is drawn."""
    state = build([f". . H |1 {B('Construction Site')} . .", PLAIN], deluxe=True, phase="move")
    stack = list(state.business_stack)
    walk(state)
    assert decision(state) == "move_select" and state.business_stack == stack


@pytest.mark.parametrize("occupied", [False, True])
def test_r13_2_prison_holds_one_gnome(occupied):
    """R13.2 / O19: an opponent's gnome from its own village goes onto the Prison (its workshop
    stays active); a Prison already holding a gnome takes no other."""
    seat1 = ". . H + PA . .\n. . H + . . ."
    gnomes = [("e1", "free"), ((0, "e1", "prison") if occupied else ("c2", "free"))]
    state = build([on_e1("Prison Hat Shop"), seat1], deluxe=True, phase="move", gnomes={1: gnomes})
    walk(state)
    if occupied:
        assert decision(state) == "move_select"
        return
    assert decision(state) == "prison" and legal_opp_cells(state) == {(1, "e1"), (1, "c2")}
    act(state, layout(state).opp_cell(1, cell("e1")))
    assert (0, "e1", "prison") in gnome_cells(state, 1)
    assert workshop_active(state, 1, "e1")


def test_r13_3_swimming_pool_activates_a_workshop():
    """R13.3 / O15: turn one inactive workshop active (the player may decline)."""
    state = build([on_e1("Swimming Pool Snack Bar", ". . . + pa + SC"), PLAIN], deluxe=True, phase="move")
    lay = layout(state)
    walk(state)
    assert decision(state) == "swimming_pool" and legal_cells(state) == {"e2"}
    assert lay.pass_() in state.legal_actions()
    act(state, lay.cell(cell("e2")))
    assert workshop_active(state, 0, "e2")


def test_r13_2_prison_reached_by_airport_pays_the_captor():
    """R13.2 / O31 / O33: seat 0 flies onto seat 1's Prison and imprisons seat 1's own gnome;
    in seat 1's Earn phase the fee goes to seat 0 (who took the prisoner), not to seat 1."""
    seat1 = f". . H + {B('Prison Hat Shop')} . .\n. . H + . . ."
    state = build([on_e1("Airport"), seat1], deluxe=True, phase="move", coins={0: 0, 1: 3},
                  gnomes={1: [("c1", "free"), ("c2", "free")]}, forest_top=quiet_cards(2))
    lay = layout(state)
    walk(state)
    act(state, lay.opp_cell(1, cell("e1")), "airport")
    assert decision(state) == "prison" and (1, "c2") in legal_opp_cells(state)
    act(state, lay.opp_cell(1, cell("c2")))
    assert (1, "e1", "prison") in gnome_cells(state, 1)
    coins_before = list(state.coins)
    play_until(state, lambda s: s.turn_player == 1 and decision(s) == "work_buy")
    card_coins = 1  # seat 1's own forest card is a one-coin Coins card (quiet_cards)
    assert state.coins[0] == coins_before[0] + 1 + 1  # the fee, plus the Airport visitor's coin
    assert state.coins[1] == coins_before[1] + card_coins - 1
    assert (1, "c2", "free") in gnome_cells(state, 1)
