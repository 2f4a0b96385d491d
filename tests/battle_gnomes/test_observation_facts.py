"""D2: every public fact is in the observation. Each test builds two positions that differ only
in one fact and checks that every seat's observation tells them apart, in the segment that
holds that fact and nowhere else."""

from __future__ import annotations

import numpy as np

from gnome_envs.battle_gnomes.observation import LAYOUTS

from .helpers import DecisionKind, Family, act, build, card, decision, gnome, play


def _segment_of(n: int, index: int) -> str:
    for segment in LAYOUTS[n].segments:
        if segment.start <= index < segment.stop:
            return segment.name
    raise IndexError(index)


def _differ_only_in(a, b, segments: set[str]) -> None:
    """Every seat sees a difference between ``a`` and ``b``, and only inside ``segments``."""
    n = a.game.num_players
    for seat in range(n):
        changed = np.flatnonzero(a.observation(seat) != b.observation(seat))
        assert changed.size, f"seat {seat} cannot tell the positions apart"
        assert {_segment_of(n, i) for i in changed} <= segments, (seat, changed)


def _edit_frame(state, depth: int = 0, **fields):
    """A copy of ``state`` whose stack frame ``depth`` has other play fields or responders."""
    other = state.clone()
    frame = other.stack[depth]
    responders = fields.pop("responders", frame.responders)
    other.stack[depth] = frame._replace(play=frame.play._replace(**fields), responders=responders)
    return other


def _sabotage(target: int):
    """A battle 2 against 2: the attacker's Sabotage on defending gnome ``target`` awaits answers."""
    state = build(households={0: ["sage", "pip"], 1: [("moss", "rake", None), ("gus", "twig", None)]},
                  hands={0: ["sabotage"], 1: ["no way"]}, phase="battle",
                  battle={"defender": 1, "attackers": ["sage", "pip"], "defenders": ["moss", "gus"]})
    play(state, "sabotage")
    act(state, Family.TARGET, target, 0)
    assert decision(state) == DecisionKind.RESPOND and state.current_player == 1
    return state


def test_d2_declared_play_target_gnome():
    """The gnome a declared play aims at: Sabotage on Moss's weapon or on Gus's weapon."""
    a, b = _sabotage(0), _sabotage(1)
    assert a.stack[0].play.t_gnome == gnome("moss") and b.stack[0].play.t_gnome == gnome("gus")
    _differ_only_in(a, b, {"stack"})


def _swipe(num_players: int = 2, yards=None):
    households = {0: ["sage", "pip"], 1: [("moss", "rake", "lid"), "gus"], 2: ["tinker", "doodle"]}
    state = build(num_players=num_players, households={s: households[s] for s in range(num_players)},
                  hands={0: ["swipe"], 1: ["no way"]}, yards=yards or {}, phase="organize")
    play(state, "swipe")
    act(state, Family.OPPONENT, 1)
    act(state, Family.TARGET, 0, 0)
    assert decision(state) == DecisionKind.RESPOND
    return state


def test_d2_declared_play_target_attachment():
    """Which attachment a Swipe takes: Moss's weapon or Moss's defence."""
    weapon = _swipe()
    defence = _edit_frame(weapon, t_slot=1)
    _differ_only_in(weapon, defence, {"stack"})


def _mower(slot: int):
    state = build(households={0: ["sage", "pip"], 1: ["moss", "gus"]}, yards={1: ["pink", "picket"]},
                  hands={0: ["lawn mower"], 1: ["no way"]}, phase="organize")
    play(state, "lawn mower")
    act(state, Family.OPPONENT, 1)
    act(state, Family.SLOT, slot)
    assert decision(state) == DecisionKind.RESPOND and state.current_player == 1
    return state


def test_d2_declared_play_target_yard_item():
    """Which yard item a Lawn Mower cuts: the first or the second of the same household."""
    first, second = _mower(0), _mower(1)
    assert first.stack[0].play.t_slot == 0 and second.stack[0].play.t_slot == 1
    _differ_only_in(first, second, {"stack"})


def test_d2_declared_play_target_household():
    """Which household a declared play aims at (3 households; everything else the same)."""
    state = _swipe(num_players=3, yards={1: ["pink"], 2: ["pink"]})
    other = _edit_frame(state, t_seat=2)
    _differ_only_in(state, other, {"stack"})


