"""The incremental paths agree with a recomputation from scratch over random games.

Regions are updated card by card (``board.add_card``), the board block's region columns are
patched where their bits changed (``observation_board.region_sigs``), the expansion segments of
each seat's view are rewritten one by one, royal public rows survive a change of the mat while
their kingdom and its score hold, and Hidden Tunnels, Fortress and the memorials read cached or
single-pass lists. The cards with room and each seat's cells with dwarfs are kept as dwarfs
come and go, the private player columns are keyed by each seat's hand versions, the public
rows leave the hand size out, and the action phase, the resolve phase, Panic and the secret
goals read those kept lists. Every check compares with the plain definition.
"""

from __future__ import annotations

import numpy as np
import pytest

from gnome_envs.core.errors import InvariantError
from gnome_envs.dwarfs_fall.board import LINKS, compute_regions
from gnome_envs.dwarfs_fall.components import LAYER_KIND, MEMORIAL, NEIGHBOUR, NUM_CELLS, SPOTS
from gnome_envs.dwarfs_fall.decrees import MINE_KINDS, fortress_cells, may_place_on, tunnel_sources
from gnome_envs.dwarfs_fall.empires import can_complete
from gnome_envs.dwarfs_fall.flow import completable
from gnome_envs.dwarfs_fall.goals import secret_met
from gnome_envs.dwarfs_fall.observation import (
    cached_private,
    observe,
    private_features,
    public_entry,
    public_features,
)
from gnome_envs.dwarfs_fall.observation_board import board_features, refresh_cell_dwarfs
from gnome_envs.dwarfs_fall.observation_expansions import memorials
from gnome_envs.dwarfs_fall.ogres import crowded_cells, panic_cells, panic_destinations, panic_usable
from gnome_envs.dwarfs_fall.turn import move_options

from .helpers import build, cell, fresh, random_game

CONFIGS = [
    {"num_players": 2},
    {"num_players": 4, "expansions": ("trolls_bridge",)},
    {"num_players": 3, "expansions": ("royal_decrees",), "scenario": "siege"},
    {"num_players": 4, "expansions": ("trolls_bridge", "royal_decrees"), "scenario": "lords_of_the_arena"},
    {"num_players": 5, "expansions": ("trolls_bridge", "empires", "royal_decrees"), "scenario": "lords_of_the_arena"},
    {"num_players": 3, "expansions": ("empires",), "races": ("elves", "ogres", "crystal_dwarfs")},
]


def _is_mine(state, cell: int) -> bool:
    return LAYER_KIND[state.top[cell]] in MINE_KINDS


def _naive_tunnel_sources(state, p: int) -> list[int]:
    """D14 as written: mines with one of ``p``'s dwarfs from which another mine can take it."""
    n = state.game.num_players
    occupied = state.regions.occupied
    return [c for c in occupied if _is_mine(state, c) and state.dwarfs[c * n + p]
            and any(t != c and _is_mine(state, t) and state.has_room(t) and not state.region_at(t).dragon
                    for t in occupied)]


def _room(state) -> tuple[int, ...]:
    """Cards with a free spot, found from scratch."""
    return tuple(c for c in range(NUM_CELLS) if state.top[c] >= 0
                 and state.crowd[c] < SPOTS[LAYER_KIND[state.top[c]]])


def _naive_moves(state, p: int) -> list[tuple[int, int]]:
    """R5.4 as written: every open side from a card with one of ``p``'s dwarfs to a card with room."""
    n = state.game.num_players
    passable = compute_regions(state.top).passable
    room = _room(state)
    return [(c, side) for c in range(NUM_CELLS) if state.dwarfs[c * n + p]
            for bit, nb, _, side in LINKS[c] if passable[c] & bit and nb in room]


def _naive_panic_cells(state) -> list[int]:
    """Panic's cards as written: a dwarf there, and a card with room one open side away (with The
    Empires, a destination it may reach, each found on its own)."""
    passable = compute_regions(state.top).passable
    room = _room(state)
    cells = [c for c in crowded_cells(state)
             if any(passable[c] >> side & 1 and nb in room for side, nb in enumerate(NEIGHBOUR[c]))]
    if state.game.empires:
        cells = [c for c in cells if panic_destinations(state, c)]  # (its room found afresh each time)
    return cells


