"""Phase 2, Assign Brewer Meeples: brewer spaces and the immediate actions (R7).

Players place one brewer at a time in turn order until all are placed; a player must place
(Brew Beer is always open). An immediate space is offered only when its action can be carried
out now (its gold paid and a legal target found); action card spaces are only claimed here
and resolved in phase 3.
"""

from __future__ import annotations

from gnome_envs.rise_of_the_gnomes import board, markets, targets
from gnome_envs.rise_of_the_gnomes.allies import ally_space_possible, use_ally_space
from gnome_envs.rise_of_the_gnomes.actions import (
    ALLY_SPACE_BASE,
    CARD_SPACE_BASE,
    LAYOUTS,
    PLAYER_SPACE_BASE,
    Family,
)
from gnome_envs.rise_of_the_gnomes.cards import ACTION_DISPLAY, MAX_CARD_SPACES, OPEN_CARD_SPACES
from gnome_envs.rise_of_the_gnomes.components import (
    BOARD_CIRCLES,
    BREW_BONUS_BEER,
    HOPS_GLEN_BEER,
    NUM_UPGRADES,
    ORCTOBERFEST_GOLD,
    OVAL,
    PLAYER_SPACE_UPGRADE,
    PORT_VP,
    TAVERN_BEER,
    TAVERN_GOLD,
    THUGS_ADD,
    THUGS_REMOVE,
    TRIBUTE_COST,
    TRIBUTE_STEPS,
    Ability,
    BoardAction,
    Phase,
    PlayerSpace,
)
from gnome_envs.rise_of_the_gnomes.obs_blocks import (
    board_space_entry,
    card_space_entry,
)
from gnome_envs.rise_of_the_gnomes.config import MAX_PLAYERS, MIN_PLAYERS
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

NUM_PLAYER_SPACES = len(PlayerSpace)
BOARD_ACTIONS = tuple(BoardAction)


# ============================================================================ the phase (R7.1)
@task(Task.PLACE_NEXT)
def _place_next(state: RiseState, seat: int, _unused: int = 0) -> None:
    """The next seat clockwise from ``seat`` with a brewer left places one (R7.1)."""
    state.phase = Phase.PLACEMENT
    n = state.n
    for k in range(n):
        p = (seat + k) % n
        if state.brewers[p] > 0:
            push(state, (Task.PLACE_NEXT, (p + 1) % n, 0))
            offer(state, DecisionKind.PLACE_BREWER, p)
            return


CIRCLES = tuple(BOARD_CIRCLES[a] for a in BOARD_ACTIONS)
ALL_UPGRADES = (1 << NUM_UPGRADES) - 1
BREW_BEER = int(PlayerSpace.BREW_BEER)
HOPS_GLEN = int(PlayerSpace.HOPS_GLEN)
PLAYER_SPACES = tuple(range(NUM_PLAYER_SPACES))


def board_space_open(state: RiseState, action: int) -> bool:
    """Whether a brewer can still go on the action board space ``action`` (R7.2)."""
    circles = CIRCLES[action]
    n = state.n
    return circles == OVAL or sum(state.board_brewers[action * n:(action + 1) * n]) < circles


# per player count: (action, its slice of board_brewers, circles) for every board action
BOARD_SPACES = {n: tuple((a, a * n, (a + 1) * n, c) for a, c in enumerate(CIRCLES))
                for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}


def open_board_actions(state: RiseState) -> list[int]:
    """The action board actions whose space can still take a brewer (R7.2), in action order."""
    brewers = state.board_brewers
    return [a for a, lo, hi, circles in BOARD_SPACES[state.n] if circles == OVAL or sum(brewers[lo:hi]) < circles]


def board_action_possible(state: RiseState, p: int, action: int) -> bool:
    """Whether ``p`` could carry out the immediate action ``action`` now."""
    return BOARD_POSSIBLE[action](state, p)


def _build_possible(state: RiseState, p: int) -> bool:
    return state.gold[p] >= targets.build_cost(state, p) and targets.can_build(state, p)


def _tribute_possible(state: RiseState, p: int) -> bool:
    return state.gold[p] >= TRIBUTE_COST and targets.dragon_can_move(state)


