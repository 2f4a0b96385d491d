"""R5 the turn, R6 the allies draft, R7 brewer placement (``seeds/rise_of_the_gnomes.md``)."""

from __future__ import annotations

from gnome_envs.rise_of_the_gnomes.actions import ALLY_SPACE_BASE
from gnome_envs.rise_of_the_gnomes.cards import ALLIES
from gnome_envs.rise_of_the_gnomes.components import BoardAction, PlayerSpace, Upgrade
from gnome_envs.rise_of_the_gnomes.scenario import ally_id, pos_of

from .helpers import (
    act,
    board_space,
    build_position,
    card_space_action,
    cubes,
    fresh,
    land_map,
    layout,
    player_space,
    prefer_pass,
    spaces_offered,
    tile,
    tiles_offered,
)

PLAYERS = {"g1": {0: (2, 1)}, "g3": {1: (2, 1)}, "DK": {"G": (8, 1)}}


# ============================================================================ R5
def test_r5_1_five_turns_of_six_phases_and_the_starting_player_passes():
    """R5.1: phases 1-6 in order each turn, five turns; the starting player card moves one seat
    clockwise each turn. The Score phase (5) offers no decision, so a twin game played with the
    same actions at "difficult" (+3 a turn) instead of "hard" (+2, O31) counts the Score phases
    run: the difficulty acts nowhere else (R10.2), so the twin's Gnome lead grows by one a turn."""
    state = fresh(7, num_players=3, difficulty="hard")
    twin = fresh(7, num_players=3, difficulty="difficult")
    seen: list[tuple[int, int, int]] = []
    lead: dict[int, int] = {}  # turn -> the twin's Gnome lead at the turn's first decision
    while not state.is_terminal():
        key = (state.turn, state.phase, state.start_player)
        if not seen or seen[-1] != key:
            seen.append(key)
        lead.setdefault(state.turn, twin.g_vp - state.g_vp)
        action = prefer_pass(state)
        assert twin.legal_actions() == state.legal_actions()
        state.apply(action)
        twin.apply(action)
    turns = sorted({t for t, _, _ in seen if t})
    assert turns == [1, 2, 3, 4, 5]
    for t in turns:
        phases = [ph for tt, ph, _ in seen if tt == t and ph]
        assert phases == sorted(phases) and phases[0] == 1
        assert {sp for tt, _, sp in seen if tt == t} == {(state.first_player + t - 1) % 3}
        assert lead[t] == t - 1  # every earlier turn reached its Score phase
    assert twin.g_vp - state.g_vp == len(turns)  # and so did the last one


def test_r5_2_turn_four_flips_everything_and_adds_a_brewer():
    """R5.2: moving from turn three to four every face-down tile turns up (the lair brings the
    dragon) and each player's waiting brewer joins."""
    state = build_position(2, tiles=land_map(), pieces=PLAYERS, turn=3, phase="reset")
    assert state.turn == 4 and state.phase == 1
    assert all(state.revealed[p] for p in state.game.positions)
    assert state.dragon == pos_of("r8")
    assert state.brewers_owned == [9, 9] and state.brewer_reserve == [0, 0]


# ============================================================================ R6
def test_r6_1_players_plus_one_allies():
    """R6.1: the draft row holds players + 1 cards."""
    for n in (1, 3, 5):
        state = build_position(n, races=["orcs", "dwarves", "elves", "humans", "halflings"][:n],
                               phase="allies")
        assert state.decision_name() == "ally_pick" and len(state.ally_row) == n + 1


def test_r6_2_picking_pays_points_and_rewards():
    """R6.2: Gold Prospector pays its point and four gold; Master Brewer raises production."""
    prospector, brewer = ally_id("Gold Prospector"), ally_id("Master Brewer")
    state = build_position(2, pieces=PLAYERS, phase="allies", ally_deck_top=[prospector, brewer, ally_id("Noble Patron")])
    assert state.ally_row == [prospector, brewer, ally_id("Noble Patron")]
    gold, production = state.gold[0], state.production(1)
    act(state, layout(state).slot(0), "ally_pick")
    assert state.vp[0] == 1 and state.gold[0] == gold + 4 and state.allies[0] == [prospector]
    act(state, layout(state).slot(0), "ally_pick")
    assert state.production(1) == production + 1


def test_r6_3_the_leftover_scores_for_the_gnomes():
    """R6.3: the card nobody took gives its points to the Gnomes and leaves the game."""
    patron = ally_id("Noble Patron")
    state = build_position(2, pieces=PLAYERS, phase="allies",
                           ally_deck_top=[ally_id("Smuggler"), ally_id("Scout"), patron])
    act(state, layout(state).slot(0), "ally_pick")
    act(state, layout(state).slot(0), "ally_pick")
    assert state.g_vp == ALLIES[patron].vp == 3 and patron in state.ally_box


