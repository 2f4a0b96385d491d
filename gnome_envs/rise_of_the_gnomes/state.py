"""The Rise of the Gnomes state: the map, the boards, the decks and the pending decision.

Rules live in ``flow`` (setup, turn structure, scoring, end), ``placement`` (brewer spaces),
``cardphase`` (action cards), ``gnomes`` (the Gnome Union and the dragon) and ``allies``;
this module holds the data, the caches and the queries and mutations they share, and
``markets`` moves cubes and breweries, so that every component move keeps the counts and the
caches right. Everything random comes from ``self.rng``.

Owners of cubes and breweries are indexed ``0..n-1`` for the players and ``n`` for the Gnomes;
the map holds flat lists indexed ``pos * (n + 1) + owner``.
"""

from __future__ import annotations

from itertools import accumulate
from operator import itemgetter

import numpy as np

from gnome_envs.core.decision_state import DecisionLoopState
from gnome_envs.core.engine import new_rng
from gnome_envs.core.errors import InvariantError
from gnome_envs.rise_of_the_gnomes import markets
from gnome_envs.rise_of_the_gnomes.components import (
    BREWERY_BOXES,
    BREWERY_STRENGTH,
    CUBE_STRENGTH,
    CUSTOMER_BOXES,
    GNOME_BREWERY_BOXES,
    GNOME_CUSTOMER_BOXES,
    MAX_BEER,
    MAX_PRODUCTION,
    NUM_ABILITIES,
    NUM_POSITIONS,
    RACES,
    Ability,
)
from gnome_envs.rise_of_the_gnomes.caches import CacheMarks
from gnome_envs.rise_of_the_gnomes.observation import observe
from gnome_envs.rise_of_the_gnomes.pending import RULES, Decision, DecisionKind

NO_TILE = -1
OFF_BOARD = -1  # the dragon waits on the score board until the sea lair is revealed
NOBODY = -1
PROD_PREFIX = (0, *accumulate(box.production for box in BREWERY_BOXES))
BREWERY_VP_PREFIX = (0, *accumulate(box.vp for box in BREWERY_BOXES))
BREWERY_GOLD_PREFIX = (0, *accumulate(box.gold for box in BREWERY_BOXES))
CUSTOMER_VP_PREFIX = (0, *accumulate(vp for vp, _ in CUSTOMER_BOXES))
CUSTOMER_GOLD_PREFIX = (0, *accumulate(gold for _, gold in CUSTOMER_BOXES))
GNOME_BREWERY_VP_PREFIX = (0, *accumulate(vp for vp, _ in GNOME_BREWERY_BOXES))
GNOME_BREWERY_GOLD_PREFIX = (0, *accumulate(gold for _, gold in GNOME_BREWERY_BOXES))
GNOME_CUSTOMER_VP_PREFIX = (0, *accumulate(vp for vp, _ in GNOME_CUSTOMER_BOXES))
GNOME_CUSTOMER_GOLD_PREFIX = (0, *accumulate(gold for _, gold in GNOME_CUSTOMER_BOXES))
NESTED_LISTS = frozenset({"allies", "judges", "judge_hand", "hands"})
# every other list attribute, each copied by clone() (check_invariants checks that none is missing)
LIST_ATTRIBUTES = (
    "tile_type", "tile_icon", "tile_phys", "revealed", "boats", "unused_tiles", "race", "vp",
    "gold", "beer", "prod_bonus", "cubes_out", "brews_out", "tokens_used", "upgrades", "abilities",
    "judge_discarded", "brewers", "brewers_owned", "brewer_reserve", "ally_deck", "ally_row", "ally_box",
    "judge_deck", "judge_box", "gnome_deck", "gnome_discard", "action_display", "action_hidden",
    "board_brewers", "player_spaces", "ally_spaces", "card_spaces", "tasks",
)
_list_values = itemgetter(*LIST_ATTRIBUTES)
BLOCK_ATTRIBUTES = ("cubes", "brews")  # bytearrays of small counts, copied as one block each
_block_values = itemgetter(*BLOCK_ATTRIBUTES)
NESTED_LIST_NAMES = tuple(sorted(NESTED_LISTS))  # a fixed order to copy them in (their rows are lists)


