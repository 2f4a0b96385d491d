"""Map queries, reveals and the dragon: adjacency, bodies of water, boats, the dragon's reach (R3).

* Two tiles are adjacent when they share a side (``Game.neighbors``).
* Face-up sea tiles sharing sides form a body of water (the sea lair is not part of one).
* A land tile touching a sea tile that carries a boat is also adjacent to every tile of that
  body and every land tile touching the body (players for Hire Bard, Barrel Delivery,
  Caravan; the Gnomes for everything but their Caravan). A body with the dragon in it
  cannot be crossed (the dragon blocks actions through its tile).
* The dragon moves between side-adjacent face-up tiles, and from any sea tile or the sea lair
  to any other one.
* A face-down tile turns face up when a tile next to it (boats included) holds a cube.
"""

from __future__ import annotations

from gnome_envs.rise_of_the_gnomes.components import (
    NUM_TILE_TYPES,
    WATER_TYPES,
    TileType,
)
from gnome_envs.rise_of_the_gnomes.state import OFF_BOARD, RiseState

SEA = int(TileType.SEA)
LAIR = int(TileType.SEA_LAIR)
WATER = frozenset(int(t) for t in WATER_TYPES)
NO_BODY = -1


def bodies(state: RiseState) -> list[int]:
    """Body-of-water id per position (NO_BODY for anything but a face-up sea tile); cached."""
    cached = state._bodies
    if cached is not None:
        return cached
    labels = [NO_BODY] * len(state.tile_type)
    neighbors = state.game.neighbors
    label = 0
    for start in state.game.positions:
        if labels[start] != NO_BODY or not _is_open_sea(state, start):
            continue
        stack = [start]
        labels[start] = label
        while stack:
            pos = stack.pop()
            for nb in neighbors[pos]:
                if labels[nb] == NO_BODY and _is_open_sea(state, nb):
                    labels[nb] = label
                    stack.append(nb)
        label += 1
    state._bodies = labels
    return labels


def _is_open_sea(state: RiseState, pos: int) -> bool:
    return state.revealed[pos] and state.tile_type[pos] == SEA


def by_type(state: RiseState) -> list[list[int]]:
    """Face-up positions of each tile type (cached until a reveal)."""
    cached = state._by_type
    if cached is None:
        cached = [[] for _ in range(NUM_TILE_TYPES)]
        for pos in state.game.positions:
            if state.revealed[pos]:
                cached[state.tile_type[pos]].append(pos)
        state._by_type = cached
    return cached


def body_tiles(state: RiseState, pos: int) -> list[int]:
    """The sea tiles of the body of water that ``pos`` belongs to."""
    labels = bodies(state)
    label = labels[pos]
    return [p for p in state.game.positions if labels[p] == label] if label != NO_BODY else []


def body_shore(state: RiseState, sea_tiles: list[int]) -> list[int]:
    """Tiles (face up or down, not in the body) sharing a side with the body ``sea_tiles``."""
    inside = set(sea_tiles)
    shore: list[int] = []
    for pos in sea_tiles:
        for nb in state.game.neighbors[pos]:
            if nb not in inside and nb not in shore:
                shore.append(nb)
    return shore


def is_land(state: RiseState, pos: int) -> bool:
    """Whether ``pos`` is a face-up tile that is neither sea nor the sea lair."""
    return state.revealed[pos] and state.tile_type[pos] not in WATER


def boat_reach(state: RiseState, pos: int, respect_dragon: bool = True) -> list[int]:
    """Tiles ``pos`` reaches by boat (R3.2): the bodies of boat tiles it touches and their
    shores; a body holding the dragon is closed when ``respect_dragon``."""
    if not is_land(state, pos):
        return []
    out: list[int] = []
    seen_bodies: set[int] = set()
    labels = bodies(state)
    for nb in state.game.neighbors[pos]:
        if not state.boats[nb] or labels[nb] in seen_bodies:
            continue
        seen_bodies.add(labels[nb])
        sea = body_tiles(state, nb)
        if respect_dragon and state.dragon in sea:
            continue
        for tile in sea + body_shore(state, sea):
            if tile != pos and tile not in out:
                out.append(tile)
    return out


def action_neighbors(state: RiseState, pos: int, boats: bool = True) -> list[int]:
    """Face-up tiles an action can reach from ``pos`` (side neighbours, plus boats when
    ``boats``), the dragon's tile excluded; nothing from the dragon's own tile (R3.6).
    With boats the answer is cached until a reveal, a boat or the dragon changes it."""
    if not boats:
        return _action_neighbors(state, pos, False)
    cache = state._reach
    if cache is None:
        cache = state._reach = {}
    reach = cache.get(pos)
    if reach is None:
        reach = cache[pos] = _action_neighbors(state, pos, True)
    return reach


