"""Build a Gnome Village position from a readable description (for tests, puzzles, curricula).

Villages are drawn as rows of seven whitespace-separated tokens (missing rows are empty)::

    .    .    .    .    .    .    .
    .    .    h    T2   .    .    .
    .    pa   +    +    B:chapel .  .

=========  ================================================================================
token      tile
=========  ================================================================================
``.``      empty cell
``+``      road: a road-shape symbol (``+ T | L ! j t x``, see ROAD_SHAPES) and an optional
           rotation digit 0-3 (quarter turns clockwise): ``T``, ``T1``, ``L3``
``h/H``    house with lights off / on
``pa``     workshop, two letters of painter / carpenter / school / gardener; capitals = active
``B:name`` business by a unique start of its name (``B:chapel``) or ``B3`` by tile id
=========  ================================================================================

Every component is taken from the supply, so the position conserves all counts. Gnomes are
given per seat as ``(cell, status)`` pairs (``"d4"`` or an index; status ``free``,
``resting``), or ``(village, cell, status)`` for gnomes elsewhere (``chapel``, ``prison``,
``abroad``); by default each lit house holds its gnome. The position starts at the beginning
of ``phase`` ("start", "reveal", "earn", "work" or "move") of ``turn_player``'s turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gnome_envs.core.errors import ConfigError
from gnome_envs.gnome_village import economy, gnome_moves, village
from gnome_envs.gnome_village.components import (
    BUSINESS_TILES,
    CODE_HOUSE_OFF,
    CODE_HOUSE_ON,
    CODE_KIND,
    CODE_SUB,
    GRID_SIZE,
    NUM_CELLS,
    NUM_FOREST_CARDS,
    ROAD_SHAPES,
    TOTAL_COINS,
    BusinessAction,
    TileKind,
    WorkshopType,
    business_code,
    road_code,
    workshop_code,
)
from gnome_envs.gnome_village.game import GnomeVillageGame, make_game
from gnome_envs.gnome_village.pending import Task, advance, push
from gnome_envs.gnome_village.state import GnomeStatus, GnomeVillageState

WORKSHOP_TOKENS = {t.name[:2].lower(): t for t in WorkshopType}
ROAD_SYMBOLS = {shape.symbol: index for index, shape in enumerate(ROAD_SHAPES)}
PHASE_TASKS = ("start", "reveal", "earn", "work", "move")
STATUS_NAMES = {s.name.lower(): s for s in GnomeStatus}


def cell_index(cell: int | str) -> int:
    """A cell index from an index or a name like ``"d4"`` (column a-g, row 1-7)."""
    if isinstance(cell, int):
        return cell
    col = "abcdefg".index(cell[0])
    return (int(cell[1:]) - 1) * GRID_SIZE + col


def business_id(name: str) -> int:
    """Tile id of the business whose name starts with ``name`` (case-insensitive, unique)."""
    matches = [t.tile_id for t in BUSINESS_TILES if t.name.lower().startswith(name.lower())]
    if len(matches) != 1:
        raise ConfigError(f"business name {name!r} matches {len(matches)} tiles")
    return matches[0]


def parse_token(token: str) -> int:
    """Tile code of one village token."""
    if token == ".":
        return 0
    if token in ("h", "H"):
        return CODE_HOUSE_ON if token == "H" else CODE_HOUSE_OFF
    if token[:2].lower() in WORKSHOP_TOKENS and len(token) == 2:
        return workshop_code(WORKSHOP_TOKENS[token.lower()], token.isupper())
    if token.startswith("B"):
        rest = token[1:].lstrip(":")
        return business_code(int(rest) if rest.isdigit() else business_id(rest))
    if token[0] in ROAD_SYMBOLS:
        rotation = int(token[1:]) if len(token) > 1 else 0
        return road_code(ROAD_SYMBOLS[token[0]], rotation)
    raise ConfigError(f"unknown village token {token!r}")


def parse_village(drawing: str) -> list[int]:
    """49 tile codes from a drawing (see the module docstring)."""
    rows = [line.split() for line in drawing.strip("\n").splitlines() if line.strip()]
    if len(rows) > GRID_SIZE or any(len(row) != GRID_SIZE for row in rows):
        raise ConfigError(f"a village drawing has up to {GRID_SIZE} rows of {GRID_SIZE} tokens")
    grid = [parse_token(token) for row in rows for token in row]
    return grid + [0] * (NUM_CELLS - len(grid))


def build_position(
    num_players: int = 2,
    villages: dict[int, str] | None = None,
    *,
    gnomes: dict[int, Sequence[tuple]] | None = None,
    coins: dict[int, int] | None = None,
    products: dict[int, Sequence[int]] | None = None,
    turn_player: int = 0,
    phase: str = "work",
    forest_top: Sequence[int] = (),
    road_top: Sequence[int] = (),
    display: Sequence[int] | None = None,
    used_last: dict[int, Sequence[int]] | None = None,
    seed: int = 0,
    **config: Any,
) -> GnomeVillageState:
    """A position at the start of ``phase`` of ``turn_player``'s turn (see module docstring)."""
    config.setdefault("skip_forced", False)
    game = make_game(num_players=num_players, **config)
    state = GnomeVillageState(game, seed)
    pools = _Pools(game)
    for p in range(num_players):
        drawing = (villages or {}).get(p)
        if drawing is None:
            raise ConfigError(f"no village drawn for seat {p}")
        for cell, code in enumerate(parse_village(drawing)):
            if code:
                pools.take(code)
                state.grid[p][cell] = code
        if not village.complies(state.grid[p]):
            raise ConfigError(f"seat {p}'s village breaks the placement rules")
    _deal_stacks(state, pools, forest_top, road_top, display)
    _deal_tokens(state, coins or {}, products or {})
    for p in range(num_players):
        _place_gnomes(state, p, (gnomes or {}).get(p))
    state.turn_player = turn_player
    state.turn_number = 1
    state.setup_hand = [[0, 0, 0] for _ in range(num_players)]
    state.used_last = [list((used_last or {}).get(p, ())) for p in range(num_players)]
    economy.update_happy_gnome(state)
    for p in range(num_players):
        state.touch(p)
    _queue_turn(state, turn_player, phase)
    advance(state)
    state.check_invariants()
    return state


