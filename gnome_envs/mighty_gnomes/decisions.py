"""The turn decisions: choosing a tile, laying it in the forest or the attic, reading books,
ending the turn, discarding, and claiming round rewards.

Each decision kind has an ``options`` function (its legal actions, computed once when it is
offered) and a ``resolve`` function, registered in ``pending.DECISIONS``. Clause numbers refer
to ``seeds/mighty_gnomes.md``.
"""

from __future__ import annotations

from gnome_envs.mighty_gnomes import effects, placement
from gnome_envs.mighty_gnomes.actions import (
    COLUMN_BOOKS,
    LAYOUTS,
    NUM_MODES,
    Family,
    Mode,
)
from gnome_envs.mighty_gnomes.components import (
    ATTIC_ROWS,
    BOOKS,
    ICON_RESOURCE,
    KEYS_PER_COLOUR,
    NUM_TILES,
    REWARD_COINS,
    REWARD_STEPS,
    REWARD_VP,
    ROUND_REWARDS,
    TILE_SIZES,
    BookAction,
    Icon,
    Res,
    Reward,
)
from gnome_envs.mighty_gnomes.obs_updates import note_display_used, note_reward_claimed
from gnome_envs.mighty_gnomes.pending import (
    DECISIONS,
    TASKS,
    Decision,
    DecisionKind,
    DecisionRule,
    Task,
    offer,
    push,
)
from gnome_envs.mighty_gnomes.state import (
    DRUID_INDEX,
    NO_TILE,
    MightyGnomesState,
    tile_size,
)

FREE_FAMILIES = frozenset({Family.OPEN_CHEST, Family.CONVERT_CRYSTAL, Family.CONVERT_PAIR,
                           Family.MAGIC, Family.ALCHEMIST})


def _base(state: MightyGnomesState) -> tuple[int, ...]:
    return LAYOUTS[state.game.num_players].base


# ---------------------------------------------------------------------------- choosing a tile (R3.2)
def _tile_modes(state: MightyGnomesState, tiles: list[int], gather: set[int], climb: set[int]) -> list[int]:
    """The ways to use each of ``tiles``: gather (if it fits the forest), climb to the attic (if
    it fits there) or take coins."""
    out = []
    first = _base(state)[Family.TILE_MODE]
    for tile in tiles:
        base = first + tile * NUM_MODES
        if tile in gather:
            out.append(base + Mode.GATHER)
        if tile in climb:
            out.append(base + Mode.ATTIC)
        out.append(base + Mode.COINS)
    return out


def _turn_start_options(state: MightyGnomesState, p: int, data: tuple) -> list[int]:
    tiles = [tile for tile in range(NUM_TILES) if state.tile_available(p, tile)]
    gather = placement.forest_fitting(state, p, tiles)
    climb = placement.attic_fitting(state, p, tiles)
    return _tile_modes(state, tiles, gather, climb) + effects.free_options(state, p)


def _druid_start_options(state: MightyGnomesState, p: int, data: tuple) -> list[int]:
    tiles = [DRUID_INDEX]
    gather = set(tiles) if placement.forest_options(state, p, DRUID_INDEX, first_only=True) else set()
    climb = placement.attic_fitting(state, p, tiles)
    return [_base(state)[Family.PASS]] + _tile_modes(state, tiles, gather, climb) + effects.free_options(state, p)


def _turn_start(state: MightyGnomesState, d: Decision, action: int) -> None:
    """Use a tile in one of the three ways (R4, R5, R6), or take a free action and decide again."""
    p = d.player
    decoded = LAYOUTS[state.game.num_players].decode(action)
    if decoded.family in FREE_FAMILIES:
        effects.apply_free(state, p, decoded.family, decoded.arg, decoded.arg2)
        offer(state, d.kind, p, d.data)
        return
    if decoded.family == Family.PASS:  # the Druid turn is skipped: it is over at once
        _skip_turn_end(state, p)
        return
    tile, mode = decoded.arg, decoded.arg2
    state.tile = tile
    if tile < NUM_TILES:
        state.used_tiles[p] |= 1 << tile
        state.turns_taken[p] += 1
        if state.bedroom[p] == tile:
            state.bedroom[p] = NO_TILE
        state.must_first[p] = False
    state.touch(p)
    if mode == Mode.GATHER:
        offer(state, DecisionKind.FOREST_PLACE, p, (tile,))
    elif mode == Mode.ATTIC:
        offer(state, DecisionKind.ATTIC_PLACE, p, (tile,))
    else:  # R6: the tile goes to the supply for its squares minus one in coins; the turn is over
        state.gain_coins(p, tile_size(tile) - 1)
        _skip_turn_end(state, p)


