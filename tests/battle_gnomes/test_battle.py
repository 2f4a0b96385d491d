"""The Gnome Battle (R3.1, R3.7, R7) and worked examples E2 and E5."""

from __future__ import annotations

from gnome_envs.battle_gnomes.actions import TurnAction
from gnome_envs.battle_gnomes.battle import targets_for
from gnome_envs.battle_gnomes.totals import totals

from .helpers import (
    DecisionKind,
    Family,
    act,
    build,
    card,
    decision,
    gnome,
    legal_args,
    play,
    react_until_end,
)

ATTACK, DEFEND = 0, 1


def _battle(n=2, households=None, hands=None, yards=None, attackers=("sage",), defenders=("moss",), **kw):
    households = households or {0: ["sage", "pip"], 1: ["moss", "gus"]}
    return build(num_players=n, households=households, hands=hands or {}, yards=yards or {}, phase="battle",
                 battle={"defender": kw.pop("defender", 1), "attackers": list(attackers),
                         "defenders": list(defenders)},
                 **kw)


def test_r3_1_battle_cards():
    """B cards only by the two battling households; whole-battle cards only in their window."""
    state = _battle(n=3, households={0: ["sage", "pip"], 1: ["moss", "gus"], 2: ["tinker", "bumble"]},
                    hands={0: ["battle cry", "home turf"], 2: ["battle cry", "mud pie"]})
    assert state.current_player == 0
    mine = [a for a, _ in legal_args(state, Family.CARD)]
    assert mine == [card("battle cry")]  # Home Turf belongs to the whole-battle window
    act(state, Family.PASS)
    act(state, Family.PASS)  # seat 1: nothing in hand
    assert state.current_player == 2 and legal_args(state, Family.CARD) == []
    assert legal_args(state, Family.ITEM) == [(card("mud pie"), ATTACK), (card("mud pie"), DEFEND)]
    whole = build(households={0: ["sage", "pip"], 1: ["moss", "gus"]}, hands={0: ["battle cry", "home turf"]},
                  phase="battle", battle={"defender": 1, "stage": "whole"})
    assert decision(whole) == DecisionKind.WHOLE_BATTLE
    assert [a for a, _ in legal_args(whole, Family.CARD)] == [card("home turf")]


def test_r3_7_battle_items():
    """Any household may play battle items onto either side of any battle."""
    state = _battle(n=3, households={0: ["sage", "pip"], 1: ["moss", "gus"], 2: ["tinker", "bumble"]},
                    hands={1: ["fertilizer"], 2: ["rotten tomato"]})
    act(state, Family.PASS)
    assert legal_args(state, Family.ITEM) == [(card("fertilizer"), ATTACK), (card("fertilizer"), DEFEND)]
    act(state, Family.PASS)
    before = totals(state)
    act(state, Family.ITEM, card("rotten tomato"), DEFEND)
    assert decision(state) == DecisionKind.RESPOND  # the battlers may answer it
    while decision(state) == DecisionKind.RESPOND:
        act(state, Family.PASS)
    assert state.b_att == 0 and totals(state) == (before[0], before[1] - 1)


def test_r7_1_opponent():
    """Only households with a gnome; fewer than two only when the attacker has fewer than two too."""
    state = build(num_players=4, households={0: ["sage", "pip"], 1: ["moss"], 2: [], 3: ["gus", "tinker"]})
    assert targets_for(state, 0) == [3]
    state.households[0].remove(gnome("pip"))
    assert targets_for(state, 0) == [1, 3]
    clod = build(households={0: ["clod"], 1: ["moss", "gus"]})
    assert [a for a, _ in legal_args(clod, Family.TURN)] == [TurnAction.ORGANIZE, TurnAction.RECRUIT]
    ok = build(households={0: ["sage", "pip"], 1: ["moss", "gus"]})
    act(ok, Family.TURN, TurnAction.BATTLE)
    assert decision(ok) == DecisionKind.CHOOSE_OPPONENT and legal_args(ok, Family.OPPONENT) == [(1, -1)]


