"""Component conservation and structural invariants of a Dwar7s Fall state."""

from __future__ import annotations

from collections import Counter

import numpy as np

from gnome_envs.dwarfs_fall.board import compute_regions
from gnome_envs.dwarfs_fall.components import (
    DWARFS_PER_COLOUR,
    GEM_PILE,
    IS_MONSTER,
    LAYER_KIND,
    NUM_CELLS,
    NUM_GEMS,
    NUM_KINDS,
    NUM_OGRES,
    NUM_SECRETS,
    NUM_TRADING_GOALS,
    OGRE_COUNTS,
    SPOTS,
    UNSTACKABLE,
    Kind,
    card_code,
    layer_code,
)
from gnome_envs.dwarfs_fall.goals import secret_met


def check(state) -> list[str]:
    """Every violated invariant, as readable sentences (empty when all hold)."""
    problems: list[str] = []
    for checker in (_kingdom_cards, _stacks, _castles, _dwarfs, _gems, _ogres, _trading, _secrets, _caches):
        problems += checker(state)
    return problems


def _kingdom_cards(state) -> list[str]:
    """Each colour's nine cards are each in exactly one place: hand, mat or defeated."""
    n = state.game.num_players
    seen = Counter(layer_code(x) for stack in state.stacks for x in stack)
    seen.update(code for row in state.defeated for code in row)
    for p in range(n):
        for k in range(NUM_KINDS):
            seen[card_code(p, k)] += state.in_hand[p] >> k & 1
    expected = Counter(card_code(p, k) for p in range(n) for k in range(NUM_KINDS))
    if seen != expected:
        return [f"kingdom cards off by {dict((seen - expected) + (expected - seen))}"]
    bad = [code for row in state.defeated for code in row if not IS_MONSTER[code % NUM_KINDS]]
    return [f"defeated cards that are not monsters: {bad}"] if bad else []


def _stacks(state) -> list[str]:
    out = []
    for c in range(NUM_CELLS):
        stack = state.stacks[c]
        top = stack[-1] if stack else -1
        if state.top[c] != top:
            out.append(f"cell {c}: top {state.top[c]} is not the stack's top {top}")
        kinds = {LAYER_KIND[x] for x in stack}
        if len(kinds) > 1:
            out.append(f"cell {c}: a stack of mixed kinds {sorted(kinds)}")
        if len(stack) > 1 and UNSTACKABLE[LAYER_KIND[top]]:
            out.append(f"cell {c}: a castle or monster in a stack of {len(stack)}")
    return out


def _castles(state) -> list[str]:
    out = []
    for p, cell in enumerate(state.castle_cell):
        castle = card_code(p, Kind.CASTLE)
        in_hand = bool(state.in_hand[p] & 1 << Kind.CASTLE)
        if cell < 0:
            if not in_hand:
                out.append(f"seat {p}: castle neither in hand nor recorded on the mat")
        elif in_hand or state.top[cell] < 0 or layer_code(state.top[cell]) != castle:
            out.append(f"seat {p}: castle recorded at {cell} is not there")
    return out


def _dwarfs(state) -> list[str]:
    n = state.game.num_players
    out = []
    for p in range(n):
        placed = sum(state.dwarfs[c * n + p] for c in range(NUM_CELLS))
        if placed + state.pile[p] != DWARFS_PER_COLOUR or state.pile[p] < 0:
            out.append(f"seat {p}: {placed} dwarfs on the mat + {state.pile[p]} in the pile != {DWARFS_PER_COLOUR}")
    for c in range(NUM_CELLS):
        row = state.dwarfs[c * n:(c + 1) * n]
        if min(row) < 0 or sum(row) != state.crowd[c]:
            out.append(f"cell {c}: dwarfs {row} vs crowd {state.crowd[c]}")
        top = state.top[c]
        if state.crowd[c] and (top < 0 or state.crowd[c] > SPOTS[LAYER_KIND[top]]):
            out.append(f"cell {c}: {state.crowd[c]} dwarfs on a card with room for fewer (or no card)")
    return out


def _gems(state) -> list[str]:
    n = state.game.num_players
    out = state.gems.problems()
    for g in range(NUM_GEMS):
        held = sum(state.gems.count(p, g) for p in range(n))
        if held + state.gem_pile[g] != GEM_PILE[g] or state.gem_pile[g] < 0:
            out.append(f"gem {g}: pile {state.gem_pile[g]} + hands {held} != {GEM_PILE[g]}")
    return out


def _ogres(state) -> list[str]:
    n = state.game.num_players
    out = state.ogres.problems()
    deck = Counter(state.ogre_deck)
    for k in range(NUM_OGRES):
        total = deck[k] + state.ogre_discard[k] + sum(state.ogres.count(p, k) for p in range(n))
        if total != OGRE_COUNTS[k]:
            out.append(f"ogre kind {k}: deck + discards + hands = {total} != {OGRE_COUNTS[k]}")
    return out


def _trading(state) -> list[str]:
    cards = [g for g in state.trading_row if g >= 0] + list(state.trading_deck)
    cards += [g for row in state.trading_won for g in row]
    out = [] if sorted(cards) == list(range(NUM_TRADING_GOALS)) else [f"trading goals {sorted(cards)}"]
    if state.trading_deck and -1 in state.trading_row:
        out.append("an empty trading goal slot while the deck has cards")
    return out


def _secrets(state) -> list[str]:
    cards = sorted(list(state.secret) + list(state.secret_box))
    out = [] if cards == list(range(NUM_SECRETS)) else [f"secret goals {cards}"]
    for p, goal in enumerate(state.secret):
        if not state.secret_revealed[p] and secret_met(state, p, goal):
            out.append(f"seat {p}'s secret goal {goal} is met but not revealed")
    return out


def _caches(state) -> list[str]:
    """Cached views must equal a fresh computation (stale caches are bugs)."""
    from gnome_envs.dwarfs_fall.observation import (
        board_features,
        cached_table,
        private_features,
        public_features,
        table_features,
    )

    out = []
    for p, entry in enumerate(state._public):
        current = entry is not None and entry[:2] == (state.gems.sizes[p], state.ogres.sizes[p])
        if current and not np.array_equal(entry[2], public_features(state, p)):
            out.append(f"stale public features of seat {p}")
    n = state.game.num_players
    versions = (state.gems.version, state.ogres.version)
    for index, cached in enumerate(state._private):
        if cached is not None and cached[0] == versions:
            observer, p = divmod(index, n)
            if cached[1] != private_features(state, observer, p):
                out.append(f"stale private features of seat {p} seen by seat {observer}")
    entry = state._table
    if entry is not None and cached_table(state) is entry[1] and not np.array_equal(entry[1], table_features(state)):
        out.append("stale table features")
    fresh_regions = compute_regions(state.top)
    if state._regions is not None and state._regions != fresh_regions:
        out.append("stale regions cache")
    kingdoms = [fresh_regions.regions[fresh_regions.region_of[c]] if c >= 0 else None for c in state.castle_cell]
    if state._kingdoms is not None and state._kingdoms != kingdoms:
        out.append("stale kingdoms cache")
    board = state._board
    if board is not None:
        state._board = None
        fresh = board_features(state)
        state._board = board
        if not np.array_equal(board, fresh):
            out.append("stale board features")
    return out


__all__ = ["check"]
