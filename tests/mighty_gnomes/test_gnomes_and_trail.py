"""R10 mighty gnomes, R11 the adventure trail and R12 treasure chests (``seeds/mighty_gnomes.md``)."""

from __future__ import annotations

from gnome_envs.mighty_gnomes.components import CHESTS, GNOME_COST, ROUND_REWARDS
from gnome_envs.mighty_gnomes.scoring import breakdown, gnome_points

from .helpers import (
    CRYSTAL,
    SAND,
    T1,
    T4,
    WOOD,
    ChestKind,
    Family,
    GnomeType,
    Mode,
    Reward,
    Track,
    build,
    choose,
    decision,
    lay,
    legal,
    pass_,
    use,
)

ALL_BUT = {
    "magic": ("magic", "alchemist", "robber", "knight", "druid"),
    "keyholder": ("keyholder", "bandito", "farmer", "robber", "knight"),
}
REST = [None] * 6


def invite(name: str, gnome_set=ALL_BUT["magic"], **kw):
    """Seat 0 invites ``name`` with the silver crystal invitation on rung 1 of ladder 0."""
    res = kw.pop("res", {0: [0, 0, 0, 0, 1]})
    state = build(mighty_gnomes=gnome_set, columns=(["invite_free"] + REST, None), res=res, **kw)
    use(state, T1, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, 0)
    choose(state, Family.BOOK, 0)
    choose(state, Family.GNOME, state.gnome_types.index(GnomeType[name.upper()]))
    return state


def slots(state, family: Family) -> list[int]:
    """Arguments of the legal actions of ``family``."""
    return [lay(state).decode(a).arg for a in legal(state, family)]


# ============================================================================ R10 mighty gnomes
def test_r10_1_capacity_from_the_dining_table():
    """R10.1: two gnomes fill the second plate; after an upgrade a third fits."""
    state = build(columns=(["invite_free"] + REST, None), res={0: [0, 0, 0, 0, 1]},
                  gnomes={0: ["magic", "robber"]})
    use(state, T1, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, 0)
    assert not legal(state, Family.BOOK)
    state = build(columns=(["invite_free"] + REST, None), res={0: [0, 0, 0, 0, 1]},
                  gnomes={0: ["magic", "robber"]})
    state.dining[0] = 2
    state.touch(0)
    use(state, T1, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, 0)
    assert legal(state, Family.BOOK)


def test_r10_2_last_card_simply_pays_the_cost():
    """R10.2 / O11: the last card of a stack costs what every card of the type costs (no
    surcharge); a second card of a type may be seated; cards go to the next slot."""
    cost = GNOME_COST[GnomeType.ROBBER]
    assert cost.coins == 0
    state = build(3, columns=(["invite"] + REST, None), res={0: [2, 0, 1, 0, 0]}, coins={0: 0},
                  gnomes={1: ["robber"], 2: ["robber"]})
    slot = state.gnome_types.index(GnomeType.ROBBER)
    assert state.stack[slot] == 1
    state.dining[0] = 2
    state.touch(0)
    use(state, T1, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, 0)
    choose(state, Family.BOOK, 0)
    assert slot in slots(state, Family.GNOME)  # affordable with no coin at all
    choose(state, Family.GNOME, slot)
    assert state.coins[0] == 0 + 3 and state.res[0] == [0, 0, 0, 0, 0]  # the Robber's 3 coins
    assert state.stack[slot] == 0
    state = build(columns=(["invite_free"] + REST, None), res={0: [0, 0, 0, 0, 1]}, gnomes={0: ["robber"]})
    use(state, T1, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, 0)
    choose(state, Family.BOOK, 0)
    assert state.gnome_types.index(GnomeType.ROBBER) in slots(state, Family.GNOME)
    choose(state, Family.GNOME, state.gnome_types.index(GnomeType.ROBBER))
    assert state.gnomes[0] == [GnomeType.ROBBER, GnomeType.ROBBER]


def test_r10_3_magic_once_per_round_and_bedroom_scoring():
    """R10.3: 2 wood or 1 sand for 1 VP once per round; end: the bedroom tile's squares."""
    state = build(gnomes={0: ["magic"]}, res={0: [2, 1, 0, 0, 0]}, bedroom={0: T4})
    assert sorted(slots(state, Family.MAGIC)) == [0, 1]
    choose(state, Family.MAGIC, 1)
    assert state.vp[0] == 1 and state.res[0][SAND] == 0
    assert slots(state, Family.MAGIC) == []  # once per round
    assert gnome_points(state, 0, GnomeType.MAGIC) == 4
    state.bedroom[0] = -1
    assert gnome_points(state, 0, GnomeType.MAGIC) == 0
    state = build(gnomes={0: ["magic"]}, res={0: [3, 0, 0, 0, 0]})
    choose(state, Family.MAGIC, 0)  # the wood trade: 2 wood for 1 VP
    assert state.vp[0] == 1 and state.res[0][WOOD] == 3 - 2
    state = build(gnomes={0: ["magic"]}, res={0: [1, 1, 0, 0, 0]})
    assert slots(state, Family.MAGIC) == [1]  # one wood is not enough: only the sand trade


