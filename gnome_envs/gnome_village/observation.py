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
bank               1                          coins in the bank / 72
supply             9                          houses, 4 workshop stacks, 4 product stacks
forest_deck        1 + 27                     cards left / 45; per card design, share left
road_stack         1 + 8                      tiles left / 45; per shape, share left
business_stack     1 + 23                     tiles left / 23; per tile, still face down
display            2 x 23                     face-up businesses
happy_gnome        n + 1                      holder (relative seat) or nobody
players            n x 28                     per seat: coins, products, gnomes, houses, lit,
                                              workshops and active ones per type, businesses,
                                              restaurants, hats, protected, hole, score,
                                              tiles, advisor, starting tiles left, coins spent this turn
villages           n x 49 x (35 + n + 7)      per cell: tile features (components.py),
                                              gnome of each relative seat, resting, held,
                                              visiting, guarding, moved this phase,
                                              used by its owner last turn, hole
=================  =========================  =================================================
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gnome_envs.core.engine import LayoutBuilder, Segment
from gnome_envs.gnome_village.components import (
    BUSINESS_TILES,
    CODE_BUSINESS_BASE,
    CODE_FEATURES,
    CODE_HOUSE_ON,
    CODE_KIND,
    CODE_SUB,
    CODE_WORKSHOP_BASE,
    DISPLAY_SLOTS,
    FOREST_CARDS,
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
DESIGN_TOTAL = np.bincount(DESIGN_OF_CARD, minlength=len(FOREST_DESIGNS)).astype(np.float32)
SHAPE_TOTAL = np.array([s.count for s in ROAD_SHAPES], dtype=np.float32)
CARD_FEATURES = 11
MAX_FOREST_COINS = 3
TURN_SCALE = 200.0
SCORE_SCALE = 100.0
ARCHITECT_SCALE = 3.0
PLAYER_FEATURES = 28
DYNAMIC_CELL_FEATURES = 7  # resting, held, visiting, guarding, moved, used last turn, hole
MAX_WORKSHOPS_PER_TYPE = 5
SETUP_PIECES = 3
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

    def __getitem__(self, name: str) -> Segment:
        for segment in self.segments:
            if segment.name == name:
                return segment
        raise KeyError(name)


def build_layout(n: int) -> ObservationLayout:
    """The observation layout for ``n`` players."""
    b = LayoutBuilder()
    for name, size in (
        ("decision", NUM_DECISION_KINDS), ("decider", n), ("turn_player", n),
        ("hand_tile", NUM_CODES), ("requirement", 2 * NUM_WORKSHOP_TYPES), ("selected_cell", NUM_CELLS),
        ("activate", NUM_WORKSHOP_TYPES + 1), ("product", NUM_WORKSHOP_TYPES), ("target", n),
        ("architect_left", 1), ("revealed_card", CARD_FEATURES), ("progress", 3), ("bank", 1),
        ("supply", 1 + 2 * NUM_WORKSHOP_TYPES), ("forest_deck", 1 + len(FOREST_DESIGNS)),
        ("road_stack", 1 + len(ROAD_SHAPES)), ("business_stack", 1 + NUM_BUSINESS_TILES),
        ("display", DISPLAY_SLOTS * NUM_BUSINESS_TILES), ("happy_gnome", n + 1),
        ("players", n * PLAYER_FEATURES),
    ):
        b.add(name, size)
    cell_features = TILE_FEATURES + n + DYNAMIC_CELL_FEATURES
    b.add("villages", n * NUM_CELLS * cell_features)
    return ObservationLayout(n, b.build(), b.size, cell_features)


LAYOUTS = {n: build_layout(n) for n in (2, 3, 4)}
STATE_EXTRA = len(FOREST_DESIGNS) + len(ROAD_SHAPES) + NUM_BUSINESS_TILES


def observe(state: GnomeVillageState, seat: int) -> np.ndarray:
    """Observation vector of ``seat``."""
    n = state.game.num_players
    layout = LAYOUTS[n]
    obs = np.zeros(layout.size, dtype=np.float32)
    _decision(state, seat, obs, layout)
    _table(state, seat, obs, layout)
    players = obs[layout["players"].start:layout["players"].stop].reshape(n, PLAYER_FEATURES)
    for r in range(n):
        _player(state, (seat + r) % n, players[r])
    villages = obs[layout["villages"].start:layout["villages"].stop].reshape(n, NUM_CELLS, layout.cell_features)
    for r in range(n):
        _village(state, seat, (seat + r) % n, villages[r])
    return obs


def _rel(state: GnomeVillageState, seat: int, other: int) -> int:
    return (other - seat) % state.game.num_players


def _decision(state: GnomeVillageState, seat: int, obs: np.ndarray, layout: ObservationLayout) -> None:
    d = state.pending
    obs[layout["turn_player"].start + _rel(state, seat, state.turn_player)] = 1
    if d is None:
        return
    obs[layout["decision"].start + d.kind] = 1
    obs[layout["decider"].start + _rel(state, seat, d.player)] = 1
    obs[layout["hand_tile"].start + state.hand] = 1
    kind = d.kind
    if kind == DecisionKind.SOURCE:
        obs[layout["requirement"].start + d.data[0]] = 1
        for later in d.data[1]:
            obs[layout["requirement"].start + NUM_WORKSHOP_TYPES + later] = 1
    elif kind == DecisionKind.MOVE_DEST:
        obs[layout["selected_cell"].start + state.g_cell[d.data[0]]] = 1
    elif kind == DecisionKind.ARCHITECT_PLACE:
        obs[layout["selected_cell"].start + d.data[0]] = 1
        obs[layout["architect_left"].start] = d.data[1] / ARCHITECT_SCALE
    elif kind == DecisionKind.ARCHITECT_PICK:
        obs[layout["architect_left"].start] = d.data[0] / ARCHITECT_SCALE
    elif kind == DecisionKind.ACTIVATE:
        for icon in FOREST_CARDS[d.data[0]].icons:
            obs[layout["activate"].start + icon] = 1
        obs[layout["activate"].start + NUM_WORKSHOP_TYPES] = d.data[1]
    elif kind in (DecisionKind.COURIER_BUYER, DecisionKind.DOCTOR_RECEIVER):
        obs[layout["product"].start + d.data[0]] = 1
    elif kind == DecisionKind.THIEF_AMOUNT:
        obs[layout["target"].start + _rel(state, seat, d.data[0])] = 1


def _table(state: GnomeVillageState, seat: int, obs: np.ndarray, layout: ObservationLayout) -> None:
    n = state.game.num_players
    if state.revealed >= 0:
        s = layout["revealed_card"]
        obs[s.start:s.stop] = CARD_ROWS[state.revealed]
    s = layout["progress"].start
    obs[s] = min(state.turn_number / TURN_SCALE, 1.0)
    obs[s + 1] = state.end_triggered
    obs[s + 2] = state.turn_number == 0
    obs[layout["bank"].start] = state.bank / TOTAL_COINS
    s = layout["supply"].start
    obs[s] = state.house_supply / state.game.houses_total
    per_type = state.game.workshops_per_type
    for k in range(NUM_WORKSHOP_TYPES):
        obs[s + 1 + k] = state.workshop_supply[k] / per_type
        obs[s + 1 + NUM_WORKSHOP_TYPES + k] = state.product_supply[k] / PRODUCTS_PER_TYPE
    s = layout["forest_deck"].start
    obs[s] = len(state.forest_deck) / NUM_FOREST_CARDS
    left = np.bincount([DESIGN_OF_CARD[c] for c in state.forest_deck], minlength=len(FOREST_DESIGNS))
    obs[s + 1:s + 1 + len(FOREST_DESIGNS)] = left / DESIGN_TOTAL
    s = layout["road_stack"].start
    obs[s] = len(state.road_stack) / NUM_ROAD_TILES
    obs[s + 1:s + 1 + len(ROAD_SHAPES)] = np.bincount(state.road_stack, minlength=len(ROAD_SHAPES)) / SHAPE_TOTAL
    s = layout["business_stack"].start
    obs[s] = len(state.business_stack) / NUM_BUSINESS_TILES
    for tile_id in state.business_stack:
        obs[s + 1 + tile_id] = 1
    s = layout["display"].start
    for slot, tile_id in enumerate(state.display):
        if tile_id >= 0:
            obs[s + slot * NUM_BUSINESS_TILES + tile_id] = 1
    s = layout["happy_gnome"].start
    obs[s + (n if state.happy < 0 else _rel(state, seat, state.happy))] = 1


def _player(state: GnomeVillageState, p: int, row: np.ndarray) -> None:
    grid = state.grid[p]
    row[0] = state.coins[p] / TOTAL_COINS
    row[1:5] = np.array(state.products[p]) / PRODUCTS_PER_TYPE
    row[5] = state.placed_gnomes(p) / state.gnomes_per_colour
    houses = lit = businesses = restaurants = hats = 0
    for code in grid:
        kind = CODE_KIND[code]
        if kind == WORKSHOP:
            w = code - CODE_WORKSHOP_BASE
            row[8 + w // 2] += 1 / MAX_WORKSHOPS_PER_TYPE
            row[12 + w // 2] += (w % 2) / MAX_WORKSHOPS_PER_TYPE
        elif kind == BUSINESS:
            businesses += 1
            icon = BUSINESS_TILES[CODE_SUB[code]].icon
            restaurants += icon == ICON_RESTAURANT
            hats += icon == ICON_HAT
        elif kind == TileKind.HOUSE:
            houses += 1
            lit += code == CODE_HOUSE_ON
    row[6] = houses / HOUSE_LIMIT
    row[7] = lit / HOUSE_LIMIT
    row[16] = businesses / NUM_BUSINESS_TILES
    row[17] = restaurants / NUM_BUSINESS_TILES
    row[18] = hats / NUM_BUSINESS_TILES
    row[19] = state.protected(p)
    row[20] = bool(state.holes[p])
    row[21] = min(state.score_of(p) / SCORE_SCALE, 1.0)
    row[22] = state.tile_count(p) / NUM_CELLS
    row[23] = state.advisor_active and state.turn_player == p
    row[24:24 + SETUP_PIECES] = np.array(state.setup_hand[p]) / SETUP_PIECES
    row[27] = min(state.spent_this_turn / TOTAL_COINS, 1.0) if state.turn_player == p else 0.0


def _village(state: GnomeVillageState, seat: int, v: int, block: np.ndarray) -> None:
    block[:, :TILE_FEATURES] = CODE_FEATURES[state.grid[v]]
    n = state.game.num_players
    dyn = TILE_FEATURES + n
    for i, gv in enumerate(state.g_village):
        if gv != v:
            continue
        cell = state.g_cell[i]
        block[cell, TILE_FEATURES + _rel(state, seat, state.owner(i))] = 1
        status = state.g_status[i]
        if status == GnomeStatus.RESTING:
            block[cell, dyn] = 1
        elif status in (GnomeStatus.CHAPEL, GnomeStatus.PRISON):
            block[cell, dyn + 1] = 1
        elif status == GnomeStatus.ABROAD:
            block[cell, dyn + 2] = 1
        if state.g_guard[i]:
            block[cell, dyn + 3] = 1
        if state.moved_mask >> i & 1:
            block[cell, dyn + 4] = 1
    grid = state.grid[v]
    for tile_id in state.used_last[v]:
        code = CODE_BUSINESS_BASE + tile_id
        if code in grid:
            block[grid.index(code), dyn + 5] = 1
    for cell in state.holes[v]:
        block[cell, dyn + 6] = 1


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