class RiseState(CacheMarks, DecisionLoopState):
    """A Rise of the Gnomes position."""

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
        self.n = n
        self.owners = n + 1  # stride of the flat map lists
        p_count = NUM_POSITIONS
        # map
        self.tile_type = [NO_TILE] * p_count
        self.tile_icon = [NO_TILE] * p_count
        self.tile_phys = [NO_TILE] * p_count
        self.revealed = [False] * p_count
        # small counts kept as bytes: a clone copies each as one block (185 entries at 4 players)
        self.cubes = bytearray(p_count * self.owners)
        self.brews = bytearray(p_count * self.owners)
        self.boats = [False] * p_count
        self.boat_supply = 0
        self.dragon = OFF_BOARD
        self.unused_tiles: list[int] = []  # physical tiles left in the box
        # players
        self.race = [NOBODY] * n
        self.vp = [0] * n
        self.gold = [0] * n
        self.beer = [0] * n
        self.prod_bonus = [0] * n
        self.cubes_out = [0] * n
        self.brews_out = [0] * n
        self.tokens_used = [0] * n  # bitmask: brewery boxes whose upgrade token was moved
        self.upgrades = [0] * n  # bitmask of filled upgrade slots
        self.abilities = [0] * (n * NUM_ABILITIES)
        self.allies: list[list[int]] = [[] for _ in range(n)]
        self.judges: list[list[int]] = [[] for _ in range(n)]
        self.judge_hand: list[list[int]] = [[] for _ in range(n)]
        self.judge_discarded = [NOBODY] * n  # the judge each player returned (private)
        self.brewers = [0] * n  # brewers not yet placed this turn
        self.brewers_owned = [0] * n
        self.brewer_reserve = [0] * n  # on the score board until turn four
        self.upgrade_supply = 0
        # Gnomes
        self.g_vp = 0
        self.g_gold = 0
        self.g_cubes_out = 0
        self.g_brews_out = 0
        # decks and rows
        self.ally_deck: list[int] = []
        self.ally_row: list[int] = []
        self.ally_box: list[int] = []
        self.judge_deck: list[int] = []  # face down, dealt from during setup
        self.judge_box: list[int] = []  # judges returned to the box (out of the game)
        self.gnome_deck: list[int] = []
        self.gnome_discard: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.action_display: list[int] = []
        self.action_hidden: list[int] = []
        self.gnome_card = NOBODY  # the Gnome card being played (or the last one)
        self.gnome_card_player = NOBODY  # cutthroat: who played it
        # brewer spaces
        self.board_brewers: list[int] = []  # flat: action * n + seat
        self.player_spaces: list[int] = []  # flat: seat * spaces + space
        self.ally_spaces: list[int] = []  # flat: seat * MAX_ALLIES + ally slot
        self.card_spaces: list[int] = []  # flat: display position * 3 + space -> seat
        # turn
        self.turn = 0
        self.phase = 0
        self.start_player = 0
        self.first_player = 0  # who held the starting player card on turn one
        self.rampage_tile = NOBODY
        self.bribed = 0  # bitmask of owners who paid the current bribe
        self.pending: Decision | None = None
        self.tasks: list[tuple] = []
        self.finished = False
        self.init_caches()

    # ------------------------------------------------------------------ engine contract
    def on_finish(self) -> None:
        """Called once when the last task has run (the game is over)."""
        self.phase = 0

    def scores(self) -> np.ndarray:
        """Victory points per seat, then the Gnomes'."""
        return np.array([*self.vp, self.g_vp], dtype=np.float64)

    def gnomes_win(self) -> bool:
        """Whether the Gnomes have at least as many points as every player."""
        return self.g_vp >= max(self.vp)

    def placements(self) -> tuple[int, ...]:
        """Placement per seat by points, then beer + gold; all one place lower if the Gnomes win."""
        keys = [(self.vp[p], self.beer[p] + self.gold[p]) for p in range(self.n)]
        shift = 1 if self.gnomes_win() else 0
        return tuple(shift + sum(1 for other in keys if other > key) for key in keys)

    def returns(self) -> np.ndarray:
        """Win/loss per seat: every player -1 when the Gnomes win, else the base split."""
        if self.is_terminal() and self.gnomes_win():
            return np.full(self.n, -1.0)
        return super().returns()

    def rank_returns(self) -> np.ndarray:
        """Rank among the players (the Gnomes only change win/loss); 0 for a lone player."""
        if self.n == 1:
            return np.zeros(1)
        return super().rank_returns()

    def audit_tags(self, seat: int) -> dict[str, str]:
        """The race (player board side) ``seat`` played and its place in turn order on turn one
        (0: the first player)."""
        race = self.race[seat]
        return {"race": RACES[race].name.lower() if race >= 0 else "none",
                "turn_order": str((seat - self.first_player) % self.n)}

    def audit_events(self) -> dict[str, float]:
        """Per game: whether the Gnomes won, their points, and the winners' margin over them."""
        best = max(self.vp)
        return {"gnomes_won": float(self.gnomes_win()), "gnome_points": float(self.g_vp),
                "best_player_points": float(best), "best_player_minus_gnomes": float(best - self.g_vp)}

    def observation(self, seat: int) -> np.ndarray:
        """Everything ``seat`` may see (see observation.py for the layout), then with the
        ``action_effects`` option its brewer spaces' and map choices' effects (action_effects.py)."""
        if not self.game.action_effects:
            return observe(self, seat)
        from gnome_envs.rise_of_the_gnomes.action_effects import effect_rows

        return np.concatenate((observe(self, seat), effect_rows(self, seat).ravel()))

    def state_vector(self) -> np.ndarray:
        """Full-information vector: seat 0's view plus everything hidden."""
        from gnome_envs.rise_of_the_gnomes.observation import full_state

        return full_state(self)

    def describe_action(self, action: int, viewer: int | None = None) -> str:
        """Meaning of ``action`` in the pending decision as seat ``viewer`` sees it (None: every fact)."""
        from gnome_envs.rise_of_the_gnomes.render import describe_action

        return describe_action(self, action, viewer)

    def render_text(self, seat: int | None = None) -> str:
        """The table as text (public, plus ``seat``'s hidden cards when given)."""
        from gnome_envs.rise_of_the_gnomes.render import render_text

        return render_text(self, seat)

    def check_invariants(self) -> None:
        """Raise InvariantError if any component was created or lost, or a cache is stale."""
        from gnome_envs.rise_of_the_gnomes.invariants import check

        problems = check(self)
        if problems:
            raise InvariantError("; ".join(problems))

    # ------------------------------------------------------------------ copies
    def determinize(self, seat: int, rng: np.random.Generator) -> RiseState:
        """A clone with everything ``seat`` cannot see resampled (see hidden.py)."""
        from gnome_envs.rise_of_the_gnomes.hidden import determinize

        return determinize(self, seat, rng)

    def clone(self) -> RiseState:
        """A deep, independent copy (random generator included): every list and bytearray
        attribute copied (``NESTED_LISTS`` one level deeper); the caches, which are replaced and
        never changed in place, shared; the observation vector shared until one of the two writes
        to it."""
        fields = self.__dict__.copy()
        fields.update(zip(LIST_ATTRIBUTES, map(list.copy, _list_values(fields))))
        fields.update(zip(BLOCK_ATTRIBUTES, map(bytearray.copy, _block_values(fields))))
        for name in NESTED_LIST_NAMES:
            fields[name] = list(map(list.copy, fields[name]))
        other = self._state_from(fields)
        if self._obs_public is not None:
            self._obs_shared = other._obs_shared = True
        return other

    # ------------------------------------------------------------------ map queries
    def cubes_at(self, pos: int, owner: int) -> int:
        """Cubes of ``owner`` on ``pos``."""
        return self.cubes[pos * self.owners + owner]

    def brews_at(self, pos: int, owner: int) -> int:
        """Breweries of ``owner`` on ``pos``."""
        return self.brews[pos * self.owners + owner]

    def strength(self, pos: int, owner: int) -> int:
        """Market strength of ``owner`` on ``pos``: 1 per cube, 2 per brewery."""
        i = pos * self.owners + owner
        return CUBE_STRENGTH * self.cubes[i] + BREWERY_STRENGTH * self.brews[i]

    def occupies(self, pos: int, owner: int) -> bool:
        """Whether ``owner`` has a cube or a brewery on ``pos``."""
        i = pos * self.owners + owner
        return self.cubes[i] > 0 or self.brews[i] > 0

    def occupants(self, pos: int) -> list[int]:
        """Owners with a cube or a brewery on ``pos``."""
        base = pos * self.owners
        c, b = self.cubes, self.brews
        return [o for o in range(self.owners) if c[base + o] or b[base + o]]

    def controller(self, pos: int) -> int:
        """The owner with the strictly highest market strength on ``pos`` (NOBODY on a tie)."""
        base = pos * self.owners
        c, b = self.cubes, self.brews
        best, who, tied = 0, NOBODY, False
        for o in range(self.owners):
            s = CUBE_STRENGTH * c[base + o] + BREWERY_STRENGTH * b[base + o]
            if s > best:
                best, who, tied = s, o, False
            elif s == best and s > 0:
                tied = True
        return NOBODY if tied else who

    def tile_breweries(self, pos: int) -> tuple[int, int]:
        """(owner, count) of the breweries on ``pos`` ((NOBODY, 0) if none)."""
        base = pos * self.owners
        for o in range(self.owners):
            if self.brews[base + o]:
                return o, self.brews[base + o]
        return NOBODY, 0

    def tiles_of(self, owner: int) -> list[int]:
        """Positions ``owner`` occupies."""
        s = self.owners
        c, b = self.cubes, self.brews
        return [pos for pos in range(NUM_POSITIONS) if c[pos * s + owner] or b[pos * s + owner]]

    # ------------------------------------------------------------------ players
    def ability(self, p: int, which: Ability) -> int:
        """Copies of ``which`` seat ``p`` has (race, allies, upgrades)."""
        return self.abilities[p * NUM_ABILITIES + which]

    def add_ability(self, p: int, which: Ability) -> None:
        """Seat ``p`` gains one copy of ``which``."""
        self.abilities[p * NUM_ABILITIES + which] += 1
        self._memo = None  # costs and build rules read abilities
        self.touch_player_static(p)

    def production(self, p: int) -> int:
        """Seat ``p``'s beer production (race start, revealed icons, bonuses; at most 20)."""
        raw = RACES[self.race[p]].production + PROD_PREFIX[self.brews_out[p]] + self.prod_bonus[p]
        return min(raw, MAX_PRODUCTION)

    def gain_gold(self, p: int, amount: int) -> None:
        """Seat ``p`` takes gold from the supply."""
        self.gold[p] += amount
        self.touch_player(p)

    def gain_beer(self, p: int, amount: int) -> None:
        """Seat ``p`` takes beer, never holding more than 20 (the rest stays in the supply)."""
        self.beer[p] = min(MAX_BEER, self.beer[p] + amount)
        self.touch_player(p)

    def gain_vp(self, p: int, amount: int) -> None:
        """Seat ``p`` scores ``amount`` victory points."""
        self.vp[p] += amount
        self.touch_player(p)

    def pay(self, p: int, gold: int, beer: int = 0) -> None:
        """Seat ``p`` returns gold and beer tokens to the supply."""
        self.gold[p] -= gold
        self.beer[p] -= beer
        self.touch_player(p)

    def gnome_vp(self, amount: int) -> None:
        """The Gnomes score (or lose) points; never below zero."""
        self.g_vp = max(0, self.g_vp + amount)

    # ------------------------------------------------------------------ cubes and breweries
    def board_breweries(self, owner: int) -> int:
        """Breweries still on ``owner``'s board (``markets.board_breweries``)."""
        return markets.board_breweries(self, owner)

    def add_cubes(self, owner: int, pos: int, count: int, reveal: bool = True) -> int:
        """Cubes from ``owner``'s board onto ``pos``; how many moved (``markets.add_cubes``)."""
        return markets.add_cubes(self, owner, pos, count, reveal)

    def remove_cubes(self, owner: int, pos: int, count: int) -> int:
        """Cubes of ``owner`` on ``pos`` back to its board; how many (``markets.remove_cubes``)."""
        return markets.remove_cubes(self, owner, pos, count)

    def move_cubes(self, owner: int, src: int, dst: int, count: int, reveal: bool = True) -> int:
        """Cubes of ``owner`` from ``src`` to ``dst``; how many moved (``markets.move_cubes``)."""
        return markets.move_cubes(self, owner, src, dst, count, reveal)
