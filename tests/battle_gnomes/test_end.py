"""The end of the game (R9) and worked example E4."""

from __future__ import annotations

from gnome_envs.battle_gnomes.actions import TurnAction

from .helpers import DecisionKind, Family, act, build, decision, gnome, react_until_end


def test_r9_1_instant_win():
    """A third defeated gnome wins at once, whatever else stands."""
    households = {0: [("sage", "rake", None), "pip"], 1: ["gus", "tinker"], 2: ["moss", "bumble"]}
    state = build(num_players=3, households=households,
                  defeated={0: ["doodle", "nettle"], 1: ["clod", "boulder"]}, phase="battle",
                  battle={"defender": 1, "attackers": ["sage"], "defenders": ["tinker"]})
    react_until_end(state)  # 3 against 2
    act(state, Family.GNOME, 1)
    assert state.is_terminal() and state.winner == 0 and state.current_player == -1
    assert state.placements()[0] == 0 and state.returns().tolist() == [1.0, -1.0, -1.0]
    assert state.placements()[1] < state.placements()[2]  # then by defeated gnomes (O22)
    state.check_invariants()


def test_r9_2_final_round():
    """A selection slot that cannot be refilled: this turn ends, then one more turn each."""
    state = build(num_players=3, households={0: ["sage", "pip"], 1: ["gus", "tinker"], 2: ["moss", "bumble"]},
                  selection=["doodle", "nettle", "clod"], phase="recruit")
    state.gnome_deck.clear()
    act(state, Family.SLOT, 0)
    assert state.final_round and state.selection[0] == -1
    turns = []
    while not state.is_terminal():
        if decision(state) == DecisionKind.TURN_ACTION:
            turns.append(state.turn_player)
            act(state, Family.TURN, TurnAction.ORGANIZE)
        elif state.game.action_layout.pass_action in state.legal_actions():
            act(state, Family.PASS)
        else:
            state.apply(state.legal_actions()[0])
    assert turns == [1, 2, 0]


def test_r9_3_ranking():
    """Most defeated gnomes first, then most items in play; full ties share the place."""
    state = build(num_players=4, households={0: [("sage", "rake", "lid")], 1: [("gus", "rake", None)], 2: ["pip"],
                                             3: ["moss"]},
                  yards={2: ["pink", "picket"]}, defeated={0: ["doodle"], 1: ["nettle"], 2: ["clod"]})
    assert state.placements() == (0, 2, 0, 3)  # seats 0 and 2: one defeated, two items each
    assert state.scores().tolist() == [1, 1, 1, 0]
    state.finished = True
    assert state.returns().tolist() == [0.5, -1, 0.5, -1]


def test_e4_final_round_tie_break():
    """E4: the last gnome is recruited, the next recruit empties a slot, one more turn each, and
    two households with one defeated gnome are separated by their items in play."""
    state = build(households={0: [("sage", "rake", None), "pip"], 1: ["gus", "tinker"]},
                  defeated={0: ["doodle"], 1: ["nettle"]}, selection=["clod", "moss", "bumble"],
                  gnome_deck_top=["boulder"], phase="recruit")
    state.gnome_deck[:] = [gnome("boulder")]
    act(state, Family.SLOT, 0)  # Boulder refills the slot: the deck is now empty
    assert not state.final_round and state.gnome_deck == []
    assert state.turn_player == 1
    while decision(state) != DecisionKind.TURN_ACTION:
        state.apply(state.game.action_layout.pass_action)
    act(state, Family.TURN, TurnAction.RECRUIT)
    act(state, Family.SLOT, 1)  # no gnome left to refill the slot
    assert state.final_round
    while not state.is_terminal():
        if decision(state) == DecisionKind.TURN_ACTION:
            act(state, Family.TURN, TurnAction.ORGANIZE)
        else:
            state.apply(state.game.action_layout.pass_action)
    assert state.turn_number == 4  # seat 0, seat 1 (trigger), then seat 0 and seat 1 once more
    assert [len(d) for d in state.defeated] == [1, 1]
    assert state.items_in_play(0) == 1 and state.items_in_play(1) == 0
    assert state.placements() == (0, 1) and state.winner == -1
