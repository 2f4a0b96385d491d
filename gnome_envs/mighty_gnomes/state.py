"""The Mighty Gnomes state: the table, the players' boards, and the pending decision.

Rules live in ``flow`` (rounds, turns, round end), ``decisions`` (the choices a player makes)
and ``effects`` (book actions, chests, mighty gnomes, the trail); this module holds the data
and the queries and mutations they share. Everything random comes from ``self.rng``.

Tiles are indexed 0-3 (one to four gnomes) and 4 (the Druid tile). An owner on the board is a
seat, ``NEUTRAL`` for a Druid tile, or ``EMPTY``. Chests are held as sorted lists of kinds.
Every mutation of a seat goes through a helper that forgets that seat's cached features
(``touch``); the forest and attic keep cached features too (``touch_forest``, ``touch_attic``).
"""

from __future__ import annotations

from functools import cache
from operator import ge

import numpy as np

from gnome_envs.core.decision_state import DecisionLoopState
from gnome_envs.core.engine import new_rng
from gnome_envs.core.errors import InvariantError
from gnome_envs.mighty_gnomes.components import (
    ATTIC_ROWS,
    COIN_VALUE_TOTAL,
    DINING_CAPACITY,
    DINING_START,
    GLADE_ICONS,
    KEYS_PER_COLOUR,
    LADDER_WIDTH,
    NUM_ICONS,
    NUM_LADDERS,
    NUM_RES,
    RES_SUPPLY,
    REWARD_BOXES,
    TILE_SIZES,
    TRAIL_LAST,
    WAREHOUSE_CAPACITY,
    Bundle,
    Icon,
    Res,
)
from gnome_envs.mighty_gnomes.config import MAX_PLAYERS
from gnome_envs.mighty_gnomes.pending import RULES, Decision, DecisionKind

EMPTY = -1
NEUTRAL = MAX_PLAYERS  # owner of a Druid tile on the board
NO_TILE = -1
DRUID_INDEX = len(TILE_SIZES)
REGULAR, DRUID_TURN = 0, 1
CRYSTAL = int(Res.CRYSTAL)
LADDER_CELLS = ATTIC_ROWS * LADDER_WIDTH
# clone() copies these list attributes, the nested ones one level deeper, and shares every other
# attribute: immutable values, and caches that are replaced when they change, never edited (the
# per-seat views are never shared). check_invariants() reports a list attribute missing here.
NESTED_LISTS = frozenset({
    "res", "gnomes", "gnome_used", "closed", "opened", "columns", "ladder_cells", "ladder_height",
})
FLAT_LISTS = (
    "bedroom", "book_aside", "book_display", "chest_bag", "chest_display", "coins", "dining", "display_used",
    "drawn", "druid_tiles", "druid_used", "forest_owner", "forest_tile", "forest_tiles", "free_use",
    "glade_aside", "glades", "keys", "ladder_closed", "must_first", "over_capacity", "rewards_claimed",
    "session", "stack", "stamp", "supply", "tasks", "trail", "trail_history", "treasure_claimed",
    "turns_taken", "upgrades", "used_tiles", "vp", "warehouse", "_board", "_holdings", "_relative_obs",
    "_rows",
)
UNSHARED_LISTS = ("_views",)  # rebuilt empty by clone()
NESTED_LIST_NAMES = tuple(sorted(NESTED_LISTS))  # a fixed order to copy them in
DRUID_SIZE_INDEX = 1  # the Druid tile has the two-gnome shape


@cache
def _view_module():
    """The observation_view module (imported on first use: it imports this one)."""
    from gnome_envs.mighty_gnomes import observation_view

    return observation_view