class _Pools:
    """The components not yet on the table while a position is built."""

    def __init__(self, game: GnomeVillageGame) -> None:
        self.roads = [s for s, info in enumerate(ROAD_SHAPES) for _ in range(info.count)]
        self.houses = game.houses_total
        self.workshops = [game.workshops_per_type] * len(WorkshopType)
        self.businesses = [t.tile_id for t in BUSINESS_TILES if game.config.deluxe or not t.deluxe]

    def take(self, code: int) -> None:
        kind = CODE_KIND[code]
        if kind == TileKind.ROAD:
            self._remove(self.roads, CODE_SUB[code], "road of that shape")
        elif kind == TileKind.HOUSE:
            self.houses -= 1
            if self.houses < 0:
                raise ConfigError("more houses than the game has")
        elif kind == TileKind.WORKSHOP:
            self.workshops[CODE_SUB[code]] -= 1
            if self.workshops[CODE_SUB[code]] < 0:
                raise ConfigError("more workshops of a type than the game has")
        else:
            self._remove(self.businesses, CODE_SUB[code], f"business {BUSINESS_TILES[CODE_SUB[code]].name}")

    @staticmethod
    def _remove(pool: list[int], item: int, what: str) -> None:
        if item not in pool:
            raise ConfigError(f"no {what} left for this position")
        pool.remove(item)


def _deal_stacks(state: GnomeVillageState, pools: _Pools, forest_top: Sequence[int],
                 road_top: Sequence[int], display: Sequence[int] | None) -> None:
    rng = state.rng
    state.house_supply = pools.houses
    state.workshop_supply = pools.workshops
    roads = pools.roads
    rng.shuffle(roads)
    for shape in reversed(road_top):
        roads.remove(shape)
        roads.append(shape)
    state.road_stack = roads
    businesses = pools.businesses
    rng.shuffle(businesses)
    shown = list(display) if display is not None else [businesses[-1], businesses[-2]]
    for tile_id in shown:
        if tile_id >= 0:
            _Pools._remove(businesses, tile_id, "business for the display")
    state.display = shown
    state.business_stack = businesses
    if len(set(forest_top)) != len(forest_top) or len(set(road_top)) > len(road_top):
        raise ConfigError("forest_top names each card at most once")
    forest = list(range(NUM_FOREST_CARDS))
    rng.shuffle(forest)
    for card in reversed(forest_top):
        forest.remove(card)
        forest.append(card)
    state.forest_deck = forest