def test_d2_households_still_due_to_answer():
    """Who is still due to answer a play: an outsider's Mud Pie, the attacker being asked and the
    defender still due or not; then the attacker's No Way! with the defender due to answer it."""
    state = build(num_players=3, households={0: ["sage", "pip"], 1: ["moss", "gus"], 2: ["tinker", "doodle"]},
                  hands={0: ["no way"], 1: ["no way"], 2: ["mud pie"]}, phase="battle",
                  battle={"defender": 1, "attackers": ["sage"], "defenders": ["moss"]})
    act(state, Family.PASS)
    act(state, Family.PASS)
    act(state, Family.ITEM, card("mud pie"), 0)
    assert decision(state) == DecisionKind.RESPOND and state.current_player == 0
    assert [f.responders for f in state.stack] == [(1,)]
    _differ_only_in(state, _edit_frame(state, responders=()), {"stack"})
    play(state, "no way")
    assert state.current_player == 1 and [f.responders for f in state.stack] == [(1,), ()]
    _differ_only_in(state, _edit_frame(state, depth=0, responders=()), {"stack"})
    _differ_only_in(state, _edit_frame(state, depth=1, responders=(2,)), {"stack"})


def test_d2_cards_in_view_by_household():
    """Cards in view in a battle belong to the household that played them: the same Fertilizer
    played by one outsider or by the other."""
    state = build(num_players=4, households={0: ["sage", "pip"], 1: ["moss", "gus"], 2: ["tinker", "doodle"],
                                             3: ["nettle", "bumble"]},
                  hands={2: ["fertilizer"]}, phase="battle",
                  battle={"defender": 1, "attackers": ["sage"], "defenders": ["moss"]})
    act(state, Family.PASS)
    act(state, Family.PASS)
    act(state, Family.ITEM, card("fertilizer"), 0)
    while decision(state) == DecisionKind.RESPOND:
        act(state, Family.PASS)
    assert state.b_area == [card("fertilizer")] and state.b_by == [2]
    other = state.clone()
    other.b_by = [3]
    other.touch_battle()
    _differ_only_in(state, other, {"in_view"})


def test_d2_totals_below_zero():
    """A side total below zero is told apart from zero and from other totals below zero."""
    state = build(households={0: ["sage", "pip"], 1: ["old moss", "gus"]}, phase="battle",
                  battle={"defender": 1, "attackers": ["sage"], "defenders": ["old moss"]})
    totals_at = LAYOUTS[2].at["battle"] + 5 + 2 * 2  # stage, attacker, defender, then the totals
    seen = []
    for mods in (0, -1, -11, -15):
        other = state.clone()
        other.b_mods = [0, mods]
        other.touch_battle()
        obs = other.observation(0)
        seen.append(tuple(obs[totals_at:totals_at + 4]))
        below = obs[totals_at + 3]
        assert (below > 0) == (mods < 0) and obs.max() <= 1
    assert len(set(seen)) == 4


def test_d2_amounts_stay_below_the_bound():
    """Extreme amounts (every copy of a design in a hand and on the discard pile, three equal
    yard items, the highest hand limit, a huge hand, five gnomes, a big battle total) stay below
    1.0: only one-hot entries and flags reach the bound."""
    state = build(households={0: ["pebble", "old moss", ("tinker", "pitchfork", "hedge"), "sage"],
                              1: ["moss", "gus"]},
                  yards={0: ["pink", "pink", "pink"]}, hands={0: ["rake"] * 3 + ["no way"] * 3 + ["mud pie"] * 2
                                                                     + ["fertilizer"] * 2 + ["twig"] * 3 + ["lid"] * 3},
                  discard=["picket"] * 3 + ["yard sale"] * 2, selection=["bumble", "clod", "doodle"],
                  phase="recruit")
    state.turn_number = 30 * 2
    act(state, Family.SLOT, 0)  # a fifth gnome: one must leave
    assert decision(state) == DecisionKind.REMOVE_GNOME and len(state.households[0]) == 5
    assert state.hand_limit(0) == 8
    flags = {"decision", "decider", "turn_player", "context_card", "context_purpose", "context_seat",
             "context_side", "selection", "gnome_deck", "in_view", "stack"}
    big = build(households={0: [("tinker", "pitchfork", "hedge"), ("sage", "rake", "lid")], 1: ["moss", "gus"]},
                yards={0: ["picket"] * 3}, phase="battle",
                battle={"defender": 1, "attackers": ["tinker", "sage"], "defenders": ["moss", "gus"]})
    big.b_mods = [40, -40]
    big.touch_battle()
    for position in (state, big):
        for seat in range(2):
            obs = position.observation(seat)
            for segment in LAYOUTS[2].segments:
                if segment.name not in flags and segment.name not in ("battle", "households", "progress"):
                    assert obs[segment.start:segment.stop].max() < 1, segment.name
            at = LAYOUTS[2].at["battle"]
            assert obs[at + 5 + 4:at + 5 + 4 + 10].max() < 1  # totals, bonuses and penalties
            house = obs[LAYOUTS[2].at["households"]:LAYOUTS[2].at["battle"]].reshape(2, -1)
            assert house[:, :6 + 6].max() < 1  # scalars and yard items per design
        assert position.observation(0)[LAYOUTS[2].at["progress"]] < 1
