"""R12 end and scoring, R14 the children variant, and the worked examples E1-E4
(``seeds/gnome_village.md``)."""

from __future__ import annotations

import pytest

from gnome_envs import ConfigError
from gnome_envs.gnome_village.components import CODE_HOUSE_OFF, CODE_HOUSE_ON
from gnome_envs.gnome_village.scenario import parse_village

from .helpers import (
    B,
    ForestKind,
    SourceKind,
    WorkAction,
    act,
    biz,
    build,
    card,
    cell,
    complies,
    decision,
    fresh,
    gnome_cells,
    layout,
    legal_places,
    play_until,
    prefer_pass,
    quiet_cards,
    workshop_active,
)

PLAIN = ". . H + . . ."
FOUR_GNOMES = "H H H H h . .\n+ + + + + SC ."  # four gnomes, a dark house and an active school


def place_gnome(state, house: str = "e1", school: str = "f2") -> None:
    """The current player pays its school and puts a new gnome in ``house``."""
    lay = layout(state)
    act(state, lay.work(WorkAction.GNOME), "work_buy")
    act(state, lay.cell(cell(school)), "source")
    act(state, lay.cell(cell(house)), "new_gnome_house")


def turns_until_end(state) -> list[int]:
    """PASS to the end; the seats whose turns were still played."""
    seats = []
    last = (state.turn_number, state.turn_player)
    while not state.is_terminal():
        state.apply(prefer_pass(state))
        now = (state.turn_number, state.turn_player)
        if now != last and not state.is_terminal():
            seats.append(state.turn_player)
        last = now
    return seats


# ============================================================================ R12 end and scoring
@pytest.mark.parametrize("placer", [0, 1, 2])
def test_r12_1_the_round_is_finished_after_the_fifth_gnome(placer):
    """R12.1 / O29: after a player places its fifth gnome the round is completed, so every seat
    has had the same number of turns; the game ends after the last seat's turn."""
    villages = [PLAIN, PLAIN, PLAIN]
    villages[placer] = FOUR_GNOMES
    state = build(villages, turn_player=placer, forest_top=quiet_cards(3))
    place_gnome(state)
    assert not state.is_terminal()
    assert turns_until_end(state) == list(range(placer + 1, 3))
    assert state.is_terminal() and state.current_player == -1


def test_r12_1_four_gnomes_do_not_end_the_game():
    """R12.1: placing a fourth gnome (standard game) does not end it."""
    state = build([PLAIN, "H H H h . . .\n+ + + + SC . ."], turn_player=1, forest_top=quiet_cards(3))
    place_gnome(state, house="d1", school="e2")
    play_until(state, lambda s: s.turn_player == 0 and decision(s) == "work_buy")
    assert not state.is_terminal()


SCORE_SEAT0 = (f". . H + pa + CA\n"
               f". . H + {B('Goldsmith Tavern')} + {B('Hat Thief')}\n"
               f". . h + . . .")


@pytest.mark.parametrize("seat1, holder, hat_points", [
    (PLAIN, 0, 1),
    (f". . H + {B('Hat Doctor')} + {B('Hat Theater')}", 1, 0),
])
def test_r12_2_scoring(seat1, holder, hat_points):
    """R12.2: 2 per workshop (either side), 2 per lit house (not dark ones), 1 per restaurant,
    1 per hat business for the Happy Gnome's holder only, 1 per coin."""
    state = build([SCORE_SEAT0, seat1], coins={0: 3, 1: 0})
    assert state.happy == holder
    assert state.score_of(0) == 2 * 2 + 2 * 2 + 1 + hat_points + 3
    assert state.scores()[0] == state.score_of(0)


@pytest.mark.parametrize("seat0, seat1, coins, places", [
    (PLAIN, PLAIN, (1, 1), (0, 0)),  # same points, same tiles: shared
    (". . H + + + .", ". . H + + . .", (1, 1), (0, 1)),  # same points: more tiles win
    (". . H + + + .", ". . H + + . .", (1, 2), (1, 0)),  # points come before tiles
])
def test_r12_3_tie_break_by_tiles(seat0, seat1, coins, places):
    """R12.3: most points; on a tie most tiles in the village; still tied: shared."""
    state = build([seat0, seat1], coins={0: coins[0], 1: coins[1]})
    assert state.placements() == places


@pytest.mark.parametrize("extra, returns", [(".", [0.5, 0.5]), ("+", [1.0, -1.0])])
def test_r12_3_finished_game_winners_share(extra, returns):
    """R12.3: at the end, seats tied on points and tiles share the win."""
    seat0 = f"H H H H H . .\n+ + + + + SC {extra}"
    state = build([seat0, FOUR_GNOMES], turn_player=1, coins={0: 0, 1: 0})
    place_gnome(state)
    act(state, layout(state).pass_(), "work_buy")
    act(state, layout(state).pass_(), "move_select")
    assert state.is_terminal()
    assert state.score_of(0) == state.score_of(1) == 5 * 2 + 2
    assert list(state.returns()) == returns


