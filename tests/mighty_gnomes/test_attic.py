"""R5 the attic and R9 book actions (``seeds/mighty_gnomes.md``), with examples E6 and E8.

Ladder sides (actions.ATTIC): 0 ladder 0 (left books), 1 ladder 1 (left), 2 / 3 the middle
ladder reading the left / right books, 4 ladder 3 (right), 5 ladder 4 (right). Attic slots
are ``orientation * 2 + column offset`` of the ladder side of a tile (geometry.py):
one gnome ``0/1``; domino flat ``0``, upright ``2/3``; L-tromino ``0, 2, 4, 6``; the 4-gnome
tile upright ``2`` (``.#/.#/##``, flat bottom) or ``4`` (``##/#./#.``, needs a step of two).
"""

from __future__ import annotations

import pytest

from gnome_envs.mighty_gnomes.components import RES_NAMES

from .helpers import (
    CHAMOMILE,
    CRYSTAL,
    DRUID,
    MUSHROOM,
    SAND,
    T1,
    T2,
    T3,
    T4,
    WOOD,
    Family,
    GnomeType,
    Mode,
    books_offered,
    build,
    choose,
    decision,
    lay,
    legal,
    pass_,
    use,
)

UPRIGHT_DOMINO, UPRIGHT_L4, STEP_L4 = 2, 2, 4  # attic slots
L4_UPRIGHT_ORIENTATION = 1  # position entries give (orientation, offset)
REST = [None] * 6


def slots_on(state, side: int) -> set[int]:
    """Legal attic slots on one ladder side."""
    out = set()
    for a in legal(state, Family.ATTIC):
        d = lay(state).decode(a)
        if d.arg == side:
            out.add(d.arg2)
    return out


def read(name: str, **kw):
    """Seat 0 lays its one-gnome tile on rung 1 of ladder 0 whose left book is ``name``."""
    state = build(columns=([name] + REST, None), **kw)
    use(state, T1, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, 0)
    return state


# ============================================================================ R5 placement
def test_r5_2_no_gaps_and_no_overhang():
    """R5.2: on an empty ladder every tile rests on the floor: the 4-gnome tile only upright
    with its flat bottom; a stepped column admits only shapes that fit the step."""
    state = build()
    use(state, T4, Mode.ATTIC)
    assert slots_on(state, 0) == {UPRIGHT_L4}
    state = build(attic=[(1, T1, 0, 0, 0)])  # ladder 0 heights (1, 0)
    use(state, T3, Mode.ATTIC)
    assert slots_on(state, 0) == {6}  # "##/.#": its left column hangs one rung higher
    state = build(attic=[(1, T2, 0, 1, 0)])  # upright domino: heights (2, 0)
    use(state, T4, Mode.ATTIC)
    assert slots_on(state, 0) == set()  # needs the right column two higher, not the left
    state = build(attic=[(1, T2, 0, 1, 1)])  # heights (0, 2)
    use(state, T4, Mode.ATTIC)
    assert slots_on(state, 0) == {STEP_L4}


def test_r5_2_no_overhang_above_the_top():
    """R5.2: a tile may not pass the top rung (ladder 1 has five rungs, 3 players)."""
    state = build(3, attic=[(1, T4, 1, L4_UPRIGHT_ORIENTATION, 0), (2, T1, 1, 0, 0), (2, T1, 1, 0, 0)])
    assert state.ladder_height[1] == [3, 3]
    use(state, T4, Mode.ATTIC)
    assert slots_on(state, 1) == set()  # three rungs from rung 4 would end at rung 6
    assert slots_on(state, 0) == {UPRIGHT_L4}


def test_r5_3_pay_each_player_stacked_upon():
    """R5.3: resting on another player's tile pays that player one coin; own tiles are free."""
    state = build(coins={0: 3, 1: 0}, attic=[(1, T2, 0, 0, 0)])
    use(state, T1, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, 0)
    assert state.coins == [2, 1]
    state = build(coins={0: 3, 1: 0}, attic=[(0, T2, 0, 0, 0)])
    use(state, T1, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, 0)
    assert state.coins == [3, 0]


def test_r5_3_no_placement_without_the_fee_and_druid_tiles_are_free():
    """R5.3: with no coin a tile cannot rest on another player's tile; resting on a Druid tile
    is free."""
    state = build(coins={0: 0}, attic=[(1, T2, 0, 0, 0)])
    use(state, T1, Mode.ATTIC)
    assert slots_on(state, 0) == set() and slots_on(state, 2) == {0, 1}
    state = build(coins={0: 0}, gnomes={1: ["druid"]}, attic=[("druid", DRUID, 0, 0, 0)])
    use(state, T1, Mode.ATTIC)
    assert slots_on(state, 0) == {0, 1}


