"""Observation vector of Gnome Village.

Everything on the table is public except the order of the three face-down stacks (forest
deck, road stack, business stack); their remaining contents are public (they follow from
what has been seen) and are encoded as counts. Seats are relative: block ``r`` describes the
player ``r`` seats clockwise from the observer (``r = 0`` is the observer); the ``seat``
segment gives the observer's absolute seat. All values lie in [0, 1].

=================  =========================  =================================================
segment            size                       content
=================  =========================  =================================================
decision           24                         one-hot kind of the pending decision
decider            n                          relative seat deciding now
turn_player        n                          relative seat whose turn it is
seat               n                          the observer's own seat number (absolute, one-hot)
hand_tile          66                         one-hot tile code being placed (0: none)
requirement        4 + 4                      workshop type being paid; types still to pay
selected_cell      49                         gnome being moved / tile being rearranged
activate           4 + 1                      icons of the pending Activate; optional flag
product            4                          product type being sold or given
target             n                          relative seat chosen as Thief target
architect_left     1                          relocations left / 4
revealed_card      11                         last forest card: kind 5, icons 4, coins/4, all
progress           5                          turn / (turn + 50), end triggered, setup
                                              running, the bank ran dry (R12.4), turns still to
                                              play after this one once the end is triggered / n
bank               1                          coins left in the bank / 73
supply             9                          houses, 4 workshop stacks, 4 product stacks
                                              (each / its full size + 1)
forest_deck        1 + 19                     cards left / 46; per card design, copies left /
                                              (copies + 1)
road_stack         1 + 8                      tiles left / 46; per shape, tiles left / (count + 1)
business_stack     1 + 23                     tiles left / 24; per tile, still face down
display            2 x 23                     face-up businesses
happy_gnome        n + 1                      holder (relative seat) or nobody
prison_captor      n                          relative seat that collects an imprisoned gnome's
                                              fee (R13.2, O31)
players            n x 28                     per seat: coins, products, gnomes, houses, lit,
                                              workshops and active ones per type, businesses,
                                              restaurants, hats, protected, gap, score,
                                              tiles, advisor, starting tiles left, coins spent
                                              this turn (each amount / a ceiling above its
                                              largest possible value: nothing is clipped)
village_tiles      n x 49 x 35                per village, per cell: tile features
                                              (components.TILE_FEATURES)
village_gnomes     n x 49 x (3n + 8)          per village, per cell: gnome of each relative
                                              seat; that gnome's home house ((cell + 1) / 50,
                                              O12); business used on its previous turn by each
                                              relative seat (R8.5, Airport included); resting,
                                              held, visiting, guarding, moved this phase, gap,
                                              skips its next Earn (back from the Airport,
                                              R11.10), used this turn by the turn player
=================  =========================  =================================================

Amounts are divided by a ceiling above the largest value the rules allow (coins by 73: the
bank holds 72; the score by one more than the most points a village can hold), so no amount
reaches the Box bound 1.0; the turn number, which has no small bound, is squashed.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gnome_envs.core.engine import LayoutBuilder, Segment
from gnome_envs.gnome_village.components import (
    CODE_BUSINESS_BASE,
    DISPLAY_SLOTS,
    FOREST_CARDS,
    NUM_BUSINESS_TILES,
    NUM_CELLS,
    NUM_CODES,
    NUM_FOREST_CARDS,
    NUM_FOREST_KINDS,
    NUM_WORKSHOP_TYPES,
    PRODUCTS_PER_TYPE,
    ROAD_SHAPES,
    TILE_FEATURES,
    BusinessIcon,
    TileKind,
)
from gnome_envs.gnome_village.obs_parts import (
    COIN_CEILING,
    DESIGN_OF_CARD,
    FOREST_DESIGNS,
    PLAYER_SCALE,
    PLAYER_STATIC_FEATURES,
    STACK_PART_SIZES,
    STACK_PARTS,
)
from gnome_envs.gnome_village.pending import NUM_DECISION_KINDS, DecisionKind
from gnome_envs.gnome_village.state import NO_SEAT, NOT_PLACED, GnomeStatus, GnomeVillageState

CARD_FEATURES = 11
MAX_FOREST_COINS = 3
TURN_HALF = 50.0  # the turn number is squashed to turn / (turn + TURN_HALF), below 1 for any turn
ARCHITECT_CEILING = 4.0  # at most 3 relocations left
PROGRESS_FEATURES = 5
PLAYER_FEATURES = 28
VILLAGE_TILE_FEATURES = NUM_CELLS * TILE_FEATURES
# village_gnomes columns after the 3 n per-seat ones (presence, home, used last turn)
STATUS_COLUMN = {GnomeStatus.RESTING: 0, GnomeStatus.CHAPEL: 1, GnomeStatus.PRISON: 1, GnomeStatus.ABROAD: 2}
GUARD_COLUMN, MOVED_COLUMN, HOLE_COLUMN, SKIP_EARN_COLUMN, USED_NOW_COLUMN = 3, 4, 5, 6, 7
DYNAMIC_CELL_FEATURES = 8
HOME_CEILING = NUM_CELLS + 1  # a home house is written as (cell + 1) / HOME_CEILING
HOME_VALUE = tuple((cell + 1) / HOME_CEILING for cell in range(NUM_CELLS))
PRODUCT_SCALE = 1.0 / (PRODUCTS_PER_TYPE + 1)
ICON_RESTAURANT, ICON_HAT = BusinessIcon.RESTAURANT, BusinessIcon.HAT
WORKSHOP, BUSINESS = int(TileKind.WORKSHOP), int(TileKind.BUSINESS)


def _card_features(card_id: int) -> np.ndarray:
    row = np.zeros(CARD_FEATURES, dtype=np.float32)
    card = FOREST_CARDS[card_id]
    row[card.kind] = 1
    for icon in card.icons:
        row[NUM_FOREST_KINDS + icon] = 1
    row[NUM_FOREST_KINDS + NUM_WORKSHOP_TYPES] = card.coins / (MAX_FOREST_COINS + 1)
    row[NUM_FOREST_KINDS + NUM_WORKSHOP_TYPES + 1] = card.all_players
    return row


NO_POSITIONS = np.zeros(0, dtype=np.intp)
NO_TURN_PART = [0.0] * (PLAYER_FEATURES - PLAYER_STATIC_FEATURES)  # a seat's turn features off its turn
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
    cell_features = 3 * n + DYNAMIC_CELL_FEATURES
    for name, size in (
        ("decision", NUM_DECISION_KINDS), ("decider", n), ("turn_player", n), ("seat", n),
        ("hand_tile", NUM_CODES), ("requirement", 2 * NUM_WORKSHOP_TYPES), ("selected_cell", NUM_CELLS),
        ("activate", NUM_WORKSHOP_TYPES + 1), ("product", NUM_WORKSHOP_TYPES), ("target", n),
        ("architect_left", 1), ("revealed_card", CARD_FEATURES), ("progress", PROGRESS_FEATURES),
        ("bank", 1), ("supply", 1 + 2 * NUM_WORKSHOP_TYPES), ("forest_deck", 1 + len(FOREST_DESIGNS)),
        ("road_stack", 1 + len(ROAD_SHAPES)), ("business_stack", 1 + NUM_BUSINESS_TILES),
        ("display", DISPLAY_SLOTS * NUM_BUSINESS_TILES), ("happy_gnome", n + 1), ("prison_captor", n),
        ("players", n * PLAYER_FEATURES), ("village_tiles", n * VILLAGE_TILE_FEATURES),
        ("village_gnomes", n * NUM_CELLS * cell_features),
    ):
        b.add(name, size)
    segments = b.build()
    return ObservationLayout(n, segments, b.size, cell_features, {s.name: s.start for s in segments})


LAYOUTS = {n: build_layout(n) for n in (2, 3, 4)}
STATE_EXTRA = len(FOREST_DESIGNS) + len(ROAD_SHAPES) + NUM_BUSINESS_TILES


class SeatView:
    """One seat's observation buffer and what was written into it, so that the next view of
    that seat rewrites only the parts of the table that changed (cached rows are compared by
    identity: the state replaces a cached array when it changes, never edits it)."""

    __slots__ = ("obs", "ones", "gnome_marks", "gnome_key", "rows", "tiles", "turn_parts", "stacks", "revealed", "progress")

    def __init__(self, layout: ObservationLayout) -> None:
        n = layout.num_players
        self.obs = np.zeros(layout.size, dtype=np.float32)
        self.ones = NO_POSITIONS  # positions set to 1.0 by the last view
        self.gnome_marks = NO_POSITIONS  # village_gnomes positions written by the last view
        self.gnome_key: tuple | None = None  # everything the village_gnomes segment was built from
        self.rows: list[np.ndarray | None] = [None] * n  # player_row written per relative seat
        self.tiles: list[np.ndarray | None] = [None] * n  # tile_features written per relative seat
        self.turn_parts: list[list[float] | None] = [None] * n
        self.stacks: list[np.ndarray | None] = [None] * len(STACK_PARTS)
        self.revealed = -1
        self.progress: tuple | None = None  # the counts the progress, bank and supply entries show


def observe(state: GnomeVillageState, seat: int) -> np.ndarray:
    """Observation vector of ``seat`` (a fresh array; the seat's view is updated in place)."""
    n = state.game.num_players
    layout = LAYOUTS[n]
    at = layout.at
    view = state._views[seat]
    if view is None:
        view = state._views[seat] = SeatView(layout)
    obs = view.obs
    ones: list[int] = [at["seat"] + seat, at["turn_player"] + (state.turn_player - seat) % n]
    obs[at["architect_left"]] = obs[at["activate"] + NUM_WORKSHOP_TYPES] = 0.0
    if state.pending is not None:
        _decision(state, seat, obs, at, ones)
    _table(state, seat, view, at, ones)
    _players(state, seat, view, at)
    key = _gnome_key(state)
    if key != view.gnome_key:
        obs[view.gnome_marks] = 0.0
        positions, values = _gnomes(state, seat, at["village_gnomes"], layout.cell_features)
        view.gnome_marks = np.array(positions, dtype=np.intp)
        obs[view.gnome_marks] = values
        view.gnome_key = key
    obs[view.ones] = 0.0
    view.ones = np.array(ones, dtype=np.intp)
    obs[view.ones] = 1.0
    return obs.copy()


def _gnome_key(state: GnomeVillageState) -> tuple:
    """Everything the village_gnomes segment depends on (the grids only when a used business
    is marked on them)."""
    used = (*map(tuple, state.used_last), tuple(state.used_now))
    grids = tuple(map(tuple, state.grid)) if any(used) else None
    return (state.moved_mask, tuple(state.g_village), tuple(state.g_cell), tuple(state.g_status),
            tuple(state.g_guard), tuple(state.g_skip_earn), tuple(state.g_home), used,
            tuple(map(tuple, state.holes)), grids)


def _players(state: GnomeVillageState, seat: int, view: SeatView, at: dict[str, int]) -> None:
    """Player rows and village tiles, block r = r seats from ``seat``, written where changed."""
    n = state.game.num_players
    obs = view.obs
    players = at["players"]
    tiles = at["village_tiles"]
    setup = state.turn_number == 0
    for r in range(n):
        p = (seat + r) % n
        row = players + r * PLAYER_FEATURES
        static = state.player_row(p)
        if view.rows[r] is not static:
            obs[row:row + PLAYER_STATIC_FEATURES] = static
            view.rows[r] = static
        turn_part = _player_turn_part(state, p) if setup or p == state.turn_player else NO_TURN_PART
        if view.turn_parts[r] != turn_part:
            obs[row + PLAYER_STATIC_FEATURES:row + PLAYER_FEATURES] = turn_part
            view.turn_parts[r] = turn_part
        features = state.tile_features(p)
        if view.tiles[r] is not features:
            obs[tiles + r * VILLAGE_TILE_FEATURES:tiles + (r + 1) * VILLAGE_TILE_FEATURES] = features
            view.tiles[r] = features


def _rel(state: GnomeVillageState, seat: int, other: int) -> int:
    return (other - seat) % state.game.num_players


def _decision(state: GnomeVillageState, seat: int, obs: np.ndarray, at: dict[str, int], ones: list[int]) -> None:
    d = state.pending
    kind = d.kind
    ones += [at["decision"] + kind, at["decider"] + _rel(state, seat, d.player), at["hand_tile"] + state.hand]
    if kind == DecisionKind.SOURCE:
        ones.append(at["requirement"] + d.data[0])
        ones += [at["requirement"] + NUM_WORKSHOP_TYPES + later for later in d.data[1]]
    elif kind == DecisionKind.MOVE_DEST:
        ones.append(at["selected_cell"] + state.g_cell[d.data[0]])
    elif kind == DecisionKind.ARCHITECT_PLACE:
        ones.append(at["selected_cell"] + d.data[0])
        obs[at["architect_left"]] = d.data[1] / ARCHITECT_CEILING
    elif kind == DecisionKind.ARCHITECT_PICK:
        obs[at["architect_left"]] = d.data[0] / ARCHITECT_CEILING
    elif kind == DecisionKind.ACTIVATE:
        ones += [at["activate"] + icon for icon in FOREST_CARDS[d.data[0]].icons]
        obs[at["activate"] + NUM_WORKSHOP_TYPES] = d.data[1]
    elif kind in (DecisionKind.COURIER_BUYER, DecisionKind.DOCTOR_RECEIVER):
        ones.append(at["product"] + d.data[0])
    elif kind == DecisionKind.THIEF_AMOUNT:
        ones.append(at["target"] + _rel(state, seat, d.data[0]))


def _table(state: GnomeVillageState, seat: int, view: SeatView, at: dict[str, int], ones: list[int]) -> None:
    n = state.game.num_players
    obs = view.obs
    if view.revealed != state.revealed:
        s = at["revealed_card"]
        obs[s:s + CARD_FEATURES] = CARD_ROWS[state.revealed] if state.revealed >= 0 else 0.0
        view.revealed = state.revealed
    workshops = state.workshop_supply
    products = state.product_supply
    key = (state.turn_number, state.end_triggered, state.bank_ran_dry, state.turn_player, state.bank,
           state.house_supply, *workshops, *products)
    if view.progress != key:
        per_type = state.game.workshops_per_type + 1
        turn = state.turn_number
        turns_left = (n - 1 - state.turn_player) / n if state.end_triggered else 0.0
        obs[at["progress"]:at["forest_deck"]] = [  # progress, bank, supply
            turn / (turn + TURN_HALF), state.end_triggered, turn == 0, state.bank_ran_dry, turns_left,
            state.bank / COIN_CEILING, state.house_supply / (state.game.houses_total + 1),
            workshops[0] / per_type, workshops[1] / per_type, workshops[2] / per_type, workshops[3] / per_type,
            products[0] * PRODUCT_SCALE, products[1] * PRODUCT_SCALE, products[2] * PRODUCT_SCALE,
            products[3] * PRODUCT_SCALE,
        ]
        view.progress = key
    s = at["forest_deck"]
    for i, part in enumerate(state.stack_features()):
        if view.stacks[i] is not part:
            obs[s:s + STACK_PART_SIZES[i]] = part
            view.stacks[i] = part
        s += STACK_PART_SIZES[i]
    ones.append(at["happy_gnome"] + (n if state.happy < 0 else (state.happy - seat) % n))
    if max(state.g_captor) != NO_SEAT:
        ones += [at["prison_captor"] + (captor - seat) % n for captor in state.g_captor if captor != NO_SEAT]


def _player_turn_part(state: GnomeVillageState, p: int) -> list[float]:
    """Scaled features of seat ``p`` tied to the current turn: advisor, starting tiles, spending."""
    scale = PLAYER_SCALE
    s = PLAYER_STATIC_FEATURES
    hand = state.setup_hand[p]
    if state.turn_player != p:
        return [0.0, hand[0] * scale[s + 1], hand[1] * scale[s + 2], hand[2] * scale[s + 3], 0.0]
    return [float(state.advisor_active), hand[0] * scale[s + 1], hand[1] * scale[s + 2],
            hand[2] * scale[s + 3], state.spent_this_turn * scale[s + 4]]


def _gnomes(state: GnomeVillageState, seat: int, base: int, width: int) -> tuple[list[int], list[float]]:
    """Gnome, home, used-tile and gap markers of every village (block r = r seats from
    ``seat``): the positions to write and their values (1.0, or the home house's value)."""
    n = state.game.num_players
    block = NUM_CELLS * width
    flags = base + 3 * n  # first status column of cell 0 of block 0
    per_colour = state.gnomes_per_colour
    moved = state.moved_mask
    g_cell, g_status, g_home = state.g_cell, state.g_status, state.g_home
    g_guard, g_skip_earn = state.g_guard, state.g_skip_earn
    ones: list[int] = []
    homes: list[int] = []
    home_values: list[float] = []
    for i, v in enumerate(state.g_village):
        if v < 0:
            continue
        offset = base + (v - seat) % n * block + g_cell[i] * width
        colour = (i // per_colour - seat) % n
        ones.append(offset + colour)
        homes.append(offset + n + colour)
        home_values.append(HOME_VALUE[g_home[i]])
        offset += 3 * n
        status = g_status[i]
        if status:
            ones.append(offset + STATUS_COLUMN[status])
        if g_guard[i]:
            ones.append(offset + GUARD_COLUMN)
        if moved >> i & 1:
            ones.append(offset + MOVED_COLUMN)
        if g_skip_earn[i]:
            ones.append(offset + SKIP_EARN_COLUMN)
    grids = state.grid
    for user, used in enumerate(state.used_last):
        if used:
            column = base + 2 * n + (user - seat) % n
            ones += [column + (v - seat) % n * block + cell * width for v, cell in _tile_cells(grids, used)]
    if state.used_now:
        ones += [flags + USED_NOW_COLUMN + (v - seat) % n * block + cell * width
                 for v, cell in _tile_cells(grids, state.used_now)]
    for v, holes in enumerate(state.holes):
        if holes:
            first = flags + (v - seat) % n * block + HOLE_COLUMN
            ones += [first + cell * width for cell in holes]
    return homes + ones, home_values + [1.0] * len(ones)


def _tile_cells(grids: list[list[int]], tile_ids: list[int]) -> list[tuple[int, int]]:
    """(village, cell) of each business tile in ``tile_ids`` that stands in a village."""
    out = []
    for tile_id in tile_ids:
        code = CODE_BUSINESS_BASE + tile_id
        for v, grid in enumerate(grids):
            if code in grid:
                out.append((v, grid.index(code)))
                break
    return out


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
