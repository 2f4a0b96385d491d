"""Turn structure of Gnome Village: setup, the four phases, forest cards, the end.

Each turn queues Reveal, Earn, Work & Buy, Move and the end of the turn as tasks; the task
handlers below are registered in ``pending.TASKS``. Clause numbers refer to
``seeds/gnome_village.md``.
"""

from __future__ import annotations

from gnome_envs.core.errors import InvariantError
from gnome_envs.gnome_village import economy, gnome_moves
from gnome_envs.gnome_village.actions import WorkAction
from gnome_envs.gnome_village.components import (
    BUSINESS_TILES,
    CODE_HOUSE_OFF,
    CODE_HOUSE_ON,
    CODE_KIND,
    CODE_SUB,
    FOREST_BONUS_COIN,
    FOREST_CARDS,
    NUM_FOREST_CARDS,
    ROAD_SHAPES,
    STARTING_COINS,
    STARTING_HOUSES,
    STARTING_ROADS,
    ForestKind,
    TileKind,
    road_code,
    workshop_code,
)
from gnome_envs.gnome_village.pending import (
    TASKS,
    DecisionKind,
    Task,
    advance,
    offer,
    push,
)
from gnome_envs.gnome_village.state import NOT_PLACED, GnomeStatus, GnomeVillageState

BUSINESS_KIND = int(TileKind.BUSINESS)
WORKSHOP_KIND = int(TileKind.WORKSHOP)
# gnome statuses as plain ints (an enum member read costs more than a global)
FREE, RESTING, CHAPEL, PRISON, ABROAD = (int(status) for status in (
    GnomeStatus.FREE, GnomeStatus.RESTING, GnomeStatus.CHAPEL, GnomeStatus.PRISON, GnomeStatus.ABROAD))
PRISON_FEE = 1
VISITOR_COIN = 1


def setup(state: GnomeVillageState) -> None:
    """R2: deal coins and starting tiles, shuffle the stacks, then each player builds."""
    n = state.game.num_players
    rng = state.rng
    pool = [shape for shape, info in enumerate(ROAD_SHAPES) for _ in range(info.count)]
    for p in range(n):
        economy.receive(state, p, STARTING_COINS)
        for shape, count in STARTING_ROADS:
            for _ in range(count):
                pool.remove(int(shape))
        state.setup_hand[p] = [STARTING_ROADS[0][1], STARTING_ROADS[1][1], STARTING_HOUSES]
        state.house_supply -= STARTING_HOUSES
    rng.shuffle(pool)
    state.road_stack = pool
    deluxe = state.game.config.deluxe
    businesses = [t.tile_id for t in BUSINESS_TILES if deluxe or not t.deluxe]
    rng.shuffle(businesses)
    state.business_stack = businesses
    state.display = [state.business_stack.pop(), state.business_stack.pop()]
    forest = list(range(NUM_FOREST_CARDS))
    rng.shuffle(forest)
    state.forest_deck = forest
    push(state, *[(Task.SETUP_PLAYER, p) for p in range(n)], (Task.START_TURN, 0))
    advance(state)


def seats_from(state: GnomeVillageState, p: int, everyone: bool) -> list[int]:
    """Seat ``p`` then the others clockwise (only ``p`` unless ``everyone``)."""
    n = state.game.num_players
    return [(p + k) % n for k in range(n)] if everyone else [p]


def offer_placement(state: GnomeVillageState, p: int, code: int) -> bool:
    """Put ``code`` in ``p``'s hand and ask where it goes; False if it fits nowhere."""
    state.hand = code
    if offer(state, DecisionKind.PLACE_TILE, p, (code,)):
        return True
    state.hand = 0
    return False


def _setup_player(state: GnomeVillageState, p: int) -> None:
    kind = DecisionKind.SETUP_PICK if any(state.setup_hand[p]) else DecisionKind.SETUP_LIGHTS
    if not offer(state, kind, p):
        raise InvariantError(f"seat {p} cannot place its remaining starting tiles {state.setup_hand[p]}")


def _start_turn(state: GnomeVillageState, p: int) -> None:
    """R4: a new turn; the player's gnomes held on a Chapel come home (R11.2)."""
    state.turn_player = p
    state.turn_number += 1
    _forget_turn_marks(state)
    state.used_now = []
    state.spent_this_turn = 0
    state.advisor_active = False
    state.moved_mask = 0
    if CHAPEL in state.g_status:
        for i in state.gnome_range(p):
            if state.g_status[i] == CHAPEL:
                gnome_moves.send_home(state, i)
    push(state, (Task.REVEAL, p), (Task.EARN, p), (Task.WORK_PHASE, p), (Task.MOVE_PHASE, p),
         (Task.END_TURN, p))