def test_e6_stacking_on_two_players():
    """E6: a flat domino resting on tiles of seats 1 and 2 pays each 1 coin; with 1 coin it
    cannot go there."""
    state = build(3, coins={0: 2, 1: 0, 2: 0}, attic=[(1, T1, 0, 0, 0), (2, T1, 0, 0, 1)])
    use(state, T2, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, 0)
    assert state.coins == [0, 1, 1]
    state = build(3, coins={0: 1}, attic=[(1, T1, 0, 0, 0), (2, T1, 0, 0, 1)])
    use(state, T2, Mode.ATTIC)
    assert 0 not in slots_on(state, 0)


def _nearly_full_ladder0():
    return [(1, T4, 0, L4_UPRIGHT_ORIENTATION, 0), (1, T2, 0, 1, 0), (1, T2, 0, 1, 1), (1, T2, 0, 1, 0)]  # 5, 5


def test_r5_4_reaching_the_top_closes_the_ladder():
    """R5.4: the tile reaching rung 7 of ladder 0 scores 1 VP and closes the ladder."""
    state = build(coins={0: 2}, attic=_nearly_full_ladder0())
    assert state.ladder_height[0] == [5, 5]
    use(state, T2, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, UPRIGHT_DOMINO)  # rungs 6-7 of the left column
    assert state.vp[0] == 1 and state.ladder_closed[0]
    pass_(state)
    pass_(state)
    assert state.current_player == 1
    use(state, T1, Mode.ATTIC)
    assert slots_on(state, 0) == set()  # the right column still has room, but it is closed


def test_e8_closing_scores_one_vp():
    """E8: closing the middle ladder (six rungs) scores 1 VP; a tile stopping below does not."""
    state = build(coins={0: 2}, attic=[(1, T4, 2, L4_UPRIGHT_ORIENTATION, 0), (1, T1, 2, 0, 0), (1, T1, 2, 0, 0)])
    assert state.ladder_height[2] == [3, 3]
    use(state, T2, Mode.ATTIC)
    choose(state, Family.ATTIC, 2, 0)  # flat domino on rung 4: not the top
    assert state.vp[0] == 0 and not state.ladder_closed[2]
    state = build(coins={0: 2}, attic=[(1, T4, 2, L4_UPRIGHT_ORIENTATION, 0), (1, T1, 2, 0, 0), (1, T1, 2, 0, 0)])
    use(state, T4, Mode.ATTIC)
    choose(state, Family.ATTIC, 3, UPRIGHT_L4)  # rungs 4-6: the top of the middle ladder
    assert state.vp[0] == 1 and state.ladder_closed[2]


# ============================================================================ R5 books
LEFT = ["money", "green_thumb", "venture", "hard_working", "secret", "silver_money", "upgrade"]


def test_r5_5_golden_book_only_for_the_top_rung():
    """R5.5: an upright domino on rungs 1-2 reaches the silver book of rung 2, not the golden
    book of rung 1; the 4-gnome tile on rungs 1-3 reaches the golden book of rung 3 (3 players:
    no display books)."""
    state = build(3, coins={0: 2}, columns=(LEFT, None))
    use(state, T2, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, UPRIGHT_DOMINO)
    assert books_offered(state) == ["green_thumb"]
    state = build(3, coins={0: 2}, columns=(LEFT, None))
    use(state, T4, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, UPRIGHT_L4)
    assert books_offered(state) == ["green_thumb", "venture"]


def test_r5_6_silver_books_of_every_rung_paid_in_any_order():
    """R5.6 / R5.9: every covered silver book may be activated, each paying its bookmark, in any
    order and with the golden one in between."""
    state = build(3, coins={0: 2}, columns=(["green_thumb", "hard_working", "money"] + [None] * 4, None))
    use(state, T4, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, UPRIGHT_L4)
    assert books_offered(state) == ["green_thumb", "hard_working", "money"]
    choose(state, Family.BOOK, 1)  # hard working (rung 2) first: pay a coin, wood + sand
    assert state.coins[0] == 1 and state.res[0][WOOD] == 1 and state.res[0][SAND] == 1
    choose(state, Family.BOOK, 2)  # the golden money
    assert state.coins[0] == 3
    choose(state, Family.BOOK, 0)  # green thumb: a coin for mushroom + chamomile
    assert state.coins[0] == 2 and state.res[0][MUSHROOM] == 1 and state.res[0][CHAMOMILE] == 1
    assert decision(state) == "books" and books_offered(state) == []
    state = build(3, coins={0: 0}, columns=(["green_thumb", "hard_working", "money"] + [None] * 4, None))
    use(state, T4, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, UPRIGHT_L4)
    assert books_offered(state) == ["money"]  # the silver books cost a coin each


