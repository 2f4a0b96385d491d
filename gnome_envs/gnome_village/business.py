"""Business actions (R11) and the Deluxe businesses (R13), dispatched by a handler table.

A gnome arriving on a business (by walking, or by Airport) may take its action unless its
player used that tile on the previous turn (R8.5). Actions that only help are applied
directly; actions with a choice offer a decision whose first legal action is PASS (decline).
Military protection (R11.5) holds while the guarding gnome stays on its tile.
"""

from __future__ import annotations

from collections.abc import Callable

from gnome_envs.gnome_village import economy, gnome_moves, village
from gnome_envs.gnome_village.actions import THIEF_AMOUNTS, ActionLayout, Family
from gnome_envs.gnome_village.components import (
    BUSINESS_TILES,
    CODE_KIND,
    CODE_SUB,
    IS_WORKPLACE,
    NUM_CELLS,
    RING,
    BusinessAction,
    TileKind,
    business_code,
    road_code,
)
from gnome_envs.gnome_village.flow import offer_placement, set_workshop
from gnome_envs.gnome_village.pending import (
    DECISIONS,
    TASKS,
    Decision,
    DecisionKind,
    DecisionRule,
    Task,
    offer,
    push,
)
from gnome_envs.gnome_village.state import GnomeStatus, GnomeVillageState

BUSINESS = int(TileKind.BUSINESS)
WORKSHOP = int(TileKind.WORKSHOP)
ROAD = int(TileKind.ROAD)
POLICE_FINE = 1
THEATER_BASE = 1
COURIER_PRICE = 3
ARCHITECT_MAX_RELOCATIONS = 3
TAKEABLE = (int(GnomeStatus.FREE), int(GnomeStatus.RESTING))
ANY_BUSINESS = business_code(0)  # every business fits the same cells


def _layout(state: GnomeVillageState) -> ActionLayout:
    return state.game.action_layout


def _opponents(state: GnomeVillageState, p: int) -> list[tuple[int, int]]:
    """(offset, seat) of every opponent of ``p``, clockwise."""
    n = state.game.num_players
    return [(k, (p + k) % n) for k in range(1, n)]


def arrive(state: GnomeVillageState, p: int, v: int, cell: int) -> None:
    """A gnome of ``p`` arrived on ``cell`` of village ``v``: activate or act."""
    code = state.grid[v][cell]
    if CODE_KIND[code] == WORKSHOP:
        set_workshop(state, v, cell, True)
        return
    if CODE_KIND[code] != BUSINESS:
        return
    tile = BUSINESS_TILES[CODE_SUB[code]]
    if tile.action == BusinessAction.GOLDSMITH or tile.tile_id in state.used_last[p]:
        return
    state.used_now.append(tile.tile_id)
    state.gnomes_changed(v)
    push(state, (Task.BUSINESS_ACTION, p, v, cell))


def start_action(state: GnomeVillageState, p: int, v: int, cell: int) -> None:
    """Run the action of the business on ``cell`` of village ``v`` for ``p``."""
    state._acted[p] += 1
    ACTIONS[state.business_at(v, cell).action](state, p, v, cell)


def remove_business(state: GnomeVillageState, v: int, cell: int) -> None:
    """R5.2: a business leaves village ``v``; gnomes on it go home; a gap must be refilled."""
    tile_id = CODE_SUB[state.grid[v][cell]]
    state.set_tile(v, cell, 0)
    state.business_discard.append(tile_id)
    for gnome in gnome_moves.gnomes_at(state, v, cell):
        gnome_moves.send_home(state, gnome)
    if not village.complies(state.grid[v]):
        state.holes[v].append(cell)
        state.holes[v].sort()
        state.gnomes_changed(v)
    economy.update_happy_gnome(state)


def _takeable_gnome_options(state: GnomeVillageState, p: int) -> list[int]:
    """Opponent gnomes (unprotected, at home in their village) a Chapel or Prison may take."""
    layout = _layout(state)
    legal = []
    for k, o in _opponents(state, p):
        if gnome_moves.protected(state, o):
            continue
        legal += sorted(layout.opp_cell(k, state.g_cell[i]) for i in state.gnome_range(o)
                        if state.g_village[i] == o and state.g_status[i] in TAKEABLE)
    return [layout.pass_()] + legal if legal else []


def _taken_gnome(state: GnomeVillageState, p: int, action: int) -> tuple[int, int]:
    decoded = _layout(state).decode(action)
    o = (p + decoded.arg) % state.game.num_players
    return o, gnome_moves.gnome_of_at(state, o, o, decoded.arg2)


# ---------------------------------------------------------------------------- immediate actions
def _police(state: GnomeVillageState, p: int, v: int, cell: int) -> None:
    """R11.1: every unprotected opponent with a coin pays one."""
    for _, o in _opponents(state, p):
        if not gnome_moves.protected(state, o):
            economy.transfer(state, o, p, POLICE_FINE)


