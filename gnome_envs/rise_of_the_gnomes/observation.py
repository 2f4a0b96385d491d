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

Speed: every segment up to ``dragon_off`` is public. It is written in absolute seat order
from parts the state caches (``obs_blocks``: map, each seat's row, brewer spaces, cards;
invalidated by the state's ``touch_*`` methods and checked by ``check_invariants``): straight
into the result for seat 0, else into a scratch vector turned seat-relative by one gather
through an index precomputed per seat; the private segments are written last.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    COST_SCALE,
    GNOME_FEATURES,
    LEVEL_SCALE,
    PLAYER_FEATURES,
    STACK_ENTRIES,
    STACK_SCALES,
    STEP_SCALE,
    TILE_STATIC,
    VALUE_SCALE,
    _gnome_part,
    cards_block,
    players_block,
    spaces_block,
    tile_block,
)
from gnome_envs.rise_of_the_gnomes.pending import NUM_DECISION_KINDS, DecisionKind
from gnome_envs.rise_of_the_gnomes.state import RiseState

CONTEXT_VALUES = 6


def tile_features(n: int) -> int:
    """Features per map position for ``n`` players."""
    return TILE_STATIC + 3 * (n + 1)


@dataclass(frozen=True)
class ObservationLayout:
    """Segments of the observation vector for one player count, and the per-seat gathers."""

    num_players: int
    segments: tuple[Segment, ...]
    size: int
    at: dict[str, int]
    tile_width: int
    public_size: int
    gather: tuple[np.ndarray, ...]  # per seat: public observation = absolute public[gather]


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
    gather = tuple(_gather(n, seat, at, public) for seat in range(n))
    return ObservationLayout(n, segments, b.size, at, tile_features(n), public, gather)


def _gather(n: int, seat: int, at: dict[str, int], public: int) -> np.ndarray:
    """Index turning the absolute public vector into ``seat``'s relative view."""
    index = np.arange(public)
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
def write_public(state: RiseState, public: np.ndarray) -> None:
    """Write everything public, in absolute seat order, into ``public`` (zeros, at least the
    layout up to ``dragon_off``)."""
    layout = LAYOUTS[state.n]
    at = layout.at
    _write_decision(state, public, at)
    tiles = tile_block(state)
    start = at["tiles"]
    public[start:start + tiles.size] = tiles
    players = players_block(state)
    start = at["players"]
    public[start:start + players.size] = players
    start = at["gnomes"]
    public[start:start + GNOME_FEATURES] = _gnome_part(state)
    spaces = spaces_block(state)
    start = at["board_spaces"]
    public[start:start + spaces.size] = spaces
    cards = cards_block(state)
    start = at["ally_row"]
    public[start:start + cards.size] = cards
    _write_stacks(state, public, at["stacks"])


def public_vector(state: RiseState) -> np.ndarray:
    """Everything public, in absolute seat order (the layout up to ``dragon_off``)."""
    public = np.zeros(LAYOUTS[state.n].public_size, dtype=np.float32)
    write_public(state, public)
    return public


class PublicView:
    """The state's last public vector (absolute seats) and the cached blocks it was written from."""

    __slots__ = ("public", "blocks")

    def __init__(self, layout: ObservationLayout) -> None:
        self.public = np.zeros(layout.public_size, dtype=np.float32)
        self.blocks: list = [None] * len(BLOCKS)


# the cached blocks of the public vector: (builder, segment it starts at)
BLOCKS = ((tile_block, "tiles"), (players_block, "players"), (_gnome_part, "gnomes"),
          (spaces_block, "board_spaces"), (cards_block, "ally_row"))


def cached_public(state: RiseState) -> np.ndarray:
    """The public vector (absolute seats): the decision and the stacks rewritten, each cached
    block only when it was replaced since (the blocks are never changed in place)."""
    layout = LAYOUTS[state.n]
    view = state._public_view
    if view is None:
        view = state._public_view = PublicView(layout)
    public = view.public
    at = layout.at
    public[:at["tiles"]] = 0.0
    _write_decision(state, public, at)
    written = view.blocks
    for i, (build, name) in enumerate(BLOCKS):
        block = build(state)
        if block is not written[i]:
            start = at[name]
            public[start:start + block.size] = block
            written[i] = block
    _write_stacks(state, public, at["stacks"])
    return public


