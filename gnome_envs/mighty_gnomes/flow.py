"""Setup, rounds, turns and the round end of Mighty Gnomes.

Each round queues three turns per seat clockwise from the first player, the Druid turns, the
bedroom, the adventure trail with its rewards and the refresh; the task handlers below are
registered in ``pending.TASKS``. Clause numbers refer to ``seeds/mighty_gnomes.md``.
"""

from __future__ import annotations

from gnome_envs.mighty_gnomes.components import (
    ATTIC_ROWS,
    BAG_GOLDEN,
    BAG_SILVER,
    CHEST_DISPLAY_SIZE,
    CHEST_POOL,
    GLADE_SIDES,
    GNOMES_IN_PLAY,
    NUM_GLADES,
    NUM_GNOME_TYPES,
    NUM_TILES,
    REGULAR_GOLDEN,
    REGULAR_SILVER,
    ROUNDS,
    START_COINS,
    TILE_SIZES,
    TRAIL_LAST,
    TRAIL_TREASURES,
    TRAIL_VP,
    TURNS_PER_ROUND,
    TWO_PLAYER_BOOKS,
    forest_glades,
)
from gnome_envs.mighty_gnomes.pending import (
    TASKS,
    DecisionKind,
    Task,
    advance,
    offer,
    push,
)
from gnome_envs.mighty_gnomes.state import (
    DRUID_TURN,
    EMPTY,
    LADDER_CELLS,
    NO_TILE,
    REGULAR,
    MightyGnomesState,
)

ALL_TILES = (1 << NUM_TILES) - 1
TWO_PLAYERS = 2


def setup(state: MightyGnomesState) -> None:
    """R2: forest, attic, mighty gnomes, chests, trail and starting coins; then round one."""
    n = state.game.num_players
    rng = state.rng
    order = [int(g) for g in rng.permutation(NUM_GLADES)]
    used = forest_glades(n)
    state.glades = [GLADE_SIDES * g for g in order[:used]]  # R2.1: side A up, bottom to top
    state.glade_aside = [GLADE_SIDES * g for g in order[used:]]
    golden = [int(b) for b in rng.permutation(REGULAR_GOLDEN)]
    silver = [int(b) for b in rng.permutation(REGULAR_SILVER)]
    for col in range(2):  # R2.2: one bag per column, seven drawn, the eighth set aside
        bag = golden[col * BAG_GOLDEN:(col + 1) * BAG_GOLDEN] + silver[col * BAG_SILVER:(col + 1) * BAG_SILVER]
        bag = [int(b) for b in rng.permutation(bag)]
        state.columns[col] = bag[:ATTIC_ROWS]
        state.book_aside += bag[ATTIC_ROWS:]
    if n == TWO_PLAYERS:  # R2.3
        state.book_display = [int(b) for b in rng.permutation(TWO_PLAYER_BOOKS)]
    chosen = state.game.config.gnome_types
    if chosen is None:  # R2.4
        chosen = tuple(sorted(int(t) for t in rng.choice(NUM_GNOME_TYPES, GNOMES_IN_PLAY, replace=False)))
    state.gnome_types = chosen
    state.stack = [n] * GNOMES_IN_PLAY
    state.chest_bag = list(CHEST_POOL)  # R2.6
    state.chest_display = [state.draw_chest() for _ in range(CHEST_DISPLAY_SIZE)]
    for k in range(n):  # R2.7: tokens stacked from the first player up; coins 1-4 in that order
        p = (state.first_player + k) % n
        state.stamp[p] = k
        state.gain_coins(p, START_COINS[k])
    push(state, (Task.START_ROUND,))
    advance(state)


def seats_from(state: MightyGnomesState, first: int) -> list[int]:
    """Every seat clockwise starting with ``first``."""
    n = state.game.num_players
    return [(first + k) % n for k in range(n)]


def _start_round(state: MightyGnomesState) -> None:
    """R3.1: a new round; R3.4 the bedroom tile comes first unless its owner is freed (R13.3)."""
    state.round += 1
    n = state.game.num_players
    for p in range(n):
        state.used_tiles[p] = 0
        state.druid_used[p] = 0
        state.turns_taken[p] = 0
        state.gnome_used[p] = [False] * len(state.gnomes[p])
        state.must_first[p] = state.bedroom[p] != NO_TILE and not state.free_use[p]
        state.free_use[p] = False
        state.touch(p)
    state.display_used = [False, False]
    state.rewards_claimed = [False] * len(state.rewards_claimed)
    state.touch_public()
    state.first_claimed = -1
    order = seats_from(state, state.first_player)
    turns = [(Task.TURN, p) for _ in range(TURNS_PER_ROUND) for p in order]
    push(state, *turns, (Task.DRUID_ROUND,), (Task.BEDROOM,), (Task.RESOLVE_TRAIL,), (Task.END_ROUND,))


def _turn(state: MightyGnomesState, p: int) -> None:
    """R3.2: seat ``p`` uses one gnome tile (and may take free actions)."""
    state.turn_player = p
    state.turn_kind = REGULAR
    state.tile = NO_TILE
    push(state, (Task.TURN_END, p))
    offer(state, DecisionKind.TURN_START, p)