def _action_neighbors(state: RiseState, pos: int, boats: bool) -> list[int]:
    dragon = state.dragon
    if pos == dragon:
        return []
    revealed = state.revealed
    out = [nb for nb in state.game.neighbors[pos] if revealed[nb] and nb != dragon]
    if boats:
        for tile in boat_reach(state, pos):
            if tile not in out and revealed[tile] and tile != dragon:
                out.append(tile)
    return out


def dragon_neighbors(state: RiseState, pos: int) -> list[int]:
    """Face-up tiles the dragon can step to from ``pos`` (every sea tile and the lair are
    adjacent to each other; the dragon never uses boats)."""
    revealed, types = state.revealed, state.tile_type
    out = [nb for nb in state.game.neighbors[pos] if revealed[nb]]
    if types[pos] in WATER:
        for other in state.game.positions:
            if other != pos and revealed[other] and types[other] in WATER and other not in out:
                out.append(other)
    return out


def move_dragon(state: RiseState, pos: int) -> None:
    """Put the dragon on ``pos`` (it blocks that tile from now on, R3.6)."""
    if state.dragon >= 0:
        state.touch_tile(state.dragon)
    state.touch_tile(pos)
    state.dragon = pos
    state._reach = None


# ============================================================================ reveals (R3.4)
def reveal(state: RiseState, pos: int) -> None:
    """Turn ``pos`` face up; the sea lair brings the dragon onto the map (R3.5)."""
    if state.revealed[pos]:
        return
    state.revealed[pos] = True
    state.touch_face(pos)
    if state.tile_type[pos] == LAIR and state.dragon == OFF_BOARD:
        move_dragon(state, pos)


def hidden_next_to(state: RiseState, pos: int, cached: bool = True) -> list[int]:
    """Face-down tiles next to ``pos``, boats included (read-only; cached until a reveal or a
    boat change: the dragon does not stop a reveal)."""
    if not cached:
        return _hidden_next_to(state, pos)
    cache = state._hidden_near
    if cache is None:
        cache = state._hidden_near = {}
    near = cache.get(pos)
    if near is None:
        near = cache[pos] = _hidden_next_to(state, pos)
    return near


def _hidden_next_to(state: RiseState, pos: int) -> list[int]:
    revealed = state.revealed
    out = [nb for nb in state.game.neighbors[pos] if not revealed[nb]]
    for tile in boat_reach(state, pos, respect_dragon=False):
        if not revealed[tile] and tile not in out:
            out.append(tile)
    return out


def reveal_around(state: RiseState, pos: int) -> None:
    """Reveal every face-down tile next to ``pos`` (boats included) if ``pos`` holds cubes."""
    if not _has_cubes(state, pos):
        return
    flipped = hidden_next_to(state, pos)
    for tile in flipped:
        reveal(state, tile)
    if any(state.tile_type[t] == SEA for t in flipped):
        reveal_all_reached(state)


def reveal_all_reached(state: RiseState) -> None:
    """Reveal until no face-down tile is next to a tile holding cubes (a newly shown sea
    tile can join a body of water that carries a boat)."""
    changed = True
    while changed:
        changed = False
        for pos in state.game.positions:
            if state.revealed[pos] and _has_cubes(state, pos):
                for tile in hidden_next_to(state, pos):
                    reveal(state, tile)
                    changed = True


def _has_cubes(state: RiseState, pos: int) -> bool:
    s = state.owners
    return any(state.cubes[pos * s:(pos + 1) * s])


def launch_boat(state: RiseState, pos: int) -> None:
    """Put a boat from the supply on the sea tile ``pos``; new adjacencies reveal tiles."""
    state.boats[pos] = True
    state.boat_supply -= 1
    state.touch_boat(pos)
    reveal_all_reached(state)


def sink_boat(state: RiseState, pos: int) -> None:
    """The dragon ends on ``pos``: its boat goes back to the supply."""
    if state.boats[pos]:
        state.boats[pos] = False
        state.boat_supply += 1
        state.touch_boat(pos)


def reveal_everything(state: RiseState) -> None:
    """Turn four: every face-down tile turns face up."""
    for pos in state.game.positions:
        reveal(state, pos)