def _theater(state: GnomeVillageState, p: int, v: int, cell: int) -> None:
    """R11.3: one coin plus one per gnome on the workshops and businesses around (diagonals too)."""
    grid = state.grid[v]
    crowd = sum(len(gnome_moves.gnomes_at(state, v, c)) for c in RING[cell] if IS_WORKPLACE[grid[c]])
    economy.receive(state, p, THEATER_BASE + crowd)


def _military(state: GnomeVillageState, p: int, v: int, cell: int) -> None:
    """R11.5: the gnome on the tile guards its player's village."""
    gnome_moves.set_guard(state, gnome_moves.gnome_of_at(state, p, v, cell))


def _advisor(state: GnomeVillageState, p: int, v: int, cell: int) -> None:
    """R11.7: refund one coin at the end of a turn in which all coins were spent."""
    state.advisor_active = True


def _nothing(state: GnomeVillageState, p: int, v: int, cell: int) -> None:
    """Goldsmith: no action."""


def _construction_options(state: GnomeVillageState, p: int, data: tuple) -> list[int]:
    """Decline, or take the action (named by the Construction Site's own cell) when a business fits."""
    v, cell = data
    if not state.business_stack or not state.cells_for(p, ANY_BUSINESS):
        return []
    layout = _layout(state)
    accept = layout.cell(cell) if v == p else layout.opp_cell((v - p) % state.game.num_players, cell)
    return [layout.pass_(), accept]


def _construction(state: GnomeVillageState, d: Decision, action: int) -> None:
    """R13.1 / O26: draw the top face-down business and build it at once (the player may decline)."""
    if action == _layout(state).pass_():
        return
    offer_placement(state, d.player, business_code(state.draw_business()))


def _offering(kind: DecisionKind) -> Callable[[GnomeVillageState, int, int, int], None]:
    def start(state: GnomeVillageState, p: int, v: int, cell: int) -> None:
        offer(state, kind, p, (v, cell))

    start.__doc__ = f"Offer the {kind.name.lower()} decision."
    return start


# ---------------------------------------------------------------------------- chapel and prison
def _chapel_options(state: GnomeVillageState, p: int, data: tuple) -> list[int]:
    return _takeable_gnome_options(state, p)


def _chapel(state: GnomeVillageState, d: Decision, action: int) -> None:
    """R11.2: the chosen gnome joins ours on the Chapel; its active workshop turns inactive."""
    if action == _layout(state).pass_():
        return
    o, gnome = _taken_gnome(state, d.player, action)
    from_cell = state.g_cell[gnome]
    if CODE_KIND[state.grid[o][from_cell]] == WORKSHOP:
        set_workshop(state, o, from_cell, False)
    gnome_moves.relocate(state, gnome, d.data[0], d.data[1], GnomeStatus.CHAPEL)


def _prison_options(state: GnomeVillageState, p: int, data: tuple) -> list[int]:
    v, cell = data
    if any(state.g_status[i] == GnomeStatus.PRISON for i in gnome_moves.gnomes_at(state, v, cell)):
        return []
    return _takeable_gnome_options(state, p)


def _prison(state: GnomeVillageState, d: Decision, action: int) -> None:
    """R13.2: the chosen gnome is held on the Prison until its owner's Earn phase (O31)."""
    if action == _layout(state).pass_():
        return
    _, gnome = _taken_gnome(state, d.player, action)
    gnome_moves.relocate(state, gnome, d.data[0], d.data[1], GnomeStatus.PRISON)
    state.g_captor[gnome] = d.player


# ---------------------------------------------------------------------------- courier, thief, doctor
def _buyers(state: GnomeVillageState, p: int) -> list[int]:
    return [k for k, o in _opponents(state, p) if not gnome_moves.protected(state, o) and state.coins[o] >= COURIER_PRICE]


def _courier_options(state: GnomeVillageState, p: int, data: tuple) -> list[int]:
    if not _buyers(state, p):
        return []
    layout = _layout(state)
    legal = [layout.cell(c) for c in state.workshop_cells(p, active=True)
             if state.product_supply[CODE_SUB[state.grid[p][c]]]]
    return [layout.pass_()] + legal if legal else []


def _courier(state: GnomeVillageState, d: Decision, action: int) -> None:
    """R11.4: turn an active workshop over to sell its product to an opponent for 3 coins."""
    decoded = _layout(state).decode(action)
    if decoded.family == Family.PASS:
        return
    kind = CODE_SUB[state.grid[d.player][decoded.arg]]
    set_workshop(state, d.player, decoded.arg, False)
    offer(state, DecisionKind.COURIER_BUYER, d.player, (kind,))


