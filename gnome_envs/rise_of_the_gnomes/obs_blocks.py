"""Cached parts of the Rise of the Gnomes observation (``observation.py`` has the layout).

Each part is kept on the state and rebuilt only where it went stale: the map rows of the
positions whose pieces changed, the rows of the seats whose boards changed, the brewer spaces
and the cards (the state's ``touch_*`` methods mark them; ``check_invariants`` compares every
cache with a fresh build). Clones share the arrays, so a stale part is redone in a copy.

Scales: a count is divided by one more than the most it can reach, so it stays below the Box
bound 1.0; points and gold, which have no limit, by scales far above any measured game
(``seeds/rise_of_the_gnomes.md`` O46), clipped only as a guard.
"""

from __future__ import annotations

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
ALLY_COLUMN = FAST_FEATURES + NUM_UPGRADES + len(TOKEN_BOXES) + NUM_ABILITIES + NUM_RACES  # first allies column
RACE_ONE_HOT = [[float(r == race) for r in range(NUM_RACES)] for race in range(NUM_RACES)] + [[0.0] * NUM_RACES]
TYPE_ONE_HOT = np.eye(NUM_TILE_TYPES, dtype=np.float32)
ICON_ONE_HOT = np.eye(NUM_ICONS, dtype=np.float32)
ZONE_ONE_HOT = np.eye(ZONES, dtype=np.float32)[list(RING)]


# ============================================================================ cached parts
def tile_block(state: RiseState) -> np.ndarray:
    """Map features, absolute owner columns, then the face-down mix (cached; rows of the
    positions whose pieces changed are redone in a copy). Per position: static part, cubes
    (n + 1), breweries (n + 1), controller (n + 1)."""
    cached = state._obs_tiles
    if cached is None:
        cached = state._obs_tiles = _full_tile_block(state)
        state._dirty_tiles = []
    elif state._dirty_tiles:
        cached = cached.copy()  # clones share the array
        width = state.game.obs_layout.tile_width
        for pos in state._dirty_tiles:
            _write_pieces(state, cached, pos, width)
        state._obs_tiles = cached
        state._dirty_tiles = []
    return cached


def _write_pieces(state: RiseState, block: np.ndarray, pos: int, width: int) -> None:
    """Rewrite the dragon, cube, brewery and controller columns of ``pos``."""
    n1 = state.owners
    row = pos * width
    block[row + TILE_STATIC - 2] = float(state.dragon == pos)
    base = pos * n1
    cubes = state.cubes[base:base + n1]
    brews = state.brews[base:base + n1]
    col = row + TILE_STATIC
    block[col:col + n1] = cubes
    block[col:col + n1] /= TILE_CUBE_SCALE
    block[col + n1:col + 2 * n1] = brews
    block[col + n1:col + 2 * n1] /= TILE_BREWERY_SCALE
    control = col + 2 * n1
    block[control:control + n1] = 0.0
    who = state.controller(pos)
    if who >= 0:
        block[control + who] = 1.0


def _full_tile_block(state: RiseState) -> np.ndarray:
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
    cubes = np.array(state.cubes, dtype=np.float32).reshape(NUM_POSITIONS, n1)
    brews = np.array(state.brews, dtype=np.float32).reshape(NUM_POSITIONS, n1)
    block[:, col:col + n1] = cubes / TILE_CUBE_SCALE
    block[:, col + n1:col + 2 * n1] = brews / TILE_BREWERY_SCALE
    strength = cubes + 2 * brews
    top = strength.max(axis=1)
    unique = (strength == top[:, None]).sum(axis=1) == 1
    rows = np.flatnonzero(unique & (top > 0))
    block[rows, col + 2 * n1 + strength[rows].argmax(axis=1)] = 1.0
    hidden = np.flatnonzero(in_play & ~revealed)
    mix = np.bincount(types[hidden], minlength=NUM_TILE_TYPES).astype(np.float32) / HIDDEN_SCALE
    return np.concatenate([block.ravel(), mix])


def players_block(state: RiseState) -> np.ndarray:
    """Every seat's features in absolute seat order (cached; stale rows are redone in a copy)."""
    cached = state._obs_players
    if cached is None:
        cached = np.zeros(state.n * PLAYER_FEATURES, dtype=np.float32)
        dirty = range(state.n)
    elif state._dirty_rows:
        cached = cached.copy()  # clones share the array
        dirty = state._dirty_rows
    else:
        return cached
    for p in dirty:
        _write_player_row(state, p, cached[p * PLAYER_FEATURES:(p + 1) * PLAYER_FEATURES])
    state._obs_players = cached
    state._dirty_rows = []
    return cached


STATIC_START = FAST_FEATURES
TAIL_START = ALLY_COLUMN + NUM_ALLIES


