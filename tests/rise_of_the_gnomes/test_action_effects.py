"""The ``action_effects`` observation option: each brewer space's and map choice's effect, checked
against what playing the choice does (``gnome_envs/rise_of_the_gnomes/action_effects.py``)."""

from __future__ import annotations

import numpy as np
import pytest

from gnome_envs.rise_of_the_gnomes import action_effects as fx
from gnome_envs.rise_of_the_gnomes.cards import ActionKind
from gnome_envs.rise_of_the_gnomes.components import BoardAction
from gnome_envs.rise_of_the_gnomes.flow import gnome_income, player_income

from .helpers import DecisionKind, Family, Task, act, board_space, build_position, fresh, land_map, layout, pos_of, tile

PLAYERS = {"g1": {0: (2, 1)}, "g3": {1: (2, 1)}, "DK": {"G": (8, 1)}}
CONFIGS = [{"num_players": 2}, {"num_players": 4}, {"num_players": 3, "mode": "cutthroat"}, {"num_players": 1}]
# decisions whose tile choice finishes its move at once (a competition asks whom to remove first)
IMMEDIATE = frozenset({DecisionKind.THUGS_TILE, DecisionKind.BARD_TILE, DecisionKind.CUBES_TILE,
                       DecisionKind.DELIVERY_TILE, DecisionKind.FESTIVAL_TILE,
                       DecisionKind.NO_CUBES_TILE, DecisionKind.CARAVAN_DEST,
                       DecisionKind.MOVE_SOURCE})


def row(state, action: int) -> np.ndarray:
    """The effect row of ``action`` in the deciding seat's view."""
    return fx.effect_rows(state, state.current_player)[action - state.game.action_effect_first]


def change(value: float, scale: float) -> int:
    """A scaled change back as an integer."""
    return int(round(value * scale))


def deciding_positions(config: dict, games: int = 2, every: int = 2):
    """Decisions of random games with a row (every other one)."""
    rng = np.random.default_rng(sum(map(ord, repr(sorted(config.items())))))
    for seed in range(games):
        state = fresh(seed, action_effects=True, **config)
        seen = 0
        while not state.is_terminal():
            if fx.effect_rows(state, state.current_player).any():
                seen += 1
                if seen % every == 0:
                    yield state
            legal = state.legal_actions()
            state.apply(legal[rng.integers(len(legal))])


def first_placement(seed: int):
    """A new game played on (first legal action) to its first brewer placement."""
    state = fresh(seed, action_effects=True)
    while state.decision_name() != "place_brewer":
        state.apply(state.legal_actions()[0])
    return state


def test_rows_are_zero_outside_the_seats_own_decision():
    state = first_placement(2)
    seat = state.current_player
    assert fx.effect_rows(state, seat).any()
    assert not fx.effect_rows(state, 1 - seat).any()


def test_a_board_space_row_says_its_cost_and_target():
    state = build_position(2, races=["dwarves", "orcs"], tiles=land_map(), pieces=PLAYERS | {"g5": {"G": (4, 0)}},
                           gold=[2, 0], action_effects=True)
    thugs = row(state, board_space(state, BoardAction.EMPLOY_THUGS))
    assert thugs[fx.BOARD_AT + BoardAction.EMPLOY_THUGS] == 1.0 and thugs[fx.AFFORDABLE] == 1.0
    assert change(thugs[fx.COST], fx.COST_SCALE) == 2 and thugs[fx.HAS_TARGET] == 1.0
    assert change(thugs[fx.GNOME_TARGETS], fx.NUM_POSITIONS) == 2  # g5 and Dragonkeep hold Gnome cubes
    assert thugs[fx.TILE_FLAG] == 0.0


def test_a_thugs_tile_row_previews_the_gnome_cubes_thrown_out():
    state = build_position(2, races=["dwarves", "orcs"], tiles=land_map(), pieces=PLAYERS | {"g5": {"G": (4, 0)}},
                           gold=[2, 0], action_effects=True)
    act(state, board_space(state, BoardAction.EMPLOY_THUGS), "place_brewer")
    g5 = row(state, tile(state, "g5"))
    assert g5[fx.TILE_FLAG] == 1.0 and g5[fx.PREVIEWED] == 1.0 and g5[fx.CONTROLLED] == 0.0
    assert change(g5[fx.GNOMES], fx.STRENGTH_SCALE) == 4 and change(g5[fx.OWN], fx.STRENGTH_SCALE) == 0
    assert change(g5[fx.D_CONTROL], fx.COUNT_SCALE) == 1 and change(g5[fx.D_OCCUPIED], fx.COUNT_SCALE) == 1
    before = player_income(state, 0)
    act(state, tile(state, "g5"), "thugs_tile")
    assert change(g5[fx.D_VP], fx.INCOME_SCALE) == player_income(state, 0)[0] - before[0]


