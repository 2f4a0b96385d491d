"""R1 components, R2 setup and R3 the village (``seeds/gnome_village.md``)."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest

from gnome_envs import ConfigError
from gnome_envs.gnome_village import village as village_rules
from gnome_envs.gnome_village.components import (
    CODE_HOUSE_OFF,
    CODE_HOUSE_ON,
    CODE_INFO,
    NUM_CELLS,
    ORTHOGONAL,
    ROAD_SHAPES,
    TileKind,
)
from gnome_envs.gnome_village.components import (
    FOREST_CARDS as FOREST_CARDS_TABLE,
)
from gnome_envs.gnome_village.scenario import parse_village

from .helpers import (
    BUSINESS_TILES,
    BusinessAction,
    BusinessIcon,
    ForestKind,
    G,
    P,
    WorkAction,
    act,
    build,
    card,
    cell,
    cell_name,
    choose,
    coins_card,
    complies,
    conservation_problems,
    decision,
    fresh,
    gnome_cells,
    layout,
    legal_cells,
    legal_places,
    play_until,
    random_game,
)

# The road designs of O2, written out from the spec: arms per group (N=0, E=1, S=2, W=3).
O2_SHAPES = {
    "+": (14, ((0, 1, 2, 3),)),  # four-way
    "T": (10, ((1, 2, 3),)),  # T-junction
    "|": (6, ((0, 2),)),  # straight
    "L": (6, ((0, 1),)),  # corner
    "!": (3, ((0,), (2,))),  # straight with blockade
    "j": (2, ((0,), (1,))),  # corner with blockade
    "t": (2, ((1, 3), (2,))),  # T with blockaded stem
    "x": (2, ((0, 1), (2, 3))),  # four-way split into two corners
}
SYMBOL_SHAPE = {shape.symbol: index for index, shape in enumerate(ROAD_SHAPES)}


def orientation(groups, rotation: int) -> frozenset:
    """The arm groups of a design turned ``rotation`` quarter turns clockwise."""
    return frozenset(frozenset((a + rotation) % 4 for a in g) for g in groups)


def placed_orientation(code: int) -> frozenset:
    """The arm groups of a road tile code on the table."""
    groups: dict[int, set[int]] = {}
    for direction, group in enumerate(CODE_INFO[code].arm_group):
        if group >= 0:
            groups.setdefault(group, set()).add(direction)
    return frozenset(frozenset(g) for g in groups.values())


def expected_cells(grid: list[int], building: bool) -> set[str]:
    """R3.1 written out: empty cells touching a tile (road) or facing a road path (building)."""
    if not any(grid):
        return {"d4"}  # O1/O27: the first tile goes in the centre
    out = set()
    for c in range(NUM_CELLS):
        if grid[c]:
            continue
        for direction, n in ORTHOGONAL[c]:
            code = grid[n]
            if not code:
                continue
            faces = CODE_INFO[code].kind == TileKind.ROAD and CODE_INFO[code].arm_group[(direction + 2) % 4] >= 0
            if faces or not building:
                out.add(cell_name(c))
    return out


# ============================================================================ R1 components
@pytest.mark.parametrize("num_players", [2, 3, 4])
@pytest.mark.parametrize("deluxe", [False, True])
def test_r1_1_component_counts(num_players, deluxe):
    """Every component is counted once: 45 roads, 5 houses and 5 gnomes per player, 72 coins,
    8 products, 45 forest cards, 19 (+4) businesses, workshop stacks 3/4/5 (R1 table)."""
    # the designed mixes (O2, O6, O9) add up to the component table
    assert sum(s.count for s in ROAD_SHAPES) == 45
    assert {s.symbol: s.count for s in ROAD_SHAPES} == {k: v[0] for k, v in O2_SHAPES.items()}
    for symbol, (_, groups) in O2_SHAPES.items():
        shape = ROAD_SHAPES[SYMBOL_SHAPE[symbol]]
        assert orientation(shape.groups, 0) in {orientation(groups, r) for r in range(4)}, symbol
    assert len(FOREST_CARDS_TABLE) == 45
    assert len([t for t in BUSINESS_TILES if not t.deluxe]) == 19
    assert len([t for t in BUSINESS_TILES if t.deluxe]) == 4

    state = fresh(seed=11, num_players=num_players, deluxe=deluxe)
    assert conservation_problems(state) == []
    assert state.bank + sum(state.coins) == 72
    assert sum(state.product_supply) == 8 and state.product_supply == [2, 2, 2, 2]
    assert len(state.g_village) == 5 * num_players
    assert len(state.forest_deck) + len(state.forest_discard) == 45
    shown = [t for t in state.display if t >= 0]
    assert len(state.business_stack) + len(shown) == (23 if deluxe else 19)
    assert state.workshop_supply == [{2: 3, 3: 4, 4: 5}[num_players]] * 4
    # the counts stay conserved through a whole random game
    rng = np.random.default_rng(5)

    def recount(s):
        assert conservation_problems(s) == []

    random_game(state, rng, after=recount)


def test_r1_1_forest_and_business_mix_follow_o6_and_o9():
    """O6: Activate 12 (6 two-icon, 2 four-icon, 2+2 all-players), Removal 4, Coins 14 (1 x4,
    2 x5, 3 x3, all-players 1 and 2), Roads 9 (2 all-players), Angry Gnome 6. O9: the business
    mix, incomes, restaurant and hat icons."""
    kinds = Counter(c.kind for c in FOREST_CARDS_TABLE)
    assert kinds == {ForestKind.ACTIVATE: 12, ForestKind.REMOVAL: 4, ForestKind.COINS: 14,
                     ForestKind.ROADS: 9, ForestKind.ANGRY_GNOME: 6}
    activate = Counter((len(c.icons), c.all_players) for c in FOREST_CARDS_TABLE
                       if c.kind == ForestKind.ACTIVATE)
    assert activate == {(2, False): 6, (4, False): 2, (2, True): 2, (4, True): 2}
    coins = Counter((c.coins, c.all_players) for c in FOREST_CARDS_TABLE if c.kind == ForestKind.COINS)
    assert coins == {(1, False): 4, (2, False): 5, (3, False): 3, (1, True): 1, (2, True): 1}
    roads = Counter(c.all_players for c in FOREST_CARDS_TABLE if c.kind == ForestKind.ROADS)
    assert roads == {False: 7, True: 2}
    # O7: no all-players Removal; Angry Gnome involves everyone by rule, not by symbol
    assert not any(c.all_players for c in FOREST_CARDS_TABLE
                   if c.kind in (ForestKind.REMOVAL, ForestKind.ANGRY_GNOME))

    A = BusinessAction
    base = Counter(t.action for t in BUSINESS_TILES if not t.deluxe)
    assert base == {A.POLICE: 2, A.CHAPEL: 1, A.THEATER: 2, A.COURIER: 2, A.MILITARY: 1, A.THIEF: 2,
                    A.FINANCIAL_ADVISOR: 2, A.ARCHITECT: 1, A.DOCTOR: 2, A.AIRPORT: 1, A.GOLDSMITH: 3}
    deluxe = Counter(t.action for t in BUSINESS_TILES if t.deluxe)
    assert deluxe == {A.CONSTRUCTION_SITE: 2, A.PRISON: 1, A.SWIMMING_POOL: 1}
    for t in BUSINESS_TILES:
        two = t.action in (A.FINANCIAL_ADVISOR, A.GOLDSMITH, A.SWIMMING_POOL)
        assert t.earn == (2 if two else 1), t.name
    icons = Counter((t.icon, t.deluxe) for t in BUSINESS_TILES)
    assert icons[(BusinessIcon.RESTAURANT, False)] == 5 and icons[(BusinessIcon.RESTAURANT, True)] == 2
    assert icons[(BusinessIcon.HAT, False)] == 6 and icons[(BusinessIcon.HAT, True)] == 1


@pytest.mark.parametrize("bank, amount", [(1, 3), (2, 3), (3, 3), (10, 3)])
def test_r1_2_finite_bank_pays_what_it_holds(bank, amount):
    """R1.2 / O10: the bank holds the 72 coins and pays a payout only as far as its coins go;
    coins are conserved and the bank never goes below zero."""
    villages = ["H + . . . . .", "H + . . . . ."]
    held = 72 - bank
    state = build(villages, coins={0: held // 2, 1: held - held // 2}, phase="reveal",
                  forest_top=[coins_card(amount)])
    paid = min(bank, amount)
    assert state.bank == bank - paid
    assert state.coins[0] == held // 2 + paid
    assert conservation_problems(state) == []
    bank_entry = state.observation(0)[state.game.segment("bank").start]
    assert (bank_entry == 0) == (state.bank == 0) and 0 <= bank_entry < 1


@pytest.mark.parametrize("left, gain", [(2, 1), (1, 1), (0, 0)])
def test_r1_3_product_only_given_while_one_is_left(left, gain):
    """R1.3: a visitor on a painter workshop collects a painter product only if one is left."""
    villages = [". . H + pa . .", ". . H + B:airport . ."]
    state = build(villages, gnomes={1: [(0, "e1", "abroad")]}, products={0: [2 - left, 0, 0, 0]},
                  phase="earn", turn_player=0)
    assert state.products[1][P] == gain
    assert state.product_supply[P] == left - gain
    assert gnome_cells(state, 1) == [(1, "e1", "free")]  # flew back onto its Airport


# ============================================================================ R2 setup
def _setup_decisions(state, rng):
    """Play the setup with random choices; return (seat, decision) in order and the coins
    held when the last seat lights its house (before any turn is played)."""
    seen = []
    coins = None
    last = state.game.num_players - 1
    while state.turn_number == 0:
        seen.append((state.current_player, decision(state)))
        if seen[-1] == (last, "setup_lights"):
            coins = list(state.coins)
        legal = state.legal_actions()
        state.apply(legal[rng.integers(len(legal))])
    return seen, coins


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_r2_1_personal_supply(num_players):
    """R2.1: four coins, two houses, three four-ways, two T-junctions; one gnome placed at once."""
    state = fresh(seed=21, num_players=num_players, skip_forced=False)
    assert state.coins == [4] * num_players and state.bank == 72 - 4 * num_players
    seen, coins = _setup_decisions(state, np.random.default_rng(2))
    assert coins == [4] * num_players
    for p in range(num_players):
        mine = Counter(kind for seat, kind in seen if seat == p)
        assert mine == {"setup_pick": 7, "place_tile": 7, "setup_lights": 1}, mine
        tiles = Counter(CODE_INFO[c].kind for c in state.grid[p] if c)
        shapes = Counter(ROAD_SHAPES[CODE_INFO[c].sub].symbol for c in state.grid[p]
                         if c and CODE_INFO[c].kind == TileKind.ROAD)
        assert tiles == {TileKind.ROAD: 5, TileKind.HOUSE: 2}
        assert shapes == {"+": 3, "T": 2}
        assert state.grid[p].count(CODE_HOUSE_ON) == 1 and state.grid[p].count(CODE_HOUSE_OFF) == 1
        placed = gnome_cells(state, p)
        assert len(placed) == 1 and placed[0][2] == "free"


@pytest.mark.parametrize("num_players, deluxe", [(2, False), (3, True), (4, False)])
def test_r2_2_shared_supply(num_players, deluxe):
    """R2.2 / O39: 3 houses per player stay in the stack, workshop stacks of 3/4/5, the other roads
    shuffled, two businesses face up, the forest cards shuffled."""
    states = []
    for seed in (1, 2):
        state = fresh(seed=seed, num_players=num_players, deluxe=deluxe)
        assert state.house_supply == 3 * num_players
        assert state.workshop_supply == [{2: 3, 3: 4, 4: 5}[num_players]] * 4
        assert len(state.road_stack) == 45 - 5 * num_players
        assert Counter(state.road_stack)[SYMBOL_SHAPE["+"]] == 14 - 3 * num_players
        assert Counter(state.road_stack)[SYMBOL_SHAPE["T"]] == 10 - 2 * num_players
        assert len(set(state.display)) == 2 and min(state.display) >= 0
        assert len(state.business_stack) == (23 if deluxe else 19) - 2
        in_play = set(state.business_stack) | set(state.display)
        assert any(BUSINESS_TILES[t].deluxe for t in in_play) == deluxe
        assert len(state.forest_deck) == 45 and state.forest_discard == []
        states.append(state)
    a, b = states
    assert a.forest_deck != b.forest_deck
    assert a.road_stack != b.road_stack
    assert a.business_stack + a.display != b.business_stack + b.display


def test_r2_3_starting_village_is_built_tile_by_tile():
    """R2.3 / O27: seat by seat, one chosen tile at a time, the first in the centre, each
    obeying R3.1; then one of the two houses is lit and its gnome stands (not resting)."""
    state = fresh(seed=4, num_players=2, skip_forced=False)
    rng = np.random.default_rng(9)
    placed_by = []
    while decision(state) != "setup_lights" or state.current_player != 0:
        p = state.current_player
        if decision(state) == "setup_pick":
            if not any(state.grid[p]):
                # an empty village cannot take a house (nothing faces it)
                assert {state.describe_action(a) for a in state.legal_actions()} == {
                    "place a starting four-way next", "place a starting t-junction next"}
        elif decision(state) == "place_tile":
            is_road = CODE_INFO[state.hand].kind == TileKind.ROAD
            expected = expected_cells(state.grid[p], building=not is_road)
            assert {c for c, _ in legal_places(state)} == expected
        legal = state.legal_actions()
        state.apply(legal[rng.integers(len(legal))])
        placed_by.append(p)
    assert state.grid[0][cell("d4")] != 0
    houses = {cell_name(c) for c, code in enumerate(state.grid[0]) if code == CODE_HOUSE_OFF}
    assert legal_cells(state) == houses and len(houses) == 2
    chosen = sorted(houses)[1]
    act(state, layout(state).cell(cell(chosen)), "setup_lights")
    assert state.grid[0][cell(chosen)] == CODE_HOUSE_ON
    assert gnome_cells(state, 0) == [(0, chosen, "free")]
    assert placed_by == [0] * len(placed_by)  # seat 0 finishes its whole village first
    assert state.current_player == 1 and not any(state.grid[1])


def test_r2_3_first_gnome_may_move_on_the_first_turn():
    """R2.3: the first gnome is standing, so it walks in its owner's very first Move phase."""
    state = fresh(seed=8, num_players=2, skip_forced=False)
    lay = layout(state)
    four, tee = "place a starting four-way next", "place a starting t-junction next"
    house = "place a starting house next"
    script = [(four, "d4", 0), (house, "c4", 0), (four, "d3", 0), (four, "e4", 0),
              (tee, "d5", 2), (tee, "f4", 0), (house, "e3", 0)]
    for pick, where, rotation in script:
        choose(state, pick, "setup_pick")
        act(state, lay.place(cell(where), rotation), "place_tile")
    act(state, lay.cell(cell("c4")), "setup_lights")
    play_until(state, lambda s: s.turn_number == 1 and decision(s) == "work_buy")
    targets = [c for c in ("c3", "c5") if state.grid[0][cell(c)] == 0]
    assert targets
    act(state, lay.buy_workshop(P), "work_buy")
    act(state, lay.place(cell(targets[0]), 0), "place_tile")
    act(state, lay.pass_(), "work_buy")
    assert decision(state) == "move_select" and "c4" in legal_cells(state)
    act(state, lay.cell(cell("c4")))
    assert targets[0] in legal_cells(state)


