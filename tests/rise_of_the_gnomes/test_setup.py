"""R1 components and R2 setup, configuration and the action encoding
(``seeds/rise_of_the_gnomes.md``)."""

from __future__ import annotations

from collections import Counter

import pytest

from gnome_envs import ConfigError
from gnome_envs.core.registry import make_game
from gnome_envs.rise_of_the_gnomes import markets
from gnome_envs.rise_of_the_gnomes.actions import LAYOUTS, Decoded, Family
from gnome_envs.rise_of_the_gnomes.cards import (
    ACTION_CARDS,
    ALLIES,
    GNOME_CARDS,
    JUDGES,
    NUM_ACTION_CARDS,
    AllyType,
)
from gnome_envs.rise_of_the_gnomes.components import (
    BREWERY_BOXES,
    CENTER,
    GREEN_POSITIONS,
    LAND_TYPES,
    NUM_PHYSICAL_TILES,
    PHYSICAL_TILES,
    RACES,
    RED,
    RING,
    TOTAL_BREWERIES,
    TOTAL_CUBES,
    YELLOW_POSITIONS,
    Difficulty,
    TileType,
)
from gnome_envs.rise_of_the_gnomes.config import RiseOfTheGnomesConfig
from gnome_envs.rise_of_the_gnomes.state import PROD_PREFIX

from .helpers import ENV_ID, act, build_position, fresh, layout, random_game

MIX = {1: (2, 3, 4), 2: (2, 3, 4), 3: (3, 3, 5), 4: (4, 4, 5), 5: (4, 4, 5)}  # per land type, deserts, seas
RED_COUNT = {1: 6, 2: 6, 3: 12, 4: 18, 5: 18}


def first_choices(state):
    """Pick races (first legal) and upgrade slots (first legal) until the judges are dealt."""
    while state.decision_name() in ("race_pick", "upgrade_slot"):
        act(state, state.legal_actions()[0])


# ============================================================================ R1
def test_r1_1_component_counts():
    """R1.1: the printed counts: 43 tiles, 232 cubes, 50 breweries, 38 allies, 18 judges, 50
    Gnome cards, 10 action cards; a finished random game recounts every cube and brewery."""
    assert NUM_PHYSICAL_TILES == 43 and TOTAL_CUBES == 232 and TOTAL_BREWERIES == 50
    assert (len(ALLIES), len(JUDGES), len(GNOME_CARDS), NUM_ACTION_CARDS) == (38, 18, 50, 10)
    state, _ = random_game(11, num_players=3)
    for owner in range(state.owners):
        on_map = sum(state.cubes_at(pos, owner) for pos in range(37))
        assert on_map + markets.board_cubes(state, owner) == (32 if owner == state.n else 40)
        built = sum(state.brews_at(pos, owner) for pos in range(37))
        assert built + markets.board_breweries(state, owner) == (5 if owner == state.n else 9)


def test_r1_2_gold_and_beer_supply_is_unlimited():
    """R1.2: any amount of gold can be taken; nothing runs out."""
    state = build_position(2, gold=[500, 0])
    state.gain_gold(1, 1000)
    assert state.gold == [500, 1000]


def test_r1_3_beer_is_capped_at_twenty():
    """R1.3: brewing beer at 18 with production 4 leaves 20 in hand."""
    from gnome_envs.rise_of_the_gnomes.components import PlayerSpace

    from .helpers import player_space
    state = build_position(2, beer=[18, 0], pieces={"g1": {0: (1, 1)}, "g3": {1: (1, 1)}})
    assert state.production(0) == 4
    act(state, player_space(state, PlayerSpace.BREW_BEER), "place_brewer")
    assert state.beer[0] == 20


