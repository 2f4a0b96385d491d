"""R3 rounds and turns, R6 coins, R7 free actions, R8 warehouse and dining table
(``seeds/mighty_gnomes.md``), with examples E1, E2 and E10."""

from __future__ import annotations

from gnome_envs.mighty_gnomes.components import WAREHOUSE_CAPACITY

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
    ChestKind,
    Family,
    Mode,
    Track,
    build,
    choose,
    decision,
    fresh,
    lay,
    legal,
    pass_,
    use,
)


def coins_turn(state, tile: int) -> None:
    """Turn ``tile`` in for coins and end the turn."""
    use(state, tile, Mode.COINS)
    if decision(state) == "turn_end":
        pass_(state)


def claim_first_reward(state) -> None:
    """Claim the lowest legal reward box (and settle an upgrade choice)."""
    choose(state, Family.REWARD, lay(state).decode(legal(state, Family.REWARD)[0]).arg)
    if decision(state) == "upgrade":
        state.apply(legal(state)[0])


# ============================================================================ R3 rounds and turns
def test_r3_1_turns_clockwise_three_per_round_five_rounds():
    """R3.1: every player's first turn, then second, then third, clockwise from the first
    player; five rounds and the game is over."""
    state = fresh(3, seed=0)
    seen = []
    for _ in range(9):
        seen.append(state.current_player)
        coins_turn(state, state.turns_taken[state.current_player] if state.bedroom[state.current_player] < 0
                   else state.bedroom[state.current_player])
    assert seen == [0, 1, 2, 0, 1, 2, 0, 1, 2]
    assert decision(state) == "reward" and state.round == 1
    rounds = 1
    while not state.is_terminal():
        if decision(state) == "reward":
            claim_first_reward(state)
        elif decision(state) == "turn_start":
            p = state.current_player
            tile = state.bedroom[p] if state.must_first[p] else next(
                t for t in range(4) if state.tile_available(p, t))
            coins_turn(state, tile)
        else:
            state.apply(legal(state)[0])
        rounds = max(rounds, state.round)
    assert rounds == 5 and state.round == 5


def test_r3_2_a_turn_uses_one_unused_tile():
    """R3.2: a used tile is not offered again in the round; each tile gathers, climbs or
    takes coins."""
    state = build()
    modes = {lay(state).decode(a).arg2 for a in legal(state, Family.TILE_MODE)}
    assert modes == {Mode.GATHER, Mode.ATTIC, Mode.COINS}
    coins_turn(state, T2)
    coins_turn(state, T1)  # seat 1
    assert state.current_player == 0
    tiles = {lay(state).decode(a).arg for a in legal(state, Family.TILE_MODE)}
    assert tiles == {T1, T3, T4}


def test_r3_3_bedroom_scores_squares_minus_one():
    """R3.3: after the third turns the unused tile goes to the bedroom: 4 gnomes -> 3 VP."""
    state = build()
    for tile in (T1, T2, T3):
        coins_turn(state, tile)  # seat 0
        coins_turn(state, [T2, T3, T4][tile])  # seat 1 keeps its 1-gnome tile
    assert state.bedroom == [T4, T1]
    assert state.vp == [3, 0]


def test_e1_three_gnome_tile_in_bedroom_scores_two():
    """E1: a three-gnome tile left in the bedroom scores 2 VP."""
    state = build()
    for tile in (T1, T2, T4):
        coins_turn(state, tile)
        coins_turn(state, tile)
    assert state.bedroom == [T3, T3] and state.vp == [2, 2]


def test_r3_4_bedroom_tile_first_next_round():
    """R3.4: the next round the bedroom tile is the only tile offered for the first turn, then
    the others come back."""
    state = build(bedroom={0: T4, 1: T1})
    assert {lay(state).decode(a).arg for a in legal(state, Family.TILE_MODE)} == {T4}
    coins_turn(state, T4)
    assert state.bedroom[0] == -1
    assert {lay(state).decode(a).arg for a in legal(state, Family.TILE_MODE)} == {T1}
    coins_turn(state, T1)
    assert {lay(state).decode(a).arg for a in legal(state, Family.TILE_MODE)} == {T1, T2, T3}