@pytest.mark.parametrize("num_players", [3, 4])
def test_r2_4_turn_order(num_players):
    """R2.4 / O28: seat 0 starts; turns go by increasing seat number."""
    state = fresh(seed=31, num_players=num_players)
    turns = []
    rng = np.random.default_rng(3)

    def record(s):
        if not s.is_terminal() and (not turns or turns[-1][0] != s.turn_number):
            turns.append((s.turn_number, s.turn_player))

    record(state)
    random_game(state, rng, after=record)
    seats = [seat for number, seat in turns if number > 0]
    assert seats[0] == 0
    assert all(b == (a + 1) % num_players for a, b in itertools.pairwise(seats))
    assert len(seats) % num_players == 0  # O29: the game ends after the last seat's turn


# ============================================================================ R3 the village
TEE_VILLAGE = """
. . . . . . .
. . . . . . .
. . . . . . .
. . H T . . .
"""


def test_r3_1_building_needs_a_path_facing_it_road_needs_a_neighbour():
    """R3.1 / O4: a workshop goes only where a road path faces it; a road goes next to any tile."""
    state = build([TEE_VILLAGE, TEE_VILLAGE], coins={0: 5})
    lay = layout(state)
    act(state, lay.buy_workshop(G), "work_buy")
    # the T at d4 has paths E, S, W (W is taken by the house): workshops only at e4 and d5
    assert {c for c, _ in legal_places(state)} == {"e4", "d5"}
    assert {c for c, _ in legal_places(state)} == expected_cells(state.grid[0], building=True)

    roads = build([TEE_VILLAGE, TEE_VILLAGE], phase="reveal", forest_top=[card(ForestKind.ROADS)],
                  road_top=[SYMBOL_SHAPE["+"]])
    assert decision(roads) == "place_tile"
    assert {c for c, _ in legal_places(roads)} == {"d3", "e4", "d5", "c3", "b4", "c5"}


