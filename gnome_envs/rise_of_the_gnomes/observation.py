"""Observation vector of Rise of the Gnomes.

Hidden from a seat: the type and icon of face-down tiles (their public mix is given), the
order of the allies and Gnome decks, other players' judges (kept, dealt and returned), and in
cutthroat games other players' Gnome cards (only their number). Seats are relative: index ``r``
of a per-seat block is the player ``r`` seats clockwise from the observer (``r = 0`` is the
observer); per-owner blocks add the Gnomes last. All values lie in [0, 1]: a count is divided
by one more than the most it can reach, so none sits at the Box bound; points and gold have
no limit and are divided by scales far above any measured game (``seeds/rise_of_the_gnomes.md``
O46), clipped only as a guard.

=================  ==========================  ==============================================
segment            size                        content
=================  ==========================  ==============================================
decision           30                          one-hot kind of the pending decision
decider            n                           relative seat deciding now
start_player       n                           holder of the starting player card
turn               5                           one-hot turn
phase              7                           one-hot phase (0: setup / over, 1-6)
context_tiles      37                          tiles the pending decision is about (rampage
                                               tile, caravan source, target being built...)
context_values     6                           cubes / removals left or cost (/10, cost /4),
                                               purpose, tribute steps taken and allowed (/3),
                                               cubes moved, Gnome action line (/4)
context_action     5                           action card action being paid for
bribed             n + 1                       owners who bribed the rampaging dragon
tiles              37 x (26 + 3n)              per position: in play, face up, type (11),
                                               icon (4), zone (4), dragon, boat, cubes per
                                               owner /41, breweries per owner /3, controller
hidden_mix         11                          face-down tiles per type / 18
players            n x 99                      per seat: points /250, gold /100, beer /21,
                                               production /21, cubes out /41, breweries out
                                               /10, brewers (left, owned /10, reserve),
                                               upgrades (8), board tokens released (boxes
                                               1, 3, 5, 7, 9), abilities (21, copies /4),
                                               race (10), allies (38), spaces used (allies 5,
                                               own board 3: brewers /10)
gnomes             11                          points /250, gold /60, cubes out /33,
                                               breweries out /6, difficulty (7)
board_spaces       7 x n                       brewers per board action and seat / 10
action_display     8 x (10 + 3n)               card id, occupant of each space
ally_row           6 x 38                      face-up allies on offer
allies_gone        38                          allies left unpicked (out of the game)
hand_sizes         n                           Gnome cards in each hand / 5
gnome_card         50                          the Gnome card being played
gnome_discard      50                          Gnome cards played since the last reshuffle
stacks             4                           Gnome deck / 51, allies deck / 39, boats / 6,
                                               upgrade tokens in the supply / 41
dragon_off         1                           the dragon still waits on the score board
judges             2 x 18                      own kept judges; own judges being chosen
returned_judge     18                          the judge this seat returned to the box
hand               50                          own Gnome cards (cutthroat)
=================  ==========================  ==============================================

Speed: every segment up to ``dragon_off`` is public. The state keeps the vector in absolute
seat order (``public_part``), rewriting in place only what its ``touch_*`` methods marked
stale since (a map position's pieces or face, a seat's row or its slow-changing part, the
brewer spaces, the cards; ``obs_blocks`` writes each part), plus the pending decision
(``obs_head``) and the stacks; ``check_invariants`` compares it with a fresh build. A clone
shares the vector until either side writes to it. The observer's private cards are written
into its last segments; the result is a copy for seat 0, else one gather through an index
precomputed per seat that makes it seat-relative.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from gnome_envs.core.engine import LayoutBuilder, Segment
from gnome_envs.rise_of_the_gnomes.actions import SLOTS
from gnome_envs.rise_of_the_gnomes.cards import (
    ACTION_DISPLAY,
    MAX_CARD_SPACES,
    NUM_ACTION_CARDS,
    NUM_ALLIES,
    NUM_GNOME_CARDS,
    NUM_JUDGES,
    ActionKind,
)
from gnome_envs.rise_of_the_gnomes.components import (
    NUM_ICONS,
    NUM_PHASES,
    NUM_POSITIONS,
    NUM_TILE_TYPES,
    NUM_TURNS,
    BoardAction,
)
from gnome_envs.rise_of_the_gnomes.obs_blocks import (
    GNOME_FEATURES,
    PLAYER_FEATURES,
    STACK_SCALES,
    STALE_CARDS,
    STALE_SPACES,
    STALE_TILES,
    TILE_STATIC,
    gnome_counts,
    put,
    tile_width,
    write_cards,
    write_face,
    write_gnome_counts,
    write_gnomes,
    write_mix,
    write_pieces,
    write_player,
    write_player_amounts,
    write_player_spaces,
    write_player_static,
    write_spaces,
    write_tiles,
    zero,
)
from gnome_envs.rise_of_the_gnomes.obs_head import write_head
from gnome_envs.rise_of_the_gnomes.pending import NUM_DECISION_KINDS

if TYPE_CHECKING:  # state.py imports this module
    from gnome_envs.rise_of_the_gnomes.state import RiseState

CONTEXT_VALUES = 6


def tile_features(n: int) -> int:
    """Features per map position for ``n`` players."""
    return tile_width(n)


@dataclass(frozen=True)
class ObservationLayout:
    """Segments of the observation vector for one player count, and the per-seat gathers."""

    num_players: int
    segments: tuple[Segment, ...]
    size: int
    at: dict[str, int]
    tile_width: int
    public_size: int
    gather: tuple[np.ndarray, ...]  # per seat: its observation = the state's vector[gather]


SEGMENTS = (
    ("decision", lambda n: NUM_DECISION_KINDS), ("decider", lambda n: n), ("start_player", lambda n: n),
    ("turn", lambda n: NUM_TURNS), ("phase", lambda n: NUM_PHASES), ("context_tiles", lambda n: NUM_POSITIONS),
    ("context_values", lambda n: CONTEXT_VALUES), ("context_action", lambda n: len(ActionKind)),
    ("bribed", lambda n: n + 1), ("tiles", lambda n: NUM_POSITIONS * tile_features(n)),
    ("hidden_mix", lambda n: NUM_TILE_TYPES), ("players", lambda n: n * PLAYER_FEATURES),
    ("gnomes", lambda n: GNOME_FEATURES), ("board_spaces", lambda n: len(BoardAction) * n),
    ("action_display", lambda n: ACTION_DISPLAY * (NUM_ACTION_CARDS + MAX_CARD_SPACES * n)),
    ("ally_row", lambda n: SLOTS * NUM_ALLIES), ("allies_gone", lambda n: NUM_ALLIES),
    ("hand_sizes", lambda n: n), ("gnome_card", lambda n: NUM_GNOME_CARDS),
    ("gnome_discard", lambda n: NUM_GNOME_CARDS), ("stacks", lambda n: 4), ("dragon_off", lambda n: 1),
    ("judges", lambda n: 2 * NUM_JUDGES), ("returned_judge", lambda n: NUM_JUDGES),
    ("hand", lambda n: NUM_GNOME_CARDS),
)
PRIVATE = ("judges", "returned_judge", "hand")


def build_layout(n: int) -> ObservationLayout:
    """The observation layout for ``n`` players."""
    b = LayoutBuilder()
    for name, size in SEGMENTS:
        b.add(name, size(n))
    segments = b.build()
    at = {s.name: s.start for s in segments}
    public = at[PRIVATE[0]]
    gather = tuple(_gather(n, seat, at, b.size) for seat in range(n))
    return ObservationLayout(n, segments, b.size, at, tile_features(n), public, gather)


def _gather(n: int, seat: int, at: dict[str, int], size: int) -> np.ndarray:
    """Index turning the absolute vector into ``seat``'s relative view (the private part stays)."""
    index = np.arange(size)
    seats = [(seat + r) % n for r in range(n)]

    def seat_block(start: int) -> None:
        index[start:start + n] = [start + q for q in seats]

    for name in ("decider", "start_player", "hand_sizes"):
        seat_block(at[name])
    seat_block(at["bribed"])  # the Gnomes' entry (last) stays
    width = tile_features(n)
    for pos in range(NUM_POSITIONS):
        row = at["tiles"] + pos * width + TILE_STATIC
        for block in range(3):
            seat_block(row + block * (n + 1))
    players = at["players"]
    for r, q in enumerate(seats):
        index[players + r * PLAYER_FEATURES:players + (r + 1) * PLAYER_FEATURES] = np.arange(
            players + q * PLAYER_FEATURES, players + (q + 1) * PLAYER_FEATURES)
    for a in range(len(BoardAction)):
        seat_block(at["board_spaces"] + a * n)
    card_width = NUM_ACTION_CARDS + MAX_CARD_SPACES * n
    for d in range(ACTION_DISPLAY):
        for s in range(MAX_CARD_SPACES):
            seat_block(at["action_display"] + d * card_width + NUM_ACTION_CARDS + s * n)
    return index


