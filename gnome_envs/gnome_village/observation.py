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

from collections.abc import Callable
from dataclasses import dataclass
from operator import is_not
from struct import Struct
from typing import Any

import numpy as np

from gnome_envs.core.engine import LayoutBuilder, Segment
from gnome_envs.core.seat_view import BufferView
from gnome_envs.gnome_village.components import (
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
    PER_SEAT_CELL_GROUPS,
    PLAYER_SCALE,
    PLAYER_STATIC_FEATURES,
    STACK_PART_SIZES,
    STACK_PARTS,
    gnome_cell_width,
)
from gnome_envs.gnome_village.pending import NUM_DECISION_KINDS, DecisionKind
from gnome_envs.gnome_village.state import NO_SEAT, NOT_PLACED, GnomeVillageState

CARD_FEATURES = 11
MAX_FOREST_COINS = 3
TURN_HALF = 50.0  # the turn number is squashed to turn / (turn + TURN_HALF), below 1 for any turn
ARCHITECT_CEILING = 4.0  # at most 3 relocations left
PROGRESS_FEATURES = 5
PLAYER_FEATURES = 28
VILLAGE_TILE_FEATURES = NUM_CELLS * TILE_FEATURES
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
UNSEEN = object()  # what a fresh view has written of each cached part: nothing (not even None)
TURN_FEATURES = PLAYER_FEATURES - PLAYER_STATIC_FEATURES  # advisor, starting tiles left, coins spent
NO_TURN_PART = [0.0] * TURN_FEATURES  # a seat's turn features off its turn
# the turn features' scales as Python floats: small integer counts times them round to the same
# float32 as numpy's float32 products (see obs_parts.player_counts)
TURN_SCALE = tuple(float(scale) for scale in PLAYER_SCALE[PLAYER_STATIC_FEATURES:])
# decision kinds as plain ints (an enum member read costs more than a global)
SOURCE, MOVE_DEST, THIEF_AMOUNT, COURIER_BUYER, DOCTOR_RECEIVER, ARCHITECT_PLACE, ARCHITECT_PICK, ACTIVATE = (
    int(k) for k in (DecisionKind.SOURCE, DecisionKind.MOVE_DEST, DecisionKind.THIEF_AMOUNT,
                     DecisionKind.COURIER_BUYER, DecisionKind.DOCTOR_RECEIVER, DecisionKind.ARCHITECT_PLACE,
                     DecisionKind.ARCHITECT_PICK, DecisionKind.ACTIVATE))
# decision kinds whose context shows beyond the kind, decider and tile in hand
CONTEXT_KINDS = frozenset((SOURCE, MOVE_DEST, THIEF_AMOUNT, COURIER_BUYER, DOCTOR_RECEIVER, ARCHITECT_PLACE,
                           ARCHITECT_PICK, ACTIVATE))
CARD_ROWS = np.stack([_card_features(c) for c in range(NUM_FOREST_CARDS)])
# float32 runs written straight into an observation buffer: a player row's cached part, its
# turn part, progress (5 entries) and supply (9); packing a float rounds as numpy does
FLOAT_BYTES = np.dtype(np.float32).itemsize
ROW_BYTES = PLAYER_FEATURES * FLOAT_BYTES
ROW_PACK = Struct(f"={PLAYER_STATIC_FEATURES}f")
TURN_PACK = Struct(f"={TURN_FEATURES}f")
PROGRESS_PACK = Struct(f"={PROGRESS_FEATURES}f")
SUPPLY_PACK = Struct(f"={1 + 2 * NUM_WORKSHOP_TYPES}f")


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
    cell_features = gnome_cell_width(n)
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


