"""Phase 4, Play Gnome Cards: the dragon and the Gnome Union automaton (R9, R13).

Each card moves (or flies) the dragon, which rampages where it stops, then the Gnomes carry
out the first of the card's three actions that is possible, in the first tile of its priority
list that qualifies. The engine decides everything the card fixes; ties the icon order cannot
break go to the starting player, and in cutthroat games the card's player chooses the dragon's
tile, the action's tile and the ties (R13).
"""

from __future__ import annotations

from gnome_envs.rise_of_the_gnomes import board, markets, targets
from gnome_envs.rise_of_the_gnomes.actions import LAYOUTS, Family
from gnome_envs.rise_of_the_gnomes.cards import (
    GNOME_BC_ADD,
    GNOME_BC_REMOVE,
    GNOME_CARDS,
    GNOME_CUBES_ADDED,
    GNOME_VP,
    DragonMove,
    GnomeAction,
    GnomeCard,
)
from gnome_envs.rise_of_the_gnomes.components import (
    CENTER,
    DRAGON_FILL,
    GNOME_CARAVAN_BARRED,
    GNOME_CARDS_PER_TURN,
    Phase,
)
from gnome_envs.rise_of_the_gnomes.flow import draw_gnome_card, turn_order
from gnome_envs.rise_of_the_gnomes.pending import (
    Decision,
    DecisionKind,
    Task,
    decision_rule,
    offer,
    push,
    task,
)
from gnome_envs.rise_of_the_gnomes.state import NOBODY, OFF_BOARD, RiseState

CARAVAN_BARRED = frozenset(int(t) for t in GNOME_CARAVAN_BARRED)
STEPS = 3  # primary, secondary, tertiary
ADDING = frozenset({GnomeAction.BREW_FESTIVAL, GnomeAction.IMMIGRATION, GnomeAction.BARREL_DELIVERY,
                    GnomeAction.BEER_COMPETITION})


# ============================================================================ the phase
@task(Task.GNOME_PHASE)
def _gnome_phase(state: RiseState) -> None:
    """R9.1: five cards a turn (seven in turns four and five)."""
    state.phase = Phase.GNOMES
    count = GNOME_CARDS_PER_TURN[state.turn - 1]
    if state.game.cutthroat:
        push(state, (Task.CUTTHROAT_PLAY, 0, 0, count))
    else:
        push(state, *[(Task.GNOME_CARD, NOBODY, NOBODY)] * count)


@task(Task.GNOME_CARD)
def _gnome_card(state: RiseState, card_id: int, player: int) -> None:
    """Play one Gnome card: dragon, rampage, action, discard."""
    if card_id == NOBODY:
        card_id = draw_gnome_card(state)
    state.gnome_card = card_id
    state.gnome_card_player = player
    state.touch_cards()
    push(state, (Task.DRAGON_CARD_MOVE,), (Task.GNOME_ACTION, 0), (Task.GNOME_CARD_DONE,))


@task(Task.GNOME_CARD_DONE)
def _gnome_card_done(state: RiseState) -> None:
    state.gnome_discard.append(state.gnome_card)
    state.gnome_card = NOBODY
    state.gnome_card_player = NOBODY
    state.touch_cards()


@task(Task.CUTTHROAT_PLAY)
def _cutthroat_play(state: RiseState, k: int, played: int, count: int) -> None:
    """R13.2: in turn order, each player plays a Gnome card from hand until ``count`` are out."""
    if played >= count or not any(state.hands):
        return
    p = turn_order(state)[k % state.n]
    if not offer(state, DecisionKind.GNOME_CARD_PLAY, p, (k, played, count)):
        push(state, (Task.CUTTHROAT_PLAY, k + 1, played, count))


def _hand_options(state: RiseState, p: int, data: tuple) -> list[int]:
    layout = LAYOUTS[state.n]
    return [layout.slot(i) for i in range(len(state.hands[p]))]


def _play_from_hand(state: RiseState, d: Decision, action: int) -> None:
    k, played, count = d.data
    card_id = state.hands[d.player].pop(LAYOUTS[state.n].args[action])
    state.touch_cards()
    push(state, (Task.GNOME_CARD, card_id, d.player), (Task.CUTTHROAT_PLAY, k + 1, played + 1, count))


def decider(state: RiseState) -> int:
    """Who breaks ties on the card in play: its player (cutthroat) or the starting player."""
    return state.gnome_card_player if state.game.cutthroat else state.start_player