def test_r1_4_gold_may_stand_in_for_beer():
    """R1.4 (and E7): a cost of two with one beer and plenty of gold: one or two gold."""
    from .helpers import card_space_action, land_map

    state = build_position(2, tiles=land_map(), beer=[1, 0], gold=[5, 0], action_display=list(range(2, 10)),
                           pieces={"g1": {0: (1, 0)}, "g3": {1: (1, 0)}, "DK": {"G": (8, 1)}}, brewers=[1, 0])
    act(state, card_space_action(state, 2, 1), "place_brewer")  # brew festival (card 4), space 2: cost 2
    lay = layout(state)
    assert state.decision_name() == "pay_action"
    assert set(state.legal_actions()) == {lay.pass_action, lay.amount(1), lay.amount(2)}
    act(state, lay.amount(1))
    assert (state.beer[0], state.gold[0]) == (0, 4)


# ============================================================================ R2 map
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_r2_1_map_shape(n):
    """R2.1: Dragonkeep in the centre, six green, twelve yellow, and 6/12/18 red places."""
    state = fresh(0, num_players=n)
    positions = state.game.positions
    assert len(positions) == 19 + RED_COUNT[n]
    assert state.tile_type[CENTER] == TileType.DRAGONKEEP
    assert sum(1 for p in positions if RING[p] == RED) == RED_COUNT[n]


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_r2_2_tile_mix(n):
    """R2.2: yellow + red hold the land/desert/sea mix of the setup table plus the sea lair."""
    per_land, deserts, seas = MIX[n]
    for seed in range(3):
        state = fresh(seed, num_players=n)
        outer = Counter(state.tile_type[p] for p in state.game.positions if RING[p] >= 2)
        expected = {int(t): per_land for t in LAND_TYPES} | {
            int(TileType.DESERT): deserts, int(TileType.SEA): seas, int(TileType.SEA_LAIR): 1}
        assert dict(outer) == expected
        assert len(state.unused_tiles) == NUM_PHYSICAL_TILES - len(state.game.positions)


def test_r2_3_green_zone_one_of_each_and_a_desert():
    """R2.3: the green ring is one of each land type and a desert, face up."""
    for seed in range(5):
        state = fresh(seed)
        green = sorted(state.tile_type[p] for p in GREEN_POSITIONS)
        assert green == sorted([*map(int, LAND_TYPES), int(TileType.DESERT)])
        assert all(state.revealed[p] for p in GREEN_POSITIONS)


def test_r2_4_yellow_zone_face_up():
    """R2.4: twelve yellow tiles, face up, never the sea lair."""
    state = fresh(3, num_players=3)
    assert all(state.revealed[p] for p in YELLOW_POSITIONS)
    assert all(state.tile_type[p] != TileType.SEA_LAIR for p in YELLOW_POSITIONS)


def test_r2_5_red_zone_face_down_with_the_lair():
    """R2.5: the red places are face down and the sea lair is among them."""
    for n in (2, 3, 4):
        state = fresh(n, num_players=n)
        red = [p for p in state.game.positions if RING[p] == RED]
        assert not any(state.revealed[p] for p in red)
        assert sum(state.tile_type[p] == TileType.SEA_LAIR for p in red) == 1
        assert state.dragon == -1


# ============================================================================ R2 boards
def test_r2_6_race_choice_excludes_taken_colours():
    """R2.6: seat by seat from the first player, a board side whose colour is still free."""
    state = fresh(0, num_players=3)
    lay = layout(state)
    first = state.first_player
    assert len(state.legal_actions()) == 10 and state.current_player == first
    act(state, lay.race(1), "race_pick")  # Goblins, red
    offered = {lay.args[a] for a in state.legal_actions()}
    assert offered == set(range(2, 10))
    assert state.current_player == (first + 1) % 3


