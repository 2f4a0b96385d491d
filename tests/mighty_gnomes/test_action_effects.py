"""The ``action_effects`` observation option: each placement action's effect, checked against
what playing the action does (``gnome_envs/mighty_gnomes/action_effects.py``)."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from gnome_envs.mighty_gnomes import action_effects as fx
from gnome_envs.mighty_gnomes.components import BOOKS, NUM_ICONS
from gnome_envs.mighty_gnomes.decisions import book_of_ref

from .helpers import T1, T2, T4, DecisionKind, Family, Mode, build, fresh, lay, legal, random_play, use

FOREST_POSITIONS = [  # R4.3 positions: seat 1's tile on cell 0, seat 0's own on cell 4
    {"coins": {0: 3}, "forest": [(1, T1, 0, 0), (0, T1, 4, 0)]},
    {"coins": {0: 5}, "forest": [(1, T1, 7, 0), (1, T2, 14, 0), (0, T1, 20, 0)]},
]
ATTIC_POSITIONS = [  # R5.3 and E6 positions: tiles of other players on the ladders
    {"num_players": 2, "coins": {0: 3, 1: 0}, "attic": [(1, T2, 0, 0, 0)]},
    {"num_players": 3, "coins": {0: 2, 1: 0, 2: 0}, "attic": [(1, T1, 0, 0, 0), (2, T1, 0, 0, 1)]},
    {"num_players": 2, "coins": {0: 6}, "attic": [(1, T2, 0, 0, 0), (1, T2, 2, 0, 0)]},
    {"num_players": 2, "coins": {0: 2},  # ladder 0 at rung 5 of 7 in both columns (R5.4)
     "attic": [(1, T4, 0, 1, 0), (1, T2, 0, 1, 0), (1, T2, 0, 1, 1), (1, T2, 0, 1, 0)]},
]


def rows_of(state, action: int) -> np.ndarray:
    """The effect row of ``action`` in the deciding seat's view."""
    return fx.effect_rows(state, state.current_player)[action]


def count(value: float, scale: float) -> int:
    """A scaled count back as an integer."""
    return int(round(value * scale))


def offered_books(state) -> Counter:
    """Usable book actions offered in the pending books decision, by action."""
    return Counter(int(BOOKS[book_of_ref(state, lay(state).decode(a).arg)].action) for a in legal(state, Family.BOOK))


def test_rows_are_zero_outside_the_seats_own_placing_decisions():
    state = build(coins={0: 3}, forest=[(1, T1, 0, 0)])
    assert state.pending.kind == DecisionKind.TURN_START
    assert fx.effect_rows(state, 0).any() and not fx.effect_rows(state, 1).any()
    state = fresh(seed=2)
    random_play(state, 0, until=lambda s: s.pending is not None and s.pending.kind == DecisionKind.BOOKS)
    assert not fx.effect_rows(state, state.current_player).any()


@pytest.mark.parametrize("position", FOREST_POSITIONS)
@pytest.mark.parametrize("tile", [T1, T2, T4])
def test_forest_rows_count_the_icons_covered_and_the_fee(position, tile):
    """Every legal forest placement: the row's icons are those of the cells the tile then covers,
    and its touched tiles are the coins the fee then costs (R4.2, R4.3)."""
    state = build(**position)
    use(state, tile, Mode.GATHER)
    icons = state.forest_layout()[0]
    for action in legal(state, Family.FOREST):
        row = rows_of(state, action)
        after = state.clone()
        after.apply(action)
        newly = [c for c in range(len(icons)) if after.forest_owner[c] != state.forest_owner[c]]
        covered = Counter(icons[c] for c in newly)
        assert row[fx.FOREST_FLAG] == 1.0 and row[fx.ATTIC_FLAG] == 0.0
        assert [count(v, fx.CELL_SCALE) for v in row[fx.ICONS_AT:fx.TOUCHES]] == [covered[i] for i in range(NUM_ICONS)]
        assert count(row[fx.TOUCHES], fx.TOUCH_SCALE) == state.coins[0] - after.coins[0]


