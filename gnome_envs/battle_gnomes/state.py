"""The Battle Gnomes! state: decks, hands, households, the battle, and the pending decision.

Rules live in ``flow`` (setup, turns, the end), ``organize`` (Organize, Recruit and turn
cards), ``battle`` (the Gnome Battle and its totals) and ``responses`` (declarations and
response windows); this module holds the data and the queries and mutations they share.
Everything random comes from ``self.rng``.

Cards are stored by design index (``components.CARDS``); gnomes by id (``components.GNOMES``).
Per-gnome data (attachments, battle marks) live in flat lists and bit masks indexed by gnome
id. Every component is always in exactly one place:

==============  =========================================================================
player cards    ``deck`` (face down, top = last), ``discard`` (face up), ``hands``,
                ``weapon``/``defence`` (attached), ``yard``, ``held`` (in transit during
                Organize or a Swipe), ``stack`` (declared, awaiting responses), ``b_area``
                (played in the current battle, in view until it ends)
gnomes          ``gnome_deck`` (face down), ``selection`` (face up, -1 = empty slot),
                ``households``, ``defeated`` (the winners' stacks), ``removed`` (out of the game)
==============  =========================================================================
"""

from __future__ import annotations

from bisect import insort
from functools import cache
from types import ModuleType
from typing import NamedTuple

import numpy as np

from gnome_envs.battle_gnomes.components import (
    GNOME_HAND_LIMIT,
    HAND_LIMIT,
    MIN_HAND_LIMIT,
    NUM_GNOMES,
    SELECTION_SIZE,
    SLOT_OF_DESIGN,
    Slot,
)
from gnome_envs.battle_gnomes.pending import RULES, Decision, DecisionKind
from gnome_envs.core.decision_state import DecisionLoopState
from gnome_envs.core.engine import new_rng
from gnome_envs.core.errors import InvariantError

NO_CARD = -1
NO_GNOME = -1
NO_SEAT = -1
NESTED_LISTS = frozenset({"hands", "households", "yard", "defeated"})  # lists of lists


@cache
def _observation() -> ModuleType:
    """The observation module, imported on first use (it imports this module)."""
    from gnome_envs.battle_gnomes import observation

    return observation


class Thrown(NamedTuple):
    """A thrown item that took effect in the current battle."""

    design: int
    side: int  # the side it hit
    thrower: int  # the household that played it
    base: int  # what it takes away before Snickers and Umbrellas (fixed when it took effect)
    washed: bool = False  # a Garden Hose made it count 0


