"""Where a player's actions may go, what they cost, and the effects several actions share.

Each ``*_targets`` function lists the map positions a player may choose for one action, in
position order, with the dragon-blocking rule (R3.6) and the face-down rule (R3.7) applied.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

from gnome_envs.rise_of_the_gnomes import board, markets
from gnome_envs.rise_of_the_gnomes.components import (
    BARD_COST,
    BRIBE,
    BUILD_COST,
    GNOME_BREWERY_BONUS,
    GNOME_HUNTER_BONUS,
    MIN_DISCOUNTED_COST,
    NO_BREWERY_TYPES,
    THUGS_COST,
    TWIN_LIMIT,
    UPGRADE_COST,
    Ability,
    TileType,
)
from gnome_envs.rise_of_the_gnomes.pending import Task, push
from gnome_envs.rise_of_the_gnomes.state import OFF_BOARD, RiseState

SEA = int(TileType.SEA)
DESERT = int(TileType.DESERT)
BARRED = frozenset(int(t) for t in NO_BREWERY_TYPES)
Query = TypeVar("Query", bound=Callable)
_MISSING = object()
MAP_QUERIES: dict[str, Callable] = {}  # name -> the query itself (check_invariants recomputes answers)


def map_query(query: Query) -> Query:
    """Remember ``query(state, *args)`` on the state (``RiseState._memo``, keyed by the query's
    name and its arguments) until a piece moves, a tile turns face up, a boat or the dragon
    moves or an ability is gained, which forget every answer: a map query reads nothing else
    (no gold, no beer, no turn). Answers are shared: callers never change them."""
    name = f"{query.__module__}.{query.__qualname__}"
    MAP_QUERIES[name] = query

    @functools.wraps(query)
    def remembered(state, *args):
        memo = state._memo
        if memo is None:
            memo = state._memo = {}
        key = (name, *args)
        answer = memo.get(key, _MISSING)
        if answer is _MISSING:
            answer = memo[key] = query(state, *args)
        return answer
    return remembered  # type: ignore[return-value]


# ============================================================================ costs
def build_cost(state: RiseState, p: int) -> int:
    """Gold for the Build Brewery space."""
    return max(MIN_DISCOUNTED_COST, BUILD_COST - state.ability(p, Ability.CHEAP_BUILD))


def thugs_cost(state: RiseState, p: int) -> int:
    """Gold for the Employ Thugs space."""
    return max(0, THUGS_COST - state.ability(p, Ability.CHEAP_THUGS))


def bard_cost(state: RiseState, p: int) -> int:
    """Gold for the Hire Bard space."""
    return 0 if state.ability(p, Ability.FREE_BARD) else BARD_COST


def upgrade_cost(state: RiseState, p: int) -> int:
    """Gold for the Brewery Upgrade space."""
    return max(MIN_DISCOUNTED_COST, UPGRADE_COST - state.ability(p, Ability.CHEAP_UPGRADE))


def bribe_cost(state: RiseState, owner: int) -> int:
    """Gold ``owner`` pays to bribe the dragon this turn (the Gnomes pay the full amount)."""
    base = BRIBE[state.turn - 1]
    if owner == state.n:
        return base
    return max(MIN_DISCOUNTED_COST, base - state.ability(owner, Ability.BRIBE_DISCOUNT))


def can_pay_beer(state: RiseState, p: int, cost: int) -> bool:
    """Whether ``p`` can pay ``cost`` beer (gold may stand in for beer, R1.4)."""
    return state.beer[p] + state.gold[p] >= cost


def gold_splits(state: RiseState, p: int, cost: int) -> range:
    """How much gold ``p`` may put towards a beer cost of ``cost``."""
    return range(max(0, cost - state.beer[p]), min(cost, state.gold[p]) + 1)


# ============================================================================ breweries (R4.5, R4.6)
def may_build_on(state: RiseState, p: int, tile_type: int) -> bool:
    """Whether ``p`` may have a brewery on a tile of ``tile_type``."""
    if tile_type not in BARRED:
        return True
    if tile_type == SEA:
        return state.ability(p, Ability.SEA_BREWERY) > 0
    if tile_type == DESERT:
        return state.ability(p, Ability.DESERT_BREWERY) > 0
    return False


def build_targets(state: RiseState, p: int) -> list[int]:
    """Tiles where ``p`` may add a brewery now: face up, not the dragon's, controlled by ``p``,
    an allowed type, not already holding ``p``'s brewery (two with the twin ability); with every
    brewery out, a brewery elsewhere must be free to move there."""
    check = _build_check(state, p)
    return [pos for pos in occupied_sources(state, p) if check(pos)]


def _build_check(state: RiseState, p: int):
    """Whether ``p`` may build on an occupied source ``pos`` (``build_targets``' test)."""
    twin = state.ability(p, Ability.TWIN_BREWERY) > 0
    moving = markets.board_breweries(state, p) == 0
    sources = brewery_sources(state, p) if moving else []
    controller, brews, tile_type, s = state.controller, state.brews, state.tile_type, state.owners

    def check(pos: int) -> bool:
        if controller(pos) != p or not may_build_on(state, p, tile_type[pos]):
            return False
        own = brews[pos * s + p]
        if own and not (twin and own < TWIN_LIMIT):
            return False
        return not moving or any(src != pos for src in sources)
    return check


def brewery_sources(state: RiseState, p: int, target: int = -1) -> list[int]:
    """Tiles from which ``p`` may move one of its breweries (not the dragon's, not ``target``)."""
    return [pos for pos in state.game.positions
            if state.brews_at(pos, p) and pos != state.dragon and pos != target]


def margin(state: RiseState, p: int, pos: int) -> int:
    """``p``'s market strength on ``pos`` minus the strongest other owner's."""
    others = max((state.strength(pos, o) for o in range(state.owners) if o != p), default=0)
    return state.strength(pos, p) - others


def surplus(state: RiseState, p: int, pos: int) -> int:
    """Cubes ``p`` could take off ``pos`` and still be stronger there than anyone else."""
    return min(state.cubes_at(pos, p), max(0, margin(state, p, pos) - 1))


def best_build_source(state: RiseState, p: int, pos: int) -> int:
    """With every brewery out, the tile to move one from for a build on ``pos``: the one ``p``
    leads by most (-1 while a brewery is left on the board, or with no tile to take one from)."""
    sources = brewery_sources(state, p, pos) if markets.board_breweries(state, p) == 0 else []
    return max(sources, key=lambda src: margin(state, p, src)) if sources else -1


@map_query
def can_build(state: RiseState, p: int) -> bool:
    """Whether ``p`` has somewhere to build a brewery (stops at the first)."""
    sources = occupied_sources(state, p)
    if not sources:
        return False
    return any(map(_build_check(state, p), sources))


def execute_build(state: RiseState, p: int, pos: int, source: int = -1) -> None:
    """Build ``p``'s brewery on ``pos``: every other owner's brewery there goes home (a Gnome
    brewery pays the bonus, R4.7); the brewery comes from the board or from ``source``."""
    g = state.n
    for owner in range(state.owners):
        if owner == p:
            continue
        while state.brews_at(pos, owner):
            markets.return_brewery(state, owner, pos)
            if owner == g:
                hunter = state.ability(p, Ability.GNOME_HUNTER)
                state.gain_vp(p, GNOME_HUNTER_BONUS if hunter else GNOME_BREWERY_BONUS)
    if source >= 0:
        markets.shift_brewery(state, p, source, pos)
    elif markets.place_brewery(state, p, pos):
        push(state, (Task.UPGRADE_TOKEN, p))


# ============================================================================ cubes
def occupied_sources(state: RiseState, p: int) -> list[int]:
    """Face-up tiles ``p`` occupies, the dragon's excluded (nothing leaves it); cached until
    a piece or the dragon moves (read-only)."""
    cache = state._occupied
    if cache is None:
        cache = state._occupied = {}
    found = cache.get(p)
    if found is None:
        s = state.owners
        cubes, brews, dragon = state.cubes, state.brews, state.dragon
        found = cache[p] = [pos for pos in state.game.positions
                            if (cubes[pos * s + p] or brews[pos * s + p]) and pos != dragon]
    return found


def adjacent_targets(state: RiseState, p: int) -> list[int]:
    """Tiles adjacent (boats included) to a tile ``p`` occupies (Hire Bard, Barrel Delivery)."""
    out: set[int] = set()
    for src in occupied_sources(state, p):
        out.update(board.action_neighbors(state, src))
    return sorted(out)


@map_query
def has_adjacent_target(state: RiseState, p: int) -> bool:
    """Whether ``adjacent_targets`` would list anything (stops at the first; a face-up side
    neighbour other than the dragon's tile answers before any boat is looked at)."""
    sources = occupied_sources(state, p)  # the dragon's tile excluded: it reaches nothing
    revealed, neighbors, dragon = state.revealed, state.game.neighbors, state.dragon
    for src in sources:
        for nb in neighbors[src]:
            if revealed[nb] and nb != dragon:
                return True
    return any(board.action_neighbors(state, src) for src in sources)


@map_query
def has_thugs_target(state: RiseState) -> bool:
    """Whether ``thugs_targets`` would list anything (stops at the first)."""
    g, s, dragon = state.n, state.owners, state.dragon
    cubes = state.cubes
    return any(cubes[pos * s + g] and pos != dragon for pos in state.game.positions)


def occupied_targets(state: RiseState, p: int) -> list[int]:
    """Tiles ``p`` occupies that an action may go into (Brew Festival, Missionary)."""
    return list(occupied_sources(state, p))


def competition_targets(state: RiseState, p: int) -> list[int]:
    """Tiles ``p`` occupies that hold at least one cube of someone else."""
    s = state.owners
    return [pos for pos in occupied_sources(state, p)
            if any(state.cubes[pos * s + o] for o in range(s) if o != p)]


def caravan_sources(state: RiseState, p: int) -> list[int]:
    """Tiles with ``p``'s cubes from which a Caravan can leave."""
    return [pos for pos in occupied_sources(state, p)
            if state.cubes_at(pos, p) and board.action_neighbors(state, pos)]


def thugs_targets(state: RiseState) -> list[int]:
    """Face-up tiles with Gnome cubes, the dragon's excluded."""
    g = state.n
    return [pos for pos in state.game.positions
            if state.revealed[pos] and pos != state.dragon and state.cubes_at(pos, g)]


def boat_targets(state: RiseState, p: int) -> list[int]:
    """Face-up sea tiles without a boat next to a tile ``p`` occupies (none left: nothing)."""
    if state.boat_supply <= 0:
        return []
    out: set[int] = set()
    for src in occupied_sources(state, p):
        for nb in state.game.neighbors[src]:
            if (state.revealed[nb] and state.tile_type[nb] == SEA and not state.boats[nb]
                    and nb != state.dragon):
                out.add(nb)
    return sorted(out)


@map_query
def has_boat_target(state: RiseState, p: int) -> bool:
    """Whether ``boat_targets`` would list anything."""
    return bool(boat_targets(state, p))


@map_query
def dragon_can_move(state: RiseState) -> bool:
    """Whether the dragon stands on the map with a face-up tile to step to."""
    return state.dragon != OFF_BOARD and bool(board.dragon_neighbors(state, state.dragon))


def land_targets(state: RiseState) -> list[int]:
    """Face-up tiles that are not sea or the sea lair, the dragon's excluded (R8.3)."""
    return [pos for pos in state.game.positions
            if board.is_land(state, pos) and pos != state.dragon]


def move_sources(state: RiseState, p: int, target: int) -> list[int]:
    """Tiles ``p`` may take cubes from when its board is empty (R8.4)."""
    return [pos for pos in state.game.positions
            if state.cubes_at(pos, p) and pos != target and pos != state.dragon]


def hidden_tiles(state: RiseState) -> list[int]:
    """Face-down tiles."""
    return [pos for pos in state.game.positions if not state.revealed[pos]]
