"""The Dwar7s Fall state: the game mat, dwarfs, hands, goals and the pending decision.

Rules live in ``flow`` (turn structure, end), ``turn`` (the action phase), ``ogres`` (ogre
cards) and ``resolve`` (tasks); this module holds the data and the queries and mutations they
share. Everything random comes from ``self.rng``.

Board data, per cell (0..63): ``stacks[c]`` is a tuple of packed layers bottom to top
(``components.layer``: card code and rotation); ``top[c]`` is the top layer or -1;
``dwarfs[c * n + p]`` counts seat ``p``'s dwarfs on the card and ``crowd[c]`` all dwarfs on it.
Castles and monsters are never stacked on, so a castle stays where it was played.
"""

from __future__ import annotations

import numpy as np

from gnome_envs.core.decision_state import DecisionLoopState
from gnome_envs.core.engine import State, new_rng
from gnome_envs.core.errors import InvariantError
from gnome_envs.dwarfs_fall import empires
from gnome_envs.dwarfs_fall.board import SPOTS_OF_LAYER, Regions, add_card, compute_regions, monster_in
from gnome_envs.dwarfs_fall.components import (
    BASE_ACTIONS,
    CASTLE_EXTRA_ACTIONS,
    DWARFS_PER_COLOUR,
    GEM_VP,
    IS_MONSTER,
    LAYER_KIND,
    MIGHTY_REQUIRED,
    NUM_CELLS,
    NUM_GEMS,
    NUM_KINDS,
    REQUIRED,
    SPOTS,
    TRADING_GOALS,
    TRADING_ROW,
    Mood,
    layer_code,
)
from gnome_envs.dwarfs_fall.decrees import (
    HIGH_HO_ACTIONS,
    MINE_KINDS,
    Decree,
    kingdom_score,
    monster_required,
)
from gnome_envs.dwarfs_fall.hands import Hands
from gnome_envs.dwarfs_fall.observation import observe, refresh_cell_dwarfs
from gnome_envs.dwarfs_fall.pending import RULES, Decision, DecisionKind
from gnome_envs.dwarfs_fall.races import IN_PILE, NOT_OWNED, NUM_CLASSES, POUCHES

ALL_KINDS_MASK = (1 << NUM_KINDS) - 1
HIGH_HO_BIT, BEAST_HUNTERS_BIT = 1 << Decree.HIGH_HO, 1 << Decree.BEAST_HUNTERS  # (plain ints: read often)
NO_CELL = -1
EMPTY = -1