def test_r3_1_placed_tiles_stay_where_they_are():
    """R3.1: once placed a tile never moves or disappears, except by Removal (R5.2) or the
    Architect (R11.8)."""
    for seed in range(6):
        state = fresh(seed=seed, num_players=3, deluxe=True, skip_forced=False)
        rng = np.random.default_rng(seed)
        while not state.is_terminal():
            before = [g[:] for g in state.grid]
            kind = decision(state)
            legal = state.legal_actions()
            state.apply(legal[rng.integers(len(legal))])
            if kind in ("removal", "architect_place"):
                continue
            for p, grid in enumerate(before):
                for c, code in enumerate(grid):
                    if code:
                        now = state.grid[p][c]
                        assert now and CODE_INFO[now].kind == CODE_INFO[code].kind, (seed, kind, p, c)
                        if CODE_INFO[code].kind == TileKind.ROAD:
                            assert now == code


COMPLIANCE_CASES = [
    ("ok", True, ". . H + pa . ."),
    ("house without a facing path", False, ". . H | . . ."),
    ("a blockaded road still faces both ends", True, ". . . h . . .\n. . . ! . . .\n. . . H . . ."),
    ("road touching nothing", False, ". . H + . . |"),
    ("two separate groups", False, ". . H + . . .\n. . . . . . .\n. . H + . . ."),
    ("buildings side by side, each faced", True, ". . h pa . . .\n. . + + . . ."),
]


