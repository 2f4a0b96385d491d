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
    biz,
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
    assert state.observation(1)[players.start] == pytest.approx(coins[1] / 73)  # 72 coins + 1
    assert state.observation(0)[players.start] == pytest.approx(coins[0] / 73)
    # village_gnomes: seat 1 sees its own gnome on c1 of block 0 in relative-seat column 0
    gnomes = game.segment("village_gnomes")
    width = 3 * n + 8
    assert state.observation(1)[gnomes.start + cell("c1") * width + 0] == 1
    assert state.observation(0)[gnomes.start + NUM_CELLS * width + cell("c1") * width + 1] == 1
    # turn_player is relative too: seat 0 is to play, one seat "behind" seat 1
    turn = game.segment("turn_player")
    assert state.observation(1)[turn.start + (0 - 1) % n] == 1 and state.observation(0)[turn.start] == 1


# ============================================================================ every public fact
def differing_segments(state_a, state_b, seat_a: int = 0, seat_b: int | None = None) -> set[str]:
    """Names of the observation segments where ``seat_a``'s view of ``state_a`` differs from
    ``seat_b``'s view of ``state_b``."""
    a = state_a.observation(seat_a)
    b = state_b.observation(seat_a if seat_b is None else seat_b)
    return {s.name for s in state_a.game.observation_layout if not np.array_equal(a[s.start:s.stop], b[s.start:s.stop])}


def test_observation_shows_the_absolute_seat():
    """Seat 0 at its turn and seat 1 at its turn in a mirrored table see the same relative
    picture; only the seat segment tells them apart (turn order matters at the end, R12.1)."""
    first = build([PLAIN, PLAIN], turn_player=0, coins={0: 2, 1: 2})
    second = build([PLAIN, PLAIN], turn_player=1, coins={0: 2, 1: 2})
    assert differing_segments(first, second, 0, 1) == {"seat"}


def test_observation_shows_the_turns_left_once_the_end_is_triggered():
    """R12.1: once the end is triggered, the seats still to play this round are shown: with the
    same relative picture, seat 0 to play has two turns after its own, seat 1 one."""
    states = []
    for turn_player in (0, 1):
        state = build([PLAIN] * 3, turn_player=turn_player, coins={0: 1, 1: 1, 2: 1})
        state.end_triggered = True  # a fixture: the end was triggered earlier this round
        states.append(state)
    assert differing_segments(states[0], states[1], 0, 1) == {"seat", "progress"}


def test_observation_shows_each_gnomes_home():
    """O12: two gnomes away on workshops, with their homes swapped: each one's home house is
    in the observation (it decides where the gnome walks from when sent home)."""
    village = ". . H + PA . .\n. . H + CA . ."
    one = build([village, PLAIN], gnomes={0: [("e1", "free"), ("e2", "free")]})
    other = build([village, PLAIN], gnomes={0: [("e2", "free"), ("e1", "free")]})
    homes = lambda s: sorted((s.g_cell[i], s.g_home[i]) for i in s.gnome_range(0) if s.g_village[i] == 0)
    assert homes(one) != homes(other)
    assert differing_segments(one, other) == {"village_gnomes"}
    assert differing_segments(one, other, 1) == {"village_gnomes"}


def test_observation_shows_the_skipped_earn_after_the_airport():
    """R11.10: a gnome back on its Airport earns nothing in its owner's next Earn phase; that
    flag is in the observation."""
    state = build([f". . H + {B('Airport')} . .", PLAIN], turn_player=1, gnomes={0: [("e1", "free")]})
    returned = state.clone()
    returned.g_skip_earn[0] = True  # a fixture: the gnome flew back in seat 1's Earn phase
    assert differing_segments(state, returned) == {"village_gnomes"}
    assert differing_segments(state, returned, 1) == {"village_gnomes"}


@pytest.mark.parametrize("user", [0, 1])
def test_observation_shows_who_used_a_business_last_turn(user):
    """R8.5 / R11.10: a business used on a player's previous turn is marked for that player,
    also when the player used another village's tile by Airport."""
    seat1 = f". . H + {B('Police Station')} . ."
    plain = build([f". . H + {B('Airport')} . .", seat1])
    used = build([f". . H + {B('Airport')} . .", seat1], used_last={user: [biz("Police Station")]})
    assert differing_segments(plain, used) == {"village_gnomes"}
    others = build([f". . H + {B('Airport')} . .", seat1], used_last={1 - user: [biz("Police Station")]})
    assert differing_segments(used, others) == {"village_gnomes"}


BIG_VILLAGE = ("H H H H h . .\n+ + + + + + .\npa ca sc ga pa ca .\n+ + + + + + .\nsc ga pa ca sc ga .")


def test_observation_does_not_clip_the_score_or_the_coins():
    """R12.2: a village worth over 100 points: one coin more still shows in the coins and the
    score (nothing saturates at the Box bound)."""
    rich = build([BIG_VILLAGE, PLAIN], coins={0: 72, 1: 0})
    poorer = build([BIG_VILLAGE, PLAIN], coins={0: 71, 1: 1})
    assert rich.score_of(0) == poorer.score_of(0) + 1 > 100
    players = rich.game.segment("players")
    a = rich.observation(0)[players.start:players.start + 28]
    b = poorer.observation(0)[players.start:players.start + 28]
    assert a.max() < 1.0 and b.max() < 1.0
    score = 21  # the score entry of the player block (observation.player_counts)
    assert a[0] > b[0] and a[score] > b[score]


def test_observation_does_not_clip_the_turn_number():
    """The turn number has no bound in the rules: turn 300 and turn 301 still differ."""
    early = build([PLAIN, PLAIN])
    late = build([PLAIN, PLAIN])
    early.turn_number, late.turn_number = 300, 301  # a fixture: a long game
    assert differing_segments(early, late) == {"progress"}
    assert early.observation(0)[early.game.segment("progress").start] < 1.0


def test_observation_shows_who_collects_the_prison_fee():
    """R13.2 / O31: a gnome imprisoned by a flyer pays the flyer, not the Prison's owner; the
    seat that collects is in the observation."""
    seat1 = f". . H + {B('Prison Hat Shop')} . .\n. . H + . . ."
    state = build([PLAIN, seat1], deluxe=True, gnomes={0: [(1, "e1", "prison")]})
    assert state.g_captor[0] == 1
    by_flyer = state.clone()
    by_flyer.g_captor[0] = 0  # a fixture: seat 0's own flyer took the prisoner (O33)
    assert differing_segments(state, by_flyer) == {"prison_captor"}


def test_observation_shows_that_the_bank_ran_dry():
    """R12.4: whether the end came from an empty bank is public."""
    state = build([PLAIN, PLAIN])
    state.end_triggered = True  # a fixture: the end is triggered either way
    dry = state.clone()
    dry.bank_ran_dry = True
    assert differing_segments(state, dry) == {"progress"}
