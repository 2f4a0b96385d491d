"""The parts of the Rise of the Gnomes public vector (``observation.py`` has the layout).

Each part is written straight into the public vector, in absolute seat order: in full (the
first observation, or after a part was forgotten), or only where it went stale: the pieces
or the face of one map position, one seat's row or its slow-changing part, the Gnomes'
counts (the state's ``touch_*`` methods say what is stale, ``observation.public_part`` brings
it up to date). Values are computed in Python and cast to float32 on writing: a small integer
divided by a scale in float64 rounds to the same float32 as the division done in float32.
The writers take the vector or a memoryview of it: runs of values and zeros are packed straight
into its buffer (``put``, ``zero``: the same float32 rounding as numpy's, at a fraction of the
cost of assigning a Python sequence to a slice), single entries are set by index.

Scales: a count is divided by one more than the most it can reach, so it stays below the Box
bound 1.0; points and gold, which have no limit, by scales far above any measured game
(``seeds/rise_of_the_gnomes.md`` O46), clipped only as a guard.
"""

from __future__ import annotations

import struct
from typing import TYPE_CHECKING, Any

import numpy as np

from gnome_envs.rise_of_the_gnomes.actions import MAX_GOLD_FOR_BEER, SLOTS
from gnome_envs.rise_of_the_gnomes.cards import (
    ACTION_DISPLAY,
    MAX_ABILITY_COPIES,
    MAX_CARD_SPACES,
    NUM_ACTION_CARDS,
    NUM_ALLIES,
    NUM_GNOME_CARDS,
)
from gnome_envs.rise_of_the_gnomes.components import (
    BOARD_UPGRADE_TOKENS,
    BOATS,
    BREWERIES_PER_PLAYER,
    BREWERS_PER_COLOUR,
    BREWERY_BOXES,
    CUBES_PER_PLAYER,
    CUTTHROAT_HAND,
    GNOME_BREWERIES,
    GNOME_CUBES,
    MAX_ALLIES,
    MAX_BEER,
    MAX_PRODUCTION,
    NUM_ABILITIES,
    NUM_ICONS,
    NUM_POSITIONS,
    NUM_RACES,
    NUM_TILE_TYPES,
    NUM_UPGRADES,
    RING,
    SUPPLY_UPGRADE_TOKENS,
    TRIBUTE_STEPS,
    TWIN_LIMIT,
    BoardAction,
    Difficulty,
    PlayerSpace,
)
from gnome_envs.rise_of_the_gnomes.config import MAX_PLAYERS

if TYPE_CHECKING:  # state.py imports the observation
    from gnome_envs.rise_of_the_gnomes.state import RiseState

ZONES = 4
# Every amount is divided by one more than the most it can ever reach (a count of components,
# a rule's limit), so it stays below the Box bound; the unbounded amounts (points, gold) by a
# scale far above anything measured (O46), clipped only as a guard.
TILE_CUBE_SCALE = CUBES_PER_PLAYER + 1.0  # a tile holds at most one owner's 40 cubes
TILE_BREWERY_SCALE = TWIN_LIMIT + 1.0
SCORE_SCALE = 250.0  # points, players' and the Gnomes' (O46)
GOLD_SCALE = 100.0  # players' gold (O46)
GNOME_GOLD_SCALE = 60.0  # the Gnomes' gold (O46)
BEER_SCALE = MAX_BEER + 1.0
PRODUCTION_SCALE = MAX_PRODUCTION + 1.0
CUBES_OUT_SCALE = CUBES_PER_PLAYER + 1.0
BREWERIES_OUT_SCALE = BREWERIES_PER_PLAYER + 1.0
BREWER_SCALE = BREWERS_PER_COLOUR + 1.0  # brewers in hand, owned, or on one space
ABILITY_SCALE = MAX_ABILITY_COPIES + 1.0
GNOME_CUBES_SCALE = GNOME_CUBES + 1.0
GNOME_BREWERIES_SCALE = GNOME_BREWERIES + 1.0
HIDDEN_SCALE = 18.0  # face-down places (at most 18; one type fills at most 5)
HAND_SCALE = max(CUTTHROAT_HAND.values()) + 1.0
VALUE_SCALE = 10.0  # cubes an action moves or adds (at most 9)
COST_SCALE = MAX_GOLD_FOR_BEER + 1.0
STEP_SCALE = TRIBUTE_STEPS + 1.0
LEVEL_SCALE = 4.0  # Gnome action line 1-3
STACK_ENTRIES = 5  # the four stacks and dragon_off
STACK_SCALES = (NUM_GNOME_CARDS + 1.0, NUM_ALLIES + 1.0, BOATS + 1.0,
                SUPPLY_UPGRADE_TOKENS + BOARD_UPGRADE_TOKENS * MAX_PLAYERS + 1.0)
