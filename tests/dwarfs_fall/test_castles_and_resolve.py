"""R6 castles, kingdoms and monsters, R7 the resolve phase, R8 the discard phase;
examples E4-E7, E10, E11, E13.

Walls used below (O3): castles N+E (turned ``/1`` E+S, ``/2`` S+W, ``/3`` W+N); dragons, frost
giants and stores N; taverns none; red gold none; blue emerald none; red emerald N.
"""

from __future__ import annotations

import numpy as np

from gnome_envs.dwarfs_fall.components import (
    GEM_PILE,
    Gem,
    card_code,
    layer,
    layer_code,
)

from .helpers import (
    BLUE,
    RED,
    YELLOW,
    Family,
    Kind,
    act,
    build,
    cell,
    choose,
    decision,
    dwarfs,
    kind_at,
    layout,
    legal_cells,
    legal_family,
)


def resolve(state, name: str) -> None:
    """Complete the task on ``name``."""
    act(state, layout(state).cell(cell(name)), "resolve_task")


def end_actions(state) -> None:
    act(state, layout(state).end(), "action")


# ---------------------------------------------------------------------------- R6
def test_r6_1_kingdoms_and_shared_kingdoms():
    """Blue's castle c4 (open east) and red's castle e4 (open west) share c4-d4-e4; the tavern
    f4 lies behind red's castle's east wall."""
    state = build({"c4": "Bcas/3", "d4": "Rgol", "e4": "Rcas/1", "f4": "Btav"})
    assert state.kingdom(BLUE).cells == state.kingdom(RED).cells == (cell("c4"), cell("d4"), cell("e4"))
    assert state.kingdom_vp(BLUE) == state.kingdom_vp(RED) == 2 + 1 + 2  # castles 2, gold mine 1 (O2)
    alone = build({"d4": "Rgol", "e4": "Rcas/1"})
    assert alone.kingdom(BLUE) is None and alone.kingdom_vp(BLUE) == 0 and alone.kingdom_size(BLUE) == 0


def test_r6_2_castle_gives_an_extra_action_from_the_turn_it_is_played():
    state = build({"f4": "Rtav", "g4": "Rgol", "h4": "Reme", "f5": "Rdia/1"})
    assert state.action_limit(BLUE) == 3
    choose(state, "play your castle")
    act(state, layout(state).place(cell("e4"), 3))
    assert state.action_limit(BLUE) == 4
    for name in ("f4", "g4", "h4"):
        act(state, layout(state).dwarf(cell(name)), "action")
    assert state.actions_used == 4 and state.legal_actions() == [layout(state).end()]


def test_r6_3_digging_moves_the_top_card_to_the_bottom():
    mat = {"d4": "Rcas/3", "e4": "Bgol/1+Rgol", "f4": "Beme+Reme", "g4": "Rtav"}
    state = build(mat, dwarfs={"d4": "BB", "f4": "R"}, phase="resolve")
    resolve(state, "d4")
    assert state.pile[BLUE] == 7, "both diggers go home"
    assert decision(state) == "dig_stack" and legal_cells(state) == {"e4"}, "no stack with dwarfs"
    act(state, layout(state).cell(cell("e4")))
    bottom, top = state.stacks[cell("e4")]
    assert layer_code(top) == card_code(BLUE, Kind.GOLD_MINE) and top == layer(card_code(BLUE, Kind.GOLD_MINE), 1)
    assert bottom == layer(card_code(RED, Kind.GOLD_MINE), 0), "turned as it was"


def _joined(mat: dict, extra: dict[str, str], cells: tuple[str, ...]) -> dict:
    """``mat`` plus the ``extra`` cards, turned so that ``cells`` lie in one region (walls: O3)."""
    names = list(extra)
    for turns in np.ndindex(*(4,) * len(names)):
        full = {**mat, **{n: f"{extra[n]}/{t}" for n, t in zip(names, turns)}}
        region = build(full).region_at(cell(cells[0])).cells
        if all(cell(c) in region for c in cells):
            return full
    raise AssertionError(f"no turn of {extra} joins {cells}")