def first_by_icon(state: RiseState, card: GnomeCard, positions: list[int]) -> list[int]:
    """The positions whose icon comes first in the card's icon order."""
    ranks = [card.icon_rank(state.tile_icon[pos]) for pos in positions]
    best = min(ranks)
    return [pos for pos, rank in zip(positions, ranks) if rank == best]


def _choose_tile(state: RiseState, kind: DecisionKind, candidates: list[int], data: tuple,
                 by_icon: bool) -> int:
    """The single tile left after the icon order (if ``by_icon``), or NOBODY after offering the
    remaining choice to the deciding player."""
    card = GNOME_CARDS[state.gnome_card]
    tied = first_by_icon(state, card, candidates) if by_icon else candidates
    if len(tied) == 1:
        return tied[0]
    offer(state, kind, decider(state), (*data, tuple(sorted(tied))))
    return NOBODY


# ============================================================================ the dragon (R9.2)
def dragon_destinations(state: RiseState, card: GnomeCard) -> list[int]:
    """Face-up tiles of the card's type the dragon may end on (never where it stands)."""
    here = state.dragon
    if here == OFF_BOARD:
        return []
    of_type = board.by_type(state)[card.dragon_type]
    if card.move == DragonMove.MOVE:
        near = board.dragon_neighbors(state, here)
        return sorted(pos for pos in of_type if pos in near)
    return [pos for pos in of_type if pos != here]


@task(Task.DRAGON_CARD_MOVE)
def _dragon_card_move(state: RiseState) -> None:
    """The dragon must move if it can; ties by icon order (cutthroat: the card's player)."""
    choices = dragon_destinations(state, GNOME_CARDS[state.gnome_card])
    if not choices:
        return
    pos = _choose_tile(state, DecisionKind.DRAGON_TILE, choices, (), not state.game.cutthroat)
    if pos != NOBODY:
        land_dragon(state, pos)


def land_dragon(state: RiseState, pos: int) -> None:
    """The dragon ends its move on ``pos``: it sinks a boat there and rampages."""
    board.move_dragon(state, pos)
    board.sink_boat(state, pos)
    push(state, (Task.RAMPAGE, pos))


def _candidate_options(state: RiseState, p: int, data: tuple) -> list[int]:
    base = LAYOUTS[state.n].tile_base
    return [base + pos for pos in data[-1]]


def _dragon_tile(state: RiseState, d: Decision, action: int) -> None:
    land_dragon(state, LAYOUTS[state.n].args[action])


# ============================================================================ rampage (R9.3, R9.4)
@task(Task.RAMPAGE)
def _rampage(state: RiseState, pos: int) -> None:
    """Bribes first (the Gnomes always pay when they can), then the damage."""
    state.rampage_tile = pos
    state.bribed = 0
    g = state.n
    cost = targets.bribe_cost(state, g)
    if state.occupies(pos, g) and state.g_gold >= cost:
        state.g_gold -= cost
        state.bribed |= 1 << g
    asks = [(Task.BRIBE_ASK, p) for p in turn_order(state)
            if state.occupies(pos, p) and state.gold[p] >= targets.bribe_cost(state, p)]
    push(state, *asks, (Task.RAMPAGE_DAMAGE,))


@task(Task.BRIBE_ASK)
def _bribe_ask(state: RiseState, p: int) -> None:
    offer(state, DecisionKind.BRIBE, p)


def _bribe_options(state: RiseState, p: int, data: tuple) -> list[int]:
    layout = LAYOUTS[state.n]
    return [layout.pass_action, layout.confirm_action]


def _bribe(state: RiseState, d: Decision, action: int) -> None:
    if action == LAYOUTS[state.n].confirm_action:
        state.pay(d.player, targets.bribe_cost(state, d.player))
        state.bribed |= 1 << d.player


@task(Task.RAMPAGE_DAMAGE)
def _rampage_damage(state: RiseState) -> None:
    """One brewery burns unless its owner paid; then cubes are eaten round by round, one per
    non-paying owner with cubes, until the dragon's fill is reached or nobody is left."""
    pos = state.rampage_tile
    owner, _ = state.tile_breweries(pos)
    if owner != NOBODY and not state.bribed >> owner & 1:
        markets.return_brewery(state, owner, pos)
    fill = DRAGON_FILL[state.turn - 1]
    eaten = 0
    while eaten < fill:
        eaters = [o for o in range(state.owners)
                  if not state.bribed >> o & 1 and state.cubes_at(pos, o)]
        if not eaters:
            break
        for o in eaters:
            eaten += markets.remove_cubes(state, o, pos, 1)
    state.rampage_tile = NOBODY
    state.bribed = 0