TILE_STATIC = 2 + NUM_TILE_TYPES + NUM_ICONS + ZONES + 2  # in play, face up, type, icon, zone, dragon, boat
TOKEN_BOXES = tuple(b for b, box in enumerate(BREWERY_BOXES) if box.upgrade_token)
FAST_FEATURES = 9
PLAYER_FEATURES = (FAST_FEATURES + NUM_UPGRADES + len(TOKEN_BOXES) + NUM_ABILITIES + NUM_RACES + NUM_ALLIES
                   + MAX_ALLIES + len(PlayerSpace))
GNOME_FEATURES = 4 + len(Difficulty)
SPACES = len(PlayerSpace)
NUM_BOARD_ACTIONS = len(BoardAction)
ALLY_COLUMN = FAST_FEATURES + NUM_UPGRADES + len(TOKEN_BOXES) + NUM_ABILITIES + NUM_RACES  # first allies column
# parts of the state's public vector rewritten in full at the next observation (State._stale_parts)
STALE_TILES = 1
STALE_SPACES = 2
STALE_CARDS = 4
STATIC_START = FAST_FEATURES
TAIL_START = ALLY_COLUMN + NUM_ALLIES  # allies spaces used, then own board spaces
RACE_ONE_HOT = [[float(r == race) for r in range(NUM_RACES)] for race in range(NUM_RACES)] + [[0.0] * NUM_RACES]
TYPE_ONE_HOT = np.eye(NUM_TILE_TYPES, dtype=np.float32)
ICON_ONE_HOT = np.eye(NUM_ICONS, dtype=np.float32)
ZONE_ONE_HOT = np.eye(ZONES, dtype=np.float32)[list(RING)]
FACE_COLUMN = 1  # face up, then type and icon (one-hot while face up)
FACE_WIDTH = 1 + NUM_TILE_TYPES + NUM_ICONS
PIECES_COLUMN = TILE_STATIC - 2  # dragon, boat, then cubes, breweries and controller per owner
FACE_DOWN = (0.0,) * FACE_WIDTH
FACE_UP = tuple(  # [type][icon]
    tuple((1.0, *(float(t == k) for k in range(NUM_TILE_TYPES)), *(float(i == k) for k in range(NUM_ICONS)))
          for i in range(NUM_ICONS))
    for t in range(NUM_TILE_TYPES))
# a map position's cube and brewery entries by count (an owner has at most this many of each)
CUBE_VALUES = tuple(c / TILE_CUBE_SCALE for c in range(max(CUBES_PER_PLAYER, GNOME_CUBES) + 1))
BREWERY_VALUES = tuple(b / TILE_BREWERY_SCALE for b in range(max(BREWERIES_PER_PLAYER, GNOME_BREWERIES) + 1))
# controller one-hot per owner count, by controller + 1 (index 0: nobody controls the position)
CONTROL_ONE_HOT = {n1: ((0.0,) * n1, *(tuple(float(o == who) for o in range(n1)) for who in range(n1)))
                   for n1 in range(2, MAX_PLAYERS + 2)}
ENTRY_BYTES = 4  # a float32 entry
MAX_RUN = 512  # the longest run of entries written at once (a part of the vector)
FLOAT_RUNS = tuple(struct.Struct(f"{k}f") for k in range(MAX_RUN + 1))  # k native float32 values
ZERO_RUNS = tuple(struct.Struct(f"{k * ENTRY_BYTES}x") for k in range(MAX_RUN + 1))  # k zero entries


def put(public: Any, start: int, values: tuple | list) -> None:
    """Write ``values`` into ``public`` (the vector or a memoryview of it) from entry ``start``."""
    FLOAT_RUNS[len(values)].pack_into(public, start * ENTRY_BYTES, *values)


def zero(public: Any, start: int, stop: int) -> None:
    """Set entries ``start`` to ``stop`` of ``public`` (the vector or a memoryview of it) to 0."""
    ZERO_RUNS[stop - start].pack_into(public, start * ENTRY_BYTES)




# ============================================================================ the map
def tile_width(n: int) -> int:
    """Features per map position for ``n`` players: static part, then cubes, breweries and
    controller per owner (the Gnomes last)."""
    return TILE_STATIC + 3 * (n + 1)


