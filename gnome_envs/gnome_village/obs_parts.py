"""The cached parts of the Gnome Village observation that do not depend on the observer.

The state keeps them (stack features, a player row per seat, tile features and gnome markers
per village, the markers as seat 0 sees them) and replaces a cached object when what it shows
changes, never edits one: clones share them, and an observer's buffer
(``observation.SeatView``) tells a changed part by its identity.
"""

from __future__ import annotations

from operator import mul

import numpy as np

from gnome_envs.gnome_village import gnome_moves
from gnome_envs.gnome_village.components import (
    BUSINESS_TILES,
    CODE_FEATURES,
    DISPLAY_SLOTS,
    FOREST_CARDS,
    GNOMES_PER_COLOUR,
    HOUSE_LIMIT,
    NUM_BUSINESS_TILES,
    NUM_CELLS,
    NUM_FOREST_CARDS,
    NUM_ROAD_TILES,
    NUM_WORKSHOP_TYPES,
    POINTS_PER_COIN,
    POINTS_PER_HAT_WITH_HAPPY_GNOME,
    POINTS_PER_LIT_HOUSE,
    POINTS_PER_RESTAURANT,
    POINTS_PER_WORKSHOP,
    PRODUCTS_PER_TYPE,
    ROAD_SHAPES,
    TOTAL_COINS,
    WORKSHOPS_PER_TYPE_BY_PLAYERS,
    BusinessIcon,
)
from gnome_envs.gnome_village.state import GnomeStatus, GnomeVillageState

FOREST_DESIGNS = tuple(dict.fromkeys(FOREST_CARDS))
DESIGN_OF_CARD = tuple(FOREST_DESIGNS.index(card) for card in FOREST_CARDS)
DESIGN_ARRAY = np.array(DESIGN_OF_CARD)
DESIGN_CEILING = np.bincount(DESIGN_OF_CARD, minlength=len(FOREST_DESIGNS)).astype(np.float32) + 1
SHAPE_CEILING = np.array([s.count for s in ROAD_SHAPES], dtype=np.float32) + 1
# the ceilings as Python floats: a count divided by one equals numpy's float64 quotient
DESIGN_DIVISOR = tuple(float(c) for c in DESIGN_CEILING)
SHAPE_DIVISOR = tuple(float(c) for c in SHAPE_CEILING)
CARDS_OF_DESIGN = tuple(tuple(c for c, d in enumerate(DESIGN_OF_CARD) if d == design)
                        for design in range(len(FOREST_DESIGNS)))
COIN_CEILING = TOTAL_COINS + 1  # a seat, the bank or a turn's spending holds at most the 72 coins
MAX_WORKSHOPS_PER_TYPE = max(WORKSHOPS_PER_TYPE_BY_PLAYERS.values())
NUM_RESTAURANT_TILES = sum(t.icon == BusinessIcon.RESTAURANT for t in BUSINESS_TILES)
NUM_HAT_TILES = sum(t.icon == BusinessIcon.HAT for t in BUSINESS_TILES)
# the most points one village can score (R12.2): every coin, every workshop of the largest game,
# five lit houses, every restaurant and hat; the score is divided by one more
MAX_SCORE = (TOTAL_COINS * POINTS_PER_COIN + NUM_WORKSHOP_TYPES * MAX_WORKSHOPS_PER_TYPE * POINTS_PER_WORKSHOP
             + HOUSE_LIMIT * POINTS_PER_LIT_HOUSE + NUM_RESTAURANT_TILES * POINTS_PER_RESTAURANT
             + NUM_HAT_TILES * POINTS_PER_HAT_WITH_HAPPY_GNOME)