# ============================================================================ Gnome actions (R9.5-R9.7)
def gnome_adjacent(state: RiseState) -> set[int]:
    """Tiles next to a Gnome-occupied tile, boats included (Barrel Delivery)."""
    g = state.n
    out: set[int] = set()
    for src in state.game.positions:
        if state.revealed[src] and src != state.dragon and state.occupies(src, g):
            for nb in board.action_neighbors(state, src):
                if nb != src:
                    out.add(nb)
    return out


def caravan_destinations(state: RiseState, src: int) -> list[int]:
    """Face-up tiles touching ``src`` a Gnome Caravan may enter (no boats, no water, desert,
    Gnomeland or lair, not the dragon's tile)."""
    dragon = state.dragon
    return [nb for nb in state.game.neighbors[src]
            if state.revealed[nb] and nb != dragon and state.tile_type[nb] not in CARAVAN_BARRED]


def eligible(state: RiseState, action: int, tile_type: int, near: set[int] | None = None) -> list[int]:
    """Tiles of ``tile_type`` where the Gnomes can carry out ``action`` now."""
    dragon = state.dragon
    tiles = board.by_type(state)[tile_type]
    if action == GnomeAction.BARREL_DELIVERY:
        return [pos for pos in tiles if pos != dragon and near is not None and pos in near]
    test = ELIGIBLE.get(action)  # IntEnum keys: a plain int finds them
    if test is None:  # Immigration: any tile of the type
        return [pos for pos in tiles if pos != dragon]
    return [pos for pos in tiles if pos != dragon and test(state, pos)]


def _festival_tile(state: RiseState, pos: int) -> bool:
    return state.occupies(pos, state.n)


def _competition_tile(state: RiseState, pos: int) -> bool:
    g = state.n
    return state.occupies(pos, g) and any(state.cubes_at(pos, p) for p in range(g))


def _expand_tile(state: RiseState, pos: int) -> bool:
    g = state.n
    return state.controller(pos) == g and not state.brews_at(pos, g)


def _caravan_tile_ok(state: RiseState, pos: int) -> bool:
    return state.cubes_at(pos, state.n) > 0 and bool(caravan_destinations(state, pos))


ELIGIBLE = {GnomeAction.BREW_FESTIVAL: _festival_tile, GnomeAction.BEER_COMPETITION: _competition_tile,
            GnomeAction.EXPAND: _expand_tile, GnomeAction.CARAVAN: _caravan_tile_ok}


def supplied(state: RiseState, action: int) -> bool:
    """Whether the Gnome board holds what ``action`` needs (R9.6)."""
    if action in ADDING:
        return markets.board_cubes(state, state.n) > 0
    if action == GnomeAction.EXPAND:
        return markets.board_breweries(state, state.n) > 0
    return True


def step_candidates(state: RiseState, level: int) -> list[list[int]]:
    """For the card's action line ``level``: eligible tiles per type of its priority list."""
    step = GNOME_CARDS[state.gnome_card].steps[level]
    if not supplied(state, step.action):
        return []
    near = gnome_adjacent(state) if step.action == GnomeAction.BARREL_DELIVERY else None
    return [eligible(state, step.action, int(t), near) for t in step.tiles]


@task(Task.GNOME_ACTION)
def _gnome_action(state: RiseState, level: int) -> None:
    """Try the primary action, then the secondary, then the tertiary."""
    if level >= STEPS:
        return
    step = GNOME_CARDS[state.gnome_card].steps[level]
    if step.action == GnomeAction.VICTORY_POINT:
        state.gnome_vp(GNOME_VP)
        return
    if state.game.cutthroat:
        pool = sorted({pos for tiles in step_candidates(state, level) for pos in tiles})
        if pool:
            _act_or_ask(state, level, pool, by_icon=False)
            return
    elif supplied(state, step.action):
        near = gnome_adjacent(state) if step.action == GnomeAction.BARREL_DELIVERY else None
        for tile_type in step.tiles:  # the first type of the priority list with a tile wins
            tiles = eligible(state, step.action, int(tile_type), near)
            if tiles:
                _act_or_ask(state, level, tiles, by_icon=True)
                return
    push(state, (Task.GNOME_ACTION, level + 1))


def _act_or_ask(state: RiseState, level: int, candidates: list[int], by_icon: bool) -> None:
    pos = _choose_tile(state, DecisionKind.GNOME_TILE, candidates, (level,), by_icon)
    if pos != NOBODY:
        perform(state, level, pos)