def _write_player_row(state: RiseState, p: int, row: np.ndarray) -> None:
    """Write seat ``p``'s features into ``row`` (a view of PLAYER_FEATURES entries)."""
    race = state.race[p]
    row[:FAST_FEATURES] = (
        min(state.vp[p] / SCORE_SCALE, 1.0), min(state.gold[p] / GOLD_SCALE, 1.0), state.beer[p] / BEER_SCALE,
        state.production(p) / PRODUCTION_SCALE if race >= 0 else 0.0, state.cubes_out[p] / CUBES_OUT_SCALE,
        state.brews_out[p] / BREWERIES_OUT_SCALE, state.brewers[p] / BREWER_SCALE,
        state.brewers_owned[p] / BREWER_SCALE, state.brewer_reserve[p],
    )
    static = state._obs_static[p]
    if static is None:
        static = state._obs_static[p] = _static_part(state, p)
    row[STATIC_START:TAIL_START] = static
    row[TAIL_START:TAIL_START + MAX_ALLIES] = state.ally_spaces[p * MAX_ALLIES:(p + 1) * MAX_ALLIES]
    row[TAIL_START + MAX_ALLIES:] = state.player_spaces[p * SPACES:(p + 1) * SPACES]
    row[TAIL_START + MAX_ALLIES:] /= BREWER_SCALE


def _player_row(state: RiseState, p: int) -> np.ndarray:
    """Seat ``p``'s features as a new array (check_invariants compares the cache with it)."""
    row = np.zeros(PLAYER_FEATURES, dtype=np.float32)
    _write_player_row(state, p, row)
    return row


def _static_part(state: RiseState, p: int) -> np.ndarray:
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
    return np.array(values, dtype=np.float32)


def spaces_block(state: RiseState) -> np.ndarray:
    """Action board brewers and the action card display, absolute seats (cached)."""
    cached = state._obs_spaces
    if cached is not None:
        return cached
    n = state.n
    board_part = np.array(state.board_brewers, dtype=np.float32) / BREWER_SCALE
    width = NUM_ACTION_CARDS + MAX_CARD_SPACES * n
    display = np.zeros(ACTION_DISPLAY * width, dtype=np.float32)
    ones = [d * width + card_id for d, card_id in enumerate(state.action_display)]
    ones += [(i // MAX_CARD_SPACES) * width + NUM_ACTION_CARDS + (i % MAX_CARD_SPACES) * n + p
             for i, p in enumerate(state.card_spaces) if p >= 0]
    display[ones] = 1.0
    out = state._obs_spaces = np.concatenate([board_part, display])
    return out


def board_space_entry(state: RiseState, action: int, p: int) -> tuple[int, float]:
    """(index, value) of the spaces block entry for seat ``p``'s brewers on board ``action``."""
    index = action * state.n + p
    return index, state.board_brewers[index] / BREWER_SCALE


def card_space_entry(state: RiseState, i: int, p: int) -> int:
    """Index in the spaces block of seat ``p`` on action card space ``i``."""
    n = state.n
    width = NUM_ACTION_CARDS + MAX_CARD_SPACES * n
    return len(BoardAction) * n + (i // MAX_CARD_SPACES) * width + NUM_ACTION_CARDS + (i % MAX_CARD_SPACES) * n + p


def cards_block(state: RiseState) -> np.ndarray:
    """Draft row, allies out of the game, hand sizes, Gnome card in play and discards (cached)."""
    cached = state._obs_cards
    if cached is not None:
        return cached
    n = state.n
    row = np.zeros(SLOTS * NUM_ALLIES, dtype=np.float32)
    row[[slot * NUM_ALLIES + a for slot, a in enumerate(state.ally_row)]] = 1.0
    gone = np.zeros(NUM_ALLIES, dtype=np.float32)
    gone[state.ally_box] = 1.0
    sizes = np.array([len(state.hands[p]) / HAND_SCALE for p in range(n)], dtype=np.float32)
    card = np.zeros(NUM_GNOME_CARDS, dtype=np.float32)
    if state.gnome_card >= 0:
        card[state.gnome_card] = 1.0
    discard = np.zeros(NUM_GNOME_CARDS, dtype=np.float32)
    discard[state.gnome_discard] = 1.0
    out = state._obs_cards = np.concatenate([row, gone, sizes, card, discard])
    return out


def _gnome_part(state: RiseState) -> np.ndarray:
    key = (state.g_vp, state.g_gold, state.g_cubes_out, state.g_brews_out)
    cached = state._obs_gnome
    if cached is not None and cached[0] == key:
        return cached[1]
    part = np.zeros(GNOME_FEATURES, dtype=np.float32)
    part[:4] = [min(state.g_vp / SCORE_SCALE, 1.0), min(state.g_gold / GNOME_GOLD_SCALE, 1.0),
                state.g_cubes_out / GNOME_CUBES_SCALE, state.g_brews_out / GNOME_BREWERIES_SCALE]
    part[4 + state.game.level] = 1.0
    state._obs_gnome = (key, part)
    return part
