"""R12 information (observations, hidden cards, determinization), the action encoding, the
observation layout and the text of every action."""

from __future__ import annotations

import numpy as np

from gnome_envs.dwarfs_fall.actions import LAYOUTS, Decoded
from gnome_envs.dwarfs_fall.components import GEM_PILE, NUM_KINDS, NUM_TRADING_GOALS, Gem, Ogre
from gnome_envs.dwarfs_fall.goals import secret_met
from gnome_envs.dwarfs_fall.observation_layout import LAYOUTS as OBS_LAYOUTS
from gnome_envs.dwarfs_fall.observation_layout import PLAYER_FEATURES
from gnome_envs.dwarfs_fall.pending import DecisionKind

from .helpers import BLUE, RED, Secret, act, build, cell, fresh, layout


def player_block(state, observer: int, other: int) -> np.ndarray:
    """The players-segment block ``observer`` holds about seat ``other``."""
    n = state.game.num_players
    width = OBS_LAYOUTS[n].player_features
    assert width == PLAYER_FEATURES + NUM_TRADING_GOALS, "one flag per trading goal won"
    start = OBS_LAYOUTS[n].at["players"] + ((other - observer) % n) * width
    return state.observation(observer)[start:start + width]


def test_r12_1_public_information():
    """Blue's kingdom cards in hand and the gems it mined are in red's view."""
    state = build({"d4": "Rgol", "e4": "Beme"}, dwarfs={"d4": "BB"}, phase="resolve")
    act(state, layout(state).cell(cell("d4")))
    assert state.gems.bounds(RED, BLUE) == state.gems.of(BLUE) == [2, 0, 0, 0]
    assert state.gems.unknown(RED, BLUE) == 0
    block = player_block(state, RED, BLUE)
    in_hand = [k for k in range(NUM_KINDS) if block[k] == 1.0]
    assert in_hand == state.in_hand_kinds(BLUE) and 2 not in in_hand  # the emerald mine is on the mat
    assert block[NUM_KINDS] == np.float32(2 / (GEM_PILE[Gem.GOLD] + 1)), "two gold, as red saw them taken"


def test_r12_2_other_secret_goals_are_hidden():
    a = build({"a1": "Rtav"}, secrets=(Secret.KING, Secret.MINER))
    b = build({"a1": "Rtav"}, secrets=(Secret.WIZARD, Secret.MINER))
    assert np.array_equal(a.observation(RED), b.observation(RED))
    assert not np.array_equal(a.observation(BLUE), b.observation(BLUE))
    assert not np.array_equal(a.state_vector(), b.state_vector())


def test_r12_2_drawn_ogre_cards_are_hidden():
    state = build({"d4": "Rtav", "e4": "Rgol"}, dwarfs={"d4": "BB"}, phase="resolve")
    act(state, layout(state).cell(cell("d4")))
    drawn = state.ogres.of(BLUE).index(1)
    assert state.ogres.unknown(RED, BLUE) == 1 and state.ogres.bounds(RED, BLUE) == [0] * 5
    seen = state.observation(RED)
    other = next(k for k in state.ogre_deck if k != drawn)  # swap the card for another kind
    swapped = state.clone()
    swapped.ogres.counts[BLUE * 5 + drawn] -= 1
    swapped.ogres.counts[BLUE * 5 + other] += 1
    swapped.ogre_deck.remove(other)
    swapped.ogre_deck.append(drawn)
    swapped.check_invariants()
    assert np.array_equal(swapped.observation(RED), seen)
    assert not np.array_equal(swapped.observation(BLUE), state.observation(BLUE))


def test_r12_2_deck_orders_are_hidden():
    state = fresh(seed=4, num_players=3)
    other = state.clone()
    other.ogre_deck.reverse()
    other.trading_deck.reverse()
    for seat in range(3):
        assert np.array_equal(state.observation(seat), other.observation(seat))


def test_determinize_redeals_only_the_unknown():
    rng = np.random.default_rng(0)
    varied = 0
    for seed in range(6):
        state = fresh(seed=seed, num_players=3)
        steps = 0
        while not state.is_terminal() and steps < 150:
            legal = state.legal_actions()
            state.apply(legal[rng.integers(len(legal))])
            steps += 1
        for seat in range(3):
            for k in range(3):
                det = state.determinize(seat, np.random.default_rng(100 * seed + k))
                det.check_invariants()
                assert np.array_equal(det.observation(seat), state.observation(seat))
                assert det.secret[seat] == state.secret[seat]
                assert det.ogres.of(seat) == state.ogres.of(seat) and det.gems.of(seat) == state.gems.of(seat)
                for o in range(3):
                    assert det.ogres.size(o) == state.ogres.size(o)
                    if not det.secret_revealed[o]:
                        assert not secret_met(det, o, det.secret[o])
                varied += det.ogres.counts != state.ogres.counts or det.secret != state.secret
    assert varied, "hidden cards were never redealt"


def test_determinize_never_deals_a_goal_that_is_met():
    """Red holds five emeralds and hides the King: the Wizard can never be red's goal."""
    state = build({"a1": "Rtav"}, 3, gems={RED: (0, 5, 0, 0)}, secrets=(Secret.MINER, Secret.KING, Secret.BERSERKER))
    assert not state.secret_revealed[RED]
    dealt = set()
    for k in range(40):
        det = state.determinize(BLUE, np.random.default_rng(k))
        dealt.add(det.secret[RED])
        assert det.secret[BLUE] == Secret.MINER
    assert Secret.WIZARD not in dealt and len(dealt) > 2


def test_action_layout_round_trip():
    for n, lay in LAYOUTS.items():
        assert lay.num_actions == 667 + n
        for action in range(lay.num_actions):
            decoded = lay.decode(action)
            assert isinstance(decoded, Decoded) and lay.encode(decoded) == action
        assert lay.decode(lay.place(63, 3)).arg == 63 and lay.decode(lay.move(5, 2)).arg2 == 2
        assert lay.discard_ogre(Ogre.CROWN) == lay.num_actions - 1


def test_observation_layout_and_values():
    for n in (2, 3, 4):
        state = fresh(seed=n, num_players=n)
        layout_ = OBS_LAYOUTS[n]
        assert layout_.segments[-1].stop == layout_.size == state.game.observation_size
        rng = np.random.default_rng(n)
        for _ in range(60):
            for seat in range(n):
                obs = state.observation(seat)
                assert obs.dtype == np.float32 and obs.min() >= 0 and obs.max() <= 1
                decider = layout_.at["decider"]
                if seat == state.current_player:
                    assert obs[decider] == 1.0, "the decider is seat-relative offset 0"
            legal = state.legal_actions()
            state.apply(legal[rng.integers(len(legal))])


def test_every_action_has_a_description_in_every_decision():
    seen = set()
    for seed in range(12):
        state = fresh(seed=seed, num_players=2 + seed % 3, skip_forced=False)
        rng = np.random.default_rng(seed)
        while not state.is_terminal():
            kind = state.pending.kind
            if kind not in seen:
                seen.add(kind)
                for action in range(state.game.num_actions):
                    text = state.describe_action(action)
                    assert isinstance(text, str) and text.strip()
            legal = state.legal_actions()
            state.apply(legal[rng.integers(len(legal))])
    assert {DecisionKind.ACTION, DecisionKind.PLACE_CARD, DecisionKind.RESOLVE_TASK} <= seen