def _thugs_possible(state: RiseState, p: int) -> bool:
    return state.gold[p] >= targets.thugs_cost(state, p) and targets.has_thugs_target(state)


def _bard_possible(state: RiseState, p: int) -> bool:
    return (state.gold[p] >= targets.bard_cost(state, p) and markets.board_cubes(state, p) > 0
            and targets.has_adjacent_target(state, p))


def _upgrade_possible(state: RiseState, p: int) -> bool:
    return (state.gold[p] >= targets.upgrade_cost(state, p) and state.upgrade_supply > 0
            and state.upgrades[p] != ALL_UPGRADES)


def _orctoberfest_possible(state: RiseState, p: int) -> bool:
    return state.gold[p] >= ORCTOBERFEST_GOLD


def _tavern_possible(state: RiseState, p: int) -> bool:
    return state.beer[p] >= TAVERN_BEER  # Tavern Sales: real beer (O24)


_POSSIBLE = {
    BoardAction.BUILD_BREWERY: _build_possible, BoardAction.DRAGON_TRIBUTE: _tribute_possible,
    BoardAction.EMPLOY_THUGS: _thugs_possible, BoardAction.HIRE_BARD: _bard_possible,
    BoardAction.BREWERY_UPGRADE: _upgrade_possible, BoardAction.ORCTOBERFEST: _orctoberfest_possible,
    BoardAction.TAVERN_SALES: _tavern_possible,
}
BOARD_POSSIBLE = tuple(_POSSIBLE[a] for a in BOARD_ACTIONS)  # indexed by action


def player_space_possible(state: RiseState, p: int, space: int) -> bool:
    """Whether ``p`` may use its own board space ``space`` now."""
    if space == BREW_BEER:
        return True
    if not state.upgrades[p] >> SPACE_UPGRADE[space] & 1:
        return False
    if state.player_spaces[p * NUM_PLAYER_SPACES + space]:
        return False
    return space == HOPS_GLEN or targets.has_boat_target(state, p)


SPACE_UPGRADE = tuple(int(PLAYER_SPACE_UPGRADE.get(PlayerSpace(s), -1)) for s in range(NUM_PLAYER_SPACES))


# per solo flag, display position and card: its usable spaces as card_spaces indices
CARD_SPACE_INDICES = {
    solo: tuple(tuple(tuple(d * MAX_CARD_SPACES + s for s in usable) for usable in per_card)
                for d in range(ACTION_DISPLAY))
    for solo, per_card in OPEN_CARD_SPACES.items()
}


def open_card_spaces(state: RiseState) -> list[int]:
    """Free action card spaces (display position * 3 + space), top to bottom, card by card
    (R14.2: no two-barrel spaces solo)."""
    spaces = state.card_spaces
    indices = CARD_SPACE_INDICES[state.n == 1]
    return [i for d, card_id in enumerate(state.action_display) for i in indices[d][card_id] if spaces[i] < 0]


def _place_options(state: RiseState, p: int, data: tuple) -> list[int]:
    base = LAYOUTS[state.n].space_base
    legal = [base + a for a in open_board_actions(state) if BOARD_POSSIBLE[a](state, p)]
    legal += [base + PLAYER_SPACE_BASE + s for s in PLAYER_SPACES if player_space_possible(state, p, s)]
    legal += [base + ALLY_SPACE_BASE + k for k in range(len(state.allies[p])) if ally_space_possible(state, p, k)]
    first = base + CARD_SPACE_BASE
    legal += [first + i for i in open_card_spaces(state)]
    return legal


def _place(state: RiseState, d: Decision, action: int) -> None:
    p = d.player
    space = LAYOUTS[state.n].args[action]
    state.brewers[p] -= 1
    state.touch_player(p)
    if space < PLAYER_SPACE_BASE:
        state.board_brewers[space * state.n + p] += 1
        state.note_space(*board_space_entry(state, space, p))
        BOARD_EFFECTS[space](state, p)
    elif space < ALLY_SPACE_BASE:
        s = space - PLAYER_SPACE_BASE
        state.player_spaces[p * NUM_PLAYER_SPACES + s] += 1
        state.touch_player_spaces(p)
        PLAYER_EFFECTS[s](state, p)
    elif space < CARD_SPACE_BASE:
        use_ally_space(state, p, space - ALLY_SPACE_BASE)
    else:
        state.card_spaces[space - CARD_SPACE_BASE] = p
        state.note_space(card_space_entry(state, space - CARD_SPACE_BASE, p), 1.0)