@pytest.mark.parametrize("label, ok, drawing", COMPLIANCE_CASES, ids=[c[0] for c in COMPLIANCE_CASES])
def test_r3_2_placement_rules(label, ok, drawing):
    """R3.2: buildings face a road path, roads touch a tile, one connected group."""
    grid = parse_village(drawing)
    assert village_rules.complies(grid) == ok
    assert complies(grid) == ok  # the same rule written out in tests/gnome_village/helpers.py
    if ok:
        build([drawing, ". . H + . . ."])
    else:
        with pytest.raises(ConfigError):
            build([drawing, ". . H + . . ."])


@pytest.mark.parametrize("symbol", list(O2_SHAPES))
def test_r3_3_roads_turn_any_way_and_blockades_split_paths(symbol):
    """R3.3 / O2: each design is offered in every distinct orientation; blockade designs keep
    their paths in separate groups."""
    state = build([TEE_VILLAGE, TEE_VILLAGE], phase="reveal", forest_top=[card(ForestKind.ROADS)],
                  road_top=[SYMBOL_SHAPE[symbol]])
    _, groups = O2_SHAPES[symbol]
    wanted = {orientation(groups, r) for r in range(4)}
    at_b4 = sorted(r for c, r in legal_places(state) if c == "b4")
    assert len(at_b4) == len(wanted)
    got = set()
    for rotation in at_b4:
        trial = state.clone()
        act(trial, layout(trial).place(cell("b4"), rotation), "place_tile")
        got.add(placed_orientation(trial.grid[0][cell("b4")]))
    assert got == wanted
    assert all(len(g) == len(groups) for g in got)