LAYOUTS = {n: build_layout(n) for n in range(1, 6)}
STATE_EXTRA = NUM_POSITIONS * (NUM_TILE_TYPES + NUM_ICONS) + 5 * 3 * NUM_JUDGES + 5 * NUM_GNOME_CARDS + 2


# ============================================================================ the vector
def public_vector(state: RiseState) -> np.ndarray:
    """Everything public, in absolute seat order (the layout up to ``dragon_off``; the private
    segments after it are zero), built afresh without reading or changing the state's vector."""
    layout = LAYOUTS[state.n]
    at = layout.at
    public = np.zeros(layout.size, dtype=np.float32)
    write_tiles(state, public, at["tiles"])
    for p in range(state.n):
        write_player(state, p, public, at["players"])
    write_gnomes(state, public, at["gnomes"])
    write_spaces(state, public, at["board_spaces"])
    write_cards(state, public, at["ally_row"])
    write_head(state, public, at)
    _write_stacks(state, public, at["stacks"], _stack_counts(state))
    return public


def public_part(state: RiseState) -> np.ndarray:
    """The state's observation vector in absolute seat order, its public part brought up to date
    in place and returned (the state keeps it: callers copy; the private segments hold the last
    observer's cards). What went stale since the last call is rewritten (the
    state's ``touch_*`` methods list it), the pending decision and the stacks every time; a
    vector shared with a clone is copied first."""
    return _refreshed(state)[0]


