"""Action encoding, text, observations, and hidden information (R1.5) of Battle Gnomes!."""

from __future__ import annotations

import numpy as np

from gnome_envs.battle_gnomes.actions import LAYOUTS, Family
from gnome_envs.battle_gnomes.observation import LAYOUTS as OBS_LAYOUTS
from gnome_envs.battle_gnomes.observation import state_extra

from .helpers import DecisionKind, act, build, card, decision, fresh

OUT_OF_TURN = (DecisionKind.RESPOND, DecisionKind.REACT, DecisionKind.WHOLE_BATTLE, DecisionKind.DEFENDER,
               DecisionKind.GIVE_GNOME)


def test_action_round_trip():
    """Every index decodes and encodes back; the sizes match the module table (90 + m)."""
    for n, layout in LAYOUTS.items():
        assert layout.num_actions == 90 + (n - 1)
        for action in range(layout.num_actions):
            assert layout.encode(layout.decode(action)) == action
        assert sum(layout.size.values()) == layout.num_actions
        assert [f for f in Family] == sorted(layout.offset, key=layout.offset.get)


def test_describe_every_action_in_every_decision():
    """Text for every index (legal or not) in every decision of random games."""
    for n in (2, 5):
        state = fresh(seed=n, num_players=n, skip_forced=False)
        rng = np.random.default_rng(n)
        while not state.is_terminal():
            for action in range(state.game.num_actions):
                text = state.describe_action(action)
                assert isinstance(text, str) and text.strip()
            legal = state.legal_actions()
            state.apply(legal[rng.integers(len(legal))])
        assert state.render_text().strip()


def test_observation_layout_and_range():
    """The layout tiles the vector; every entry stays within [0, 1] through random games."""
    for n in range(2, 7):
        layout = OBS_LAYOUTS[n]
        assert layout.segments[-1].stop == layout.size
        state = fresh(seed=10 + n, num_players=n)
        rng = np.random.default_rng(n)
        while not state.is_terminal():
            for seat in range(n):
                obs = state.observation(seat)
                assert obs.shape == (layout.size,) and obs.dtype == np.float32
                assert obs.min() >= 0 and obs.max() <= 1
            vector = state.state_vector()
            assert vector.shape == (layout.size + state_extra(n),)
            legal = state.legal_actions()
            state.apply(legal[rng.integers(len(legal))])


def _swap_hidden_card(state, seat):
    """Exchange one card of ``seat``'s hand for a different card of the deck (same hand size)."""
    hand = state.hands[seat]
    for i, design in enumerate(state.deck):
        if hand and design != hand[0]:
            old = hand.pop(0)
            state.deck[i] = old
            hand.append(design)
            hand.sort()
            state.touch_hand(seat)
            return True
    return False


def test_r1_5_hidden_information():
    """Another household's hand and the deck order never show in a seat's observation; its
    own hand does."""
    state = build(num_players=3, households={0: ["sage", "pip"], 1: ["doodle", "gus"], 2: ["moss", "tinker"]},
                  hands={0: ["rake", "no way"], 1: ["mud pie"], 2: ["battle cry"]})
    before = [state.observation(seat).copy() for seat in range(3)]
    assert _swap_hidden_card(state, 1)
    state.rng.shuffle(state.deck)
    after = [state.observation(seat) for seat in range(3)]
    assert np.array_equal(before[0], after[0]) and np.array_equal(before[2], after[2])
    assert not np.array_equal(before[1], after[1])  # seat 1 sees its own new card


def _hidden_checks(state, seat, rng):
    """What ``seat`` sees is unchanged by determinizing for it and by changing what it cannot see."""
    seen = state.observation(seat).copy()
    det = state.determinize(seat, rng)
    assert np.array_equal(det.observation(seat), seen)
    assert det.hands[seat] == state.hands[seat] and det.current_player == state.current_player
    det.check_invariants()
    for other in range(state.game.num_players):
        if other != seat:
            probe = state.clone()
            if _swap_hidden_card(probe, other):
                assert np.array_equal(probe.observation(seat), seen), (seat, other, state.decision_name())
    return det


def test_hidden_hands_during_out_of_turn_reactions():
    """During battles, responses and outsiders' turns in the loop, no seat's observation moves
    with another hand, and determinizations keep every seat's view (the deciding seat's mask too)."""
    rng = np.random.default_rng(7)
    checked = set()
    for seed in range(12):
        state = fresh(seed=300 + seed, num_players=4, skip_forced=False)
        while not state.is_terminal():
            kind = decision(state)
            if kind in OUT_OF_TURN and state.current_player != state.turn_player:
                checked.add(kind)
                for seat in range(4):
                    det = _hidden_checks(state, seat, rng)
                    if seat == state.current_player:
                        assert np.array_equal(det.legal_action_mask(), state.legal_action_mask())
            legal = state.legal_actions()
            state.apply(legal[rng.integers(len(legal))])
    assert {DecisionKind.RESPOND, DecisionKind.REACT, DecisionKind.DEFENDER} <= checked


def test_determinize_resamples_what_is_hidden():
    """Other hands and the deck order are resampled, the seat's own hand never; the clone plays on."""
    state = fresh(seed=4, num_players=3)
    rng = np.random.default_rng(1)
    changed = False
    for _ in range(20):
        det = state.determinize(0, rng)
        assert det.hands[0] == state.hands[0]
        assert [len(h) for h in det.hands] == [len(h) for h in state.hands]
        assert sorted(det.deck + det.hands[1] + det.hands[2]) == sorted(state.deck + state.hands[1] + state.hands[2])
        changed |= det.hands[1] != state.hands[1] or det.deck != state.deck
    assert changed
    while not det.is_terminal():
        legal = det.legal_actions()
        det.apply(legal[rng.integers(len(legal))])
        det.check_invariants()


def test_observation_marks_out_of_turn_decider():
    """The observation names who decides now, relative to the observer (a response by the defender)."""
    state = build(households={0: ["sage", "pip"], 1: ["doodle", "gus"]}, hands={0: ["battle cry"], 1: ["no way"]},
                  phase="battle", battle={"defender": 1, "attackers": ["sage"], "defenders": ["doodle"]})
    act(state, Family.CARD, card("battle cry"))
    assert decision(state) == DecisionKind.RESPOND and state.current_player == 1
    at = OBS_LAYOUTS[2].at
    assert state.observation(0)[at["decider"] + 1] == 1 and state.observation(1)[at["decider"]] == 1
    for seat in (0, 1):  # the declared card is public: depth and the card's design
        obs = state.observation(seat)
        assert obs[at["stack"]] > 0 and obs[at["stack"] + 1 + 3 + card("battle cry")] == 1


def test_aec_selects_out_of_turn_seats():
    """Through the PettingZoo env: a defender's response, an outsider's battle item and a loser's
    hand-over are asked of exactly that agent, whose mask alone is non-zero."""
    import gnome_envs

    seen = set()
    for seed in range(30):
        env = gnome_envs.make("battle_gnomes_v1", num_players=4)
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        state = env.unwrapped.game_state
        while not state.is_terminal():
            seat = state.current_player
            assert env.agent_selection == f"player_{seat}"
            if seat != state.turn_player:
                seen.add(decision(state))
                for agent in env.agents:
                    assert env.observe(agent)["action_mask"].any() == (agent == env.agent_selection)
            legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
            env.step(int(legal[rng.integers(legal.size)]))
    assert {DecisionKind.RESPOND, DecisionKind.REACT, DecisionKind.DEFENDER, DecisionKind.GIVE_GNOME} <= seen
