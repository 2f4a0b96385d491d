"""R12 observations: every segment is written inside its own bounds (over random play and at the
Troll King's deny of a Wrecking Ball), the Troll King's deny shows its target (T6.2), and each
public fact is in the vector: two positions differing only in that fact are told apart (the
cards below the top of a stack, the trading goals each seat has won, the idle-round clock of
R10.4), and the observer's progress to each face-up trading goal."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from gnome_envs import dwarfs_fall_v6
from gnome_envs.core.engine import Segment
from gnome_envs.core.registry import make_game
from gnome_envs.dwarfs_fall.components import NUM_TRADING_GOALS, TRADING_GOALS
from gnome_envs.dwarfs_fall.observation import observe
from gnome_envs.dwarfs_fall.observation_goals import (
    CLOSEST_AT,
    GEM_SCALE,
    GOAL_PROGRESS_FEATURES,
    SLOT_FEATURES,
    TOTAL_SCALE,
)
from gnome_envs.dwarfs_fall.observation_layout import build_layout
from gnome_envs.dwarfs_fall.resolve import affordable

from .helpers import BLUE, RED, Ogre, act, build, cell, decision, describe_all, layout

GAP = 7  # entries of poison between two segments
SEGMENT_CONFIGS = (
    {"num_players": 2},
    {"num_players": 3, "expansions": ("trolls_bridge", "empires"), "races": ("ogres", "elves", "dwarfs")},
    {"num_players": 4, "expansions": ("trolls_bridge", "royal_decrees"), "scenario": "lords_of_the_arena"},
    {"num_players": 5, "expansions": ("trolls_bridge", "empires", "royal_decrees")},
    {"num_players": 7, "expansions": ("empires",)},
)


def padded(obs_layout):
    """The layout with ``GAP`` entries between segments (the same segments, moved apart)."""
    segments, at, pos = [], {}, 0
    for seg in obs_layout.segments:
        segments.append(Segment(seg.name, pos, pos + seg.size))
        at[seg.name] = pos
        pos += seg.size + GAP
    return dataclasses.replace(obs_layout, segments=tuple(segments), at=at, size=pos)


def segment_overflows(state, seat: int) -> list[str]:
    """Segments whose writes leave their bounds: observed into a layout with poisoned gaps
    between the segments, every gap must stay poisoned and every segment must read as in the
    real vector (a write past a segment's end would land in the next one there)."""
    game = state.game
    real = game.obs_layout
    wide = padded(real)
    buffer = np.full(wide.size, np.nan, dtype=np.float32)
    for seg in wide.segments:
        buffer[seg.start:seg.stop] = 0.0
    expected = observe(state, seat)
    game.obs_layout = wide
    try:
        observe(state, seat, out=buffer)
    finally:
        game.obs_layout = real
    out = []
    for seg, was in zip(wide.segments, real.segments):
        gap = buffer[seg.stop:seg.stop + GAP]
        if not np.isnan(gap).all():
            out.append(f"{seg.name} wrote past its end")
        if not np.array_equal(buffer[seg.start:seg.stop], expected[was.start:was.stop]):
            out.append(f"{seg.name} differs when moved apart from its neighbours")
    return out


# ---------------------------------------------------------------------------- segment bounds
@pytest.mark.parametrize("config", SEGMENT_CONFIGS, ids=lambda c: f"{c['num_players']}p-{'-'.join(c.get('expansions', ()))}")
def test_r12_every_segment_is_written_inside_its_bounds(config):
    """Random play: at every decision, the decider's and the next seat's observations write each
    segment only inside its bounds."""
    game = make_game("dwarfs_fall_v6", skip_forced=False, **config)
    n = game.num_players
    for seed in range(2):
        state = game.new_state(seed)
        rng = np.random.default_rng(seed)
        for _ in range(400):
            if state.is_terminal():
                break
            for seat in {state.current_player, (state.current_player + 1) % n}:
                assert not segment_overflows(state, seat), (seed, decision(state), segment_overflows(state, seat))
            legal = state.legal_actions()
            state.apply(legal[rng.integers(len(legal))])


def test_r12_the_deny_of_a_wrecking_ball_stays_in_the_troll_segment():
    """The Empires and Troll's Bridge: the Wrecking Ball is the seventh ogre kind; the deny block
    has one column per kind, so asking red to deny it writes nothing past the troll segment."""
    state = build({"e4": "Bgol", "f4": "Rgol"}, 2, expansions=("empires", "trolls_bridge"),
                  races=("dwarfs", "dwarfs"), dwarfs={"f4": "R"},
                  ogres={BLUE: [0, 0, 0, 0, 0, 0, 1], RED: [0, 0, 0, 0, 0, 1, 0]})
    act(state, layout(state).ogre(Ogre.WRECKING_BALL), "action")
    act(state, layout(state).cell(cell("f4")), "wrecking_cell")
    assert decision(state) == "troll_deny"
    for seat in (BLUE, RED):
        assert not segment_overflows(state, seat), segment_overflows(state, seat)
    troll = state.game.obs_layout.at["troll"]
    deny = troll + state.game.obs_layout.sizes["troll"] - state.game.num_ogres
    assert state.observation(RED)[deny + Ogre.WRECKING_BALL] == 1.0


# ---------------------------------------------------------------------------- T6.2 the deny's target
def _ambush_deny(target: str):
    """Blue ambushes ``target`` (red's dwarf on a tavern or a gold mine); red holds a Troll King."""
    state = build({"e4": "Rtav", "f4": "Rgol"}, 2, expansions=("trolls_bridge",), dwarfs={"e4": "R", "f4": "R"},
                  ogres={BLUE: [1, 0, 0, 0, 0, 0], RED: [0, 0, 0, 0, 0, 1]})
    act(state, layout(state).ogre(Ogre.AMBUSH), "action")
    act(state, layout(state).cell(cell(target)), "ambush_cell")
    assert decision(state) == "troll_deny" and state.current_player == RED
    return state


def test_t6_2_the_deny_decision_shows_the_card_and_seat_it_targets():
    on_tavern, on_mine = _ambush_deny("e4"), _ambush_deny("f4")
    for seat in (BLUE, RED):
        assert not np.array_equal(on_tavern.observation(seat), on_mine.observation(seat))
    selected = on_tavern.game.obs_layout.at["selected_cell"]
    assert on_tavern.observation(RED)[selected + cell("e4")] == 1.0
    assert any("Ambush on red tavern at e4" in text for text in describe_all(on_tavern))
    thief = build({"e4": "Bgol"}, 3, expansions=("trolls_bridge",), gems={RED: (1, 0, 0, 0)},
                  ogres={BLUE: [0, 0, 0, 1, 0, 0], RED: [0, 0, 0, 0, 0, 1]})
    act(thief, layout(thief).ogre(Ogre.THIEF), "action")
    act(thief, layout(thief).seat(1), "thief_seat")
    seat_at = thief.game.obs_layout.at["selected_seat"]
    assert thief.observation(RED)[seat_at] == 1.0, "red sees it is the seat named (relative seat 0)"
    assert thief.observation(BLUE)[seat_at + 1] == 1.0, "blue sees red, one seat on, named"
    assert any("Thief against you" in text for text in describe_all(thief))


# ---------------------------------------------------------------------------- R12.1 public facts
def test_r12_1_the_cards_below_the_second_of_a_stack_are_observed():
    """Two stacks alike in their top two cards (and height) but not below them."""
    top_two = "Ggol+Ygol"
    a = build({"e4": "Bgol+Rgol+" + top_two}, 4)
    b = build({"e4": "Rgol+Bgol+" + top_two}, 4)
    turned = build({"e4": "Bgol/1+Rgol+" + top_two}, 4)
    for seat in range(4):
        assert not np.array_equal(a.observation(seat), b.observation(seat)), "which card lies where"
        assert not np.array_equal(a.observation(seat), turned.observation(seat)), "how the bottom card lies"


def test_r12_1_the_trading_goals_each_seat_has_won_are_observed():
    """Blue and red each won one goal of the same VP; swapping them changes no count, VP, row or
    deck, only who holds which goal."""
    first, second = next((g, h) for g in range(NUM_TRADING_GOALS) for h in range(g + 1, NUM_TRADING_GOALS)
                         if TRADING_GOALS[g].vp == TRADING_GOALS[h].vp)
    row = tuple(g for g in range(NUM_TRADING_GOALS) if g not in (first, second))[:3]
    a = build({"e4": "Bgol"}, trading_won={BLUE: (first,), RED: (second,)}, trading_row=row)
    b = build({"e4": "Bgol"}, trading_won={BLUE: (second,), RED: (first,)}, trading_row=row)
    assert sorted(a.trading_deck) == sorted(b.trading_deck) and a.scores().tolist() == b.scores().tolist()
    for seat in (BLUE, RED):
        assert not np.array_equal(a.observation(seat), b.observation(seat))


def test_r10_4_the_idle_round_clock_is_observed():
    """A round so far idle or busy (R10.4), and the idle rounds before it."""
    busy = build({"e4": "Bgol"}, round=2)
    idle = build({"e4": "Bgol"}, round=2, idle_round=True)
    after_idle = build({"e4": "Bgol"}, idle_round=True)
    for _ in range(2):  # blue and red pass: round 1 ends idle
        act(after_idle, layout(after_idle).end(), "action")
    assert after_idle.round == 2 and after_idle.idle_rounds == 1 and decision(after_idle) == "action"
    for seat in (BLUE, RED):
        assert not np.array_equal(busy.observation(seat), idle.observation(seat))
        assert not np.array_equal(idle.observation(seat), after_idle.observation(seat))


# ---------------------------------------------------------------------------- goal progress
GOLD3, RUBY2, ONE_OF_EACH = 0, 4, 13  # trading goals: 3 gold; 2 rubies; one gem of each type
GOAL_PROGRESS_CASES = (
    # blue's gems (gold, emerald, diamond, ruby): per slot the gems missing; the closest slot
    ((3, 0, 0, 1), ((0, 0, 0, 0), (0, 0, 0, 1), (0, 1, 1, 0)), 0),
    ((0, 0, 0, 2), ((3, 0, 0, 0), (0, 0, 0, 0), (1, 1, 1, 0)), 1),
    ((1, 1, 0, 1), ((2, 0, 0, 0), (0, 0, 0, 1), (0, 0, 1, 0)), 2),  # ties on one gem: the 11 VP goal
    ((0, 0, 0, 0), ((3, 0, 0, 0), (0, 0, 0, 2), (1, 1, 1, 1)), 1),  # two gems: 9 VP before 5 VP
)


def _progress(state, seat: int) -> np.ndarray:
    at = state.game.obs_layout.at["goal_progress"]
    return state.observation(seat)[at:at + GOAL_PROGRESS_FEATURES]


@pytest.mark.parametrize("gems, missing, closest", GOAL_PROGRESS_CASES)
def test_r12_1_goal_progress_shows_what_each_face_up_goal_still_needs(gems, missing, closest):
    """Per face-up trading goal the observer's missing gems, and whether it can pay now as the
    store decides (``affordable``); the closest goal is marked and its missing gems repeated."""
    state = build({"e4": "Bgol"}, gems={BLUE: gems}, trading_row=(GOLD3, RUBY2, ONE_OF_EACH))
    progress = _progress(state, BLUE).reshape(-1)
    payable = set(affordable(state, BLUE))
    for slot, want in enumerate(missing):
        row = progress[slot * SLOT_FEATURES:(slot + 1) * SLOT_FEATURES]
        assert np.allclose(row[:4] * GEM_SCALE, want), (slot, row)
        assert np.isclose(row[4] * TOTAL_SCALE, sum(want))
        assert row[5] == float(slot in payable) == float(sum(want) == 0)
        assert row[6] == 0.0
    marks = progress[CLOSEST_AT:CLOSEST_AT + 3]
    assert marks.tolist() == [float(s == closest) for s in range(3)]
    assert np.allclose(progress[CLOSEST_AT + 3:] * GEM_SCALE, missing[closest])


def test_r12_1_goal_progress_reads_only_the_observers_own_hand():
    """Blue's gems differ: blue's goal progress differs, red's (which reads red's hand) does not."""
    row = (GOLD3, RUBY2, ONE_OF_EACH)
    poor = build({"e4": "Bgol"}, gems={BLUE: (0, 0, 0, 0), RED: (1, 0, 0, 0)}, trading_row=row)
    rich = build({"e4": "Bgol"}, gems={BLUE: (3, 0, 0, 0), RED: (1, 0, 0, 0)}, trading_row=row)
    assert not np.array_equal(_progress(poor, BLUE), _progress(rich, BLUE))
    assert np.array_equal(_progress(poor, RED), _progress(rich, RED))


def test_x8_1_goal_progress_shows_a_dragon_egg_missing_its_monster():
    """The Empires: a dragon egg costs a defeated monster too; with the gem but no monster it is
    not payable and the monster is marked missing; with one defeated it is payable."""
    egg = next(g for g, info in enumerate(TRADING_GOALS) if info.monsters and info.cost == (1, 0, 0, 0))
    row = (egg, GOLD3, RUBY2)
    config = {"expansions": ("empires",), "races": ("dwarfs", "dwarfs")}
    without = build({"e4": "Bgol"}, gems={BLUE: (1, 0, 0, 0)}, trading_row=row, **config)
    slain = build({"e4": "Bgol"}, gems={BLUE: (1, 0, 0, 0)}, trading_row=row, defeated={BLUE: ("Rdra",)}, **config)
    for state, payable, monster in ((without, 0.0, 1.0), (slain, 1.0, 0.0)):
        progress = _progress(state, BLUE)
        assert (progress[5], progress[6]) == (payable, monster)
        assert (0 in affordable(state, BLUE)) == bool(payable)


def test_the_module_docstring_gives_the_observation_sizes():
    """The sizes in ``dwarfs_fall_v6``'s table are the layouts' sizes."""
    text = " ".join(dwarfs_fall_v6.__doc__.split())
    for label, trolls, royal in (("sizes", False, False), ("Troll's Bridge", True, False),
                                 ("Royal Decrees", False, True), ("both", True, True)):
        sizes = " / ".join(f"{build_layout(n, trolls, royal).size:,}" for n in (2, 3, 4))
        assert f"{label} {sizes}" in text, (label, sizes)
