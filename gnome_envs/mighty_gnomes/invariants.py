"""Component conservation and structural invariants of a Mighty Gnomes state."""

from __future__ import annotations

from collections import Counter

import numpy as np

from gnome_envs.mighty_gnomes.components import (
    ATTIC_ROWS,
    CHEST_POOL,
    COIN_VALUE_TOTAL,
    GLADE_SIDES,
    KEYS_PER_COLOUR,
    LADDER_WIDTH,
    LADDERS,
    MAX_LEVEL,
    NUM_BOOKS,
    NUM_DRUID_TILES,
    NUM_GLADES,
    NUM_RES,
    NUM_TILES,
    RES_SUPPLY,
    TWO_PLAYER_BOOKS,
    GnomeType,
)
from gnome_envs.mighty_gnomes.pending import DecisionKind
from gnome_envs.mighty_gnomes.state import (
    EMPTY,
    FLAT_LISTS,
    NESTED_LISTS,
    NEUTRAL,
    NO_TILE,
    UNSHARED_LISTS,
    MightyGnomesState,
    forest_icons,
)

TWO_PLAYERS = 2


def check(state: MightyGnomesState) -> list[str]:
    """Every violated invariant, as readable sentences (empty when all hold)."""
    problems: list[str] = []
    for checker in (_tokens, _chests, _books, _glades, _gnomes, _forest, _attic, _players, _caches):
        problems += checker(state)
    return problems


def _tokens(state: MightyGnomesState) -> list[str]:
    n = state.game.num_players
    out = []
    if state.bank + sum(state.coins) != COIN_VALUE_TOTAL:
        out.append(f"coins: bank {state.bank} + held {state.coins} != {COIN_VALUE_TOTAL}")
    if min(state.coins) < 0:
        out.append(f"negative coins {state.coins}")
    for r in range(NUM_RES):
        held = [state.res[p][r] for p in range(n)]
        if state.supply[r] + sum(held) != RES_SUPPLY or min(held + [state.supply[r]]) < 0:
            out.append(f"resource {r}: supply {state.supply[r]} + held {held} != {RES_SUPPLY}")
    if any(not 0 <= k <= KEYS_PER_COLOUR for k in state.keys):
        out.append(f"keys out of range {state.keys}")
    return out


def _chests(state: MightyGnomesState) -> list[str]:
    seen = list(state.chest_bag) + [k for k in state.chest_display if k >= 0] + list(state.drawn)
    for p in range(state.game.num_players):
        seen += state.closed[p] + state.opened[p]
    # open chests of the trail that were used went back into the bag
    out = [] if sorted(seen) == list(CHEST_POOL) else [f"chests {sorted(seen)} != {list(CHEST_POOL)}"]
    used = sum(1 for k in state.chest_display if k < 0)
    choosing = state.pending is not None and state.pending.kind == DecisionKind.TREASURE
    if used + choosing != sum(state.treasure_claimed):
        out.append(f"{used} open chests taken but {sum(state.treasure_claimed)} treasure icons claimed")
    for name in ("chest_bag",):
        value = getattr(state, name)
        if value != sorted(value):
            out.append(f"{name} is not kept sorted")
    if any(lst != sorted(lst) for lst in state.closed + state.opened):
        out.append("vault lists are not kept sorted")
    return out


def _books(state: MightyGnomesState) -> list[str]:
    books = state.columns[0] + state.columns[1] + state.book_aside + state.book_display
    n = state.game.num_players
    expected = list(range(NUM_BOOKS)) if n == TWO_PLAYERS else [b for b in range(NUM_BOOKS) if b not in TWO_PLAYER_BOOKS]
    out = [] if sorted(books) == expected else [f"books {sorted(books)} != {expected}"]
    if any(len(col) != ATTIC_ROWS for col in state.columns):
        out.append(f"columns hold {[len(c) for c in state.columns]} books")
    return out


