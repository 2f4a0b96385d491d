"""The observation of Mighty Gnomes as each seat sees it, rewritten in place step by step.

Each seat has a :class:`SeatView` on the state: its own observation buffer and the identity of
every cached part last written into it. The state replaces a cached part when it changes and
never edits it (clones share them), so identity tells what to rewrite. Per step only the head
(decision kind, decider, tile, context, drawn chests, session, progress) is written afresh;
the board, the public block, the trail, the player rows and the observer's own chests are
written when their cache changed. The layout is in ``observation.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from gnome_envs.mighty_gnomes.components import NUM_CHEST_KINDS, ROUNDS
from gnome_envs.mighty_gnomes.observation import (
    KIND_COUNT_SCALE,
    LAYOUTS,
    PLAYER_FEATURES,
    STATE_EXTRA,
    TRAIL_SPACES,
    ObservationLayout,
    bag_entry,
    bag_position,
    board_features,
    public_features,
)
from gnome_envs.mighty_gnomes.observation_rows import PACKED_CACHE_SIZE, player_row
from gnome_envs.mighty_gnomes.pending import DecisionKind
from gnome_envs.mighty_gnomes.state import DRUID_TURN, NO_TILE, MightyGnomesState

INVITE, UPGRADE = int(DecisionKind.INVITE), int(DecisionKind.UPGRADE)
ENTRY_BYTES = np.dtype(np.float32).itemsize
ROW_BYTES = PLAYER_FEATURES * ENTRY_BYTES
FREE_INVITE, FREE_UPGRADE, DRUID_CONTEXT, ROUND_END_CONTEXT = 0, 1, 2, 3  # "context" entries


@dataclass(frozen=True)
class Offsets:
    """Where the segments a view writes start, as plain ints, for one player count."""

    num_players: int
    size: int
    decision: int
    decider: int
    turn_player: int
    tile: int
    context: int
    drawn: int
    session: int
    progress: int
    first_claim: int
    board: int  # "forest_icons" to "book_reserve": the per-seat board block
    public: int  # "glades" to "rewards": the block every seat sees alike
    bag: int  # the bag's size, inside the public block but written on its own
    trail: int
    players: int
    own_closed: int
    seat_orders: tuple[tuple[int, ...], ...]  # per observer: the seat each row block describes


def build_offsets(layout: ObservationLayout) -> Offsets:
    """The plain-int offsets of ``layout``."""
    n, at = layout.num_players, layout.at
    orders = tuple(tuple((seat + r) % n for r in range(n)) for seat in range(n))
    return Offsets(n, layout.size, at["decision"], at["decider"], at["turn_player"], at["tile"],
                   at["context"], at["drawn"], at["session"], at["progress"], at["first_claim"],
                   at["forest_icons"], at["glades"], bag_position(layout), at["trail"], at["players"],
                   at["own_closed"], orders)


OFFSETS = {n: build_offsets(layout) for n, layout in LAYOUTS.items()}


class SeatView:
    """One seat's observation buffer and the cached parts written into it."""

    __slots__ = ("at", "obs", "bytes", "board", "public", "bag", "trail", "rows", "closed")

    def __init__(self, at: Offsets) -> None:
        self.at = at
        self.obs = np.zeros(at.size, dtype=np.float32)
        self.bytes = memoryview(self.obs).cast("B")  # the buffer as bytes, for the packed rows
        self.board: np.ndarray | None = None
        self.public: np.ndarray | None = None
        self.bag = -1  # chests in the bag when last written
        self.trail: tuple[int, ...] | None = None
        self.rows: list[bytes | None] = [None] * at.num_players
        self.closed: list[int] = []

    def __reduce__(self) -> tuple:
        """A copy or a pickle is a fresh view: it rewrites everything on first use."""
        return SeatView, (self.at,)


def observe(state: MightyGnomesState, seat: int) -> np.ndarray:
    """Observation vector of ``seat`` (a fresh array; the seat's view is updated in place)."""
    view = state._views[seat]
    if view is None:
        view = state._views[seat] = SeatView(OFFSETS[state.game.num_players])
    at = view.at
    obs = view.obs
    board = state._board[seat]
    if board is None:
        board = seat_board(state, seat)
    if view.board is not board:
        obs[at.board:at.public] = board
        view.board = board
    public = state._public_obs
    if public is None:
        public = state._public_obs = public_features(state)
    if view.public is not public:
        obs[at.public:at.trail] = public
        view.public = public
        view.bag = -1  # the block's bag entry is 0
    if view.bag != len(state.chest_bag):
        obs[at.bag] = bag_entry(state)
        view.bag = len(state.chest_bag)
    head, trail = relative_ones(state, seat)
    if view.trail is not trail:
        view.bytes[at.trail * ENTRY_BYTES:at.players * ENTRY_BYTES] = trail
        view.trail = trail
    _write_rows(state, view, seat)
    closed = state.closed[seat]
    if view.closed != closed:  # lists compared item by item
        _write_closed(view, closed)
    ones = decision_ones(state, seat, at)
    ones += head
    view.bytes[:at.board * ENTRY_BYTES] = one_hot_block(at.board, tuple(ones))
    return obs.copy()