def _courier_buyer_options(state: GnomeVillageState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.opponent(k) for k in _buyers(state, p)]


def _courier_buyer(state: GnomeVillageState, d: Decision, action: int) -> None:
    o = (d.player + _layout(state).decode(action).arg) % state.game.num_players
    economy.give_product(state, o, d.data[0])
    economy.transfer(state, o, d.player, COURIER_PRICE)


def _thief_options(state: GnomeVillageState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    legal = [layout.opponent(k) for k, o in _opponents(state, p)
             if not gnome_moves.protected(state, o) and state.coins[o] > 0]
    return [layout.pass_()] + legal if legal else []


def _thief(state: GnomeVillageState, d: Decision, action: int) -> None:
    """R11.6: take up to two coins from an unprotected opponent."""
    decoded = _layout(state).decode(action)
    if decoded.family == Family.PASS:
        return
    o = (d.player + decoded.arg) % state.game.num_players
    if state.coins[o] >= max(THIEF_AMOUNTS):
        offer(state, DecisionKind.THIEF_AMOUNT, d.player, (o,))
    else:
        economy.transfer(state, o, d.player, state.coins[o])


def _thief_amount_options(state: GnomeVillageState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.amount(a) for a in THIEF_AMOUNTS]


def _thief_amount(state: GnomeVillageState, d: Decision, action: int) -> None:
    economy.transfer(state, d.data[0], d.player, _layout(state).decode(action).arg)


def _inactive_workshop_options(state: GnomeVillageState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    legal = [layout.cell(c) for c in state.workshop_cells(p, active=False)]
    return [layout.pass_()] + legal if legal else []


def _doctor(state: GnomeVillageState, d: Decision, action: int) -> None:
    """R11.9: activate a workshop without a gnome; an opponent gets its product."""
    decoded = _layout(state).decode(action)
    if decoded.family == Family.PASS:
        return
    set_workshop(state, d.player, decoded.arg, True)
    kind = CODE_SUB[state.grid[d.player][decoded.arg]]
    if state.product_supply[kind]:
        offer(state, DecisionKind.DOCTOR_RECEIVER, d.player, (kind,))


def _doctor_receiver_options(state: GnomeVillageState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.opponent(k) for k, _ in _opponents(state, p)]


def _doctor_receiver(state: GnomeVillageState, d: Decision, action: int) -> None:
    o = (d.player + _layout(state).decode(action).arg) % state.game.num_players
    economy.give_product(state, o, d.data[0])


def _swimming_pool(state: GnomeVillageState, d: Decision, action: int) -> None:
    """R13.3: activate a workshop without placing a gnome."""
    decoded = _layout(state).decode(action)
    if decoded.family == Family.CELL:
        set_workshop(state, d.player, decoded.arg, True)


# ---------------------------------------------------------------------------- airport
def _airport_options(state: GnomeVillageState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    legal = []
    for k, o in _opponents(state, p):
        if gnome_moves.protected(state, o):
            continue
        grid = state.grid[o]
        for c in range(NUM_CELLS):
            if not IS_WORKPLACE[grid[c]] or gnome_moves.gnomes_at(state, o, c):
                continue
            if CODE_KIND[grid[c]] == BUSINESS and BUSINESS_TILES[CODE_SUB[grid[c]]].action == BusinessAction.AIRPORT:
                continue
            legal.append(layout.opp_cell(k, c))
    return [layout.pass_()] + legal if legal else []


def _airport(state: GnomeVillageState, d: Decision, action: int) -> None:
    """R11.10: fly to an opponent's free workshop (activate it) or business (act at once)."""
    decoded = _layout(state).decode(action)
    if decoded.family == Family.PASS:
        return
    p = d.player
    v, cell = d.data
    o = (p + decoded.arg) % state.game.num_players
    gnome = gnome_moves.gnome_of_at(state, p, v, cell)
    airport_id = CODE_SUB[state.grid[v][cell]]
    gnome_moves.relocate(state, gnome, o, decoded.arg2, GnomeStatus.ABROAD)
    state.g_airport[gnome] = airport_id
    arrive(state, p, o, decoded.arg2)


# ---------------------------------------------------------------------------- architect
def architect_moves(state: GnomeVillageState, p: int, source: int) -> list[tuple[int, int]]:
    """The (cell, rotation) the tile on ``source`` may move to, leaving the village compliant (R11.8)."""
    grid = state.grid[p]
    if state.holes[p]:
        return village.relocations_by_full_check(grid, source)
    return village.relocations(grid, source)


def _movable_tiles(state: GnomeVillageState, p: int) -> list[int]:
    grid = state.grid[p]
    if state.holes[p]:
        return [c for c in range(NUM_CELLS) if grid[c] and village.relocations_by_full_check(grid, c)]
    cuts = village.cut_cells(grid)
    road_cells, building_cells = state.placement_cells(p)  # road cells: the empty cells next to a tile
    building_room = bool(building_cells)
    return [c for c in range(NUM_CELLS)
            if grid[c] and village.can_relocate(grid, c, c in cuts, building_room, road_cells)]


def architect_step(state: GnomeVillageState, p: int, left: int) -> None:
    """Offer the next relocation of an Architect rearrangement."""
    offer(state, DecisionKind.ARCHITECT_PICK, p, (left,))


def _architect(state: GnomeVillageState, p: int, v: int, cell: int) -> None:
    architect_step(state, p, ARCHITECT_MAX_RELOCATIONS)


def _architect_pick_options(state: GnomeVillageState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    legal = [layout.cell(c) for c in _movable_tiles(state, p)]
    return [layout.pass_()] + legal if legal else []


def _architect_pick(state: GnomeVillageState, d: Decision, action: int) -> None:
    decoded = _layout(state).decode(action)
    if decoded.family == Family.CELL:
        offer(state, DecisionKind.ARCHITECT_PLACE, d.player, (decoded.arg, d.data[0]))


def _architect_place_options(state: GnomeVillageState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.place(c, r) for c, r in architect_moves(state, p, data[0])]


def _architect_place(state: GnomeVillageState, d: Decision, action: int) -> None:
    """Move one tile (gnomes standing on it move along) and maybe continue rearranging."""
    p = d.player
    source, left = d.data
    decoded = _layout(state).decode(action)
    target = decoded.arg
    code = state.grid[p][source]
    if CODE_KIND[code] == ROAD:
        code = road_code(CODE_SUB[code], decoded.arg2)
    state.set_tile(p, source, 0)
    state.set_tile(p, target, code)
    for gnome in gnome_moves.gnomes_at(state, p, source):
        state.g_cell[gnome] = target
    for gnome in state.gnome_range(p):
        if state.g_home[gnome] == source:
            state.g_home[gnome] = target
    state.holes[p].clear()
    state.gnomes_changed()
    if left > 1:
        push(state, (Task.ARCHITECT_STEP, p, left - 1))


ACTIONS: dict[BusinessAction, Callable[[GnomeVillageState, int, int, int], None]] = {
    BusinessAction.POLICE: _police,
    BusinessAction.CHAPEL: _offering(DecisionKind.CHAPEL),
    BusinessAction.THEATER: _theater,
    BusinessAction.COURIER: _offering(DecisionKind.COURIER_WORKSHOP),
    BusinessAction.MILITARY: _military,
    BusinessAction.THIEF: _offering(DecisionKind.THIEF_TARGET),
    BusinessAction.FINANCIAL_ADVISOR: _advisor,
    BusinessAction.ARCHITECT: _architect,
    BusinessAction.DOCTOR: _offering(DecisionKind.DOCTOR_WORKSHOP),
    BusinessAction.AIRPORT: _offering(DecisionKind.AIRPORT),
    BusinessAction.GOLDSMITH: _nothing,
    BusinessAction.CONSTRUCTION_SITE: _offering(DecisionKind.CONSTRUCTION_SITE),
    BusinessAction.PRISON: _offering(DecisionKind.PRISON),
    BusinessAction.SWIMMING_POOL: _offering(DecisionKind.SWIMMING_POOL),
}

DECISIONS.update({
    DecisionKind.CHAPEL: DecisionRule(_chapel_options, _chapel),
    DecisionKind.COURIER_WORKSHOP: DecisionRule(_courier_options, _courier),
    DecisionKind.COURIER_BUYER: DecisionRule(_courier_buyer_options, _courier_buyer),
    DecisionKind.THIEF_TARGET: DecisionRule(_thief_options, _thief),
    DecisionKind.THIEF_AMOUNT: DecisionRule(_thief_amount_options, _thief_amount),
    DecisionKind.ARCHITECT_PICK: DecisionRule(_architect_pick_options, _architect_pick),
    DecisionKind.ARCHITECT_PLACE: DecisionRule(_architect_place_options, _architect_place),
    DecisionKind.DOCTOR_WORKSHOP: DecisionRule(_inactive_workshop_options, _doctor),
    DecisionKind.DOCTOR_RECEIVER: DecisionRule(_doctor_receiver_options, _doctor_receiver),
    DecisionKind.AIRPORT: DecisionRule(_airport_options, _airport),
    DecisionKind.PRISON: DecisionRule(_prison_options, _prison),
    DecisionKind.SWIMMING_POOL: DecisionRule(_inactive_workshop_options, _swimming_pool),
    DecisionKind.CONSTRUCTION_SITE: DecisionRule(_construction_options, _construction),
})

TASKS.update({
    Task.BUSINESS_ACTION: start_action,
    Task.ARCHITECT_STEP: architect_step,
})