def test_r6_4_no_digging_with_a_monster_in_the_castles_kingdom():
    """A dragon in the castle's kingdom stops the dig; one in the digger's own kingdom does not
    (the rulebook ties peace to the castle's kingdom only)."""
    mat = {"d4": "Rcas/3", "e4": "Bgol/1+Rgol"}
    in_castle_region = build(_joined(mat, {"d4": "Rcas", "c4": "Rdra"}, ("d4", "c4")), dwarfs={"d4": "BB"},
                             phase="resolve")
    resolve(in_castle_region, "d4")
    assert in_castle_region.pile[BLUE] == 7 and decision(in_castle_region) == "action"
    assert in_castle_region.turn_player == RED, "no dig decision: the turn went on"
    own = _joined(mat, {"a8": "Bcas", "b8": "Bdra"}, ("a8", "b8"))
    assert build(own).kingdom(BLUE).monsters == 1 and build(own).region_at(cell("d4")).monsters == 0
    in_own_kingdom = build(own, dwarfs={"d4": "BB"}, phase="resolve")
    resolve(in_own_kingdom, "d4")
    assert decision(in_own_kingdom) == "dig_stack" and legal_cells(in_own_kingdom) == {"e4"}
    peaceful = build(mat, dwarfs={"d4": "BB"}, phase="resolve")
    resolve(peaceful, "d4")
    assert decision(peaceful) == "dig_stack"


def test_r6_5_frost_giant_cancels_the_extra_action():
    near = build({"c4": "Bcas/3", "d4": "Rfro"})  # the castle is open east, the giant open west
    assert near.kingdom(BLUE).frost_giant and near.action_limit(BLUE) == 3
    far = build({"c4": "Bcas/3", "d4": "Rfro/3"})  # the giant's wall faces the castle now
    assert not far.kingdom(BLUE).frost_giant and far.action_limit(BLUE) == 4


def test_r6_6_dragon_stops_mines_in_its_region_even_without_a_castle():
    state = build({"d4": "Beme", "e4": "Rdra"}, dwarfs={"d4": "BB"}, phase="resolve")
    assert not any(c >= 0 for c in state.castle_cell)
    resolve(state, "d4")
    assert state.gems.size(BLUE) == 0 and state.pile[BLUE] == 7


# ---------------------------------------------------------------------------- R7
def test_r7_1_every_own_task_completes_in_the_chosen_order():
    mat = {"d4": "Beme", "f4": "Rtav", "g4": "Rgol", "h4": "Reme"}
    state = build(mat, dwarfs={"d4": "BB", "f4": "BB", "g4": "RR", "h4": "B"}, phase="resolve")
    assert decision(state) == "resolve_task" and legal_cells(state) == {"d4", "f4"}
    resolve(state, "f4")
    assert state.ogres.size(BLUE) == 1 and legal_cells(state) == {"d4"}
    resolve(state, "d4")
    assert state.gems.count(BLUE, Gem.EMERALD) == 1
    assert dwarfs(state, "g4") == "RR" and dwarfs(state, "h4") == "B", "red's task waits for red's turn"


def test_r7_1_a_completed_task_cannot_be_postponed():
    state = build({"d4": "Beme"}, dwarfs={"d4": "B"})
    act(state, layout(state).dwarf(cell("d4")))
    end_actions(state)
    assert decision(state) == "resolve_task" and state.legal_actions() == [layout(state).cell(cell("d4"))]


def test_r7_2_exactly_the_needed_dwarfs_go_home():
    state = build({"d4": "Rrub"}, dwarfs={"d4": "BBBR"}, phase="resolve")
    resolve(state, "d4")
    assert dwarfs(state, "d4") == "R" and state.pile[BLUE] == 7 and state.gems.count(BLUE, Gem.RUBY) == 1


def test_r7_3_mines_yield_from_their_piles():
    gold = build({"d4": "Rgol"}, dwarfs={"d4": "BB"}, phase="resolve")
    resolve(gold, "d4")
    assert gold.gems.of(BLUE) == [2, 0, 0, 0] and gold.gem_pile[Gem.GOLD] == GEM_PILE[Gem.GOLD] - 2
    last = build({"d4": "Rgol"}, dwarfs={"d4": "BB"}, gems={RED: (19, 0, 0, 0)}, phase="resolve")
    resolve(last, "d4")
    assert last.gems.count(BLUE, Gem.GOLD) == 1 and last.gem_pile[Gem.GOLD] == 0, "what is left (O4)"