def test_r10_4_alchemist_trades_and_crystal_scoring():
    """R10.4: a crystal for 5 coins or a face-down chest, once per round; end: 2 VP a crystal."""
    state = build(gnomes={0: ["alchemist"]}, res={0: [0, 0, 0, 0, 3]}, coins={0: 0})
    choose(state, Family.ALCHEMIST, 0)
    assert state.coins[0] == 5 and state.res[0][CRYSTAL] == 2
    assert slots(state, Family.ALCHEMIST) == []
    assert gnome_points(state, 0, GnomeType.ALCHEMIST) == 4
    state = build(gnomes={0: ["alchemist"]}, res={0: [0, 0, 0, 0, 1]})
    bag = len(state.chest_bag)
    choose(state, Family.ALCHEMIST, 1)
    assert len(state.closed[0]) == 1 and len(state.chest_bag) == bag - 1
    assert state.res[0][CRYSTAL] == 1 - 1  # the chest costs the crystal too


def test_r10_4_alchemist_crystals_score_on_top_of_the_crystal_vp():
    """R10.4 / R14.2 / O39: with an Alchemist each crystal scores its own 1 VP plus 2 VP for the
    Alchemist (3 in all); two Alchemists add 2 VP each (5 in all)."""
    state = build(3, gnomes={0: ["alchemist"], 1: ["alchemist", "alchemist"]},
                  res={0: [0, 0, 0, 0, 2], 1: [0, 0, 0, 0, 2]}, coins={0: 0, 1: 0})
    mine, theirs = breakdown(state, 0), breakdown(state, 1)
    assert (mine["crystals"], mine["gnomes"]) == (2, 4)
    assert (theirs["crystals"], theirs["gnomes"]) == (2, 8)


def test_r10_5_robber():
    """R10.5: 3 coins at once; end: 1 VP per 3 coins."""
    state = invite("robber", coins={0: 4})
    assert state.coins[0] == 7 and gnome_points(state, 0, GnomeType.ROBBER) == 2


def test_r10_6_knight():
    """R10.6: 2 steps at once; end: 4 VP when furthest on the trail, 2 otherwise."""
    state = invite("knight", trail={1: 4})
    assert state.trail[0] == 2 or decision(state) == "treasure"
    if decision(state) == "treasure":
        state.apply(legal(state)[0])
    assert state.trail[0] == 2 and gnome_points(state, 0, GnomeType.KNIGHT) == 2
    state.trail[1] = 1
    assert gnome_points(state, 0, GnomeType.KNIGHT) == 4


def test_r10_7_druid_tile_and_wild_animal():
    """R10.7: the Druid brings a Druid tile (a Druid turn after the third turns) and counts as
    an animal of the owner's choice at the end."""
    state = invite("druid")
    assert state.druid_tiles[0] == 1
    state.opened[0] = [int(ChestKind.OWL)]
    state.chest_bag.remove(int(ChestKind.OWL))
    state.touch_all()
    assert breakdown(state, 0)["animals"] == 3  # owl + Druid as an owl: a pair


def test_r10_8_keyholder():
    """R10.8: 2 keys at once; end: 2 VP per key."""
    state = invite("keyholder", gnome_set=ALL_BUT["keyholder"], keys={0: 2})
    assert state.keys[0] == 3 and gnome_points(state, 0, GnomeType.KEYHOLDER) == 6


def test_r10_9_bandito():
    """R10.9: draw two chests and keep one face down; end: 1 VP per opened chest."""
    state = invite("bandito", gnome_set=ALL_BUT["keyholder"])
    assert decision(state) == "keep_chest" and len(state.drawn) == 2
    choose(state, Family.CHEST_PICK, 0)
    assert len(state.closed[0]) == 1
    state.opened[0] = [state.closed[0].pop()]
    state.touch_all()
    assert gnome_points(state, 0, GnomeType.BANDITO) == 1
    # only opened chests count: one opened and one still face down score 1 VP
    state = build(mighty_gnomes=ALL_BUT["keyholder"], gnomes={0: ["bandito"]},
                  opened={0: ["trophy"]}, closed={0: ["owl"]})
    assert gnome_points(state, 0, GnomeType.BANDITO) == 1 and breakdown(state, 0)["gnomes"] == 1