# ============================================================================ R7
def test_r7_1_everyone_places_until_all_brewers_are_out():
    """R7.1: turn order, skipping players without brewers; Brew Beer is always open."""
    state = build_position(2, pieces=PLAYERS, gold=[0, 0], beer=[0, 0], brewers=[3, 1])
    order = []
    while state.decision_name() == "place_brewer":
        order.append(state.current_player)
        assert player_space(state, PlayerSpace.BREW_BEER) in state.legal_actions()
        act(state, player_space(state, PlayerSpace.BREW_BEER))
    assert order == [0, 1, 0, 0] and state.turn == 2  # the phase ended: on to the next turn


OVAL = None  # any number of brewers
CIRCLES = {  # R7.2 (O22): single-brewer circles of each action board space, as the rulebook prints them
    BoardAction.BUILD_BREWERY: 2, BoardAction.DRAGON_TRIBUTE: 1, BoardAction.EMPLOY_THUGS: 2,
    BoardAction.HIRE_BARD: OVAL, BoardAction.BREWERY_UPGRADE: 2, BoardAction.ORCTOBERFEST: 3,
    BoardAction.TAVERN_SALES: OVAL,
}
OVAL_LOAD = 3  # brewers put on an oval: as many as the most circles above (Orctoberfest)


def test_r7_2_circles_close_ovals_do_not():
    """R7.2: each action board space takes as many brewers as it has circles, then closes; an
    oval (Hire Bard, Tavern Sales) stays open. Seat 0 alone places, with gold, beer, Gnome cubes,
    the dragon on the map and tiles to build on to spare, so only the circles can close a space."""
    pieces = {"g1": {0: (6, 0)}, "g2": {0: (3, 0)}, "g4": {0: (3, 0)}, "g3": {1: (1, 0)},
              "g5": {"G": (4, 0)}, "DK": {"G": (8, 1)}}
    for action, circles in CIRCLES.items():
        fill = OVAL_LOAD if circles is OVAL else circles
        state = build_position(2, tiles=land_map(r8="LA"), pieces=pieces, dragon="r8", gold=[30, 0],
                               beer=[20, 0], brewers=[fill + 1, 0])
        for _ in range(fill):
            act(state, board_space(state, action), "place_brewer")  # legal up to the last circle
            while state.decision_name() != "place_brewer":
                state.apply(prefer_pass(state))
        assert (int(action) in spaces_offered(state)) == (circles is OVAL), action.name


def test_r7_3_build_brewery_costs_three_gold():
    """R7.3: three gold (two for the Dwarves); not offered with less."""
    pieces = {"g1": {0: (3, 0)}, "g3": {1: (3, 0)}, "DK": {"G": (8, 1)}}
    state = build_position(2, races=["orcs", "dwarves"], tiles=land_map(), pieces=pieces, gold=[3, 2])
    act(state, board_space(state, BoardAction.BUILD_BREWERY), "place_brewer")
    act(state, tile(state, "g1"), "build_tile")
    assert state.gold[0] == 0
    act(state, state.legal_actions()[0], "upgrade_slot")
    assert int(BoardAction.BUILD_BREWERY) in spaces_offered(state)  # Dwarves pay 2
    act(state, board_space(state, BoardAction.BUILD_BREWERY))
    act(state, tile(state, "g3"), "build_tile")
    assert state.gold[1] == 0


def test_r7_4_dragon_tribute():
    """R7.4: not while the dragon waits on the score board; else pay 3 and move one or two
    steps, ending elsewhere, then rampage."""
    state = build_position(2, tiles=land_map(), pieces=PLAYERS, gold=[9, 9])
    assert int(BoardAction.DRAGON_TRIBUTE) not in spaces_offered(state)
    state = build_position(2, tiles=land_map(r8="LA"), pieces=PLAYERS, gold=[9, 9], dragon="g5")
    act(state, board_space(state, BoardAction.DRAGON_TRIBUTE), "place_brewer")
    assert state.gold[0] == 6
    assert tiles_offered(state) == {pos_of(x) for x in ("g4", "y8", "y9", "y10", "g6", "DK")}
    act(state, tile(state, "DK"), "tribute_step")
    assert layout(state).pass_action in state.legal_actions()
    assert pos_of("g5") not in tiles_offered(state)
    act(state, tile(state, "g3"), "tribute_step")
    assert state.decision_name() == "bribe" and state.current_player == 1
    act(state, layout(state).pass_action)
    assert state.dragon == pos_of("g3") and cubes(state, "g3", 1) == 0  # fill 2 ate both


def test_r7_5_employ_thugs():
    """R7.5: two gold; on a tile with Gnome cubes, three of them go home and two of yours arrive."""
    state = build_position(2, races=["dwarves", "orcs"], tiles=land_map(), pieces=PLAYERS | {"g5": {"G": (4, 0)}},
                           gold=[2, 0])
    act(state, board_space(state, BoardAction.EMPLOY_THUGS), "place_brewer")
    assert tiles_offered(state) == {pos_of("g5"), pos_of("DK")}
    act(state, tile(state, "g5"), "thugs_tile")
    assert cubes(state, "g5", "G") == 1 and cubes(state, "g5", 0) == 2 and state.gold[0] == 0


