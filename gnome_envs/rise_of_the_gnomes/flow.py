"""Setup, the turn of six phases, scoring and the end (R2, R5, R6, R10-R12).

Clause numbers refer to ``seeds/rise_of_the_gnomes.md``. Each turn queues the six phases as
tasks; the brewer placement, action card and Gnome phases live in their own modules.
"""

from __future__ import annotations

from gnome_envs.rise_of_the_gnomes import board, markets
from gnome_envs.rise_of_the_gnomes.actions import LAYOUTS
from gnome_envs.rise_of_the_gnomes.cards import (
    ACTION_DISPLAY,
    JUDGES,
    MAX_CARD_SPACES,
    NUM_ACTION_CARDS,
    NUM_ALLIES,
    NUM_GNOME_CARDS,
    NUM_JUDGES,
)
from gnome_envs.rise_of_the_gnomes.components import (
    BOATS,
    CENTER,
    CUTTHROAT_HAND,
    DIFFICULTY_VP,
    DRAGONKEEP_BONUS_VP,
    DRAGONKEEP_VP,
    EXTRA_BREWERS,
    FLIP_TURN,
    GNOME_START_DK_CUBES,
    GNOME_START_GOLD,
    GREEN_POSITIONS,
    JUDGES_DEALT,
    LAND_TYPES,
    LAST_SEAT_GOLD,
    MAX_ALLIES,
    NUM_PHYSICAL_TILES,
    NUM_TURNS,
    NUM_UPGRADES,
    PHYSICAL_TILES,
    PRODUCTION_ROW_LENGTH,
    PRODUCTION_ROWS,
    RACES,
    RED_SLOTS,
    SUPPLY_UPGRADE_TOKENS,
    UPGRADE_ABILITY,
    YELLOW_POSITIONS,
    Ability,
    BoardAction,
    Phase,
    PlayerSpace,
    TileType,
    Upgrade,
)
from gnome_envs.rise_of_the_gnomes.pending import (
    Decision,
    DecisionKind,
    Task,
    advance,
    decision_rule,
    offer,
    push,
    task,
)
from gnome_envs.rise_of_the_gnomes.state import (
    BREWERY_GOLD_PREFIX,
    BREWERY_VP_PREFIX,
    CUSTOMER_GOLD_PREFIX,
    CUSTOMER_VP_PREFIX,
    GNOME_BREWERY_GOLD_PREFIX,
    GNOME_BREWERY_VP_PREFIX,
    GNOME_CUSTOMER_GOLD_PREFIX,
    GNOME_CUSTOMER_VP_PREFIX,
    RiseState,
)


def turn_order(state: RiseState) -> list[int]:
    """Seats in turn order, starting with the holder of the starting player card."""
    n = state.n
    return [(state.start_player + k) % n for k in range(n)]


# ============================================================================ setup (R2)
def setup(state: RiseState) -> None:
    """R2: build the map, shuffle the decks, then queue the players' setup choices."""
    rng = state.rng
    deal_map(state)
    cards = list(range(NUM_ACTION_CARDS))
    rng.shuffle(cards)
    state.action_display, state.action_hidden = cards[:ACTION_DISPLAY], cards[ACTION_DISPLAY:]
    state.ally_deck = list(range(NUM_ALLIES))
    rng.shuffle(state.ally_deck)
    state.gnome_deck = list(range(NUM_GNOME_CARDS))
    rng.shuffle(state.gnome_deck)
    state.judge_deck = list(range(NUM_JUDGES))
    rng.shuffle(state.judge_deck)
    state.boat_supply = BOATS
    state.upgrade_supply = SUPPLY_UPGRADE_TOKENS
    state.g_gold = GNOME_START_GOLD
    game = state.game
    state.brewers_owned = [game.brewers] * state.n
    state.brewer_reserve = [EXTRA_BREWERS] * state.n
    clear_spaces(state)
    state.start_player = state.first_player = int(rng.integers(state.n))  # R2.15, O14
    if state.game.cutthroat:
        refill_hands(state)
    seats = turn_order(state)
    push(state, *[(Task.RACE_PICK, p) for p in seats], *[(Task.SETUP_PLAYER, p) for p in seats],
         (Task.SETUP_GNOMES,), *[(Task.JUDGE_DISCARD, p) for p in seats], (Task.START_TURN,))
    advance(state)