def test_r10_10_farmer():
    """R10.10: one free upgrade at once; end: 1 VP per upgrade."""
    state = invite("farmer", gnome_set=ALL_BUT["keyholder"])
    assert decision(state) == "upgrade"
    choose(state, Family.TRACK, Track.DINING)
    assert state.dining[0] == 2 and state.res[0][WOOD] == 0 and state.vp[0] == 1
    assert gnome_points(state, 0, GnomeType.FARMER) == 1


# ============================================================================ R11 trail
def test_r11_1_step_by_step_to_the_last_space_and_stacking():
    """R11.1: steps beyond the last space (8, O15) are lost; a token arriving on an occupied
    space lies on top."""
    state = build(columns=(["venture"] + REST, None), trail={0: 7, 1: 8})
    use(state, T1, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, 0)
    choose(state, Family.BOOK, 0)
    assert state.trail[0] == 8 and state.trail_order() == [1, 0]
    assert state.furthest() == 0


def test_r11_2_vp_icons_each_time_passed():
    """R11.2 / O15: passing space 2 scores 1 VP and reaching space 4 1 VP more, whenever a token
    passes them (VP icons on spaces 2, 4, 6, 8: 1, 1, 2, 3 VP)."""
    for start, vp in ((1, 1), (2, 1), (3, 1)):  # 1 -> 3 passes 2; 2 -> 4 and 3 -> 5 reach 4
        state = build(columns=(["venture"] + REST, None), trail={0: start})
        use(state, T1, Mode.ATTIC)
        choose(state, Family.ATTIC, 0, 0)
        choose(state, Family.BOOK, 0)
        assert state.trail[0] == start + 2 and state.vp[0] == vp
    state = build(columns=(["venture"] + REST, None), trail={0: 4}, chest_display=["trophy", "owl", "gem"])
    use(state, T1, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, 0)
    choose(state, Family.BOOK, 0)  # 4 -> 5: the first open treasure, then 6: 2 VP and the second
    choose(state, Family.CHEST_PICK, 1)  # the owl: 2 VP
    assert state.trail[0] == 6 and decision(state) == "treasure"
    choose(state, Family.CHEST_PICK, 0)  # the trophy: 3 VP
    assert state.vp[0] == 2 + 2 + 3


def test_r11_2_vp_icons_score_again_in_a_later_round():
    """R11.2: "every time": a token passing space 2 in round 1 scores 1 VP, and passing it
    again in round 2 (after the tokens went back to the hut, R13.2) scores 1 VP again."""
    state = build(columns=(["venture", "venture"] + [None] * 5, None), trail={0: 1})
    use(state, T1, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, 0)
    choose(state, Family.BOOK, 0)  # 1 -> 3 passes space 2
    assert state.trail[0] == 3 and state.vp[0] == 1
    while decision(state) != "reward":  # the rest of round 1: coins turns, no Druid turn
        name = decision(state)
        if name == "turn_start":
            state.apply(legal(state, Family.TILE_MODE)[-1])
        elif name in ("books", "turn_end", "druid_start"):
            pass_(state)
        else:
            state.apply(legal(state)[0])
    assert state.current_player == 0  # furthest on the trail, seat 0 claims first
    choose(state, Family.REWARD, ROUND_REWARDS[1].index(Reward.FREE_USE))  # T1 need not wait (R3.4)
    choose(state, Family.REWARD, ROUND_REWARDS[1].index(Reward.COINS_2))  # seat 1
    assert state.round == 2 and state.trail[0] == 0 and state.current_player == 0
    vp = state.vp[0]
    use(state, T1, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, 0)
    choose(state, Family.BOOK, 0)  # the second venture book slid down to rung 1 (R13.7)
    assert state.trail[0] == 2 and state.vp[0] == vp + 1  # 0 -> 2 reaches space 2 again


