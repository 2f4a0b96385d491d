"""End scoring of Mighty Gnomes (R14), counted as if the game ended now."""

from __future__ import annotations

from functools import cache

import numpy as np

from gnome_envs.mighty_gnomes.components import (
    ALCHEMIST_CRYSTAL_VP,
    ANIMALS,
    KEYHOLDER_KEY_VP,
    KNIGHT_FURTHEST_VP,
    KNIGHT_OTHER_VP,
    PAIR_VP,
    ROBBER_COINS_PER_VP,
    SET_OF_THREE_VP,
    TILE_SIZES,
    WILD_ANIMALS,
    GnomeType,
    Res,
)
from gnome_envs.mighty_gnomes.state import NO_TILE, MightyGnomesState

ITEMS_PER_VP = 4  # R14.1
CRYSTAL = int(Res.CRYSTAL)
PAIR = 2


def _sets(counts: tuple[int, ...]) -> int:
    best = 0
    for triples in range(min(counts) + 1):
        pairs = sum((x - triples) // PAIR for x in counts)
        best = max(best, SET_OF_THREE_VP * triples + PAIR_VP * pairs)
    return best


@cache
def animal_points(counts: tuple[int, ...], wild: int) -> int:
    """R14.4: the best split of animals into sets of three kinds (5) and same-kind pairs (3);
    each wild animal (frog, Druid) counts as a kind of the owner's choice."""
    a, b, c = counts
    best = 0
    for wa in range(wild + 1):
        for wb in range(wild - wa + 1):
            best = max(best, _sets((a + wa, b + wb, c + wild - wa - wb)))
    return best


def _magic(state: MightyGnomesState, p: int) -> int:
    tile = state.bedroom[p]
    return TILE_SIZES[tile] if tile != NO_TILE else 0


def _alchemist(state: MightyGnomesState, p: int) -> int:
    return ALCHEMIST_CRYSTAL_VP * state.res[p][CRYSTAL]


def _robber(state: MightyGnomesState, p: int) -> int:
    return state.coins[p] // ROBBER_COINS_PER_VP


def _knight(state: MightyGnomesState, p: int) -> int:
    return KNIGHT_FURTHEST_VP if state.furthest() == p else KNIGHT_OTHER_VP


def _keyholder(state: MightyGnomesState, p: int) -> int:
    return KEYHOLDER_KEY_VP * state.keys[p]


def _bandito(state: MightyGnomesState, p: int) -> int:
    return len(state.opened[p])


def _farmer(state: MightyGnomesState, p: int) -> int:
    return state.upgrades[p]


def _druid(state: MightyGnomesState, p: int) -> int:
    return 0  # the Druid scores as a wild animal


# R14.3 per gnome type: what one mighty gnome scores for its owner
POINTS_OF_TYPE = {GnomeType.MAGIC: _magic, GnomeType.ALCHEMIST: _alchemist, GnomeType.ROBBER: _robber,
                  GnomeType.KNIGHT: _knight, GnomeType.DRUID: _druid, GnomeType.KEYHOLDER: _keyholder,
                  GnomeType.BANDITO: _bandito, GnomeType.FARMER: _farmer}
GNOME_POINTS = tuple(POINTS_OF_TYPE[GnomeType(kind)] for kind in range(len(GnomeType)))  # by type number
DRUID = int(GnomeType.DRUID)
ANIMAL_KINDS = tuple(int(kind) for kind in ANIMALS)
WILD_KINDS = tuple(int(kind) for kind in sorted(WILD_ANIMALS))


def gnome_points(state: MightyGnomesState, p: int, kind: int) -> int:
    """R14.3: what one mighty gnome of ``kind`` scores for seat ``p`` at the end."""
    return GNOME_POINTS[kind](state, p)


def _animals(state: MightyGnomesState, p: int) -> int:
    opened = state.opened[p]
    druids = state.gnomes[p].count(DRUID)
    if not opened and not druids:
        return 0
    counts = tuple(map(opened.count, ANIMAL_KINDS))
    wild = sum(map(opened.count, WILD_KINDS)) + druids
    return animal_points(counts, wild)


def breakdown(state: MightyGnomesState, p: int) -> dict[str, int]:
    """Every part of seat ``p``'s final score."""
    res = state.res[p]
    items = state.coins[p] + res[0] + res[1] + res[2] + res[3] + state.keys[p]
    parts = {
        "track": state.vp[p],
        "items": items // ITEMS_PER_VP,
        "crystals": res[CRYSTAL],
        "gnomes": sum(gnome_points(state, p, kind) for kind in state.gnomes[p]),
        "animals": _animals(state, p),
    }
    parts["total"] = sum(parts.values())
    return parts


def total(state: MightyGnomesState, p: int) -> int:
    """Seat ``p``'s final score as it stands now (R14.1-R14.4)."""
    res = state.res[p]
    items = state.coins[p] + res[0] + res[1] + res[2] + res[3] + state.keys[p]
    points = state.vp[p] + items // ITEMS_PER_VP + res[CRYSTAL]
    for kind in state.gnomes[p]:
        points += GNOME_POINTS[kind](state, p)
    return points + _animals(state, p)


def final_scores(state: MightyGnomesState) -> np.ndarray:
    """Total per seat (R14.1-R14.4)."""
    return np.array([total(state, p) for p in range(state.game.num_players)], dtype=np.float64)
