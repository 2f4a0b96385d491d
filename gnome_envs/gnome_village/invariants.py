"""Component conservation and structural invariants of a Gnome Village state."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from gnome_envs.gnome_village import village
from gnome_envs.gnome_village.components import (
    BUSINESS_TILES,
    CODE_HOUSE_ON,
    CODE_KIND,
    CODE_SUB,
    IS_WORKPLACE,
    NUM_FOREST_CARDS,
    NUM_WORKSHOP_TYPES,
    PRODUCTS_PER_TYPE,
    ROAD_SHAPES,
    TOTAL_COINS,
    WORKSHOPS_PER_TYPE_BY_PLAYERS,
    BusinessAction,
    RoadShapeId,
)
from gnome_envs.gnome_village.state import (
    BUSINESS,
    HOUSE,
    NOT_PLACED,
    ROAD,
    WORKSHOP,
    GnomeStatus,
    GnomeVillageState,
)
from gnome_envs.gnome_village.summary import summarize

SETUP_ROAD_SHAPES = (RoadShapeId.FOUR_WAY, RoadShapeId.T_JUNCTION)
SETUP_HOUSE_SLOT = 2
# fresh computations of one village kept per grid: a village changes in a few steps of a game,
# and every check compares the state's caches with them (the comparison itself runs every time)
REFERENCE_MEMO_SIZE = 4096


@lru_cache(maxsize=REFERENCE_MEMO_SIZE)
def _reference(cells: tuple[int, ...]) -> dict[str, object]:
    """Fresh (uncached) views of the village grid ``cells``, computed once per distinct grid."""
    from gnome_envs.gnome_village.obs_parts import village_tile_features

    grid = list(cells)
    return {
        "_summary": summarize(grid),
        "_walk": village.walk_areas(grid),
        "_placement": village.placement_cells(grid),
        "complies": village.complies(grid),
        "tile_features": village_tile_features(grid),
    }


def check(state: GnomeVillageState) -> list[str]:
    """Every violated invariant, as readable sentences (empty when all hold)."""
    problems: list[str] = []
    for checker in (_coins, _products, _tiles, _businesses, _forest, _gnomes, _happy, _holes, _caches):
        problems += checker(state)
    return problems


def _coins(state: GnomeVillageState) -> list[str]:
    total = state.bank + sum(state.coins)
    out = [] if total == TOTAL_COINS else [f"coins total {total} != {TOTAL_COINS}"]
    if state.bank < 0:
        out.append(f"the bank holds {state.bank} coins (R1.2: it pays only what it holds)")
    if min(state.coins) < 0:
        out.append(f"negative coins: players {state.coins}")
    return out


def _products(state: GnomeVillageState) -> list[str]:
    out = []
    for kind in range(NUM_WORKSHOP_TYPES):
        held = [state.products[p][kind] for p in range(state.game.num_players)]
        if state.product_supply[kind] + sum(held) != PRODUCTS_PER_TYPE or min(held + [state.product_supply[kind]]) < 0:
            out.append(f"product {kind}: supply {state.product_supply[kind]} + held {held} != {PRODUCTS_PER_TYPE}")
    return out


def _tiles(state: GnomeVillageState) -> list[str]:
    n = state.game.num_players
    houses = state.house_supply + sum(hand[SETUP_HOUSE_SLOT] for hand in state.setup_hand)
    workshops = list(state.workshop_supply)
    roads = Counter(state.road_stack)
    for p in range(n):
        for index, shape in enumerate(SETUP_ROAD_SHAPES):
            roads[int(shape)] += state.setup_hand[p][index]
    codes = [code for grid in state.grid for code in grid]
    if state.hand:
        codes.append(state.hand)
    for code in codes:
        kind = CODE_KIND[code]
        if kind == HOUSE:
            houses += 1
        elif kind == WORKSHOP:
            workshops[CODE_SUB[code]] += 1
        elif kind == ROAD:
            roads[CODE_SUB[code]] += 1
    out = []
    if houses != state.game.houses_total:
        out.append(f"houses {houses} != {state.game.houses_total}")
    expected = WORKSHOPS_PER_TYPE_BY_PLAYERS[n]
    if any(w != expected for w in workshops):
        out.append(f"workshops per type {workshops} != {expected}")
    for shape, info in enumerate(ROAD_SHAPES):
        if roads[shape] != info.count:
            out.append(f"road {info.name}: {roads[shape]} != {info.count}")
    if min(state.house_supply, *state.workshop_supply) < 0:
        out.append("negative tile supply")
    return out


def _businesses(state: GnomeVillageState) -> list[str]:
    seen = list(state.business_stack) + [t for t in state.display if t >= 0] + list(state.business_discard)
    codes = [code for grid in state.grid for code in grid]
    if state.hand:
        codes.append(state.hand)
    seen += [CODE_SUB[code] for code in codes if CODE_KIND[code] == BUSINESS]
    expected = sorted(t.tile_id for t in BUSINESS_TILES if state.game.config.deluxe or not t.deluxe)
    return [] if sorted(seen) == expected else [f"business tiles {sorted(seen)} != {expected}"]


def _forest(state: GnomeVillageState) -> list[str]:
    cards = sorted(state.forest_deck + state.forest_discard)
    return [] if cards == list(range(NUM_FOREST_CARDS)) else [f"forest cards {cards}"]


def _gnomes(state: GnomeVillageState) -> list[str]:
    out = []
    for p in range(state.game.num_players):
        placed = [i for i in state.gnome_range(p) if state.g_village[i] != NOT_PLACED]
        lit = state.grid[p].count(CODE_HOUSE_ON)
        if lit != len(placed):
            out.append(f"seat {p}: {lit} lit houses for {len(placed)} gnomes")
        homes = [state.g_home[i] for i in placed]
        if len(set(homes)) != len(homes) or any(state.grid[p][h] != CODE_HOUSE_ON for h in homes):
            out.append(f"seat {p}: gnome homes {homes} are not distinct lit houses")
        workplaces = []
        for i in placed:
            out += _gnome_position(state, p, i)
            v, c = state.g_village[i], state.g_cell[i]
            if IS_WORKPLACE[state.grid[v][c]] and state.g_status[i] in (GnomeStatus.FREE, GnomeStatus.ABROAD):
                workplaces.append((v, c))
        if len(set(workplaces)) != len(workplaces):
            out.append(f"seat {p}: two gnomes share a workplace {workplaces}")
    return out


def _gnome_position(state: GnomeVillageState, p: int, i: int) -> list[str]:
    v, c, status = state.g_village[i], state.g_cell[i], state.g_status[i]
    code = state.grid[v][c]
    where = f"seat {p} gnome {i} ({GnomeStatus(status).name}) at village {v} cell {c}"
    if not code:
        return [f"{where} stands on an empty cell"]
    if status in (GnomeStatus.FREE, GnomeStatus.RESTING):
        if v != p:
            return [f"{where} is outside its village"]
        if CODE_KIND[code] == HOUSE and c != state.g_home[i]:
            return [f"{where} is on a house that is not its home"]
        if status == GnomeStatus.RESTING and c != state.g_home[i]:
            return [f"{where} rests away from home"]
        return [] if CODE_KIND[code] != ROAD else [f"{where} stands on a road"]
    if status == GnomeStatus.ABROAD:
        return [] if v != p and IS_WORKPLACE[code] else [f"{where} is not on a foreign workplace"]
    if status == GnomeStatus.PRISON and not 0 <= state.g_captor[i] < state.game.num_players:
        return [f"{where} has no captor"]
    action = BusinessAction.CHAPEL if status == GnomeStatus.CHAPEL else BusinessAction.PRISON
    if CODE_KIND[code] != BUSINESS or BUSINESS_TILES[CODE_SUB[code]].action != action:
        return [f"{where} is not held on a {action.name.lower()}"]
    return []


def _happy(state: GnomeVillageState) -> list[str]:
    hats = [state.hat_count(p) for p in range(state.game.num_players)]
    best = max(hats)
    leaders = [p for p, h in enumerate(hats) if h == best]
    if best > 0 and len(leaders) == 1 and state.happy != leaders[0]:
        return [f"Happy Gnome with {state.happy} but seat {leaders[0]} leads hats {hats}"]
    if state.happy >= 0 and hats[state.happy] == 0:
        return [f"Happy Gnome with seat {state.happy} who has no hat business"]
    return []


def _holes(state: GnomeVillageState) -> list[str]:
    if state.turn_number == 0:
        return []
    out = []
    for p in range(state.game.num_players):
        complies = _reference(tuple(state.grid[p]))["complies"]
        if state.holes[p] and complies:
            out.append(f"seat {p} has holes {state.holes[p]} but its village complies")
        if not state.holes[p] and not complies:
            out.append(f"seat {p}'s village breaks the placement rules with no hole recorded")
        if any(state.grid[p][c] for c in state.holes[p]):
            out.append(f"seat {p} has a hole on an occupied cell")
    return out


def _caches(state: GnomeVillageState) -> list[str]:
    """Cached views of each village must equal a fresh computation (stale caches are bugs)."""
    import numpy as np

    from gnome_envs.gnome_village.obs_parts import STACK_PARTS, player_counts, village_gnome_marks

    out = []
    for p in range(state.game.num_players):
        fresh = _reference(tuple(state.grid[p]))
        for name in ("_summary", "_walk", "_placement"):
            cached = getattr(state, name)[p]
            if cached is not None and cached != fresh[name]:
                out.append(f"seat {p}: stale cache {name}")
        features = state._tile_features[p]
        if features is not None and not np.array_equal(features, fresh["tile_features"]):
            out.append(f"seat {p}: stale tile features")
        row = state._player_rows[p]
        if row is not None and not np.array_equal(row, player_counts(state, p)):
            out.append(f"seat {p}: stale player counts")
    for part, features in zip(STACK_PARTS, state._stack_features or ()):
        if features is not None and not np.array_equal(features, part(state)):
            out.append(f"stale stack features ({part.__name__})")
    if state._business_cells is not None and state._business_cells != village.business_cells(state.grid):
        out.append("stale business cells")
    for v, marks in enumerate(state._gnome_marks):
        if marks is not None and not all(map(np.array_equal, marks, village_gnome_marks(state, v))):
            out.append(f"village {v}: stale gnome markers")
    return out


__all__ = ["check"]