def test_r2_7_first_brewery_and_its_token():
    """R2.7: brewery #1 on the green tile of the start type, production +1, its token placed."""
    state = fresh(0, num_players=2)
    lay = layout(state)
    orcs = state.current_player
    act(state, lay.race(0), "race_pick")  # Orcs: swamp
    act(state, lay.race(2), "race_pick")  # Dwarves: mountain
    assert state.decision_name() == "upgrade_slot" and state.current_player == orcs
    swamp = next(p for p in GREEN_POSITIONS if state.tile_type[p] == TileType.SWAMP)
    assert state.brews_at(swamp, orcs) == 1 and state.brews_out[orcs] == 1
    assert state.production(orcs) == RACES[0].production + 1
    assert len(state.legal_actions()) == 8


def test_r2_8_starting_resources():
    """R2.8: the race's beer and gold, its cubes on the start tile."""
    state = fresh(0, num_players=2)
    lay = layout(state)
    halflings = state.current_player
    act(state, lay.race(8), "race_pick")  # Halflings: highland, 4 beer 3 gold 4 cubes
    act(state, lay.race(1), "race_pick")
    high = next(p for p in GREEN_POSITIONS if state.tile_type[p] == TileType.HIGHLAND)
    assert state.beer[halflings] == 4 and state.cubes_at(high, halflings) == 4
    assert state.cubes_out[halflings] == 4
    assert state.gold[halflings] == 3 + (2 if halflings == (state.first_player - 1) % 2 else 0)


def test_r2_9_gnome_setup():
    """R2.9: Gnome brewery and 8 cubes on Dragonkeep, one cube on each free green land tile
    (never the desert), 2 gold."""
    for n in (1, 2, 5):
        state = fresh(n, num_players=n)
        first_choices(state)
        g = state.n
        assert state.cubes_at(CENTER, g) == 8 and state.brews_at(CENTER, g) == 1 and state.g_gold == 2
        for p in GREEN_POSITIONS:
            players = any(state.occupies(p, q) for q in range(n))
            expected = int(state.tile_type[p] in LAND_TYPES and not players)
            assert state.cubes_at(p, g) == expected
        assert state.g_cubes_out == 8 + 5 - n


def test_r2_10_brewers_per_player_count():
    """R2.10: 8/8/7/6/5 brewers for 1-5 players and one waiting for turn four."""
    for n, count in ((1, 8), (2, 8), (3, 7), (4, 6), (5, 5)):
        state = fresh(0, num_players=n)
        assert state.brewers_owned == [count] * n and state.brewer_reserve == [1] * n


def test_r2_11_difficulty_default_and_explicit():
    """R2.11: the suggested level per player count, or the one asked for."""
    assert [make_game(ENV_ID, num_players=n).level for n in range(1, 6)] == [
        Difficulty.EASY, Difficulty.NORMAL, Difficulty.HARD, Difficulty.HARD, Difficulty.HARD]
    assert make_game(ENV_ID, num_players=2, difficulty="easy").level == Difficulty.EASY


def test_r2_12_eight_action_cards_face_up():
    """R2.12: eight of the ten action cards on display, two aside."""
    state = fresh(4)
    assert len(state.action_display) == 8 and len(state.action_hidden) == 2
    assert sorted(state.action_display + state.action_hidden) == list(range(10))
    displays = {tuple(fresh(seed).action_display) for seed in range(3)}  # shuffled: one per seed
    assert len(displays) > 1 and tuple(range(8)) not in displays


def test_r2_13_judges_dealt_three_keep_two():
    """R2.13: each player sees three judges, returns one to the box; the box is not redealt."""
    state = fresh(1, num_players=4)
    first_choices(state)
    for seat in [(state.first_player + k) % 4 for k in range(4)]:
        assert state.decision_name() == "judge_discard" and state.current_player == seat
        hand = list(state.judge_hand[seat])
        assert len(hand) == 3
        act(state, layout(state).slot(0))
        assert state.judges[seat] == sorted(hand[1:]) and state.judge_discarded[seat] == hand[0]
        assert hand[0] in state.judge_box
    dealt = [j for seat in range(4) for j in state.judges[seat]] + state.judge_box
    assert len(set(dealt)) == 12
    decks = {tuple(fresh(seed).judge_deck) for seed in range(3)}  # the deck is shuffled
    assert len(decks) > 1 and all(list(deck) != sorted(deck) for deck in decks)