def test_r7_2_whole_battle_window():
    """Attacker and defender alternate, attacker first; two passes in a row close the window."""
    state = build(households={0: ["sage", "pip"], 1: ["moss", "gus"]}, hands={0: ["home turf"], 1: ["sneak attack"]},
                  phase="battle", battle={"defender": 1, "stage": "whole"})
    assert state.current_player == 0 and decision(state) == DecisionKind.WHOLE_BATTLE
    play(state, "home turf")
    assert decision(state) == DecisionKind.RESPOND and state.current_player == 1
    act(state, Family.PASS)
    assert state.b_home == 1 and decision(state) == DecisionKind.WHOLE_BATTLE and state.current_player == 1
    assert legal_args(state, Family.CARD) == []  # Sneak Attack is the attacker's card
    act(state, Family.PASS)
    assert state.current_player == 0
    act(state, Family.PASS)
    assert decision(state) == DecisionKind.ATTACKER
    turf = build(households={0: ["sage", "pip"], 1: ["moss", "gus"]}, hands={1: ["home turf", "truce flag"]},
                 phase="battle", battle={"defender": 1, "stage": "whole"})
    act(turf, Family.PASS)  # the attacker passes; Home Turf is either side's card (O12)
    assert turf.current_player == 1
    assert sorted(a for a, _ in legal_args(turf, Family.CARD)) == sorted([card("home turf"), card("truce flag")])
    play(turf, "home turf")
    act(turf, Family.PASS)
    assert turf.b_home == 1 << 1 and decision(turf) == DecisionKind.WHOLE_BATTLE and turf.current_player == 0


def test_r7_3_choose_gnomes():
    """One or two attackers (never Clod); the defender answers with as many, or all it has."""
    state = build(households={0: ["clod", "sage", "pip"], 1: ["moss", "gus", "tinker"]}, phase="battle",
                  battle={"defender": 1, "stage": "whole"})
    act(state, Family.PASS)
    act(state, Family.PASS)  # an empty whole-battle window
    assert decision(state) == DecisionKind.ATTACKER
    assert sorted(a for a, _ in legal_args(state, Family.GNOME)) == [1, 2]
    assert not legal_args(state, Family.PASS)
    act(state, Family.GNOME, 1)
    assert legal_args(state, Family.PASS) and [a for a, _ in legal_args(state, Family.GNOME)] == [2]
    act(state, Family.GNOME, 2)
    assert decision(state) == DecisionKind.DEFENDER and state.current_player == 1
    act(state, Family.GNOME, 2)
    act(state, Family.GNOME, 0)
    assert state.b_sides == [(gnome("sage"), gnome("pip")), (gnome("tinker"), gnome("moss"))]
    assert decision(state) == DecisionKind.REACT and state.current_player == 0
    short = build(households={0: ["sage"], 1: ["moss"]}, phase="battle", battle={"defender": 1, "stage": "whole"})
    act(short, Family.PASS)
    act(short, Family.PASS)
    assert not legal_args(short, Family.PASS)  # at least one attacker
    act(short, Family.GNOME, 0)
    assert decision(short) == DecisionKind.DEFENDER
    act(short, Family.GNOME, 0)
    assert short.b_sides == [(gnome("sage"),), (gnome("moss"),)]
    assert decision(short) == DecisionKind.REACT
    assert short.b_sides == [(gnome("sage"),), (gnome("moss"),)]  # one attacker, one forced defender
    assert decision(short) == DecisionKind.REACT


