"""R1 components and R2 setup (``seeds/mighty_gnomes.md``), with examples E3 and E4."""

from __future__ import annotations

from collections import Counter

import pytest

from gnome_envs.core.errors import ConfigError
from gnome_envs.mighty_gnomes.components import (
    BOOKS,
    CHEST_POOL,
    CHESTS,
    COIN_VALUE_TOTAL,
    DINING_CAPACITY,
    GLADE_ICONS,
    LADDERS,
    NUM_CHESTS,
    RES_SUPPLY,
    TWO_PLAYER_BOOKS,
    WAREHOUSE_CAPACITY,
    forest_glades,
)
from gnome_envs.mighty_gnomes.placement import ladder_in_play

from .helpers import (
    CRYSTAL,
    T1,
    T4,
    WOOD,
    Family,
    Mode,
    build,
    choose,
    conservation,
    decision,
    forest,
    fresh,
    lay,
    legal,
    random_play,
    use,
)


# ============================================================================ R1 components
def test_r1_1_component_counts_and_conservation():
    """R1.1: 24 chests (the O14 mix), 104 in coins, 16 of each resource, 18 books of which two
    are 2-player books, five two-sided glades with every icon on every side; a random game
    conserves coins, resources and chests after every step."""
    assert NUM_CHESTS == 24 and sorted(CHEST_POOL) == list(CHEST_POOL)
    assert sum(c.count for c in CHESTS) == 24
    assert COIN_VALUE_TOTAL == 24 + 16 * 5 and RES_SUPPLY == 16
    assert len(BOOKS) == 18 and sum(b.golden for b in BOOKS) == 9 and len(TWO_PLAYER_BOOKS) == 2
    assert len(GLADE_ICONS) == 10 and all(set(side) == set(range(7)) for side in GLADE_ICONS)
    for n in (2, 3, 4):
        state = fresh(n, seed=n)
        steps = 0

        def check(s, n=n):
            nonlocal steps
            steps += 1
            assert conservation(s) == [], (n, steps)
            return False

        random_play(state, seed=n, until=check)
        assert conservation(state) == []


def test_r1_2_bank_pays_in_full_even_when_empty():
    """R1.2: with the bank at zero a payout still arrives in full; bank + holdings stay 104."""
    state = build(coins={0: 50, 1: 54})
    assert state.bank == 0
    use(state, T4, Mode.COINS)
    assert state.coins[0] == 53 and state.bank == -3
    assert state.bank + sum(state.coins) == COIN_VALUE_TOTAL


def test_r1_3_resources_run_out():
    """R1.3: a gain bigger than the supply gives only what is left."""
    state = build(res={1: [15, 0, 0, 0, 0]})
    assert state.supply[WOOD] == 1
    use(state, T4, Mode.GATHER)  # grass "..#/###" at cell 21 covers W S W (cells 21-23) and C (29)
    choose(state, Family.FOREST, 21, 0)
    assert state.res[0][WOOD] == 1 and state.supply[WOOD] == 0  # two woods covered, one left