def _refreshed(state: RiseState) -> tuple[np.ndarray, memoryview]:
    """:func:`public_part`, and a memoryview of it (the writers set entries faster through it)."""
    at = LAYOUTS[state.n].at
    public = state._obs_public
    if public is None:
        public = state._obs_public = public_vector(state)
        _mark_fresh(state, _stack_counts(state), gnome_counts(state))
        return public, memoryview(public)
    if state._obs_shared:
        public = state._obs_public = public.copy()
    view = memoryview(public)
    _refresh_map(state, public, view, at["tiles"])
    _refresh_players(state, view, at["players"])
    counts = gnome_counts(state)
    if counts != state._obs_gnome:
        write_gnome_counts(state, view, at["gnomes"])
    stale = state._stale_parts
    if stale:
        if stale & STALE_SPACES:
            write_spaces(state, view, at["board_spaces"])
        if stale & STALE_CARDS:
            write_cards(state, view, at["ally_row"])
    write_head(state, view, at)
    stacks = _stack_counts(state)
    if stacks != state._obs_stacks:
        _write_stacks(state, view, at["stacks"], stacks)
    _mark_fresh(state, stacks, counts)
    return public, view


def _mark_fresh(state: RiseState, stacks: tuple, gnome: tuple) -> None:
    """Nothing in the state's public vector is stale now (it is the state's own)."""
    state._obs_shared = False
    state._stale_parts = 0
    state._obs_stacks = stacks
    state._obs_gnome = gnome
    state._dirty_tiles = state._dirty_faces = state._dirty_rows = state._dirty_spaces = state._dirty_static = ()


