"""Rules defects fixed and readings recorded: tasks completable during the resolve phase
(R7.1, O67), digging in peace (R6.4), the Fortress turn for any reason (D4.2), dwarfs placed this
turn on a card that left the mat (D9.1), determinization that never hands back the hidden truth
(R12.2, O31), the High Ho switch (D13.2), and the readings O68-O73 the rulebook leaves open."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from gnome_envs.core.errors import ConfigError
from gnome_envs.dwarfs_fall.components import BLACK_CASTLE_VP, KIND_VP, Mood
from gnome_envs.dwarfs_fall.decrees import NUM_DECREES, NUM_SCENARIOS, Decree
from gnome_envs.dwarfs_fall.goals import secret_met
from gnome_envs.dwarfs_fall.races import CLASSES, RACE_CLASSES, Race, class_cost

from .helpers import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    DecisionKind,
    Family,
    Gem,
    Kind,
    Ogre,
    Secret,
    act,
    build,
    cell,
    decision,
    dwarfs,
    layout,
    legal_cells,
)

TROLLS = ("trolls_bridge",)
ROYAL = ("royal_decrees",)


def rbuild(mat=None, num_players: int = 2, decrees=(), **kwargs):
    """A Royal Decrees position with exactly ``decrees`` in force."""
    return build(mat, num_players, expansions=ROYAL, scenario="siege", decrees=decrees, **kwargs)


def resolve(state, name: str) -> None:
    """Complete the task on ``name``."""
    act(state, layout(state).cell(cell(name)), "resolve_task")


# ---------------------------------------------------------------------------- R7.1 (O67)
def test_r7_1_a_toll_that_brings_the_mighty_troll_lets_the_monster_fall():
    """Three blue dwarfs on a dragon are not enough at the start of the phase; the toll moves the
    Mighty troll onto it, and the dragon falls in the same resolve phase."""
    moods = (Mood.MIGHTY, Mood.SCARY, Mood.MINER, Mood.WARBAND_LEADER)
    state = build({"c4": "Bdra"}, expansions=TROLLS, moods=moods, dwarfs={"d4": "B", "c4": "BBB"},
                  phase="resolve")
    assert legal_cells(state) == {"d4"}, "only the toll at first"
    resolve(state, "d4")
    act(state, layout(state).cell(cell("c4")), "troll_dest")
    assert decision(state) == "resolve_task" and legal_cells(state) == {"c4"}
    resolve(state, "c4")
    assert len(state.defeated[BLUE]) == 1 and state.kind_at(cell("c4")) < 0


def test_r7_1_beast_hunters_slay_the_next_monster_in_the_same_phase():
    """D6 with R7.1: one monster already slain, four blue dwarfs fell a dragon; the second slain
    monster makes three enough on the frost giant, which falls too."""
    state = rbuild({"a1": "Bdra", "c1": "Bfro"}, decrees=[Decree.BEAST_HUNTERS], defeated={BLUE: ["Rdra"]},
                   dwarfs={"a1": "BBBB", "c1": "BBB"}, phase="resolve")
    assert legal_cells(state) == {"a1"}
    resolve(state, "a1")
    assert decision(state) == "resolve_task" and legal_cells(state) == {"c1"}
    resolve(state, "c1")
    assert len(state.defeated[BLUE]) == 3 and state.pile[BLUE] == 7


def test_r7_1_a_card_with_dwarfs_for_two_tasks_completes_twice():
    """O67: two blue dwarfs on a battle memorial (one needed) turn two cards, as the lake's three
    spots pay three tolls (T2.1)."""
    state = rbuild({"a1": "Nmem", "c1": "Bcas", "e1": "Rcas"}, decrees=[Decree.BATTLE_MEMORIAL],
                   defeated={BLUE: ["Rdra"]}, dwarfs={"a1": "BB"}, phase="resolve")
    resolve(state, "a1")
    act(state, layout(state).cell(cell("c1")), "memorial_card")
    act(state, state.legal_actions()[0], "rotate_card")
    resolve(state, "a1")
    assert decision(state) == "memorial_card" and dwarfs(state, "a1") == ""


def _joined(mat: dict, extra: dict[str, str], cells: tuple[str, ...], **kwargs) -> dict:
    """``mat`` plus the ``extra`` cards, turned so that ``cells`` lie in one region (walls: O3;
    ``kwargs`` build the position, e.g. The Empires' races)."""
    names = list(extra)
    for turns in np.ndindex(*(4,) * len(names)):
        full = {**mat, **{n: f"{extra[n]}/{t}" for n, t in zip(names, turns)}}
        region = build(full, **kwargs).region_at(cell(cells[0])).cells
        if all(cell(c) in region for c in cells):
            return full
    raise AssertionError(f"no turn of {extra} joins {cells}")


# ---------------------------------------------------------------------------- D9.1 Crazy Balloonists
def test_d9_1_a_slain_monster_leaves_no_placement_record():
    """The fifth blue dwarf placed on a dragon slays it; the square it stood on is empty, so this
    turn's placement record no longer names it (invariants and observation)."""
    state = rbuild({"a1": "Rdra", "c1": "Btav"}, decrees=[Decree.CRAZY_BALLOONISTS],
                   dwarfs={"a1": "BBBB", "c1": "BB"})
    act(state, layout(state).dwarf(cell("a1")), "action")
    assert state.placed_cells == (cell("a1"),)
    act(state, layout(state).end(), "action")
    resolve(state, "a1")
    assert decision(state) == "resolve_task", "still blue's turn: the tavern's task waits"
    assert state.kind_at(cell("a1")) < 0 and state.placed_cells == ()
    state.check_invariants()
    placed = state.game.obs_layout.at["royal"] + NUM_SCENARIOS + NUM_DECREES + 2 + 2  # axe (n=2), night, hired
    assert state.observation(BLUE)[placed + cell("a1")] == 0.0


def test_d9_1_a_new_card_on_the_square_takes_a_dwarf_again():
    """Blue places a dwarf on the red gold mine, moves it on, stacks its own gold mine there: the
    new card has had no dwarf from the pile this turn, so one may go onto it."""
    mat = _joined({"a8": "Bcas"}, {"e4": "Rgol", "f4": "Rtav"}, ("e4", "f4"))
    state = rbuild(mat, decrees=[Decree.CRAZY_BALLOONISTS])
    assert state.action_limit(BLUE) == 4
    act(state, layout(state).dwarf(cell("e4")), "action")
    act(state, layout(state).move(cell("e4"), 1), "action")  # east, onto the tavern
    act(state, layout(state).card(1), "action")  # blue's gold mine
    act(state, layout(state).place(cell("e4"), 0), "place_card")
    assert "e4" in legal_cells(state, Family.DWARF)


# ---------------------------------------------------------------------------- D4.2 Fortress
def test_d4_2_fortress_turn_when_crazy_balloonists_leave_no_spot():
    """Fortress and Crazy Balloonists: blue's only allowed card already took a dwarf this turn,
    the others lie in red's kingdom; with no valid spot, for any reason, blue may turn a card."""
    state = rbuild({"b2": "Rcas", "f6": "Bgol"}, decrees=[Decree.FORTRESS, Decree.CRAZY_BALLOONISTS])
    assert legal_cells(state, Family.DWARF) == {"f6"}
    assert not legal_cells(state, Family.ROTATE), "f6 may still take a dwarf: no turning yet"
    act(state, layout(state).dwarf(cell("f6")), "action")
    assert not legal_cells(state, Family.DWARF)
    assert legal_cells(state, Family.ROTATE) == {"b2"}


# ---------------------------------------------------------------------------- R12.2 determinization
def test_r12_2_determinization_never_hands_back_the_hidden_truth():
    """Red, green and yellow each meet most secret goals, so only 4 of the 120 deals of the six
    goals blue cannot place fit (red and green: Architect or King; yellow: Berserker or
    Researcher). Every sample must still redeal their face-down ogre cards and draw the goals
    among exactly those deals, never fall back to the true hands."""
    everything = (1, 1, 1, 1)
    state = build({"a1": "Gdra", "c1": "Gfro", "e1": "Ydra", "g1": "Yfro"}, 4,
                  dwarfs={"a1": "RRR", "c1": "RRR", "e1": "GGG", "g1": "GGG"},
                  gems={RED: everything, GREEN: everything, YELLOW: everything},
                  ogres={RED: (1, 1, 1, 1, 1), GREEN: (1, 1, 1, 1, 1), YELLOW: (1, 1, 1, 1, 1)},
                  defeated={RED: ["Bdra", "Bfro"], GREEN: ["Rdra", "Rfro"]},
                  secrets=(Secret.WIZARD, Secret.ARCHITECT, Secret.KING, Secret.RESEARCHER))
    assert not any(state.secret_revealed)
    seen = state.observation(BLUE)
    deals = Counter()
    for k in range(300):
        det = state.determinize(BLUE, np.random.default_rng(k))
        assert det.ogres.counts != state.ogres.counts, f"sample {k} kept the true face-down ogre cards"
        deals[tuple(det.secret[1:])] += 1
        assert np.array_equal(det.observation(BLUE), seen)
        assert not any(secret_met(det, o, det.secret[o]) for o in (RED, GREEN, YELLOW))
    a, k, b, r = Secret.ARCHITECT, Secret.KING, Secret.BERSERKER, Secret.RESEARCHER
    assert set(deals) == {(a, k, b), (a, k, r), (k, a, b), (k, a, r)}
    assert min(deals.values()) > 40, f"the four deals are equally likely: {deals}"


# ---------------------------------------------------------------------------- D13.2 High Ho switch
def test_d13_2_high_ho_switch_for_big_tables():
    """``high_ho=True`` puts High Ho in force from setup, with or without Royal Decrees."""
    from gnome_envs.core.registry import make_game

    for bad in ("yes", 1, None):
        with pytest.raises(ConfigError, match="high_ho"):
            make_game("dwarfs_fall_v6", num_players=5, expansions=("empires",), high_ho=bad)
    game = make_game("dwarfs_fall_v6", num_players=5, expansions=("empires",), high_ho=True)
    state = game.new_state(3)
    assert state.decree(Decree.HIGH_HO) and state.action_limit(0) == 1
    decrees = game.obs_layout.at["royal"] + NUM_SCENARIOS
    assert state.observation(1)[decrees + Decree.HIGH_HO] == 1.0, "public"
    assert "high_ho" in state.render_text() and "no scenario" in state.render_text()
    plain = make_game("dwarfs_fall_v6", num_players=5, expansions=("empires",)).new_state(3)
    assert not plain.game.royal and plain.action_limit(0) == 3
    royal = make_game("dwarfs_fall_v6", num_players=2, expansions=ROYAL, scenario="siege", high_ho=True).new_state(0)
    assert royal.decree(Decree.HIGH_HO) and royal.decree(Decree.FORTRESS), "added to the scenario's decrees"
    rng = np.random.default_rng(3)
    steps = 0
    while not state.is_terminal() and steps < 3000:
        legal = state.legal_actions()
        state.apply(legal[rng.integers(len(legal))])
        state.check_invariants()
        steps += 1
        if state.current_player == state.turn_player and state.pending.kind == DecisionKind.ACTION:
            assert state.actions_used <= state.action_limit(state.turn_player)
    assert state.is_terminal()


# ---------------------------------------------------------------------------- readings (O68-O73)
def ebuild(mat, races, **kwargs):
    """An Empires position with one race per seat."""
    return build(mat, len(races), expansions=("empires",) + kwargs.pop("more", ()), races=races, **kwargs)


def test_d10_1_negated_mines_score_nothing_rather_than_less():
    """O68: under Dragon King the mine in a dragon's kingdom drops out of the score, no more."""
    mat = _joined({}, {"d4": "Bcas", "e4": "Bgol", "f4": "Rdra"}, ("d4", "e4", "f4"))
    plain = build(mat)
    decree = rbuild(mat, decrees=[Decree.DRAGON_KING])
    mine_vp = KIND_VP[Kind.GOLD_MINE]
    assert decree.kingdom_vp(BLUE) == plain.kingdom_vp(BLUE) - mine_vp


def test_d10_1_a_frost_giant_negates_mines_too():
    """O68 with a core frost giant in place of the dragon: the mine drops out of the score, no more."""
    mat = _joined({}, {"d4": "Bcas", "e4": "Bgol", "f4": "Rfro"}, ("d4", "e4", "f4"))
    plain = build(mat)
    decree = rbuild(mat, decrees=[Decree.DRAGON_KING])
    assert plain.kingdom(BLUE).frost_giant and not plain.kingdom(BLUE).dragon
    assert decree.kingdom_vp(BLUE) == plain.kingdom_vp(BLUE) - 1  # a gold mine is worth 1 VP (O2)


def test_d10_1_a_treant_is_not_a_giant_for_frost_invasion():
    """O69: a treant in blue's kingdom takes the extra action (X6.4) but leaves its mine's VP."""
    races = ("dwarfs", "elves")
    mat = _joined({}, {"d4": "Bcas", "e4": "Bgol", "f4": "Ptre"}, ("d4", "e4", "f4"), expansions=("empires",),
                  races=races)
    invasion = ebuild(mat, races, more=ROYAL, scenario="siege", decrees=[Decree.DRAGON_KING])
    plain = ebuild(mat, races)
    assert invasion.kingdom(BLUE).treant and invasion.action_limit(BLUE) == 3
    assert invasion.kingdom_vp(BLUE) == plain.kingdom_vp(BLUE)


def test_x4_8_dragons_still_void_crystal_mines_under_frost_invasion():
    """O70: the frozen soul spares crystal dwarfs' mines from frost giants, not from dragons."""
    races = ("crystal_dwarfs", "dwarfs")
    empires = {"expansions": ("empires",), "races": races}
    with_giant = _joined({}, {"d4": "Kcas", "e4": "Keme", "f4": "Kfro"}, ("d4", "e4", "f4"), **empires)
    with_dragon = _joined({}, {"d4": "Kcas", "e4": "Keme", "f4": "Bdra"}, ("d4", "e4", "f4"), **empires)
    giant, dragon = ebuild(with_giant, races), ebuild(with_dragon, races)
    assert giant.decree(Decree.DRAGON_KING), "crystal dwarfs bring Frost Invasion (X4.6)"
    mine_vp, monster_vp = KIND_VP[Kind.EMERALD_MINE], KIND_VP[Kind.DRAGON]
    castle_vp = BLACK_CASTLE_VP  # the crystal dwarfs' castle (O81)
    assert giant.kingdom_vp(0) == castle_vp + mine_vp + KIND_VP[Kind.FROST_GIANT]
    assert dragon.kingdom_vp(0) == castle_vp + monster_vp, "the dragon voids the emerald mine"


def test_x5_1_plain_dwarfs_buy_the_dwarf_classes_at_the_regular_cost():
    """O71: plain dwarfs buy what crystal dwarfs buy, one diamond cheaper (X4.9)."""
    assert RACE_CLASSES[Race.DWARFS] == RACE_CLASSES[Race.CRYSTAL_DWARFS]
    for cls in RACE_CLASSES[Race.DWARFS]:
        plain, crystal = class_cost(Race.DWARFS, cls), class_cost(Race.CRYSTAL_DWARFS, cls)
        assert plain == CLASSES[cls].cost and crystal[Gem.DIAMOND] == plain[Gem.DIAMOND] + 1


def test_x7_1_the_wrecking_ball_digs_with_a_monster_in_the_kingdom():
    """O72: peace binds a castle's digging, not the Wrecking Ball."""
    mat = _joined({}, {"e4": "Bgol", "f4": "Rdra"}, ("e4", "f4"))
    mat["e4"] = "Rgol+" + mat["e4"]
    state = ebuild(mat, ("dwarfs", "dwarfs"), dwarfs={"e4": "R"}, ogres={BLUE: [0, 0, 0, 0, 0, 0, 1]})
    assert state.region_at(cell("e4")).monsters == 1
    before = state.stacks[cell("e4")]
    act(state, layout(state).ogre(Ogre.WRECKING_BALL), "action")
    act(state, layout(state).cell(cell("e4")), "wrecking_cell")
    assert state.stacks[cell("e4")] == (before[-1],) + before[:-1] and state.crowd[cell("e4")] == 0


def test_d6_1_a_boxed_monster_no_longer_counts_for_beast_hunters():
    """O73: elves box a defeated monster with monster scales; the next monster needs one more."""
    state = ebuild({"a1": "Bdra"}, ("elves", "dwarfs"), more=ROYAL, scenario="siege",
                   decrees=[Decree.BEAST_HUNTERS], defeated={0: ["Pfdr", "Ptre"]})
    assert state.required_at(cell("a1"), 0) == 3
    act(state, layout(state).power(), "action")
    act(state, layout(state).end(), "power_gem")
    assert len(state.defeated[0]) == 1 and state.required_at(cell("a1"), 0) == 4