def _naive_completable(state, p: int) -> list[int]:
    """R7.1 as written: every card on the mat whose task seat ``p`` has the meeples for."""
    if state.game.empires:
        return [c for c in state.regions.occupied if can_complete(state, c, p)]
    return [c for c in state.regions.occupied if state.dwarfs_of(p, c) >= state.required_at(c, p)]


def _check_players(state) -> None:
    """The kept lists of the board, and the player rows' cached parts, against a recount."""
    n = state.game.num_players
    if state._room is not None:
        assert state._room == _room(state)
    assert state.room_cells() == _room(state)
    for p in range(n):
        assert state._seat_cells[p] == tuple(c for c in range(NUM_CELLS) if state.dwarfs[c * n + p])
        assert move_options(state, p) == _naive_moves(state, p)
        assert completable(state, p) == _naive_completable(state, p)
        assert not secret_met(state, p, state.secret[p]) or state.secret_revealed[p]
        fresh = public_features(state, p)
        fresh[state.game.obs_layout.private.stop] = 0.0  # (the hand size is written with the pile)
        assert np.array_equal(public_entry(state, p)[0], fresh)
        for o in range(n):
            expected = np.array(private_features(state, o, p), dtype=np.float32)
            assert np.array_equal(cached_private(state, o, p), expected)
    panic = _naive_panic_cells(state)
    assert panic_cells(state) == panic
    assert panic_usable(state) == bool(panic)


def _check(state) -> None:
    """Every cache the step left behind equals a fresh computation."""
    if state._regions is not None:
        assert state._regions == compute_regions(state.top)
    n = state.game.num_players
    if not state.is_terminal():
        seats = range(n) if state.decisions % 5 == 0 else (state.current_player,)  # some views stale
        for seat in seats:
            cached = observe(state, seat)
            scratch = observe(state, seat, np.zeros(state.game.obs_layout.size, dtype=np.float32))
            assert np.array_equal(cached, scratch)
    if state.decisions % 3 == 0:  # (the lists are also kept while nobody reads them)
        _check_players(state)
    if state.game.royal:
        top = state.top
        assert memorials(state) == tuple(c for c in state.regions.occupied if LAYER_KIND[top[c]] == MEMORIAL)
        for p in range(n):
            assert tunnel_sources(state, p) == _naive_tunnel_sources(state, p)
            cells = list(state.regions.occupied)
            assert fortress_cells(state, p, cells) == [c for c in cells if may_place_on(state, p, c)]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c['num_players']}p-" + "-".join(c.get("expansions", ())))
def test_incremental_paths_match_scratch(config):
    for seed in range(3):
        state = fresh(seed, **config)
        random_game(state, np.random.default_rng(seed), after=_check)


def test_a_cells_dwarf_column_is_written_alike_in_full_and_in_place():
    """Five dwarfs of a seat (5/6 is not a float32): the whole board and the column rewritten in
    place after dwarfs came give the same float32 value."""
    state = build({"c4": "Btav", "d4": "Rdra"}, dwarfs={"d4": "BBBBB"}, phase="resolve")
    whole = board_features(state)
    in_place = whole.copy()
    refresh_cell_dwarfs(state, in_place, cell("d4"), 0)
    assert np.array_equal(whole, in_place)


def test_check_invariants_catches_stale_regions_and_bounds_on_a_mat_it_has_checked():
    """The checker keeps its fresh regions per mat; a regions cache broken after the mat was
    checked once is still reported, and so is a knowledge bound above the true hand."""
    state = fresh(3, num_players=3)
    rng = np.random.default_rng(3)
    while state.decisions < 12:
        legal = state.legal_actions()
        state.apply(legal[rng.integers(len(legal))])
    state.regions  # fills the cache
    state.check_invariants()  # this mat's fresh regions are now kept by the checker
    broken = state.clone()
    broken._regions = state._regions._replace(frontier=state._regions.frontier[1:])
    with pytest.raises(InvariantError, match="stale regions cache"):
        broken.check_invariants()
    broken = state.clone()
    hands = broken.gems
    hands.known[(0 * 3 + 1) * hands.width] = hands.count(1, 0) + 1  # seat 0 "knows" one gem too many
    with pytest.raises(InvariantError, match="seat 0's bounds .* on seat 1 exceed its hand"):
        broken.check_invariants()
