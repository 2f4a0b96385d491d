"""Action encoding, action descriptions and the observation of Gnome Village."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from gnome_envs import IllegalActionError
from gnome_envs.gnome_village.actions import Family
from gnome_envs.gnome_village.components import NUM_CELLS

from .helpers import (
    B,
    act,
    build,
    cell,
    decision,
    fresh,
    layout,
)

PLAIN = ". . H + . . ."


# ============================================================================ action encoding
@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_action_layout_round_trip_covers_every_index(num_players):
    """decode then encode gives every index back; the families tile [0, N) without overlap;
    N = 262 + 50 (n - 1) (312 / 362 / 412)."""
    game = fresh(num_players=num_players).game
    lay = game.action_layout
    m = num_players - 1
    assert game.num_actions == lay.num_actions == 262 + 50 * m
    sizes = {Family.PASS: 1, Family.CELL: 49, Family.PLACE: 196, Family.OPP_CELL: 49 * m,
             Family.OPPONENT: m, Family.WORK: 3, Family.BUY_BUSINESS: 2, Family.BUY_WORKSHOP: 4,
             Family.SOURCE: 2, Family.AMOUNT: 2, Family.SETUP_PICK: 3}
    seen = Counter()
    decoded = set()
    for a in range(game.num_actions):
        d = lay.decode(a)
        assert lay.encode(d) == a, (a, d)
        seen[d.family] += 1
        decoded.add(d)
    assert dict(seen) == sizes
    assert len(decoded) == game.num_actions  # no two indices mean the same thing
    # families are contiguous blocks in layout order
    order = [lay.decode(a).family for a in range(game.num_actions)]
    assert order == sorted(order)
    # the named encoders agree with the table
    assert lay.decode(lay.place(cell("d4"), 3)).arg == cell("d4") and lay.decode(lay.place(24, 3)).arg2 == 3
    assert lay.decode(lay.opp_cell(m, 48)).arg == m and lay.decode(lay.opp_cell(m, 48)).arg2 == 48
    assert lay.decode(lay.amount(2)).arg == 2 and lay.decode(lay.opponent(m)).arg == m


def _states_at_many_decisions():
    """Built positions where seat 0 has just walked onto a business with a choice."""
    thief, architect = B("Thief's Den"), B("Architect's Diner")
    out = [
        build([f". . H + {B('Airport')} . .", ". . H + pa + ca\n. . H + . . .", PLAIN], phase="move"),
        build([f". . H + {B('Chapel')} . .", ". . H + pa + ca\n. . H + . . .", ". . H + PA . ."], phase="move"),
        build([f". . H + {thief} . .", PLAIN, PLAIN], phase="move", coins={1: 3, 2: 4}),
        build([f". . H + {architect} . .\n. . . + pa . .", PLAIN], phase="move"),
        build([f". . H + {B('Doctor')} . .\n. . . + pa + ca", PLAIN, PLAIN], phase="move"),
    ]
    for state in out:
        act(state, layout(state).cell(cell("c1")), "move_select")
        act(state, layout(state).cell(cell("e1")), "move_dest")
    return out


def test_describe_action_distinct_for_distinct_legal_actions():
    """Every legal action of a decision has its own description."""
    checked = Counter()

    def check(state):
        legal = state.legal_actions()
        texts = [state.describe_action(a) for a in legal]
        assert all(texts), decision(state)
        assert len(set(texts)) == len(texts), (decision(state), texts)
        checked[decision(state)] += 1

    for state in _states_at_many_decisions():
        while decision(state) != "move_select" and not state.is_terminal():
            check(state)
            state.apply(state.legal_actions()[-1])
    rng = np.random.default_rng(7)
    for seed in range(2):
        state = fresh(seed=seed, num_players=3, deluxe=True, skip_forced=False)
        while not state.is_terminal():
            if checked[decision(state)] < 30:
                check(state)
            legal = state.legal_actions()
            state.apply(legal[rng.integers(len(legal))])
    for kind in ("setup_pick", "setup_lights", "place_tile", "work_buy", "source", "move_select",
                 "move_dest", "airport", "chapel", "thief_target", "architect_pick", "architect_place",
                 "doctor_workshop", "doctor_receiver"):
        assert checked[kind], f"no {kind} decision was described"


def test_illegal_action_raises_and_changes_nothing():
    """An illegal action raises IllegalActionError and leaves the state exactly as it was."""
    state = build([PLAIN, PLAIN], coins={0: 0})
    before = (state.state_hash(), [state.observation(s).copy() for s in range(2)], state.legal_actions())
    lay = layout(state)
    for bad in (lay.buy_workshop(0), lay.work(0), lay.cell(0), -1, state.game.num_actions):
        with pytest.raises(IllegalActionError):
            state.apply(bad)
    assert state.state_hash() == before[0] and state.legal_actions() == before[2]
    assert all(np.array_equal(state.observation(s), before[1][s]) for s in range(2))


# ============================================================================ observation
def _mid_game(seed: int, num_players: int, steps: int = 120):
    state = fresh(seed=seed, num_players=num_players, deluxe=True)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        state.apply(legal[rng.integers(len(legal))])
    assert not state.is_terminal()
    return state


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_observation_hides_the_order_of_the_face_down_stacks(num_players):
    """determinize reshuffles the forest deck, road stack and business stack: the orders change,
    no seat's observation does."""
    state = _mid_game(3, num_players)
    for seat in range(num_players):
        other = state.determinize(seat, np.random.default_rng(seat + 100))
        other._stack_features = None  # drop the cache copied from the original: recount for real
        assert other.forest_deck != state.forest_deck
        assert sorted(other.forest_deck) == sorted(state.forest_deck)
        assert other.road_stack != state.road_stack or len(set(state.road_stack)) <= 1
        assert sorted(other.business_stack) == sorted(state.business_stack)
        for viewer in range(num_players):
            assert np.array_equal(other.observation(viewer), state.observation(viewer)), (seat, viewer)
    # a plain reversal of the hidden orders shows nowhere either
    flipped = state.clone()
    flipped.forest_deck.reverse()
    flipped.road_stack.reverse()
    flipped.business_stack.reverse()
    flipped._stack_features = None  # the clone shares the cache; force a recount
    for viewer in range(num_players):
        assert np.array_equal(flipped.observation(viewer), state.observation(viewer))