def deal_map(state: RiseState) -> None:
    """R2.2-R2.5: Dragonkeep, the green ring, the yellow ring face up, the red zone face down."""
    rng = state.rng
    mix = state.game.mix
    order = rng.permutation(NUM_PHYSICAL_TILES).tolist()  # one shuffle orders every type's stack
    pools: dict[TileType, list[int]] = {t: [] for t in TileType}
    for tile_id in order:
        pools[PHYSICAL_TILES[tile_id].type].append(tile_id)
    _lay(state, CENTER, pools[TileType.DRAGONKEEP].pop(), True)
    green = [pools[t].pop() for t in (*LAND_TYPES, TileType.DESERT)]
    rng.shuffle(green)
    for pos, tile in zip(GREEN_POSITIONS, green):
        _lay(state, pos, tile, True)
    deck = [pools[t].pop() for t in LAND_TYPES for _ in range(mix.per_land_type)]
    deck += [pools[TileType.DESERT].pop() for _ in range(mix.deserts)]
    deck += [pools[TileType.SEA].pop() for _ in range(mix.seas)]
    rng.shuffle(deck)
    for pos in YELLOW_POSITIONS:
        _lay(state, pos, deck.pop(), True)
    deck.append(pools[TileType.SEA_LAIR].pop())
    rng.shuffle(deck)
    for pos in RED_SLOTS[mix.red_slots]:
        _lay(state, pos, deck.pop(), False)
    state.unused_tiles = sorted(t for pool in pools.values() for t in pool)


def _lay(state: RiseState, pos: int, tile_id: int, face_up: bool) -> None:
    tile = PHYSICAL_TILES[tile_id]
    state.tile_phys[pos] = tile_id
    state.tile_type[pos] = int(tile.type)
    state.tile_icon[pos] = int(tile.icon)
    state.revealed[pos] = face_up
    state.touch_geometry()


def clear_spaces(state: RiseState) -> None:
    """Every brewer space empty (setup and reset)."""
    n = state.n
    state.board_brewers = [0] * (len(BoardAction) * n)
    state.player_spaces = [0] * (len(PlayerSpace) * n)
    state.ally_spaces = [0] * (MAX_ALLIES * n)
    state.card_spaces = [-1] * (ACTION_DISPLAY * MAX_CARD_SPACES)
    state.touch_players()
    state.touch_spaces()


def _race_options(state: RiseState, p: int, data: tuple) -> list[int]:
    taken = {RACES[r].colour for r in state.race if r >= 0}
    layout = LAYOUTS[state.n]
    return [layout.race(r.race_id) for r in RACES if r.colour not in taken]


def _race_pick(state: RiseState, d: Decision, action: int) -> None:
    state.race[d.player] = LAYOUTS[state.n].args[action]
    state.touch_player_static(d.player)


decision_rule(DecisionKind.RACE_PICK, _race_options, _race_pick)


@task(Task.RACE_PICK)
def _task_race_pick(state: RiseState, p: int) -> None:
    offer(state, DecisionKind.RACE_PICK, p)


@task(Task.SETUP_PLAYER)
def _setup_player(state: RiseState, p: int) -> None:
    """R2.7-R2.8: resources, brewery #1 and the starting cubes on the start tile."""
    race = RACES[state.race[p]]
    state.gain_beer(p, race.beer)
    state.gain_gold(p, race.gold)
    state.add_ability(p, race.ability)
    start = next(pos for pos in GREEN_POSITIONS if state.tile_type[pos] == race.start_type)
    released = markets.place_brewery(state, p, start)
    markets.add_cubes(state, p, start, race.cubes)
    if released:
        push(state, (Task.UPGRADE_TOKEN, p))


@task(Task.SETUP_GNOMES)
def _setup_gnomes(state: RiseState) -> None:
    """R2.9: the Gnome brewery and eight cubes on Dragonkeep, one cube on each other
    unoccupied land tile around it (not the desert); the last seat's gold bonus (R2.15)."""
    g = state.n
    markets.place_brewery(state, g, CENTER)
    markets.add_cubes(state, g, CENTER, GNOME_START_DK_CUBES)
    for pos in GREEN_POSITIONS:
        if state.tile_type[pos] in LAND_TYPES and not state.occupants(pos):
            markets.add_cubes(state, g, pos, 1)
    last = (state.start_player - 1) % state.n
    state.gain_gold(last, LAST_SEAT_GOLD)


