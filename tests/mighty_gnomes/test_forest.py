"""R4 gathering in the forest (``seeds/mighty_gnomes.md``), with examples E5 and E7.

Forest of ``helpers.GLADES`` (2 players, top row first)::

    r6  S M H C W T        cells 30-35
    r5  W X S H M C        cells 24-29
    r4  C H M W S W        cells 18-23
    r3  S X T M H C        cells 12-17
    r2  W S C M H X        cells  6-11
    r1  H T W S M C        cells  0-5
"""

from __future__ import annotations

from gnome_envs.mighty_gnomes.geometry import FOREST_BY_SLOT

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
    Mode,
    build,
    choose,
    decision,
    forest,
    lay,
    legal,
    use,
)

CRYSTAL_CELL = 11  # r2, last column
CHEST_CELL = 1


def anchors(state, orientation: int | None = None) -> set[int]:
    """Anchors of the legal forest placements (of one orientation)."""
    out = set()
    for a in legal(state, Family.FOREST):
        d = lay(state).decode(a)
        if orientation is None or d.arg2 == orientation:
            out.add(d.arg)
    return out


def covered(state, anchor: int, orientation: int, tile: int) -> tuple[int, ...]:
    """Cells a placement covers."""
    shape = 1 if tile == DRUID else tile
    return FOREST_BY_SLOT[state.game.num_players][shape][anchor * 4 + orientation].cells


# ============================================================================ R4.1 placement
def test_r4_1_inside_the_forest_and_never_on_a_tile():
    """R4.1: every offered placement lies inside the forest and off every tile; rotations of
    the grass side are offered (the L-tetromino has four)."""
    state = build(forest=[(1, T4, 14, 0)])  # "..#/###" at 14: cells 14, 15, 16, 22
    taken = {14, 15, 16, 22}
    use(state, T4, Mode.GATHER)
    orientations = {lay(state).decode(a).arg2 for a in legal(state, Family.FOREST)}
    assert orientations == {0, 1, 2, 3}
    for a in legal(state, Family.FOREST):
        d = lay(state).decode(a)
        cells = covered(state, d.arg, d.arg2, T4)
        assert not taken & set(cells) and all(0 <= c < 36 for c in cells)
    assert 34 not in anchors(state, 0)  # "..#/###" from the fifth column would stick out


def test_r4_2_gathering_takes_every_covered_resource():
    """R4.2: a flat domino on cells 2-3 (wood, sand) gives one wood and one sand."""
    state = build()
    use(state, T2, Mode.GATHER)
    choose(state, Family.FOREST, 2, 0)
    assert state.res[0][WOOD] == 1 and state.res[0][SAND] == 1
    assert state.forest_owner[2] == state.forest_owner[3] == 0


# ============================================================================ R4.3 neighbour fee
def test_r4_3_one_coin_per_touched_tile_of_another_player():
    """R4.3: touching another player's tile costs one coin to the bank; own tiles are free."""
    state = build(coins={0: 3}, forest=[(1, T1, 0, 0), (0, T1, 4, 0)])
    bank = state.bank
    use(state, T2, Mode.GATHER)
    choose(state, Family.FOREST, 2, 0)  # cells 2-3: touches nothing of seat 1 (cell 0 is two away)
    assert state.coins[0] == 3
    state = build(coins={0: 3}, forest=[(1, T1, 0, 0), (0, T1, 4, 0)])
    use(state, T2, Mode.GATHER)
    choose(state, Family.FOREST, 1, 0)  # cells 1-2 touch seat 1's tile on cell 0
    assert state.coins[0] == 2 and state.bank == bank + 1
    state = build(coins={0: 3}, forest=[(0, T1, 4, 0)])
    use(state, T2, Mode.GATHER)
    choose(state, Family.FOREST, 2, 0)  # cells 2-3 touch only seat 0's own tile on cell 4
    assert state.coins[0] == 3


def test_r4_3_no_placement_without_the_fee():
    """R4.3: with no coin, every cell beside another player's tile is out of reach."""
    state = build(coins={0: 0}, forest=[(1, T1, 7, 0)])
    use(state, T1, Mode.GATHER)
    assert not anchors(state) & {1, 6, 8, 13}
    assert {0, 2, 12, 14} <= anchors(state)


def test_r4_3_druid_tiles_cost_nothing():
    """R4.3 / R10.7: touching a Druid tile is free, and so is laying one beside others."""
    state = build(coins={0: 0}, gnomes={1: ["druid"]}, forest=[("druid", DRUID, 7, 0)])
    use(state, T1, Mode.GATHER)
    assert {1, 6, 9, 13} <= anchors(state)
    state = build(coins={0: 0}, gnomes={0: ["druid"]}, forest=[(1, T1, 7, 0)], turn_index=2)
    state.used_tiles[0] = 0b0111
    state.touch_all()
    # play seat 0's last turn, seat 1's last turn, then seat 0's Druid turn
    use(state, T4, Mode.COINS)
    use(state, T1, Mode.COINS)
    assert decision(state) == "druid_start"
    use(state, DRUID, Mode.GATHER)
    assert anchors(state, 0) >= {1, 8} and 6 in anchors(state, 1)  # each beside seat 1's tile
    choose(state, Family.FOREST, 8, 0)  # cells 8-9, beside seat 1's tile, free
    assert state.coins[0] == 3 and state.forest_owner[8] == 4