def _deal_tokens(state: GnomeVillageState, coins: dict[int, int], products: dict[int, Sequence[int]]) -> None:
    n = state.game.num_players
    state.coins = [coins.get(p, 0) for p in range(n)]
    state.bank = TOTAL_COINS - sum(state.coins)
    for p, held in products.items():
        for kind, count in enumerate(held):
            for _ in range(count):
                if not economy.give_product(state, p, kind):
                    raise ConfigError("more products than the supply holds")
    if any(c < 0 for c in state.coins):
        raise ConfigError("coins cannot be negative")


def _place_gnomes(state: GnomeVillageState, p: int, spec: Sequence[tuple] | None) -> None:
    lit = [c for c, code in enumerate(state.grid[p]) if code == CODE_HOUSE_ON]
    entries = [(p, c, "free") for c in lit] if spec is None else [_gnome_entry(p, e) for e in spec]
    if len(entries) != len(lit) or len(entries) > state.gnomes_per_colour:
        raise ConfigError(f"seat {p}: {len(entries)} gnomes need exactly that many lit houses (has {len(lit)})")
    for v, cell, status in entries:
        _check_gnome(state, p, v, cell, status)
    free_homes = [c for c in lit if not any(v == p and c == cell for v, cell, _ in entries)]
    for k, (v, cell, status) in enumerate(entries):
        gnome = p * state.gnomes_per_colour + k
        home = cell if v == p and cell in lit else free_homes.pop(0)
        state.g_home[gnome] = home
        gnome_moves.relocate(state, gnome, v, cell, STATUS_NAMES[status])
        state.g_born[gnome] = 1 if status == "resting" else 0
        if status == "abroad":
            state.g_airport[gnome] = _airport_of(state, p)
        if status == "prison":
            state.g_captor[gnome] = v


_HELD_ON = {"chapel": BusinessAction.CHAPEL, "prison": BusinessAction.PRISON}


def _check_gnome(state: GnomeVillageState, p: int, v: int, cell: int, status: str) -> None:
    """Raise ConfigError unless a gnome of ``p`` may stand on ``cell`` of village ``v`` as ``status``."""
    code = state.grid[v][cell]
    where = f"seat {p} gnome on {cell} of village {v} ({status})"
    if status not in STATUS_NAMES:
        raise ConfigError(f"{where}: status must be one of {sorted(STATUS_NAMES)}")
    if status in ("free", "resting"):
        ok = v == p and CODE_KIND[code] in (TileKind.HOUSE, TileKind.WORKSHOP, TileKind.BUSINESS)
        ok = ok and (status == "free" or code == CODE_HOUSE_ON)
    elif status == "abroad":
        ok = v != p and CODE_KIND[code] in (TileKind.WORKSHOP, TileKind.BUSINESS)
    else:
        ok = (v != p and CODE_KIND[code] == TileKind.BUSINESS
              and BUSINESS_TILES[CODE_SUB[code]].action == _HELD_ON[status])
    if not ok:
        raise ConfigError(f"{where}: not a place such a gnome can stand")


def _airport_of(state: GnomeVillageState, p: int) -> int:
    """The Airport in ``p``'s village, else the first Airport tile (as if it had been removed)."""
    own = [CODE_SUB[code] for code in state.grid[p] if CODE_KIND[code] == TileKind.BUSINESS
           and BUSINESS_TILES[CODE_SUB[code]].action == BusinessAction.AIRPORT]
    return own[0] if own else next(t.tile_id for t in BUSINESS_TILES if t.action == BusinessAction.AIRPORT)


def _gnome_entry(p: int, entry: tuple) -> tuple[int, int, str]:
    if len(entry) == 2:
        return p, cell_index(entry[0]), entry[1]
    return entry[0], cell_index(entry[1]), entry[2]


def _queue_turn(state: GnomeVillageState, p: int, phase: str) -> None:
    if phase not in PHASE_TASKS:
        raise ConfigError(f"phase must be one of {PHASE_TASKS}, got {phase!r}")
    if phase == "start":
        push(state, (Task.START_TURN, p))
        return
    steps = [(Task.REVEAL, p), (Task.EARN, p), (Task.WORK_PHASE, p), (Task.MOVE_PHASE, p)]
    push(state, *steps[PHASE_TASKS.index(phase) - 1:], (Task.END_TURN, p))
