"""Phase 3, Play Action Cards: cards left to right, spaces top to bottom (R8).

At each claimed space the brewer's owner pays the barrels (gold may stand in for beer) or
declines; a space whose action cannot be carried out, or that the owner cannot pay, is
skipped. A player with no cube on the map at any moment of the phase puts four cubes from
their board on a land tile of their choice (R8.3).
"""

from __future__ import annotations

from gnome_envs.rise_of_the_gnomes import board, markets, targets
from gnome_envs.rise_of_the_gnomes.actions import LAYOUTS, Family
from gnome_envs.rise_of_the_gnomes.cards import (
    ACTION_CARDS,
    BC_ADD,
    BC_REMOVE,
    BD_CUBES,
    BF_CUBES,
    CARAVAN_CUBES,
    CARAVAN_PLUS_STEP,
    MAX_CARD_SPACES,
    ActionKind,
)
from gnome_envs.rise_of_the_gnomes.components import Ability, Phase
from gnome_envs.rise_of_the_gnomes.obs_blocks import card_space_entry
from gnome_envs.rise_of_the_gnomes.pending import (
    Decision,
    DecisionKind,
    Task,
    decision_rule,
    offer,
    push,
    task,
)
from gnome_envs.rise_of_the_gnomes.state import RiseState

NO_CUBES_PLACED = 4
CARD_PURPOSE = 0  # PAY_ACTION data[0]: an action card space
PUBLICAN_PURPOSE = 1  # PAY_ACTION data[0]: the Publican ally
BARREL_DELIVERY, BEER_COMPETITION = int(ActionKind.BARREL_DELIVERY), int(ActionKind.BEER_COMPETITION)
BREW_FESTIVAL, CARAVAN = int(ActionKind.BREW_FESTIVAL), int(ActionKind.CARAVAN)
DISCOUNT = {ActionKind.EXPAND: Ability.EXPAND_DISCOUNT, ActionKind.BARREL_DELIVERY: Ability.BD_DISCOUNT,
            ActionKind.CARAVAN: Ability.CARAVAN_DISCOUNT}


# ============================================================================ the phase
@task(Task.CARD_PHASE)
def _card_phase(state: RiseState) -> None:
    """R8.1: resolve every claimed space in order, checking R8.3 before and after each."""
    state.phase = Phase.CARDS
    steps: list[tuple] = [(Task.NO_CUBES_CHECK,)]
    for d, card_id in enumerate(state.action_display):
        for s in range(len(ACTION_CARDS[card_id].costs)):
            steps += [(Task.CARD_SPACE, d, s), (Task.NO_CUBES_CHECK,)]
    push(state, *steps)


def card_cost(state: RiseState, p: int, kind: int, base: int) -> int:
    """Barrels ``p`` pays for an action card space of cost ``base``."""
    ability = DISCOUNT.get(kind)  # IntEnum keys: a plain int finds them
    return max(0, base - (state.ability(p, ability) if ability is not None else 0))


def promised_beer(state: RiseState, p: int) -> int:
    """Barrels ``p`` has promised to the action card spaces it claimed this turn."""
    total = 0
    for index, owner in enumerate(state.card_spaces):
        if owner == p:
            d, s = divmod(index, MAX_CARD_SPACES)
            card = ACTION_CARDS[state.action_display[d]]
            total += card_cost(state, p, card.kind, card.costs[s])
    return total


@targets.map_query
def action_possible(state: RiseState, p: int, kind: int) -> bool:
    """Whether the action card action ``kind`` has a legal target for ``p`` now."""
    if kind == BARREL_DELIVERY:
        return targets.has_adjacent_target(state, p)
    if kind == BEER_COMPETITION:
        return bool(targets.competition_targets(state, p))
    if kind == BREW_FESTIVAL:
        return bool(targets.occupied_sources(state, p))  # occupied_targets' list
    if kind == CARAVAN:
        return bool(targets.caravan_sources(state, p))
    return targets.can_build(state, p)


@task(Task.CARD_SPACE)
def _card_space(state: RiseState, d: int, s: int) -> None:
    index = d * MAX_CARD_SPACES + s
    p = state.card_spaces[index]
    if p < 0:
        return
    state.card_spaces[index] = -1  # the brewer goes home, performed or not
    state.note_space(card_space_entry(state, index, p), 0.0)
    card = ACTION_CARDS[state.action_display[d]]
    cost = card_cost(state, p, card.kind, card.costs[s])
    if targets.can_pay_beer(state, p, cost) and action_possible(state, p, card.kind):
        offer(state, DecisionKind.PAY_ACTION, p, (CARD_PURPOSE, cost, int(card.kind)))


def _pay_options(state: RiseState, p: int, data: tuple) -> list[int]:
    purpose, cost, _ = data
    layout = LAYOUTS[state.n]
    legal = [layout.amount(g) for g in targets.gold_splits(state, p, cost)]
    if purpose == CARD_PURPOSE:
        legal.insert(0, layout.pass_action)
    return legal


