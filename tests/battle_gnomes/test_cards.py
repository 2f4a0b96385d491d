"""Every card and gnome text (R10), checked on constructed battles with hand-worked totals."""

from __future__ import annotations

from gnome_envs.battle_gnomes.components import GNOMES, Slot
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
BARE = ["old moss"]  # strength 0, a household text only


def fight(attack, defend, yards=None, hands=None, n=2, **kw):
    """A battle in its reaction loop: every listed gnome of each side battles."""
    names = [[g if isinstance(g, str) else g[0] for g in side] for side in (attack, defend)]
    spare = {0: ["pip"], 1: ["sage"]} if kw.pop("spare", False) else {0: [], 1: []}
    households = {0: list(attack) + spare[0], 1: list(defend) + spare[1]}
    households.update(kw.pop("others", {}))
    return build(num_players=n, households=households, yards=yards or {}, hands=hands or {}, phase="battle",
                 battle={"defender": 1, "attackers": names[0], "defenders": names[1]}, **kw)


def resolve(state, seat, family, arg, arg2=-1):
    """Pass around the loop to ``seat``, make the play, and let every window close unanswered."""
    while not (state.current_player == seat and decision(state) == DecisionKind.REACT):
        act(state, Family.PASS)
    act(state, family, arg, arg2)
    while decision(state) in (DecisionKind.RESPOND,):
        act(state, Family.PASS)


def whole_window(hands, attack=("sage",), defend=("doodle",), yards=None):
    """A battle at its whole-battle window (attackers and defenders chosen afterwards)."""
    return build(households={0: list(attack), 1: list(defend)}, hands=hands, yards=yards or {}, phase="battle",
                 battle={"defender": 1, "stage": "whole"})


def finish_window(state):
    """Pass the whole-battle window and pick the first gnome on each side."""
    while decision(state) in (DecisionKind.WHOLE_BATTLE, DecisionKind.RESPOND):
        act(state, Family.PASS)
    act(state, Family.GNOME, 0)
    if decision(state) == DecisionKind.ATTACKER:
        act(state, Family.PASS)
    act(state, Family.GNOME, 0)


# ---------------------------------------------------------------------------- R10.1 action cards
def test_r10_1_action_cards():
    """Home Turf, Sneak Attack, Truce Flag roles, Sabotage, Pep Talk, Swipe upgrade."""
    held = whole_window({1: ["sneak attack"]})
    act(held, Family.PASS)
    assert legal_args(held, Family.CARD) == []  # the defender may not play Sneak Attack
    turf = whole_window({0: ["home turf"]}, yards={0: ["picket", "pink"]})
    play(turf, "home turf")
    finish_window(turf)
    assert totals(turf) == (1 + 1 + 2 * (2 + 1), 2 + 2)  # Sage 1 (+1: Home Turf took effect), yard 3 doubled
    home = whole_window({1: ["home turf"]}, yards={0: ["picket"], 1: ["picket", "pink"]})
    act(home, Family.PASS)  # the attacker passes; the defender may play Home Turf too (O12: either side)
    assert home.current_player == 1 and [a for a, _ in legal_args(home, Family.CARD)] == [card("home turf")]
    play(home, "home turf")
    finish_window(home)
    assert totals(home) == (1 + 2, 2 + 2 + 2 * (2 + 1))  # Sage 1 + Fence 2 (not doubled); Doodle 2 + 2, yard 3 doubled
    sneak = whole_window({0: ["sneak attack", "truce flag"], 1: ["truce flag"]}, yards={1: ["stone wall"]})
    assert [a for a, _ in legal_args(sneak, Family.CARD)] == [card("sneak attack")]  # no Truce Flag: attacker
    play(sneak, "sneak attack")
    act(sneak, Family.PASS)
    assert [a for a, _ in legal_args(sneak, Family.CARD)] == [card("truce flag")]
    finish_window(sneak)
    assert totals(sneak) == (1 + 1, 2 + 2)  # Sage +1 for its card; the defender's Stone Wall counts 0
    sabotage = fight([("sage", "pitchfork", None)], [("gus", "rake", None)], hands={1: ["sabotage"]})
    resolve(sabotage, 1, Family.CARD, card("sabotage"))
    assert decision(sabotage) == DecisionKind.TARGET_ATTACHMENT
    assert legal_args(sabotage, Family.TARGET) == [(0, Slot.WEAPON)]
    act(sabotage, Family.TARGET, 0, Slot.WEAPON)
    act(sabotage, Family.PASS)
    assert totals(sabotage) == (1 + 0, 2 + 2)  # the Pitchfork counts 0
    pep = fight(["clod"], ["doodle"], hands={1: ["pep talk"]})
    resolve(pep, 1, Family.CARD, card("pep talk"))
    act(pep, Family.GNOME, 0)
    act(pep, Family.PASS)
    assert totals(pep) == (4, 2 * 2 + 2)  # Doodle's base 2 doubled, +2 with no attachment
    swipe = build(households={0: [("sage", "twig", None)], 1: [("gus", "pitchfork", None)]}, hands={0: ["swipe"]},
                  phase="organize")
    play(swipe, "swipe")
    act(swipe, Family.OPPONENT, 1)
    act(swipe, Family.TARGET, 0, Slot.WEAPON)
    act(swipe, Family.PASS)
    act(swipe, Family.GNOME, 0)
    assert swipe.weapon[gnome("sage")] == card("pitchfork") and card("twig") in swipe.discard