# ============================================================================ R2 setup
@pytest.mark.parametrize("n", [2, 3, 4])
def test_r2_1_forest_of_player_count_plus_one_glades(n):
    """R2.1: n + 1 glades, side A up (even ids), the rest set aside side A up; a different seed
    deals a different forest."""
    forests = set()
    for seed in range(6):
        state = fresh(n, seed=seed)
        assert len(state.glades) == forest_glades(n) == n + 1
        assert all(g % 2 == 0 for g in state.glades + state.glade_aside)
        assert sorted(g // 2 for g in state.glades + state.glade_aside) == [0, 1, 2, 3, 4]
        assert len(state.forest_owner) == 12 * (n + 1)
        forests.add(tuple(state.glades))
    assert len(forests) > 1


@pytest.mark.parametrize("n", [3, 4])
def test_r2_2_attic_columns_from_two_bags(n):
    """R2.2: without the 2-player books, each column holds seven books from a bag of four
    golden and four silver books; the eighth of each bag is set aside."""
    for seed in range(8):
        state = fresh(n, seed=seed)
        assert state.book_display == []
        assert len(state.book_aside) == 2
        for col in range(2):
            bag = state.columns[col] + [state.book_aside[col]]
            assert len(state.columns[col]) == 7
            assert sum(BOOKS[b].golden for b in bag) == 4
            assert not any(BOOKS[b].two_player for b in bag)


def test_r2_3_two_player_display_books():
    """R2.3: with two players the two 2-player books form the display."""
    state = fresh(2, seed=1)
    assert sorted(state.book_display) == sorted(TWO_PLAYER_BOOKS)
    assert state.display_used == [False, False]
    assert not any(BOOKS[b].two_player for col in state.columns for b in col)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_r2_4_five_mighty_gnome_stacks_of_n_cards(n):
    """R2.4: five different types in play, each a stack of n cards; the config may name them."""
    state = fresh(n, seed=3)
    assert len(set(state.gnome_types)) == 5 and state.stack == [n] * 5
    named = fresh(n, seed=3, mighty_gnomes=("druid", "magic", "farmer", "robber", "knight"))
    assert named.gnome_types == (0, 2, 3, 4, 7)
    with pytest.raises(ConfigError):
        fresh(n, mighty_gnomes=("druid", "druid", "farmer", "robber", "knight"))


def test_e3_three_players_three_cards_per_stack():
    """E3: in a three-player game every mighty gnome stack holds three cards."""
    assert fresh(3, seed=5).stack == [3, 3, 3, 3, 3]


def test_r2_5_player_boards():
    """R2.5: four tiles, dining table on its second plate (2 gnomes), warehouse for 6."""
    state = fresh(4, seed=2)
    for p in range(4):
        assert state.used_tiles[p] == 0 and state.bedroom[p] == -1
        assert DINING_CAPACITY[state.dining[p]] == 2 == state.gnome_capacity(p)
        assert WAREHOUSE_CAPACITY[state.warehouse[p]] == 6 == state.capacity(p)
        assert state.vp[p] == 0 and state.keys[p] == 0 and sum(state.res[p]) == 0
    assert [a for a in legal(state, Family.TILE_MODE)] == [
        lay(state).tile_mode(t, m) for t in range(4) for m in Mode]


def test_r2_6_three_open_chests_on_the_trail():
    """R2.6: three chests face up on the trail, 21 in the bag."""
    state = fresh(2, seed=4)
    assert len(state.chest_display) == 3 and all(k >= 0 for k in state.chest_display)
    assert len(state.chest_bag) == 21
    assert Counter(state.chest_bag) + Counter(state.chest_display) == Counter(CHEST_POOL)


def test_r2_7_first_player_trail_stack():
    """R2.7: seat 0 starts; tokens stack on the hut from the first player up."""
    state = fresh(3, seed=0)
    assert state.first_player == 0 and state.current_player == 0
    assert state.trail == [0, 0, 0]
    assert state.trail_order() == [0, 1, 2]  # seat 0 at the bottom


@pytest.mark.parametrize("n", [2, 3, 4])
def test_e4_starting_coins_one_to_four(n):
    """E4: the players receive 1, 2, 3, 4 coins from the first player on."""
    assert fresh(n, seed=9).coins == [1, 2, 3, 4][:n]


def test_r5_1_ladders_by_player_count():
    """R5.1: 2 players use ladders 0, 2, 4; 3 players 0, 1, 3, 4; 4 players all five; heights
    7, 5, 6, 5, 7."""
    expected = {2: [0, 2, 4], 3: [0, 1, 3, 4], 4: [0, 1, 2, 3, 4]}
    for n, slots in expected.items():
        state = fresh(n)
        assert [s for s in range(5) if ladder_in_play(state, s)] == slots
    assert [ladder.height for ladder in LADDERS] == [7, 5, 6, 5, 7]


def test_forest_placements_stay_inside():
    """R4.1 (geometry): every offered forest placement lies inside the forest."""
    state = build()
    use(state, T4, Mode.GATHER)
    for a in legal(state, Family.FOREST):
        anchor = lay(state).decode(a).arg
        assert 0 <= anchor < 36
    assert forest(state, 34, 0) not in state.legal_actions()  # would leave the right edge
    assert decision(state) == "forest_place"
    assert CRYSTAL == 4 and T1 == 0


def test_config_rejects_bad_values():
    """Config: player counts outside 2-4, unknown or repeated gnome names, wrong types and
    unknown options raise ConfigError naming the problem."""
    from gnome_envs.core.registry import make_game

    for bad in (1, 5, "2", True):
        with pytest.raises(ConfigError, match="num_players"):
            make_game("mighty_gnomes_v1", num_players=bad)
    for gnomes in (("magic",) * 5, ("magic", "alchemist", "robber", "knight"), ("a", "b", "c", "d", "e"), "magic"):
        with pytest.raises(ConfigError, match="mighty_gnomes"):
            make_game("mighty_gnomes_v1", mighty_gnomes=gnomes)
    with pytest.raises(ConfigError, match="skip_forced"):
        make_game("mighty_gnomes_v1", skip_forced="yes")
    with pytest.raises(ConfigError, match="colour"):
        make_game("mighty_gnomes_v1", colour=1)
