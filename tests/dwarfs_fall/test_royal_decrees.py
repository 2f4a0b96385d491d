"""Royal Decrees (D1-D14): scenarios and every decree they name."""

from __future__ import annotations

import numpy as np
import pytest

from gnome_envs.core.errors import ConfigError
from gnome_envs.core.registry import make_game
from gnome_envs.dwarfs_fall.components import (
    LAYER_WALLS,
    MEMORIAL,
    NUM_TRADING_GOALS,
    TRADING_GOALS,
)
from gnome_envs.dwarfs_fall.decrees import SCENARIO_NAMES, SCENARIOS, Decree
from gnome_envs.dwarfs_fall.pending import RULES

from .helpers import (
    BLUE,
    GREEN,
    RED,
    Family,
    Gem,
    Ogre,
    act,
    build,
    cell,
    decision,
    dwarfs,
    fresh,
    layout,
    legal_cells,
    legal_family,
    random_game,
)

ROYAL = ("royal_decrees",)


def rbuild(mat=None, num_players: int = 2, decrees=(), **kwargs):
    """A Royal Decrees position with exactly ``decrees`` in force."""
    return build(mat, num_players, expansions=ROYAL, scenario="siege", decrees=decrees, **kwargs)


def families(state) -> set[Family]:
    lay = layout(state)
    return {lay.decode(a).family for a in state.legal_actions()}


def end_actions(state) -> None:
    act(state, layout(state).end(), "action")


# ---------------------------------------------------------------------------- D1 scenarios
def test_d1_1_scenario_named_or_drawn():
    named = fresh(seed=1, expansions=ROYAL, scenario="siege")
    assert SCENARIO_NAMES[named.scenario] == "siege"
    drawn = {SCENARIO_NAMES[fresh(seed=s, expansions=ROYAL).scenario] for s in range(40)}
    assert len(drawn) >= 5, drawn
    for kwargs, words in (({"scenario": "siege"}, "needs the 'royal_decrees'"),
                          ({"expansions": ROYAL, "scenario": "no_such"}, "unknown scenario")):
        with pytest.raises(ConfigError, match=words):
            make_game("dwarfs_fall_v6", num_players=2, **kwargs)


def test_d1_2_each_scenario_names_its_decrees():
    D = Decree
    expected = {
        "bloodthirsty": {D.BAR_FIGHTS, D.HIRED_HANDS, D.BEAST_HUNTERS, D.BATTLE_MEMORIAL},
        "chaos_control": {D.CRAZY_BALLOONISTS, D.DWARFS_WAY},
        "siege": {D.FORTRESS, D.BATTLE_MEMORIAL, D.GREEDY_LANDLORDS},
        "axe_gospel": {D.HARD_WORKERS, D.CHARMING_MERCHANTS, D.GREEDY_LANDLORDS},
        "damsel_in_distress": {D.DRAGON_KING, D.CHARMING_MERCHANTS, D.CRAZY_BALLOONISTS, D.DWARFS_WAY},
    }
    expected["lords_of_the_arena"] = ({D.HIDDEN_TUNNELS} | expected["siege"] | expected["bloodthirsty"]
                                      | expected["damsel_in_distress"])
    for name, decrees in expected.items():
        state = fresh(seed=2, expansions=ROYAL, scenario=name)
        assert {d for d in Decree if state.decree(d)} == decrees, name
        assert set(SCENARIOS[name]) == decrees


def test_d1_3_fortune_teller_draws_three():
    draws = set()
    for seed in range(12):
        state = fresh(seed=seed, expansions=ROYAL, scenario="fortune_teller")
        active = frozenset(d for d in Decree if state.decree(d))
        assert len(active) == 3
        draws.add(active)
    assert len(draws) > 6


# ---------------------------------------------------------------------------- D2 The Dwarfs Way
def test_d2_1_full_idle_cards_empty_at_the_end_of_a_turn():
    mat = {"d4": "Rtav", "e4": "Rgol", "f4": "Rdra", "g4": "Rsto"}
    state = rbuild(mat, 3, [Decree.DWARFS_WAY], dwarfs={"d4": "BRG", "e4": "RRB", "f4": "BBRRG", "g4": "BRG"},
                   phase="end")
    assert dwarfs(state, "d4") == "", "full, nobody can complete it: everyone goes home"
    assert dwarfs(state, "e4") == "BRR", "red could complete it: it stays"
    assert dwarfs(state, "f4") == "BBRRG", "never a monster"
    assert dwarfs(state, "g4") == "BRG", "a store has 4 spots: one is free, so it is not full and nobody leaves"