def _skip_turn_end(state: MightyGnomesState, p: int) -> None:
    """The turn is over at once (R6.1 taking coins, R3.5 a skipped Druid turn): the queued
    end-of-turn choice is dropped."""
    if state.tasks and state.tasks[-1] == (Task.TURN_END, p):
        state.tasks.pop()
    state.tile = NO_TILE


# ---------------------------------------------------------------------------- forest (R4)
def _forest_options(state: MightyGnomesState, p: int, data: tuple) -> list[int]:
    return placement.forest_options(state, p, data[0])


def _forest(state: MightyGnomesState, d: Decision, action: int) -> None:
    mask = placement.place_forest(state, d.player, d.data[0], action)
    push(state, (Task.ICONS, d.player, mask))


def _icons(state: MightyGnomesState, p: int, mask: int) -> None:
    """R4.2, R4.5: take the covered resources, then walk the compasses, then draw the chests."""
    masks = state.forest_layout()[1]
    for icon, resource in ICON_RESOURCE.items():
        count = (masks[icon] & mask).bit_count()
        if count:
            state.gain_res(p, int(resource), count)
    steps = (masks[Icon.COMPASS] & mask).bit_count()
    chests = (masks[Icon.CHEST] & mask).bit_count()
    tasks = [(Task.MOVE, p, steps)] if steps else []
    push(state, *tasks, *[(Task.DRAW_KEEP, p)] * chests)


# ---------------------------------------------------------------------------- attic (R5)
def _attic_options(state: MightyGnomesState, p: int, data: tuple) -> list[int]:
    return placement.attic_options(state, p, data[0])


def _attic(state: MightyGnomesState, d: Decision, action: int) -> None:
    placement.place_attic(state, d.player, d.data[0], action)
    push(state, (Task.BOOKS, d.player))


def book_of_ref(state: MightyGnomesState, ref: int) -> int:
    """Book id at reference ``ref``: column x 7 + rung, or 14 + display slot."""
    if ref < COLUMN_BOOKS:
        col, row = divmod(ref, ATTIC_ROWS)
        return state.columns[col][row]
    return state.book_display[ref - COLUMN_BOOKS]


def _books_task(state: MightyGnomesState, p: int) -> None:
    offer(state, DecisionKind.BOOKS, p)


def _books_options(state: MightyGnomesState, p: int, data: tuple) -> list[int]:
    base = _base(state)
    out = [base[Family.PASS]]
    out += [base[Family.BOOK] + ref for ref in state.session
            if effects.book_usable(state, p, BOOKS[book_of_ref(state, ref)].action)]
    return out + effects.free_options(state, p)


def _books(state: MightyGnomesState, d: Decision, action: int) -> None:
    """R5.5-R5.8: activate the reached books one at a time in any order, or stop."""
    p = d.player
    decoded = LAYOUTS[state.game.num_players].decode(action)
    if decoded.family == Family.PASS:
        state.session = []
        return
    push(state, (Task.BOOKS, p))
    if decoded.family in FREE_FAMILIES:
        effects.apply_free(state, p, decoded.family, decoded.arg, decoded.arg2)
        return
    ref = decoded.arg
    state.session.remove(ref)
    if ref >= COLUMN_BOOKS:
        state.display_used[ref - COLUMN_BOOKS] = True
        note_display_used(state, ref - COLUMN_BOOKS)
    effects.apply_book(state, p, BookAction(BOOKS[book_of_ref(state, ref)].action))


# ---------------------------------------------------------------------------- end of turn (R7, R8)
def _turn_end_options(state: MightyGnomesState, p: int, data: tuple) -> list[int]:
    return [_base(state)[Family.PASS]] + effects.free_options(state, p)