def _walk_case(drawing: str, start: str, target: str) -> bool:
    """Whether the gnome on ``start`` may walk to ``target`` in its Move phase."""
    state = build([drawing, ". . H + . . ."], gnomes={0: [(start, "free")]}, phase="move")
    if start not in legal_cells(state):  # a gnome with nowhere to go is not offered at all
        return False
    act(state, layout(state).cell(cell(start)), "move_select")
    return target in legal_cells(state)


WALK_CASES = [
    # label, reachable, drawing, gnome's house, target workshop
    ("straight road joins", True, ". . . H . . .\n. . . | . . .\n. . . pa . . .", "d1", "d3"),
    ("straight with blockade", False, ". . . H . . .\n. . . ! . . .\n. . . pa . . .", "d1", "d3"),
    ("road side without a path", False, ". . H + L pa .", "c1", "f1"),
    ("four-way road side", True, ". . H + + pa .", "c1", "f1"),
    ("split four-way: W to E crosses the blockade", False, ". . H x pa . .", "c1", "e1"),
    ("split four-way: W to S stays in its group", True, ". . H x . . .\n. . . pa . . .", "c1", "d2"),
    ("buildings are open on all sides (O5)", True, ". . | . . . .\n. . pa . . . .\n. L1 H . . . .", "c3", "c2"),
]