# ---------------------------------------------------------------------------- D3 Hard Workers
def test_d3_1_mornings_then_nights():
    state = rbuild({"d4": "Bgol", "e4": "Rgol"}, 2, [Decree.HARD_WORKERS], dwarfs={"d4": "B", "e4": "R"})
    act(state, layout(state).dwarf(cell("d4")), "action")
    end_actions(state)
    assert state.current_player == RED and decision(state) == "action", "red's morning, no resolve yet"
    act(state, layout(state).dwarf(cell("e4")), "action")
    end_actions(state)
    assert state.night and state.current_player == BLUE and decision(state) == "resolve_task"
    act(state, layout(state).cell(cell("d4")))
    while state.current_player == BLUE:  # blue's discard phase (ten cards), still its night
        act(state, state.legal_actions()[0], "discard")
    assert state.current_player == RED and decision(state) == "resolve_task", "then red's night"
    act(state, layout(state).cell(cell("e4")))
    assert state.gems.count(BLUE, Gem.GOLD) == 1 and state.gems.count(RED, Gem.GOLD) == 2, "(blue discarded one)"


def test_d3_2_the_axe_passes_on():
    state = rbuild({"d4": "Bgol"}, 3, [Decree.HARD_WORKERS], turn_player=1)
    order = []
    while state.round == 1:
        order.append((state.night, state.current_player))
        state.apply(layout(state).end() if decision(state) == "action" else state.legal_actions()[0])
    assert order == [(False, RED), (False, GREEN), (False, BLUE)]
    assert state.first_player == GREEN and state.current_player == GREEN and not state.night


def test_d3_2_the_game_ends_after_the_night_of_the_player_before_the_axe():
    """The axe is red's (seat 1): blue (seat 0) holds three goals (R10.3), so the game ends after
    blue's night, the last of the round (red, green, blue), not after seat n-1's (green)."""
    state = rbuild({"d4": "Bgol"}, 3, [Decree.HARD_WORKERS], turn_player=1, dwarfs={"d4": "BB"},
                   trading_won={BLUE: (0, 1, 2)}, trading_row=(3, 4, 5))
    order = []
    while not state.is_terminal():
        order.append((state.round, state.night, state.current_player))
        state.apply(layout(state).end() if decision(state) == "action" else state.legal_actions()[0])
    mornings = [(1, False, RED), (1, False, GREEN), (1, False, BLUE)]
    assert order == mornings + [(1, True, BLUE)] * 2, "blue's night: its mine's task, then a discard (ten cards)"
    assert state.end_triggered and state.round == 1, "over after blue's night, not after green's in round 2"


# ---------------------------------------------------------------------------- D4 Fortress
def test_d4_1_dwarfs_only_into_own_or_no_kingdom():
    mat = {"d4": "Bcas", "d5": "Bgol/1", "b2": "Rcas", "b3": "Rgol/2", "h8": "Ytav"}
    state = rbuild(mat, 4, [Decree.FORTRESS])
    assert legal_cells(state, Family.DWARF) == {"d4", "d5", "h8"}


def test_d4_2_turning_a_card_when_no_spot_is_left():
    mat = {"b2": "Rcas", "b3": "Rgol/2", "d4": "Bgol"}  # b3 in red's kingdom, d4 in none but full
    state = rbuild(mat, 2, [Decree.FORTRESS], dwarfs={"d4": "BBR"})
    assert Family.DWARF not in families(state) and Family.ROTATE in families(state)
    assert legal_cells(state, Family.ROTATE) == {"b2", "b3"}, "no dwarfs on it (d4 is taken)"
    spot = rbuild(mat, 2, [Decree.FORTRESS], dwarfs={"d4": "BR"})
    assert legal_cells(spot, Family.DWARF) == {"d4"} and Family.ROTATE not in families(spot), "d4 may take a dwarf"
    act(state, layout(state).rotate(cell("b2")), "action")
    before = LAYER_WALLS[state.top[cell("b2")]]
    act(state, state.legal_actions()[0], "rotate_card")
    assert LAYER_WALLS[state.top[cell("b2")]] != before and state.actions_used == 1