def test_r5_7_middle_ladder_reads_either_column():
    """R5.7: on the middle ladder the player picks the column (two ladder sides)."""
    state = build(columns=(["money"] + REST, ["secret"] + REST))
    use(state, T1, Mode.ATTIC)
    assert slots_on(state, 2) == slots_on(state, 3) == {0, 1}
    assert slots_on(state, 1) == set() and slots_on(state, 4) == set()  # not in a 2-player game
    choose(state, Family.ATTIC, 3, 0)
    assert books_offered(state) == ["secret"]


def test_r5_8_two_player_display_books_once_per_round():
    """R5.8: a tile covering rung 3 beside a display book may activate it (a golden one need
    not be topmost); each display book serves once per round."""
    state = build(display=["money", "hard_working"], coins={0: 1, 1: 1},
                  attic=[(1, T2, 0, 0, 0), (1, T2, 0, 0, 0)])
    use(state, T2, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, UPRIGHT_DOMINO)  # rungs 3-4 of ladder 0: beside display 0
    refs = [lay(state).decode(a).arg for a in legal(state, Family.BOOK)]
    assert 14 in refs and 15 not in refs
    choose(state, Family.BOOK, 14)
    assert state.coins[0] == 0 + 2 and state.display_used == [True, False]
    pass_(state)
    pass_(state)
    use(state, T4, Mode.ATTIC)  # seat 1 on the middle ladder, rungs 1-3: beside both
    choose(state, Family.ATTIC, 2, UPRIGHT_L4)
    refs = [lay(state).decode(a).arg for a in legal(state, Family.BOOK)]
    assert 14 not in refs and 15 in refs


def test_r5_9_books_are_optional():
    """R5.9: the player may stop without activating any reached book."""
    state = read("money")
    assert books_offered(state) == ["money"]
    pass_(state)
    assert decision(state) == "turn_end" and state.coins[0] == 1


# ============================================================================ R9 book actions
def test_r9_1_golden_invite_pays_the_cost():
    """R9.1: Robber costs 2 wood + 1 mushroom (O11) and gives 3 coins at once."""
    state = read("invite", res={0: [2, 0, 1, 0, 0]}, coins={0: 0})
    choose(state, Family.BOOK, 0)
    assert decision(state) == "invite"
    slot = state.gnome_types.index(GnomeType.ROBBER)
    assert [lay(state).decode(a).arg for a in legal(state)] == [slot]  # the only affordable one
    choose(state, Family.GNOME, slot)
    assert state.gnomes[0] == [GnomeType.ROBBER] and state.res[0] == [0, 0, 0, 0, 0]
    assert state.coins[0] == 3 and state.stack[slot] == 1


def test_r9_2_venturesome_spirit_two_steps():
    """R9.2: two steps on the trail."""
    state = read("venture")
    choose(state, Family.BOOK, 0)
    assert state.trail[0] == 2


def test_r9_3_golden_upgrade_is_paid():
    """R9.3: the golden upgrade pays the space's cost (no resources: not offered)."""
    assert books_offered(read("upgrade")) == []
    state = read("upgrade", res={0: [0, 1, 0, 0, 0]})
    choose(state, Family.BOOK, 0)
    choose(state, Family.TRACK, 0)
    assert state.warehouse[0] == 1 and state.res[0][SAND] == 0


def test_r9_4_golden_money_two_coins():
    """R9.4: two coins."""
    state = read("money", coins={0: 0})
    choose(state, Family.BOOK, 0)
    assert state.coins[0] == 2


def test_r9_5_found_a_secret_one_key():
    """R9.5: one key."""
    state = read("secret")
    choose(state, Family.BOOK, 0)
    assert state.keys[0] == 1