SETUP_PIECES = 3
# divisor of each player feature, in player_counts order: a ceiling above its largest value
PLAYER_DIVISORS = (
    COIN_CEILING,  # coins
    *(PRODUCTS_PER_TYPE + 1,) * NUM_WORKSHOP_TYPES,  # products per type
    GNOMES_PER_COLOUR + 1,  # gnomes placed
    HOUSE_LIMIT + 1, HOUSE_LIMIT + 1,  # houses, lit houses
    *(MAX_WORKSHOPS_PER_TYPE + 1,) * (2 * NUM_WORKSHOP_TYPES),  # workshops, active workshops per type
    NUM_BUSINESS_TILES + 1, NUM_RESTAURANT_TILES + 1, NUM_HAT_TILES + 1,  # businesses, restaurants, hats
    1, 1,  # protected, gap to refill (flags)
    MAX_SCORE + 1, NUM_CELLS + 1, 1,  # score, tiles, advisor active
    SETUP_PIECES + 1, SETUP_PIECES + 1, SETUP_PIECES + 1,  # starting tiles left
    COIN_CEILING,  # coins spent this turn
)
PLAYER_SCALE = 1.0 / np.array(PLAYER_DIVISORS, dtype=np.float32)
PLAYER_STATIC_FEATURES = 23  # the entries before "advisor active" (cached per seat by the state)
PLAYER_STATIC_SCALE = tuple(float(scale) for scale in PLAYER_SCALE[:PLAYER_STATIC_FEATURES])
COINS_ENTRY, PRODUCTS_ENTRY, SCORE_ENTRY = 0, 1, 21  # positions in player_counts
# village_gnomes columns of a cell after the 3 n per-seat ones (presence, home, used last turn)
STATUS_COLUMN = {int(GnomeStatus.RESTING): 0, int(GnomeStatus.CHAPEL): 1, int(GnomeStatus.PRISON): 1,
                 int(GnomeStatus.ABROAD): 2}
GUARD_COLUMN, MOVED_COLUMN, HOLE_COLUMN, SKIP_EARN_COLUMN, USED_NOW_COLUMN = 3, 4, 5, 6, 7
DYNAMIC_CELL_FEATURES = 8
PER_SEAT_CELL_GROUPS = 3  # gnome of each seat, that gnome's home, business used by each seat
HOME_CEILING = NUM_CELLS + 1  # a home house is written as (cell + 1) / HOME_CEILING
HOME_VALUE = tuple((cell + 1) / HOME_CEILING for cell in range(NUM_CELLS))


def village_tile_features(grid: list[int]) -> np.ndarray:
    """Flat tile features of a village (cached by the state until the village changes)."""
    return CODE_FEATURES[grid].ravel()


def forest_features(state: GnomeVillageState) -> np.ndarray:
    """Forest deck: cards left, then copies left per design."""
    forest = np.zeros(1 + len(FOREST_DESIGNS), dtype=np.float32)
    forest[0] = len(state.forest_deck) / (NUM_FOREST_CARDS + 1)
    if state.forest_deck:
        forest[1:] = np.bincount(DESIGN_ARRAY[state.forest_deck], minlength=len(FOREST_DESIGNS)) / DESIGN_CEILING
    return forest


def road_features(state: GnomeVillageState) -> np.ndarray:
    """Road stack: tiles left, then tiles left per shape."""
    roads = np.zeros(1 + len(ROAD_SHAPES), dtype=np.float32)
    roads[0] = len(state.road_stack) / (NUM_ROAD_TILES + 1)
    if state.road_stack:
        roads[1:] = np.bincount(state.road_stack, minlength=len(ROAD_SHAPES)) / SHAPE_CEILING
    return roads


def business_features(state: GnomeVillageState) -> np.ndarray:
    """Business stack (tiles left, each tile still face down) and the display."""
    out = np.zeros(1 + NUM_BUSINESS_TILES + DISPLAY_SLOTS * NUM_BUSINESS_TILES, dtype=np.float32)
    out[0] = len(state.business_stack) / (NUM_BUSINESS_TILES + 1)
    ones = [1 + t for t in state.business_stack]
    ones += [1 + NUM_BUSINESS_TILES + slot * NUM_BUSINESS_TILES + t for slot, t in enumerate(state.display) if t >= 0]
    out[ones] = 1
    return out