decision_rule(DecisionKind.PLACE_BREWER, _place_options, _place)


# ============================================================================ immediate actions
def _build_brewery(state: RiseState, p: int) -> None:
    """R7.3: pay three gold, then build in a tile you control."""
    state.pay(p, targets.build_cost(state, p))
    offer(state, DecisionKind.BUILD_TILE, p)


def _dragon_tribute(state: RiseState, p: int) -> None:
    """R7.4: pay three gold and move the dragon up to two tiles."""
    state.pay(p, TRIBUTE_COST)
    offer(state, DecisionKind.TRIBUTE_STEP, p, (state.dragon, 0, TRIBUTE_STEPS))


def _employ_thugs(state: RiseState, p: int) -> None:
    """R7.5: pay two gold; in a tile with Gnome cubes remove up to three, add up to two."""
    state.pay(p, targets.thugs_cost(state, p))
    offer(state, DecisionKind.THUGS_TILE, p)


def _hire_bard(state: RiseState, p: int) -> None:
    """R7.6: pay one gold and add a cube next to a tile you occupy (boats allowed)."""
    state.pay(p, targets.bard_cost(state, p))
    offer(state, DecisionKind.BARD_TILE, p)


def _brewery_upgrade(state: RiseState, p: int) -> None:
    """R7.7: pay three gold and place an upgrade token from the supply."""
    state.pay(p, targets.upgrade_cost(state, p))
    state.upgrade_supply -= 1
    offer(state, DecisionKind.UPGRADE_SLOT, p)


def _orctoberfest(state: RiseState, p: int) -> None:
    """R7.8: one victory point for every three gold discarded."""
    discard_for_vp(state, p)
    push(state, (Task.ORCTOBERFEST_MORE, p))


def discard_for_vp(state: RiseState, p: int) -> None:
    """Discard three gold for one victory point."""
    state.pay(p, ORCTOBERFEST_GOLD)
    state.gain_vp(p, 1)


def _tavern_sales(state: RiseState, p: int) -> None:
    """R7.9: three beer for three gold."""
    state.pay(p, 0, TAVERN_BEER)
    state.gain_gold(p, TAVERN_GOLD + state.ability(p, Ability.TAVERN_BONUS))


BOARD_EFFECTS = {
    BoardAction.BUILD_BREWERY: _build_brewery, BoardAction.DRAGON_TRIBUTE: _dragon_tribute,
    BoardAction.EMPLOY_THUGS: _employ_thugs, BoardAction.HIRE_BARD: _hire_bard,
    BoardAction.BREWERY_UPGRADE: _brewery_upgrade, BoardAction.ORCTOBERFEST: _orctoberfest,
    BoardAction.TAVERN_SALES: _tavern_sales,
}


def brew_beer(state: RiseState, p: int) -> None:
    """R7.10: beer equal to the production (capped at 20 in hand)."""
    state.gain_beer(p, state.production(p) + BREW_BONUS_BEER * state.ability(p, Ability.BREW_BONUS))


def _hops_glen(state: RiseState, p: int) -> None:
    """R7.11: three beer."""
    state.gain_beer(p, HOPS_GLEN_BEER)


def _port(state: RiseState, p: int) -> None:
    """R7.11: launch a boat and score a point."""
    offer(state, DecisionKind.BOAT_TILE, p, (PORT_VP,))


PLAYER_EFFECTS = {PlayerSpace.BREW_BEER: brew_beer, PlayerSpace.HOPS_GLEN: _hops_glen,
                  PlayerSpace.PORT: _port}


# ============================================================================ their decisions
def _tile_options(positions: list[int], state: RiseState) -> list[int]:
    base = LAYOUTS[state.n].tile_base
    return [base + pos for pos in positions]


def _tile_of(state: RiseState, action: int) -> int:
    return LAYOUTS[state.n].args[action]


def _build_options(state: RiseState, p: int, data: tuple) -> list[int]:
    return _tile_options(targets.build_targets(state, p), state)