def test_e5_two_touched_tiles_cost_two_coins():
    """E5: a tile touching two other tiles pays 2; with 1 coin it cannot go there (3 players,
    one tile each of seats 1 and 2; then two tiles of one player)."""
    state = build(3, coins={0: 2}, forest=[(1, T1, 0, 0), (2, T1, 2, 0)])
    use(state, T1, Mode.GATHER)
    choose(state, Family.FOREST, 1, 0)
    assert state.coins[0] == 0
    state = build(3, coins={0: 1}, forest=[(1, T1, 0, 0), (2, T1, 2, 0)])
    use(state, T1, Mode.GATHER)
    assert 1 not in anchors(state)
    state = build(2, coins={0: 2}, forest=[(1, T1, 0, 0), (1, T2, 2, 0)])
    use(state, T1, Mode.GATHER)
    choose(state, Family.FOREST, 1, 0)
    assert state.coins[0] == 0


# ============================================================================ R4.4 crystals
def test_r4_4_only_the_one_gnome_tile_covers_a_crystal():
    """R4.4: no placement of a bigger tile covers a crystal cell; the one-gnome tile may."""
    for tile in (T2, T3, T4):
        state = build()
        use(state, tile, Mode.GATHER)
        for a in legal(state, Family.FOREST):
            d = lay(state).decode(a)
            assert CRYSTAL_CELL not in covered(state, d.arg, d.arg2, tile)
    state = build()
    use(state, T1, Mode.GATHER)
    choose(state, Family.FOREST, CRYSTAL_CELL, 0)
    assert state.res[0][CRYSTAL] == 1


def test_e7_crystal_needs_the_one_gnome_tile():
    """E7: the two-, three- and four-gnome tiles cannot cover the crystal at cell 11 even where
    the rest of the shape fits; the one-gnome tile can."""
    state = build()
    use(state, T2, Mode.GATHER)
    assert forest(state, 10, 0) not in state.legal_actions()  # flat domino on 10-11
    assert forest(state, 5, 1) not in state.legal_actions()  # upright domino on 5 and 11
    assert forest(state, 9, 0) in state.legal_actions()  # 9-10 is fine
    state = build()
    use(state, T1, Mode.GATHER)
    assert forest(state, CRYSTAL_CELL, 0) in state.legal_actions()


# ============================================================================ R4.5 icons
def test_r4_5_icons_resources_then_compass_then_chests():
    """R4.5: an L-tromino on cells 8 (compass), 9 (mushroom), 14 (chest): the mushroom and the
    step come first, then the chest draw asks which of two chests to keep; the other goes back."""
    state = build()
    bag = len(state.chest_bag)
    use(state, T3, Mode.GATHER)
    choose(state, Family.FOREST, 8, 0)
    assert decision(state) == "keep_chest"
    assert state.res[0][MUSHROOM] == 1 and state.trail[0] == 1
    assert len(state.drawn) == 2 and len(state.chest_bag) == bag - 2
    kept = state.drawn[1]
    choose(state, Family.CHEST_PICK, 1)
    assert state.closed[0] == [kept] and len(state.chest_bag) == bag - 1 and state.drawn == []


def test_r4_5_chest_with_one_left_and_with_none():
    """R4.5: with one chest in the bag it is kept without a choice; with none nothing happens."""
    state = build()
    state.closed[1] = sorted(state.chest_bag[1:])
    state.chest_bag = state.chest_bag[:1]
    last = state.chest_bag[0]
    state.touch_all()
    use(state, T1, Mode.GATHER)
    choose(state, Family.FOREST, 1, 0)
    assert decision(state) == "turn_end" and state.closed[0] == [last] and state.chest_bag == []
    state.check_invariants()
    choose(state, Family.PASS)
    use(state, T1, Mode.GATHER)
    choose(state, Family.FOREST, 33, 0)  # a compass, nothing else
    assert state.trail[1] == 1


def test_r4_5_compass_and_basic_icons():
    """R4.5: each compass is a step; wood, sand, mushroom, chamomile, crystal one each."""
    state = build()
    use(state, T4, Mode.GATHER)
    choose(state, Family.FOREST, 15, 0)  # "..#/###" at 15: M H C (15-17) and W (23)
    assert state.res[0] == [1, 0, 1, 1, 0] and state.trail[0] == 1
    assert CHAMOMILE == 3