def forest_after_draw(state: GnomeVillageState, features: np.ndarray, card_id: int) -> np.ndarray:
    """The forest features once ``card_id`` left the deck (a new array: the old one is shared)."""
    out = features.copy()
    deck = state.forest_deck
    out[0] = len(deck) / (NUM_FOREST_CARDS + 1)
    design = DESIGN_OF_CARD[card_id]
    out[1 + design] = sum(map(deck.count, CARDS_OF_DESIGN[design])) / DESIGN_DIVISOR[design]
    return out


def roads_after_change(state: GnomeVillageState, features: np.ndarray, shape: int) -> np.ndarray:
    """The road features once a tile of ``shape`` left or joined the stack (a new array)."""
    out = features.copy()
    stack = state.road_stack
    out[0] = len(stack) / (NUM_ROAD_TILES + 1)
    out[1 + shape] = stack.count(shape) / SHAPE_DIVISOR[shape]
    return out


def businesses_after_draw(state: GnomeVillageState, features: np.ndarray, drawn: int, slot: int = -1,
                          shown_before: int = -1) -> np.ndarray:
    """The business features once tile ``drawn`` (-1: none) left the stack, and display
    ``slot`` (-1: none) changed from ``shown_before`` to what it shows now (a new array)."""
    out = features.copy()
    out[0] = len(state.business_stack) / (NUM_BUSINESS_TILES + 1)
    if drawn >= 0:
        out[1 + drawn] = 0.0
    if slot >= 0:
        base = 1 + NUM_BUSINESS_TILES + slot * NUM_BUSINESS_TILES
        if shown_before >= 0:
            out[base + shown_before] = 0.0
        shown = state.display[slot]
        if shown >= 0:
            out[base + shown] = 1.0
    return out


def gnome_cell_width(n: int) -> int:
    """village_gnomes entries per cell for ``n`` players."""
    return PER_SEAT_CELL_GROUPS * n + DYNAMIC_CELL_FEATURES


def village_gnome_marks(state: GnomeVillageState, v: int) -> tuple[np.ndarray, np.ndarray]:
    """Gnome, home, used-tile and gap markers of village ``v`` as seat 0 sees them: offsets
    inside the village_gnomes segment (intp) and their values (float32: 1.0, or the home
    house's value). Cached by the state until ``gnomes_changed(v)``; each observer writes a
    village's markers again only when that village's cached pair was replaced."""
    n = state.game.num_players
    width = gnome_cell_width(n)
    block = v * NUM_CELLS * width
    flags = PER_SEAT_CELL_GROUPS * n
    per_colour = state.gnomes_per_colour
    moved = state.moved_mask
    g_cell, g_status, g_guard, g_skip, g_home = (state.g_cell, state.g_status, state.g_guard, state.g_skip_earn,
                                                 state.g_home)
    ones: list[int] = []
    homes: list[int] = []
    home_values: list[float] = []
    i = -1
    g_village = state.g_village
    for _ in range(g_village.count(v)):
        i = g_village.index(v, i + 1)
        offset = block + g_cell[i] * width
        colour = i // per_colour
        ones.append(offset + colour)
        homes.append(offset + n + colour)
        home_values.append(HOME_VALUE[g_home[i]])
        status, guard, skip, was_moved = g_status[i], g_guard[i], g_skip[i], moved >> i & 1
        if status or guard or skip or was_moved:
            offset += flags
            if status:
                ones.append(offset + STATUS_COLUMN[status])
            if guard:
                ones.append(offset + GUARD_COLUMN)
            if was_moved:
                ones.append(offset + MOVED_COLUMN)
            if skip:
                ones.append(offset + SKIP_EARN_COLUMN)
    ones += _used_and_gap_marks(state, v, width, block)
    home_values += [1.0] * len(ones)
    return np.array(homes + ones, dtype=np.intp), np.array(home_values, dtype=np.float32)