def _build_tile(state: RiseState, d: Decision, action: int) -> None:
    p, pos = d.player, _tile_of(state, action)
    if markets.board_breweries(state, p) > 0:
        targets.execute_build(state, p, pos)
    else:
        offer(state, DecisionKind.BREWERY_SOURCE, p, (pos,))


def _source_options(state: RiseState, p: int, data: tuple) -> list[int]:
    return _tile_options(targets.brewery_sources(state, p, data[0]), state)


def _brewery_source(state: RiseState, d: Decision, action: int) -> None:
    """R4.6: with every brewery out, one of them moves to the new tile."""
    targets.execute_build(state, d.player, d.data[0], _tile_of(state, action))


def _tribute_options(state: RiseState, p: int, data: tuple) -> list[int]:
    start, steps, limit = data
    here = state.dragon
    choices = [pos for pos in board.dragon_neighbors(state, here)
               if not (steps == limit - 1 and pos == start)]
    legal = _tile_options(sorted(choices), state)
    if steps > 0 and here != start:
        legal.insert(0, LAYOUTS[state.n].pass_action)
    return legal


def _tribute_step(state: RiseState, d: Decision, action: int) -> None:
    """R9.2: the dragon moves one tile; at the end it sinks a boat and rampages."""
    start, steps, limit = d.data
    layout = LAYOUTS[state.n]
    if layout.table[action].family == Family.TILE:
        board.move_dragon(state, layout.args[action])
        steps += 1
        if steps < limit and offer(state, DecisionKind.TRIBUTE_STEP, d.player, (start, steps, limit)):
            return
    board.sink_boat(state, state.dragon)
    push(state, (Task.RAMPAGE, state.dragon))


def _thugs_options(state: RiseState, p: int, data: tuple) -> list[int]:
    return _tile_options(targets.thugs_targets(state), state)


def _thugs_tile(state: RiseState, d: Decision, action: int) -> None:
    pos = _tile_of(state, action)
    markets.remove_cubes(state, state.n, pos, THUGS_REMOVE)
    markets.add_cubes(state, d.player, pos, THUGS_ADD)


def _bard_options(state: RiseState, p: int, data: tuple) -> list[int]:
    return _tile_options(targets.adjacent_targets(state, p), state)


def _bard_tile(state: RiseState, d: Decision, action: int) -> None:
    markets.add_cubes(state, d.player, _tile_of(state, action), 1)


def _boat_options(state: RiseState, p: int, data: tuple) -> list[int]:
    return _tile_options(targets.boat_targets(state, p), state)


def _boat_tile(state: RiseState, d: Decision, action: int) -> None:
    """A boat goes onto the chosen sea tile (Port, Harbourmaster, Boatwright)."""
    board.launch_boat(state, _tile_of(state, action))
    if d.data and d.data[0]:
        state.gain_vp(d.player, d.data[0])


@task(Task.ORCTOBERFEST_MORE)
def _orctoberfest_more(state: RiseState, p: int) -> None:
    offer(state, DecisionKind.ORCTOBERFEST_MORE, p)


def _more_options(state: RiseState, p: int, data: tuple) -> list[int]:
    layout = LAYOUTS[state.n]
    if state.gold[p] < ORCTOBERFEST_GOLD:
        return []
    return [layout.pass_action, layout.confirm_action]


def _more(state: RiseState, d: Decision, action: int) -> None:
    if action == LAYOUTS[state.n].confirm_action:
        discard_for_vp(state, d.player)
        push(state, (Task.ORCTOBERFEST_MORE, d.player))


for _kind, _options, _resolve in (
    (DecisionKind.BUILD_TILE, _build_options, _build_tile),
    (DecisionKind.BREWERY_SOURCE, _source_options, _brewery_source),
    (DecisionKind.TRIBUTE_STEP, _tribute_options, _tribute_step),
    (DecisionKind.THUGS_TILE, _thugs_options, _thugs_tile),
    (DecisionKind.BARD_TILE, _bard_options, _bard_tile),
    (DecisionKind.BOAT_TILE, _boat_options, _boat_tile),
    (DecisionKind.ORCTOBERFEST_MORE, _more_options, _more),
):
    decision_rule(_kind, _options, _resolve)