def _turn_end(state: MightyGnomesState, d: Decision, action: int) -> None:
    p = d.player
    decoded = LAYOUTS[state.game.num_players].decode(action)
    if decoded.family == Family.PASS:
        state.tile = NO_TILE
        return
    effects.apply_free(state, p, decoded.family, decoded.arg, decoded.arg2)
    offer(state, DecisionKind.TURN_END, p)


def _discard_options(state: MightyGnomesState, p: int, data: tuple) -> list[int]:
    base = _base(state)[Family.DISCARD]
    return [base + r for r in Res if state.res[p][r]]


def _discard(state: MightyGnomesState, d: Decision, action: int) -> None:
    state.spend_res(d.player, LAYOUTS[state.game.num_players].decode(action).arg)


# ---------------------------------------------------------------------------- round rewards (R13.3)
def _reward_possible(state: MightyGnomesState, p: int, reward: Reward) -> bool:
    """Whether claiming ``reward`` would do something for seat ``p`` (O38)."""
    if reward == Reward.UPGRADE:
        return bool(effects.upgrade_tracks(state, p, True))
    if reward == Reward.INVITE:
        return bool(effects.invite_slots(state, p, effects.INVITE_PAY))
    if reward == Reward.KEY:
        return state.keys[p] < KEYS_PER_COLOUR
    if reward == Reward.CRYSTAL:
        return state.supply[Res.CRYSTAL] > 0
    if reward == Reward.DOUBLE_BEDROOM:
        return TILE_SIZES[state.bedroom[p]] > 1
    return True


def _reward_options(state: MightyGnomesState, p: int, data: tuple) -> list[int]:
    base = _base(state)[Family.REWARD]
    boxes = ROUND_REWARDS[state.round]
    return [base + i for i, reward in enumerate(boxes)
            if not state.rewards_claimed[i] and _reward_possible(state, p, reward)]


def _reward(state: MightyGnomesState, d: Decision, action: int) -> None:
    p = d.player
    i = LAYOUTS[state.game.num_players].decode(action).arg
    state.rewards_claimed[i] = True
    note_reward_claimed(state, i)
    apply_reward(state, p, ROUND_REWARDS[state.round][i])


def apply_reward(state: MightyGnomesState, p: int, reward: Reward) -> None:
    """The effect of one reward box (O16)."""
    if reward == Reward.UPGRADE:
        offer(state, DecisionKind.UPGRADE, p, (True,))
    elif reward == Reward.FREE_USE:
        state.free_use[p] = True
        state.touch(p)
    elif reward == Reward.FIRST_PLAYER:
        state.first_claimed = p
        state.touch_public()  # the claimant is shown relative to each seat
    elif reward in REWARD_COINS:
        state.gain_coins(p, REWARD_COINS[reward])
    elif reward in REWARD_STEPS:
        push(state, (Task.MOVE, p, REWARD_STEPS[reward]))
    elif reward == Reward.KEY:
        state.gain_keys(p, 1)
    elif reward == Reward.DOUBLE_BEDROOM:
        state.gain_vp(p, TILE_SIZES[state.bedroom[p]] - 1)
    elif reward == Reward.CRYSTAL:
        state.gain_res(p, int(Res.CRYSTAL))
    elif reward == Reward.INVITE:
        offer(state, DecisionKind.INVITE, p, (effects.INVITE_PAY,))
    else:  # VP_2
        state.gain_vp(p, REWARD_VP)


DECISIONS.update({
    DecisionKind.TURN_START: DecisionRule(_turn_start_options, _turn_start),
    DecisionKind.DRUID_START: DecisionRule(_druid_start_options, _turn_start),
    DecisionKind.FOREST_PLACE: DecisionRule(_forest_options, _forest),
    DecisionKind.ATTIC_PLACE: DecisionRule(_attic_options, _attic),
    DecisionKind.BOOKS: DecisionRule(_books_options, _books),
    DecisionKind.TURN_END: DecisionRule(_turn_end_options, _turn_end),
    DecisionKind.DISCARD: DecisionRule(_discard_options, _discard),
    DecisionKind.REWARD: DecisionRule(_reward_options, _reward),
})
TASKS.update({
    Task.ICONS: _icons,
    Task.BOOKS: _books_task,
})
