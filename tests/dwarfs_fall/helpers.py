"""Shared helpers of the Dwar7s Fall rules tests (``seeds/dwarfs_fall.md``).

Positions are built with ``gnome_envs.dwarfs_fall.scenario.build_position`` (the mat as a dict
of card tokens such as ``"Rgol/1"`` or ``"Bgol+Rgol"``, dwarfs as colour letters such as
``{"d4": "BBY"}``); decisions are played through the public engine API (``legal_actions``,
``apply``, ``describe_action``, ``decision_name``). Seat 0 is blue (B), 1 red (R), 2 green (G),
3 yellow (Y). Cells are named like ``"d4"`` (column a-h, row 1-8 from the top).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import numpy as np

from gnome_envs.core.registry import make_game
from gnome_envs.dwarfs_fall.actions import Family
from gnome_envs.dwarfs_fall.components import (
    GEM_PILE,
    LAYER_KIND,
    NUM_KINDS,
    OGRE_COUNTS,
    Gem,
    Kind,
    Ogre,
    Secret,
    cell_index,
    cell_name,
    layer_code,
)
from gnome_envs.dwarfs_fall.pending import DecisionKind
from gnome_envs.dwarfs_fall.scenario import build_position

ENV_ID = "dwarfs_fall_v6"
MAX_STEPS = 5000
BLUE, RED, GREEN, YELLOW = 0, 1, 2, 3

__all__ = [
    "BLUE", "ENV_ID", "GREEN", "RED", "YELLOW", "DecisionKind", "Family", "Gem", "Kind", "Ogre",
    "Secret", "act", "build", "cell", "cell_name", "choose", "conservation_problems", "decision",
    "describe_all", "dwarfs", "fresh", "kind_at", "layout", "legal_cells", "legal_family",
    "legal_places", "legal_seats", "play_until", "prefer_end", "random_game",
]


# ---------------------------------------------------------------------------- building
def build(mat=None, num_players: int = 2, **kwargs):
    """``build_position`` with every decision visible (``skip_forced=False``)."""
    return build_position(num_players, mat or {}, **kwargs)


def fresh(seed: int = 0, **config):
    """A fresh game after setup."""
    config.setdefault("num_players", 2)
    return make_game(ENV_ID, **config).new_state(seed)


def cell(name) -> int:
    """Cell index of ``"d4"`` (or an index)."""
    return cell_index(name)


# ---------------------------------------------------------------------------- reading
def layout(state):
    """The flat action layout of ``state``'s game."""
    return state.game.action_layout


def decision(state) -> str:
    """Name of the pending decision."""
    return state.decision_name()


def legal_family(state, family: Family) -> list:
    """Decoded legal actions of one family."""
    lay = layout(state)
    return [lay.decode(a) for a in state.legal_actions() if lay.decode(a).family == family]


def legal_cells(state, family: Family = Family.CELL) -> set[str]:
    """Cell names of the legal CELL (or DWARF) actions."""
    return {cell_name(d.arg) for d in legal_family(state, family)}


def legal_places(state) -> set[tuple[str, int]]:
    """(cell name, rotation) of the legal PLACE actions."""
    return {(cell_name(d.arg), d.arg2) for d in legal_family(state, Family.PLACE)}


def legal_seats(state) -> set[int]:
    """Absolute seats of the legal SEAT actions."""
    n = state.game.num_players
    return {(state.current_player + d.arg) % n for d in legal_family(state, Family.SEAT)}


def describe_all(state) -> list[str]:
    """Descriptions of every legal action."""
    return [state.describe_action(a) for a in state.legal_actions()]


def dwarfs(state, name) -> str:
    """Colour letters of the dwarfs on a cell (``"BBY"``)."""
    c = cell(name)
    return "".join("BRGY"[p] * state.dwarfs_of(p, c) for p in range(state.game.num_players))


def kind_at(state, name) -> int:
    """Kind of the top card on a cell (-1 for none)."""
    return state.kind_at(cell(name))