# ============================================================================ upgrade tokens (R4.2)
def upgrade_slots_open(state: RiseState, p: int) -> list[int]:
    """Vacant brewery upgrade slots of seat ``p``."""
    return [u for u in range(NUM_UPGRADES) if not state.upgrades[p] >> u & 1]


@task(Task.UPGRADE_TOKEN)
def _upgrade_token(state: RiseState, p: int) -> None:
    """A released board token goes to a vacant slot of the player's choice, else to the supply."""
    if not offer(state, DecisionKind.UPGRADE_SLOT, p):
        state.upgrade_supply += 1


def _upgrade_options(state: RiseState, p: int, data: tuple) -> list[int]:
    layout = LAYOUTS[state.n]
    return [layout.upgrade(u) for u in upgrade_slots_open(state, p)]


def _upgrade_slot(state: RiseState, d: Decision, action: int) -> None:
    place_upgrade(state, d.player, LAYOUTS[state.n].args[action])


def place_upgrade(state: RiseState, p: int, slot: int) -> None:
    """Fill upgrade slot ``slot`` of seat ``p`` and apply it."""
    state.upgrades[p] |= 1 << slot
    if slot == Upgrade.PRODUCTION:
        state.prod_bonus[p] += 1
    elif slot in UPGRADE_ABILITY:
        state.add_ability(p, UPGRADE_ABILITY[Upgrade(slot)])
    state.touch_player_static(p)


decision_rule(DecisionKind.UPGRADE_SLOT, _upgrade_options, _upgrade_slot)


# ============================================================================ judges (R2.13)
@task(Task.JUDGE_DISCARD)
def _judge_discard_task(state: RiseState, p: int) -> None:
    state.judge_hand[p] = [state.judge_deck.pop() for _ in range(JUDGES_DEALT)]
    offer(state, DecisionKind.JUDGE_DISCARD, p)


def _judge_options(state: RiseState, p: int, data: tuple) -> list[int]:
    layout = LAYOUTS[state.n]
    return [layout.slot(i) for i in range(len(state.judge_hand[p]))]


def _judge_discard(state: RiseState, d: Decision, action: int) -> None:
    p = d.player
    hand = state.judge_hand[p]
    dropped = hand.pop(LAYOUTS[state.n].args[action])
    state.judges[p] = sorted(hand)
    state.judge_hand[p] = []
    state.judge_box.append(dropped)
    state.judge_box.sort()
    state.judge_discarded[p] = dropped


decision_rule(DecisionKind.JUDGE_DISCARD, _judge_options, _judge_discard)


# ============================================================================ the turn (R5)
@task(Task.START_TURN)
def _start_turn(state: RiseState) -> None:
    """R5.1: a new turn of six phases."""
    state.turn += 1
    state.brewers = state.brewers_owned[:]
    state.touch_players()
    push(state, (Task.ALLY_PHASE,), (Task.PLACE_NEXT, state.start_player, 0), (Task.CARD_PHASE,),
         (Task.GNOME_PHASE,), (Task.SCORE_PHASE,), (Task.RESET,))


@task(Task.ALLY_PHASE)
def _ally_phase(state: RiseState) -> None:
    """R6.1: deal players + 1 allies face up; pick in turn order; the last card to the Gnomes."""
    state.phase = Phase.ALLIES
    state.ally_row = [state.ally_deck.pop() for _ in range(state.n + 1)]
    state.touch_cards()
    push(state, *[(Task.ALLY_PICK, p) for p in turn_order(state)], (Task.ALLY_LEFTOVER,))


@task(Task.ALLY_LEFTOVER)
def _ally_leftover(state: RiseState) -> None:
    """R6.3: the card nobody took gives its points to the Gnomes and leaves the game."""
    from gnome_envs.rise_of_the_gnomes.cards import ALLIES

    for card in state.ally_row:
        state.gnome_vp(ALLIES[card].vp)
        state.ally_box.append(card)
    state.ally_row = []
    state.touch_cards()