# ---------------------------------------------------------------------------- R10.2-R10.5 items
def test_r10_2_weapons():
    """Twig 1, Rake 2, Pitchfork 3; Shovel +1 defending; Shears +2 attacking; Slingshot +1 per
    thrown item its household played."""
    for name, value in (("twig", 1), ("rake", 2), ("pitchfork", 3)):
        assert totals(fight([("bumble", name, None)], BARE)) == (value, 0)
    assert totals(fight([("bumble", "shovel", None)], [("old moss", "shovel", None)])) == (2, 3)
    assert totals(fight([("bumble", "garden shears", None)], BARE)) == (4, 0)
    assert totals(fight(["bumble"], [("old moss", "garden shears", None)])) == (0, 2)
    sling = fight([("bumble", "slingshot", None)], BARE, hands={0: ["mud pie", "rotten tomato"]})
    assert totals(sling) == (1, 0)
    resolve(sling, 0, Family.ITEM, card("mud pie"), DEFEND)
    resolve(sling, 0, Family.ITEM, card("rotten tomato"), DEFEND)
    assert totals(sling) == (1 + 2, 0 - 2 - 1)


def test_r10_3_defences():
    """Bucket 1, Lid 2, Hedge 3; an Umbrella takes 1 off each thrown item against its side."""
    for name, value in (("bucket", 1), ("lid", 2), ("hedge", 3), ("umbrella", 1)):
        assert totals(fight([("bumble", None, name)], BARE)) == (value, 0)
    wet = fight([("bumble", None, "umbrella")], BARE, hands={1: ["mud pie", "rotten tomato"]})
    resolve(wet, 1, Family.ITEM, card("mud pie"), ATTACK)
    resolve(wet, 1, Family.ITEM, card("rotten tomato"), ATTACK)
    assert totals(wet) == (1 - (2 - 1) - 0, 0)