def _pay(state: RiseState, d: Decision, action: int) -> None:
    """R8.2: pay the barrels (the chosen share in gold) or decline."""
    layout = LAYOUTS[state.n]
    if action == layout.pass_action:
        return
    purpose, cost, kind = d.data
    gold = layout.args[action]
    p = d.player
    state.pay(p, gold, cost - gold)
    if purpose == PUBLICAN_PURPOSE:
        state.gain_vp(p, kind)  # the Publican's points travel in data[2]
        return
    START[kind](state, p)  # IntEnum keys: a plain int finds them


decision_rule(DecisionKind.PAY_ACTION, _pay_options, _pay)


# ============================================================================ the five actions
def _start_delivery(state: RiseState, p: int) -> None:
    offer(state, DecisionKind.DELIVERY_TILE, p, (BD_CUBES + state.ability(p, Ability.BD_PLUS),))


def _start_competition(state: RiseState, p: int) -> None:
    remove = BC_REMOVE + state.ability(p, Ability.BC_REMOVE_PLUS)
    add = BC_ADD + state.ability(p, Ability.BC_ADD_PLUS)
    offer(state, DecisionKind.COMPETITION_TILE, p, (remove, add))


def _start_festival(state: RiseState, p: int) -> None:
    offer(state, DecisionKind.FESTIVAL_TILE, p, (BF_CUBES + state.ability(p, Ability.BF_PLUS),))


def _start_caravan(state: RiseState, p: int) -> None:
    cubes = CARAVAN_CUBES + CARAVAN_PLUS_STEP * state.ability(p, Ability.CARAVAN_PLUS)
    offer(state, DecisionKind.CARAVAN_SOURCE, p, (cubes,))


def _start_expand(state: RiseState, p: int) -> None:
    offer(state, DecisionKind.BUILD_TILE, p)


START = {ActionKind.BARREL_DELIVERY: _start_delivery, ActionKind.BEER_COMPETITION: _start_competition,
         ActionKind.BREW_FESTIVAL: _start_festival, ActionKind.CARAVAN: _start_caravan,
         ActionKind.EXPAND: _start_expand}


def _tiles(state: RiseState, positions: list[int]) -> list[int]:
    base = LAYOUTS[state.n].tile_base
    return [base + pos for pos in positions]


def _delivery_options(state: RiseState, p: int, data: tuple) -> list[int]:
    return _tiles(state, targets.adjacent_targets(state, p))


def _delivery(state: RiseState, d: Decision, action: int) -> None:
    """R8.5 Barrel Delivery: cubes into a tile next to one you occupy."""
    push(state, (Task.ADD_OR_MOVE, d.player, LAYOUTS[state.n].args[action], d.data[0]))


def _festival_options(state: RiseState, p: int, data: tuple) -> list[int]:
    return _tiles(state, targets.occupied_targets(state, p))


def _festival(state: RiseState, d: Decision, action: int) -> None:
    """R8.7 Brew Festival: cubes into one tile you occupy."""
    push(state, (Task.ADD_OR_MOVE, d.player, LAYOUTS[state.n].args[action], d.data[0]))


def _competition_options(state: RiseState, p: int, data: tuple) -> list[int]:
    return _tiles(state, targets.competition_targets(state, p))


def _competition(state: RiseState, d: Decision, action: int) -> None:
    """R8.6 Beer Competition: remove up to two cubes you select, then add up to two of yours."""
    remove, add = d.data
    push(state, (Task.COMPETITION_STEP, d.player, LAYOUTS[state.n].args[action], remove, add))


@task(Task.COMPETITION_STEP)
def _competition_step(state: RiseState, p: int, pos: int, left: int, add: int) -> None:
    if left > 0 and offer(state, DecisionKind.COMPETITION_REMOVE, p, (pos, left, add)):
        return
    offer(state, DecisionKind.COMPETITION_ADD, p, (pos, add))


def _add_options(state: RiseState, p: int, data: tuple) -> list[int]:
    """Add none (PASS) or 1..add cubes; from the board, at most the cubes left there (R8.6,
    R8.4: an empty board moves them from one other tile instead)."""
    pos, add = data
    layout = LAYOUTS[state.n]
    on_board = markets.board_cubes(state, p)
    if on_board == 0 and not targets.move_sources(state, p, pos):
        return []
    most = min(add, on_board) if on_board else add
    return [layout.pass_action, *(layout.amount(k) for k in range(1, most + 1))]


def _add(state: RiseState, d: Decision, action: int) -> None:
    """R8.6: the player adds up to the competition's cubes (none, one, two...)."""
    layout = LAYOUTS[state.n]
    if layout.table[action].family == Family.PASS:
        return
    push(state, (Task.ADD_OR_MOVE, d.player, d.data[0], layout.args[action]))