def _gnome_tile(state: RiseState, d: Decision, action: int) -> None:
    perform(state, d.data[0], LAYOUTS[state.n].args[action])


def perform(state: RiseState, level: int, pos: int) -> None:
    """Carry out action line ``level`` of the card in play on ``pos`` (partially if short)."""
    action = GNOME_CARDS[state.gnome_card].steps[level].action
    g = state.n
    if action in (GnomeAction.BREW_FESTIVAL, GnomeAction.IMMIGRATION, GnomeAction.BARREL_DELIVERY):
        markets.add_cubes(state, g, pos, GNOME_CUBES_ADDED)
    elif action == GnomeAction.EXPAND:
        for p in range(g):
            while state.brews_at(pos, p):
                markets.return_brewery(state, p, pos)
        markets.place_brewery(state, g, pos)
    elif action == GnomeAction.BEER_COMPETITION:
        push(state, (Task.GNOME_COMPETITION, pos, GNOME_BC_REMOVE))
    else:
        dests = caravan_destinations(state, pos)
        push(state, (Task.GNOME_CARAVAN_MOVE, pos, tuple(dests), min(state.cubes_at(pos, g), len(dests))))


@task(Task.GNOME_COMPETITION)
def _gnome_competition(state: RiseState, pos: int, left: int) -> None:
    """Each removal hits the strongest player with cubes in the tile; then two Gnome cubes."""
    holders = [p for p in range(state.n) if state.cubes_at(pos, p)]
    if left <= 0 or not holders:
        markets.add_cubes(state, state.n, pos, GNOME_BC_ADD)
        return
    best = max(state.strength(pos, p) for p in holders)
    leaders = [p for p in holders if state.strength(pos, p) == best]
    if len(leaders) == 1:
        markets.remove_cubes(state, leaders[0], pos, 1)
        push(state, (Task.GNOME_COMPETITION, pos, left - 1))
    else:
        offer(state, DecisionKind.GNOME_VICTIM, decider(state), (pos, left, tuple(leaders)))


def _victim_options(state: RiseState, p: int, data: tuple) -> list[int]:
    layout = LAYOUTS[state.n]
    return [layout.owner((q - p) % state.n) for q in data[2]]


def _victim(state: RiseState, d: Decision, action: int) -> None:
    pos, left, _ = d.data
    layout = LAYOUTS[state.n]
    decoded = layout.table[action]
    victim = (d.player + decoded.arg) % state.n
    markets.remove_cubes(state, victim, pos, 1)
    push(state, (Task.GNOME_COMPETITION, pos, left - 1))


@task(Task.GNOME_CARAVAN_MOVE)
def _gnome_caravan_move(state: RiseState, src: int, dests: tuple, cubes: int) -> None:
    """One cube into each touching tile: Dragonkeep first, then by icon order; ties the
    remaining cubes cannot cover go to the deciding player; leftovers stay."""
    if cubes <= 0 or not dests:
        return
    g = state.n
    if CENTER in dests:
        group = [CENTER]
    elif state.game.cutthroat:
        group = list(dests)
    else:
        group = first_by_icon(state, GNOME_CARDS[state.gnome_card], list(dests))
    if cubes >= len(group):
        for pos in group:
            markets.move_cubes(state, g, src, pos, 1)
        rest = tuple(pos for pos in dests if pos not in group)
        push(state, (Task.GNOME_CARAVAN_MOVE, src, rest, cubes - len(group)))
        return
    offer(state, DecisionKind.GNOME_CARAVAN_TILE, decider(state), (src, dests, cubes, tuple(sorted(group))))


def _caravan_tile(state: RiseState, d: Decision, action: int) -> None:
    src, dests, cubes, _ = d.data
    pos = LAYOUTS[state.n].args[action]
    markets.move_cubes(state, state.n, src, pos, 1)
    rest = tuple(x for x in dests if x != pos)
    push(state, (Task.GNOME_CARAVAN_MOVE, src, rest, cubes - 1))


for _kind, _options, _resolve in (
    (DecisionKind.GNOME_CARD_PLAY, _hand_options, _play_from_hand),
    (DecisionKind.DRAGON_TILE, _candidate_options, _dragon_tile),
    (DecisionKind.BRIBE, _bribe_options, _bribe),
    (DecisionKind.GNOME_TILE, _candidate_options, _gnome_tile),
    (DecisionKind.GNOME_VICTIM, _victim_options, _victim),
    (DecisionKind.GNOME_CARAVAN_TILE, _candidate_options, _caravan_tile),
):
    decision_rule(_kind, _options, _resolve)
__all__ = ["Family"]
