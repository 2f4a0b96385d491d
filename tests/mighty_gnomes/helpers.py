"""Shared helpers of the Mighty Gnomes rules tests (``seeds/mighty_gnomes.md``).

Positions are built with ``gnome_envs.mighty_gnomes.scenario.build_position`` and played
through the public engine API (``legal_actions``, ``apply``, ``decision_name``). Forest cells
are ``row * 6 + col`` with row 0 at the bottom. With ``GLADES`` (glades 1A, 2A, 3A, bottom
first) the 2-player forest reads, top row first::

    r6  S M H C W T        cells 30-35
    r5  W X S H M C        cells 24-29
    r4  C H M W S W        cells 18-23
    r3  S X T M H C        cells 12-17
    r2  W S C M H X        cells  6-11
    r1  H T W S M C        cells  0-5
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from gnome_envs.core.registry import make_game
from gnome_envs.mighty_gnomes.actions import LAYOUTS, Family, Mode
from gnome_envs.mighty_gnomes.components import (
    CHEST_POOL,
    COIN_VALUE_TOTAL,
    RES_SUPPLY,
    BookAction,
    ChestKind,
    GnomeType,
    Icon,
    Res,
    Reward,
    Track,
)
from gnome_envs.mighty_gnomes.pending import DecisionKind
from gnome_envs.mighty_gnomes.scenario import build_position
from gnome_envs.mighty_gnomes.state import MightyGnomesState

ENV_ID = "mighty_gnomes_v1"
GLADES = [0, 2, 4]
T1, T2, T3, T4, DRUID = 0, 1, 2, 3, 4  # tile indices (gnomes 1-4, the Druid tile)
# orientation slots (see geometry.py): forest (grass side) and attic (ladder side)
FLAT_DOMINO, TALL_DOMINO = 0, 1
LADDER_L4_UPRIGHT = 1  # ladder side of the 4-gnome tile: ".#/.#/##", flat bottom
EMPTY_ROW = [None] * 7
WOOD, SAND, MUSHROOM, CHAMOMILE, CRYSTAL = (int(r) for r in Res)

__all__ = [
    "GLADES",
    "BookAction",
    "ChestKind",
    "DecisionKind",
    "Family",
    "GnomeType",
    "Icon",
    "Mode",
    "Res",
    "Reward",
    "Track",
    "act",
    "attic",
    "books_offered",
    "build",
    "choose",
    "conservation",
    "decision",
    "forest",
    "fresh",
    "lay",
    "legal",
    "pass_",
    "random_play",
    "use",
]


def build(num_players: int = 2, **kw) -> MightyGnomesState:
    """A constructed position (fixed glades unless given)."""
    if "glades" not in kw:
        kw["glades"] = GLADES + [6, 8][: num_players - 2]
    return build_position(num_players, **kw)


def fresh(num_players: int = 2, seed: int = 0, **config) -> MightyGnomesState:
    """A new game after setup."""
    config.setdefault("skip_forced", False)
    return make_game(ENV_ID, num_players=num_players, **config).new_state(seed)


def lay(state: MightyGnomesState):
    """The action layout of the state's player count."""
    return LAYOUTS[state.game.num_players]


def decision(state: MightyGnomesState) -> str:
    """Name of the pending decision."""
    return state.decision_name()


def legal(state: MightyGnomesState, family: Family | None = None) -> list[int]:
    """Legal actions (of one family)."""
    out = state.legal_actions()
    if family is None:
        return out
    return [a for a in out if lay(state).decode(a).family == family]


def choose(state: MightyGnomesState, family: Family, arg: int = -1, arg2: int = -1) -> int:
    """Play ``family(arg, arg2)``; it must be legal."""
    action = lay(state).encode(family, arg, arg2)
    assert action in state.legal_actions(), (
        f"{state.describe_action(action)} not legal in {decision(state)}: "
        f"{[state.describe_action(a) for a in state.legal_actions()][:12]}")
    state.apply(action)
    return action


def act(state: MightyGnomesState, action: int) -> None:
    """Play a flat action index; it must be legal."""
    assert action in state.legal_actions(), state.describe_action(action)
    state.apply(action)


def use(state: MightyGnomesState, tile: int, mode: Mode) -> None:
    """Pick a tile and how to use it."""
    choose(state, Family.TILE_MODE, tile, mode)


def forest(state: MightyGnomesState, anchor: int, orientation: int = 0) -> int:
    """The forest placement action."""
    return lay(state).forest(anchor, orientation)


def attic(state: MightyGnomesState, side: int, orientation: int, offset: int = 0) -> int:
    """The attic placement action."""
    return lay(state).attic(side, orientation, offset)


def pass_(state: MightyGnomesState) -> None:
    """Play PASS (it must be legal)."""
    choose(state, Family.PASS)


def books_offered(state: MightyGnomesState) -> list[str]:
    """Names of the book actions offered in the pending books decision."""
    from gnome_envs.mighty_gnomes.components import BOOKS
    from gnome_envs.mighty_gnomes.decisions import book_of_ref

    return sorted(BookAction(BOOKS[book_of_ref(state, lay(state).decode(a).arg)].action).name.lower()
                  for a in legal(state, Family.BOOK))


def conservation(state: MightyGnomesState) -> list[str]:
    """An independent recount of coins, resources and chests (R1.1)."""
    out = []
    if state.bank + sum(state.coins) != COIN_VALUE_TOTAL:
        out.append("coins")
    for r in Res:
        if state.supply[r] + sum(state.res[p][r] for p in range(state.game.num_players)) != RES_SUPPLY:
            out.append(f"resource {r.name}")
    chests = Counter(state.chest_bag) + Counter(k for k in state.chest_display if k >= 0) + Counter(state.drawn)
    for p in range(state.game.num_players):
        chests += Counter(state.closed[p]) + Counter(state.opened[p])
    if chests != Counter(CHEST_POOL):
        out.append("chests")
    return out


def random_play(state: MightyGnomesState, seed: int, until=None, max_steps: int = 5000) -> int:
    """Random legal actions until the end (or ``until(state)``); returns the steps played."""
    rng = np.random.default_rng(seed)
    steps = 0
    while not state.is_terminal() and (until is None or not until(state)):
        legal_now = state.legal_actions()
        state.apply(legal_now[rng.integers(len(legal_now))])
        steps += 1
        assert steps < max_steps
    return steps