def test_r10_4_battle_items():
    """Every battle item kind, worked on a bare 0-0 battle."""
    cases = [  # (card, side, attackers, expected (attack, defence))
        ("rotten tomato", DEFEND, ["bumble"], (0, -1)),
        ("mud pie", DEFEND, ["bumble"], (0, -2)),
        ("garden rock", DEFEND, ["bumble"], (0, -3)),
        ("pine cone", ATTACK, ["bumble"], (-1, 0)),
        ("pine cone", ATTACK, ["bumble", "twinkle"], (-2, 0)),
        ("fertilizer", ATTACK, ["bumble"], (2, 0)),
        ("lucky clover", ATTACK, ["bumble"], (3, 0)),
        ("lucky clover", ATTACK, ["bumble", "twinkle"], (1, 0)),
        ("watering can", ATTACK, ["bumble"], (2, 0)),
        ("watering can", ATTACK, ["bumble", "twinkle"], (3, 0)),
        ("bee swarm", DEFEND, ["bumble"], (0, -2)),
    ]
    for name, side, attackers, expected in cases:
        state = fight(attackers, BARE, hands={0: [name]})
        resolve(state, 0, Family.ITEM, card(name), side)
        assert totals(state) == expected, name
    balloon = fight([("bumble", None, "lid")], BARE, hands={0: ["water balloon", "water balloon"]})
    resolve(balloon, 0, Family.ITEM, card("water balloon"), ATTACK)
    resolve(balloon, 0, Family.ITEM, card("water balloon"), DEFEND)
    assert totals(balloon) == (2 - 1, 0 - 3)  # guarded by a Lid Shield: -1; bare: -3
    yard = {0: ["pink", "pink", "picket"], 1: ["pink"]}
    stink = fight(["bumble"], BARE, yards=yard, hands={1: ["stink bomb"], 0: ["garden lantern"]})
    resolve(stink, 0, Family.ITEM, card("garden lantern"), ATTACK)
    resolve(stink, 1, Family.ITEM, card("stink bomb"), ATTACK)
    assert totals(stink) == (4 + 3 - 3, 1)  # yard 4, Lantern +3, Stink Bomb -3 (three yard items)
    hose = fight(["bumble"], BARE, hands={1: ["mud pie", "garden rock"], 0: ["garden hose"]})
    resolve(hose, 1, Family.ITEM, card("mud pie"), ATTACK)
    resolve(hose, 0, Family.ITEM, card("garden hose"), ATTACK)
    resolve(hose, 1, Family.ITEM, card("garden rock"), ATTACK)
    assert totals(hose) == (-3, 0)  # the Mud Pie was washed off; the later rock still counts


def test_r10_5_yard_items():
    """Flamingo 1, Bird Bath 1 (+1 defending), Fence 2, Stone Wall 0 / 3, Scarecrow 2 / 1,
    Compost Heap 1 + 1 per gnome beyond two."""
    for name, attacking, defending in (("pink", 1, 1), ("bird bath", 1, 2), ("picket", 2, 2),
                                       ("stone wall", 0, 3), ("scarecrow", 2, 1)):
        state = fight(["bumble"], BARE, yards={0: [name], 1: [name]})
        assert totals(state) == (attacking, defending), name
    compost = fight(["bumble"], BARE, yards={0: ["compost"]},
                    others={0: ["bumble", "pip", "sage", "doodle"]})
    assert totals(compost) == (1 + 2, 0)  # four gnomes: two beyond two


# ---------------------------------------------------------------------------- R10.6 gnomes
BATTLE_TEXTS = [  # (attackers, defenders, expected totals, what is checked)
    (["sir sprinkles"], BARE, (3, 0), "Sir Sprinkles attacking"),
    (["bumble"], ["sir sprinkles"], (0, 4), "Sir Sprinkles +1 defending"),
    (["bramble"], BARE, (4, 0), "Bramble +2 attacking"),
    (["bumble"], ["bramble"], (0, 2), "Bramble defending"),
    ([("tinker", "twig", None)], [("hector", "pitchfork", None)], (2 + 1 + 1, 4),
     "Tinker +1 weapon; Hector's weapon 0"),
    ([("rusty", None, "hedge")], BARE, (3, 0), "Rusty's defence 0"),
    ([("lady marigold", None, "lid"), ("doodle", None, "bucket")], BARE, (2 + 2 + 2 + 2 + 1, 0),
     "Lady Marigold +1 per defence (Doodle armed: no bonus)"),
    ([("lady marigold", None, None), ("rusty", None, "hedge")], BARE, (2 + 1 + 3 + 0, 0),
     "Lady Marigold counts Rusty's defence, which counts 0 (O16)"),
    (["boulder", "bumble"], BARE, (4 - 2, 0), "Boulder -2 with another gnome"),
    (["bumble"], ["boulder"], (0, 4), "Boulder alone"),
    (["twinkle"], BARE, (3, 0), "Twinkle +3 alone"),
    (["bumble", "pip"], ["twinkle", "doodle"], (1, 0 + 2 + 2), "Twinkle with another gnome"),
    (["doodle", ("bumble", "twig", None)], BARE, (2 + 2 + 1, 0), "Doodle +2 with no attachment"),
]