def test_r7_4_dragon_region_yields_nothing_but_dwarfs_return():
    state = build({"c4": "Bcas/3", "d4": "Rgol", "e4": "Rdra"}, dwarfs={"d4": "BB"}, phase="resolve")
    resolve(state, "d4")
    assert state.gems.size(BLUE) == 0 and dwarfs(state, "d4") == "" and state.pile[BLUE] == 7


def test_r7_5_five_dwarfs_slay_a_monster():
    state = build({"c4": "Btav", "d4": "Rdra"}, dwarfs={"d4": "BBBBB"}, phase="resolve")
    before = state.score_of(BLUE)
    resolve(state, "d4")
    assert kind_at(state, "d4") == -1 and state.defeated[BLUE] == (card_code(RED, Kind.DRAGON),)
    assert state.score_of(BLUE) == before + 3 and state.goals(BLUE) == 0, "3 VP, not a goal"
    assert state.pile[BLUE] == 7


def test_r7_6_tavern_draws_and_reshuffles_the_discards():
    state = build({"d4": "Rtav"}, dwarfs={"d4": "BB"}, ogres={RED: (5, 6, 6, 5, 3)}, phase="resolve")
    assert state.ogre_deck == []
    state.ogres.lose(RED, 2, 1)  # red throws a Panic away: it lies face up on the discards
    state.ogre_discard[2] += 1
    resolve(state, "d4")
    assert state.ogres.of(BLUE) == [0, 0, 1, 0, 0] and state.ogre_discard == [0] * 5
    empty = build({"d4": "Rtav"}, dwarfs={"d4": "BB"}, ogres={RED: (5, 6, 6, 5, 3)}, phase="resolve")
    resolve(empty, "d4")
    assert empty.ogres.size(BLUE) == 0 and empty.pile[BLUE] == 7


def test_r7_7_general_store_buys_one_affordable_goal():
    """Goal 2 is 2 emeralds (6 VP), goal 5 one gold, emerald and diamond (7 VP), goal 4 two
    rubies; blue can afford goals 2 and 5 and picks 5."""
    kwargs = {"dwarfs": {"d4": "BBB"}, "trading_row": (2, 5, 4), "phase": "resolve"}
    state = build({"d4": "Rsto"}, gems={BLUE: (1, 2, 1, 0)}, **kwargs)
    resolve(state, "d4")
    assert decision(state) == "store_goal"
    assert {d.arg for d in legal_family(state, Family.GOAL)} == {0, 1}
    top = state.trading_deck[-1]
    act(state, layout(state).goal(1))
    assert state.trading_won[BLUE] == (5,) and state.gems.of(BLUE) == [0, 1, 0, 0]
    assert state.trading_row == [2, top, 4] and state.gem_pile == [20, 14, 14, 10][:1] + [13, 14, 10]
    assert state.score_of(BLUE) == 7 + 2 and state.goals(BLUE) == 1
    broke = build({"d4": "Rsto"}, gems={BLUE: (1, 0, 0, 0)}, **kwargs)
    resolve(broke, "d4")
    assert broke.trading_won[BLUE] == () and broke.pile[BLUE] == 7 and decision(broke) == "discard"


def test_r7_8_dwarfs_without_a_task_stay():
    state = build({"d4": "Rrub", "e4": "Rdra"}, dwarfs={"d4": "BB", "e4": "BBB"})
    end_actions(state)
    assert state.turn_player == RED and dwarfs(state, "d4") == "BB" and dwarfs(state, "e4") == "BBB"