def write_tiles(state: RiseState, public: np.ndarray, start: int) -> None:
    """Every map position's features, then the face-down mix, into ``public`` from ``start``."""
    game = state.game
    n1 = state.owners
    block = np.zeros((NUM_POSITIONS, TILE_STATIC + 3 * n1), dtype=np.float32)
    in_play = np.array(game.in_play, dtype=bool)
    revealed = np.array(state.revealed, dtype=bool) & in_play
    block[:, 0] = in_play
    block[:, 1] = revealed
    shown = np.flatnonzero(revealed)
    types = np.array(state.tile_type)
    block[shown, 2:2 + NUM_TILE_TYPES] = TYPE_ONE_HOT[types[shown]]
    col = 2 + NUM_TILE_TYPES
    block[shown, col:col + NUM_ICONS] = ICON_ONE_HOT[np.array(state.tile_icon)[shown]]
    col += NUM_ICONS
    block[:, col:col + ZONES] = ZONE_ONE_HOT * in_play[:, None]
    col += ZONES
    if state.dragon >= 0:
        block[state.dragon, col] = 1.0
    block[:, col + 1] = state.boats
    col += 2
    cubes = np.frombuffer(state.cubes, dtype=np.uint8).reshape(NUM_POSITIONS, n1).astype(np.float32)
    brews = np.frombuffer(state.brews, dtype=np.uint8).reshape(NUM_POSITIONS, n1).astype(np.float32)
    block[:, col:col + n1] = cubes / TILE_CUBE_SCALE
    block[:, col + n1:col + 2 * n1] = brews / TILE_BREWERY_SCALE
    strength = cubes + 2 * brews
    top = strength.max(axis=1)
    unique = (strength == top[:, None]).sum(axis=1) == 1
    rows = np.flatnonzero(unique & (top > 0))
    block[rows, col + 2 * n1 + strength[rows].argmax(axis=1)] = 1.0
    public[start:start + block.size] = block.ravel()
    write_mix(state, public, start)


def write_pieces(state: RiseState, public: np.ndarray, start: int, pos: int) -> None:
    """The dragon, boat, cube, brewery and controller columns of map position ``pos``."""
    n1 = state.owners
    base = pos * n1
    put(public, start + pos * (TILE_STATIC + 3 * n1) + PIECES_COLUMN, (
        float(state.dragon == pos), float(state.boats[pos]),
        *map(CUBE_VALUES.__getitem__, state.cubes[base:base + n1]),
        *map(BREWERY_VALUES.__getitem__, state.brews[base:base + n1]),
        *CONTROL_ONE_HOT[n1][state.controller(pos) + 1],
    ))


def write_face(state: RiseState, public: np.ndarray, start: int, pos: int) -> None:
    """Whether map position ``pos`` is face up, and then its type and icon."""
    col = start + pos * (TILE_STATIC + 3 * state.owners) + FACE_COLUMN
    if state.revealed[pos] and state.game.in_play[pos]:
        put(public, col, FACE_UP[state.tile_type[pos]][state.tile_icon[pos]])
    else:
        put(public, col, FACE_DOWN)


def write_mix(state: RiseState, public: np.ndarray, start: int) -> None:
    """Face-down tiles per type (after the map rows that start at ``start``)."""
    counts = [0] * NUM_TILE_TYPES
    revealed, types = state.revealed, state.tile_type
    for pos in state.game.positions:
        if not revealed[pos]:
            counts[types[pos]] += 1
    col = start + NUM_POSITIONS * (TILE_STATIC + 3 * state.owners)
    put(public, col, [c / HIDDEN_SCALE for c in counts])


# ============================================================================ the players
def write_player(state: RiseState, p: int, public: np.ndarray, start: int) -> None:
    """Seat ``p``'s whole row (the players' block starts at ``start``)."""
    write_player_static(state, p, public, start)
    write_player_amounts(state, p, public, start)
    write_player_spaces(state, p, public, start)


def write_player_amounts(state: RiseState, p: int, public: np.ndarray, start: int) -> None:
    """Seat ``p``'s points, gold, beer, production, pieces out and brewers."""
    row = start + p * PLAYER_FEATURES
    production = state.production(p) / PRODUCTION_SCALE if state.race[p] >= 0 else 0.0
    put(public, row, (
        min(state.vp[p] / SCORE_SCALE, 1.0), min(state.gold[p] / GOLD_SCALE, 1.0), state.beer[p] / BEER_SCALE,
        production, state.cubes_out[p] / CUBES_OUT_SCALE, state.brews_out[p] / BREWERIES_OUT_SCALE,
        state.brewers[p] / BREWER_SCALE, state.brewers_owned[p] / BREWER_SCALE, state.brewer_reserve[p],
    ))