class BattleGnomesState(DecisionLoopState):
    """A Battle Gnomes! position."""

    DECISION_KINDS = DecisionKind
    RULES = RULES
    NESTED_LISTS = NESTED_LISTS
    HASH_EXCLUDED = ("game", "rng", "decisions")

    def __init__(self, game, seed: int | None) -> None:
        self.game = game
        self._rng: np.random.Generator | None = new_rng(seed)
        self._rng_snapshot: dict | None = None
        self.decisions = 0
        self._mask = None
        n = game.num_players
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.gnome_deck: list[int] = []
        self.selection: list[int] = [NO_GNOME] * SELECTION_SIZE
        self.households: list[list[int]] = [[] for _ in range(n)]
        self.weapon: list[int] = [NO_CARD] * NUM_GNOMES
        self.defence: list[int] = [NO_CARD] * NUM_GNOMES
        self.yard: list[list[int]] = [[] for _ in range(n)]
        self.defeated: list[list[int]] = [[] for _ in range(n)]
        self.removed: list[int] = []
        self.held = NO_CARD
        self.organizing = False  # an Organize turn action is running
        self.settled = 0  # bit 2*gnome+slot: placed during this Organize, cannot be lifted again
        self.turn_player = NO_SEAT
        self.turn_number = 0
        self.in_setup = True
        self.final_round = False
        self.final_turns_left = 0
        self.winner = NO_SEAT
        self.finished = False
        self.pending: Decision | None = None
        self.tasks: list[tuple] = []
        self.stack: list[tuple] = []  # response frames (responses.Frame), innermost last
        self.clear_battle()
        # cached observation blocks (observation_parts, observation_battle): rows and keys rebuilt as
        # new objects after the touch_* methods below drop them, never written in place
        self._house_rows: list[np.ndarray | None] = [None] * n
        self._hand_keys: list[tuple | None] = [None] * n
        self._gnomes_key: tuple | None = None
        self._discard_key: tuple | None = None
        self._battle_key: tuple | None = None
        self._hands_touched = 0  # touch_hand calls so far (a view compares hand sizes only after one)
        self._houses_touched = 0  # touch_house calls so far (a view looks at the rows only after one)
        self._views: dict | None = None  # observation.SeatView by seat, made by observe()

    def clear_battle(self) -> None:
        """Forget the battle (no battle is running)."""
        self.b_att = NO_SEAT
        self.b_def = NO_SEAT
        self.b_stage = 0  # battle.Stage
        self.b_sides: list[tuple[int, ...]] = [(), ()]
        self.b_mods = [0, 0]
        self.b_actions = [0, 0]  # action cards resolved per side (Sage)
        self.b_home = 0  # bit per side: Home Turf
        self.b_sneak = False
        self.b_off = False  # called off by a Truce Flag
        self.b_pep = 0  # gnome bit mask: Pep Talk
        self.b_null_w = 0  # gnome bit mask: weapon counts 0 (Sabotage)
        self.b_null_d = 0  # gnome bit mask: defence counts 0 (Whisper)
        self.b_used = 0  # gnome bit mask: function used this battle
        self.b_thrown: tuple[Thrown, ...] = ()
        self.b_area: list[int] = []
        self.b_by: list[int] = []  # the household that played each card of ``b_area``
        self._battle_key = None

    # ------------------------------------------------------------------ engine contract
    def scores(self) -> np.ndarray:
        """Victory points per seat: defeated gnomes set aside."""
        return np.array([len(d) for d in self.defeated], dtype=np.float64)

    def items_in_play(self, seat: int) -> int:
        """Attachments on the seat's gnomes plus its yard items (the tie-break)."""
        count = len(self.yard[seat])
        for g in self.households[seat]:
            count += (self.weapon[g] >= 0) + (self.defence[g] >= 0)
        return count

    def placements(self) -> tuple[int, ...]:
        """R9: an instant winner is first; the rest by defeated gnomes, then items in play."""
        n = self.game.num_players
        keys = [(len(self.defeated[p]), self.items_in_play(p)) for p in range(n)]
        if self.winner >= 0:
            keys[self.winner] = (len(self.defeated[self.winner]) + n, 0)
        return tuple(sum(1 for other in keys if other > key) for key in keys)

    def observation(self, seat: int) -> np.ndarray:
        """Everything ``seat`` may see (see observation.py for the layout)."""
        return _observation().observe(self, seat)

    def state_vector(self) -> np.ndarray:
        """Full-information vector: seat 0's view plus every hand and the deck's top card."""
        return _observation().full_state(self)

    def audit_events(self) -> dict[str, float]:
        """How the game ended and how far it got (see audit.py)."""
        from gnome_envs.battle_gnomes.audit import audit_events

        return audit_events(self)

    def describe_action(self, action: int, viewer: int | None = None) -> str:
        """Meaning of ``action`` in the pending decision as seat ``viewer`` sees it (None: every fact)."""
        from gnome_envs.battle_gnomes.render import describe_action

        return describe_action(self, action, viewer)

    def render_text(self, seat: int | None = None) -> str:
        """The table as text (public, plus ``seat``'s hidden cards when given)."""
        from gnome_envs.battle_gnomes.render import render_text

        return render_text(self, seat)

    # ------------------------------------------------------------------ copies
    def clone(self) -> BattleGnomesState:
        """A deep, independent copy; cached blocks are shared (never written), views are not."""
        other = super().clone()  # shares the views' dict (only lists are copied): dropped here
        other._views = None  # a view's buffer is written in place: observe() makes the clone's own
        return other

    def determinize(self, seat: int, rng: np.random.Generator) -> BattleGnomesState:
        """A clone with the other hands, the deck order and the gnome deck order resampled."""
        from gnome_envs.battle_gnomes.pending import reoffer

        other = self.clone()
        n = self.game.num_players
        others = [p for p in range(n) if p != seat]
        pool = list(other.deck)
        for p in others:
            pool += other.hands[p]
        pool.sort()  # canonical order before each shuffle: the sample depends only on what seat knows
        rng.shuffle(pool)
        start = 0
        for p in others:
            size = len(other.hands[p])
            other.hands[p] = sorted(pool[start:start + size])
            start += size
        other.deck = pool[start:]
        other.gnome_deck.sort()
        rng.shuffle(other.gnome_deck)
        other.rng = np.random.Generator(np.random.PCG64(int(rng.integers(2**63))))
        other._hand_keys = [None] * n
        other._battle_key = None
        if other.pending is not None and other.pending.player != seat:
            reoffer(other)
        other._mask = None
        return other

    # ------------------------------------------------------------------ caches
    def touch_house(self, seat: int) -> None:
        """Forget the cached public features of household ``seat`` (and of a running battle,
        whose totals count attachments, yard items and gnomes)."""
        self._house_rows[seat] = None
        self._houses_touched += 1
        if self.b_att >= 0:  # without a battle its key is the empty one whatever the households
            self._battle_key = None

    def touch_hand(self, seat: int) -> None:
        """Forget the cached hand of ``seat`` (hand sizes are never cached)."""
        self._hand_keys[seat] = None
        self._hands_touched += 1

    def touch_table(self) -> None:
        """Forget the cached features of the gnome deck, the selection and the discard pile."""
        self._gnomes_key = None
        self._discard_key = None

    def touch_discard(self) -> None:
        """Forget the cached features of the discard pile."""
        self._discard_key = None

    def touch_battle(self) -> None:
        """Forget the cached battle features."""
        self._battle_key = None

    # ------------------------------------------------------------------ cards
    def draw(self, seat: int, count: int) -> int:
        """Draw ``count`` cards (reshuffling the discards when the deck runs out); return how many."""
        hand = self.hands[seat]
        drawn = 0
        for _ in range(count):
            if not self.deck:
                if not self.discard:
                    break
                self.deck, self.discard = self.discard, []
                self.rng.shuffle(self.deck)
                self.touch_discard()
            insort(hand, self.deck.pop())
            drawn += 1
        if drawn:
            self.touch_hand(seat)
        return drawn

    def hand_limit(self, seat: int) -> int:
        """R1.3: five, changed by the household's gnomes (never below one)."""
        limit = HAND_LIMIT
        for g in self.households[seat]:
            limit += GNOME_HAND_LIMIT[g]
        return max(MIN_HAND_LIMIT, limit)

    def take_from_hand(self, seat: int, design: int) -> None:
        """Remove one card of ``design`` from ``seat``'s hand."""
        self.hands[seat].remove(design)
        self.touch_hand(seat)

    def to_discard(self, design: int) -> None:
        """Put one card of ``design`` face up on the discard pile."""
        self.discard.append(design)
        self.touch_discard()

    def attachment(self, gnome: int, slot: int) -> int:
        """Design attached to ``gnome`` in ``slot`` (-1 if none)."""
        return self.weapon[gnome] if slot == Slot.WEAPON else self.defence[gnome]

    def set_attachment(self, gnome: int, slot: int, design: int) -> None:
        """Put ``design`` (or -1) in ``gnome``'s ``slot``; the caller handles the old card."""
        if slot == Slot.WEAPON:
            self.weapon[gnome] = design
        else:
            self.defence[gnome] = design
        self.touch_house(self.owner(gnome))

    def attach(self, seat: int, gnome: int, design: int) -> None:
        """Attach ``design``; an attachment already in that slot is discarded (an upgrade)."""
        slot = SLOT_OF_DESIGN[design]
        old = self.attachment(gnome, slot)
        if old >= 0:
            self.to_discard(old)
        self.set_attachment(gnome, slot, design)

    def strip(self, gnome: int) -> None:
        """Discard both attachments of ``gnome``."""
        for slot in Slot:
            old = self.attachment(gnome, slot)
            if old >= 0:
                self.to_discard(old)
                self.set_attachment(gnome, slot, NO_CARD)

    # ------------------------------------------------------------------ gnomes
    def owner(self, gnome: int) -> int:
        """Seat whose household holds ``gnome`` (-1 if none)."""
        for seat, gnomes in enumerate(self.households):
            if gnome in gnomes:
                return seat
        return NO_SEAT

    def add_gnome(self, seat: int, gnome: int) -> None:
        """``gnome`` joins household ``seat``."""
        self.households[seat].append(gnome)
        self.touch_house(seat)

    def leave_household(self, seat: int, gnome: int) -> None:
        """``gnome`` leaves household ``seat`` with its attachments discarded."""
        self.strip(gnome)
        self.households[seat].remove(gnome)
        self.touch_house(seat)

    def take_selection(self, slot: int) -> int:
        """Take the selection gnome in ``slot`` and refill the slot (R6.1); on failure, R9.2."""
        gnome = self.selection[slot]
        if self.gnome_deck:
            self.selection[slot] = self.gnome_deck.pop()
        else:
            self.selection[slot] = NO_GNOME
            if not self.in_setup and not self.final_round:
                self.final_round = True  # R9.2: this turn, then one more turn each
                self.final_turns_left = self.game.num_players + 1
        self.touch_table()
        return gnome

    def side_of(self, seat: int) -> int:
        """0 for the attacker, 1 for the defender, -1 for a household outside the battle."""
        if seat == self.b_att:
            return 0
        if seat == self.b_def:
            return 1
        return -1

    def side_seat(self, side: int) -> int:
        """Seat of the household battling on ``side``."""
        return self.b_att if side == 0 else self.b_def

    # ------------------------------------------------------------------ invariants
    def check_invariants(self) -> None:
        """Raise InvariantError if any component was created or lost."""
        from gnome_envs.battle_gnomes.invariants import check

        problems = check(self)
        if problems:
            raise InvariantError("; ".join(problems))