@cache
def forest_icons(glades: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Icons per forest cell and a cell mask per icon, for glades listed bottom to top."""
    icons = tuple(icon for glade in glades for icon in GLADE_ICONS[glade])
    masks = [0] * NUM_ICONS
    for cell, icon in enumerate(icons):
        masks[icon] |= 1 << cell
    return icons, tuple(masks)


def tile_size(tile: int) -> int:
    """Squares of tile index ``tile`` (the Druid tile has two)."""
    return TILE_SIZES[tile] if tile < DRUID_INDEX else TILE_SIZES[DRUID_SIZE_INDEX]


def tile_shape(tile: int) -> int:
    """Shape index (geometry.BASE_SHAPES) of tile index ``tile``."""
    return tile if tile < DRUID_INDEX else DRUID_SIZE_INDEX


class MightyGnomesState(DecisionLoopState):
    """A Mighty Gnomes position."""

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
        self.round = 0
        self.first_player = 0
        self.turn_player = -1
        self.turn_kind = REGULAR
        self.turns_taken = [0] * n
        self.finished = False
        self.pending: Decision | None = None
        self.tasks: list[tuple] = []
        self.bank = COIN_VALUE_TOTAL
        self.supply = [RES_SUPPLY] * NUM_RES
        self._init_players(n)
        self._init_board(game)
        self._rows: list[bytes | None] = [None] * n  # packed player rows (observation_rows)
        self._holdings: list[bytes | None] = [None] * n  # packed holdings part of each row
        self._scores: np.ndarray | None = None
        self._forest_obs: np.ndarray | None = None
        self._attic_obs: tuple[np.ndarray, np.ndarray] | None = None
        self._public_obs: np.ndarray | None = None
        # per seat: the round, first-player and trail entries as that seat sees them
        self._relative_obs: list[tuple | None] = [None] * n
        self._board: list[np.ndarray | None] = [None] * n  # forest and attic from each seat
        self._views: list = [None] * n  # observation_view.SeatView per seat (never shared by clones)

    def _init_players(self, n: int) -> None:
        """Every seat's board at the start: nothing held, tracks on their first spaces (R2.5)."""
        self.coins = [0] * n
        self.vp = [0] * n
        self.keys = [0] * n
        self.res = [[0] * NUM_RES for _ in range(n)]
        self.warehouse = [0] * n
        self.dining = [DINING_START] * n
        self.upgrades = [0] * n
        self.gnomes: list[list[int]] = [[] for _ in range(n)]
        self.gnome_used: list[list[bool]] = [[] for _ in range(n)]
        self.used_tiles = [0] * n  # bit t: regular tile t used this round
        self.bedroom = [NO_TILE] * n
        self.must_first = [False] * n
        self.free_use = [False] * n
        self.druid_tiles = [0] * n
        self.druid_used = [0] * n
        self.closed: list[list[int]] = [[] for _ in range(n)]
        self.opened: list[list[int]] = [[] for _ in range(n)]
        self.trail = [0] * n
        self.trail_history = [0] * (TRAIL_LAST + 1)  # player-rounds by the space reached (audit)
        self.over_capacity: list[int] = []  # seats a gain may have put over the warehouse limit
        self.stamp = list(range(n))
        self.stamp_counter = n

    def _init_board(self, game) -> None:
        """An empty forest and attic; chests, stacks and round state before setup fills them."""
        # forest
        self.glades: list[int] = []
        self.glade_aside: list[int] = []
        self.forest_owner = [EMPTY] * game.forest_cells
        self.forest_tile = [NO_TILE] * game.forest_cells  # which tile (0-3, Druid 4) covers a cell
        self.forest_tiles: list[tuple[int, int]] = []  # (owner, cell mask)
        self.forest_occ = 0
        # attic
        self.columns: list[list[int]] = [[], []]
        self.book_aside: list[int] = []
        self.book_display: list[int] = []
        self.display_used = [False, False]
        self.ladder_cells = [[EMPTY] * LADDER_CELLS for _ in range(NUM_LADDERS)]
        self.ladder_height = [[0] * LADDER_WIDTH for _ in range(NUM_LADDERS)]
        self.ladder_closed = [False] * NUM_LADDERS
        # chests and mighty gnomes
        self.chest_bag: list[int] = []
        self.chest_display: list[int] = []
        self.treasure_claimed = [False, False, False]
        self.drawn: list[int] = []
        self.gnome_types: tuple[int, ...] = ()
        self.stack: list[int] = []
        # round end
        self.rewards_claimed = [False] * REWARD_BOXES
        self.first_claimed = -1
        # the action under way
        self.tile = NO_TILE
        self.session: list[int] = []  # book references the tile on the ladder still reaches

    # ------------------------------------------------------------------ engine contract
    def scores(self) -> np.ndarray:
        """Victory points per seat, counted as the end of the game would count them now."""
        if self._scores is None:
            from gnome_envs.mighty_gnomes.scoring import final_scores

            self._scores = final_scores(self)
        return self._scores.copy()

    def placements(self) -> tuple[int, ...]:
        """Placement per seat by score, then by how far along the adventure trail (R14.5)."""
        scores = self.scores()
        keys = [(scores[p], self.trail[p], self.stamp[p]) for p in range(self.game.num_players)]
        return tuple(sum(1 for other in keys if other > key) for key in keys)

    def observation(self, seat: int) -> np.ndarray:
        """Everything ``seat`` may see (see observation.py for the layout), then with the
        ``action_effects`` option its placement actions' effects (action_effects.py)."""
        if not self.game.action_effects:
            return _view_module().observe(self, seat)
        from gnome_envs.mighty_gnomes.action_effects import effect_rows

        return np.concatenate((_view_module().observe(self, seat), effect_rows(self, seat).ravel()))

    def state_vector(self) -> np.ndarray:
        """Full-information vector: seat 0's view plus every hidden chest."""
        return _view_module().full_state(self)

    def describe_action(self, action: int, viewer: int | None = None) -> str:
        """Meaning of ``action`` in the pending decision as seat ``viewer`` sees it (None: every fact)."""
        from gnome_envs.mighty_gnomes.render import describe_action

        return describe_action(self, action, viewer)

    def audit_tags(self, seat: int) -> dict[str, str]:
        """Mighty gnome cards ``seat`` seated, per type in play (for training.audit balance)."""
        from gnome_envs.mighty_gnomes.audit import audit_tags

        return audit_tags(self, seat)

    def audit_events(self) -> dict[str, float]:
        """Trail icons and treasures reached, stacks invited (for training.audit balance)."""
        from gnome_envs.mighty_gnomes.audit import audit_events

        return audit_events(self)

    def render_text(self, seat: int | None = None) -> str:
        """The table as text (public, plus ``seat``'s hidden cards when given)."""
        from gnome_envs.mighty_gnomes.render import render_text

        return render_text(self, seat)

    # ------------------------------------------------------------------ copies
    def clone(self) -> MightyGnomesState:
        """A deep, independent copy (each copy builds its own observation buffers); the random
        generator is rebuilt lazily from a snapshot of its state."""
        fields = self.__dict__.copy()
        for name in FLAT_LISTS:
            fields[name] = fields[name][:]
        for name in NESTED_LIST_NAMES:
            fields[name] = list(map(list.copy, fields[name]))
        fields["_views"] = [None] * self.game.num_players
        return self._state_from(fields)

    def determinize(self, seat: int, rng: np.random.Generator) -> MightyGnomesState:
        """A clone with every chest ``seat`` cannot see redealt, and future chance reseeded."""
        other = self.clone()
        n = self.game.num_players
        hidden = list(other.chest_bag)
        others = [p for p in range(n) if p != seat]
        for p in others:
            hidden += other.closed[p]
        keep_drawn = other.pending is not None and other.pending.player == seat
        if other.drawn and not keep_drawn:
            hidden += other.drawn
        hidden.sort()  # canonical order before the shuffle: the sample depends only on what seat knows
        rng.shuffle(hidden)
        for p in others:
            k = len(other.closed[p])
            other.closed[p] = sorted(hidden[:k])
            hidden = hidden[k:]
            other.touch(p)
        if other.drawn and not keep_drawn:
            k = len(other.drawn)
            other.drawn = hidden[:k]
            hidden = hidden[k:]
        other.chest_bag = sorted(hidden)
        other._scores = None
        other.touch_public()
        other.rng = np.random.Generator(np.random.PCG64(int(rng.integers(2**63))))
        return other

    # ------------------------------------------------------------------ caches
    def touch(self, p: int) -> None:
        """Forget what is cached about seat ``p`` (and every score)."""
        self._rows[p] = None
        self._holdings[p] = None
        self._scores = None

    def touch_purse(self, p: int) -> None:
        """Forget seat ``p``'s cached row and every score after only its coins, VP, keys or
        resources changed (its cached holdings stay)."""
        self._rows[p] = None
        self._scores = None

    def touch_all(self) -> None:
        """Forget every cached seat row and score, and the trail as each seat sees it."""
        n = self.game.num_players
        self._rows = [None] * n
        self._holdings = [None] * n
        self._relative_obs = [None] * n
        self._scores = None

    def touch_trail(self) -> None:
        """Forget every cached seat row and score and the trail as each seat sees it, after
        tokens moved on the adventure trail (the cached holdings stay: the trail is not in them)."""
        n = self.game.num_players
        self._rows = [None] * n
        self._relative_obs = [None] * n
        self._scores = None

    def touch_forest(self) -> None:
        """Forget the cached forest features after a tile was laid or the forest refreshed."""
        self._forest_obs = None
        self._board = [None] * self.game.num_players

    def touch_public(self) -> None:
        """Forget the cached public features (glades, open chests, stacks, rewards) and the
        seat-relative ones (round, first player, first-player box, trail)."""
        self._public_obs = None
        self._relative_obs = [None] * self.game.num_players

    def touch_table(self) -> None:
        """Forget the cached public features only (glades, open chests, stacks, rewards). The
        bag's size is not cached: the observation reads it every time."""
        self._public_obs = None

    def touch_attic(self) -> None:
        """Forget the cached attic features (ladders, books, display) after they changed."""
        self._attic_obs = None
        self._board = [None] * self.game.num_players

    # ------------------------------------------------------------------ coins, VP, keys
    def gain_coins(self, p: int, amount: int) -> None:
        """Seat ``p`` takes ``amount`` coins from the bank (it never runs dry, O18)."""
        self.coins[p] += amount
        self.bank -= amount
        self.touch_purse(p)

    def pay_coins(self, p: int, amount: int) -> None:
        """Seat ``p`` pays ``amount`` coins to the bank."""
        self.coins[p] -= amount
        self.bank += amount
        self.touch_purse(p)

    def transfer(self, payer: int, payee: int, amount: int) -> None:
        """Seat ``payer`` pays ``amount`` coins to seat ``payee``."""
        self.coins[payer] -= amount
        self.coins[payee] += amount
        self.touch_purse(payer)
        self.touch_purse(payee)

    def gain_vp(self, p: int, amount: int) -> None:
        """Seat ``p`` scores ``amount`` victory points on the VP track."""
        self.vp[p] += amount
        self.touch_purse(p)

    def gain_keys(self, p: int, amount: int) -> None:
        """Seat ``p`` takes up to ``amount`` keys of its colour (at most three held, R7.3)."""
        self.keys[p] = min(KEYS_PER_COLOUR, self.keys[p] + amount)
        self.touch_purse(p)

    # ------------------------------------------------------------------ resources
    def gain_res(self, p: int, r: int, amount: int = 1) -> int:
        """Seat ``p`` takes up to ``amount`` of resource ``r`` from the supply; returns what it got."""
        got = min(amount, self.supply[r])
        if got:
            self.supply[r] -= got
            self.res[p][r] += got
            self.touch_purse(p)
            if p not in self.over_capacity and self.stored(p) > self.capacity(p):
                self.over_capacity.append(p)  # R8.2: discarded at once (pending.MightyRules)
        return got

    def spend_res(self, p: int, r: int, amount: int = 1) -> None:
        """Seat ``p`` returns ``amount`` of resource ``r`` to the supply."""
        self.res[p][r] -= amount
        self.supply[r] += amount
        self.touch_purse(p)

    def can_pay(self, p: int, cost: Bundle) -> bool:
        """Whether seat ``p`` holds the coins and resources of ``cost``."""
        return self.coins[p] >= cost.coins and all(map(ge, self.res[p], cost.res))

    def pay(self, p: int, cost: Bundle) -> None:
        """Seat ``p`` pays ``cost`` to the supply."""
        if cost.coins:
            self.pay_coins(p, cost.coins)
        for r, need in enumerate(cost.res):
            if need:
                self.spend_res(p, r, need)

    def receive(self, p: int, gain: Bundle) -> None:
        """Seat ``p`` takes ``gain`` from the supply (resources as far as the supply lasts)."""
        if gain.coins:
            self.gain_coins(p, gain.coins)
        for r, amount in enumerate(gain.res):
            if amount:
                self.gain_res(p, r, amount)

    def stored(self, p: int) -> int:
        """Resources (crystals included) in seat ``p``'s warehouse."""
        return sum(self.res[p])

    def capacity(self, p: int) -> int:
        """How many resources seat ``p``'s warehouse holds (R8.1)."""
        return WAREHOUSE_CAPACITY[self.warehouse[p]]

    def overflowing(self) -> int:
        """A seat holding more resources than its warehouse allows, or -1 (R8.2)."""
        over = self.over_capacity
        while over:
            p = over[0]
            if self.stored(p) > self.capacity(p):
                return p
            over.pop(0)
        return -1

    def gnome_capacity(self, p: int) -> int:
        """How many mighty gnomes seat ``p``'s dining table seats (R10.1)."""
        return DINING_CAPACITY[self.dining[p]]

    # ------------------------------------------------------------------ chests
    def draw_chest(self) -> int:
        """A random chest out of the bag (-1 when the bag is empty)."""
        if not self.chest_bag:
            return -1
        return self.chest_bag.pop(int(self.rng.integers(len(self.chest_bag))))

    def return_chest(self, kind: int) -> None:
        """Put a chest back into the bag."""
        self.chest_bag.append(kind)
        self.chest_bag.sort()

    def vault_closed(self, p: int, kind: int) -> None:
        """Seat ``p`` puts a chest face down in its vault."""
        self.closed[p].append(kind)
        self.closed[p].sort()
        self.touch(p)

    # ------------------------------------------------------------------ forest and trail
    def forest_layout(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Icons per forest cell and a cell mask per icon (cached per glade arrangement)."""
        return forest_icons(tuple(self.glades))

    def crystal_mask(self) -> int:
        """Forest cells showing a crystal."""
        return self.forest_layout()[1][Icon.CRYSTAL]

    def trail_order(self) -> list[int]:
        """Seats from the last on the adventure trail to the furthest (stack order counts)."""
        return sorted(range(self.game.num_players), key=lambda p: (self.trail[p], self.stamp[p]))

    def furthest(self) -> int:
        """The seat furthest along the adventure trail (top of the stack on a tie of spaces)."""
        return max(range(self.game.num_players), key=lambda p: (self.trail[p], self.stamp[p]))

    def next_stamp(self) -> int:
        """A fresh arrival stamp: a token given it lies on top of every token already there."""
        self.stamp_counter += 1
        return self.stamp_counter

    # ------------------------------------------------------------------ tiles
    def tile_available(self, p: int, tile: int) -> bool:
        """Whether seat ``p`` may use regular tile ``tile`` now (R3.2, R3.4)."""
        if self.used_tiles[p] >> tile & 1:
            return False
        return not self.must_first[p] or tile == self.bedroom[p]

    def check_invariants(self) -> None:
        """Raise InvariantError if any component was created or lost."""
        from gnome_envs.mighty_gnomes.invariants import check

        problems = check(self)
        if problems:
            raise InvariantError("; ".join(problems))


