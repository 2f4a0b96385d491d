"""Observation vector of Mighty Gnomes.

Everything on the table is public except the treasure chests: the bag's contents and order,
the face-down chests in other players' vaults, and the two chests another player has drawn
and is choosing between. The observer sees its own face-down chests and, while it chooses,
the two it drew. Seats are relative: block ``r`` describes the player ``r`` seats clockwise
from the observer. All values lie in [0, 1]. ``F = 12 (n + 1)`` forest cells.

==============  ======================  ========================================================
segment         size                    content
==============  ======================  ========================================================
decision        13                      one-hot kind of the pending decision
decider         n                       relative seat deciding now
turn_player     n                       relative seat whose turn it is (none between turns)
tile            5                       tile being used (1-4 gnomes, Druid)
context         4                       free invitation, free upgrade, Druid turn, round end
drawn           2 x 13                  the two chests the observer drew (only its own draw)
session         16                      books the tile on the ladder can still activate
progress        5 + n                   round one-hot; first player (relative seat)
first_claim     n                       who claimed the first-player box this round end (relative)
forest_icons    F x 7                   icon of every forest cell
forest_owner    F x (n + 1)             tile of each relative seat / a Druid tile on the cell
forest_tile     F x 5                   which tile covers the cell (1-4 gnomes, Druid): with the
                                        owner it tells the tiles apart (the fee is per tile)
ladder_owner    5 x 14 x (n + 1)        owner of each ladder cell (rung x 2 + column)
ladder_flags    5 x 2                   ladder closed, ladder in play
books           14 x 12                 action of the book on each rung of both columns
book_reserve    4 x 12 + 2              set-aside books, display books, display used
glades          5 x 10                  glade and side in forest positions then set aside
chests          3 x 13 + 3 + 1          open chests of the trail, treasure icons claimed, bag
stacks          5 x 9                   mighty gnome type of each stack, cards left
rewards         5 x 13                  reward box kinds of the round, claimed
trail           n x (9 + n)             space of each relative seat, rank on the trail
players         n x 50                  coins, VP, keys, resources, tracks, gnomes, tiles,
                                        bedroom, Druid tiles, chests, score (see player_row)
own_closed      13                      the observer's face-down chests per kind
==============  ======================  ========================================================

Amounts never reach 1.0: a bounded count is divided by a ceiling above its largest possible
value (keys by 4, a track level by 5, ...); counts without a bound (coins, VP, the score) are
squashed as ``x / (x + k)``, which is exact, monotone and always below 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from gnome_envs.core.engine import LayoutBuilder, Segment
from gnome_envs.mighty_gnomes.components import (
    ATTIC_ROWS,
    BOOKS,
    CHEST_DISPLAY_SIZE,
    DISPLAY_SLOTS,
    GLADE_SIDES,
    GNOMES_IN_PLAY,
    KEYS_PER_COLOUR,
    MAX_LEVEL,
    NUM_BOOK_ACTIONS,
    NUM_CHEST_KINDS,
    NUM_CHESTS,
    NUM_DRUID_TILES,
    NUM_GLADES,
    NUM_GNOME_TYPES,
    NUM_ICONS,
    NUM_LADDERS,
    NUM_REWARD_KINDS,
    NUM_TILES,
    RES_SUPPLY,
    REWARD_BOXES,
    ROUND_REWARDS,
    ROUNDS,
    TRAIL_LAST,
    TRAIL_TREASURES,
    TURNS_PER_ROUND,
)
from gnome_envs.mighty_gnomes.pending import NUM_DECISION_KINDS
from gnome_envs.mighty_gnomes.state import (
    EMPTY,
    LADDER_CELLS,
    NEUTRAL,
    MightyGnomesState,
    forest_icons,
)

TILE_CHOICES = NUM_TILES + 1
CONTEXT = 4
BOOK_REFS = 2 * ATTIC_ROWS + DISPLAY_SLOTS
GLADE_IDS = NUM_GLADES * GLADE_SIDES
TRAIL_SPACES = TRAIL_LAST + 1
TREASURE_ICONS = len(TRAIL_TREASURES)
PLAYER_FEATURES = 50
# unbounded amounts: x / (x + k), half-way (0.5) at x = k
COIN_HALF = 20.0
VP_HALF = 30.0
SCORE_HALF = 40.0
# bounded amounts: divided by a ceiling above the largest reachable value
KEY_SCALE = KEYS_PER_COLOUR + 1.0
RES_SCALE = RES_SUPPLY + 1.0  # a warehouse holds at most 14 of a kind
LEVEL_SCALE = MAX_LEVEL + 1.0
UPGRADE_SCALE = 2.0 * MAX_LEVEL + 1.0  # at most 4 + 3 upgrades
GNOME_COUNT_SCALE = 5.0  # cards of one type a seat holds: at most 4
DRUID_SCALE = NUM_DRUID_TILES + 1.0
CHEST_COUNT_SCALE = NUM_CHESTS + 1.0
KIND_COUNT_SCALE = 4.0  # chests of one kind: at most 3
TURN_SCALE = TURNS_PER_ROUND + 1.0


@dataclass(frozen=True)
class ObservationLayout:
    """Segments of the observation vector for one player count."""

    num_players: int
    segments: tuple[Segment, ...]
    size: int
    at: dict[str, int]  # segment name -> start offset
    perm: tuple[np.ndarray, ...]  # per observer: absolute owner column of each relative column


def build_layout(n: int) -> ObservationLayout:
    """The observation layout for ``n`` players."""
    cells = 12 * (n + 1)
    owners = n + 1
    b = LayoutBuilder()
    for name, size in (
        ("decision", NUM_DECISION_KINDS), ("decider", n), ("turn_player", n), ("tile", TILE_CHOICES),
        ("context", CONTEXT), ("drawn", 2 * NUM_CHEST_KINDS), ("session", BOOK_REFS),
        ("progress", ROUNDS + n), ("first_claim", n), ("forest_icons", cells * NUM_ICONS),
        ("forest_owner", cells * owners), ("forest_tile", cells * TILE_CHOICES),
        ("ladder_owner", NUM_LADDERS * LADDER_CELLS * owners), ("ladder_flags", NUM_LADDERS * 2),
        ("books", 2 * ATTIC_ROWS * NUM_BOOK_ACTIONS), ("book_reserve", 4 * NUM_BOOK_ACTIONS + DISPLAY_SLOTS),
        ("glades", NUM_GLADES * GLADE_IDS), ("chests", CHEST_DISPLAY_SIZE * NUM_CHEST_KINDS + TREASURE_ICONS + 1), ("stacks", GNOMES_IN_PLAY * (NUM_GNOME_TYPES + 1)),
        ("rewards", REWARD_BOXES * (NUM_REWARD_KINDS + 1)), ("trail", n * (TRAIL_SPACES + n)),
        ("players", n * PLAYER_FEATURES), ("own_closed", NUM_CHEST_KINDS),
    ):
        b.add(name, size)
    segments = b.build()
    perm = tuple(np.array([(seat + r) % n for r in range(n)] + [n]) for seat in range(n))
    return ObservationLayout(n, segments, b.size, {s.name: s.start for s in segments}, perm)


LAYOUTS = {n: build_layout(n) for n in (2, 3, 4)}
STATE_EXTRA = (4 + 1) * NUM_CHEST_KINDS  # every seat's face-down chests, then the bag
ATTIC_STATIC = NUM_LADDERS * 2 + 2 * ATTIC_ROWS * NUM_BOOK_ACTIONS + 4 * NUM_BOOK_ACTIONS + DISPLAY_SLOTS


@cache
def icon_features(glades: tuple[int, ...]) -> np.ndarray:
    """One-hot icon of every forest cell for glades listed bottom to top (shared, read-only)."""
    icons = forest_icons(glades)[0]
    out = np.zeros((len(icons), NUM_ICONS), dtype=np.float32)
    out[np.arange(len(icons)), icons] = 1.0
    out = out.ravel()
    out.flags.writeable = False
    return out


def forest_owner_features(state: MightyGnomesState) -> tuple[np.ndarray, np.ndarray]:
    """Owner of every forest cell (columns by absolute seat, then Druid) and the tile covering
    it (1-4 gnomes, Druid), cached by the state."""
    n = state.game.num_players
    cells = len(state.forest_owner)
    owners = np.zeros((cells, n + 1), dtype=np.float32)
    tiles = np.zeros((cells, TILE_CHOICES), dtype=np.float32)
    if state.forest_occ:  # an empty forest (after setup or a refresh) has nothing to mark
        for cell, owner in enumerate(state.forest_owner):
            if owner >= 0:
                owners[cell, n if owner == NEUTRAL else owner] = 1.0
                tiles[cell, state.forest_tile[cell]] = 1.0
    return owners, tiles


def attic_features(state: MightyGnomesState) -> tuple[np.ndarray, np.ndarray]:
    """Ladder owners by absolute seat, then flags, books and book reserve (cached by the state)."""
    from gnome_envs.mighty_gnomes.placement import ladder_in_play

    n = state.game.num_players
    owners = np.zeros((NUM_LADDERS, LADDER_CELLS, n + 1), dtype=np.float32)
    ones = []  # positions of ``rest`` set to 1.0
    for ladder, cells in enumerate(state.ladder_cells):
        if cells.count(EMPTY) != LADDER_CELLS:
            for cell, owner in enumerate(cells):
                if owner >= 0:
                    owners[ladder, cell, n if owner == NEUTRAL else owner] = 1.0
        if state.ladder_closed[ladder]:
            ones.append(2 * ladder)
        if ladder_in_play(state, ladder):
            ones.append(2 * ladder + 1)
    books = NUM_LADDERS * 2
    for col in range(2):
        ones += [books + (col * ATTIC_ROWS + row) * NUM_BOOK_ACTIONS + BOOKS[book].action
                 for row, book in enumerate(state.columns[col])]
    reserve = books + 2 * ATTIC_ROWS * NUM_BOOK_ACTIONS
    ones += [reserve + i * NUM_BOOK_ACTIONS + BOOKS[book].action for i, book in enumerate(state.book_aside)]
    for i, book in enumerate(state.book_display):
        ones.append(reserve + (2 + i) * NUM_BOOK_ACTIONS + BOOKS[book].action)
        if state.display_used[i]:
            ones.append(reserve + 4 * NUM_BOOK_ACTIONS + i)
    rest = np.zeros(ATTIC_STATIC, dtype=np.float32)
    rest.put(ones, 1.0)
    return owners, rest


def _attic(state: MightyGnomesState) -> tuple[np.ndarray, np.ndarray]:
    attic = state._attic_obs
    if attic is None:
        attic = state._attic_obs = attic_features(state)
    return attic


def board_features(state: MightyGnomesState, seat: int) -> np.ndarray:
    """Forest and attic ("forest_icons" to "book_reserve") from ``seat``'s side; the state caches
    it per seat, built from its absolute forest and attic caches."""
    forest = state._forest_obs
    if forest is None:
        forest = state._forest_obs = forest_owner_features(state)
    return fresh_board(state, seat, forest, _attic(state))


def fresh_board(state: MightyGnomesState, seat: int, forest: tuple[np.ndarray, np.ndarray],
                attic: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """The board block of ``seat`` from absolute forest and attic features."""
    perm = LAYOUTS[state.game.num_players].perm[seat]
    owners, rest = attic
    return np.concatenate([icon_features(tuple(state.glades)), forest[0][:, perm].ravel(), forest[1].ravel(),
                           owners[:, :, perm].ravel(), rest])


def bag_position(layout: ObservationLayout) -> int:
    """Where the bag's size lies in the observation (after the open chests and treasure icons)."""
    return layout.at["chests"] + CHEST_DISPLAY_SIZE * NUM_CHEST_KINDS + TREASURE_ICONS