def test_r11_3_open_treasure_once_per_icon():
    """R11.3 / O15: the first token to reach space 5 picks an open chest, uses it and returns it
    to the bag; the next token to reach space 5 gets nothing."""
    state = build(columns=(["venture"] + REST, ["venture"] + REST),
                  chest_display=["trophy", "owl", "gem"], trail={0: 3, 1: 3})
    bag = len(state.chest_bag)
    use(state, T1, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, 0)
    choose(state, Family.BOOK, 0)
    assert decision(state) == "treasure" and slots(state, Family.CHEST_PICK) == [0, 1, 2]
    choose(state, Family.CHEST_PICK, 0)  # the trophy: 3 VP, after space 4's 1 VP
    assert state.vp[0] == 1 + 3 and state.chest_display[0] == -1 and len(state.chest_bag) == bag + 1
    assert state.treasure_claimed == [True, False, False]
    pass_(state)
    pass_(state)
    use(state, T1, Mode.ATTIC)
    choose(state, Family.ATTIC, 5, 0)
    choose(state, Family.BOOK, 7)  # right column rung 1
    assert state.trail[1] == 5 and decision(state) == "books" and state.vp[1] == 1  # space 4's VP only


def test_r11_4_trail_order_space_then_stack():
    """R11.4: further is ahead; on one space the later arrival (on top) is ahead."""
    state = build(3, trail={2: 3, 0: 3, 1: 1})
    assert state.trail_order() == [1, 2, 0] and state.furthest() == 0


# ============================================================================ R12 chests
def open_and_check(kind: ChestKind) -> None:
    """Open a chest of ``kind`` with a key and check its VP, coins, resources and chest draws."""
    state = build(keys={0: 1}, closed={0: [kind.name.lower()]}, coins={0: 0})
    chest = CHESTS[kind]
    bag = len(state.chest_bag)
    choose(state, Family.OPEN_CHEST, int(kind))
    assert state.vp[0] == chest.vp and state.coins[0] == chest.gain.coins
    assert state.res[0] == list(chest.gain.res)
    assert len(state.closed[0]) == chest.draw and len(state.chest_bag) == bag - chest.draw
    assert state.opened[0] == [int(kind)]


def test_r12_1_animal_chests():
    """R12.1: hedgehog, rabbit and owl give 2 VP each."""
    for kind in (ChestKind.HEDGEHOG, ChestKind.RABBIT, ChestKind.OWL):
        assert CHESTS[kind].vp == 2 and CHESTS[kind].count == 3
        open_and_check(kind)


def test_r12_2_frog():
    """R12.2: a frog gives 1 VP."""
    assert CHESTS[ChestKind.FROG].vp == 1
    open_and_check(ChestKind.FROG)


def test_r12_3_golden_frog():
    """R12.3: the golden frog gives 5 VP."""
    assert CHESTS[ChestKind.GOLDEN_FROG].vp == 5
    open_and_check(ChestKind.GOLDEN_FROG)


def test_r12_4_double_chest():
    """R12.4: two chests drawn face down into the vault."""
    assert CHESTS[ChestKind.DOUBLE].draw == 2
    open_and_check(ChestKind.DOUBLE)


def test_r12_5_resource_chests():
    """R12.5: timber 2 wood + 1 sand, quarry 1 wood + 2 sand, pantry 2 mushroom + 1 chamomile,
    gem 1 chamomile + 1 crystal."""
    expected = {ChestKind.TIMBER: (2, 1, 0, 0, 0), ChestKind.QUARRY: (1, 2, 0, 0, 0),
                ChestKind.PANTRY: (0, 0, 2, 1, 0), ChestKind.GEM: (0, 0, 0, 1, 1)}
    for kind, res in expected.items():
        assert CHESTS[kind].gain.res == res
        open_and_check(kind)


def test_r12_6_purses():
    """R12.6: 2 VP + 2 coins, or 3 VP + 3 coins."""
    assert (CHESTS[ChestKind.PURSE_2].vp, CHESTS[ChestKind.PURSE_2].gain.coins) == (2, 2)
    assert (CHESTS[ChestKind.PURSE_3].vp, CHESTS[ChestKind.PURSE_3].gain.coins) == (3, 3)
    open_and_check(ChestKind.PURSE_2)
    open_and_check(ChestKind.PURSE_3)


def test_r12_7_trophy():
    """R12.7: a trophy gives 3 VP."""
    assert CHESTS[ChestKind.TROPHY].vp == 3
    open_and_check(ChestKind.TROPHY)


def test_r12_1_animals_count_at_the_end():
    """R12.1-R12.3: opened animals and frogs form sets; unopened chests do not count."""
    state = build(opened={0: ["hedgehog", "rabbit", "frog"]}, closed={0: ["owl"]})
    assert breakdown(state, 0)["animals"] == 5
    state = build(opened={0: ["hedgehog", "golden_frog"]})
    assert breakdown(state, 0)["animals"] == 3
    assert CHESTS[ChestKind.GOLDEN_FROG].vp == 5 and CHESTS[ChestKind.FROG].vp == 1