def test_r2_14_decks_and_cutthroat_hands():
    """R2.14: shuffled allies (38) and Gnome (50) decks; cutthroat hands dealt at setup."""
    state = fresh(2, num_players=3)
    assert len(state.ally_deck) == 38 and len(state.gnome_deck) == 50
    state = fresh(2, num_players=3, mode="cutthroat")
    assert [len(h) for h in state.hands] == [4, 4, 4] and len(state.gnome_deck) == 38
    for config in ({}, {"mode": "cutthroat"}):  # shuffled: the orders (and hands) vary with the seed
        games = [fresh(seed, num_players=3, **config) for seed in range(3)]
        for deck in ("ally_deck", "gnome_deck"):
            orders = {tuple(getattr(game, deck)) for game in games}
            assert len(orders) > 1 and all(list(order) != sorted(order) for order in orders), deck
        if config:
            assert len({tuple(map(tuple, game.hands)) for game in games}) > 1


def test_r2_15_first_player_and_last_seat_gold():
    """R2.15 (O14): the first player is drawn from the seed (every seat in turn); the last seat
    of turn one gets two extra gold."""
    firsts = set()
    for seed in range(12):
        state = fresh(seed, num_players=3)
        first = state.first_player
        firsts.add(first)
        assert state.start_player == first and state.current_player == first
        lay = layout(state)
        for race in (0, 2, 4):  # Orcs 4 gold, Dwarves 3, Elves 4, in turn order
            act(state, lay.race(race), "race_pick")
        first_choices(state)
        gold = {(first + k) % 3: g for k, g in enumerate((4, 3, 4 + 2))}
        assert state.gold == [gold[seat] for seat in range(3)]
    assert firsts == {0, 1, 2}


# ============================================================================ config and encoding
def test_config_errors():
    """Bad player counts, modes, difficulties and options are rejected by name."""
    for bad in (0, 6, "2", 2.0, True, None):
        with pytest.raises(ConfigError, match="num_players"):
            RiseOfTheGnomesConfig(num_players=bad)
    with pytest.raises(ConfigError, match="cutthroat"):
        make_game(ENV_ID, num_players=1, mode="cutthroat")
    with pytest.raises(ConfigError, match="mode"):
        make_game(ENV_ID, num_players=2, mode="coop")
    with pytest.raises(ConfigError, match="difficulty"):
        make_game(ENV_ID, num_players=2, difficulty="brutal")
    with pytest.raises(ConfigError, match="colour"):
        make_game(ENV_ID, num_players=2, colour=True)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_action_encoding_round_trip(n):
    """Every action index decodes to a family and argument that encodes back to it."""
    lay = LAYOUTS[n]
    assert lay.num_actions == 107 + n
    for action in range(lay.num_actions):
        decoded = lay.decode(action)
        assert lay.encode(decoded) == action
    assert lay.encode(Decoded(Family.PASS)) == 0 and lay.decode(lay.gnome_owner).arg == n


def test_card_tables_are_consistent():
    """Card tables: every Gnome card has three steps (tertiary VP or Immigration), four icons;
    allies of each type exist; action cards: two of each action."""
    for card in GNOME_CARDS:
        assert len(card.steps) == 3 and sorted(card.icon_order) == [0, 1, 2, 3]
    assert Counter(a.type for a in ALLIES) == {AllyType.REWARD: 10, AllyType.ABILITY: 12,
                                               AllyType.UPGRADE: 8, AllyType.ACTION: 8}
    assert Counter(c.kind for c in ACTION_CARDS) == {k: 2 for k in range(5)}
    assert sum(box.upgrade_token for box in BREWERY_BOXES) == 5
    assert PROD_PREFIX[1] == 1 and PROD_PREFIX[5] == 2
    assert Counter(t.type for t in PHYSICAL_TILES)[TileType.SEA] == 5