@pytest.mark.parametrize("position", ATTIC_POSITIONS)
@pytest.mark.parametrize("tile", [T1, T2])
def test_attic_rows_count_the_books_reached_and_the_players_paid(position, tile):
    """Every legal attic placement: the row's books are the usable books then offered, its
    players paid those whose coins then rise, and it closes the ladder when the ladder closes
    (R5.3-R5.8)."""
    state = build(**position)
    use(state, tile, Mode.ATTIC)
    for action in legal(state, Family.ATTIC):
        row = rows_of(state, action)
        after = state.clone()
        after.apply(action)
        paid = sum(1 for p in range(1, state.game.num_players) if after.coins[p] > state.coins[p])
        assert row[fx.ATTIC_FLAG] == 1.0
        assert count(row[fx.PAYS], fx.PAY_SCALE) == paid
        assert row[fx.CLOSES] == float(after.ladder_closed != state.ladder_closed)
        books = Counter({b: count(v, fx.REACH_SCALE) for b, v in enumerate(row[fx.BOOKS_AT:fx.CLOSES]) if v})
        if after.pending is not None and after.pending.kind == DecisionKind.BOOKS:
            assert books == offered_books(after)
        else:
            assert not books


@pytest.mark.parametrize("position", FOREST_POSITIONS + ATTIC_POSITIONS)
def test_turn_start_rows_hold_the_best_placement_of_each_tile_and_use(position):
    """A tile and its use: its row holds the extremes over the placements then offered and the
    whole effect of the best one."""
    state = build(**position)
    for action in legal(state, Family.TILE_MODE):
        row = rows_of(state, action)
        decoded = lay(state).decode(action)
        assert row[fx.TILE_FLAG] == 1.0 and row[fx.USE_AT + decoded.arg2] == 1.0
        after = state.clone()
        after.apply(action)
        if decoded.arg2 == Mode.COINS or after.pending.kind == DecisionKind.TURN_START:
            continue
        placing = {a: rows_of(after, a) for a in after.legal_actions() if a < fx.EFFECT_ACTIONS[after.game.num_players]}
        if decoded.arg2 == Mode.ATTIC:
            reach = {a: r[fx.BOOKS_AT:fx.CLOSES].sum() for a, r in placing.items()}
            assert row[fx.BEST_BOOKS] == pytest.approx(max(reach.values()))
            assert row[fx.FEWEST_PAYS] == pytest.approx(min(r[fx.PAYS] for r in placing.values()))
            best = max(placing, key=lambda a: (reach[a], -placing[a][fx.PAYS]))
            np.testing.assert_allclose(row[fx.BOOKS_AT:fx.FOREST_FLAG], placing[best][fx.BOOKS_AT:fx.FOREST_FLAG])
        else:
            cover = {a: r[fx.ICONS_AT:fx.TOUCHES].sum() for a, r in placing.items()}
            assert row[fx.BEST_ICONS] == pytest.approx(max(cover.values()))
            assert row[fx.FEWEST_TOUCHES] == pytest.approx(min(r[fx.TOUCHES] for r in placing.values()))
            best = max(placing, key=lambda a: (cover[a], -placing[a][fx.TOUCHES]))
            np.testing.assert_allclose(row[fx.ICONS_AT:fx.TILE_FLAG], placing[best][fx.ICONS_AT:fx.TILE_FLAG])


@pytest.mark.parametrize("num_players", [2, 4])
def test_rows_read_only_public_facts_and_stay_in_the_box(num_players):
    """Rows are the same in every redeal of what the seat cannot see, and lie in [0, 1]."""
    rng = np.random.default_rng(num_players)
    state = fresh(num_players, seed=num_players, action_effects=True)
    steps = 0
    while not state.is_terminal():
        seat = state.current_player
        rows = fx.effect_rows(state, seat)
        assert rows.min() >= 0.0 and rows.max() <= 1.0
        if steps % 7 == 0:
            np.testing.assert_array_equal(fx.effect_rows(state.determinize(seat, rng), seat), rows)
        state.apply(int(rng.choice(state.legal_actions())))
        steps += 1


def test_the_option_changes_no_rule_and_no_state_hash():
    """Same seed and actions: the same game, step by step, with and without the rows."""
    rich, plain = fresh(seed=6, action_effects=True), fresh(seed=6)
    rng = np.random.default_rng(6)
    while not plain.is_terminal():
        assert rich.state_hash() == plain.state_hash()
        np.testing.assert_array_equal(rich.legal_action_mask(), plain.legal_action_mask())
        action = int(rng.choice(plain.legal_actions()))
        rich.apply(action)
        plain.apply(action)
    assert rich.is_terminal() and list(rich.scores()) == list(plain.scores())
