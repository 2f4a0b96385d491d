"""Component conservation and structural invariants of a Rise of the Gnomes state (R1.1).

Every cube, brewery, boat, upgrade token, brewer, card and tile is always in exactly one
place; the map obeys the placement rules; the cached bodies of water and observation blocks
equal a fresh computation.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from gnome_envs.rise_of_the_gnomes import board, targets
from gnome_envs.rise_of_the_gnomes.cards import (
    NUM_ACTION_CARDS,
    NUM_ALLIES,
    NUM_GNOME_CARDS,
    NUM_JUDGES,
)
from gnome_envs.rise_of_the_gnomes.components import (
    BOARD_UPGRADE_TOKENS,
    BOATS,
    BREWERIES_PER_PLAYER,
    BREWERS_PER_COLOUR,
    BREWERY_BOXES,
    CUBES_PER_PLAYER,
    GNOME_BREWERIES,
    GNOME_CUBES,
    MAX_ALLIES,
    MAX_BEER,
    NUM_PHYSICAL_TILES,
    PHYSICAL_TILES,
    SUPPLY_UPGRADE_TOKENS,
    TWIN_LIMIT,
    Ability,
    BoardAction,
    Phase,
    PlayerSpace,
    TileType,
)
from gnome_envs.rise_of_the_gnomes.pending import DecisionKind, Task
from gnome_envs.rise_of_the_gnomes.state import BLOCK_ATTRIBUTES, LIST_ATTRIBUTES, NESTED_LISTS, OFF_BOARD, RiseState

TOKEN_BOXES = sum(1 << box for box, info in enumerate(BREWERY_BOXES) if info.upgrade_token)
NEVER_BREWERY = frozenset({int(TileType.SEA_LAIR), int(TileType.GNOMELAND)})


def check(state: RiseState) -> list[str]:
    """Every violated invariant, as readable sentences (empty when all hold)."""
    problems: list[str] = []
    for checker in (_cubes_and_breweries, _map_rules, _boats_and_dragon, _tokens, _brewers,
                    _cards, _tiles, _resources, _reveals, _caches):
        problems += checker(state)
    return problems


def _cubes_and_breweries(state: RiseState) -> list[str]:
    out = []
    s = state.owners
    end = len(state.tile_type) * s
    for o in range(s):
        on_map = sum(state.cubes[o:end:s])  # position-major: entry pos * s + o
        brews = sum(state.brews[o:end:s])
        gnome = o == state.n
        cubes_out = state.g_cubes_out if gnome else state.cubes_out[o]
        brews_out = state.g_brews_out if gnome else state.brews_out[o]
        cube_limit = GNOME_CUBES if gnome else CUBES_PER_PLAYER
        brew_limit = GNOME_BREWERIES if gnome else BREWERIES_PER_PLAYER
        if on_map != cubes_out or not 0 <= cubes_out <= cube_limit:
            out.append(f"owner {o}: {on_map} cubes on the map, {cubes_out} counted out (limit {cube_limit})")
        if brews != brews_out or not 0 <= brews_out <= brew_limit:
            out.append(f"owner {o}: {brews} breweries on the map, {brews_out} counted out (limit {brew_limit})")
    if min(state.cubes) < 0 or min(state.brews) < 0:
        out.append("negative cubes or breweries on the map")
    return out


def _map_rules(state: RiseState) -> list[str]:
    out = []
    s = state.owners
    for pos in range(len(state.tile_type)):
        cubes = state.cubes[pos * s:(pos + 1) * s]
        brews = state.brews[pos * s:(pos + 1) * s]
        if not (state.game.in_play[pos] and state.revealed[pos]) and (any(cubes) or any(brews)):
            out.append(f"position {pos}: pieces on a tile out of play or face down")
        owners = [o for o in range(s) if brews[o]]
        if len(owners) > 1:
            out.append(f"position {pos}: breweries of several owners {owners}")
        for o in owners:
            twin = o < state.n and state.ability(o, Ability.TWIN_BREWERY)
            if brews[o] > (TWIN_LIMIT if twin else 1):
                out.append(f"position {pos}: {brews[o]} breweries of owner {o}")
            if state.tile_type[pos] in NEVER_BREWERY:
                out.append(f"position {pos}: a brewery on a tile that never holds one")
    return out


def _boats_and_dragon(state: RiseState) -> list[str]:
    out = []
    boats = [pos for pos, b in enumerate(state.boats) if b]
    if len(boats) + state.boat_supply != BOATS:
        out.append(f"boats: {len(boats)} on the map + {state.boat_supply} in supply != {BOATS}")
    for pos in boats:
        if not state.revealed[pos] or state.tile_type[pos] != TileType.SEA:
            out.append(f"boat on position {pos}, not a face-up sea tile")
    lair_seen = any(state.revealed[pos] and state.tile_type[pos] == TileType.SEA_LAIR for pos in state.game.positions)
    if (state.dragon != OFF_BOARD) != lair_seen:
        out.append(f"dragon at {state.dragon} but sea lair revealed={lair_seen}")
    if state.dragon != OFF_BOARD and not (state.game.in_play[state.dragon] and state.revealed[state.dragon]):
        out.append(f"dragon on position {state.dragon}, not a face-up tile in play")
    return out


def _tokens(state: RiseState) -> list[str]:
    placed = sum(u.bit_count() for u in state.upgrades)
    unreleased = sum(BOARD_UPGRADE_TOKENS - (t & TOKEN_BOXES).bit_count() for t in state.tokens_used)
    in_hand = sum(1 for t in state.tasks if t[0] == Task.UPGRADE_TOKEN)
    if state.pending is not None and state.pending.kind == DecisionKind.UPGRADE_SLOT:
        in_hand += 1
    total = placed + unreleased + in_hand + state.upgrade_supply
    expected = BOARD_UPGRADE_TOKENS * state.n + SUPPLY_UPGRADE_TOKENS
    return [] if total == expected else [f"upgrade tokens {total} != {expected}"]


def _brewers(state: RiseState) -> list[str]:
    out = []
    n = state.n
    for p in range(n):
        placed = sum(state.board_brewers[a * n + p] for a in range(len(BoardAction)))
        spaces = len(PlayerSpace)
        placed += sum(state.player_spaces[p * spaces:(p + 1) * spaces])
        placed += sum(state.ally_spaces[p * MAX_ALLIES:(p + 1) * MAX_ALLIES])
        placed += state.card_spaces.count(p)
        owned = state.brewers_owned[p]
        if owned + state.brewer_reserve[p] > BREWERS_PER_COLOUR or state.brewers[p] < 0:
            out.append(f"seat {p}: {owned} brewers + {state.brewer_reserve[p]} reserve")
        if state.phase in (Phase.ALLIES, Phase.PLACEMENT) and state.brewers[p] + placed != owned:
            out.append(f"seat {p}: {state.brewers[p]} in hand + {placed} placed != {owned} owned")
        elif state.brewers[p] + placed > owned:
            out.append(f"seat {p}: {state.brewers[p]} in hand + {placed} placed > {owned} owned")
    return out


def _deck(name: str, parts: list[list[int]], total: int) -> list[str]:
    cards = [c for part in parts for c in part]
    if sorted(cards) != list(range(total)):
        counts = Counter(cards)
        duplicates = [c for c, k in counts.items() if k > 1]
        missing = sorted(set(range(total)) - set(cards))
        return [f"{name}: {len(cards)} cards, duplicates {duplicates}, missing {missing}"]
    return []


def _cards(state: RiseState) -> list[str]:
    in_play = [state.gnome_card] if state.gnome_card >= 0 else []
    return (
        _deck("allies", [state.ally_deck, state.ally_row, state.ally_box, *state.allies], NUM_ALLIES)
        + _deck("judges", [state.judge_deck, state.judge_box, *state.judges, *state.judge_hand], NUM_JUDGES)
        + _deck("gnome cards", [state.gnome_deck, state.gnome_discard, *state.hands, in_play], NUM_GNOME_CARDS)
        + _deck("action cards", [state.action_display, state.action_hidden], NUM_ACTION_CARDS)
    )


def _tiles(state: RiseState) -> list[str]:
    on_map = [state.tile_phys[pos] for pos in state.game.positions]
    out = _deck("board tiles", [on_map, state.unused_tiles], NUM_PHYSICAL_TILES)
    for pos in state.game.positions:
        tile = PHYSICAL_TILES[state.tile_phys[pos]]
        if (tile.type, tile.icon) != (state.tile_type[pos], state.tile_icon[pos]):
            out.append(f"position {pos}: type/icon differ from physical tile {tile.tile_id}")
    return out


def _resources(state: RiseState) -> list[str]:
    out = []
    for p in range(state.n):
        if state.gold[p] < 0 or not 0 <= state.beer[p] <= MAX_BEER:
            out.append(f"seat {p}: gold {state.gold[p]}, beer {state.beer[p]}")
    if state.g_gold < 0 or state.g_vp < 0:
        out.append(f"Gnomes: gold {state.g_gold}, points {state.g_vp}")
    return out


def _reveals(state: RiseState) -> list[str]:
    """R3.4: no face-down tile is next to (boats included) a tile holding cubes."""
    out = []
    s = state.owners
    for pos in state.game.positions:
        if state.revealed[pos] and any(state.cubes[pos * s:(pos + 1) * s]):
            near = list(state.game.neighbors[pos]) + board.boat_reach(state, pos, respect_dragon=False)
            hidden = [t for t in near if not state.revealed[t]]
            if hidden:
                out.append(f"position {pos} holds cubes next to face-down tiles {hidden}")
    return out


def _caches(state: RiseState) -> list[str]:
    from gnome_envs.rise_of_the_gnomes import observation

    out = []
    if state._bodies is not None:
        cached = state._bodies
        state._bodies = None
        if board.bodies(state) != cached:
            out.append("stale bodies-of-water cache")
    if state._by_type is not None:
        cached, state._by_type = state._by_type, None
        if board.by_type(state) != cached:
            out.append("stale tiles-by-type cache")
    for owner, cached in (state._occupied or {}).items():
        s = state.owners
        fresh = [pos for pos in state.game.positions if (state.cubes[pos * s + owner] or state.brews[pos * s + owner])
                 and pos != state.dragon]
        if fresh != cached:
            out.append(f"stale occupied-tiles cache of owner {owner}")
    copied = set(LIST_ATTRIBUTES) | set(BLOCK_ATTRIBUTES) | NESTED_LISTS
    shared = [name for name, value in vars(state).items()
              if isinstance(value, (list, bytearray)) and name not in copied and not name.startswith("_")]
    if shared:
        out.append(f"list attributes {shared} would be shared by clones (LIST_ATTRIBUTES, BLOCK_ATTRIBUTES)")
    for (name, *args), cached in (state._memo or {}).items():
        if targets.MAP_QUERIES[name](state, *args) != cached:
            out.append(f"stale answer of {name}{tuple(args)}")
    for pos, cached in (state._hidden_near or {}).items():
        if board.hidden_next_to(state, pos, cached=False) != cached:
            out.append(f"stale face-down neighbours of position {pos}")
    for pos, cached in (state._reach or {}).items():
        if board._action_neighbors(state, pos, True) != cached:
            out.append(f"stale reach cache at position {pos}")
    if state._obs_public is not None:
        current = observation.public_part(state)  # brings the stale parts up to date
        fresh = observation.public_vector(state)
        public = observation.LAYOUTS[state.n].public_size
        if not np.array_equal(current[:public], fresh[:public]):
            wrong = [s.name for s in state.game.observation_layout if s.stop <= public
                     and not np.array_equal(current[s.start:s.stop], fresh[s.start:s.stop])]
            out.append(f"stale observation cache (segments {wrong})")
    return out