@pytest.mark.parametrize("name, res, coins, cost", [
    ("invite_free", [0, 0, 0, 0, 1], 0, ("crystal", 1)),
    ("invite_pay", [2, 0, 2, 0, 0], 0, ("mushroom", 1)),
    ("green_thumb", [0, 0, 0, 0, 0], 1, ("coins", 1)),
    ("hard_working", [0, 0, 0, 0, 0], 1, ("coins", 1)),
    ("refresh_spirit", [0, 0, 0, 1, 0], 0, ("chamomile", 1)),
    ("silver_money", [0, 1, 0, 0, 0], 0, ("sand", 1)),
    ("key_krafter", [0, 1, 0, 0, 0], 0, ("sand", 1)),
])
def test_r9_6_silver_costs(name, res, coins, cost):
    """R9.6: each silver book charges its bookmark: without it the book is not offered."""
    gnomes = {0: ["robber"]} if name == "refresh_spirit" else {}
    state = read(name, res={0: res}, coins={0: coins}, gnomes=gnomes)
    assert books_offered(state) == [name]
    what, amount = cost
    held = (lambda: state.coins[0]) if what == "coins" else (lambda: state.res[0][RES_NAMES.index(what)])
    before = held()
    choose(state, Family.BOOK, 0)
    assert held() == before - amount
    starved = read(name, coins={0: 0}, gnomes=gnomes)
    assert books_offered(starved) == []


def test_r9_7_invite_for_a_crystal_skips_the_cost():
    """R9.7: a crystal invites any gnome with a card left, paying nothing else."""
    state = read("invite_free", res={0: [0, 0, 0, 0, 1]}, coins={0: 0})
    choose(state, Family.BOOK, 0)
    assert len(legal(state)) == 5  # every stack
    slot = state.gnome_types.index(GnomeType.KNIGHT)
    choose(state, Family.GNOME, slot)
    assert state.gnomes[0] == [GnomeType.KNIGHT] and state.res[0][CRYSTAL] == 0 and state.coins[0] == 0


def test_r9_8_invite_for_a_mushroom_also_pays_the_cost():
    """R9.8: a mushroom plus the gnome's cost (Robber: 2 wood + 1 mushroom)."""
    state = read("invite_pay", res={0: [2, 0, 2, 0, 0]}, coins={0: 0})
    choose(state, Family.BOOK, 0)
    choose(state, Family.GNOME, state.gnome_types.index(GnomeType.ROBBER))
    assert state.res[0] == [0, 0, 0, 0, 0]
    assert books_offered(read("invite_pay", res={0: [2, 0, 1, 0, 0]}, coins={0: 0})) == []


def test_r9_9_green_thumb():
    """R9.9: a chamomile and a mushroom for a coin."""
    state = read("green_thumb", coins={0: 1})
    choose(state, Family.BOOK, 0)
    assert state.res[0] == [0, 0, 1, 1, 0] and state.coins[0] == 0


def test_r9_10_hard_working():
    """R9.10: a wood and a sand for a coin."""
    state = read("hard_working", coins={0: 1})
    choose(state, Family.BOOK, 0)
    assert state.res[0] == [1, 1, 0, 0, 0] and state.coins[0] == 0


def test_r9_11_refresh_spirit_runs_a_one_time_ability_again():
    """R9.11: the Robber's 3 coins once more for a chamomile; gnomes without a one-time
    ability (Magic) are not offered."""
    state = read("refresh_spirit", res={0: [0, 0, 0, 1, 0]}, coins={0: 0}, gnomes={0: ["robber", "magic"]})
    choose(state, Family.BOOK, 0)
    assert decision(state) == "refresh"
    assert [lay(state).decode(a).arg for a in legal(state)] == [state.gnome_types.index(GnomeType.ROBBER)]
    choose(state, Family.GNOME, state.gnome_types.index(GnomeType.ROBBER))
    assert state.coins[0] == 3


def test_r9_12_silver_money():
    """R9.12: two coins for a sand."""
    state = read("silver_money", res={0: [0, 1, 0, 0, 0]}, coins={0: 0})
    choose(state, Family.BOOK, 0)
    assert state.coins[0] == 2 and state.res[0][SAND] == 0


def test_r9_13_key_krafter():
    """R9.13: two keys for a sand."""
    state = read("key_krafter", res={0: [0, 1, 0, 0, 0]})
    choose(state, Family.BOOK, 0)
    assert state.keys[0] == 2


def test_r9_14_books_that_would_do_nothing_are_not_offered():
    """R9.14: no invitation at capacity, no Venture at the last space, no key at three."""
    assert books_offered(read("invite_free", res={0: [0, 0, 0, 0, 1]}, gnomes={0: ["magic", "knight"]})) == []
    assert books_offered(read("venture", trail={0: 8})) == []  # 8 is the last space (R11.1, O15)
    assert books_offered(read("venture", trail={0: 7})) == ["venture"]  # one step is left
    assert books_offered(read("secret", keys={0: 3})) == []
    assert books_offered(read("secret", keys={0: 2})) == ["secret"]
