"""Shared helpers of the Rise of the Gnomes rules tests (``seeds/rise_of_the_gnomes.md``).

Positions are built with ``gnome_envs.rise_of_the_gnomes.scenario.build_position`` (map
positions by name: ``DK``, ``g1``-``g6``, ``y1``-``y12``, ``r1``-``r18``); decisions are
played through the public engine API (``legal_actions``, ``apply``, ``decision_name``).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from gnome_envs.core.registry import make_game
from gnome_envs.rise_of_the_gnomes.actions import (
    ALLY_SPACE_BASE,
    CARD_SPACE_BASE,
    LAYOUTS,
    PLAYER_SPACE_BASE,
    Family,
    card_space,
)
from gnome_envs.rise_of_the_gnomes.cards import GNOME_CARDS, GnomeCard
from gnome_envs.rise_of_the_gnomes.components import BoardAction, PlayerSpace
from gnome_envs.rise_of_the_gnomes.pending import DecisionKind, Task
from gnome_envs.rise_of_the_gnomes.scenario import build_position, pos_of
from gnome_envs.rise_of_the_gnomes.state import RiseState

ENV_ID = "rise_of_the_gnomes_v1"
MAX_STEPS = 5000
__all__ = ["ALLY_SPACE_BASE", "CARD_SPACE_BASE", "PLAYER_SPACE_BASE", "DecisionKind", "Task",
           "build_position", "card_space", "pos_of"]


def land_map(**extra: str) -> dict[str, str]:
    """Green and yellow rings of land, red places face down (icons as the tiles fall)."""
    tiles = {"g1": "PL", "g2": "SW", "g3": "FO", "g4": "MO", "g5": "HI", "g6": "DE",
             "y1": "PL", "y2": "SW", "y3": "FO", "y4": "MO", "y5": "HI", "y6": "PL",
             "y7": "SW", "y8": "FO", "y9": "MO", "y10": "HI", "y11": "DE", "y12": "PL",
             "r2": "?SE", "r5": "?SE", "r8": "?LA", "r11": "?SW", "r14": "?FO", "r17": "?MO"}
    tiles.update(extra)
    return tiles


def fresh(seed: int = 0, **config) -> RiseState:
    """A new game through the public factory."""
    config.setdefault("num_players", 2)
    return make_game(ENV_ID, **config).new_state(seed)


def layout(state: RiseState):
    """The action layout of the state's player count."""
    return LAYOUTS[state.n]


def decision(state: RiseState) -> str:
    """Name of the pending decision."""
    return state.decision_name()


def act(state: RiseState, action: int, expect: str | None = None) -> None:
    """Apply ``action``, first checking the pending decision's name and that it is legal."""
    if expect is not None:
        assert decision(state) == expect, f"expected decision {expect}, got {decision(state)}"
    assert action in state.legal_actions(), (
        f"{state.describe_action(action)} not legal in {decision(state)}: "
        f"{[state.describe_action(a) for a in state.legal_actions()]}"
    )
    state.apply(action)


def tile(state: RiseState, name: str | int) -> int:
    """The TILE action for a position name."""
    return layout(state).tile(pos_of(name))


def tiles_offered(state: RiseState) -> set[int]:
    """Map positions among the legal actions."""
    lay = layout(state)
    return {lay.args[a] for a in state.legal_actions() if lay.table[a].family == Family.TILE}


def names(positions) -> set[int]:
    """Positions from names."""
    return {pos_of(p) for p in positions}


def board_space(state: RiseState, action: BoardAction) -> int:
    """The SPACE action of an action board space."""
    return layout(state).space(int(action))


def player_space(state: RiseState, space: PlayerSpace) -> int:
    """The SPACE action of a player board space."""
    return layout(state).space(PLAYER_SPACE_BASE + int(space))


def card_space_action(state: RiseState, display_pos: int, space: int) -> int:
    """The SPACE action of an action card space."""
    return layout(state).space(card_space(display_pos, space))


def spaces_offered(state: RiseState) -> set[int]:
    """SPACE indices among the legal actions."""
    lay = layout(state)
    return {lay.args[a] for a in state.legal_actions() if lay.table[a].family == Family.SPACE}


def find_card(test: Callable[[GnomeCard], bool]) -> int:
    """The first Gnome card passing ``test``."""
    for card in GNOME_CARDS:
        if test(card):
            return card.card_id
    raise AssertionError("no Gnome card fits")


def gnome_card_position(card: int, num_players: int = 2, **kwargs) -> RiseState:
    """A position whose only queued task plays Gnome card ``card`` (drawn from the deck)."""
    return build_position(num_players, phase="none", gnome_deck_top=[card],
                          queue=[(Task.GNOME_CARD, -1, -1)], **kwargs)


def cubes(state: RiseState, name: str, owner: int | str) -> int:
    """Cubes of ``owner`` (a seat or ``"G"``) on the named position."""
    return state.cubes_at(pos_of(name), state.n if owner == "G" else owner)


def brews(state: RiseState, name: str, owner: int | str) -> int:
    """Breweries of ``owner`` (a seat or ``"G"``) on the named position."""
    return state.brews_at(pos_of(name), state.n if owner == "G" else owner)


def random_game(seed: int, check_every: int = 1, **config) -> tuple[RiseState, int]:
    """Play a random game to the end with invariants checked; returns the state and steps."""
    state = fresh(seed, **config)
    rng = np.random.default_rng(seed)
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, (seed, steps, decision(state))
        state.apply(legal[rng.integers(len(legal))])
        steps += 1
        if steps % check_every == 0:
            state.check_invariants()
        assert steps < MAX_STEPS
    return state, steps


def run_out(state: RiseState, choose: Callable[[RiseState], int] | None = None) -> None:
    """Play to the end, by default always taking the first legal action."""
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(choose(state) if choose else legal[0])
        steps += 1
        assert steps < MAX_STEPS


def play_until(state: RiseState, done: Callable[[RiseState], bool],
               choose: Callable[[RiseState], int] | None = None) -> None:
    """Take actions (first legal by default) until ``done(state)`` or the end."""
    steps = 0
    while not state.is_terminal() and not done(state):
        legal = state.legal_actions()
        state.apply(choose(state) if choose else legal[0])
        steps += 1
        assert steps < MAX_STEPS


def prefer_pass(state: RiseState) -> int:
    """PASS when legal, else the first legal action."""
    lay = layout(state)
    legal = state.legal_actions()
    return lay.pass_action if lay.pass_action in legal else legal[0]