def test_observation_shows_public_changes_to_every_seat():
    """A coin moving (Police) changes both seats' player features; the bank stays put."""
    state = build([f". . H + {B('Police Station')} . .", PLAIN], phase="move", coins={0: 2, 1: 3})
    players = state.game.segment("players")
    before = [state.observation(s)[players.start:players.stop].copy() for s in range(2)]
    act(state, layout(state).cell(cell("c1")), "move_select")
    act(state, layout(state).cell(cell("e1")), "move_dest")
    assert state.coins == [3, 2]
    for seat in range(2):
        after = state.observation(seat)[players.start:players.stop]
        assert not np.array_equal(after, before[seat]), seat


def test_observation_shows_an_opponents_gnome_moving():
    """A gnome walking in seat 0's village changes seat 1's observation of the villages."""
    state = build([". . H + pa . .", PLAIN], phase="move")
    gnomes = state.game.segment("village_gnomes")
    before = state.observation(1)[gnomes.start:gnomes.stop].copy()
    act(state, layout(state).cell(cell("c1")), "move_select")
    act(state, layout(state).cell(cell("e1")), "move_dest")
    assert not np.array_equal(state.observation(1)[gnomes.start:gnomes.stop], before)


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_observation_values_in_unit_interval(num_players):
    """Every seat's observation is float32 of the declared size with values in [0, 1]."""
    state = fresh(seed=num_players, num_players=num_players, deluxe=True)
    rng = np.random.default_rng(num_players)
    size = state.game.observation_size
    step = 0
    while not state.is_terminal():
        if step % 3 == 0:
            for seat in range(num_players):
                obs = state.observation(seat)
                assert obs.dtype == np.float32 and obs.shape == (size,)
                assert np.all(obs >= 0.0) and np.all(obs <= 1.0), (seat, step)
        legal = state.legal_actions()
        state.apply(legal[rng.integers(len(legal))])
        step += 1


@pytest.mark.parametrize("num_players", [2, 3])
def test_observation_is_seat_relative(num_players):
    """Block r of the per-player segments describes the seat r places clockwise from the
    observer: seat 1's own block comes first in its observation."""
    villages = [PLAIN, ". . H + pa . .", ". . H + + + ."][:num_players]
    coins = {p: 10 * (p + 1) for p in range(num_players)}
    state = build(villages, coins=coins, turn_player=0)
    game = state.game
    n = num_players
    for name in ("players", "village_tiles"):
        seg = game.segment(name)
        width = seg.size // n
        for viewer in range(n):
            obs = state.observation(viewer)
            for r in range(n):
                seat = (viewer + r) % n
                reference = state.observation(seat)[seg.start:seg.start + width]
                block = obs[seg.start + r * width:seg.start + (r + 1) * width]
                assert np.array_equal(block, reference), (name, viewer, r)
    players = game.segment("players")
    assert state.observation(1)[players.start] == pytest.approx(coins[1] / 72)
    assert state.observation(0)[players.start] == pytest.approx(coins[0] / 72)
    # village_gnomes: seat 1 sees its own gnome on c1 of block 0 in relative-seat column 0
    gnomes = game.segment("village_gnomes")
    width = n + 7
    assert state.observation(1)[gnomes.start + cell("c1") * width + 0] == 1
    assert state.observation(0)[gnomes.start + NUM_CELLS * width + cell("c1") * width + 1] == 1
    # turn_player is relative too: seat 0 is to play, one seat "behind" seat 1
    turn = game.segment("turn_player")
    assert state.observation(1)[turn.start + (0 - 1) % n] == 1 and state.observation(0)[turn.start] == 1