def write_player_spaces(state: RiseState, p: int, public: np.ndarray, start: int) -> None:
    """Seat ``p``'s allies spaces used and brewers on its own board spaces."""
    row = start + p * PLAYER_FEATURES
    allies, spaces = p * MAX_ALLIES, p * SPACES
    put(public, row + TAIL_START, (
        state.ally_spaces[allies:allies + MAX_ALLIES]
        + [k / BREWER_SCALE for k in state.player_spaces[spaces:spaces + SPACES]]
    ))


def write_player_static(state: RiseState, p: int, public: np.ndarray, start: int) -> None:
    """Upgrades, released board tokens, abilities, race and allies of seat ``p`` (they change a
    few times a game)."""
    upgrades, released = state.upgrades[p], state.tokens_used[p]
    values = [
        *[upgrades >> u & 1 for u in range(NUM_UPGRADES)],
        *[released >> box & 1 for box in TOKEN_BOXES],
        *[a / ABILITY_SCALE for a in state.abilities[p * NUM_ABILITIES:(p + 1) * NUM_ABILITIES]],
        *RACE_ONE_HOT[state.race[p]],
        *[0.0] * NUM_ALLIES,
    ]
    for a in state.allies[p]:
        values[ALLY_COLUMN - FAST_FEATURES + a] = 1.0
    row = start + p * PLAYER_FEATURES
    put(public, row + STATIC_START, values)


# ============================================================================ the Gnomes
def gnome_counts(state: RiseState) -> tuple[int, int, int, int]:
    """The Gnomes' points, gold, cubes and breweries out (what their features show)."""
    return state.g_vp, state.g_gold, state.g_cubes_out, state.g_brews_out


def write_gnome_counts(state: RiseState, public: np.ndarray, start: int) -> None:
    """The Gnomes' points, gold, cubes out and breweries out."""
    put(public, start, (min(state.g_vp / SCORE_SCALE, 1.0), min(state.g_gold / GNOME_GOLD_SCALE, 1.0),
                        state.g_cubes_out / GNOME_CUBES_SCALE, state.g_brews_out / GNOME_BREWERIES_SCALE))


def write_gnomes(state: RiseState, public: np.ndarray, start: int) -> None:
    """The Gnomes' counts and the difficulty one-hot."""
    write_gnome_counts(state, public, start)
    zero(public, start + 4, start + GNOME_FEATURES)
    public[start + 4 + state.game.level] = 1.0


# ============================================================================ spaces and cards
def write_spaces(state: RiseState, public: np.ndarray, start: int) -> None:
    """Action board brewers and the action card display, absolute seats."""
    n = state.n
    board = len(state.board_brewers)
    put(public, start, [b / BREWER_SCALE for b in state.board_brewers])
    width = NUM_ACTION_CARDS + MAX_CARD_SPACES * n
    display = start + board
    zero(public, display, display + ACTION_DISPLAY * width)
    for d, card_id in enumerate(state.action_display):
        public[display + d * width + card_id] = 1.0
    for i, p in enumerate(state.card_spaces):
        if p >= 0:
            public[display + card_space_entry(state, i, p) - board] = 1.0


def board_space_entry(state: RiseState, action: int, p: int) -> tuple[int, float]:
    """(index, value) of the spaces block entry for seat ``p``'s brewers on board ``action``."""
    index = action * state.n + p
    return index, state.board_brewers[index] / BREWER_SCALE


def card_space_entry(state: RiseState, i: int, p: int) -> int:
    """Index in the spaces block of seat ``p`` on action card space ``i``."""
    n = state.n
    width = NUM_ACTION_CARDS + MAX_CARD_SPACES * n
    return NUM_BOARD_ACTIONS * n + (i // MAX_CARD_SPACES) * width + NUM_ACTION_CARDS + (i % MAX_CARD_SPACES) * n + p


def cards_size(n: int) -> int:
    """Entries of the cards part: draft row, allies gone, hand sizes, Gnome card, discards."""
    return SLOTS * NUM_ALLIES + NUM_ALLIES + n + 2 * NUM_GNOME_CARDS


def write_cards(state: RiseState, public: np.ndarray, start: int) -> None:
    """Draft row, allies out of the game, hand sizes, Gnome card in play and discards."""
    n = state.n
    zero(public, start, start + cards_size(n))
    for slot, a in enumerate(state.ally_row):
        public[start + slot * NUM_ALLIES + a] = 1.0
    gone = start + SLOTS * NUM_ALLIES
    for a in state.ally_box:
        public[gone + a] = 1.0
    sizes = gone + NUM_ALLIES
    put(public, sizes, [len(state.hands[p]) / HAND_SCALE for p in range(n)])
    card = sizes + n
    if state.gnome_card >= 0:
        public[card + state.gnome_card] = 1.0
    discard = card + NUM_GNOME_CARDS
    for c in state.gnome_discard:
        public[discard + c] = 1.0
