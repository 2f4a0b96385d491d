"""Observation, hidden information and determinization, text rendering
(``seeds/rise_of_the_gnomes.md``; the observation layout is in ``observation.py``)."""

from __future__ import annotations

import numpy as np
import pytest

from gnome_envs.rise_of_the_gnomes.obs_blocks import HAND_SCALE, PLAYER_FEATURES, SCORE_SCALE
from gnome_envs.rise_of_the_gnomes.observation import LAYOUTS
from gnome_envs.rise_of_the_gnomes.scenario import pos_of

from gnome_envs.rise_of_the_gnomes.pending import Task

from .helpers import (
    build_position,
    fresh,
    gnome_card_position,
    land_map,
    layout,
    play_until,
    prefer_pass,
    random_game,
)

PLAYERS = {"g1": {0: (2, 1)}, "g3": {1: (2, 1)}, "DK": {"G": (8, 1)}}


def segment(state, seat: int, name: str) -> np.ndarray:
    """The named segment of ``seat``'s observation."""
    seg = state.game.segment(name)
    return state.observation(seat)[seg.start:seg.stop]


def test_observation_layout_and_bounds():
    """Every player count: the vector matches its layout and stays in [0, 1] through a game."""
    for n in (1, 3, 5):
        state, _ = random_game(20 + n, check_every=50, num_players=n)
        obs = state.observation(0)
        assert obs.shape == (LAYOUTS[n].size,) and obs.dtype == np.float32
        assert obs.min() >= 0.0 and obs.max() <= 1.0


def test_face_down_tiles_are_hidden():
    """Swapping two face-down tiles changes no observation, but the full state vector."""
    a = build_position(2, tiles=land_map(r2="?SE", r5="?FO"), pieces=PLAYERS)
    b = build_position(2, tiles=land_map(r2="?FO", r5="?SE"), pieces=PLAYERS)
    for seat in (0, 1):
        assert np.array_equal(a.observation(seat), b.observation(seat))
    assert not np.array_equal(a.state_vector(), b.state_vector())


def test_judges_and_cutthroat_hands_are_private():
    """Another seat's judges and Gnome cards never show; one's own do; hand sizes are public."""
    a = build_position(2, pieces=PLAYERS, judges={0: ["Glorik Van Dyke", "Madame Murk"], 1: ["Mayor Pintsworth", "Old Bogsworth"]},
                       hands={0: [1, 2, 3], 1: [4, 5, 6]}, mode="cutthroat")
    b = build_position(2, pieces=PLAYERS, judges={0: ["Glorik Van Dyke", "Madame Murk"], 1: ["Banker Goldbeard", "Zafir of the Dunes"]},
                       hands={0: [1, 2, 3], 1: [7, 8, 9]}, mode="cutthroat")
    assert np.array_equal(a.observation(0), b.observation(0))
    assert not np.array_equal(a.observation(1), b.observation(1))
    assert segment(a, 0, "hand")[[1, 2, 3]].tolist() == [1.0, 1.0, 1.0]
    assert segment(a, 0, "hand_sizes").tolist() == pytest.approx([3 / HAND_SCALE] * 2)


def test_observation_is_seat_relative():
    """Block 0 of the player rows is always the observer."""
    state = build_position(2, pieces=PLAYERS, vp=[10, 40])
    rows0 = segment(state, 0, "players").reshape(2, PLAYER_FEATURES)
    rows1 = segment(state, 1, "players").reshape(2, PLAYER_FEATURES)
    assert rows0[0, 0] == rows1[1, 0] == np.float32(10 / SCORE_SCALE)
    assert rows0[1, 0] == rows1[0, 0] == np.float32(40 / SCORE_SCALE)


def test_determinize_resamples_what_is_hidden_and_keeps_what_is_seen():
    """Determinizations keep the seat's observation and legal actions, vary face-down tiles,
    other judges and the decks, and keep the seat's own returned judge in the box."""
    state = fresh(31, num_players=3)
    play_until(state, lambda s: s.turn == 2 and s.phase == 2, prefer_pass)
    seen_tiles, seen_judges = set(), set()
    own_box = state.judge_discarded[0]
    for k in range(20):
        det = state.determinize(0, np.random.default_rng(k))
        assert np.array_equal(det.observation(0), state.observation(0))
        assert det.legal_actions() == state.legal_actions()
        det.check_invariants()
        hidden = tuple(det.tile_phys[p] for p in det.game.positions if not det.revealed[p])
        seen_tiles.add(hidden)
        seen_judges.add(tuple(det.judges[1]))
        assert own_box in det.judge_box and det.judges[0] == state.judges[0]
    assert len(seen_tiles) > 1 and len(seen_judges) > 1


def test_determinize_reseeds_future_chance():
    """Two determinizations with different generators draw different futures."""
    state = fresh(5)
    a = state.determinize(0, np.random.default_rng(1))
    b = state.determinize(0, np.random.default_rng(2))
    assert a.rng.integers(1 << 30) != b.rng.integers(1 << 30)


