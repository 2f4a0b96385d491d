"""The incremental paths agree with a recomputation from scratch over random games.

Regions are updated card by card (``board.add_card``), the board block's region columns are
patched where their bits changed (``observation_board.region_sigs``), the expansion segments of
each seat's view are rewritten one by one, royal public rows survive a change of the mat while
their kingdom and its score hold, and Hidden Tunnels, Fortress and the memorials read cached or
single-pass lists. Every check compares with the plain definition.
"""

from __future__ import annotations

import numpy as np
import pytest

from gnome_envs.dwarfs_fall.board import compute_regions
from gnome_envs.dwarfs_fall.components import LAYER_KIND, MEMORIAL
from gnome_envs.dwarfs_fall.decrees import MINE_KINDS, fortress_cells, may_place_on, tunnel_sources
from gnome_envs.dwarfs_fall.observation import observe
from gnome_envs.dwarfs_fall.observation_expansions import memorials

from .helpers import fresh, random_game

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


def _check(state) -> None:
    """Every cache the step left behind equals a fresh computation."""
    if state._regions is not None:
        assert state._regions == compute_regions(state.top)
    n = state.game.num_players
    if not state.is_terminal():
        seat = state.current_player
        cached = observe(state, seat)
        scratch = observe(state, seat, np.zeros(state.game.obs_layout.size, dtype=np.float32))
        assert np.array_equal(cached, scratch)
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