# ---------------------------------------------------------------------------- D5 Charming Merchants
def test_d5_1_and_d5_2_trading_a_goal_in():
    assert TRADING_GOALS[0].cost == (3, 0, 0, 0) and TRADING_GOALS[1].cost == (4, 0, 0, 0)
    state = rbuild({"d4": "Bsto"}, 2, [Decree.CHARMING_MERCHANTS], dwarfs={"d4": "BBB"}, gems={BLUE: (1, 0, 0, 0)},
                   trading_won={BLUE: (0,)}, trading_row=(1, 5, 6), phase="resolve")
    act(state, layout(state).cell(cell("d4")), "resolve_task")
    act(state, layout(state).goal(0), "store_goal")
    assert state.legal_actions() == [layout(state).trade_in(0)], "gems alone do not pay for it"
    act(state, layout(state).trade_in(0), "store_trade")
    assert state.trading_won[BLUE] == (1,) and state.gems.count(BLUE, Gem.GOLD) == 0
    assert state.trading_row[0] == 0, "the old goal goes face up into the slot"


def test_d5_1_only_a_goal_of_lower_vp_is_traded_in():
    """Blue holds goal 5 (1 gold + 1 emerald + 1 diamond, 7 VP), goal 1 (4 gold, 6 VP) and one ruby (O6).
    Goal 5 with the ruby pays for goal 7 (1 emerald + 1 ruby, 7 VP: not worth more) and goal 1 for
    goal 0 (3 gold, 5 VP: worth less): neither may be bought. Only goal 13 (one of each, 11 VP) may, and
    only with goal 5 (goal 1's gold does not pay for it)."""
    goals = {g: (TRADING_GOALS[g].cost, TRADING_GOALS[g].vp) for g in (0, 1, 5, 7, 13)}
    assert goals == {0: ((3, 0, 0, 0), 5), 1: ((4, 0, 0, 0), 6), 5: ((1, 1, 1, 0), 7), 7: ((0, 1, 0, 1), 7),
                     13: ((1, 1, 1, 1), 11)}
    state = rbuild({"d4": "Bsto"}, 2, [Decree.CHARMING_MERCHANTS], dwarfs={"d4": "BBB"}, gems={BLUE: (0, 0, 0, 1)},
                   trading_won={BLUE: (5, 1)}, trading_row=(7, 0, 13), phase="resolve")
    act(state, layout(state).cell(cell("d4")), "resolve_task")
    assert state.legal_actions() == [layout(state).goal(2)], "not goal 7 (same VP) nor goal 0 (fewer VP)"
    act(state, layout(state).goal(2), "store_goal")
    assert state.legal_actions() == [layout(state).trade_in(5)]


# ---------------------------------------------------------------------------- D6, D7 monsters
def test_d6_1_experienced_beast_hunters_need_fewer():
    state = rbuild({"d4": "Rdra"}, 2, [Decree.BEAST_HUNTERS], dwarfs={"d4": "BBBBR"}, defeated={BLUE: ["Rfro"]},
                   phase="resolve")
    act(state, layout(state).cell(cell("d4")), "resolve_task")
    assert len(state.defeated[BLUE]) == 2
    fresh_hunter = rbuild({"d4": "Rdra"}, 2, [Decree.BEAST_HUNTERS], dwarfs={"d4": "BBBBR"}, phase="resolve")
    assert decision(fresh_hunter) != "resolve_task", "five for the first monster"


def test_d6_1_beast_hunters_never_need_fewer_than_three():
    """Three monsters defeated: 5 - 3 would be two, but never fewer than three."""
    veteran = {BLUE: ["Rfro", "Bdra", "Bfro"]}
    two = rbuild({"d4": "Rdra"}, 2, [Decree.BEAST_HUNTERS], dwarfs={"d4": "BB"}, defeated=veteran, phase="resolve")
    assert two.required_at(cell("d4"), BLUE) == 3 and decision(two) != "resolve_task", "two do not slay it"
    three = rbuild({"d4": "Rdra"}, 2, [Decree.BEAST_HUNTERS], dwarfs={"d4": "BBB"}, defeated=veteran, phase="resolve")
    act(three, layout(three).cell(cell("d4")), "resolve_task")
    assert len(three.defeated[BLUE]) == 4


