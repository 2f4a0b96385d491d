"""Build a Mighty Gnomes position from a readable description (tests, puzzles, curricula).

The position is a fresh game (``seed``) whose components are then moved where the description
puts them, always out of the supply they belong to, so every count is conserved:

=================  =========================================================================
argument           meaning
=================  =========================================================================
``glades``         glade-side ids (glade * 2 + side) in forest order, bottom first
``columns``        two lists of seven book action names, rung 1 first (``"money"``,
                   ``"invite_free"`` ...); ``display`` likewise for the 2-player display
``forest``         ``(owner, tile, anchor, orientation)``: owner a seat or ``"druid"``, tile
                   0-3 (1-4 gnomes) or 4 (Druid), anchor a forest cell index
``attic``          ``(owner, tile, side, orientation, offset)`` on a ladder side (0-5)
``coins`` ...      per-seat amounts: ``coins``, ``vp``, ``keys``, ``res`` (five numbers)
``gnomes``         per seat, mighty gnome names taken from the stacks
``closed``         per seat, chest kind names put face down in the vault (``opened``: face up)
``trail``          per seat, a trail space; tokens on one space stack in seat order
``chest_display``  the three open chests of the trail (kind names)
``used_tiles``     per seat, tile indices already used this round; ``bedroom`` per seat
=================  =========================================================================

The position starts at turn ``turn_index`` (0-2) of ``turn_player`` in round ``round_number``
with the rest of the round queued as the rules queue it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gnome_envs.core.errors import ConfigError
from gnome_envs.mighty_gnomes.components import (
    BOOKS,
    CHEST_DISPLAY_SIZE,
    GLADE_SIDES,
    LADDER_SIDES,
    LADDER_WIDTH,
    LADDERS,
    NUM_GLADES,
    TURNS_PER_ROUND,
    BookAction,
    ChestKind,
    GnomeType,
    Res,
)
from gnome_envs.mighty_gnomes.flow import seats_from
from gnome_envs.mighty_gnomes.game import make_game
from gnome_envs.mighty_gnomes.geometry import (
    ATTIC_FIT_BY_SLOT,
    FOREST_BY_SLOT,
    MAX_ORIENTATIONS,
)
from gnome_envs.mighty_gnomes.pending import Task, advance, push
from gnome_envs.mighty_gnomes.placement import fit_row, ladder_in_play, owner_of
from gnome_envs.mighty_gnomes.state import (
    NEUTRAL,
    NO_TILE,
    MightyGnomesState,
    tile_shape,
)

DEFAULT_GNOMES = ("magic", "alchemist", "robber", "knight", "druid")
DRUID = "druid"


def book_action(name: str) -> BookAction:
    """A BookAction from its lower-case name."""
    return BookAction[name.upper()]


def chest_kind(name: str) -> int:
    """A chest kind from its lower-case name."""
    return int(ChestKind[name.upper()])


def build_position(num_players: int = 2, *, seed: int = 0, mighty_gnomes: Sequence[str] = DEFAULT_GNOMES,
                   round_number: int = 1, first_player: int = 0, turn_player: int | None = None,
                   turn_index: int = 0, skip_forced: bool = False, **parts: Any) -> MightyGnomesState:
    """A position at the start of a turn (see the module docstring for ``parts``)."""
    game = make_game(num_players=num_players, mighty_gnomes=tuple(mighty_gnomes), skip_forced=skip_forced)
    state = game.new_state(seed)
    state.pending = None
    state.tasks = []
    state.round = round_number
    state.first_player = first_player
    _layout(state, parts.pop("glades", None), parts.pop("columns", None), parts.pop("display", None))
    for key in ("coins", "vp", "keys", "res", "gnomes", "closed", "opened", "used_tiles", "bedroom"):
        for p, value in (parts.pop(key, None) or {}).items():
            _SEAT_SETTERS[key](state, p, value)
    for entry in parts.pop("forest", ()):
        place_forest_tile(state, *entry)
    for entry in parts.pop("attic", ()):
        place_attic_tile(state, *entry)
    _trail(state, parts.pop("trail", None))
    _chest_display(state, parts.pop("chest_display", None))
    if parts:
        raise ConfigError(f"unknown position parts {sorted(parts)}")
    turn_player = first_player if turn_player is None else turn_player
    _queue_round(state, turn_player, turn_index)
    state.touch_all()
    state.touch_forest()
    state.touch_attic()
    state.touch_public()
    advance(state)
    state.check_invariants()
    return state


def _layout(state: MightyGnomesState, glades, columns, display) -> None:
    if glades is not None:
        used = {g // GLADE_SIDES for g in glades}
        if len(glades) != len(state.glades) or len(used) != len(glades):
            raise ConfigError(f"glades must name {len(state.glades)} different glade tiles")
        state.glades = list(glades)
        state.glade_aside = [GLADE_SIDES * g for g in range(NUM_GLADES) if g not in used]
    if columns is None and display is None:
        return
    old = [list(state.columns[0]), list(state.columns[1]), list(state.book_display)]
    specs = [list(c) if c is not None else [None] * len(old[i]) for i, c in enumerate(columns or (None, None))]
    specs.append(list(display) if display is not None else [None] * len(old[2]))
    pool = old[0] + old[1] + state.book_aside + old[2]
    spots = [[-1] * len(spec) for spec in specs]
    for k, spec in enumerate(specs):  # named books first
        for i, name in enumerate(spec):
            if name is not None:
                spots[k][i] = _take_book(pool, name, old[k][i] if i < len(old[k]) else -1)
    for k, spec in enumerate(specs):  # then every other spot keeps its book if it is still free
        for i, name in enumerate(spec):
            if name is None:
                book = old[k][i] if i < len(old[k]) and old[k][i] in pool else pool[0]
                pool.remove(book)
                spots[k][i] = book
    state.columns = [spots[0], spots[1]]
    state.book_display = spots[2]
    state.book_aside = pool


def _take_book(pool: list[int], name: str, prefer: int) -> int:
    action = book_action(name)
    if prefer in pool and BOOKS[prefer].action == action:
        pool.remove(prefer)
        return prefer
    for book in sorted(pool, key=lambda b: (BOOKS[b].two_player, b)):
        if BOOKS[book].action == action:
            pool.remove(book)
            return book
    raise ConfigError(f"no {name} book left in play")


def _set_coins(state: MightyGnomesState, p: int, value: int) -> None:
    state.bank += state.coins[p] - value
    state.coins[p] = value


def _set_res(state: MightyGnomesState, p: int, value: Sequence[int]) -> None:
    for r in Res:
        state.supply[r] += state.res[p][r] - value[r]
        state.res[p][r] = value[r]
        if state.supply[r] < 0:
            raise ConfigError(f"not enough {r.name.lower()} in the supply")


def _set_gnomes(state: MightyGnomesState, p: int, names: Sequence[str]) -> None:
    for name in names:
        kind = int(GnomeType[name.upper()])
        if kind not in state.gnome_types:
            raise ConfigError(f"the {name} gnome is not in play")
        slot = state.gnome_types.index(kind)
        state.stack[slot] -= 1
        state.gnomes[p].append(kind)
        state.gnome_used[p].append(False)
        if kind == GnomeType.DRUID:
            state.druid_tiles[p] += 1


def _take_chests(state: MightyGnomesState, names: Sequence[str]) -> list[int]:
    kinds = []
    for name in names:
        kind = chest_kind(name)
        if kind in state.chest_bag:
            state.chest_bag.remove(kind)
        elif kind in state.chest_display:
            state.chest_display[state.chest_display.index(kind)] = _replacement(state)
        else:
            raise ConfigError(f"no {name} chest left in the bag")
        kinds.append(kind)
    return kinds


def _replacement(state: MightyGnomesState) -> int:
    return state.chest_bag.pop(0)


def _set_closed(state: MightyGnomesState, p: int, names: Sequence[str]) -> None:
    state.closed[p] = sorted(state.closed[p] + _take_chests(state, names))


def _set_opened(state: MightyGnomesState, p: int, names: Sequence[str]) -> None:
    state.opened[p] = sorted(state.opened[p] + _take_chests(state, names))


def _set_used(state: MightyGnomesState, p: int, tiles: Sequence[int]) -> None:
    state.used_tiles[p] = sum(1 << t for t in tiles)


def _set_bedroom(state: MightyGnomesState, p: int, tile: int) -> None:
    state.bedroom[p] = tile
    state.must_first[p] = tile != NO_TILE


_SEAT_SETTERS = {
    "coins": _set_coins,
    "vp": lambda s, p, v: s.vp.__setitem__(p, v),
    "keys": lambda s, p, v: s.keys.__setitem__(p, v),
    "res": _set_res,
    "gnomes": _set_gnomes,
    "closed": _set_closed,
    "opened": _set_opened,
    "used_tiles": _set_used,
    "bedroom": _set_bedroom,
}


def _druid_owner_turn(state: MightyGnomesState) -> None:
    """A Druid tile on the board was laid in a Druid turn of some owner (first seat with one left)."""
    for p in range(state.game.num_players):
        if state.druid_used[p] < state.druid_tiles[p]:
            state.druid_used[p] += 1
            return
    raise ConfigError("a Druid tile on the board needs a seat owning the Druid gnome with a Druid turn left")


def place_forest_tile(state: MightyGnomesState, owner: int | str, tile: int, anchor: int, orientation: int) -> None:
    """Lay a tile on the forest with no payment and no gathering (a position already reached)."""
    seat = NEUTRAL if owner == DRUID else int(owner)
    if seat == NEUTRAL:
        _druid_owner_turn(state)
    n = state.game.num_players
    pl = FOREST_BY_SLOT[n][tile_shape(tile)].get(anchor * MAX_ORIENTATIONS + orientation)
    if pl is None or pl.mask & state.forest_occ:
        raise ConfigError(f"tile {tile} does not fit at forest cell {anchor} orientation {orientation}")
    for cell in pl.cells:
        state.forest_owner[cell] = seat
        state.forest_tile[cell] = tile
    state.forest_tiles.append((seat, pl.mask))
    state.forest_occ |= pl.mask


def place_attic_tile(state: MightyGnomesState, owner: int | str, tile: int, side: int, orientation: int,
                     offset: int) -> None:
    """Lay a tile on a ladder under the no-gap rule, with no payment and no books."""
    ladder = LADDER_SIDES[side][0]
    seat = NEUTRAL if owner == DRUID else owner_of(int(owner), tile)
    if seat == NEUTRAL:
        _druid_owner_turn(state)
    fit = ATTIC_FIT_BY_SLOT[tile_shape(tile)].get(orientation * LADDER_WIDTH + offset)
    heights = state.ladder_height[ladder]
    row = fit_row(heights, fit, LADDERS[ladder].height) if fit is not None else -1
    if row < 0 or not ladder_in_play(state, ladder):
        raise ConfigError(f"tile {tile} does not fit on ladder side {side} ({orientation}, {offset})")
    for dr, c in fit.cells:
        state.ladder_cells[ladder][(row + dr) * LADDER_WIDTH + c] = seat
        heights[c] = max(heights[c], row + dr + 1)
    if row + fit.height == LADDERS[ladder].height:
        state.ladder_closed[ladder] = True


def _trail(state: MightyGnomesState, trail: dict[int, int] | None) -> None:
    for p, space in (trail or {}).items():
        state.trail[p] = space
        state.stamp[p] = state.next_stamp()


def _chest_display(state: MightyGnomesState, kinds: Sequence[str] | None) -> None:
    if kinds is None:
        return
    if len(kinds) != CHEST_DISPLAY_SIZE:
        raise ConfigError(f"the trail shows {CHEST_DISPLAY_SIZE} open chests")
    for kind in state.chest_display:
        if kind >= 0:
            state.chest_bag.append(kind)
    state.chest_bag.sort()
    state.chest_display = [-1] * CHEST_DISPLAY_SIZE
    state.chest_display = _take_chests(state, kinds)


def _queue_round(state: MightyGnomesState, turn_player: int, turn_index: int) -> None:
    if not 0 <= turn_index < TURNS_PER_ROUND:
        raise ConfigError(f"turn_index must be 0-{TURNS_PER_ROUND - 1}")
    order = seats_from(state, state.first_player)
    start = turn_index * len(order) + order.index(turn_player)
    turns = [(Task.TURN, p) for _ in range(TURNS_PER_ROUND) for p in order][start:]
    push(state, *turns, (Task.DRUID_ROUND,), (Task.BEDROOM,), (Task.RESOLVE_TRAIL,), (Task.END_ROUND,))