def test_describe_every_action_in_every_decision_and_render():
    """describe_action gives text for every index in every decision met; render works."""
    state = fresh(44, num_players=2, mode="cutthroat")
    rng = np.random.default_rng(44)
    kinds = set()
    while not state.is_terminal():
        if state.pending.kind not in kinds:
            kinds.add(state.pending.kind)
            for action in range(state.game.num_actions):
                assert state.describe_action(action).strip()
            assert state.render_text().strip()
        legal = state.legal_actions()
        state.apply(legal[rng.integers(len(legal))])
    assert "Game over" in state.render_text()


def test_context_marks_the_rampage_tile():
    """The rampaging tile and the bribing decision are visible to every seat."""
    state = build_position(2, tiles=land_map(), turn=2, gold=[5, 5], phase="none",
                           queue=[(Task.RAMPAGE, pos_of("g1"))], pieces=PLAYERS)
    assert state.decision_name() == "bribe"
    for seat in (0, 1):
        assert segment(state, seat, "context_tiles")[pos_of("g1")] == 1.0
    assert layout(state).confirm_action in state.legal_actions()


# ============================================================================ every public fact shows
def _differ(a, b, seat: int = 0, name: str | None = None) -> bool:
    """Whether ``seat``'s observations (or their segment ``name``) of ``a`` and ``b`` differ."""
    if name is None:
        return not np.array_equal(a.observation(seat), b.observation(seat))
    return not np.array_equal(segment(a, seat, name), segment(b, seat, name))


def test_observation_counts_cubes_on_a_tile_beyond_ten():
    """Twelve and twenty cubes on one tile (a player's and the Gnomes') read differently."""
    def position(mine: int, gnomes: int):
        return build_position(2, pieces={"g1": {0: (mine, 1)}, "g3": {1: (2, 1)}, "DK": {"G": (gnomes, 1)}})
    assert _differ(position(12, 8), position(20, 8), name="tiles")
    assert _differ(position(2, 12), position(2, 20), name="tiles")


def test_observation_shows_which_brewery_boxes_released_their_token():
    """A seat whose box 3 already gave up its token (two breweries since burned) reads
    differently from one whose box 3 still holds it; the token went to the supply."""
    a = build_position(2, pieces=PLAYERS)
    b = build_position(2, pieces=PLAYERS)
    b.tokens_used[0] |= 1 << 2
    b.upgrade_supply += 1
    b.touch_all()
    b.check_invariants()
    assert _differ(a, b, name="players") and _differ(a, b, seat=1, name="players")


def test_observation_counts_points_beyond_one_hundred():
    """120 and 150 points read differently (the Gnomes' too)."""
    assert _differ(build_position(2, pieces=PLAYERS, vp=[120, 0]), build_position(2, pieces=PLAYERS, vp=[150, 0]))
    assert _differ(build_position(2, pieces=PLAYERS, gnome_vp=120), build_position(2, pieces=PLAYERS, gnome_vp=150))


def test_observation_counts_gnome_gold_beyond_twenty():
    """The Gnomes with 25 and with 40 gold read differently."""
    assert _differ(build_position(2, pieces=PLAYERS, gnome_gold=25), build_position(2, pieces=PLAYERS, gnome_gold=40))


def _returned(judge: str):
    """Seat 0 has returned ``judge`` to the box (after keeping Glorik and Madame Murk)."""
    from gnome_envs.rise_of_the_gnomes.scenario import judge_id

    state = build_position(2, pieces=PLAYERS, judges={0: ["Glorik Van Dyke", "Madame Murk"]})
    j = judge_id(judge)
    state.judge_deck.remove(j)
    state.judge_box.append(j)
    state.judge_discarded[0] = j
    state.check_invariants()
    return state


def test_observation_shows_the_seats_own_returned_judge_only_to_it():
    """The judge a seat returned shows in its own observation, never in another seat's."""
    a, b = _returned("Mayor Pintsworth"), _returned("Banker Goldbeard")
    assert _differ(a, b, seat=0, name="returned_judge")
    assert not _differ(a, b, seat=1)


def test_observation_shows_removals_left_in_a_gnome_victim_choice():
    """A tied Gnome Beer Competition with two removals left reads differently from one left."""
    def position(left: int):
        return build_position(2, tiles=land_map(), phase="none", pieces={
            "g4": {0: (2, 0), 1: (2, 0), "G": (1, 0)}, "DK": {"G": (8, 1)}},
            queue=[(Task.GNOME_COMPETITION, pos_of("g4"), left)])
    a, b = position(2), position(1)
    assert a.decision_name() == b.decision_name() == "gnome_victim"
    assert _differ(a, b, name="context_values")


def test_observation_shows_cubes_left_in_a_gnome_caravan_tie():
    """A Gnome Caravan tie among four lions with two cubes left reads differently from one with
    three left."""
    def position(cubes: int):
        tiles = land_map(g1="PL/L", g2="SW/L", g3="FO/L", g4="MO/L", g5="HI/C", g6="DE")
        return gnome_card_position(22, tiles=tiles, pieces={"DK": {"G": (cubes, 1)}, "g5": {0: (1, 0)},
                                                            "g6": {1: (1, 0)}})
    a, b = position(2), position(3)
    assert a.decision_name() == b.decision_name() == "gnome_caravan_tile"
    assert _differ(a, b, name="context_values")