def test_r7_4_reaction_loop():
    """Clockwise from the attacker, everyone asked; any play restarts the count; the battle ends
    after a full round of passes in a row."""
    state = _battle(n=4, households={0: ["sage", "pip"], 1: ["moss", "gus"], 2: ["tinker", "bumble"],
                                     3: ["doodle", "nettle"]},
                    defender=2, hands={0: ["fertilizer"], 3: ["mud pie"]}, defenders=("tinker",))
    asked = []
    asked.append(state.current_player)
    act(state, Family.PASS)
    for _ in range(2):
        asked.append(state.current_player)
        act(state, Family.PASS)
    asked.append(state.current_player)
    act(state, Family.ITEM, card("mud pie"), ATTACK)  # an outsider plays: answered by both battlers
    responders = []
    while decision(state) == DecisionKind.RESPOND:
        responders.append(state.current_player)
        act(state, Family.PASS)
    assert asked == [0, 1, 2, 3] and responders == [0, 2]
    for expected in (0, 1, 2, 3):
        assert state.current_player == expected and decision(state) == DecisionKind.REACT
        act(state, Family.PASS)
    assert decision(state) == DecisionKind.GIVE_GNOME or state.b_att < 0


def test_r7_5_totals_and_ties():
    """Totals add up gnomes, texts, attachments, yard and plays; a tie goes to the defender."""
    state = _battle(households={0: [("sage", "rake", None), "pip"], 1: [("moss", None, "lid shield"), "gus"]},
                    yards={1: ["pink"]}, attackers=("sage",), defenders=("moss",))
    assert totals(state) == (1 + 0 + 2, 2 + 2 + 1)  # Sage 1 + 0 played, Rake 2; Moss 2, Lid 2, Flamingo 1
    tie = _battle(households={0: [("sage", "rake", None), "pip"], 1: ["gus", "moss"]}, defenders=("gus",),
                  hands={0: []})
    assert totals(tie) == (3, 2)
    tie.b_mods[1] += 1
    react_until_end(tie)
    assert decision(tie) == DecisionKind.GIVE_GNOME and tie.current_player == 0  # the attacker lost the tie


def test_r7_6_after_the_battle():
    """The loser hands over a battling gnome (attachments discarded); cards discarded; both draw up."""
    state = _battle(households={0: [("sage", "rake", "lid"), "pip"], 1: ["moss", ("gus", "pitchfork", None)]},
                    attackers=("sage", "pip"), defenders=("moss", "gus"),
                    hands={0: ["battle cry"], 1: ["fertilizer"]})
    play(state, "battle cry")
    act(state, Family.PASS)  # defender lets it happen
    act(state, Family.ITEM, card("fertilizer"), DEFEND)
    act(state, Family.PASS)  # attacker lets it happen
    assert totals(state) == (1 + 1 + 2 + 2 + 1 + 3, 2 + 2 + 3 + 2)  # Sage +1 for the Battle Cry
    react_until_end(state)
    assert decision(state) == DecisionKind.GIVE_GNOME and state.current_player == 1  # 10 beats 9
    assert sorted(a for a, _ in legal_args(state, Family.GNOME)) == [0, 1]
    act(state, Family.GNOME, 1)  # Gus goes; Moss stays, so seat 1 draws to its limit 5 and one more (R7.6)
    assert state.defeated[0] == [gnome("gus")] and state.households[1] == [gnome("moss")]
    assert sorted(state.discard) == sorted(card(n) for n in ("pitchfork", "battle cry", "fertilizer"))
    assert len(state.hands[0]) == 5 and len(state.hands[1]) == 6 and state.b_att == -1
    plain = _battle(households={0: ["sage", "pip"], 1: ["doodle", "gus"]}, defenders=("doodle",))
    react_until_end(plain)
    act(plain, Family.GNOME, 0)  # Sage 1 against Doodle 2 + 2
    assert len(plain.hands[1]) == 5 and len(plain.hands[0]) == 5 and plain.defeated[1] == [gnome("sage")]