def _used_and_gap_marks(state: GnomeVillageState, v: int, width: int, block: int) -> list[int]:
    """Offsets (seat 0's view; ``block``: where village ``v``'s cells start) of the businesses
    in village ``v`` used last turn by each seat and this turn by the turn player, and of its
    gaps."""
    n = state.game.num_players
    flags = block + PER_SEAT_CELL_GROUPS * n  # first status column of the village's cell 0
    where = state.business_cell_table()
    ones: list[int] = []
    for column, used in zip(range(2 * n, 3 * n), state.used_last):
        for tile_id in used:
            village, cell = where[tile_id]
            if village == v:
                ones.append(block + column + cell * width)
    for tile_id in state.used_now:
        village, cell = where[tile_id]
        if village == v:
            ones.append(flags + USED_NOW_COLUMN + cell * width)
    holes = state.holes[v]
    if holes:
        first = flags + HOLE_COLUMN
        ones += [first + cell * width for cell in holes]
    return ones


STACK_PARTS = (forest_features, road_features, business_features)  # in observation order
# per part, the update of its cached features after a draw (state.draw_forest_card and the like)
STACK_RECOUNTS = (forest_after_draw, roads_after_change, businesses_after_draw)
STACK_PART_SIZES = (1 + len(FOREST_DESIGNS), 1 + len(ROAD_SHAPES), 1 + NUM_BUSINESS_TILES + DISPLAY_SLOTS * NUM_BUSINESS_TILES)


def player_counts(state: GnomeVillageState, p: int) -> list[float]:
    """Scaled features of seat ``p`` that do not depend on whose turn it is (the cached part).

    Every count is a small integer, so its product with a float32 scale is exact in a Python
    float and rounds to the same float32 as numpy's float32 product."""
    v = state.summary(p)
    raw = (
        state.coins[p], *state.products[p], gnome_moves.placed_gnomes(state, p), v.houses, v.lit_houses,
        *v.workshops, *v.active_workshops, v.businesses, v.restaurants, v.hats,
        gnome_moves.protected(state, p), bool(state.holes[p]), state.score_of(p), v.tiles,
    )
    return list(map(mul, raw, PLAYER_STATIC_SCALE))


def refresh_coins(state: GnomeVillageState, p: int) -> None:
    """Seat ``p``'s coins changed: rewrite the coin and score entries of its cached row (a
    copy: clones share the cached list) instead of forgetting the whole row."""
    row = state._player_rows[p]
    if row is not None:
        row = row[:]
        row[COINS_ENTRY] = state.coins[p] * PLAYER_STATIC_SCALE[COINS_ENTRY]
        row[SCORE_ENTRY] = state.score_of(p) * PLAYER_STATIC_SCALE[SCORE_ENTRY]
        state._player_rows[p] = row


def refresh_product(state: GnomeVillageState, p: int, kind: int) -> None:
    """Seat ``p``'s product tokens of ``kind`` changed: rewrite that entry of its cached row."""
    row = state._player_rows[p]
    if row is not None:
        row = row[:]
        row[PRODUCTS_ENTRY + kind] = state.products[p][kind] * PLAYER_STATIC_SCALE[PRODUCTS_ENTRY + kind]
        state._player_rows[p] = row


__all__ = [
    "COIN_CEILING",
    "DESIGN_OF_CARD",
    "FOREST_DESIGNS",
    "PLAYER_SCALE",
    "PLAYER_STATIC_FEATURES",
    "STACK_PARTS",
    "STACK_RECOUNTS",
    "STACK_PART_SIZES",
    "business_features",
    "businesses_after_draw",
    "forest_after_draw",
    "forest_features",
    "gnome_cell_width",
    "player_counts",
    "refresh_coins",
    "refresh_product",
    "road_features",
    "roads_after_change",
    "village_gnome_marks",
    "village_tile_features",
]