def test_d7_1_and_d7_2_battle_memorial():
    state = rbuild({"d4": "Rdra", "e4": "Rgol"}, 2, [Decree.BATTLE_MEMORIAL], dwarfs={"d4": "BBBBB"}, phase="resolve")
    act(state, layout(state).cell(cell("d4")), "resolve_task")
    assert state.kind_at(cell("d4")) == MEMORIAL and state.defeated[BLUE]
    memorial = rbuild({"d4": "Nmem", "e4": "Bgol", "f4": "Reme"}, 2, [Decree.BATTLE_MEMORIAL],
                      dwarfs={"d4": "B", "f4": "R"}, defeated={RED: ["Bdra"]}, phase="resolve")
    act(memorial, layout(memorial).cell(cell("d4")), "resolve_task")
    assert legal_cells(memorial) == {"e4"}, "cards with no meeple: not the memorial nor f4"
    act(memorial, layout(memorial).cell(cell("e4")), "memorial_card")
    before = memorial.top[cell("e4")]
    act(memorial, memorial.legal_actions()[0], "rotate_card")
    assert memorial.top[cell("e4")] != before


def test_d7_1_a_memorial_has_two_spots_and_no_vp():
    """D7.1: 2 spots (a third dwarf finds no room) and no VP (a kingdom scores only its castle's 2)."""
    slain = {RED: ["Bdra"]}
    one = rbuild({"d4": "Nmem", "f6": "Bgol"}, 2, [Decree.BATTLE_MEMORIAL], dwarfs={"d4": "B"}, defeated=slain)
    assert legal_cells(one, Family.DWARF) == {"d4", "f6"}
    two = rbuild({"d4": "Nmem", "f6": "Bgol"}, 2, [Decree.BATTLE_MEMORIAL], dwarfs={"d4": "BR"}, defeated=slain)
    assert legal_cells(two, Family.DWARF) == {"f6"}, "two dwarfs fill it"
    kingdom = rbuild({"d4": "Bcas/2", "e4": "Nmem"}, 2, [Decree.BATTLE_MEMORIAL], defeated=slain)
    assert cell("e4") in kingdom.region_at(cell("d4")).cells
    assert kingdom.kingdom_vp(BLUE) == 2 and build({"d4": "Bcas/2"}, 2).kingdom_vp(BLUE) == 2


# ---------------------------------------------------------------------------- D8, D9 actions
def test_d8_1_hired_hands():
    state = rbuild({"d4": "Bgol"}, 2, [Decree.HIRED_HANDS], ogres={BLUE: (1, 0, 0, 0, 0)}, actions_used=3)
    assert families(state) == {Family.END, Family.HIRE}, "no action left; the Ambush has no target"
    act(state, layout(state).hire(Ogre.AMBUSH), "action")
    assert state.ogre_discard[Ogre.AMBUSH] == 1 and state.action_limit(BLUE) == 4
    assert Family.DWARF in families(state)


def test_d9_1_crazy_balloonists():
    state = rbuild({"d4": "Bgol", "e4": "Btav"}, 2, [Decree.CRAZY_BALLOONISTS])
    act(state, layout(state).dwarf(cell("d4")), "action")
    assert legal_cells(state, Family.DWARF) == {"e4"}
    assert Family.MOVE in families(state), "moves are not limited"


# ---------------------------------------------------------------------------- D10 Dragon King
def test_d10_1_mines_with_monsters_score_nothing():
    mat = {"d4": "Bcas", "c4": "Bgol", "d5": "Rdra/1"}
    state = rbuild(mat, 2, [Decree.DRAGON_KING])
    plain = build(mat, 2)
    assert plain.kingdom_vp(BLUE) == 2 + 1 - 1 and state.kingdom_vp(BLUE) == 2 - 1
    giant = {"d4": "Bcas", "c4": "Bgol", "d5": "Rfro/1"}  # a frost giant voids the mine too
    frozen = rbuild(giant, 2, [Decree.DRAGON_KING])
    assert {cell("c4"), cell("d5")} <= set(frozen.region_at(cell("d4")).cells)
    assert build(giant, 2).kingdom_vp(BLUE) == 2 + 1 - 1 and frozen.kingdom_vp(BLUE) == 2 - 1


def test_d10_2_no_end_in_a_turn_with_a_new_monster():
    won = {BLUE: (0, 1, 2)}
    state = rbuild({"d4": "Bgol"}, 2, [Decree.DRAGON_KING], trading_won=won, trading_row=(3, 4, 5))
    act(state, layout(state).card(7), "action")
    act(state, state.legal_actions()[0], "place_card")
    end_actions(state)
    assert not state.end_triggered
    calm = rbuild({"d4": "Bgol"}, 2, [Decree.DRAGON_KING], trading_won=won, trading_row=(3, 4, 5))
    end_actions(calm)
    assert calm.end_triggered


def test_d10_3_no_monsters_once_the_end_is_triggered():
    state = rbuild({"d4": "Bgol"}, 2, [Decree.DRAGON_KING])
    state.end_triggered = True
    RULES.reoffer(state)
    cards = {d.arg for d in legal_family(state, Family.CARD)}
    assert 7 not in cards and 8 not in cards and 0 in cards