def _druid_round(state: MightyGnomesState) -> None:
    """R10.7: after the third turns, owners of unused Druid tiles take turns clockwise."""
    waiting = [p for p in seats_from(state, state.first_player) if state.druid_used[p] < state.druid_tiles[p]]
    if waiting:
        push(state, *[(Task.DRUID_TURN, p) for p in waiting], (Task.DRUID_ROUND,))


def _druid_turn(state: MightyGnomesState, p: int) -> None:
    state.druid_used[p] += 1
    state.turn_player = p
    state.turn_kind = DRUID_TURN
    state.tile = NO_TILE
    state.touch(p)
    push(state, (Task.TURN_END, p))
    offer(state, DecisionKind.DRUID_START, p)


def _turn_end(state: MightyGnomesState, p: int) -> None:
    offer(state, DecisionKind.TURN_END, p)


def _bedroom(state: MightyGnomesState) -> None:
    """R3.3: the tile left over goes to the bedroom and scores its squares minus one."""
    state.turn_player = -1
    state.turn_kind = REGULAR  # the Druid turns are over
    for p in range(state.game.num_players):
        left = [t for t in range(NUM_TILES) if not state.used_tiles[p] >> t & 1]
        tile = left[0]
        state.bedroom[p] = tile
        state.used_tiles[p] = ALL_TILES
        state.touch(p)
        state.gain_vp(p, TILE_SIZES[tile] - 1)


def _resolve_trail(state: MightyGnomesState) -> None:
    """R13.2: tokens return to the tower keeping their order; rewards are claimed top down."""
    order = state.trail_order()
    for p in order:
        state.trail_history[state.trail[p]] += 1
        state.trail[p] = 0
        state.stamp[p] = state.next_stamp()
    state.touch_trail()
    push(state, *[(Task.CLAIM, p) for p in reversed(order)])


def _claim(state: MightyGnomesState, p: int) -> None:
    offer(state, DecisionKind.REWARD, p)


def _end_round(state: MightyGnomesState) -> None:
    """R13.4-R13.8: first player, tiles back, refresh (not after the last round), next round."""
    if state.first_claimed >= 0:
        state.first_player = state.first_claimed
        state.touch_public()  # the first player is public (and relative to each seat)
    if state.round >= ROUNDS:
        state.finished = True
        state.pending = None
        state.tasks.clear()
        return
    refresh(state)
    push(state, (Task.START_ROUND,))


def refresh(state: MightyGnomesState) -> None:
    """R13.5-R13.7: clear the board, slide the glades and the book columns down, refill."""
    n = state.game.num_players
    state.forest_owner = [EMPTY] * len(state.forest_owner)
    state.forest_tile = [NO_TILE] * len(state.forest_tile)
    state.forest_tiles = []
    state.forest_occ = 0
    state.ladder_cells = [[EMPTY] * LADDER_CELLS for _ in state.ladder_cells]
    state.ladder_height = [[0, 0] for _ in state.ladder_height]
    state.ladder_closed = [False] * len(state.ladder_closed)
    bottom = state.glades.pop(0) ^ 1  # flipped to its other side (ids are glade * 2 + side)
    state.glade_aside.append(bottom)
    state.glades.append(state.glade_aside.pop(0))
    removed = [state.columns[col].pop(0) for col in range(2)]
    incoming = state.book_display if n == TWO_PLAYERS else state.book_aside
    incoming = [int(b) for b in state.rng.permutation(incoming)]
    for col in range(2):
        state.columns[col].append(incoming[col])
    if n == TWO_PLAYERS:  # R13.7
        state.book_display = removed
    else:
        state.book_aside = removed
    state.touch_forest()
    state.touch_attic()
    state.touch_public()


def move(state: MightyGnomesState, p: int, steps: int) -> None:
    """R11.1: advance one space at a time, scoring VP icons and claiming open treasures."""
    for left in range(steps, 0, -1):
        if state.trail[p] >= TRAIL_LAST:
            return
        state.trail[p] += 1
        state.stamp[p] = state.next_stamp()
        state.touch_trail()
        space = state.trail[p]
        if space in TRAIL_VP:
            state.gain_vp(p, TRAIL_VP[space])
        if space in TRAIL_TREASURES:
            icon = TRAIL_TREASURES.index(space)
            if not state.treasure_claimed[icon]:
                state.treasure_claimed[icon] = True
                state.touch_table()
                if left > 1:
                    push(state, (Task.MOVE, p, left - 1))
                offer(state, DecisionKind.TREASURE, p)
                return


TASKS.update({
    Task.START_ROUND: _start_round,
    Task.TURN: _turn,
    Task.DRUID_ROUND: _druid_round,
    Task.DRUID_TURN: _druid_turn,
    Task.TURN_END: _turn_end,
    Task.BEDROOM: _bedroom,
    Task.RESOLVE_TRAIL: _resolve_trail,
    Task.CLAIM: _claim,
    Task.END_ROUND: _end_round,
    Task.MOVE: move,
})

__all__ = ["TWO_PLAYERS", "move", "refresh", "seats_from", "setup"]
