"""Observation vector of Gnome Village.

Everything on the table is public except the order of the three face-down stacks (forest
deck, road stack, business stack); their remaining contents are public (they follow from
what has been seen) and are encoded as counts. Seats are relative: block ``r`` describes the
player ``r`` seats clockwise from the observer (``r = 0`` is the observer). All values lie
in [0, 1].

=================  =========================  =================================================
segment            size                       content
=================  =========================  =================================================
decision           23                         one-hot kind of the pending decision
decider            n                          relative seat deciding now
turn_player        n                          relative seat whose turn it is
hand_tile          66                         one-hot tile code being placed (0: none)
requirement        4 + 4                      workshop type being paid; types still to pay
selected_cell      49                         gnome being moved / tile being rearranged
activate           4 + 1                      icons of the pending Activate; optional flag
product            4                          product type being sold or given
target             n                          relative seat chosen as Thief target
architect_left     1                          relocations left / 3
revealed_card      11                         last forest card: kind 5, icons 4, coins/3, all
progress           3                          turn/200, end triggered, setup running
bank               1                          coins left in the bank / 72 (0 once substitutes are in use)
supply             9                          houses, 4 workshop stacks, 4 product stacks
forest_deck        1 + 19                     cards left / 45; per card design, share left
road_stack         1 + 8                      tiles left / 45; per shape, share left
business_stack     1 + 23                     tiles left / 23; per tile, still face down
display            2 x 23                     face-up businesses
happy_gnome        n + 1                      holder (relative seat) or nobody
players            n x 28                     per seat: coins, products, gnomes, houses, lit,
                                              workshops and active ones per type, businesses,
                                              restaurants, hats, protected, hole, score,
                                              tiles, advisor, starting tiles left, coins spent this turn
village_tiles      n x 49 x 35                per village, per cell: tile features
                                              (components.TILE_FEATURES)
village_gnomes     n x 49 x (n + 7)           per village, per cell: gnome of each relative
                                              seat, resting, held, visiting, guarding, moved
                                              this phase, used by its owner last turn, hole
=================  =========================  =================================================
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gnome_envs.core.engine import LayoutBuilder, Segment
from gnome_envs.gnome_village import gnome_moves
from gnome_envs.gnome_village.components import (
    CODE_BUSINESS_BASE,
    CODE_FEATURES,
    DISPLAY_SLOTS,
    FOREST_CARDS,
    GNOMES_PER_COLOUR,
    HOUSE_LIMIT,
    NUM_BUSINESS_TILES,
    NUM_CELLS,
    NUM_CODES,
    NUM_FOREST_CARDS,
    NUM_FOREST_KINDS,
    NUM_ROAD_TILES,
    NUM_WORKSHOP_TYPES,
    PRODUCTS_PER_TYPE,
    ROAD_SHAPES,
    TILE_FEATURES,
    TOTAL_COINS,
    BusinessIcon,
    TileKind,
)
from gnome_envs.gnome_village.pending import NUM_DECISION_KINDS, DecisionKind
from gnome_envs.gnome_village.state import NOT_PLACED, GnomeStatus, GnomeVillageState

FOREST_DESIGNS = tuple(dict.fromkeys(FOREST_CARDS))
DESIGN_OF_CARD = tuple(FOREST_DESIGNS.index(card) for card in FOREST_CARDS)
DESIGN_ARRAY = np.array(DESIGN_OF_CARD)
DESIGN_TOTAL = np.bincount(DESIGN_OF_CARD, minlength=len(FOREST_DESIGNS)).astype(np.float32)
SHAPE_TOTAL = np.array([s.count for s in ROAD_SHAPES], dtype=np.float32)
CARD_FEATURES = 11
MAX_FOREST_COINS = 3
TURN_SCALE = 200.0
SCORE_SCALE = 100.0
ARCHITECT_SCALE = 3.0
PLAYER_FEATURES = 28
DYNAMIC_CELL_FEATURES = 7  # resting, held, visiting, guarding, moved, used last turn, hole
VILLAGE_TILE_FEATURES = NUM_CELLS * TILE_FEATURES
STACK_FEATURES = (1 + len(FOREST_DESIGNS)) + (1 + len(ROAD_SHAPES)) + (1 + NUM_BUSINESS_TILES) + DISPLAY_SLOTS * NUM_BUSINESS_TILES
STATUS_COLUMN = {GnomeStatus.RESTING: 0, GnomeStatus.CHAPEL: 1, GnomeStatus.PRISON: 1, GnomeStatus.ABROAD: 2}
GUARD_COLUMN, MOVED_COLUMN, USED_COLUMN, HOLE_COLUMN = 3, 4, 5, 6
MAX_WORKSHOPS_PER_TYPE = 5
SETUP_PIECES = 3
# divisor of each player feature, in _player order (score is clipped at 1)
PLAYER_DIVISORS = (
    TOTAL_COINS,  # coins
    *(PRODUCTS_PER_TYPE,) * NUM_WORKSHOP_TYPES,  # products per type
    GNOMES_PER_COLOUR,  # gnomes placed
    HOUSE_LIMIT, HOUSE_LIMIT,  # houses, lit houses
    *(MAX_WORKSHOPS_PER_TYPE,) * (2 * NUM_WORKSHOP_TYPES),  # workshops, active workshops per type
    NUM_BUSINESS_TILES, NUM_BUSINESS_TILES, NUM_BUSINESS_TILES,  # businesses, restaurants, hats
    1, 1,  # protected, gap to refill
    SCORE_SCALE, NUM_CELLS, 1,  # score, tiles, advisor active
    SETUP_PIECES, SETUP_PIECES, SETUP_PIECES,  # starting tiles left
    TOTAL_COINS,  # coins spent this turn
)
PLAYER_SCALE = 1.0 / np.array(PLAYER_DIVISORS, dtype=np.float32)
PLAYER_STATIC_FEATURES = 23  # the entries before "advisor active" (cached per seat by the state)
ICON_RESTAURANT, ICON_HAT = BusinessIcon.RESTAURANT, BusinessIcon.HAT
WORKSHOP, BUSINESS = int(TileKind.WORKSHOP), int(TileKind.BUSINESS)


def _card_features(card_id: int) -> np.ndarray:
    row = np.zeros(CARD_FEATURES, dtype=np.float32)
    card = FOREST_CARDS[card_id]
    row[card.kind] = 1
    for icon in card.icons:
        row[NUM_FOREST_KINDS + icon] = 1
    row[NUM_FOREST_KINDS + NUM_WORKSHOP_TYPES] = card.coins / MAX_FOREST_COINS
    row[NUM_FOREST_KINDS + NUM_WORKSHOP_TYPES + 1] = card.all_players
    return row


CARD_ROWS = np.stack([_card_features(c) for c in range(NUM_FOREST_CARDS)])


@dataclass(frozen=True)
class ObservationLayout:
    """Segments of the observation vector for one player count."""

    num_players: int
    segments: tuple[Segment, ...]
    size: int
    cell_features: int
    at: dict[str, int]  # segment name -> start offset

    def __getitem__(self, name: str) -> Segment:
        return self.segments[[s.name for s in self.segments].index(name)]


def build_layout(n: int) -> ObservationLayout:
    """The observation layout for ``n`` players."""
    b = LayoutBuilder()
    cell_features = n + DYNAMIC_CELL_FEATURES
    for name, size in (
        ("decision", NUM_DECISION_KINDS), ("decider", n), ("turn_player", n),
        ("hand_tile", NUM_CODES), ("requirement", 2 * NUM_WORKSHOP_TYPES), ("selected_cell", NUM_CELLS),
        ("activate", NUM_WORKSHOP_TYPES + 1), ("product", NUM_WORKSHOP_TYPES), ("target", n),
        ("architect_left", 1), ("revealed_card", CARD_FEATURES), ("progress", 3), ("bank", 1),
        ("supply", 1 + 2 * NUM_WORKSHOP_TYPES), ("forest_deck", 1 + len(FOREST_DESIGNS)),
        ("road_stack", 1 + len(ROAD_SHAPES)), ("business_stack", 1 + NUM_BUSINESS_TILES),
        ("display", DISPLAY_SLOTS * NUM_BUSINESS_TILES), ("happy_gnome", n + 1),
        ("players", n * PLAYER_FEATURES), ("village_tiles", n * VILLAGE_TILE_FEATURES),
        ("village_gnomes", n * NUM_CELLS * cell_features),
    ):
        b.add(name, size)
    segments = b.build()
    return ObservationLayout(n, segments, b.size, cell_features, {s.name: s.start for s in segments})


LAYOUTS = {n: build_layout(n) for n in (2, 3, 4)}
STATE_EXTRA = len(FOREST_DESIGNS) + len(ROAD_SHAPES) + NUM_BUSINESS_TILES


def village_tile_features(grid: list[int]) -> np.ndarray:
    """Flat tile features of a village (cached by the state until the village changes)."""
    return CODE_FEATURES[grid].ravel()


def observe(state: GnomeVillageState, seat: int) -> np.ndarray:
    """Observation vector of ``seat``."""
    n = state.game.num_players
    layout = LAYOUTS[n]
    at = layout.at
    obs = np.zeros(layout.size, dtype=np.float32)
    ones: list[int] = []
    _decision(state, seat, obs, at, ones)
    _table(state, seat, obs, at, ones)
    order = [(seat + r) % n for r in range(n)]
    start = at["players"]
    for r, p in enumerate(order):
        row = start + r * PLAYER_FEATURES
        obs[row:row + PLAYER_STATIC_FEATURES] = state.player_row(p)
        obs[row + PLAYER_STATIC_FEATURES:row + PLAYER_FEATURES] = _player_turn_part(state, p)
    start = at["village_tiles"]
    for r, v in enumerate(order):
        obs[start + r * VILLAGE_TILE_FEATURES:start + (r + 1) * VILLAGE_TILE_FEATURES] = state.tile_features(v)
    _gnomes(state, seat, at["village_gnomes"], layout.cell_features, ones)
    obs[ones] = 1.0
    return obs


def _rel(state: GnomeVillageState, seat: int, other: int) -> int:
    return (other - seat) % state.game.num_players


def _decision(state: GnomeVillageState, seat: int, obs: np.ndarray, at: dict[str, int], ones: list[int]) -> None:
    d = state.pending
    ones.append(at["turn_player"] + _rel(state, seat, state.turn_player))
    if d is None:
        return
    kind = d.kind
    ones += [at["decision"] + kind, at["decider"] + _rel(state, seat, d.player), at["hand_tile"] + state.hand]
    if kind == DecisionKind.SOURCE:
        ones.append(at["requirement"] + d.data[0])
        ones += [at["requirement"] + NUM_WORKSHOP_TYPES + later for later in d.data[1]]
    elif kind == DecisionKind.MOVE_DEST:
        ones.append(at["selected_cell"] + state.g_cell[d.data[0]])
    elif kind == DecisionKind.ARCHITECT_PLACE:
        ones.append(at["selected_cell"] + d.data[0])
        obs[at["architect_left"]] = d.data[1] / ARCHITECT_SCALE
    elif kind == DecisionKind.ARCHITECT_PICK:
        obs[at["architect_left"]] = d.data[0] / ARCHITECT_SCALE
    elif kind == DecisionKind.ACTIVATE:
        ones += [at["activate"] + icon for icon in FOREST_CARDS[d.data[0]].icons]
        obs[at["activate"] + NUM_WORKSHOP_TYPES] = d.data[1]
    elif kind in (DecisionKind.COURIER_BUYER, DecisionKind.DOCTOR_RECEIVER):
        ones.append(at["product"] + d.data[0])
    elif kind == DecisionKind.THIEF_AMOUNT:
        ones.append(at["target"] + _rel(state, seat, d.data[0]))


def _table(state: GnomeVillageState, seat: int, obs: np.ndarray, at: dict[str, int], ones: list[int]) -> None:
    n = state.game.num_players
    if state.revealed >= 0:
        s = at["revealed_card"]
        obs[s:s + CARD_FEATURES] = CARD_ROWS[state.revealed]
    per_type = state.game.workshops_per_type
    s = at["progress"]
    obs[s:at["forest_deck"]] = [  # progress, bank, supply
        min(state.turn_number / TURN_SCALE, 1.0), state.end_triggered, state.turn_number == 0,
        max(state.bank, 0) / TOTAL_COINS, state.house_supply / state.game.houses_total,
        *(x / per_type for x in state.workshop_supply),
        *(x / PRODUCTS_PER_TYPE for x in state.product_supply),
    ]
    s = at["forest_deck"]
    obs[s:s + STACK_FEATURES] = state.stack_features()
    ones.append(at["happy_gnome"] + (n if state.happy < 0 else _rel(state, seat, state.happy)))


def stack_features(state: GnomeVillageState) -> np.ndarray:
    """Forest, road and business stacks (size and remaining contents) and the display."""
    forest = np.zeros(1 + len(FOREST_DESIGNS), dtype=np.float32)
    forest[0] = len(state.forest_deck) / NUM_FOREST_CARDS
    if state.forest_deck:
        forest[1:] = np.bincount(DESIGN_ARRAY[state.forest_deck], minlength=len(FOREST_DESIGNS)) / DESIGN_TOTAL
    roads = np.zeros(1 + len(ROAD_SHAPES), dtype=np.float32)
    roads[0] = len(state.road_stack) / NUM_ROAD_TILES
    if state.road_stack:
        roads[1:] = np.bincount(state.road_stack, minlength=len(ROAD_SHAPES)) / SHAPE_TOTAL
    businesses = np.zeros(1 + NUM_BUSINESS_TILES, dtype=np.float32)
    businesses[0] = len(state.business_stack) / NUM_BUSINESS_TILES
    businesses[[1 + t for t in state.business_stack]] = 1
    display = np.zeros(DISPLAY_SLOTS * NUM_BUSINESS_TILES, dtype=np.float32)
    display[[slot * NUM_BUSINESS_TILES + t for slot, t in enumerate(state.display) if t >= 0]] = 1
    return np.concatenate([forest, roads, businesses, display])


def player_counts(state: GnomeVillageState, p: int) -> np.ndarray:
    """Scaled features of seat ``p`` that do not depend on whose turn it is (the cached part)."""
    v = state.summary(p)
    raw = [
        state.coins[p], *state.products[p], gnome_moves.placed_gnomes(state, p), v.houses, v.lit_houses,
        *v.workshops, *v.active_workshops, v.businesses, v.restaurants, v.hats,
        gnome_moves.protected(state, p), bool(state.holes[p]), state.score_of(p), v.tiles,
    ]
    return np.minimum(np.array(raw, dtype=np.float32) * PLAYER_SCALE[:PLAYER_STATIC_FEATURES], 1.0)


def _player_turn_part(state: GnomeVillageState, p: int) -> list[float]:
    """Scaled features of seat ``p`` tied to the current turn: advisor, starting tiles, spending."""
    scale = PLAYER_SCALE
    s = PLAYER_STATIC_FEATURES
    hand = state.setup_hand[p]
    if state.turn_player != p:
        return [0.0, hand[0] * scale[s + 1], hand[1] * scale[s + 2], hand[2] * scale[s + 3], 0.0]
    spent = min(state.spent_this_turn * scale[s + 4], 1.0)
    return [float(state.advisor_active), hand[0] * scale[s + 1], hand[1] * scale[s + 2],
            hand[2] * scale[s + 3], spent]


def _gnomes(state: GnomeVillageState, seat: int, base: int, width: int, ones: list[int]) -> None:
    """Gnome, used-tile and hole markers of every village (block r = r seats from ``seat``)."""
    n = state.game.num_players
    block = NUM_CELLS * width
    per_colour = state.gnomes_per_colour
    moved = state.moved_mask
    for i, v in enumerate(state.g_village):
        if v == NOT_PLACED:
            continue
        row = base + (v - seat) % n * block + state.g_cell[i] * width
        ones.append(row + (i // per_colour - seat) % n)
        status = state.g_status[i]
        if status != GnomeStatus.FREE:
            ones.append(row + n + STATUS_COLUMN[status])
        if state.g_guard[i]:
            ones.append(row + n + GUARD_COLUMN)
        if moved >> i & 1:
            ones.append(row + n + MOVED_COLUMN)
    for v in range(n):
        flag = base + (v - seat) % n * block + n
        grid = state.grid[v]
        for tile_id in state.used_last[v]:
            code = CODE_BUSINESS_BASE + tile_id
            if code in grid:
                ones.append(flag + grid.index(code) * width + USED_COLUMN)
        ones += [flag + cell * width + HOLE_COLUMN for cell in state.holes[v]]


def full_state(state: GnomeVillageState) -> np.ndarray:
    """Seat 0's observation plus the top of each hidden stack (one-hot)."""
    extra = np.zeros(STATE_EXTRA, dtype=np.float32)
    if state.forest_deck:
        extra[DESIGN_OF_CARD[state.forest_deck[-1]]] = 1
    if state.road_stack:
        extra[len(FOREST_DESIGNS) + state.road_stack[-1]] = 1
    if state.business_stack:
        extra[len(FOREST_DESIGNS) + len(ROAD_SHAPES) + state.business_stack[-1]] = 1
    return np.concatenate([observe(state, 0), extra])


__all__ = ["LAYOUTS", "NOT_PLACED", "STATE_EXTRA", "build_layout", "full_state", "observe"]
