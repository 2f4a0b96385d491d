"""Village geometry shortcuts agree with brute force (R3.2, R11.8).

The Architect's legal moves are computed by a local check (only what lifting one tile
changes); these tests compare it with trying every move against the whole rule set, and the
articulation-point shortcut with removing each tile, on villages from random games.
"""

from __future__ import annotations

import numpy as np

from gnome_envs.gnome_village import village
from gnome_envs.gnome_village.components import NUM_CELLS

from .helpers import fresh

GAMES = 6
SAMPLE_EVERY = 20  # steps between sampled positions


def _sampled_villages() -> list[list[int]]:
    grids = []
    for seed in range(GAMES):
        state = fresh(seed, num_players=2)
        rng = np.random.default_rng(seed)
        steps = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.integers(len(legal))])
            steps += 1
            if state.turn_number and steps % SAMPLE_EVERY == 0:
                grids += [g[:] for g in state.grid if village.complies(g)]
    return grids


GRIDS = _sampled_villages()


def test_r11_8_architect_moves_match_a_full_rule_check():
    """Every tile's relocations equal the moves that leave the whole village compliant, also
    when only the empty cells next to the village are tried as targets."""
    checked = 0
    for grid in GRIDS:
        cuts = village.cut_cells(grid)
        for source in range(NUM_CELLS):
            if not grid[source]:
                continue
            expected = sorted(village.relocations_by_full_check(grid, source))
            assert village.relocations(grid, source) == expected
            quick = village.relocations(grid, source, first_only=True, splits=source in cuts)
            assert bool(quick) == bool(expected)
            road_cells, building_cells = village.placement_cells(grid)
            room = bool(building_cells)
            assert village.can_relocate(grid, source, source in cuts, room) == bool(expected)
            # the Architect's pick tries only the empty cells next to the village
            assert village.can_relocate(grid, source, source in cuts, room, road_cells) == bool(expected)
            assert village.relocations(grid, source, targets=road_cells) == expected
            checked += 1
    assert checked > 300


def test_cut_cells_shortcut_matches_lifting_each_tile():
    """Consistency of the articulation-point shortcut with a component count, not a rules clause
    (R3.2 itself: test_setup_and_village.py::test_r3_2_placement_rules): a tile is a cut cell
    exactly when lifting it splits the village in two or more groups."""
    for grid in GRIDS:
        cuts = village.cut_cells(grid)
        for source in range(NUM_CELLS):
            if grid[source]:
                trial = grid[:]
                trial[source] = 0
                groups = village._components(trial)[1]
                assert (source in cuts) == (groups > 1)