def _gnome_positions(layout: ObservationLayout, seat: int) -> np.ndarray:
    """For each village_gnomes offset as seat 0 sees it, where ``seat`` shows that entry in its
    observation: village block and per-seat columns turned to ``seat``'s relative order."""
    n = layout.num_players
    width = layout.cell_features
    offsets = np.arange(n * NUM_CELLS * width)
    village, within = np.divmod(offsets, NUM_CELLS * width)
    cell, column = np.divmod(within, width)
    group, owner = np.divmod(column, n)
    per_seat = column < PER_SEAT_CELL_GROUPS * n
    column = np.where(per_seat, group * n + (owner - seat) % n, column)
    block = (village - seat) % n
    return (layout.at["village_gnomes"] + (block * NUM_CELLS + cell) * width + column).astype(np.intp)


# GNOME_POSITIONS[n][seat][offset]: position in seat's observation of a gnome marker offset
GNOME_POSITIONS = {n: tuple(_gnome_positions(layout, s) for s in range(n)) for n, layout in LAYOUTS.items()}
STATE_EXTRA = len(FOREST_DESIGNS) + len(ROAD_SHAPES) + NUM_BUSINESS_TILES


class SeatView(BufferView):
    """One seat's observation buffer and what was written into it, so that the next view of
    that seat rewrites only the parts of the table that changed. The state's cached parts
    (stack features, player rows, tile features, gnome markers) are compared by identity: the
    state replaces a cached object when it changes, never edits it."""

    VIEW_SLOT = "mv"
    view_of = staticmethod(memoryview)
    __slots__ = ("obs", "mv", "ones", "scalars", "table", "bank", "supply", "stacks", "parts", "rows", "turn",
                 "turn_blocks", "tiles", "gnome_sources", "gnome_positions")

    def __init__(self, layout: ObservationLayout) -> None:
        n = layout.num_players
        self.obs = np.zeros(layout.size, dtype=np.float32)
        # single entries and rows are cheaper to write through a memoryview than through numpy,
        # and making one costs more than a few writes: the view keeps one of its buffer
        self.mv = self.view_of(self.obs)
        self.ones: list[int] = []  # positions set to 1.0 by the last view
        self.scalars = False  # whether architect_left or the optional-activate flag was written
        self.table: tuple | None = None  # the revealed card and what progress was written from
        self.bank: int | None = None  # the bank written
        self.supply: tuple | None = None  # the supplies written (houses, workshops, products)
        self.stacks: object = UNSEEN  # the state's stack features written last
        self.parts: list[object] = [UNSEEN] * len(STACK_PARTS)  # each stack part written last
        self.rows: list[object] = [UNSEEN] * n  # player row written per absolute seat
        self.turn: tuple | None = None  # what the turn features of every seat were written from
        self.turn_blocks: list[list[float]] = [NO_TURN_PART] * n  # turn features written per block
        self.tiles: list[object] = [UNSEEN] * n  # tile features written per absolute seat
        self.gnome_sources: list[object] = [UNSEEN] * n  # gnome markers written per village
        self.gnome_positions = [NO_POSITIONS] * n  # village_gnomes positions written per village


def observe(state: GnomeVillageState, seat: int) -> np.ndarray:
    """Observation vector of ``seat`` (a fresh array; the seat's view is updated in place)."""
    n = state.game.num_players
    layout = LAYOUTS[n]
    at = layout.at
    view = state._views[seat]
    if view is None:
        view = state._views[seat] = SeatView(layout)
    obs = view.obs
    mv = view.mv
    happy = state.happy
    ones: list[int] = [at["seat"] + seat, at["turn_player"] + (state.turn_player - seat) % n,
                       at["happy_gnome"] + (n if happy < 0 else (happy - seat) % n)]
    if view.scalars:
        mv[at["architect_left"]] = mv[at["activate"] + NUM_WORKSHOP_TYPES] = 0.0
        view.scalars = False
    if state.pending is not None:
        _decision(state, seat, view, at, ones)
    captors = state.g_captor
    if captors.count(NO_SEAT) != len(captors):  # someone is imprisoned (cheaper than max())
        ones += [at["prison_captor"] + (captor - seat) % n for captor in captors if captor != NO_SEAT]
    _table(state, view, at)
    if any(map(is_not, state._player_rows, view.rows)):
        _write_stale_blocks(view, state._player_rows, view.rows, state.player_row, seat,
                            at["players"], PLAYER_FEATURES, ROW_PACK)
    _turn_parts(state, seat, view, at)
    if any(map(is_not, state._tile_features, view.tiles)):
        _write_stale_blocks(view, state._tile_features, view.tiles, state.tile_features, seat,
                            at["village_tiles"], VILLAGE_TILE_FEATURES, None)
    if any(map(is_not, state._gnome_marks, view.gnome_sources)):
        _write_gnome_marks(state, view, seat)
    written = view.ones
    if ones != written:
        for position in written:
            mv[position] = 0.0
        for position in ones:
            mv[position] = 1.0
        view.ones = ones
    return obs.copy()