def _reveal(state: GnomeVillageState, p: int) -> None:
    """R5: flip the top forest card (reshuffling the discards when the deck is out), resolve it."""
    card_id = state.draw_forest_card()
    card = FOREST_CARDS[card_id]
    seats = seats_from(state, p, card.all_players)
    bonus = (Task.PAY, p, FOREST_BONUS_COIN)
    if card.kind == ForestKind.ACTIVATE:
        push(state, *[(Task.ACTIVATE_FOR, q, card_id, q != p) for q in seats], bonus)
    elif card.kind == ForestKind.REMOVAL:
        push(state, (Task.REMOVAL_FOR, p), bonus)
    elif card.kind == ForestKind.COINS:
        for q in seats:
            economy.receive(state, q, card.coins)
    elif card.kind == ForestKind.ROADS:
        push(state, *[(Task.ROAD_FOR, q) for q in seats], bonus)
    else:
        push(state, *[(Task.ANGRY_FOR, q) for q in seats_from(state, p, True)], bonus)


def _activate_for(state: GnomeVillageState, q: int, card_id: int, optional: bool) -> None:
    offer(state, DecisionKind.ACTIVATE, q, (card_id, optional))


def _removal_for(state: GnomeVillageState, p: int) -> None:
    offer(state, DecisionKind.REMOVAL, p)


def _road_for(state: GnomeVillageState, q: int) -> None:
    """R5.4: draw a road and place it; if it fits nowhere it goes under the stack."""
    if not state.road_stack:
        return
    shape = state.draw_road()
    if not offer_placement(state, q, road_code(shape, 0)):
        state.return_road(shape)


def _angry_for(state: GnomeVillageState, q: int) -> None:
    offer(state, DecisionKind.ANGRY, q)


def _pay(state: GnomeVillageState, p: int, amount: int) -> None:
    economy.receive(state, p, amount)


def _earn(state: GnomeVillageState, p: int) -> None:
    """R6: own gnomes on businesses earn; visitors collect and fly home; prisoners pay and go home."""
    for i in state.gnome_range(p):
        if state.g_skip_earn[i]:
            state.g_skip_earn[i] = False
            _gnome_mark_changed(state, i)
            continue
        if state.g_village[i] == p and state.g_status[i] == FREE:
            code = state.grid[p][state.g_cell[i]]
            if CODE_KIND[code] == BUSINESS_KIND:
                economy.receive(state, p, BUSINESS_TILES[CODE_SUB[code]].earn)
    if ABROAD in state.g_status:
        for i in range(len(state.g_village)):
            if state.g_village[i] == p and state.g_status[i] == ABROAD:
                _visitor_collects(state, i, p)
    if PRISON in state.g_status:
        for i in state.gnome_range(p):
            if state.g_status[i] == PRISON:
                economy.transfer(state, p, state.g_captor[i], PRISON_FEE)
                gnome_moves.send_home(state, i)


def _visitor_collects(state: GnomeVillageState, gnome: int, host: int) -> None:
    """R11.10: a flown gnome collects a product or a coin, then returns to its Airport."""
    visitor = state.owner(gnome)
    code = state.grid[host][state.g_cell[gnome]]
    if CODE_KIND[code] == WORKSHOP_KIND:
        economy.give_product(state, visitor, CODE_SUB[code])
    else:
        economy.receive(state, visitor, VISITOR_COIN)
    airport = state.find_business(visitor, state.g_airport[gnome])
    if airport >= 0 and gnome_moves.gnome_of_at(state, visitor, visitor, airport) < 0:
        gnome_moves.relocate(state, gnome, visitor, airport, GnomeStatus.FREE)
    else:
        gnome_moves.send_home(state, gnome)
    state.g_skip_earn[gnome] = True
    state.gnomes_changed(state.g_village[gnome])


def _work_phase(state: GnomeVillageState, p: int) -> None:
    offer(state, DecisionKind.WORK_BUY, p)


def _source(state: GnomeVillageState, p: int, kind: int, later: tuple[int, ...]) -> None:
    offer(state, DecisionKind.SOURCE, p, (kind, later))