def test_r7_7_called_off():
    """A Truce Flag that takes effect ends the battle: no gnome lost, cards discarded, both draw."""
    state = build(households={0: ["sage", "pip"], 1: ["doodle", "gus"]}, hands={0: ["home turf"], 1: ["truce flag"]},
                  phase="battle", battle={"defender": 1, "stage": "whole"})
    play(state, "home turf")
    act(state, Family.PASS)
    play(state, "truce flag")
    act(state, Family.PASS)  # the attacker does not answer
    assert state.b_att == -1 and state.defeated == [[], []]
    assert sorted(state.discard) == sorted([card("home turf"), card("truce flag")])
    assert len(state.hands[0]) == 5 and len(state.hands[1]) == 5 and state.turn_player == 1


def test_e2_battle_totals():
    """E2: 13 against 10; a Garden Rock on the attacker makes it 10 all, and the defender wins."""
    state = _battle(households={0: [("bramble", "rake", None), ("sir spr", None, "lid")],
                                1: [("clod", None, "hedge"), "twinkle"]},
                    yards={0: ["scarecrow", "stone wall"], 1: ["stone wall"]}, hands={1: ["garden rock"]},
                    attackers=("bramble", "sir spr"), defenders=("clod", "twinkle"))
    assert totals(state) == (13, 10)
    act(state, Family.PASS)
    act(state, Family.ITEM, card("garden rock"), ATTACK)
    act(state, Family.PASS)
    assert totals(state) == (10, 10)
    react_until_end(state)
    assert decision(state) == DecisionKind.GIVE_GNOME and state.current_player == 0


def test_e5_outsider_battle_item():
    """E5: an outsider throws a Mud Pie at the leader's side and turns the battle; it may not
    play its Battle Cry there."""
    state = _battle(n=3, households={0: [("sage", "rake", None), "pip"], 1: ["gus", "moss"], 2: ["tinker", "bumble"]},
                    defenders=("gus",), defeated={0: ["doodle", "nettle"]}, hands={2: ["mud pie", "battle cry"]})
    assert totals(state) == (3, 2)
    act(state, Family.PASS)
    act(state, Family.PASS)
    assert state.current_player == 2 and legal_args(state, Family.CARD) == []
    act(state, Family.ITEM, card("mud pie"), ATTACK)
    act(state, Family.PASS)
    act(state, Family.PASS)
    assert totals(state) == (1, 2)
    react_until_end(state)
    assert decision(state) == DecisionKind.GIVE_GNOME and state.current_player == 0
    assert legal_args(state, Family.GNOME) == [(0, -1)]  # only the battling Sage
    act(state, Family.GNOME, 0)
    assert state.defeated[1] == [gnome("sage")] and not state.is_terminal()


def test_o28_defender_count_matches_attackers():
    """O28 / O10: the defender fields exactly as many gnomes as attack it (it cannot decline the
    second), and a household with one gnome is never attacked by two."""
    state = build(households={0: ["sage", "pip"], 1: ["moss", "gus", "tinker"]}, phase="battle",
                  battle={"defender": 1, "stage": "whole"})
    act(state, Family.PASS)
    act(state, Family.PASS)
    act(state, Family.GNOME, 0)
    act(state, Family.GNOME, 1)
    act(state, Family.GNOME, 2)
    assert decision(state) == DecisionKind.DEFENDER and not legal_args(state, Family.PASS)
    act(state, Family.GNOME, 0)
    assert len(state.b_sides[1]) == 2 and decision(state) == DecisionKind.REACT
    single = build(households={0: ["sage", "pip"], 1: ["moss", "gus"]}, phase="battle",
                   battle={"defender": 1, "stage": "whole"})
    act(single, Family.PASS)
    act(single, Family.PASS)
    act(single, Family.GNOME, 0)
    act(single, Family.PASS)  # one attacker
    act(single, Family.GNOME, 1)
    assert single.b_sides == [(gnome("sage"),), (gnome("gus"),)] and decision(single) == DecisionKind.REACT
    lone = build(households={0: ["sage", "pip"], 1: ["moss"]})
    assert targets_for(lone, 0) == [] and TurnAction.BATTLE not in [a for a, _ in legal_args(lone, Family.TURN)]