# ============================================================================ scoring (R10)
def player_income(state: RiseState, p: int) -> tuple[int, int]:
    """(victory points, gold) seat ``p`` would score in a Score phase now."""
    rows = state.production(p) // PRODUCTION_ROW_LENGTH
    vp = sum(row[0] for row in PRODUCTION_ROWS[:rows])
    gold = sum(row[1] for row in PRODUCTION_ROWS[:rows])
    out = state.brews_out[p]
    vp += BREWERY_VP_PREFIX[out]
    gold += BREWERY_GOLD_PREFIX[out]
    boxes = markets.customer_boxes_emptied(state, p)
    vp += CUSTOMER_VP_PREFIX[boxes]
    gold += CUSTOMER_GOLD_PREFIX[boxes]
    if state.brews_at(CENTER, p):
        vp += DRAGONKEEP_BONUS_VP if state.ability(p, Ability.DK_BONUS) else DRAGONKEEP_VP
    gold += state.ability(p, Ability.GOLD_INCOME)
    return vp, gold


def gnome_income(state: RiseState) -> tuple[int, int]:
    """(victory points before the difficulty adjustment, gold) the Gnomes would score now."""
    out = state.g_brews_out
    boxes = markets.customer_boxes_emptied(state, state.n)
    vp = GNOME_BREWERY_VP_PREFIX[out] + GNOME_CUSTOMER_VP_PREFIX[boxes]
    gold = GNOME_BREWERY_GOLD_PREFIX[out] + GNOME_CUSTOMER_GOLD_PREFIX[boxes]
    if state.brews_at(CENTER, state.n):
        vp += DRAGONKEEP_VP
    return vp, gold


@task(Task.SCORE_PHASE)
def _score_phase(state: RiseState) -> None:
    """R10: players in turn order, then the Gnomes with the difficulty adjustment (never < 0)."""
    state.phase = Phase.SCORE
    for p in turn_order(state):
        vp, gold = player_income(state, p)
        state.gain_vp(p, vp)
        state.gain_gold(p, gold)
    vp, gold = gnome_income(state)
    state.gnome_vp(vp)
    state.g_gold += gold
    state.gnome_vp(DIFFICULTY_VP[state.game.level])


# ============================================================================ reset (R11)
@task(Task.RESET)
def _reset(state: RiseState) -> None:
    """R11: after turn five the game ends; otherwise pass the starting player card, take the
    brewers back, reshuffle the action cards, flip everything before turn four."""
    state.phase = Phase.RESET
    if state.turn >= NUM_TURNS:
        push(state, (Task.END_GAME,))
        return
    state.start_player = (state.start_player + 1) % state.n
    clear_spaces(state)
    cards = state.action_display + state.action_hidden
    state.rng.shuffle(cards)
    state.action_display, state.action_hidden = cards[:ACTION_DISPLAY], cards[ACTION_DISPLAY:]
    if state.turn + 1 == FLIP_TURN:
        board.reveal_everything(state)
        for p in range(state.n):
            state.brewers_owned[p] += state.brewer_reserve[p]
            state.brewer_reserve[p] = 0
    if state.game.cutthroat:
        refill_hands(state)
    push(state, (Task.START_TURN,))


def draw_gnome_card(state: RiseState) -> int:
    """Top card of the Gnome deck (the discards are reshuffled when it runs out)."""
    if not state.gnome_deck:
        state.gnome_deck, state.gnome_discard = state.gnome_discard, []
        state.rng.shuffle(state.gnome_deck)
        state.touch_cards()
    return state.gnome_deck.pop()


def refill_hands(state: RiseState) -> None:
    """R13.1: every cutthroat hand back to its size, in turn order."""
    size = CUTTHROAT_HAND[state.n]
    for p in turn_order(state):
        while len(state.hands[p]) < size:
            state.hands[p].append(draw_gnome_card(state))
    state.touch_cards()


# ============================================================================ end (R12)
def judge_count(state: RiseState, p: int, judge_id: int) -> int:
    """What judge ``judge_id`` counts for seat ``p`` now."""
    from gnome_envs.rise_of_the_gnomes.judging import count

    return count(state, p, JUDGES[judge_id])


@task(Task.END_GAME)
def _end_game(state: RiseState) -> None:
    """R12.1: judges in turn order; the Gnomes score nothing at the end."""
    for p in turn_order(state):
        for judge_id in state.judges[p]:
            state.gain_vp(p, JUDGES[judge_id].points(judge_count(state, p, judge_id)))

