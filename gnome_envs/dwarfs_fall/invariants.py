"""Component conservation and structural invariants of a Dwar7s Fall state."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

import numpy as np

from gnome_envs.dwarfs_fall.board import compute_regions
from gnome_envs.dwarfs_fall.components import (
    CASTLE_SLOT,
    CODE_KIND,
    GEM_PILE,
    IS_MONSTER,
    LAKE_CELL,
    LAKE_CODE,
    LAYER_KIND,
    MEMORIAL_CODE,
    MOOD_TRACK,
    NUM_CELLS,
    NUM_GEMS,
    NUM_KINDS,
    NUM_MOODS,
    NUM_ROAMING,
    SPOTS,
    UNSTACKABLE,
    layer,
    layer_code,
)
from gnome_envs.dwarfs_fall.decrees import (
    NO_SCENARIO,
    NUM_DECREES,
    MINE_KINDS,
    NUM_SCENARIOS,
    Decree,
    may_place_on,
)
from gnome_envs.dwarfs_fall.goals import secret_met

# fresh regions kept per mat (the top of every cell): the mat changes in a few steps of a game,
# and every check compares the state's caches with them (the comparison itself runs every time)
REGIONS_MEMO_SIZE = 4096


@lru_cache(maxsize=REGIONS_MEMO_SIZE)
def _fresh_regions(top: tuple[int, ...]):
    """compute_regions of the mat ``top``, computed once per distinct mat."""
    return compute_regions(list(top))


def check(state) -> list[str]:
    """Every violated invariant, as readable sentences (empty when all hold)."""
    problems: list[str] = []
    for checker in (_kingdom_cards, _stacks, _castles, _dwarfs, _gems, _ogres, _trading, _secrets, _caches,
                    _rule_caches):
        problems += checker(state)
    if state.game.trolls:
        problems += _troll(state)
    if state.game.royal:
        problems += _royal(state)
    if state.game.empires:
        from gnome_envs.dwarfs_fall.invariants_empires import check_empires

        problems += check_empires(state)
    return problems


def _royal(state) -> list[str]:
    """Royal Decrees: known decrees, the axe on a seat, per-turn records that make sense."""
    n = state.game.num_players
    out = []
    scenario_ok = 0 <= state.scenario < NUM_SCENARIOS if state.game.royal_decrees else state.scenario == NO_SCENARIO
    if state.decree_mask >> NUM_DECREES or not state.decree_mask or not scenario_ok:
        out.append(f"decrees {state.decree_mask:b} / scenario {state.scenario}")
    if not 0 <= state.first_player < n or state.bonus_actions < 0:
        out.append(f"axe {state.first_player}, bonus actions {state.bonus_actions}")
    if any(state.top[c] < 0 for c in state.placed_cells):
        out.append(f"dwarfs placed this turn on empty squares {state.placed_cells}")
    return out


def _troll(state) -> list[str]:
    """Troll's Bridge: the lake stays on d4, the troll on a card, the mood and roaming decks whole."""
    out = []
    if state.stacks[LAKE_CELL] != (layer(LAKE_CODE, 0),):
        out.append(f"the lake is not alone on its square: {state.stacks[LAKE_CELL]}")
    if not 0 <= state.troll_cell < NUM_CELLS or state.top[state.troll_cell] < 0:
        out.append(f"the troll stands on no card ({state.troll_cell})")
    if sorted(state.mood_deck) != list(range(NUM_MOODS)) or not 1 <= state.moods_seen <= NUM_MOODS:
        out.append(f"mood deck {state.mood_deck} (seen {state.moods_seen})")
    elif not 0 <= state.toll < MOOD_TRACK[state.mood_deck[0]]:
        out.append(f"toll chip at {state.toll} off the track of mood {state.mood_deck[0]}")
    if sorted(state.roaming_deck + state.roaming_discard) != list(range(NUM_ROAMING)):
        out.append(f"roaming cards {sorted(state.roaming_deck + state.roaming_discard)}")
    return out