# ---------------------------------------------------------------------------- playing
def act(state, action: int, expect: str | None = None) -> None:
    """Apply ``action``, first checking the pending decision is ``expect``."""
    if expect is not None:
        assert decision(state) == expect, f"expected decision {expect!r}, pending {decision(state)!r}"
    assert action in state.legal_actions(), (
        f"{action} ({state.describe_action(action)}) is not legal in {decision(state)}: {describe_all(state)}"
    )
    state.apply(action)


def choose(state, fragment: str, expect: str | None = None) -> None:
    """Apply the one legal action whose description contains ``fragment``."""
    if expect is not None:
        assert decision(state) == expect, f"expected decision {expect!r}, pending {decision(state)!r}"
    texts = {a: state.describe_action(a) for a in state.legal_actions()}
    hits = [a for a, text in texts.items() if fragment in text]
    assert len(hits) == 1, f"{fragment!r} matches {len(hits)} of {list(texts.values())}"
    state.apply(hits[0])


def prefer_end(state) -> int:
    """END when legal, otherwise the first legal action."""
    legal = state.legal_actions()
    end = layout(state).end()
    return end if end in legal else legal[0]


def play_until(state, done: Callable, policy: Callable = prefer_end, limit: int = 400) -> None:
    """Apply ``policy`` actions until ``done(state)`` holds (fails after ``limit`` steps)."""
    for _ in range(limit):
        if done(state):
            return
        assert not state.is_terminal(), "the game ended before the awaited point"
        state.apply(policy(state))
    raise AssertionError("the awaited point was not reached")


def random_game(state, rng: np.random.Generator, after: Callable | None = None) -> int:
    """Play random legal actions to the end; ``after(state)`` runs after each step."""
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, f"no legal action in {decision(state)}"
        state.apply(legal[rng.integers(len(legal))])
        steps += 1
        assert steps < MAX_STEPS, "a random game did not end"
        if after is not None:
            after(state)
    return steps


# ---------------------------------------------------------------------------- conservation (R1.1)
def conservation_problems(state) -> list[str]:
    """Independent recount of every component (R1.1): a list of what is off."""
    n = state.game.num_players
    out = []
    cards = Counter()
    for stack in state.stacks:
        cards.update(layer_code(x) for x in stack)
        if len({LAYER_KIND[x] for x in stack}) > 1:
            out.append("a stack mixes kinds")
    for row in state.defeated:
        cards.update(row)
    for p in range(n):
        cards.update(p * NUM_KINDS + k for k in range(NUM_KINDS) if state.in_hand[p] >> k & 1)
    trolls = state.game.trolls
    expected = Counter(range(n * NUM_KINDS))
    if trolls:
        expected[4 * NUM_KINDS] = 1  # the lake (T1.1), code 36 after the four colours' cards
    if cards != expected:
        out.append(f"kingdom cards: {sorted(cards.elements())}")
    for p in range(n):
        on_mat = sum(state.dwarfs_of(p, c) for c in range(64))
        if on_mat + state.pile[p] != 7:
            out.append(f"seat {p}: {on_mat} + {state.pile[p]} dwarfs")
    for g in range(4):
        if sum(state.gems.count(p, g) for p in range(n)) + state.gem_pile[g] != GEM_PILE[g]:
            out.append(f"gem {g} not conserved")
    ogres = Counter(state.ogre_deck)
    kinds = 6 if trolls else 5  # the Troll King (T1.3)
    for k in range(kinds):
        ogres[k] += state.ogre_discard[k] + sum(state.ogres.count(p, k) for p in range(n))
    if [ogres[k] for k in range(kinds)] != list(OGRE_COUNTS) + [3] * trolls:
        out.append(f"ogre cards {ogres}")
    goals = [g for g in state.trading_row if g >= 0] + state.trading_deck + [g for r in state.trading_won for g in r]
    if sorted(goals) != list(range(14)):
        out.append(f"trading goals {sorted(goals)}")
    if sorted(state.secret + state.secret_box) != list(range(7)):
        out.append("secret goals not conserved")
    for c in range(64):
        kind = state.kind_at(c)
        if state.crowd[c] and (kind < 0 or state.crowd[c] > (3, 3, 3, 4, 3, 3, 4, 5, 5, 3)[kind]):
            out.append(f"cell {cell_name(c)} overfull")
    return out