def seat_board(state: MightyGnomesState, seat: int) -> np.ndarray:
    """The board block of ``seat``, built and cached by the state. While no tile lies in the
    forest or the attic (after setup and each refresh) the block is the same from every seat,
    so it is built once and cached for every seat still without one."""
    board = board_features(state, seat)
    if not state.forest_occ and not any(map(any, state.ladder_height)):
        state._board = [board if cached is None else cached for cached in state._board]
    else:
        state._board[seat] = board
    return board


def _write_rows(state: MightyGnomesState, view: SeatView, seat: int) -> None:
    """Player rows, block r = r seats from ``seat``, written where they changed."""
    rows, written = state._rows, view.rows
    start = view.at.players * ENTRY_BYTES
    for r, p in enumerate(view.at.seat_orders[seat]):
        row = rows[p]
        if row is None:
            row = rows[p] = player_row(state, p)
        if written[r] is not row:
            view.bytes[start + r * ROW_BYTES:start + (r + 1) * ROW_BYTES] = row
            written[r] = row


def _write_closed(view: SeatView, closed: list[int]) -> None:
    """The observer's face-down chests, counted per kind."""
    start = view.at.own_closed
    obs = view.obs
    obs[start:start + NUM_CHEST_KINDS] = 0.0
    for kind in closed:
        obs[start + kind] += 1.0 / KIND_COUNT_SCALE
    view.closed = closed[:]


def decision_ones(state: MightyGnomesState, seat: int, at: Offsets) -> list[int]:
    """Positions set to 1.0 in the head for the pending decision, as ``seat`` sees it."""
    n = at.num_players
    ones = []
    turn_player = state.turn_player
    if turn_player >= 0:
        ones.append(at.turn_player + (turn_player - seat) % n)
    if state.tile != NO_TILE:
        ones.append(at.tile + state.tile)
    d = state.pending
    if d is None:
        return ones
    kind = d.kind
    ones += (at.decision + kind, at.decider + (d.player - seat) % n)
    if kind == INVITE and d.data[0]:
        ones.append(at.context + FREE_INVITE)
    elif kind == UPGRADE and d.data[0]:
        ones.append(at.context + FREE_UPGRADE)
    if state.turn_kind == DRUID_TURN:
        ones.append(at.context + DRUID_CONTEXT)
    if turn_player < 0:
        ones.append(at.context + ROUND_END_CONTEXT)
    if state.drawn and d.player == seat:
        ones += [at.drawn + i * NUM_CHEST_KINDS + chest for i, chest in enumerate(state.drawn)]
    if state.session:
        ones += [at.session + ref for ref in state.session]
    return ones


def relative_ones(state: MightyGnomesState, seat: int) -> tuple[tuple[int, ...], bytes]:
    """Positions set to 1.0 for the round, the first player and the first-player box's claimant
    (in the head), and the packed trail block, as seen from ``seat``; cached by the state until
    the trail, the round or the first player change (``touch_public`` and ``touch_all``)."""
    cached = state._relative_obs[seat]
    if cached is None:
        cached = state._relative_obs[seat] = fresh_relative_ones(state, seat)
    return cached


def fresh_relative_ones(state: MightyGnomesState, seat: int) -> tuple[tuple[int, ...], bytes]:
    """:func:`relative_ones` computed from the table."""
    at = OFFSETS[state.game.num_players]
    n = at.num_players
    head = [at.progress + ROUNDS + (state.first_player - seat) % n]
    if state.round:
        head.append(at.progress + state.round - 1)
    if state.first_claimed >= 0:
        head.append(at.first_claim + (state.first_claimed - seat) % n)
    trail = []
    width = TRAIL_SPACES + n
    for rank, p in enumerate(state.trail_order()):
        base = (p - seat) % n * width
        trail += (base + state.trail[p], base + TRAIL_SPACES + rank)
    return tuple(head), one_hot_block(at.players - at.trail, tuple(trail))


# Heads and trails come back again and again, so each distinct one is packed once (bounded).
@lru_cache(maxsize=PACKED_CACHE_SIZE)
def one_hot_block(size: int, ones: tuple[int, ...]) -> bytes:
    """``size`` packed float32 entries: 1.0 at the positions ``ones``, 0.0 elsewhere."""
    block = np.zeros(size, dtype=np.float32)
    block[list(ones)] = 1.0
    return block.tobytes()


def full_state(state: MightyGnomesState) -> np.ndarray:
    """Seat 0's observation plus every seat's face-down chests and the bag (counts / 3)."""
    extra = np.zeros(STATE_EXTRA, dtype=np.float32)
    for p in range(state.game.num_players):
        for kind in state.closed[p]:
            extra[p * NUM_CHEST_KINDS + kind] += 1.0 / KIND_COUNT_SCALE
    for kind in state.chest_bag + state.drawn:
        extra[4 * NUM_CHEST_KINDS + kind] += 1.0 / KIND_COUNT_SCALE
    return np.concatenate([observe(state, 0), extra])


__all__ = ["OFFSETS", "Offsets", "SeatView", "build_offsets", "decision_ones", "fresh_relative_ones",
           "full_state", "observe", "one_hot_block", "relative_ones", "seat_board"]