def bag_entry(state: MightyGnomesState) -> float:
    """The bag's entry: chests left in it, scaled."""
    return len(state.chest_bag) / CHEST_COUNT_SCALE


def public_features(state: MightyGnomesState) -> np.ndarray:
    """Glades, open chests, the mighty gnome stacks and the round's rewards: the public table
    that looks the same from every seat (cached by the state). The bag's entry is left at 0:
    the bag changes with every draw, so the observation writes it itself (``bag_entry``)."""
    n = state.game.num_players
    at = LAYOUTS[n].at
    start = at["glades"]
    out = np.zeros(at["trail"] - start, dtype=np.float32)
    ones = [at["glades"] + i * GLADE_IDS + g for i, g in enumerate(state.glades + state.glade_aside)]
    chests = at["chests"]
    ones += [chests + i * NUM_CHEST_KINDS + kind for i, kind in enumerate(state.chest_display) if kind >= 0]
    claimed = chests + CHEST_DISPLAY_SIZE * NUM_CHEST_KINDS
    ones += [claimed + i for i, c in enumerate(state.treasure_claimed) if c]
    stacks = at["stacks"]
    for s, kind in enumerate(state.gnome_types):
        ones.append(stacks + s * (NUM_GNOME_TYPES + 1) + kind)
        out[stacks + s * (NUM_GNOME_TYPES + 1) + NUM_GNOME_TYPES - start] = state.stack[s] / (n + 1)
    if state.round:
        rewards = at["rewards"]
        for i, reward in enumerate(ROUND_REWARDS[state.round]):
            ones.append(rewards + i * (NUM_REWARD_KINDS + 1) + reward)
            if state.rewards_claimed[i]:
                ones.append(rewards + i * (NUM_REWARD_KINDS + 1) + NUM_REWARD_KINDS)
    out[np.array(ones, dtype=np.int64) - start] = 1.0
    return out


__all__ = [
    "LAYOUTS",
    "STATE_EXTRA",
    "attic_features",
    "bag_entry",
    "bag_position",
    "board_features",
    "build_layout",
    "forest_owner_features",
    "fresh_board",
    "icon_features",
    "public_features",
]