@pytest.mark.parametrize("label, reachable, drawing, start, target", WALK_CASES,
                         ids=[c[0] for c in WALK_CASES])
def test_r3_4_walking_never_crosses_a_blockade(label, reachable, drawing, start, target):
    """R3.4 / O5: along paths, never through a blockade nor a side without a path; freely
    between buildings."""
    assert _walk_case(drawing, start, target) == reachable


def test_r3_4_removing_the_blockade_opens_the_way():
    """R3.4: the same village with the blockade road swapped for a plain one becomes walkable."""
    blocked = ". . . H . . .\n. . . ! . . .\n. . . pa . . .\n. . . + . . ."
    assert not _walk_case(blocked, "d1", "d3")
    assert _walk_case(blocked.replace("!", "|"), "d1", "d3")


@pytest.mark.parametrize("houses, legal", [(4, True), (5, False)])
def test_r3_5_house_limit(houses, legal):
    """R3.5: a village holds at most five houses (painter and carpenter ready, stack not empty)."""
    row = ["h"] * houses + ["."] * (7 - houses)
    drawing = "\n".join([" ".join(row), "+ + + + + + +", ". PA CA . . . ."])
    state = build([drawing, ". . H + . . ."], gnomes={0: []}, coins={0: 0})
    assert state.house_supply > 0
    assert (layout(state).work(WorkAction.HOUSE) in state.legal_actions()) == legal
