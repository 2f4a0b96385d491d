"""The speed-ups of Gnome Village agree with a recomputation from scratch over random games.

Each seat's observation is kept up to date in place (only what changed is rewritten), the
stack features are recounted card by card, the tile counts follow each placed tile, the gnome
markers are rebuilt village by village, and the walking areas come from a flood over
precomputed links; here each is compared, step by step, with the same thing built from
nothing.
"""

from __future__ import annotations

import numpy as np
import pytest

from gnome_envs.gnome_village import village
from gnome_envs.gnome_village.components import (
    CODE_INFO,
    IS_BUILDING,
    IS_WORKPLACE,
    NUM_CELLS,
    NUM_DIRECTIONS,
    ORTHOGONAL,
)
from gnome_envs.gnome_village.obs_parts import STACK_PARTS, village_gnome_marks
from gnome_envs.gnome_village.summary import summarize

from .helpers import fresh

GAMES = 2  # per config
CONFIGS = [dict(num_players=n, **extra) for n in (2, 3, 4) for extra in ({}, {"deluxe": True})]
OBSERVE_ALL_EVERY = 3  # steps between looks at every seat (the mover looks every step)


def _from_scratch(state):
    """A clone with every cache dropped, so that its observation is built from nothing."""
    other = state.clone()
    n = state.game.num_players
    other._stack_features = None
    other._gnome_marks = [None] * state.game.num_players
    other._business_cells = None
    for name in ("_walk", "_placement", "_summary", "_tile_features", "_player_rows"):
        setattr(other, name, [None] * n)
    return other


def _seeded_games(config: dict, base: int):
    """``GAMES`` fresh games of ``config``: (seed, state, its action generator), seeds from ``base``."""
    n = config["num_players"]
    for game in range(GAMES):
        seed = base + 10 * n + game + 5 * bool(config.get("deluxe"))
        yield seed, fresh(seed=seed, **config), np.random.default_rng(seed)


def _random_step(state, rng: np.random.Generator) -> None:
    """Apply a random legal action."""
    legal = state.legal_actions()
    state.apply(legal[rng.integers(len(legal))])


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_kept_observations_match_observations_built_from_scratch(config):
    """Every seat's kept-up-to-date observation equals one built from scratch, at every step."""
    n = config["num_players"]
    for seed, state, rng in _seeded_games(config, 500):
        steps = 0
        while not state.is_terminal():
            seats = range(n) if steps % OBSERVE_ALL_EVERY == 0 else [state.current_player]
            scratch = _from_scratch(state)
            for seat in seats:
                assert np.array_equal(state.observation(seat), scratch.observation(seat)), (seed, steps, seat)
            _random_step(state, rng)
            steps += 1


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_recounted_stack_features_and_tile_counts_match_a_full_count(config):
    """The stack features recounted draw by draw and the tile counts kept tile by tile equal a
    full count after every step (with the observation looked at, so that the caches live)."""
    n = config["num_players"]
    for _seed, state, rng in _seeded_games(config, 700):
        while not state.is_terminal():
            state.observation(state.current_player)
            for part, features in zip(STACK_PARTS, state.stack_features()):
                assert np.array_equal(features, part(state)), part.__name__
            for p in range(n):
                assert state.summary(p) == summarize(state.grid[p])
            _random_step(state, rng)


def _side_key(grid: list[int], cell: int, direction: int) -> tuple[int, int] | None:
    """The walking node a tile side belongs to: the whole building, or a road's arm group."""
    code = grid[cell]
    if IS_BUILDING[code]:
        return cell, -1
    group = CODE_INFO[code].arm_group[direction]
    return None if group < 0 else (cell, group)


def _reference_walk_areas(grid: list[int]) -> tuple[list[int], dict[int, tuple[int, ...]]]:
    """walk_areas by a plain union of the open sides that face each other."""
    parent: dict[tuple[int, int], tuple[int, int]] = {}

    def find(node: tuple[int, int]) -> tuple[int, int]:
        while parent.setdefault(node, node) != node:
            node = parent[node]
        return node

    for cell in range(NUM_CELLS):
        if not grid[cell]:
            continue
        for direction, neighbour in ORTHOGONAL[cell]:
            mine = _side_key(grid, cell, direction)
            theirs = _side_key(grid, neighbour, (direction + 2) % NUM_DIRECTIONS) if grid[neighbour] else None
            if mine is not None and theirs is not None:
                parent[find(mine)] = find(theirs)
    buildings = [c for c in range(NUM_CELLS) if IS_BUILDING[grid[c]]]
    first: dict[tuple[int, int], int] = {}
    for c in buildings:
        first.setdefault(find((c, -1)), c)
    labels = [-1] * NUM_CELLS
    areas: dict[int, tuple[int, ...]] = {}
    for c in buildings:
        labels[c] = first[find((c, -1))]
    for label in sorted(set(first.values())):
        areas[label] = tuple(c for c in buildings if labels[c] == label and IS_WORKPLACE[grid[c]])
    return labels, areas


def test_walk_areas_match_a_plain_union_of_open_sides():
    """The flood over precomputed links finds the same walking areas as a plain union."""
    checked = 0
    for config in CONFIGS:
        state = fresh(seed=900 + config["num_players"], **config)
        rng = np.random.default_rng(900)
        while not state.is_terminal():
            for grid in state.grid:
                labels, areas = village.walk_areas(grid)
                expected_labels, expected_areas = _reference_walk_areas(grid)
                assert labels == expected_labels
                assert dict(sorted(areas.items())) == expected_areas
                checked += 1
            legal = state.legal_actions()
            state.apply(legal[rng.integers(len(legal))])
    assert checked > 1000


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_gnome_markers_kept_per_village_match_a_rebuild(config):
    """The gnome markers kept per village equal a rebuild after every step; a step that
    changes nothing in a village keeps that village's markers."""
    n = config["num_players"]
    kept = 0
    for _seed, state, rng in _seeded_games(config, 800):
        while not state.is_terminal():
            state.observation(state.current_player)
            before = list(state._gnome_marks)
            _random_step(state, rng)
            for p in range(n):
                marks = state._gnome_marks[p]
                if marks is not None:
                    kept += marks is before[p]
                    offsets, values = village_gnome_marks(state, p)
                    assert np.array_equal(marks[0], offsets) and np.array_equal(marks[1], values)
    assert kept > 0