def test_r3_5_druid_turns_after_the_third_turns():
    """R3.5: after every third turn the Druid owners take turns clockwise from the first
    player, one Druid tile each time around; a Druid turn may be skipped."""
    state = build(gnomes={0: ["druid"], 1: ["druid"]}, first_player=1)
    state_two = build(gnomes={0: ["druid", "druid"]}, res={}, mighty_gnomes=("druid", "magic", "knight",
                                                                              "robber", "farmer"))
    for tile in (T1, T2, T3):
        coins_turn(state, tile)
        coins_turn(state, tile)
    assert decision(state) == "druid_start" and state.current_player == 1
    pass_(state)  # skip: no tile is laid, and the Druid turn is over
    assert decision(state) == "druid_start" and state.current_player == 0
    use(state, DRUID, Mode.COINS)  # taking coins ends the Druid turn too (R6.1)
    assert state.coins[0] == 1 + 0 + 1 + 2 + 1
    assert decision(state) == "reward"
    for tile in (T1, T2, T3):
        coins_turn(state_two, tile)
        coins_turn(state_two, tile)
    assert decision(state_two) == "druid_start" and state_two.current_player == 0
    coins = state_two.coins[0]
    use(state_two, DRUID, Mode.COINS)
    assert decision(state_two) == "druid_start" and state_two.current_player == 0  # its second Druid tile
    use(state_two, DRUID, Mode.COINS)
    assert state_two.coins[0] == coins + 2


# ============================================================================ R6 take coins
def test_r6_1_take_coins_squares_minus_one():
    """R6.1: the tile goes to the supply and gives its squares minus one coins."""
    state = build(coins={0: 0})
    coins_turn(state, T4)
    assert state.coins[0] == 3 and state.used_tiles[0] == 1 << T4


def test_r6_1_taking_coins_ends_the_turn():
    """R6.1: after taking coins the turn is over: no free action follows, the next seat plays."""
    state = build(res={0: [0, 0, 0, 0, 1]})
    assert legal(state, Family.CONVERT_CRYSTAL)  # free actions come before the tile
    use(state, T2, Mode.COINS)
    assert state.current_player == 1 and decision(state) == "turn_start"
    assert state.res[0] == [0, 0, 0, 0, 1] and state.tile == -1


def test_e2_three_square_tile_gives_two_coins():
    """E2: turning in a three-gnome tile gives 2 coins."""
    state = build(coins={0: 5})
    coins_turn(state, T3)
    assert state.coins[0] == 7


# ============================================================================ R7 free actions
def test_r7_1_open_a_chest_with_a_key():
    """R7.1: spend a key, the chest turns face up in the vault and pays at once."""
    state = build(keys={0: 2}, closed={0: ["trophy", "owl"]})
    vp = state.vp[0]
    choose(state, Family.OPEN_CHEST, int(ChestKind.TROPHY))
    assert state.keys[0] == 1 and state.vp[0] == vp + 3
    assert state.closed[0] == [int(ChestKind.OWL)] and state.opened[0] == [int(ChestKind.TROPHY)]
    assert decision(state) == "turn_start"  # still the same turn
    choose(state, Family.OPEN_CHEST, int(ChestKind.OWL))
    assert state.keys[0] == 0 and not legal(state, Family.OPEN_CHEST)


def test_r7_2_conversions():
    """R7.2: a crystal or two basic resources become one basic resource of another kind."""
    state = build(res={0: [2, 1, 0, 0, 1]})
    targets = {lay(state).decode(a).arg for a in legal(state, Family.CONVERT_CRYSTAL)}
    assert targets == {WOOD, SAND, MUSHROOM, CHAMOMILE}
    choose(state, Family.CONVERT_CRYSTAL, MUSHROOM)
    assert state.res[0] == [2, 1, 1, 0, 0]
    pairs = {(lay(state).decode(a).arg, lay(state).decode(a).arg2) for a in legal(state, Family.CONVERT_PAIR)}
    wood_pair = 0  # (wood, wood)
    assert (wood_pair, SAND) in pairs and (wood_pair, WOOD) not in pairs
    choose(state, Family.CONVERT_PAIR, wood_pair, CHAMOMILE)
    assert state.res[0] == [0, 1, 1, 1, 0]


def test_r7_3_at_most_three_keys():
    """R7.3: keys beyond three are not taken."""
    state = build(keys={0: 2}, columns=(["secret"] + [None] * 6, None))
    use(state, T1, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, 0)  # ladder 0 reads the left column, rung 1
    choose(state, Family.BOOK, 0)
    assert state.keys[0] == 3
    state = build(keys={0: 3}, columns=(["key_krafter"] + [None] * 6, None), res={0: [0, 1, 0, 0, 0]})
    use(state, T1, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, 0)
    assert not legal(state, Family.BOOK)  # nothing to gain (O35)
    # Key Krafter gives 2 keys (R9.13): at 2 keys only one more is taken, the cap is three
    state = build(keys={0: 2}, columns=(["key_krafter"] + [None] * 6, None), res={0: [0, 1, 0, 0, 0]})
    use(state, T1, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, 0)
    choose(state, Family.BOOK, 0)
    assert state.keys[0] == 3 and state.res[0][SAND] == 0  # its bookmark's sand was paid (R9.6)


