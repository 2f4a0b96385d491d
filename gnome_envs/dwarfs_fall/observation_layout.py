"""Layouts of the Dwar7s Fall observation vector: segment offsets and board columns per config.

The table of segments is in ``observation.py``. A layout depends on the player count and the
expansions in play; each is built once and kept. The Empires widens a few segments (30 decision
kinds, 20 trading goals with the dragon eggs, 11 secret goals, 7 ogre kinds, 13 card kinds on
the board) and adds the board columns ``wolf``, ``treant`` and six class-piece counts, and the
``empires`` segment. Every segment is written only inside its own bounds (the observation is
filled segment by segment, ``observation.observe``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from gnome_envs.core.engine import LayoutBuilder, Segment
from gnome_envs.dwarfs_fall.components import (
    ALL_SECRETS,
    ALL_TRADING_GOALS,
    CORE_COLOURS,
    DWARFS_PER_COLOUR,
    EMPIRE_OGRES,
    NUM_CELLS,
    NUM_COLOURS,
    NUM_GEMS,
    NUM_KINDS,
    NUM_MOODS,
    NUM_OGRES,
    NUM_ROAMING,
    NUM_SECRETS,
    NUM_SIDES,
    NUM_TRADING_GOALS,
    TRADING_ROW,
)
from gnome_envs.dwarfs_fall.decrees import NUM_DECREES, NUM_SCENARIOS
from gnome_envs.dwarfs_fall.observation_goals import GOAL_PROGRESS_FEATURES
from gnome_envs.dwarfs_fall.pending import (
    CORE_DECISION_KINDS,
    NUM_DECISION_KINDS,
    ROYAL_DECISION_KINDS,
    DecisionKind,
)
from gnome_envs.dwarfs_fall.races import NUM_CLASSES, NUM_RACES

PLAYER_FEATURES = 39  # the core game without the won goals; one more per extra ogre kind, extra
# secret goal and trading goal id (one flag per trading goal the seat has won)
EMPIRE_KINDS = 4  # board kind columns the Empires adds: ogres' castle, forest dragon, wolf, treant
CLASS_STATES = 3  # per class piece: not owned, in the pile, on the mat
# per seat in the empires segment: race 4, meeples / 8, pouches / 20, per class (status 3 + cell / 64)
EMPIRE_SEAT_FEATURES = NUM_RACES + 2 + NUM_CLASSES * (CLASS_STATES + 1)
# table part: power used, boxed monsters / 8, MEEPLE_TYPE (placing, moving, destination 64, types 7),
# POWER_GEM budget / 4, ALCHEMY_TAKE gem given 4
EMPIRE_TABLE_FEATURES = 1 + 1 + 2 + NUM_CELLS + 1 + NUM_CLASSES + 1 + NUM_GEMS
NEXT_MOODS = NUM_MOODS - 1
PROGRESS_FEATURES = 5  # round, end triggered, mat empty, idle rounds (R10.4), this round busy
TROLL_DECISION_KINDS = int(DecisionKind.TROLL_DENY) + 1


def troll_features(num_ogres: int) -> int:
    """Size of the troll segment: troll's card 64, mood 4, toll and steps left 2, the next moods
    3 x 4, toll paid, roaming deck, roaming cards used 16, the ogre card offered for denial (one
    column per ogre kind of the game)."""
    return NUM_CELLS + NUM_MOODS + 2 + NEXT_MOODS * NUM_MOODS + 1 + 1 + NUM_ROAMING + num_ogres


@dataclass(frozen=True)
class CellColumns:
    """Column offsets of the per-cell board block for ``n`` players (see the module table)."""

    n: int
    kind: int
    colour: int
    walls: int
    height: int
    dwarfs: int
    free: int
    kingdom: int
    dragon: int
    depth: int  # per seat: how deep its card lies below the top of the stack (0: not below)
    below: int  # per side N, E, S, W, per seat: a wall on that side of its card below the top
    size: int
    wolf: int = -1  # The Empires: wolf, treant, then six class-piece counts
    classes: int = -1

    @classmethod
    def build(cls, n: int, empires: bool = False) -> CellColumns:
        """Offsets for ``n`` players (with the Empires' kinds and columns)."""
        colour = NUM_KINDS + EMPIRE_KINDS * empires
        walls = colour + n
        height = walls + NUM_SIDES
        dwarfs = height + 1
        free = dwarfs + n
        kingdom = free + 1
        dragon = kingdom + n
        wolf = dragon + 2 if empires else -1
        classes = wolf + 2 if empires else -1
        depth = classes + NUM_CLASSES if empires else dragon + 2
        below = depth + n
        return cls(n, 0, colour, walls, height, dwarfs, free, kingdom, dragon, depth, below,
                   below + NUM_SIDES * n, wolf, classes)

    def seat_columns(self) -> tuple[int, ...]:
        """First column of every group of ``n`` per-seat columns (turned to the observer)."""
        return (self.colour, self.dwarfs, self.kingdom, self.depth) + tuple(
            self.below + side * self.n for side in range(NUM_SIDES))


@dataclass(frozen=True)
class ObservationLayout:
    """Segments of the observation vector for one config."""

    num_players: int
    segments: tuple[Segment, ...]
    size: int
    at: dict[str, int]
    cols: CellColumns
    perms: tuple[np.ndarray, ...]  # per observer: board column order (seat-relative)
    num_ogres: int
    player_features: int
    private: slice  # the private columns of a player row (ogre and gem bounds, unknown counts)
    trolls: bool
    royal: bool
    empires: bool = False
    num_goals: int = NUM_TRADING_GOALS  # trading goal ids (20 with the dragon eggs)
    num_secrets: int = NUM_SECRETS
    # ceilings above the largest reachable value, so that no amount reaches 1.0
    stack_scale: float = float(CORE_COLOURS + 1)  # stack heights and depths (a card per colour)
    kingdom_scale: float = float(NUM_CELLS + 1)  # cards in a kingdom
    meeple_scale: float = float(DWARFS_PER_COLOUR + 1)  # meeples in the pile or on the mat
    sizes: dict[str, int] = field(default_factory=dict)  # entries per segment
    board_perms: tuple[np.ndarray, ...] = ()  # per observer: ``perms`` over the flattened board block
    # per observer: where its view of a board row holds each seat's dwarf column, then the free spots
    spot_cols: tuple[tuple[int, ...], ...] = ()


def _perm(cols: CellColumns, seat: int) -> np.ndarray:
    n = cols.n
    order = list(range(cols.size))
    for base in cols.seat_columns():
        for r in range(n):
            order[base + r] = base + (seat + r) % n
    return np.array(order, dtype=np.intp)


def royal_parts(n: int) -> tuple[int, ...]:
    """Sizes of the Royal Decrees segment's parts for ``n`` players: scenario, decrees, the axe,
    night, Hired Hands actions, cards a dwarf from the pile went to this turn, monster played from
    hand, battle memorials, store slot of a trade-in."""
    return NUM_SCENARIOS, NUM_DECREES, n, 1, 1, NUM_CELLS, n, NUM_CELLS, TRADING_ROW


def royal_features(n: int) -> int:
    """Size of the Royal Decrees segment for ``n`` players."""
    return sum(royal_parts(n))


def build_layout(n: int, trolls: bool = False, royal: bool = False, empires: bool = False) -> ObservationLayout:
    """The observation layout for ``n`` players (with Troll's Bridge, Royal Decrees, The Empires)."""
    cols = CellColumns.build(n, empires)
    num_ogres = EMPIRE_OGRES if empires else NUM_OGRES + trolls
    num_goals = ALL_TRADING_GOALS if empires else NUM_TRADING_GOALS
    num_secrets = ALL_SECRETS if empires else NUM_SECRETS
    player_features = PLAYER_FEATURES + (num_ogres - NUM_OGRES) + (num_secrets - NUM_SECRETS) + num_goals
    if empires:
        decisions = NUM_DECISION_KINDS
    else:
        decisions = ROYAL_DECISION_KINDS if royal else TROLL_DECISION_KINDS if trolls else CORE_DECISION_KINDS
    b = LayoutBuilder()
    for name, size in (
        ("decision", decisions), ("decider", n), ("turn_player", n),
        ("card_kind", NUM_KINDS), ("selected_cell", NUM_CELLS), ("selected_seat", n), ("actions", 3),
        ("progress", PROGRESS_FEATURES), ("gem_piles", NUM_GEMS), ("ogre_cards", 1 + num_ogres),
        ("trading_row", TRADING_ROW * num_goals), ("trading_deck", 1 + num_goals),
        ("goal_progress", GOAL_PROGRESS_FEATURES), ("own_secret", num_secrets), ("players", n * player_features), ("board", NUM_CELLS * cols.size),
    ) + ((("troll", troll_features(num_ogres)),) if trolls else ()) + ((("royal", royal_features(n)),) if royal else ()) + (
            (("empires", n * EMPIRE_SEAT_FEATURES + EMPIRE_TABLE_FEATURES),) if empires else ()):
        b.add(name, size)
    segments = b.build()
    perms = tuple(_perm(cols, seat) for seat in range(n))
    private = slice(NUM_KINDS, NUM_KINDS + NUM_GEMS + 1 + num_ogres + 1)
    colours = NUM_COLOURS if empires else CORE_COLOURS
    return ObservationLayout(n, segments, b.size, {s.name: s.start for s in segments}, cols, perms,
                             num_ogres, player_features, private, trolls, royal, empires, num_goals, num_secrets,
                             float(colours + 1), float(NUM_CELLS + 1), float(DWARFS_PER_COLOUR + empires + 1),
                             {s.name: s.size for s in segments}, tuple(_board_perm(perm) for perm in perms),
                             tuple(_spot_cols(cols, perm) for perm in perms))


def _spot_cols(cols: CellColumns, perm: np.ndarray) -> tuple[int, ...]:
    """The positions ``perm`` moves the dwarf column of each seat and the free-spot column to."""
    where = np.argsort(perm)  # board column -> its position in the turned row
    return tuple(int(where[cols.dwarfs + p]) for p in range(cols.n)) + (int(where[cols.free]),)


def _board_perm(perm: np.ndarray) -> np.ndarray:
    """``perm`` applied to every row of the board block, as indices into the flattened block."""
    return (np.arange(NUM_CELLS)[:, None] * perm.size + perm[None, :]).reshape(-1).astype(np.intp)


LAYOUTS = {n: build_layout(n) for n in (2, 3, 4)}
TROLL_LAYOUTS = {n: build_layout(n, True) for n in (2, 3, 4)}
_OTHER_LAYOUTS: dict[tuple[int, bool, bool, bool], ObservationLayout] = {}


def layout_for(n: int, trolls: bool, royal: bool = False, empires: bool = False) -> ObservationLayout:
    """The observation layout of a game with ``n`` players and the expansions in play."""
    if not royal and not empires:
        return (TROLL_LAYOUTS if trolls else LAYOUTS)[n]
    key = (n, trolls, royal, empires)
    if key not in _OTHER_LAYOUTS:
        _OTHER_LAYOUTS[key] = build_layout(n, trolls, royal, empires)
    return _OTHER_LAYOUTS[key]


def state_extra(n: int, num_ogres: int = NUM_OGRES, num_secrets: int = NUM_SECRETS,
                num_goals: int = NUM_TRADING_GOALS) -> int:
    """Entries the full-state vector adds: every hand, every secret goal, the deck tops."""
    return n * (NUM_GEMS + num_ogres + num_secrets) + num_ogres + num_goals


__all__ = ["LAYOUTS", "TROLL_LAYOUTS", "CellColumns", "ObservationLayout", "build_layout", "layout_for",
           "royal_features", "royal_parts", "state_extra", "troll_features"]
