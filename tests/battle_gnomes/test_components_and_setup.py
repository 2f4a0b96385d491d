"""Components (R1) and setup (R2) of Battle Gnomes!, and worked example E1."""

from __future__ import annotations

import numpy as np

from gnome_envs.battle_gnomes.components import (
    CARD_COPIES,
    CARDS,
    GNOMES,
    NUM_PLAYER_CARDS,
    Ability,
    CardType,
    Timing,
)

from .helpers import (
    DecisionKind,
    Family,
    act,
    build,
    cards_everywhere,
    decision,
    fresh,
    gnome,
    gnomes_everywhere,
    legal_args,
)


def _copies(card_type: CardType) -> int:
    return sum(c.copies for c in CARDS if c.type == card_type)


def test_r1_1_component_counts():
    """Random games of 2-6 households: every card and gnome stays in exactly one place."""
    for n in range(2, 7):
        state = fresh(seed=40 + n, num_players=n)
        rng = np.random.default_rng(n)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.integers(len(legal))])
            assert cards_everywhere(state) == [] and gnomes_everywhere(state) == []
    assert NUM_PLAYER_CARDS == 78
    assert _copies(CardType.ACTION) == 18 and _copies(CardType.WEAPON) == 13
    assert _copies(CardType.DEFENCE) == 10 and _copies(CardType.YARD) == 13
    assert _copies(CardType.BATTLE_ITEM) == 24  # O27: 12 kinds of 2
    items = [c for c in CARDS if c.type == CardType.BATTLE_ITEM]
    assert len(items) == 12 and all(c.copies == 2 for c in items) and sum(c.thrown for c in items) == 6
    assert {c.timing for c in CARDS if c.type == CardType.ACTION} == {Timing.BATTLE, Timing.TURN, Timing.RESPONSE}


def test_r1_2_gnomes():
    """24 unique gnomes with strengths 0-4 and every kind of text; three change the hand limit."""
    assert len(GNOMES) == 24 and len({g.name for g in GNOMES}) == 24
    assert all(0 <= g.strength <= 4 for g in GNOMES)
    assert {g.ability for g in GNOMES} == set(Ability)
    assert sorted(g.hand_limit for g in GNOMES if g.hand_limit) == [-1, 1, 2]
    assert all(g.text for g in GNOMES) and all(c.text for c in CARDS)


def test_r1_3_hand_limit():
    """Five by default; Grumbold -1, Pebble +1, Old Mossbeard +2; drawing stops at the limit."""
    state = build(households={0: ["grumbold", "sage"], 1: ["pebble", "old moss"]}, phase="start")
    assert state.hand_limit(0) == 4 and state.hand_limit(1) == 8
    assert decision(state) == DecisionKind.DISCARD and state.current_player == 0
    act(state, Family.PASS)  # stop discarding: draw up
    assert len(state.hands[0]) == 4
    other = build(households={0: ["pebble", "old moss"], 1: ["sage", "pip"]}, phase="start")
    act(other, Family.PASS)
    assert len(other.hands[0]) == 8
    big = build(households={0: ["sage", "pip"]}, hands={0: ["rake"] * 3 + ["twig sword"] * 3}, phase="start")
    act(big, Family.PASS)
    assert len(big.hands[0]) == 6  # above the limit: nothing drawn, nothing cut (O9)


def test_r1_4_reshuffle():
    """An empty deck is refilled by shuffling the discard pile; with both empty the draw stops."""
    state = build(households={0: ["sage", "pip"]}, phase="start")
    state.discard, state.deck = state.deck, []
    total = len(state.discard)
    act(state, Family.PASS)
    assert len(state.hands[0]) == 5 and state.discard == [] and len(state.deck) == total - 5
    state.check_invariants()
    dry = build(households={0: ["sage", "pip"]}, phase="start")
    dry.discard = dry.deck[:2]
    hidden = dry.deck[2:]
    dry.deck = []
    dry.weapon[gnome("sage")] = -1
    dry.hands[1] = sorted(hidden)  # park the rest in the other hand
    act(dry, Family.PASS)
    assert len(dry.hands[0]) == 2 and dry.deck == [] and dry.discard == []


def test_r2_1_deal():
    """Both decks shuffled; five cards each before the draft."""
    for n in (2, 6):
        state = fresh(seed=3, num_players=n, skip_forced=False)
        assert [len(h) for h in state.hands] == [5] * n
        assert len(state.deck) == 78 - 5 * n
    games = [fresh(seed=seed) for seed in range(6)]
    assert len({tuple(g.deck) for g in games}) == 6  # the player deck is shuffled (each seed its own order)
    assert len({tuple(g.gnome_deck) for g in games}) == 6  # ... and so is the gnome deck
    assert len({tuple(g.selection) for g in games}) > 1  # the selection comes off the shuffled gnome deck