# ---------------------------------------------------------------------------- R8
def test_r8_1_discard_gems_or_ogres_down_to_nine():
    state = build({}, gems={BLUE: (2, 1, 0, 0)}, ogres={BLUE: (0, 1, 0, 0, 0)}, phase="discard")
    assert state.hand_size(BLUE) == 9 + 4 and decision(state) == "discard"
    options = {d.arg for d in legal_family(state, Family.DISCARD)}
    assert options == {0, 1, 4 + 1}, "gold, emerald or the Brute; never a kingdom card"
    act(state, layout(state).discard_ogre(1))
    assert state.ogre_discard[1] == 1
    act(state, layout(state).discard_gem(Gem.GOLD))
    act(state, layout(state).discard_gem(Gem.GOLD))
    assert state.gem_pile[Gem.GOLD] == 20 and state.gems.of(BLUE) == [0, 1, 0, 0]
    act(state, layout(state).discard_gem(Gem.EMERALD))
    assert state.hand_size(BLUE) == 9 and state.turn_player == RED


def test_r8_2_goals_and_monsters_do_not_count():
    state = build({}, trading_won={BLUE: (0, 1)}, defeated={BLUE: ("Rdra",)}, phase="discard")
    assert state.hand_size(BLUE) == 9 and state.turn_player == RED


# ---------------------------------------------------------------------------- examples
def test_e4_foreign_dwarf_stays_after_a_completed_task():
    state = build({"d4": "Ytav"}, 4, dwarfs={"d4": "BBY"}, phase="resolve")
    resolve(state, "d4")
    assert state.ogres.size(BLUE) == 1 and state.pile[BLUE] == 7
    assert dwarfs(state, "d4") == "Y" and state.pile[YELLOW] == 6


def test_e5_extra_own_dwarf_stays():
    state = build({"d4": "Reme"}, dwarfs={"d4": "BBB"}, phase="resolve")
    resolve(state, "d4")
    assert dwarfs(state, "d4") == "B" and state.gems.count(BLUE, Gem.EMERALD) == 1


def test_e6_dragon_voids_a_ruby_mine():
    """Blue places the third dwarf on a ruby mine in a kingdom with a dragon: no ruby."""
    mat = {"c4": "Bcas/3", "d4": "Rrub/2", "e4": "Rdra"}
    state = build(mat, dwarfs={"d4": "BB"})
    assert state.kingdom(BLUE).dragon
    act(state, layout(state).dwarf(cell("d4")))
    end_actions(state)
    resolve(state, "d4")
    assert state.gems.count(BLUE, Gem.RUBY) == 0 and state.pile[BLUE] == 7 and dwarfs(state, "d4") == ""
    safe = build({**mat, "e4": "Rdra/3"}, dwarfs={"d4": "BB"})  # the dragon's wall faces the mine
    act(safe, layout(safe).dwarf(cell("d4")))
    end_actions(safe)
    resolve(safe, "d4")
    assert safe.gems.count(BLUE, Gem.RUBY) == 1


def test_e7_empty_pile_sends_dwarfs_home_empty_handed():
    state = build({"d4": "Bdia"}, dwarfs={"d4": "RR"}, gems={BLUE: (0, 0, 14, 0)}, turn_player=RED,
                  phase="resolve")
    assert state.gem_pile[Gem.DIAMOND] == 0
    resolve(state, "d4")
    assert state.gems.size(RED) == 0 and state.pile[RED] == 7


def test_e10_one_foreign_dwarf_keeps_a_monster_alive():
    state = build({"c4": "Btav", "d4": "Rdra"}, dwarfs={"d4": "BBBBR"})
    assert "d4" not in legal_cells(state, Family.DWARF)
    end_actions(state)
    assert state.turn_player == RED and dwarfs(state, "d4") == "BBBBR" and kind_at(state, "d4") == Kind.DRAGON


def test_e11_the_gem_must_go():
    state = build({}, gems={BLUE: (0, 0, 0, 1)}, phase="discard")
    assert state.legal_actions() == [layout(state).discard_gem(Gem.RUBY)]
    act(state, layout(state).discard_gem(Gem.RUBY))
    assert state.gems.size(BLUE) == 0 and state.in_hand[BLUE] == (1 << 9) - 1


def test_e13_ogre_won_with_a_full_hand_may_be_discarded_at_once():
    state = build({"d4": "Rtav"}, dwarfs={"d4": "BB"}, phase="resolve")
    resolve(state, "d4")
    drawn = state.ogres.of(BLUE).index(1)
    assert decision(state) == "discard" and state.legal_actions() == [layout(state).discard_ogre(drawn)]