def test_a_competition_row_removes_gnome_cubes_first():
    display = [0, 2, 4, 6, 8, 1, 3, 5]  # the Beer Competition (1, 2) at display position 1
    state = build_position(2, phase="none", queue=[(Task.CARD_PHASE,)], action_display=display,
                           claims={(1, 0): 0}, brewers=[0, 0], tiles=land_map(), beer=[9, 9],
                           pieces={"DK": {"G": (8, 1)}, "g1": {0: (1, 0), 1: (2, 0), "G": (2, 0)},
                                   "g3": {1: (1, 0)}}, action_effects=True)
    act(state, layout(state).amount(0), "pay_action")
    g1 = row(state, tile(state, "g1"))
    remove, add = state.pending.data
    trial = state.clone()
    trial.remove_cubes(trial.n, pos_of("g1"), remove)  # both of the Gnomes' cubes, none of seat 1's
    trial.add_cubes(0, pos_of("g1"), add)
    assert g1[fx.PREVIEWED] == 1.0 and change(g1[fx.D_CONTROL], fx.COUNT_SCALE) == 1
    assert change(g1[fx.D_GNOME_VP], fx.INCOME_SCALE) == gnome_income(trial)[0] - gnome_income(state)[0]
    assert change(g1[fx.D_VP], fx.INCOME_SCALE) == player_income(trial, 0)[0] - player_income(state, 0)[0]


def test_a_card_space_row_counts_the_barrels_already_promised():
    state = first_placement(0)
    seat = state.current_player
    lay = layout(state)
    cards = [a for a in state.legal_actions() if lay.args[a] >= fx.CARD_SPACE_BASE]
    rows = fx.effect_rows(state, seat)
    spare = state.beer[seat] + state.gold[seat] - fx.promised_beer(state, seat)
    for action in cards:
        entry = rows[action - state.game.action_effect_first]
        kind = int(np.flatnonzero(entry[fx.CARD_AT:fx.CARD_AT + len(ActionKind)])[0])
        cost = change(entry[fx.COST], fx.COST_SCALE)
        assert entry[fx.AFFORDABLE] == float(cost <= spare), (kind, cost, spare)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_tile_rows_match_the_position_each_choice_leaves(config):
    """Each immediate map choice played on a copy: the incomes move as its row says."""
    checked = 0
    for state in deciding_positions(config):
        if state.pending.kind not in IMMEDIATE:
            continue
        seat = state.current_player
        rows = fx.effect_rows(state, seat)
        lay = layout(state)
        for action in state.legal_actions():
            if lay.table[action].family != Family.TILE:
                continue
            entry = rows[action - state.game.action_effect_first]
            trial = state.clone()
            trial.apply(action)
            if trial.is_terminal() or (trial.turn, trial.phase) != (state.turn, state.phase):
                continue  # the move ended the phase: what follows is not the choice's
            assert entry[fx.PREVIEWED] == 1.0
            for column, scale, before, after in (
                    (fx.D_VP, fx.INCOME_SCALE, player_income(state, seat)[0], player_income(trial, seat)[0]),
                    (fx.D_GOLD, fx.INCOME_SCALE, player_income(state, seat)[1], player_income(trial, seat)[1]),
                    (fx.D_GNOME_VP, fx.INCOME_SCALE, gnome_income(state)[0], gnome_income(trial)[0]),
                    (fx.D_POINTS, fx.POINTS_SCALE, state.vp[seat], trial.vp[seat])):
                assert change(entry[column], scale) == after - before, (state.decision_name(), column)
            checked += 1
    assert checked > 5


@pytest.mark.parametrize("config", CONFIGS[:2], ids=lambda c: f"{c['num_players']}p")
def test_rows_are_the_same_in_every_determinization(config):
    rng = np.random.default_rng(7)
    for state in deciding_positions(config, games=1, every=4):
        seat = state.current_player
        np.testing.assert_array_equal(fx.effect_rows(state.determinize(seat, rng), seat), fx.effect_rows(state, seat))


def test_rows_stay_in_their_range():
    for state in deciding_positions({"num_players": 3}, games=1):
        rows = fx.effect_rows(state, state.current_player)
        assert rows.min() > -1.0 and rows.max() <= 1.0