def test_r10_6_gnome_texts():
    """Battle texts in the totals, household texts, functions once per battle, Clod never attacks."""
    for attack, defend, expected, what in BATTLE_TEXTS:
        assert totals(fight(attack, defend)) == expected, what
    clover = fight(["captain clover"], BARE, others={0: ["captain clover", "pip", "sage", "doodle"]})
    assert totals(clover) == (3 + 3, 0)
    gus = fight(["gus"], BARE, yards={0: ["pink", "picket"]})
    assert totals(gus) == (2 + (1 + 2) + 2, 0)
    thistle = fight(["thistle"], BARE, hands={1: ["garden rock", "bee swarm"]})
    resolve(thistle, 1, Family.ITEM, card("garden rock"), ATTACK)
    resolve(thistle, 1, Family.ITEM, card("bee swarm"), ATTACK)
    assert totals(thistle) == (1 - 0 - 2, 0)  # the rock counts 0; the swarm is not thrown
    snickers = fight(["snickers"], BARE, hands={0: ["rotten tomato"]})
    resolve(snickers, 0, Family.ITEM, card("rotten tomato"), DEFEND)
    assert totals(snickers) == (1, -2)
    sage = fight(["sage"], BARE, hands={0: ["battle cry"]})
    resolve(sage, 0, Family.CARD, card("battle cry"))
    assert totals(sage) == (1 + 3 + 1, 0)
    assert sorted(g.hand_limit for g in GNOMES if g.hand_limit) == [-1, 1, 2]
    _functions()


def _functions():
    nettle = fight(["nettle", "bumble"], BARE, hands={})
    resolve(nettle, 0, Family.GNOME, 0)
    resolve(nettle, 0, Family.GNOME, 1)
    assert totals(nettle) == (2 + 0 + 2, 0 - 1)
    assert nettle.b_used >> gnome("nettle") & 1 and nettle.b_used >> gnome("bumble") & 1
    act(nettle, Family.PASS)  # the defender passes: the loop is back at seat 0 (one pass, not a full round)
    assert nettle.current_player == 0 and decision(nettle) == DecisionKind.REACT
    assert legal_args(nettle, Family.GNOME) == []  # once per battle: neither function is offered again
    pip = fight(["pip"], BARE, hands={0: ["rake"]})
    resolve(pip, 0, Family.GNOME, 0)
    assert len(pip.hands[0]) == 1 + 1  # the Rake, and the one card Pip draws
    whisper = fight(["whisper"], [("old moss", None, "hedge")])
    resolve(whisper, 0, Family.GNOME, 0)
    act(whisper, Family.TARGET, 0, Slot.DEFENCE)
    act(whisper, Family.PASS)
    assert totals(whisper) == (1, 0)
    fizz = fight(["fizzwick"], BARE, hands={0: ["rake"]})
    resolve(fizz, 0, Family.GNOME, 0)
    play(fizz, "rake")
    act(fizz, Family.PASS)
    assert totals(fizz) == (1 + 2, 0) and fizz.discard == [card("rake")]
    moss = fight(["sage"], ["moss"])
    react_until_end(moss)
    act(moss, Family.GNOME, 0)
    assert len(moss.hands[1]) == 6  # the hand limit 5, and one card more for Moss (R7.6)
