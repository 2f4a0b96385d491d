"""Tile counts of a village (what scoring and the observation need), built in one pass and
kept up to date tile by tile as the state places, removes and flips tiles."""

from __future__ import annotations

from typing import NamedTuple

from gnome_envs.gnome_village.components import (
    BUSINESS_TILES,
    CODE_HOUSE_ON,
    CODE_INFO,
    CODE_KIND,
    CODE_SUB,
    NUM_WORKSHOP_TYPES,
    BusinessIcon,
    TileKind,
)

HOUSE, WORKSHOP, BUSINESS = int(TileKind.HOUSE), int(TileKind.WORKSHOP), int(TileKind.BUSINESS)
# per code: 1 if the tile is lit / an active workshop, a restaurant, a hat (0 otherwise)
CODE_FLAG = tuple(int(info.flag) for info in CODE_INFO)
IS_LIT_HOUSE = tuple(int(code == CODE_HOUSE_ON) for code in range(len(CODE_INFO)))
IS_RESTAURANT = tuple(int(info.kind == TileKind.BUSINESS and BUSINESS_TILES[info.sub].icon == BusinessIcon.RESTAURANT)
                      for info in CODE_INFO)
IS_HAT = tuple(int(info.kind == TileKind.BUSINESS and BUSINESS_TILES[info.sub].icon == BusinessIcon.HAT)
               for info in CODE_INFO)


class VillageSummary(NamedTuple):
    """Tile counts of one village (what scoring and the observation need)."""

    tiles: int
    houses: int
    lit_houses: int
    workshops: tuple[int, ...]  # per workshop type
    active_workshops: tuple[int, ...]  # per workshop type
    businesses: int
    restaurants: int
    hats: int


def summarize(grid: list[int]) -> VillageSummary:
    """Count the tiles of a village in one pass."""
    tiles = houses = lit = businesses = restaurants = hats = 0
    workshops = [0] * NUM_WORKSHOP_TYPES
    active = [0] * NUM_WORKSHOP_TYPES
    for code in grid:
        if not code:
            continue
        tiles += 1
        kind = CODE_KIND[code]
        if kind == HOUSE:
            houses += 1
            lit += IS_LIT_HOUSE[code]
        elif kind == WORKSHOP:
            workshops[CODE_SUB[code]] += 1
            active[CODE_SUB[code]] += CODE_FLAG[code]
        elif kind == BUSINESS:
            businesses += 1
            restaurants += IS_RESTAURANT[code]
            hats += IS_HAT[code]
    return VillageSummary(tiles, houses, lit, tuple(workshops), tuple(active), businesses, restaurants, hats)


def flip_summary(summary: VillageSummary, old: int, new: int) -> VillageSummary:
    """The summary after a tile turned from ``old`` to ``new`` (same kind: lights or workshop side)."""
    tiles, houses, lit, workshops, active, businesses, restaurants, hats = summary
    change = CODE_FLAG[new] - CODE_FLAG[old]
    if CODE_KIND[new] == WORKSHOP:
        active = _add_at(active, CODE_SUB[new], change)
    else:
        lit += change
    return VillageSummary(tiles, houses, lit, workshops, active, businesses, restaurants, hats)


def add_tile_to_summary(summary: VillageSummary, code: int, sign: int) -> VillageSummary:
    """The summary after a tile ``code`` was added (``sign`` +1) or taken away (-1)."""
    tiles, houses, lit, workshops, active, businesses, restaurants, hats = summary
    kind = CODE_KIND[code]
    if kind == HOUSE:
        houses += sign
        lit += sign * IS_LIT_HOUSE[code]
    elif kind == WORKSHOP:
        workshops = _add_at(workshops, CODE_SUB[code], sign)
        active = _add_at(active, CODE_SUB[code], sign * CODE_FLAG[code])
    elif kind == BUSINESS:
        businesses += sign
        restaurants += sign * IS_RESTAURANT[code]
        hats += sign * IS_HAT[code]
    return VillageSummary(tiles + sign, houses, lit, workshops, active, businesses, restaurants, hats)


def _add_at(counts: tuple[int, ...], index: int, amount: int) -> tuple[int, ...]:
    """``counts`` with ``amount`` added at ``index``."""
    changed = list(counts)
    changed[index] += amount
    return tuple(changed)


__all__ = ["VillageSummary", "add_tile_to_summary", "flip_summary", "summarize"]