def _glades(state: MightyGnomesState) -> list[str]:
    tiles = sorted(g // GLADE_SIDES for g in state.glades + state.glade_aside)
    out = [] if tiles == list(range(NUM_GLADES)) else [f"glades {tiles}"]
    if len(state.glades) != state.game.num_players + 1:
        out.append(f"{len(state.glades)} glades in the forest")
    return out


def _gnomes(state: MightyGnomesState) -> list[str]:
    n = state.game.num_players
    out = []
    counts = Counter(k for p in range(n) for k in state.gnomes[p])
    for slot, kind in enumerate(state.gnome_types):
        if state.stack[slot] + counts[kind] != n or state.stack[slot] < 0:
            out.append(f"{GnomeType(kind).name}: stack {state.stack[slot]} + seated {counts[kind]} != {n}")
    if any(k not in state.gnome_types for k in counts):
        out.append("a seated mighty gnome is not in play")
    for p in range(n):
        if len(state.gnomes[p]) > state.gnome_capacity(p):
            out.append(f"seat {p} seats {len(state.gnomes[p])} gnomes over capacity")
        if len(state.gnome_used[p]) != len(state.gnomes[p]):
            out.append(f"seat {p} ability flags do not match its gnomes")
        if state.druid_tiles[p] != state.gnomes[p].count(GnomeType.DRUID):
            out.append(f"seat {p} has {state.druid_tiles[p]} Druid tiles")
    if sum(state.druid_tiles) > NUM_DRUID_TILES:
        out.append("more Druid tiles than exist")
    return out


def _forest(state: MightyGnomesState) -> list[str]:
    out = []
    occ = 0
    owners = [EMPTY] * len(state.forest_owner)
    crystal = forest_icons(tuple(state.glades))[1][5]
    for owner, mask in state.forest_tiles:
        if occ & mask:
            out.append("forest tiles overlap")
        occ |= mask
        cells = [i for i in range(len(owners)) if mask >> i & 1]
        for i in cells:
            owners[i] = owner
        if len(cells) > 1 and mask & crystal:
            out.append("a tile of more than one gnome covers a crystal")
    if occ != state.forest_occ or owners != state.forest_owner:
        out.append("forest occupancy does not match its tiles")
    if [t == NO_TILE for t in state.forest_tile] != [o == EMPTY for o in state.forest_owner]:
        out.append("forest tile identities do not match the covered cells")
    return out


def _attic(state: MightyGnomesState) -> list[str]:
    out = []
    for ladder in LADDERS:
        cells = state.ladder_cells[ladder.slot]
        heights = state.ladder_height[ladder.slot]
        for c in range(LADDER_WIDTH):
            column = [cells[r * LADDER_WIDTH + c] for r in range(ATTIC_ROWS)]
            filled = sum(1 for x in column if x != EMPTY)
            if filled != heights[c] or any(x == EMPTY for x in column[:heights[c]]):
                out.append(f"ladder {ladder.slot} column {c} has a gap or a wrong height")
            if heights[c] > ladder.height:
                out.append(f"ladder {ladder.slot} overflows")
        top_reached = any(cells[(ladder.height - 1) * LADDER_WIDTH + c] != EMPTY for c in range(LADDER_WIDTH))
        if top_reached != state.ladder_closed[ladder.slot]:
            out.append(f"ladder {ladder.slot} closed flag {state.ladder_closed[ladder.slot]} vs top reached")
    return out


def _players(state: MightyGnomesState) -> list[str]:
    out = []
    for p in range(state.game.num_players):
        if not 0 <= state.warehouse[p] <= MAX_LEVEL or not 0 <= state.dining[p] <= MAX_LEVEL:
            out.append(f"seat {p} track levels out of range")
        if state.bedroom[p] != NO_TILE and not 0 <= state.bedroom[p] < NUM_TILES:
            out.append(f"seat {p} bedroom holds {state.bedroom[p]}")
        owned = [o for o, _ in state.forest_tiles if o == p]
        if len(owned) > NUM_TILES:
            out.append(f"seat {p} has {len(owned)} tiles in the forest")
    neutral = sum(1 for o, _ in state.forest_tiles if o == NEUTRAL)
    neutral += sum(1 for cells in state.ladder_cells if NEUTRAL in cells)
    if neutral > sum(state.druid_used):
        out.append("more Druid tiles on the board than Druid turns taken")
    if any(used > owned for used, owned in zip(state.druid_used, state.druid_tiles)):
        out.append(f"Druid turns {state.druid_used} exceed Druid tiles {state.druid_tiles}")
    return out


def _caches(state: MightyGnomesState) -> list[str]:
    """Cached features must equal a fresh computation (stale caches are bugs)."""
    from gnome_envs.mighty_gnomes.observation import (
        attic_features,
        forest_owner_features,
        fresh_board,
        public_features,
    )
    from gnome_envs.mighty_gnomes.observation_rows import holdings, packed_row
    from gnome_envs.mighty_gnomes.observation_view import fresh_relative_ones
    from gnome_envs.mighty_gnomes.scoring import final_scores

    out = []
    for p in range(state.game.num_players):
        fresh = holdings(state, p)
        if state._holdings[p] not in (None, fresh):
            out.append(f"seat {p}: stale holdings features")
        if state._rows[p] not in (None, packed_row(state, p, fresh)):
            out.append(f"seat {p}: stale player features")
    if state._forest_obs is not None and not all(
            np.array_equal(a, b) for a, b in zip(state._forest_obs, forest_owner_features(state))):
        out.append("stale forest features")
    if state._attic_obs is not None:
        fresh = attic_features(state)
        if not all(np.array_equal(a, b) for a, b in zip(state._attic_obs, fresh)):
            out.append("stale attic features")
    forest = forest_owner_features(state)
    attic = attic_features(state)
    for seat, board in enumerate(state._board):
        if board is not None and not np.array_equal(board, fresh_board(state, seat, forest, attic)):
            out.append(f"seat {seat}: stale forest or attic features")
    if state._public_obs is not None and not np.array_equal(state._public_obs, public_features(state)):
        out.append("stale public features")
    for seat, relative in enumerate(state._relative_obs):
        if relative is not None and relative != fresh_relative_ones(state, seat):
            out.append(f"seat {seat}: stale round, first-player or trail features")
    copied = set(FLAT_LISTS) | NESTED_LISTS | set(UNSHARED_LISTS)
    shared = sorted(name for name, value in vars(state).items() if type(value) is list and name not in copied)
    if shared:
        out.append(f"clone() would share list attributes {shared}")
    if state._scores is not None and not np.array_equal(state._scores, final_scores(state)):
        out.append("stale scores")
    return out


__all__ = ["check"]
