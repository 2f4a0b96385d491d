"""The Gnome Village state: components on the table, gnomes, and the pending decision.

Rules live in ``flow`` (turn structure and forest cards), ``decisions`` (choices a player
makes) and ``business`` (business actions); this module holds the data and the village
queries and mutations they share, ``stacks`` the face-down stacks, ``observed_parts`` the
observation and its cached parts, ``gnome_moves`` where the gnomes stand and how they move,
``economy`` coins, product tokens and the Happy Gnome. Everything random comes from
``self.rng``.

Gnomes are stored in flat lists indexed ``seat * gnomes_per_colour + k``. A gnome that is
not in the supply stands on a cell of some village (``g_village``, ``g_cell``) with a status:

=========  ==============================================================================
FREE       in its own village, may move in its owner's Move phase
RESTING    newly placed on its house; wakes at its owner's next Move phase
CHAPEL     held on an opponent's Chapel until its owner's next turn starts
PRISON     held on an opponent's Prison until its owner's next Earn phase
ABROAD     flown by Airport to an opponent's tile until that opponent's Earn phase
=========  ==============================================================================
"""

from __future__ import annotations

from enum import IntEnum

import numpy as np

from gnome_envs.core.decision_state import DecisionLoopState
from gnome_envs.core.engine import new_rng
from gnome_envs.core.errors import InvariantError
from gnome_envs.gnome_village import village
from gnome_envs.gnome_village.components import (
    BUSINESS_TILES,
    CODE_KIND,
    CODE_SUB,
    NUM_CELLS,
    NUM_WORKSHOP_TYPES,
    POINTS_PER_COIN,
    POINTS_PER_HAT_WITH_HAPPY_GNOME,
    POINTS_PER_LIT_HOUSE,
    POINTS_PER_RESTAURANT,
    POINTS_PER_WORKSHOP,
    PRODUCTS_PER_TYPE,
    TOTAL_COINS,
    WORKSHOPS_PER_TYPE_BY_PLAYERS,
    TileKind,
    workshop_code,
)
from gnome_envs.gnome_village.pending import RULES, Decision, DecisionKind
from gnome_envs.gnome_village.observed_parts import ObservedParts
from gnome_envs.gnome_village.stacks import FaceDownStacks
from gnome_envs.gnome_village.summary import VillageSummary, add_tile_to_summary, flip_summary, summarize

ROAD, HOUSE, WORKSHOP, BUSINESS = (int(k) for k in (TileKind.ROAD, TileKind.HOUSE, TileKind.WORKSHOP, TileKind.BUSINESS))
NO_SEAT = -1
NO_CELL = -1
NOT_PLACED = -1
OFF_TABLE = (NOT_PLACED, NO_CELL)  # business_cell of a tile in no village


# WORKSHOP_CODES[kind, active]: the workshop codes of that type and side (None: any)
WORKSHOP_CODES = {
    (kind, active): frozenset(workshop_code(k, a) for k in range(NUM_WORKSHOP_TYPES) for a in (False, True)
                              if kind in (None, k) and active in (None, a))
    for kind in (None, *range(NUM_WORKSHOP_TYPES)) for active in (None, False, True)
}


NESTED_LISTS = frozenset({"grid", "products", "holes", "setup_hand", "used_last"})  # lists of lists


class GnomeStatus(IntEnum):
    """Where a placed gnome stands and why (see module docstring)."""

    FREE = 0
    RESTING = 1
    CHAPEL = 2
    PRISON = 3
    ABROAD = 4