def test_r2_2_selection():
    """Three different gnomes face up; the other 21 stay in the gnome deck."""
    state = fresh(seed=5, skip_forced=False)
    assert len(set(state.selection)) == 3 and min(state.selection) >= 0
    assert len(state.gnome_deck) == 21
    assert decision(state) == DecisionKind.DRAFT


def test_r2_3_snake_draft():
    """Seat 0 first, clockwise; the last seat picks twice and the second round runs back."""
    for n in (2, 4, 6):
        state = fresh(seed=11, num_players=n, skip_forced=False)
        order = []
        while decision(state) == DecisionKind.DRAFT:
            order.append(state.current_player)
            before = len(state.gnome_deck)
            slot = 0
            picked = state.selection[slot]
            act(state, Family.SLOT, slot)
            assert picked in state.households[order[-1]]
            assert len(state.gnome_deck) == before - 1 and -1 not in state.selection  # refilled at once
        assert order == list(range(n)) + list(range(n))[::-1]
        assert all(len(h) == 2 for h in state.households)


def test_r2_4_setup_items():
    """Seat by seat: attach one item to a gnome, lay one yard item, then draw back to five."""
    state = fresh(seed=21, num_players=3, skip_forced=False)
    while decision(state) == DecisionKind.DRAFT:
        act(state, Family.SLOT, 0)
    seen = []
    while state.in_setup:
        kind, seat = decision(state), state.current_player
        seen.append((kind, seat))
        cards = [a for a, _ in legal_args(state, Family.CARD)]
        if kind == DecisionKind.PLACE_ATTACHMENT:
            act(state, Family.GNOME, 1)
        elif cards:
            act(state, Family.CARD, cards[0])
        else:
            act(state, Family.PASS)
    firsts = [(k, s) for k, s in seen if k != DecisionKind.PLACE_ATTACHMENT]
    assert firsts == [(k, s) for s in range(3) for k in (DecisionKind.SETUP_ATTACH, DecisionKind.SETUP_YARD)]
    for seat in range(3):
        attachments = sum(state.weapon[g] >= 0 or state.defence[g] >= 0 for g in state.households[seat])
        assert attachments <= 1 and len(state.yard[seat]) <= 1
        assert len(state.hands[seat]) == 5


def test_r2_5_first_turn():
    """The seat after the first picker (seat 1) takes the first turn."""
    for n in (2, 5):
        state = fresh(seed=8, num_players=n, skip_forced=False)
        while state.in_setup:
            state.apply(state.legal_actions()[0])
        assert state.turn_player == 1 and state.current_player == 1
        assert decision(state) in (DecisionKind.DISCARD, DecisionKind.RECRUIT_UP)


def test_e1_initial_setup():
    """E1: after setup every household has two gnomes, at most one attachment and yard item,
    five cards; seat 1 is to move."""
    for seed in range(5):
        state = fresh(seed=seed, num_players=4, skip_forced=False)
        rng = np.random.default_rng(seed)
        while state.in_setup:
            legal = state.legal_actions()
            state.apply(legal[rng.integers(len(legal))])
        for seat in range(4):
            gnomes = state.households[seat]
            assert len(gnomes) == 2
            assert sum((state.weapon[g] >= 0) + (state.defence[g] >= 0) for g in gnomes) <= 1
            assert len(state.yard[seat]) <= 1 and len(state.hands[seat]) == 5
        assert state.turn_player == 1 and sum(CARD_COPIES) == 78


def test_spec_tables_match_components():
    """The card and gnome tables of seeds/battle_gnomes.md agree with components.py."""
    import re
    from pathlib import Path

    spec = (Path(__file__).resolve().parents[2] / "seeds" / "battle_gnomes.md").read_text()
    cards, gnomes = {}, {}
    for line in spec.splitlines():
        row = re.match(r"\| ([A-Z][^|]+?) \| ([^|]+) \| (\d+) \| ([-\d]+) \| ([^|]+) \|$", line)
        if row:
            cards[row.group(1)] = (int(row.group(3)), 0 if row.group(4) == "-" else int(row.group(4)))
        row = re.match(r"\| ([A-Z][^|]+?) \| (\d) \| (\w+) \| ([^|]+) \|$", line)
        if row:
            gnomes[row.group(1)] = (int(row.group(2)), row.group(3))
    assert cards == {c.name: (c.copies, c.value) for c in CARDS}
    assert gnomes == {g.name: (g.strength, g.ability.name.lower()) for g in GNOMES}