class DwarfsFallState(DecisionLoopState):
    """A Dwar7s Fall position."""

    DECISION_KINDS = DecisionKind
    RULES = RULES
    # an action decision offers about 20 choices, seldom the same ones twice (one in four at 2
    # players, one in ten at 5): looking each up in the shared memo measured +0.5% a step, so
    # masks are built afresh, the observation's without a shared one to copy
    legal_action_mask = State.legal_action_mask
    caller_action_mask = DecisionLoopState.built_action_mask

    def __init__(self, game, seed: int | None) -> None:
        self.game = game
        self._rng: np.random.Generator | None = new_rng(seed)
        self._rng_snapshot: dict | None = None
        self.decisions = 0
        self._mask = None
        n = game.num_players
        self.stacks: list[tuple[int, ...]] = [()] * NUM_CELLS
        self.top = [EMPTY] * NUM_CELLS
        # small counts kept as bytes: a clone copies each as one block (320 entries at 5 players)
        self.dwarfs = bytearray(NUM_CELLS * n)
        self.crowd = bytearray(NUM_CELLS)
        self.pile = [DWARFS_PER_COLOUR] * n
        self.castle_cell = [NO_CELL] * n
        self.in_hand = [ALL_KINDS_MASK] * n  # bit k: the kingdom card of kind k is still in hand
        self.defeated: list[tuple[int, ...]] = [()] * n  # card codes of monsters each seat defeated
        self.gems = Hands(n, NUM_GEMS)
        self.gem_pile: list[int] = []
        self.ogres = Hands(n, game.num_ogres)
        self.ogre_deck: list[int] = []
        self.ogre_discard = [0] * game.num_ogres
        self.trading_row = [EMPTY] * TRADING_ROW
        self.trading_deck: list[int] = []
        self.trading_won: list[tuple[int, ...]] = [()] * n
        self.secret = [EMPTY] * n
        self.secret_revealed = [False] * n
        self.reveal_round = [0] * n  # the round each secret goal was revealed in (audit)
        # per seat: (goal, kingdom) a kingdom goal was last found unmet in, or None (goals.check_secrets)
        self._secret_unmet: tuple = (None,) * n
        # the versions (public rows, mat, gems, ogre cards) every goal was last checked at, or None
        # (goals.check_secrets: while they hold, only the dwarfs Researcher reads can have moved)
        self._secrets_checked: tuple | None = None
        self.secret_box: list[int] = []  # secret goals nobody was dealt
        self.turn_player = 0
        self.round = 0
        self.actions_used = 0
        self.end_triggered = False
        self.finished = False
        self.busy_round = False  # a kingdom card was played or a task completed this round (R10.4)
        self.idle_rounds = 0  # rounds in a row that ended without either (R10.4)
        if game.trolls:  # Troll's Bridge (troll.py; attributes only in troll games)
            self.troll_cell = NO_CELL
            self.mood_deck: list[int] = []  # face up, [0] is the current mood; never reshuffled
            self.moods_seen = 0  # mood cards that have been on top (their places in the cycle are known)
            self.toll = 0  # the toll chip's step on the current mood card's track
            self.roaming_deck: list[int] = []
            self.roaming_discard: list[int] = []
            self.toll_paid = False  # a toll was paid this turn (no roaming)
        if game.royal:  # Royal Decrees (decrees.py; attributes only in those games)
            self.scenario = 0
            self.decree_mask = 0
            self.bonus_actions = 0  # Hired Hands: extra actions this turn
            self.placed_cells: tuple[int, ...] = ()  # Crazy Balloonists: cards dwarfs were placed on
            self.monster_played = [False] * n  # Dragon King: a monster played from hand this turn
            self.first_player = 0  # Hard Workers: the axe
            self.night = False  # Hard Workers: the night half of the round
            self._memorials: tuple = (-1, ())  # (layout version, memorial cells) (observation_expansions)
            # (regions, per seat the regions Fortress lets it place in, the last cells tuple asked about,
            # its seat, the answer) (decrees.fortress_cells)
            self._fortress: tuple = (None, (), None, -1, ())
            self._mines: tuple = (None, ())  # (regions, the mines whose region holds no dragon) (decrees.py)
        if game.empires:  # The Empires (empires.py; attributes only in those games)
            self.meeples = [DWARFS_PER_COLOUR] * n  # each seat's meeples, extra class meeples included
            self.pieces = [NOT_OWNED] * (n * NUM_CLASSES)  # per (seat, class): NOT_OWNED, IN_PILE or a cell
            self.pouches = [0] * n  # stolen pouches (ogres, X4.3)
            self.pouch_pile = POUCHES
            self.boxed: tuple[int, ...] = ()  # defeated monsters sent to the box (scales, dragon eggs)
            self.power_used = False  # the race's free action was used this turn
            self.adventured = [False] * n  # a monster slain with three types of meeples (Adventurers)
        self.pending: Decision | None = None
        self.tasks: list[tuple] = []
        self._regions: Regions | None = None
        self._room: tuple[int, ...] | None = None  # cards with a free spot (``room_cells``), None: find again
        self._seat_cells: list[tuple[int, ...]] = [()] * n  # per seat: the cells holding its dwarfs, in order
        self._kingdoms: list | None = None  # per seat: the region of its castle (None: no castle)
        self._board: np.ndarray | None = None
        self._board_cells: list[int] = []  # cells whose card changed since the board was written
        self._board_version = 0  # bumped whenever board rows may have changed anywhere
        self._board_rows: tuple[int, ...] = ()  # cells whose rows (or dwarf columns) were rewritten since (observation_board)
        self._region_sigs: tuple[int, ...] = ()  # per cell: the board's region columns as bits (observation_board)
        self._seat_obs: list | None = [None] * n  # per seat: its last observation (observation.py)
        self._public: list[tuple | None] = [None] * n  # per seat: (gems, ogres held, public row)
        self._public_version = 0  # bumped whenever an entry of ``_public`` is dropped
        self._layout_version = 0  # bumped whenever a card comes, goes or turns on the mat
        self._table: tuple | None = None  # (key, table observation features)
        self._private: list[tuple | None] = [None] * (n * n)  # per (observer, seat): (versions, row)
        self._empire_rows: tuple | None = None  # The Empires: (pieces, pouches, meeples, rows) of the empires segment

    # ------------------------------------------------------------------ engine contract
    def scores(self) -> np.ndarray:
        """Victory points per seat as the end of the game would count them now (R10.1)."""
        return np.array([self.score_of(p) for p in range(self.game.num_players)], dtype=np.float64)

    def placements(self) -> tuple[int, ...]:
        """Placement per seat by VP, then kingdom size, then dwarfs on the board (R10.2)."""
        keys = [(self.score_of(p), self.kingdom_size(p), self.on_board(p)) for p in range(self.game.num_players)]
        return tuple(sum(1 for other in keys if other > key) for key in keys)

    def observation(self, seat: int) -> np.ndarray:
        """Everything ``seat`` may see (see observation.py for the layout), then with the
        ``action_effects`` option its dwarf steps' effects (action_effects.py)."""
        if not self.game.action_effects:
            return observe(self, seat)
        from gnome_envs.dwarfs_fall.action_effects import effect_rows

        return np.concatenate((observe(self, seat), effect_rows(self, seat).ravel()))

    def state_vector(self) -> np.ndarray:
        """Full-information vector: seat 0's view plus every hidden card."""
        from gnome_envs.dwarfs_fall.observation import full_state

        return full_state(self)

    def describe_action(self, action: int, viewer: int | None = None) -> str:
        """Meaning of ``action`` in the pending decision as seat ``viewer`` sees it (None: every fact)."""
        from gnome_envs.dwarfs_fall.render import describe_action

        return describe_action(self, action, viewer)

    def render_text(self, seat: int | None = None) -> str:
        """The table as text: public information, plus ``seat``'s own hidden cards and knowledge."""
        from gnome_envs.dwarfs_fall.render import render_text

        return render_text(self, seat)

    def check_invariants(self) -> None:
        """Raise InvariantError if any component was created or lost."""
        from gnome_envs.dwarfs_fall.invariants import check

        problems = check(self)
        if problems:
            raise InvariantError("; ".join(problems))

    def audit_tags(self, seat: int) -> dict[str, str]:
        """The seat's secret goal, colour and race (``training.audit balance``)."""
        from gnome_envs.dwarfs_fall.audit import tags

        return tags(self, seat)

    def audit_events(self) -> dict[str, float]:
        """Facts of the game: secret goals revealed, region sizes, how it ended (see audit.py)."""
        from gnome_envs.dwarfs_fall.audit import events

        return events(self)

    # ------------------------------------------------------------------ copies
    def clone(self) -> DwarfsFallState:
        """A deep, independent copy (random generator included)."""
        other = super().clone()
        other.gems = self.gems.copy()
        other.ogres = self.ogres.copy()
        # the board features are patched in place: a clone builds its own when first observed
        # (searches clone far more often than they observe)
        other._board = None
        other._seat_obs = [None] * self.game.num_players  # written in place: never shared
        return other

    def determinize(self, seat: int, rng: np.random.Generator) -> DwarfsFallState:
        """A clone with everything ``seat`` cannot see resampled consistently."""
        from gnome_envs.dwarfs_fall.hidden import determinize

        return determinize(self, seat, rng)

    # ------------------------------------------------------------------ board queries
    @property
    def regions(self) -> Regions:
        """Cached regions, passable sides and frontier of the mat."""
        regions = self._regions
        if regions is None:
            regions = self._regions = compute_regions(self.top)
        return regions

    def kind_at(self, cell: int) -> int:
        """Kind of the top card on ``cell`` (-1 when empty)."""
        t = self.top[cell]
        return LAYER_KIND[t] if t >= 0 else EMPTY

    def has_room(self, cell: int) -> bool:
        """Whether the card on ``cell`` has a free spot."""
        t = self.top[cell]
        return t >= 0 and self.crowd[cell] < SPOTS[LAYER_KIND[t]]

    def dwarfs_of(self, p: int, cell: int) -> int:
        """Seat ``p``'s dwarfs on ``cell``."""
        return self.dwarfs[cell * self.game.num_players + p]

    def meeple_count(self, p: int) -> int:
        """Seat ``p``'s meeples, on the mat and in the pile (7, or 8 with an extra class meeple)."""
        return self.meeples[p] if self.game.empires else DWARFS_PER_COLOUR

    def cells_with_dwarfs(self, p: int) -> list[int]:
        """Cells holding at least one dwarf of seat ``p``."""
        return list(self._seat_cells[p])

    def room_cells(self) -> tuple[int, ...]:
        """Cards with a free spot (R5.3), in cell order (kept until a card fills, empties or changes)."""
        room = self._room
        if room is None:
            top, crowd = self.top, self.crowd
            room = self._room = tuple(c for c in self.regions.occupied if crowd[c] < SPOTS_OF_LAYER[top[c]])
        return room

    def on_board(self, p: int) -> int:
        """Seat ``p``'s dwarfs on the mat."""
        return self.meeple_count(p) - self.pile[p]

    def kingdom(self, p: int):
        """The region of seat ``p``'s castle, or None while the castle is in hand (R6.1)."""
        kingdoms = self._kingdoms
        if kingdoms is None:
            regions = self.regions
            kingdoms = self._kingdoms = [regions.regions[regions.region_of[c]] if c >= 0 else None
                                         for c in self.castle_cell]
        return kingdoms[p]

    def kingdom_size(self, p: int) -> int:
        """Cards in seat ``p``'s kingdom (0 without a castle in play)."""
        k = self.kingdom(p)
        return len(k.cells) if k is not None else 0

    def kingdom_vp(self, p: int) -> int:
        """VP of the cards in seat ``p``'s kingdom (0 without a castle in play, R10.1; D9, D10)."""
        if self.game.royal:
            return kingdom_score(self, p)
        k = self.kingdom(p)
        if k is None:
            return 0
        return k.vp + empires.party_bonus(self, p, k) if self.game.empires else k.vp

    def region_at(self, cell: int):
        """The region of the card on ``cell``."""
        regions = self.regions
        return regions.regions[regions.region_of[cell]]

    def action_limit(self, p: int) -> int:
        """Actions seat ``p`` may take this turn: 3, plus 1 with its castle in play and no frost
        giant in its kingdom (R5.1, R6.5)."""
        kingdoms = self._kingdoms  # (``kingdom`` inlined: two or three calls a step)
        k = kingdoms[p] if kingdoms is not None else self.kingdom(p)
        # R6.5 with X4.8, X6.4: a frost giant (not for crystal dwarfs) or a treant takes it
        if k is None or (k.frost_giant or k.treant) and empires.extra_action_blocked(self, p, k):
            extra = 0
        else:
            extra = CASTLE_EXTRA_ACTIONS
        if self.game.royal:  # D13 High Ho, D8 Hired Hands
            base = HIGH_HO_ACTIONS if self.decree_mask & HIGH_HO_BIT else BASE_ACTIONS
            return base + extra + (self.bonus_actions if p == self.turn_player else 0)
        return BASE_ACTIONS + extra

    def required_at(self, cell: int, p: int = -1) -> int:
        """Dwarfs seat ``p`` needs on the card on ``cell`` (R7.1): three on a monster under the
        Mighty troll (T4.4), fewer for seasoned beast hunters (D6)."""
        kind = LAYER_KIND[self.top[cell]]
        if not IS_MONSTER[kind]:
            if p >= 0 and self.game.empires and kind in MINE_KINDS:  # X3.1: slow gathering
                return empires.mine_required(self, p, REQUIRED[kind])
            return REQUIRED[kind]
        if self.game.trolls and cell == self.troll_cell and self.mood_deck[0] == Mood.MIGHTY:
            return MIGHTY_REQUIRED
        if p >= 0 and self.game.royal and self.decree_mask & BEAST_HUNTERS_BIT:
            return monster_required(self, p)
        return REQUIRED[kind]

    def decree(self, d: int) -> bool:
        """Whether royal decree ``d`` is in force (Royal Decrees games only)."""
        return self.game.royal and bool(self.decree_mask >> d & 1)

    def in_hand_kinds(self, p: int) -> list[int]:
        """Kinds of the kingdom cards still in seat ``p``'s hand."""
        mask = self.in_hand[p]
        return [k for k in range(NUM_KINDS) if mask >> k & 1]

    def hand_size(self, p: int) -> int:
        """Cards in seat ``p``'s hand: kingdom cards, gems and ogre cards (R8.1)."""
        return self.in_hand[p].bit_count() + self.gems.size(p) + self.ogres.size(p)

    def monster_blocks_dig(self, p: int, castle: int) -> bool:
        """Whether a monster in the castle's kingdom stops its digging (R6.4; the digging seat
        ``p``'s own kingdom does not matter)."""
        return monster_in(self.region_at(castle))

    # ------------------------------------------------------------------ board changes
    def layout_changed(self, cell: int = NO_CELL) -> None:
        """Forget everything cached about walls and regions after a card came or went on
        ``cell`` (NO_CELL: anywhere, the board features are dropped)."""
        self._regions = None
        self._kingdoms = None
        self._room = None
        if cell == NO_CELL:
            self._board = None
        elif self._board is not None:
            self._board_cells.append(cell)
        self._layout_version += 1  # the public rows check their kingdom (observation.public_entry)

    def put_card(self, cell: int, packed: int) -> None:
        """Put a card (packed layer) on top of ``cell``."""
        regions = self._regions if self.top[cell] < 0 else None  # a card on an empty cell joins them
        self.stacks[cell] = self.stacks[cell] + (packed,)
        self.top[cell] = packed
        self.layout_changed(cell)
        if regions is not None:
            self._regions = add_card(regions, self.top, cell)
        if self.game.royal and cell in self.placed_cells:
            self._card_replaced(cell)

    def set_stack(self, cell: int, stack: tuple[int, ...]) -> None:
        """Replace the whole stack on ``cell``."""
        old = self.top[cell]
        self.stacks[cell] = stack
        self.top[cell] = stack[-1] if stack else EMPTY
        self.layout_changed(cell)
        if self.game.royal and cell in self.placed_cells and (
                not stack or layer_code(stack[-1]) != layer_code(old)):  # not a mere turn
            self._card_replaced(cell)

    def _card_replaced(self, cell: int) -> None:
        """D9.1: the card a dwarf was placed on this turn left the top of ``cell`` (slain, dug,
        stacked on); the card there now has had no dwarf placed on it this turn."""
        self.placed_cells = tuple(c for c in self.placed_cells if c != cell)

    def add_dwarfs(self, p: int, cell: int, k: int) -> None:
        """Put ``k`` dwarfs of seat ``p`` on ``cell`` (negative ``k`` takes them off)."""
        dwarfs, crowd = self.dwarfs, self.crowd
        i = cell * self.game.num_players + p
        had = dwarfs[i]
        dwarfs[i] = had + k
        if not had or had == -k:  # the seat's first dwarf came, or its last left
            cells = self._seat_cells[p]
            self._seat_cells[p] = tuple(sorted(cells + (cell,))) if had + k else tuple(c for c in cells if c != cell)
        before = crowd[cell]
        crowd[cell] = before + k
        if self._room is not None:
            t = self.top[cell]
            if t >= 0 and (before < SPOTS_OF_LAYER[t]) != (before + k < SPOTS_OF_LAYER[t]):
                self._room = None  # the card filled up or has a free spot again
        board = self._board
        if board is not None:
            refresh_cell_dwarfs(self, board, cell, p)

    def place_from_pile(self, p: int, cell: int, piece: int = -1) -> None:
        """A dwarf of seat ``p`` (plain, or the class ``piece``) leaves the pile for ``cell``."""
        self.pile[p] -= 1  # (the pile is written into the observation directly, not cached)
        if piece >= 0:
            self.pieces[p * NUM_CLASSES + piece] = cell
        self.add_dwarfs(p, cell, 1)

    def return_to_pile(self, p: int, cell: int, k: int) -> None:
        """``k`` dwarfs of seat ``p`` on ``cell`` go back to the pile (plain meeples first, O52)."""
        if self.game.empires and cell in self.pieces:
            for _ in range(k - self.plain_at(p, cell)):
                self.pieces[p * NUM_CLASSES + self.pieces_at(p, cell)[0]] = IN_PILE
        self.add_dwarfs(p, cell, -k)
        self.pile[p] += k

    def move_meeple(self, p: int, src: int, dst: int, piece: int = -1) -> None:
        """One meeple of seat ``p`` goes from ``src`` to ``dst``: the class ``piece`` if given,
        else a plain one, else its class piece there that comes first in class order (O52)."""
        if self.game.empires:
            if piece < 0 and src in self.pieces and not self.plain_at(p, src):
                piece = self.pieces_at(p, src)[0]
            if piece >= 0:
                self.pieces[p * NUM_CLASSES + piece] = dst
        self.add_dwarfs(p, src, -1)
        self.add_dwarfs(p, dst, 1)

    def pieces_at(self, p: int, cell: int) -> list[int]:
        """Classes of seat ``p``'s class pieces on ``cell`` (a cell, or IN_PILE), in class order."""
        base = p * NUM_CLASSES
        pieces = self.pieces
        return [c for c in range(NUM_CLASSES) if pieces[base + c] == cell]

    def plain_at(self, p: int, cell: int) -> int:
        """Seat ``p``'s plain (class-less) meeples on ``cell``."""
        return self.dwarfs_of(p, cell) - len(self.pieces_at(p, cell))

    def plain_in_pile(self, p: int) -> int:
        """Seat ``p``'s plain meeples in its pile."""
        return self.pile[p] - (len(self.pieces_at(p, IN_PILE)) if self.game.empires else 0)

    def clear_cell(self, cell: int) -> None:
        """Every dwarf on ``cell`` goes back to its owner's pile."""
        for p in range(self.game.num_players):
            k = self.dwarfs_of(p, cell)
            if k:
                self.return_to_pile(p, cell, k)

    def touch(self, p: int) -> None:
        """Forget seat ``p``'s cached public features (its hand, pile, goals or monsters changed)."""
        self._public[p] = None
        self._public_version += 1

    def secret_changed(self, p: int) -> None:
        """Hook after seat ``p``'s secret goal was revealed (cached features)."""
        self._public[p] = None
        self._public_version += 1

    # ------------------------------------------------------------------ goals and score
    def goals(self, p: int) -> int:
        """Completed goals of seat ``p``: trading goals and a revealed secret goal (R9)."""
        return len(self.trading_won[p]) + self.secret_revealed[p]

    def score_of(self, p: int) -> int:
        """VP of seat ``p``: goals, defeated monsters, gems in hand, its kingdom (R10.1)."""
        vp = sum(TRADING_GOALS[g].vp for g in self.trading_won[p])
        if self.secret_revealed[p]:
            vp += self.game.secret_vp[self.secret[p]]
        vp += empires.monster_vp(self, p) * len(self.defeated[p])  # X3.3: 4 for elves
        if self.game.empires:  # X5.9: class meeples
            vp += empires.class_vp(self, p)
        vp += sum(c * v for c, v in zip(self.gems.of(p), GEM_VP))
        return vp + self.kingdom_vp(p)


__all__ = ["ALL_KINDS_MASK", "EMPTY", "NO_CELL", "DwarfsFallState"]