# ============================================================================ R14 variant
@pytest.mark.parametrize("children, ends", [(True, True), (False, False)])
def test_r14_1_children_variant_ends_at_four_gnomes(children, ends):
    """R14.1: each colour has one gnome fewer (4) and the fourth gnome ends the game."""
    assert len(fresh(seed=1, num_players=3, children=children).g_village) == 3 * (4 if children else 5)
    state = build([PLAIN, "H H H h . . .\n+ + + + SC . ."], turn_player=1, children=children,
                  forest_top=quiet_cards(2))
    place_gnome(state, house="d1", school="e2")
    play_until(state, lambda s: s.is_terminal() or s.turn_player == 0)
    assert state.is_terminal() == ends


# ============================================================================ worked examples
def test_example_e1_village_costs():
    """E1: an active carpenter and no painter: pay three coins for the painter, turn the
    carpenter over, and build a house."""
    state = build([". . H + CA . .", PLAIN], coins={0: 3})
    lay = layout(state)
    act(state, lay.work(WorkAction.HOUSE), "work_buy")
    assert decision(state) == "source" and state.legal_actions() == [lay.source(SourceKind.COINS)]
    act(state, lay.source(SourceKind.COINS))
    assert decision(state) == "source" and state.legal_actions() == [lay.cell(cell("e1"))]
    act(state, lay.cell(cell("e1")))
    act(state, lay.place(cell("d2"), 0), "place_tile")
    assert state.grid[0][cell("d2")] == CODE_HOUSE_OFF
    assert state.coins[0] == 0 and not workshop_active(state, 0, "e1")


def test_example_e2_placing_gnomes_needs_houses():
    """E2: three gnomes live in three houses; a fourth gnome needs a fourth house."""
    drawing = "H H H . . . .\n+ + + + . . .\n. SC PA CA . . ."
    state = build([drawing, PLAIN], coins={0: 20})
    lay = layout(state)
    assert len(gnome_cells(state, 0)) == 3
    assert lay.work(WorkAction.GNOME) not in state.legal_actions()
    act(state, lay.work(WorkAction.HOUSE), "work_buy")
    act(state, lay.cell(cell("c3")), "source")
    act(state, lay.cell(cell("d3")), "source")
    act(state, lay.place(cell("d1"), 0), "place_tile")
    assert lay.work(WorkAction.GNOME) in state.legal_actions()
    act(state, lay.work(WorkAction.GNOME))
    act(state, lay.cell(cell("b3")), "source")
    act(state, lay.cell(cell("d1")), "new_gnome_house")
    assert len(gnome_cells(state, 0)) == 4 and state.grid[0][cell("d1")] == CODE_HOUSE_ON
    assert lay.work(WorkAction.GNOME) not in state.legal_actions()  # no fifth house yet


E3_CASES = [
    ("buildings in a row, each faced by a road", True, f". . h pa {B('Doctor')} . .\n. . + + + . ."),
    ("house and Doctor without a path towards them", False, f". . h pa {B('Doctor')} . .\n. . |1 + |1 . ."),
]


@pytest.mark.parametrize("label, ok, drawing", E3_CASES, ids=[c[0] for c in E3_CASES])
def test_example_e3_roads_correct_and_incorrect(label, ok, drawing):
    """E3: a building beside other buildings is fine while a road path also faces it."""
    assert complies(parse_village(drawing)) == ok
    if ok:
        build([drawing, PLAIN])
    else:
        with pytest.raises(ConfigError):
            build([drawing, PLAIN])


def test_example_e3_a_business_is_not_offered_beside_buildings_without_a_path():
    """E3: buying a Doctor, the cell beside the workshop but without a facing path is refused."""
    state = build([". . H pa . . .\n. . + + |1 . .", PLAIN], coins={0: 1},
                  display=[biz("Doctor"), biz("Hat Doctor")])
    act(state, layout(state).buy_business(0), "work_buy")
    cells = {c for c, _ in legal_places(state)}
    assert "e1" not in cells and cells == {"b2", "c3", "d3", "f2"}


@pytest.mark.parametrize("holder, hats, after", [(0, 2, 0), (1, 2, 1), (0, 1, -1), (1, 1, -1)])
def test_example_e4_removal_and_the_happy_gnome(holder, hats, after):
    """E4 / R9.3: removing a hat business that causes a tie leaves the Happy Gnome with its
    holder (seat 0 or seat 1: a tie never hands it to the lowest-numbered leader); a holder
    left with no hat business returns it to the middle."""
    holding = f". . H + {B('Hat Theater')} . ." + (f"\n. . . + {B('Hat Doctor')} . ." if hats == 2 else "")
    other = f". . H + {B('Goldsmith Hatter')} . ." if hats == 2 else PLAIN
    villages = [holding, other] if holder == 0 else [other, holding]
    state = build(villages, turn_player=1 - holder, phase="reveal", forest_top=[card(ForestKind.REMOVAL)])
    assert state.happy == holder
    act(state, layout(state).opp_cell(1, cell("e1")), "removal")  # the holder's Hat Theater
    assert state.happy == after
    assert [state.hat_count(p) for p in range(2)] == ([1, 1] if hats == 2 else [0, 0])