def _kingdom_cards(state) -> list[str]:
    """Each colour's nine cards are each in exactly one place: hand, mat or defeated."""
    n = state.game.num_players
    seen = Counter(layer_code(x) for stack in state.stacks for x in stack)
    memorials = seen.pop(MEMORIAL_CODE, 0)
    slain = sum(len(row) for row in state.defeated)
    slain += len(state.boxed) if state.game.empires else 0
    if memorials != (slain if state.game.royal and state.decree(Decree.BATTLE_MEMORIAL) else 0):
        return [f"{memorials} battle memorials on the mat for {slain} slain monsters"]
    seen.update(code for row in state.defeated for code in row)
    if state.game.empires:
        seen.update(state.boxed)
    codes = state.game.seat_codes
    for p in range(n):
        for k in range(NUM_KINDS):
            seen[codes[p][k]] += state.in_hand[p] >> k & 1
    expected = Counter(code for row in codes for code in row)
    if state.game.trolls:
        expected[LAKE_CODE] = 1
    if seen != expected:
        return [f"kingdom cards off by {dict((seen - expected) + (expected - seen))}"]
    bad = [code for row in state.defeated for code in row if not IS_MONSTER[CODE_KIND[code]]]
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
        castle = state.game.seat_codes[p][CASTLE_SLOT]
        in_hand = bool(state.in_hand[p] & 1 << CASTLE_SLOT)
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
        placed = sum(state.dwarfs[p::n])
        total = state.meeple_count(p)
        if placed + state.pile[p] != total or state.pile[p] < 0:
            out.append(f"seat {p}: {placed} dwarfs on the mat + {state.pile[p]} in the pile != {total}")
    for c in range(NUM_CELLS):
        row = list(state.dwarfs[c * n:(c + 1) * n])
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
    counts = state.game.ogre_counts
    for k in range(len(counts)):
        total = deck[k] + state.ogre_discard[k] + sum(state.ogres.count(p, k) for p in range(n))
        if total != counts[k]:
            out.append(f"ogre kind {k}: deck + discards + hands = {total} != {counts[k]}")
    return out


def _trading(state) -> list[str]:
    cards = [g for g in state.trading_row if g >= 0] + list(state.trading_deck)
    cards += [g for row in state.trading_won for g in row]
    out = [] if sorted(cards) == list(state.game.trading_goals) else [f"trading goals {sorted(cards)}"]
    if state.trading_deck and -1 in state.trading_row:
        out.append("an empty trading goal slot while the deck has cards")
    return out


def _secrets(state) -> list[str]:
    cards = sorted(list(state.secret) + list(state.secret_box))
    out = [] if cards == list(range(state.game.num_secrets)) else [f"secret goals {cards}"]
    for p, goal in enumerate(state.secret):
        if not state.secret_revealed[p] and secret_met(state, p, goal):
            out.append(f"seat {p}'s secret goal {goal} is met but not revealed")
    return out


def _caches(state) -> list[str]:
    """Cached views must equal a fresh computation (stale caches are bugs)."""
    from gnome_envs.dwarfs_fall.observation import (
        board_features,
        cached_board,
        cached_table,
        hand_versions,
        private_features,
        public_features,
        table_features,
    )

    out = []
    hand_at = state.game.obs_layout.private.stop
    for p, entry in enumerate(state._public):
        # (an older one is checked against its kingdom when read; the hand size is not cached)
        if entry is not None and entry[1] == state._layout_version:
            fresh = public_features(state, p)
            fresh[hand_at] = 0.0
            if not np.array_equal(entry[0], fresh):
                out.append(f"stale public features of seat {p}")
    n = state.game.num_players
    for index, cached in enumerate(state._private):
        observer, p = divmod(index, n)
        if cached is not None and cached[0] == hand_versions(state, p):
            if not np.array_equal(cached[1], np.array(private_features(state, observer, p), dtype=np.float32)):
                out.append(f"stale private features of seat {p} seen by seat {observer}")
    entry = state._table
    if entry is not None and cached_table(state) is entry[1] and not np.array_equal(entry[1], table_features(state)):
        out.append("stale table features")
    fresh_regions = _fresh_regions(tuple(state.top))
    if state._regions is not None and state._regions != fresh_regions:
        out.append("stale regions cache")
    kingdoms = [fresh_regions.regions[fresh_regions.region_of[c]] if c >= 0 else None for c in state.castle_cell]
    if state._kingdoms is not None and state._kingdoms != kingdoms:
        out.append("stale kingdoms cache")
    if state.game.royal and state._regions is not None and state._mines[0] is state._regions:
        top, regions = state.top, fresh_regions
        safe = tuple(c for c in regions.occupied if LAYER_KIND[top[c]] in MINE_KINDS
                     and not regions.regions[regions.region_of[c]].dragon)
        if state._mines[1] != safe:
            out.append("stale dragon-free mines cache")
    board = cached_board(state) if state._board is not None else None  # pending cells written
    if board is not None:
        state._board = None
        fresh = board_features(state)
        state._board = board
        if not np.array_equal(board, fresh):
            out.append("stale board features")
    return out


def _rule_caches(state) -> list[str]:
    """The rules' kept answers (Fortress cells, kingdom goals found unmet) must equal a fresh
    computation while what they were kept with is current."""
    out = []
    if state.game.royal and state._regions is not None and state._fortress[0] is state._regions:
        _, _, cells, p, answer = state._fortress
        if cells is not None and answer != tuple(c for c in cells if may_place_on(state, p, c)):
            out.append("stale Fortress cells cache")
    for p, unmet in enumerate(state._secret_unmet):  # a kingdom goal found unmet in this kingdom
        if (unmet is not None and unmet[0] == state.secret[p] and not state.secret_revealed[p]
                and state.castle_cell[p] >= 0 and unmet[1] is state.kingdom(p) and secret_met(state, p, unmet[0])):
            out.append(f"stale unmet secret goal of seat {p}")
    return out


__all__ = ["check"]