def _decision(state: GnomeVillageState, seat: int, view: SeatView, at: dict[str, int], ones: list[int]) -> None:
    """One-hots of the pending decision and its context (and the two scalars some kinds set)."""
    d = state.pending
    kind = d.kind
    n = state.game.num_players
    ones += (at["decision"] + kind, at["decider"] + (d.player - seat) % n, at["hand_tile"] + state.hand)
    if kind not in CONTEXT_KINDS:
        return
    data = d.data
    if kind == SOURCE:
        ones.append(at["requirement"] + data[0])
        ones += [at["requirement"] + NUM_WORKSHOP_TYPES + later for later in data[1]]
    elif kind == MOVE_DEST:
        ones.append(at["selected_cell"] + state.g_cell[data[0]])
    elif kind == THIEF_AMOUNT:
        ones.append(at["target"] + (data[0] - seat) % n)
    elif kind == COURIER_BUYER or kind == DOCTOR_RECEIVER:
        ones.append(at["product"] + data[0])
    else:
        mv = view.mv
        view.scalars = True
        if kind == ARCHITECT_PLACE:
            ones.append(at["selected_cell"] + data[0])
            mv[at["architect_left"]] = data[1] / ARCHITECT_CEILING
        elif kind == ARCHITECT_PICK:
            mv[at["architect_left"]] = data[0] / ARCHITECT_CEILING
        else:  # ACTIVATE
            ones += [at["activate"] + icon for icon in FOREST_CARDS[data[0]].icons]
            mv[at["activate"] + NUM_WORKSHOP_TYPES] = float(data[1])


def _table(state: GnomeVillageState, view: SeatView, at: dict[str, int]) -> None:
    """Revealed card, progress, bank, supply and the stack features, written where changed."""
    obs = view.obs
    revealed = state.revealed
    key = (revealed, state.turn_number, state.end_triggered, state.bank_ran_dry, state.turn_player)
    if view.table != key:
        if view.table is None or view.table[0] != revealed:
            s = at["revealed_card"]
            obs[s:s + CARD_FEATURES] = CARD_ROWS[revealed] if revealed >= 0 else 0.0
        n = state.game.num_players
        turn = state.turn_number
        turns_left = (n - 1 - state.turn_player) / n if state.end_triggered else 0.0
        PROGRESS_PACK.pack_into(obs, at["progress"] * FLOAT_BYTES, turn / (turn + TURN_HALF), state.end_triggered,
                                turn == 0, state.bank_ran_dry, turns_left)
        view.table = key
    if view.bank != state.bank:  # the most frequent change: one entry
        view.bank = state.bank
        obs[at["bank"]] = state.bank / COIN_CEILING
    workshops = state.workshop_supply
    products = state.product_supply
    supply = (state.house_supply, workshops, products)  # the lists compare by value
    if view.supply != supply:
        per_type = state.game.workshops_per_type + 1
        SUPPLY_PACK.pack_into(
            obs, at["supply"] * FLOAT_BYTES, state.house_supply / (state.game.houses_total + 1),
            workshops[0] / per_type, workshops[1] / per_type, workshops[2] / per_type, workshops[3] / per_type,
            products[0] * PRODUCT_SCALE, products[1] * PRODUCT_SCALE, products[2] * PRODUCT_SCALE,
            products[3] * PRODUCT_SCALE,
        )
        view.supply = (state.house_supply, workshops[:], products[:])  # copies: the state edits its lists
    parts = state._stack_features
    if parts is not view.stacks:
        parts = state.stack_features()
        s = at["forest_deck"]
        mv = view.mv
        for i, part in enumerate(parts):
            if view.parts[i] is not part:
                mv[s:s + STACK_PART_SIZES[i]] = part
                view.parts[i] = part
            s += STACK_PART_SIZES[i]
        view.stacks = parts