def test_r7_6_hire_bard_costs_one_gold():
    """R7.6: one gold (free for the Elves), one cube next to a tile you occupy."""
    state = build_position(2, races=["elves", "dwarves"], tiles=land_map(), pieces=PLAYERS, gold=[0, 1])
    act(state, board_space(state, BoardAction.HIRE_BARD), "place_brewer")
    act(state, tile(state, "g2"), "bard_tile")
    assert state.gold[0] == 0 and cubes(state, "g2", 0) == 1
    act(state, board_space(state, BoardAction.HIRE_BARD), "place_brewer")
    act(state, tile(state, "g4"), "bard_tile")
    assert state.gold[1] == 0 and cubes(state, "g4", 1) == 1


def test_r7_7_brewery_upgrade_takes_a_supply_token():
    """R7.7: three gold, a token from the supply onto a vacant slot."""
    state = build_position(2, tiles=land_map(), pieces=PLAYERS, gold=[3, 0])
    supply = state.upgrade_supply
    act(state, board_space(state, BoardAction.BREWERY_UPGRADE), "place_brewer")
    act(state, layout(state).upgrade(Upgrade.PORT), "upgrade_slot")
    assert state.upgrade_supply == supply - 1 and state.upgrades[0] >> Upgrade.PORT & 1 and state.gold[0] == 0


def test_r7_8_orctoberfest_three_gold_a_point():
    """R7.8: placing discards three gold for a point; more threes are optional."""
    state = build_position(2, tiles=land_map(), pieces=PLAYERS, gold=[7, 0])
    act(state, board_space(state, BoardAction.ORCTOBERFEST), "place_brewer")
    assert state.vp[0] == 1 and state.gold[0] == 4
    act(state, layout(state).confirm_action, "orctoberfest_more")
    assert state.vp[0] == 2 and state.gold[0] == 1
    assert state.decision_name() == "place_brewer"  # one gold left: no further offer


def test_r7_9_tavern_sales_needs_real_beer():
    """R7.9 (O24): three beer for three gold; gold cannot stand in."""
    state = build_position(2, tiles=land_map(), pieces=PLAYERS, gold=[9, 0], beer=[2, 3])
    assert int(BoardAction.TAVERN_SALES) not in spaces_offered(state)
    act(state, player_space(state, PlayerSpace.BREW_BEER))
    act(state, board_space(state, BoardAction.TAVERN_SALES), "place_brewer")
    assert state.beer[1] == 0 and state.gold[1] == 3


def test_r7_10_brew_beer_equals_production():
    """R7.10 (and E4): beer equal to production; the oval takes more brewers of its owner."""
    state = build_position(2, tiles=land_map(), pieces=PLAYERS, beer=[0, 0], production=[6, 4], brewers=[2, 0])
    act(state, player_space(state, PlayerSpace.BREW_BEER), "place_brewer")
    assert state.beer[0] == 6
    act(state, player_space(state, PlayerSpace.BREW_BEER), "place_brewer")
    assert state.beer[0] == 12


def test_r7_11_hops_glen_and_port_need_their_upgrade():
    """R7.11: the Hops Glen and Port spaces exist only with their upgrade; one brewer each."""
    tiles = land_map(g2="SE")
    state = build_position(2, tiles=tiles, pieces=PLAYERS, beer=[0, 0], upgrades={0: ["hops_glen", "port"]},
                           brewers=[3, 0])
    offered = spaces_offered(state)
    assert {7 + PlayerSpace.HOPS_GLEN, 7 + PlayerSpace.PORT} <= offered
    act(state, player_space(state, PlayerSpace.HOPS_GLEN))
    assert state.beer[0] == 3
    act(state, player_space(state, PlayerSpace.PORT))
    act(state, tile(state, "g2"), "boat_tile")
    assert state.boats[pos_of("g2")] and state.vp[0] == 1
    assert not {7 + PlayerSpace.HOPS_GLEN, 7 + PlayerSpace.PORT} & spaces_offered(state)
    state = build_position(2, tiles=tiles, pieces=PLAYERS)
    assert not {7 + PlayerSpace.HOPS_GLEN, 7 + PlayerSpace.PORT} & spaces_offered(state)


def test_r7_12_allies_spaces_are_private():
    """R7.12: the Smuggler's space is its owner's only, once per turn."""
    state = build_position(2, tiles=land_map(), pieces=PLAYERS, gold=[0, 0], allies={0: ["Smuggler"]},
                           brewers=[2, 0])
    act(state, layout(state).space(ALLY_SPACE_BASE), "place_brewer")
    assert state.gold[0] == 2
    assert ALLY_SPACE_BASE not in spaces_offered(state)


def test_r7_13_action_card_spaces_are_only_claimed():
    """R7.13: placing on an action card space takes the circle; nothing happens until phase 3."""
    state = build_position(2, tiles=land_map(), pieces=PLAYERS, beer=[5, 5], brewers=[1, 1])
    act(state, card_space_action(state, 0, 0), "place_brewer")
    assert state.card_spaces[0] == 0 and state.beer[0] == 5
    assert card_space_action(state, 0, 0) not in state.legal_actions()
