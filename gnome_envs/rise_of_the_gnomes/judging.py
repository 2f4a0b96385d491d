"""What each judge card counts at the end of the game (R12.1)."""

from __future__ import annotations

from gnome_envs.rise_of_the_gnomes.cards import Judge, JudgeKind
from gnome_envs.rise_of_the_gnomes.components import CENTER, RED, RING, TileType
from gnome_envs.rise_of_the_gnomes.state import RiseState

SEA = int(TileType.SEA)
DESERT = int(TileType.DESERT)


def count(state: RiseState, p: int, judge: Judge) -> int:
    """The number ``judge`` looks up in its table for seat ``p``."""
    kind = judge.kind
    positions = state.game.positions
    if kind == JudgeKind.BREWERY_TILES:
        return sum(1 for pos in positions
                   if state.tile_type[pos] == judge.tile_type and state.brews_at(pos, p))
    if kind == JudgeKind.CONTROL_TILES:
        return sum(1 for pos in positions
                   if state.tile_type[pos] == judge.tile_type and state.controller(pos) == p)
    if kind == JudgeKind.COAST_BREWERIES:
        return sum(1 for pos in positions if state.brews_at(pos, p) and _on_coast(state, pos))
    if kind == JudgeKind.DESERT_TILES:
        return sum(1 for pos in positions if state.tile_type[pos] == DESERT and state.occupies(pos, p))
    if kind == JudgeKind.DRAGONKEEP:
        return int(state.controller(CENTER) == p)
    if kind == JudgeKind.RED_ZONE:
        return sum(1 for pos in positions if RING[pos] == RED and state.occupies(pos, p))
    if kind == JudgeKind.CUBES:
        return state.cubes_out[p]
    if kind == JudgeKind.BREWERIES:
        return state.brews_out[p]
    if kind == JudgeKind.UPGRADES:
        return state.upgrades[p].bit_count()
    return state.gold[p]


def _on_coast(state: RiseState, pos: int) -> bool:
    return any(state.tile_type[nb] == SEA and state.revealed[nb] for nb in state.game.neighbors[pos])