def _turn_parts(state: GnomeVillageState, seat: int, view: SeatView, at: dict[str, int]) -> None:
    """The turn features of the player rows (block r = r seats from ``seat``), written where
    changed (the rest of each row is written from the state's cached rows)."""
    n = state.game.num_players
    turn_player = state.turn_player
    hands = state.setup_hand
    setup = state.turn_number == 0
    watched = hands if setup else hands[turn_player]  # lists compare by value
    key = (setup, turn_player, state.advisor_active, state.spent_this_turn, watched)
    old = view.turn
    if old != key:
        blocks = view.turn_blocks
        start = (at["players"] + PLAYER_STATIC_FEATURES) * FLOAT_BYTES
        # the same turn player after setup: only its block can change (the others show nothing)
        same_turn = old is not None and not setup and not old[0] and old[1] == turn_player
        for r in ((turn_player - seat) % n,) if same_turn else range(n):
            p = (seat + r) % n
            part = _player_turn_part(state, p) if setup or p == turn_player else NO_TURN_PART
            if part != blocks[r]:
                TURN_PACK.pack_into(view.obs, start + r * ROW_BYTES, *part)
                blocks[r] = part
        view.turn = (*key[:-1], [hand[:] for hand in hands] if setup else watched[:])  # copies of the lists


def _write_stale_blocks(view: SeatView, cached: list, seen: list, build: Callable[[int], Any], seat: int,
                        base: int, stride: int, packer: Struct | None) -> None:
    """Write seat p's block (at ``base + r * stride``, r = p's offset from ``seat``) wherever
    the state's cached block is not the one this view last wrote; a block the state dropped
    (None) is rebuilt by ``build(p)``, which caches it again. Blocks are float32 arrays of
    ``stride`` entries, or lists of floats that ``packer`` writes."""
    n = len(cached)
    for p in range(n):
        block = cached[p]
        if block is None:
            block = build(p)
        if block is not seen[p]:
            start = base + (p - seat) % n * stride
            if packer is None:
                view.mv[start:start + stride] = block
            else:
                packer.pack_into(view.obs, start * FLOAT_BYTES, *block)
            seen[p] = block


def _write_gnome_marks(state: GnomeVillageState, view: SeatView, seat: int) -> None:
    """Rewrite the village_gnomes markers of each village whose cached markers are not the ones
    this view last wrote (a village the state forgot is rebuilt and cached again)."""
    obs = view.obs
    positions_of = GNOME_POSITIONS[state.game.num_players][seat]
    sources = view.gnome_sources
    written = view.gnome_positions
    for v, marks in enumerate(state._gnome_marks):
        if marks is None:
            marks = state.gnome_marks(v)
        if marks is not sources[v]:
            obs[written[v]] = 0.0
            positions = written[v] = positions_of[marks[0]]
            obs[positions] = marks[1]
            sources[v] = marks


def _player_turn_part(state: GnomeVillageState, p: int) -> list[float]:
    """Scaled features of seat ``p`` tied to the current turn: advisor, starting tiles, spending."""
    hand = state.setup_hand[p]
    _, hand_0, hand_1, hand_2, spent = TURN_SCALE
    if state.turn_player != p:
        return [0.0, hand[0] * hand_0, hand[1] * hand_1, hand[2] * hand_2, 0.0]
    return [float(state.advisor_active), hand[0] * hand_0, hand[1] * hand_1, hand[2] * hand_2,
            state.spent_this_turn * spent]


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