def test_r7_4_free_actions_at_start_between_books_and_at_end():
    """R7.4: free actions are offered before the tile, between books and before ending."""
    state = build(res={0: [0, 0, 0, 0, 3]}, columns=(["money", "money"] + [None] * 5, None))
    assert legal(state, Family.CONVERT_CRYSTAL)
    use(state, T2, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, 2)  # upright domino, rungs 1-2 of the left column
    assert decision(state) == "books" and legal(state, Family.CONVERT_CRYSTAL)
    choose(state, Family.CONVERT_CRYSTAL, WOOD)
    assert decision(state) == "books"
    pass_(state)
    assert decision(state) == "turn_end" and legal(state, Family.CONVERT_CRYSTAL)
    choose(state, Family.CONVERT_CRYSTAL, SAND)
    pass_(state)
    assert state.current_player == 1 and state.res[0] == [1, 1, 0, 0, 1]


# ============================================================================ R8 warehouse
def test_r8_1_capacity_follows_the_warehouse_space():
    """R8.1: capacities 6, 8, 10, 12, 14 (O9)."""
    assert WAREHOUSE_CAPACITY == (6, 8, 10, 12, 14)
    state = build()
    state.warehouse[0] = 2
    assert state.capacity(0) == 10


def test_r8_2_warehouse_limit_applies_as_soon_as_a_gain_overflows():
    """R8.2 / O21: the seventh resource of an unimproved warehouse is discarded at once, before
    the compass step of the same tile (its open treasure) and before the end of the turn."""
    state = build(res={0: [3, 3, 0, 0, 0]}, trail={0: 4})
    use(state, T2, Mode.GATHER)
    choose(state, Family.FOREST, 4, 0)  # flat domino on cells 4-5: a mushroom, then a compass
    assert state.res[0] == [3, 3, 1, 0, 0] and state.trail[0] == 4
    assert decision(state) == "discard" and state.current_player == 0
    choose(state, Family.DISCARD, SAND)
    assert state.res[0] == [3, 2, 1, 0, 0]
    assert decision(state) == "treasure" and state.trail[0] == 5  # the compass step comes after


def test_r8_2_overflow_from_a_free_action_is_discarded_before_the_turn_goes_on():
    """R8.2: opening a timber chest (2 wood + 1 sand) with a full warehouse forces three
    discards at once; then the same turn-start choice is offered again."""
    state = build(res={0: [2, 2, 2, 0, 0]}, keys={0: 1}, closed={0: ["timber"]})
    choose(state, Family.OPEN_CHEST, int(ChestKind.TIMBER))
    assert sum(state.res[0]) == 9 and decision(state) == "discard"
    for _ in range(3):
        choose(state, Family.DISCARD, MUSHROOM if state.res[0][MUSHROOM] else WOOD)
    assert sum(state.res[0]) == 6 and decision(state) == "turn_start" and state.current_player == 0


def test_e10_six_fit_the_seventh_is_discarded():
    """E10: six resources fit an unimproved warehouse; a seventh must go as soon as it comes."""
    state = build(res={0: [2, 2, 1, 0, 0]})
    use(state, T1, Mode.GATHER)
    choose(state, Family.FOREST, 2, 0)  # sixth resource
    pass_(state)
    assert state.current_player == 1 and sum(state.res[0]) == 6
    use(state, T1, Mode.COINS)
    use(state, T2, Mode.GATHER)
    choose(state, Family.FOREST, 3, 0)  # flat domino: sand + mushroom -> 8
    assert decision(state) == "discard"
    choose(state, Family.DISCARD, WOOD)
    choose(state, Family.DISCARD, WOOD)
    assert sum(state.res[0]) == 6 and decision(state) == "turn_end"


def test_r8_3_upgrades_pay_score_and_raise_capacity():
    """R8.3: the warehouse pays sand, the dining table wood, as the new space shows; the space's
    VP are scored; capacities rise."""
    state = build(res={0: [3, 3, 0, 0, 0]}, columns=(["upgrade"] + [None] * 6, None))
    use(state, T1, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, 0)
    choose(state, Family.BOOK, 0)
    assert decision(state) == "upgrade"
    choose(state, Family.TRACK, Track.DINING)  # plate 3 costs 1 wood, 1 VP
    assert state.res[0][WOOD] == 2 and state.gnome_capacity(0) == 3 and state.vp[0] == 1
    assert state.upgrades[0] == 1
    state = build(res={0: [0, 1, 0, 0, 0]}, columns=(["upgrade"] + [None] * 6, None))
    use(state, T1, Mode.ATTIC)
    choose(state, Family.ATTIC, 0, 0)
    choose(state, Family.BOOK, 0)
    assert [lay(state).decode(a).arg for a in legal(state)] == [Track.WAREHOUSE]  # no wood
    choose(state, Family.TRACK, Track.WAREHOUSE)
    assert state.capacity(0) == 8 and state.res[0][SAND] == 0 and state.vp[0] == 0
    assert CRYSTAL == 4