# ---------------------------------------------------------------------------- D11-D14
def test_d11_1_bar_fights():
    state = rbuild({"d4": "Btav"}, 2, [Decree.BAR_FIGHTS], dwarfs={"d4": "BBB"}, phase="resolve")
    act(state, layout(state).cell(cell("d4")), "resolve_task")
    assert state.ogres.size(BLUE) == 2 and dwarfs(state, "d4") == ""
    two = rbuild({"d4": "Btav"}, 2, [Decree.BAR_FIGHTS], dwarfs={"d4": "BB"}, phase="resolve")
    act(two, layout(two).cell(cell("d4")), "resolve_task")
    assert two.ogres.size(BLUE) == 1


def test_d12_1_greedy_landlords_split_a_shared_kingdom():
    mat = {"d4": "Bcas", "d5": "Rcas/2", "c4": "Bgol"}
    plain = build(mat, 2)
    state = rbuild(mat, 2, [Decree.GREEDY_LANDLORDS])
    assert plain.kingdom_vp(BLUE) == 5 and plain.kingdom_vp(RED) == 5
    assert state.kingdom_vp(BLUE) == 2 and state.kingdom_vp(RED) == 2


def test_d13_1_high_ho_one_action():
    state = rbuild({"e4": "Bgol"}, 2, [Decree.HIGH_HO])
    assert state.action_limit(BLUE) == 1
    act(state, layout(state).dwarf(cell("e4")), "action")
    assert families(state) == {Family.END}
    castle = rbuild({"d4": "Bcas"}, 2, [Decree.HIGH_HO])
    assert castle.action_limit(BLUE) == 2


def test_d14_1_hidden_tunnels():
    mat = {"d4": "Bgol", "h8": "Reme", "a1": "Rrub/1", "a2": "Rdra/1", "g2": "Btav"}
    state = rbuild(mat, 2, [Decree.HIDDEN_TUNNELS], dwarfs={"d4": "B", "g2": "B"})
    assert cell("g2") not in state.region_at(cell("a2")).cells
    assert legal_cells(state, Family.TUNNEL) == {"d4"}, "from a mine only: not blue's dwarf on the tavern"
    act(state, layout(state).tunnel(cell("d4")), "action")
    assert legal_cells(state) == {"h8"}, "not into a dragon's region, nor onto the tavern (a mine only)"
    act(state, layout(state).cell(cell("h8")), "tunnel_dest")
    assert dwarfs(state, "h8") == "B" and state.actions_used == 1


# ---------------------------------------------------------------------------- random play
@pytest.mark.parametrize("scenario", SCENARIO_NAMES)
def test_d_every_scenario_plays_to_the_end(scenario):
    """Random play of each scenario (with Troll's Bridge every other game) keeps every invariant."""
    for g in range(2):
        expansions = ROYAL + (("trolls_bridge",) if g else ())
        state = fresh(seed=60 + g, num_players=2 + g, expansions=expansions, scenario=scenario, skip_forced=False)
        random_game(state, np.random.default_rng(g), after=lambda s: s.check_invariants())
        assert state.is_terminal()


def test_d_layouts_round_trip_and_name_every_action():
    """Every action index of the expansion layouts decodes and encodes back, and has a text."""
    from gnome_envs.dwarfs_fall.actions import layout_for
    from gnome_envs.dwarfs_fall.config import SCENARIO_NAMES as CONFIG_NAMES

    assert CONFIG_NAMES == SCENARIO_NAMES
    for n in (2, 3, 4):
        for ogres in (5, 6):  # without and with Troll's Bridge
            for royal in (False, True):
                lay = layout_for(n, ogres, royal)
                assert lay.size[Family.TRADE_IN] == NUM_TRADING_GOALS * royal and lay.size[Family.HIRE] == ogres * royal
                assert lay.size[Family.OGRE] == ogres and lay.size[Family.DISCARD] == 4 + ogres
                for a in range(lay.num_actions):
                    assert lay.encode(lay.decode(a)) == a
    state = fresh(seed=3, num_players=3, expansions=ROYAL + ("trolls_bridge",), scenario="lords_of_the_arena")
    assert all(state.describe_action(a) for a in range(state.game.num_actions))
    obs = state.observation(0)
    assert obs.shape == (state.game.observation_size,) and 0.0 <= obs.min() and obs.max() <= 1.0