def _refresh_map(state: RiseState, public: np.ndarray, view: memoryview, start: int) -> None:
    if state._stale_parts & STALE_TILES:
        write_tiles(state, public, start)
        return
    for pos in state._dirty_tiles:
        write_pieces(state, view, start, pos)
    if state._dirty_faces:
        for pos in state._dirty_faces:
            write_face(state, view, start, pos)
        write_mix(state, view, start)


def _refresh_players(state: RiseState, public: memoryview, start: int) -> None:
    for p in state._dirty_static:
        write_player_static(state, p, public, start)
    for p in state._dirty_rows:
        write_player_amounts(state, p, public, start)
    for p in state._dirty_spaces:
        write_player_spaces(state, p, public, start)


def _stack_counts(state: RiseState) -> tuple[int, int, int, int, bool]:
    return len(state.gnome_deck), len(state.ally_deck), state.boat_supply, state.upgrade_supply, state.dragon < 0


def _write_stacks(state: RiseState, public: np.ndarray | memoryview, start: int, counts: tuple) -> None:
    deck, allies, boats, tokens = STACK_SCALES
    gnome_cards, ally_cards, boats_left, tokens_left, dragon_off = counts
    put(public, start, (gnome_cards / deck, ally_cards / allies, boats_left / boats, tokens_left / tokens,
                        float(dragon_off)))


def observe(state: RiseState, seat: int) -> np.ndarray:
    """Observation vector of ``seat``: the public part (seat 0's view is the absolute order,
    the others' are gathered seat-relative), then the seat's private cards."""
    layout = LAYOUTS[state.n]
    vector, view = _refreshed(state)
    _write_private(state, seat, view, layout.public_size)
    if seat == 0:  # seat 0's gather is the identity
        return vector.copy()
    return vector.take(layout.gather[seat], mode="clip")  # every index is in range: no bounds check


def _write_private(state: RiseState, seat: int, vector: memoryview, start: int) -> None:
    """``seat``'s judges and Gnome cards into the private segments (from ``start``)."""
    zero(vector, start, len(vector))
    for j in state.judges[seat]:
        vector[start + j] = 1.0
    for j in state.judge_hand[seat]:
        vector[start + NUM_JUDGES + j] = 1.0
    if state.judge_discarded[seat] >= 0:  # the judge this seat returned to the box (only it knows)
        vector[start + 2 * NUM_JUDGES + state.judge_discarded[seat]] = 1.0
    for c in state.hands[seat]:
        vector[start + 3 * NUM_JUDGES + c] = 1.0


def full_state(state: RiseState) -> np.ndarray:
    """Seat 0's observation plus everything hidden: face-down tiles, every judge held or being
    chosen, every Gnome card in hand, the tops of the allies and Gnome decks."""
    extra = np.zeros(STATE_EXTRA, dtype=np.float32)
    width = NUM_TILE_TYPES + NUM_ICONS
    for pos in state.game.positions:
        if not state.revealed[pos]:
            extra[pos * width + state.tile_type[pos]] = 1.0
            extra[pos * width + NUM_TILE_TYPES + state.tile_icon[pos]] = 1.0
    start = NUM_POSITIONS * width
    for p in range(state.n):
        for j in state.judges[p]:
            extra[start + p * 3 * NUM_JUDGES + j] = 1.0
        for j in state.judge_hand[p]:
            extra[start + p * 3 * NUM_JUDGES + NUM_JUDGES + j] = 1.0
        if state.judge_discarded[p] >= 0:
            extra[start + p * 3 * NUM_JUDGES + 2 * NUM_JUDGES + state.judge_discarded[p]] = 1.0
    start += 5 * 3 * NUM_JUDGES
    for p in range(state.n):
        for c in state.hands[p]:
            extra[start + p * NUM_GNOME_CARDS + c] = 1.0
    start += 5 * NUM_GNOME_CARDS
    extra[start] = (state.gnome_deck[-1] + 1) / NUM_GNOME_CARDS if state.gnome_deck else 0.0
    extra[start + 1] = (state.ally_deck[-1] + 1) / NUM_ALLIES if state.ally_deck else 0.0
    return np.concatenate([observe(state, 0), extra])