def _remove_options(state: RiseState, p: int, data: tuple) -> list[int]:
    pos = data[0]
    layout = LAYOUTS[state.n]
    legal = [layout.pass_action]
    for k in range(1, state.n):
        if state.cubes_at(pos, (p + k) % state.n):
            legal.append(layout.owner(k))
    if state.cubes_at(pos, state.n):
        legal.append(layout.gnome_owner)
    return legal if len(legal) > 1 else []


def _remove(state: RiseState, d: Decision, action: int) -> None:
    pos, left, add = d.data
    p = d.player
    layout = LAYOUTS[state.n]
    decoded = layout.table[action]
    if decoded.family == Family.PASS:
        left = 0
    else:
        victim = state.n if decoded.arg == state.n else (p + decoded.arg) % state.n
        markets.remove_cubes(state, victim, pos, 1)
        left -= 1
    push(state, (Task.COMPETITION_STEP, p, pos, left, add))


def _caravan_source_options(state: RiseState, p: int, data: tuple) -> list[int]:
    return _tiles(state, targets.caravan_sources(state, p))


def _caravan_source(state: RiseState, d: Decision, action: int) -> None:
    """R8.8 Caravan: up to five cubes from one tile into tiles next to it (boats allowed)."""
    push(state, (Task.CARAVAN_STEP, d.player, LAYOUTS[state.n].args[action], d.data[0], 0))


@task(Task.CARAVAN_STEP)
def _caravan_step(state: RiseState, p: int, src: int, left: int, moved: int) -> None:
    if left > 0 and state.cubes_at(src, p):
        offer(state, DecisionKind.CARAVAN_DEST, p, (src, left, moved))


def _caravan_dest_options(state: RiseState, p: int, data: tuple) -> list[int]:
    src, _, moved = data
    legal = _tiles(state, sorted(board.action_neighbors(state, src)))
    if moved and legal:
        legal.insert(0, LAYOUTS[state.n].pass_action)
    return legal


def _caravan_dest(state: RiseState, d: Decision, action: int) -> None:
    src, left, moved = d.data
    layout = LAYOUTS[state.n]
    if layout.table[action].family == Family.PASS:
        return
    markets.move_cubes(state, d.player, src, layout.args[action], 1)
    push(state, (Task.CARAVAN_STEP, d.player, src, left - 1, moved + 1))


# ============================================================================ cubes from the board, or moved (R8.4)
@task(Task.ADD_OR_MOVE)
def _add_or_move(state: RiseState, p: int, pos: int, count: int) -> None:
    """Add cubes from the board; with the board empty, move them from one other tile."""
    if markets.board_cubes(state, p) > 0:
        markets.add_cubes(state, p, pos, count)
    else:
        offer(state, DecisionKind.MOVE_SOURCE, p, (pos, count))


def _move_source_options(state: RiseState, p: int, data: tuple) -> list[int]:
    legal = _tiles(state, targets.move_sources(state, p, data[0]))
    if legal:
        legal.insert(0, LAYOUTS[state.n].pass_action)
    return legal


def _move_source(state: RiseState, d: Decision, action: int) -> None:
    layout = LAYOUTS[state.n]
    if layout.table[action].family == Family.PASS:
        return
    pos, count = d.data
    markets.move_cubes(state, d.player, layout.args[action], pos, count)


# ============================================================================ no cubes on the map (R8.3)
@task(Task.NO_CUBES_CHECK)
def _no_cubes_check(state: RiseState) -> None:
    n, start = state.n, state.start_player
    for k in range(n):  # in turn order
        p = (start + k) % n
        if state.cubes_out[p] == 0 and offer(state, DecisionKind.NO_CUBES_TILE, p):
            push(state, (Task.NO_CUBES_CHECK,))
            return


def _no_cubes_options(state: RiseState, p: int, data: tuple) -> list[int]:
    return _tiles(state, targets.land_targets(state))


def _no_cubes(state: RiseState, d: Decision, action: int) -> None:
    markets.add_cubes(state, d.player, LAYOUTS[state.n].args[action], NO_CUBES_PLACED)


for _kind, _options, _resolve in (
    (DecisionKind.DELIVERY_TILE, _delivery_options, _delivery),
    (DecisionKind.FESTIVAL_TILE, _festival_options, _festival),
    (DecisionKind.COMPETITION_TILE, _competition_options, _competition),
    (DecisionKind.COMPETITION_REMOVE, _remove_options, _remove),
    (DecisionKind.COMPETITION_ADD, _add_options, _add),
    (DecisionKind.CARAVAN_SOURCE, _caravan_source_options, _caravan_source),
    (DecisionKind.CARAVAN_DEST, _caravan_dest_options, _caravan_dest),
    (DecisionKind.MOVE_SOURCE, _move_source_options, _move_source),
    (DecisionKind.NO_CUBES_TILE, _no_cubes_options, _no_cubes),
):
    decision_rule(_kind, _options, _resolve)
