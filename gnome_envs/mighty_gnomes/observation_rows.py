"""The player rows of the Mighty Gnomes observation ("players" segment, one row per seat).

A row is packed float32 bytes in three parts: the purse (coins, VP, keys, resources), the
holdings (tracks, upgrades, mighty gnomes, tiles, bedroom, Druid tiles, chests) and the tail
(score, turns taken). The state caches the packed holdings per seat, so that a gain or a payment
(``touch_purse``) repacks the purse and the tail only; anything else (``touch``) repacks the
holdings too. Each entry is a count divided by a ceiling above its largest value, or an
unbounded amount (coins, VP, score) squashed to ``x / (x + half-way point)``; the quotient is
taken in float64 and rounded once to float32, which gives the float32 quotient.
"""

from __future__ import annotations

import struct
from functools import lru_cache
from operator import truediv

from gnome_envs.mighty_gnomes.components import NUM_CHEST_KINDS, NUM_GNOME_TYPES, NUM_RES, NUM_TILES, GnomeType
from gnome_envs.mighty_gnomes.observation import (
    CHEST_COUNT_SCALE,
    COIN_HALF,
    DRUID_SCALE,
    GNOME_COUNT_SCALE,
    KEY_SCALE,
    KIND_COUNT_SCALE,
    LEVEL_SCALE,
    PLAYER_FEATURES,
    RES_SCALE,
    SCORE_HALF,
    TURN_SCALE,
    UPGRADE_SCALE,
    VP_HALF,
)
from gnome_envs.mighty_gnomes.scoring import total
from gnome_envs.mighty_gnomes.state import MightyGnomesState

FLAG_SCALE = 1.0  # 0 / 1 entries
PURSE_SIZE = 3 + NUM_RES  # coins, VP, keys, resources
# the ceilings of the holdings, in row order
HOLDINGS_SCALES = (
    (LEVEL_SCALE, LEVEL_SCALE, UPGRADE_SCALE) + (GNOME_COUNT_SCALE,) * (NUM_GNOME_TYPES + 2)
    + (FLAG_SCALE,) * (NUM_TILES + NUM_TILES + 1 + 2) + (DRUID_SCALE, DRUID_SCALE, CHEST_COUNT_SCALE)
    + (KIND_COUNT_SCALE,) * NUM_CHEST_KINDS
)
TAIL_SIZE = 2  # score, turns taken
PACKED_CACHE_SIZE = 1 << 16  # distinct parts kept packed, per part
PURSE = struct.Struct(f"{PURSE_SIZE}f")
HOLDINGS = struct.Struct(f"{len(HOLDINGS_SCALES)}f")
TAIL = struct.Struct(f"{TAIL_SIZE}f")
if PURSE.size + HOLDINGS.size + TAIL.size != PLAYER_FEATURES * struct.calcsize("f"):
    raise ValueError(f"player row parts do not add up to the layout's {PLAYER_FEATURES} features")
TILE_BITS = tuple(tuple(used >> t & 1 for t in range(NUM_TILES)) for used in range(1 << NUM_TILES))
# bedroom one-hot by tile index; NO_TILE (-1) marks the last entry: an empty bedroom
BEDROOM_ONE_HOT = tuple(tuple(int(i == tile) for i in range(NUM_TILES + 1)) for tile in range(NUM_TILES + 1))
MAGIC, ALCHEMIST = int(GnomeType.MAGIC), int(GnomeType.ALCHEMIST)


def holdings(state: MightyGnomesState, p: int) -> bytes:
    """Packed holdings of seat ``p``: track levels, upgrades, gnomes per type, Magic / Alchemist
    cards still unused this round, tiles used, bedroom tile, bedroom first, free use, Druid
    tiles, Druid tiles still unused this round, face-down chests, opened chests per kind."""
    gnomes = [0] * NUM_GNOME_TYPES
    magic_free = alchemy_free = 0
    for kind, used in zip(state.gnomes[p], state.gnome_used[p]):
        gnomes[kind] += 1
        if not used:
            if kind == MAGIC:
                magic_free += 1
            elif kind == ALCHEMIST:
                alchemy_free += 1
    opened = [0] * NUM_CHEST_KINDS
    for kind in state.opened[p]:
        opened[kind] += 1
    druids = state.druid_tiles[p]
    return pack_holdings(state.warehouse[p], state.dining[p], state.upgrades[p], *gnomes, magic_free,
                         alchemy_free, *TILE_BITS[state.used_tiles[p]], *BEDROOM_ONE_HOT[state.bedroom[p]],
                         state.must_first[p], state.free_use[p], druids, druids - state.druid_used[p],
                         len(state.closed[p]), *opened)


def player_row(state: MightyGnomesState, p: int) -> bytes:
    """Packed row of seat ``p`` (cached by the state until the seat changes): purse, holdings
    (cached until more than the purse changes), final score now, turns taken."""
    held = state._holdings[p]
    if held is None:
        held = state._holdings[p] = holdings(state, p)
    return packed_row(state, p, held)


def packed_row(state: MightyGnomesState, p: int, held: bytes) -> bytes:
    """Seat ``p``'s row from its packed holdings ``held``."""
    coins, vp = state.coins[p], state.vp[p]
    purse = PURSE.pack(coins / (coins + COIN_HALF), vp / (vp + VP_HALF), state.keys[p] / KEY_SCALE,
                       *[amount / RES_SCALE for amount in state.res[p]])
    return purse + held + pack_tail(total(state, p), state.turns_taken[p])


# The same holdings and tails come back again and again (within a game and across games), so
# each is packed once; the caches are bounded to bound memory in long runs. (Purses vary too
# much for a cache to pay.)
@lru_cache(maxsize=PACKED_CACHE_SIZE)
def pack_holdings(*raw: int) -> bytes:
    """The packed holdings from their counts in row order."""
    return HOLDINGS.pack(*map(truediv, raw, HOLDINGS_SCALES))


@lru_cache(maxsize=PACKED_CACHE_SIZE)
def pack_tail(score: int, turns: int) -> bytes:
    """The packed tail: final score now, turns taken this round."""
    return TAIL.pack(score / (score + SCORE_HALF), turns / TURN_SCALE)


__all__ = ["holdings", "pack_holdings", "pack_tail", "packed_row", "player_row"]