def _finish_work(state: GnomeVillageState, p: int, work: int) -> None:
    """R7.1-R7.3: the paid-for house, gnome or road arrives."""
    if work == WorkAction.HOUSE:
        state.house_supply -= 1
        offer_placement(state, p, CODE_HOUSE_OFF)
    elif work == WorkAction.GNOME:
        offer(state, DecisionKind.NEW_GNOME_HOUSE, p)
    else:
        offer_placement(state, p, road_code(state.draw_road(), 0))


def _move_phase(state: GnomeVillageState, p: int) -> None:
    """R8.1: gnomes placed on an earlier turn stand up; then the player moves gnomes."""
    for i in state.gnome_range(p):
        if state.g_status[i] == RESTING and state.g_born[i] < state.turn_number:
            state.g_status[i] = FREE
            _gnome_mark_changed(state, i)
    _forget_turn_marks(state)
    state.moved_mask = 0
    offer(state, DecisionKind.MOVE_SELECT, p)


def _move_select(state: GnomeVillageState, p: int) -> None:
    offer(state, DecisionKind.MOVE_SELECT, p)


def _end_turn(state: GnomeVillageState, p: int) -> None:
    """R11.7 advisor refund, R8.5 business memory, R12.1 the game ends after the round."""
    if state.advisor_active and state.coins[p] == 0 and state.spent_this_turn > 0:
        economy.receive(state, p, 1)
    if state.used_last[p] or state.used_now:
        where = state.business_cell_table()
        for tile_id in (*state.used_last[p], *state.used_now):
            v = where[tile_id][0]
            if v != NOT_PLACED:
                state.gnomes_changed(v)
    state.used_last[p] = state.used_now
    state.used_now = []
    n = state.game.num_players
    if state.end_triggered and p == n - 1:
        state.finished = True
        state.pending = None
        state.tasks.clear()
        return
    push(state, (Task.START_TURN, (p + 1) % n))


def _gnome_mark_changed(state: GnomeVillageState, gnome: int) -> None:
    """A marker of ``gnome`` changed: forget the markers of the village it stands in."""
    v = state.g_village[gnome]
    if v != NOT_PLACED:
        state.gnomes_changed(v)


def _forget_turn_marks(state: GnomeVillageState) -> None:
    """The moved-this-phase and used-this-turn markers are about to be cleared: forget the
    markers of the villages where a moved gnome stands or a used business lies."""
    moved = state.moved_mask
    while moved:  # one pass per set bit (a moved gnome), lowest first
        lowest = moved & -moved
        _gnome_mark_changed(state, lowest.bit_length() - 1)
        moved ^= lowest
    if state.used_now:
        where = state.business_cell_table()
        for tile_id in state.used_now:
            v = where[tile_id][0]
            if v != NOT_PLACED:
                state.gnomes_changed(v)


def place_gnome(state: GnomeVillageState, p: int, house_cell: int, resting: bool = True) -> None:
    """R7.3: light the house and lay a new gnome on it (it rests until the next turn)."""
    gnome = next(i for i in state.gnome_range(p) if state.g_village[i] == NOT_PLACED)
    state.set_flag_code(p, house_cell, CODE_HOUSE_ON)
    state.g_home[gnome] = house_cell
    state.gnomes_changed(p)
    gnome_moves.relocate(state, gnome, p, house_cell, GnomeStatus.RESTING if resting else GnomeStatus.FREE)
    state.g_born[gnome] = state.turn_number
    if gnome_moves.placed_gnomes(state, p) >= state.gnomes_per_colour:
        state.end_triggered = True


def set_workshop(state: GnomeVillageState, p: int, cell: int, active: bool) -> None:
    """Turn the workshop on ``cell`` of village ``p`` to its active or inactive side."""
    state.set_flag_code(p, cell, workshop_code(CODE_SUB[state.grid[p][cell]], active))


TASKS.update({
    Task.SETUP_PLAYER: _setup_player,
    Task.START_TURN: _start_turn,
    Task.REVEAL: _reveal,
    Task.ACTIVATE_FOR: _activate_for,
    Task.REMOVAL_FOR: _removal_for,
    Task.ROAD_FOR: _road_for,
    Task.ANGRY_FOR: _angry_for,
    Task.PAY: _pay,
    Task.EARN: _earn,
    Task.WORK_PHASE: _work_phase,
    Task.SOURCE: _source,
    Task.FINISH_WORK: _finish_work,
    Task.MOVE_PHASE: _move_phase,
    Task.MOVE_SELECT: _move_select,
    Task.END_TURN: _end_turn,
})