class GnomeVillageState(ObservedParts, FaceDownStacks, DecisionLoopState):
    """A Gnome Village position."""

    DECISION_KINDS = DecisionKind
    RULES = RULES
    NESTED_LISTS = NESTED_LISTS

    def __init__(self, game, seed: int | None) -> None:
        self.game = game
        self._rng: np.random.Generator | None = new_rng(seed)
        self._rng_snapshot: dict | None = None
        self.decisions = 0
        self._mask = None
        n = game.num_players
        cfg = game.config
        self.gnomes_per_colour = cfg.gnomes_to_end
        self.grid: list[list[int]] = [[0] * NUM_CELLS for _ in range(n)]
        self.coins = [0] * n
        self.bank = TOTAL_COINS
        self.products = [[0] * NUM_WORKSHOP_TYPES for _ in range(n)]
        self.product_supply = [PRODUCTS_PER_TYPE] * NUM_WORKSHOP_TYPES
        self.house_supply = game.houses_total
        self.workshop_supply = [WORKSHOPS_PER_TYPE_BY_PLAYERS[n]] * NUM_WORKSHOP_TYPES
        self.road_stack: list[int] = []
        self.business_stack: list[int] = []
        self.display = [NO_CELL] * 2
        self.business_discard: list[int] = []
        self.forest_deck: list[int] = []
        self.forest_discard: list[int] = []
        self.revealed = -1
        total_gnomes = n * self.gnomes_per_colour
        self.g_village = [NOT_PLACED] * total_gnomes
        self.g_cell = [NO_CELL] * total_gnomes
        self.g_home = [NO_CELL] * total_gnomes
        self.g_status = [int(GnomeStatus.FREE)] * total_gnomes
        self.g_born = [0] * total_gnomes
        self.g_guard = [False] * total_gnomes
        self.g_skip_earn = [False] * total_gnomes
        self.g_airport = [-1] * total_gnomes  # business tile id a flying gnome returns to
        self.g_captor = [NO_SEAT] * total_gnomes  # seat that imprisoned a gnome (it collects the fee)
        self.happy = NO_SEAT
        self.holes: list[list[int]] = [[] for _ in range(n)]
        self.setup_hand: list[list[int]] = [[0, 0, 0] for _ in range(n)]
        self.hand = 0  # tile code being placed, 0 if none
        self.turn_player = 0
        self.turn_number = 0
        self.end_triggered = False
        self.bank_ran_dry = False  # R12.4: the bank emptied, so the game ends after the round
        self.finished = False
        self.used_last: list[list[int]] = [[] for _ in range(n)]
        self.used_now: list[int] = []
        self.spent_this_turn = 0
        self.advisor_active = False
        self.moved_mask = 0
        self.pending: Decision | None = None
        self.tasks: list[tuple] = []
        self._walk: list[tuple[list[int], dict[int, tuple[int, ...]]] | None] = [None] * n
        self._placement: list[tuple[list[int], list[int]] | None] = [None] * n
        self._summary: list[VillageSummary | None] = [None] * n
        self._tile_features: list[np.ndarray | None] = [None] * n
        self._stack_features: tuple | None = None  # forest, roads, businesses (None: rebuild)
        self._player_rows: list[list[float] | None] = [None] * n
        # village_gnomes markers per village as seat 0 sees them (obs_parts.village_gnome_marks;
        # None: rebuild): forgotten by gnomes_changed(v) where a gnome, a used business or a gap changes
        self._gnome_marks: list[tuple[np.ndarray, np.ndarray] | None] = [None] * n
        # (village, cell) of each business tile id, OFF_TABLE when in no village (None: rebuild);
        # kept up to date by set_tile, forgotten by touch
        self._business_cells: list[tuple[int, int]] | None = None
        self._views: list = [None] * n  # observation.SeatView per seat (never shared by clones)
        self._bought = [0] * n  # businesses bought per seat (audit counters, not in the hash)
        self._acted = [0] * n  # business actions taken per seat

    # ------------------------------------------------------------------ engine contract
    def scores(self) -> np.ndarray:
        """Victory points per seat, counted as the end of the game would count them."""
        return np.array([self.score_of(p) for p in range(self.game.num_players)], dtype=np.float64)

    def score_of(self, p: int) -> int:
        """Points of seat ``p``: workshops, lit houses, restaurants, hats with the Happy Gnome, coins."""
        v = self.summary(p)
        points = (sum(v.workshops) * POINTS_PER_WORKSHOP + v.lit_houses * POINTS_PER_LIT_HOUSE
                  + v.restaurants * POINTS_PER_RESTAURANT + self.coins[p] * POINTS_PER_COIN)
        if self.happy == p:
            points += v.hats * POINTS_PER_HAT_WITH_HAPPY_GNOME
        return points

    def tile_count(self, p: int) -> int:
        """Tiles in seat ``p``'s village (the tie-break)."""
        return self.summary(p).tiles

    def audit_events(self) -> dict[str, float]:
        """Facts of a finished game for ``training.audit balance``: how it ended, its length,
        and how much the players bought and used businesses."""
        n = self.game.num_players
        return {
            "ended_by_bank": float(self.bank_ran_dry),
            "turns_per_seat": self.turn_number / n,
            "businesses_bought_per_seat": sum(self._bought) / n,
            "business_actions_per_seat": sum(self._acted) / n,
            "businesses_at_end_per_seat": sum(self.summary(p).businesses for p in range(n)) / n,
            "workshops_at_end_per_seat": sum(sum(self.summary(p).workshops) for p in range(n)) / n,
            "coins_at_end_per_seat": sum(self.coins) / n,
        }

    def placements(self) -> tuple[int, ...]:
        """Placement per seat by score, then tiles in the village; full ties share a place."""
        keys = [(self.score_of(p), self.tile_count(p)) for p in range(self.game.num_players)]
        return tuple(sum(1 for other in keys if other > key) for key in keys)

    def describe_action(self, action: int, viewer: int | None = None) -> str:
        """Meaning of ``action`` in the pending decision as seat ``viewer`` sees it (None: every fact)."""
        from gnome_envs.gnome_village.render import describe_action

        return describe_action(self, action, viewer)

    def render_text(self, seat: int | None = None) -> str:
        """The table as text (public, plus ``seat``'s hidden cards when given)."""
        from gnome_envs.gnome_village.render import render_text

        return render_text(self, seat)

    # ------------------------------------------------------------------ copies
    def clone(self) -> GnomeVillageState:
        """A deep, independent copy (each copy builds its own observation buffers)."""
        other = super().clone()
        other._views = [None] * self.game.num_players
        return other

    def determinize(self, seat: int, rng: np.random.Generator) -> GnomeVillageState:
        """A clone with the hidden stack orders (and future chance) resampled."""
        other = self.clone()
        for stack in (other.forest_deck, other.road_stack, other.business_stack):
            stack.sort()  # a canonical order first: the sample depends on what the seat knows only
            rng.shuffle(stack)
        other.rng = np.random.Generator(np.random.PCG64(int(rng.integers(2**63))))
        return other

    # ------------------------------------------------------------------ village queries
    def touch(self, p: int) -> None:
        """Forget everything cached about village ``p`` after its layout changed."""
        self._walk[p] = None
        self._placement[p] = None
        self._summary[p] = None
        self._tile_features[p] = None
        self._player_rows[p] = None
        self.gnomes_changed()
        self._business_cells = None

    def set_tile(self, p: int, cell: int, code: int) -> None:
        """Put ``code`` on ``cell`` of village ``p`` (0 clears it)."""
        grid = self.grid[p]
        old = grid[cell]
        grid[cell] = code
        self._walk[p] = None
        placement = self._placement[p]
        growing = old == 0 and placement is not None and placement[1]
        self._placement[p] = village.grow_placement(placement, grid, cell) if growing else None
        summary = self._summary[p]
        if summary is not None:
            if old:
                summary = add_tile_to_summary(summary, old, -1)
            if code:
                summary = add_tile_to_summary(summary, code, 1)
            self._summary[p] = summary
        self._player_rows[p] = None
        if CODE_KIND[old] == BUSINESS:
            self._business_moved(p, CODE_SUB[old], OFF_TABLE)
        if CODE_KIND[code] == BUSINESS:
            self._business_moved(p, CODE_SUB[code], (p, cell))
        self._update_tile_features(p, cell, code)

    def _business_moved(self, p: int, tile_id: int, where: tuple[int, int]) -> None:
        """Business ``tile_id`` left or joined village ``p`` (now at ``where``): keep the cached
        cells, and forget village ``p``'s gnome markers if the tile is marked as used there."""
        cells = self._business_cells
        if cells is not None:
            cells[tile_id] = where
        if tile_id in self.used_now or any(tile_id in used for used in self.used_last):
            self.gnomes_changed(p)

    def set_flag_code(self, p: int, cell: int, code: int) -> None:
        """Flip a tile (lights on, workshop side) without changing the layout."""
        old = self.grid[p][cell]
        self.grid[p][cell] = code
        summary = self._summary[p]
        if summary is not None:
            self._summary[p] = flip_summary(summary, old, code)
        self._player_rows[p] = None
        self._update_tile_features(p, cell, code)

    def summary(self, p: int) -> VillageSummary:
        """Cached tile counts of village ``p``."""
        summary = self._summary[p]
        if summary is None:
            summary = self._summary[p] = summarize(self.grid[p])
        return summary

    def walk_areas(self, p: int) -> tuple[list[int], dict[int, tuple[int, ...]]]:
        """Cached walking area label per cell and the workplace cells of each area (village ``p``)."""
        areas = self._walk[p]
        if areas is None:
            areas = self._walk[p] = village.walk_areas(self.grid[p])
        return areas

    def placement_cells(self, p: int) -> tuple[list[int], list[int]]:
        """Cached (road cells, building cells) where village ``p`` can grow."""
        cells = self._placement[p]
        if cells is None:
            cells = self._placement[p] = village.placement_cells(self.grid[p])
        return cells

    def cells_for(self, p: int, code: int) -> list[int]:
        """Cells where the tile ``code`` may be placed in village ``p`` now (hole rule included)."""
        roads, buildings = self.placement_cells(p)
        kind = CODE_KIND[code]
        cells = roads if kind == ROAD else buildings
        holes = self.holes[p]
        if holes:  # R5.2: a gap is refilled by the next road or business, and only by one
            fills = kind in (ROAD, BUSINESS)
            cells = [c for c in cells if (c in holes) == fills]
        return cells

    def workshop_cells(self, p: int, kind: int | None = None, active: bool | None = None) -> list[int]:
        """Cells of workshops in village ``p`` filtered by type and side."""
        summary = self.summary(p)
        built = summary.workshops if kind is None else (summary.workshops[kind],)
        lit = summary.active_workshops if kind is None else (summary.active_workshops[kind],)
        wanted = sum(built) if active is None else sum(lit) if active else sum(built) - sum(lit)
        if not wanted:  # the tile counts say no workshop fits: skip the scan
            return []
        codes = WORKSHOP_CODES[kind, active]
        return [cell for cell, code in enumerate(self.grid[p]) if code in codes]

    def business_cells(self, p: int) -> list[int]:
        """Cells of business tiles in village ``p``."""
        return [cell for cell, code in enumerate(self.grid[p]) if CODE_KIND[code] == BUSINESS]

    def business_at(self, p: int, cell: int):
        """The BusinessTile on ``cell`` of village ``p``."""
        return BUSINESS_TILES[CODE_SUB[self.grid[p][cell]]]

    def find_business(self, p: int, tile_id: int) -> int:
        """Cell of business tile ``tile_id`` in village ``p`` (-1 if absent)."""
        if tile_id < 0:
            return NO_CELL
        v, cell = self.business_cell(tile_id)
        return cell if v == p else NO_CELL

    def business_cell(self, tile_id: int) -> tuple[int, int]:
        """(village, cell) of business tile ``tile_id``, or OFF_TABLE when it stands in no village."""
        return self.business_cell_table()[tile_id]

    def business_cell_table(self) -> list[tuple[int, int]]:
        """Cached (village, cell) of every business tile id, OFF_TABLE for a tile in no village (read-only)."""
        cells = self._business_cells
        if cells is None:
            cells = self._business_cells = village.business_cells(self.grid)
        return cells

    def hat_count(self, p: int) -> int:
        """Hat businesses in village ``p``."""
        return self.summary(p).hats

    # ------------------------------------------------------------------ gnome queries
    def gnome_range(self, p: int) -> range:
        """Flat indices of seat ``p``'s gnomes."""
        start = p * self.gnomes_per_colour
        return range(start, start + self.gnomes_per_colour)

    def owner(self, gnome: int) -> int:
        """Seat owning flat gnome index ``gnome``."""
        return gnome // self.gnomes_per_colour

    # ------------------------------------------------------------------ invariants
    def check_invariants(self) -> None:
        """Raise InvariantError if any component was created or lost."""
        from gnome_envs.gnome_village.invariants import check

        problems = check(self)
        if problems:
            raise InvariantError("; ".join(problems))