def _write_stacks(state: RiseState, public: np.ndarray, start: int) -> None:
    deck, allies, boats, tokens = STACK_SCALES
    public[start:start + STACK_ENTRIES] = (len(state.gnome_deck) / deck, len(state.ally_deck) / allies,
                                           state.boat_supply / boats, state.upgrade_supply / tokens,
                                           float(state.dragon < 0))


def observe(state: RiseState, seat: int) -> np.ndarray:
    """Observation vector of ``seat``: the public part (seat 0's view is the absolute order,
    the others' are gathered seat-relative), then the seat's private cards."""
    layout = LAYOUTS[state.n]
    size = layout.public_size
    out = np.empty(layout.size, dtype=np.float32)
    public = cached_public(state)
    if seat == 0:  # seat 0's gather is the identity
        out[:size] = public
    else:
        np.take(public, layout.gather[seat], out=out[:size])
    out[size:] = 0.0
    ones = [size + j for j in state.judges[seat]]
    ones += [size + NUM_JUDGES + j for j in state.judge_hand[seat]]
    if state.judge_discarded[seat] >= 0:  # the judge this seat returned to the box (only it knows)
        ones.append(size + 2 * NUM_JUDGES + state.judge_discarded[seat])
    ones += [size + 3 * NUM_JUDGES + c for c in state.hands[seat]]
    out[ones] = 1.0
    return out


def _write_decision(state: RiseState, part: np.ndarray, at: dict[str, int]) -> None:
    """The pending decision and its context into ``part`` (zeros up to the tiles segment)."""
    ones = [at["start_player"] + state.start_player, at["phase"] + state.phase]
    if state.turn:
        ones.append(at["turn"] + state.turn - 1)
    if state.rampage_tile >= 0:
        ones.append(at["context_tiles"] + state.rampage_tile)
    if state.bribed:
        ones += [at["bribed"] + o for o in range(state.owners) if state.bribed >> o & 1]
    d = state.pending
    if d is not None:
        ones += [at["decision"] + d.kind, at["decider"] + d.player]
        _context(d, part, at, ones)
    part[ones] = 1.0


CONTEXT_TILE_FIRST = {  # decisions whose data[0] is a map position
    DecisionKind.BREWERY_SOURCE, DecisionKind.COMPETITION_REMOVE, DecisionKind.CARAVAN_DEST,
    DecisionKind.MOVE_SOURCE, DecisionKind.GNOME_VICTIM, DecisionKind.GNOME_CARAVAN_TILE,
    DecisionKind.COMPETITION_ADD,
}
AMOUNT_LAST = {DecisionKind.DELIVERY_TILE, DecisionKind.FESTIVAL_TILE, DecisionKind.CARAVAN_SOURCE,
               DecisionKind.CUBES_TILE, DecisionKind.COMPETITION_TILE, DecisionKind.MOVE_SOURCE,
               DecisionKind.COMPETITION_ADD}


def _context(d, part: np.ndarray, at: dict[str, int], ones: list[int]) -> None:
    kind, data = d.kind, d.data
    v = at["context_values"]
    if kind in CONTEXT_TILE_FIRST:
        ones.append(at["context_tiles"] + data[0])
    if kind == DecisionKind.PAY_ACTION:
        part[v] = data[1] / COST_SCALE
        part[v + 1] = data[0]
        if data[0] == 0:
            ones.append(at["context_action"] + data[2])
    elif kind == DecisionKind.TRIBUTE_STEP:
        ones.append(at["context_tiles"] + data[0])
        part[v + 2] = data[1] / STEP_SCALE
        part[v + 3] = data[2] / STEP_SCALE
    elif kind in (DecisionKind.CARAVAN_DEST, DecisionKind.COMPETITION_REMOVE):
        part[v] = min(data[1] / VALUE_SCALE, 1.0)
        part[v + 4] = min(data[2] / VALUE_SCALE, 1.0)
    elif kind in AMOUNT_LAST and data:
        part[v] = min(data[-1] / VALUE_SCALE, 1.0)
    elif kind == DecisionKind.GNOME_TILE:
        part[v + 5] = (data[0] + 1) / LEVEL_SCALE
    elif kind == DecisionKind.GNOME_VICTIM:  # (tile, removals left, tied players)
        part[v] = data[1] / VALUE_SCALE
    elif kind == DecisionKind.GNOME_CARAVAN_TILE:  # (source, destinations, cubes left, tied tiles)
        part[v] = data[2] / VALUE_SCALE


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
