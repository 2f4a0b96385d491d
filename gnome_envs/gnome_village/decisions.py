"""The player decisions of setup, the forest cards, Work & Buy and Move.

Each decision kind has an ``options`` function (its legal actions, computed once when it is
offered) and a ``resolve`` function; both are registered in ``pending.DECISIONS``. Business
actions register theirs in ``business``. Clause numbers refer to ``seeds/gnome_village.md``.
"""

from __future__ import annotations

from gnome_envs.gnome_village import business, economy, gnome_moves, village
from gnome_envs.gnome_village.actions import (
    ActionLayout,
    Family,
    SetupPiece,
    SourceKind,
    WorkAction,
)
from gnome_envs.gnome_village.components import (
    BUSINESS_COST,
    CANONICAL_ROTATIONS,
    CODE_HOUSE_OFF,
    CODE_KIND,
    CODE_SUB,
    DISPLAY_SLOTS,
    FOREST_CARDS,
    HOUSE_LIMIT,
    IS_WORKPLACE,
    NUM_ROTATIONS,
    NUM_WORKSHOP_TYPES,
    WORKSHOP_ACTION_COIN_COST,
    WORKSHOP_COST,
    BusinessAction,
    RoadShapeId,
    WorkshopType,
    business_code,
    road_code,
    workshop_code,
)
from gnome_envs.gnome_village.flow import offer_placement, place_gnome, set_workshop
from gnome_envs.gnome_village.pending import (
    DECISIONS,
    Decision,
    DecisionKind,
    DecisionRule,
    Task,
    offer,
    push,
)
from gnome_envs.gnome_village.state import (
    ROAD,
    WORKSHOP,
    GnomeStatus,
    GnomeVillageState,
)

SETUP_PIECE_CODES = {
    SetupPiece.FOUR_WAY: road_code(RoadShapeId.FOUR_WAY, 0),
    SetupPiece.T_JUNCTION: road_code(RoadShapeId.T_JUNCTION, 0),
    SetupPiece.HOUSE: CODE_HOUSE_OFF,
}
WORK_REQUIREMENTS: dict[WorkAction, tuple[int, ...]] = {
    WorkAction.HOUSE: (WorkshopType.PAINTER, WorkshopType.CARPENTER),
    WorkAction.GNOME: (WorkshopType.SCHOOL,),
    WorkAction.ROAD: (WorkshopType.GARDENER,),
}
ANY_ROAD = road_code(RoadShapeId.FOUR_WAY, 0)
ANY_BUSINESS = business_code(0)
ANY_WORKSHOP = workshop_code(0, False)
WORK_ACTIONS = tuple(int(w) for w in WorkAction)
FREE = int(GnomeStatus.FREE)
# enum members read in hot paths, as plain ints (an enum member read costs more than a global)
HOUSE_WORK, GNOME_WORK = int(WorkAction.HOUSE), int(WorkAction.GNOME)
PASS_FAMILY, CELL_FAMILY, WORK_FAMILY, BUY_BUSINESS_FAMILY = (int(f) for f in (
    Family.PASS, Family.CELL, Family.WORK, Family.BUY_BUSINESS))


def _layout(state: GnomeVillageState) -> ActionLayout:
    return state.game.action_layout


# ---------------------------------------------------------------------------- setup (R2)
def _setup_pick_options(state: GnomeVillageState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.setup_pick(piece) for piece, code in SETUP_PIECE_CODES.items()
            if state.setup_hand[p][piece] and state.cells_for(p, code)]


def _setup_pick(state: GnomeVillageState, d: Decision, action: int) -> None:
    piece = SetupPiece(_layout(state).decode(action).arg)
    state.setup_hand[d.player][piece] -= 1
    push(state, (Task.SETUP_PLAYER, d.player))
    offer_placement(state, d.player, SETUP_PIECE_CODES[piece])


def _setup_lights_options(state: GnomeVillageState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.cell(c) for c, code in enumerate(state.grid[p]) if code == CODE_HOUSE_OFF]


def _setup_lights(state: GnomeVillageState, d: Decision, action: int) -> None:
    place_gnome(state, d.player, _layout(state).decode(action).arg, resting=False)


# ---------------------------------------------------------------------------- placing (R3)
def _place_options(state: GnomeVillageState, p: int, data: tuple) -> list[int]:
    code = data[0]
    layout = _layout(state)
    cells = state.cells_for(p, code)
    base = layout.place_base
    if CODE_KIND[code] == ROAD:
        rotations = CANONICAL_ROTATIONS[CODE_SUB[code]]
        return [base + c * NUM_ROTATIONS + r for c in cells for r in rotations]
    return [base + c * NUM_ROTATIONS for c in cells]


def _place(state: GnomeVillageState, d: Decision, action: int) -> None:
    decoded = _layout(state).decode(action)
    code = d.data[0]
    if CODE_KIND[code] == ROAD:
        code = road_code(CODE_SUB[code], decoded.arg2)
    put_tile(state, d.player, decoded.arg, code)
    state.hand = 0


def put_tile(state: GnomeVillageState, p: int, cell: int, code: int) -> None:
    """Place a tile; fill a hole (R5.2); a business may move the Happy Gnome (R9.3)."""
    state.set_tile(p, cell, code)
    holes = state.holes[p]
    if holes:
        if cell in holes:
            holes.remove(cell)
        if village.complies(state.grid[p]):
            holes.clear()
        state.gnomes_changed(p)
    if CODE_KIND[code] == business.BUSINESS:
        economy.update_happy_gnome(state)


# ---------------------------------------------------------------------------- forest (R5)
def _activate_options(state: GnomeVillageState, p: int, data: tuple) -> list[int]:
    card_id, optional = data
    layout = _layout(state)
    icons = FOREST_CARDS[card_id].icons
    legal = [layout.cell(c) for c in state.workshop_cells(p, active=False)
             if CODE_SUB[state.grid[p][c]] in icons]
    if legal and optional:
        legal.insert(0, layout.pass_())
    return legal


def _activate(state: GnomeVillageState, d: Decision, action: int) -> None:
    decoded = _layout(state).decode(action)
    if decoded.family == Family.CELL:
        set_workshop(state, d.player, decoded.arg, True)


def _removal_options(state: GnomeVillageState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    n = state.game.num_players
    return [layout.opp_cell(k, c) for k in range(1, n) for c in state.business_cells((p + k) % n)]


def _removal(state: GnomeVillageState, d: Decision, action: int) -> None:
    decoded = _layout(state).decode(action)
    business.remove_business(state, (d.player + decoded.arg) % state.game.num_players, decoded.arg2)


def _angry_options(state: GnomeVillageState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    grid = state.grid[p]
    return [layout.cell(state.g_cell[i]) for i in state.gnome_range(p)
            if state.g_village[i] == p and state.g_status[i] == GnomeStatus.FREE
            and IS_WORKPLACE[grid[state.g_cell[i]]]]


def _angry(state: GnomeVillageState, d: Decision, action: int) -> None:
    """R5.5: the chosen gnome goes home; a workshop it stood on turns inactive."""
    p = d.player
    cell = _layout(state).decode(action).arg
    gnome = gnome_moves.gnome_of_at(state, p, p, cell)
    if CODE_KIND[state.grid[p][cell]] == WORKSHOP:
        set_workshop(state, p, cell, False)
    gnome_moves.send_home(state, gnome)


# ---------------------------------------------------------------------------- work & buy (R7)
def free_source(state: GnomeVillageState, p: int, kind: int) -> bool:
    """Whether ``p`` can cover ``kind`` without coins (active workshop or product)."""
    return bool(state.products[p][kind] or state.summary(p).active_workshops[kind])


def coins_needed(state: GnomeVillageState, p: int, kinds: tuple[int, ...]) -> int:
    """Coins ``p`` must pay for the requirements it cannot cover otherwise."""
    return WORKSHOP_ACTION_COIN_COST * sum(1 for k in kinds if not free_source(state, p, k))


def _work_possible(state: GnomeVillageState, p: int, work: int, uncovered: list[bool]) -> bool:
    """Whether ``p`` can pay for and carry out ``work`` (``uncovered``: per workshop type,
    whether only coins can cover it)."""
    kinds = WORK_REQUIREMENTS[work]
    if WORKSHOP_ACTION_COIN_COST * sum(uncovered[k] for k in kinds) > state.coins[p]:
        return False
    if work == HOUSE_WORK:
        return (state.summary(p).houses < HOUSE_LIMIT and state.house_supply > 0
                and bool(state.cells_for(p, CODE_HOUSE_OFF)))
    if work == GNOME_WORK:
        return (gnome_moves.placed_gnomes(state, p) < state.gnomes_per_colour
                and CODE_HOUSE_OFF in state.grid[p])
    return bool(state.road_stack) and bool(state.cells_for(p, ANY_ROAD))


def _work_buy_options(state: GnomeVillageState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    products = state.products[p]
    active = state.summary(p).active_workshops
    uncovered = [not (products[k] or active[k]) for k in range(NUM_WORKSHOP_TYPES)]
    legal = [layout.pass_base]
    legal += [layout.work_base + w for w in WORK_ACTIONS if _work_possible(state, p, w, uncovered)]
    coins = state.coins[p]
    if coins >= BUSINESS_COST and state.cells_for(p, ANY_BUSINESS):
        legal += [layout.buy_business_base + s for s in range(DISPLAY_SLOTS) if state.display[s] >= 0]
    if coins >= WORKSHOP_COST and state.cells_for(p, ANY_WORKSHOP):
        legal += [layout.buy_workshop_base + k for k in range(NUM_WORKSHOP_TYPES) if state.workshop_supply[k]]
    return legal


def _work_buy(state: GnomeVillageState, d: Decision, action: int) -> None:
    p = d.player
    decoded = _layout(state).decode(action)
    family = decoded.family
    if family == PASS_FAMILY:
        return
    if family == WORK_FAMILY:
        kinds = WORK_REQUIREMENTS[decoded.arg]
        sources = [(Task.SOURCE, p, k, kinds[i + 1:]) for i, k in enumerate(kinds)]
        push(state, *sources, (Task.FINISH_WORK, p, decoded.arg), (Task.WORK_PHASE, p))
        return
    push(state, (Task.WORK_PHASE, p))
    if family == BUY_BUSINESS_FAMILY:
        economy.pay_bank(state, p, BUSINESS_COST)
        state._bought[p] += 1
        tile_id = state.take_display(decoded.arg)
        offer_placement(state, p, business_code(tile_id))
    else:
        economy.pay_bank(state, p, WORKSHOP_COST)
        state.workshop_supply[decoded.arg] -= 1
        offer_placement(state, p, workshop_code(decoded.arg, False))


def _source_options(state: GnomeVillageState, p: int, data: tuple) -> list[int]:
    kind, later = data
    layout = _layout(state)
    legal = [layout.cell(c) for c in state.workshop_cells(p, kind, active=True)]
    if state.products[p][kind]:
        legal.append(layout.source(SourceKind.PRODUCT))
    if state.coins[p] - WORKSHOP_ACTION_COIN_COST >= coins_needed(state, p, later):
        legal.append(layout.source(SourceKind.COINS))
    return legal


def _source(state: GnomeVillageState, d: Decision, action: int) -> None:
    """R7.4: cover a requirement with an active workshop, a product (R7.5) or 3 coins (R7.6)."""
    p = d.player
    kind = d.data[0]
    decoded = _layout(state).decode(action)
    if decoded.family == Family.CELL:
        set_workshop(state, p, decoded.arg, False)
    elif decoded.arg == SourceKind.PRODUCT:
        economy.spend_product(state, p, kind)
    else:
        economy.pay_bank(state, p, WORKSHOP_ACTION_COIN_COST)


def _new_gnome_options(state: GnomeVillageState, p: int, data: tuple) -> list[int]:
    return _setup_lights_options(state, p, data)


def _new_gnome(state: GnomeVillageState, d: Decision, action: int) -> None:
    place_gnome(state, d.player, _layout(state).decode(action).arg)


# ---------------------------------------------------------------------------- move (R8)
def destinations(state: GnomeVillageState, p: int, gnome: int) -> list[int]:
    """Workshop and business cells ``gnome`` can walk to in its own village (R8.2)."""
    labels, workplaces = state.walk_areas(p)
    start = state.g_cell[gnome]
    own = [state.g_cell[i] for i in state.gnome_range(p) if state.g_village[i] == p]
    return [c for c in workplaces[labels[start]] if c != start and c not in own]


def _move_select_options(state: GnomeVillageState, p: int, data: tuple) -> list[int]:
    """PASS, then the cell of each free gnome not moved this phase that has a destination."""
    labels, workplaces = state.walk_areas(p)
    g_cell, g_status = state.g_cell, state.g_status
    home = [i for i in state.gnome_range(p) if state.g_village[i] == p]
    own = [g_cell[i] for i in home]
    moved = state.moved_mask
    cell_base = _layout(state).cell_base
    legal = [_layout(state).pass_base]
    for i in home:
        if g_status[i] != FREE or moved >> i & 1:
            continue
        start = g_cell[i]
        if any(c != start and c not in own for c in workplaces[labels[start]]):
            legal.append(cell_base + start)
    return legal


def _move_select(state: GnomeVillageState, d: Decision, action: int) -> None:
    decoded = _layout(state).decode(action)
    if decoded.family == CELL_FAMILY:
        gnome = gnome_moves.gnome_of_at(state, d.player, d.player, decoded.arg)
        offer(state, DecisionKind.MOVE_DEST, d.player, (gnome,))


def _move_dest_options(state: GnomeVillageState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.cell(c) for c in destinations(state, p, data[0])]


def _move_dest(state: GnomeVillageState, d: Decision, action: int) -> None:
    """R8.2-R8.4: walk; an inactive workshop turns active; a business may act."""
    p = d.player
    gnome = d.data[0]
    cell = _layout(state).decode(action).arg
    gnome_moves.relocate(state, gnome, p, cell, GnomeStatus.FREE)
    state.moved_mask |= 1 << gnome
    state.gnomes_changed(p)
    push(state, (Task.MOVE_SELECT, p))
    business.arrive(state, p, p, cell)


DECISIONS.update({
    DecisionKind.SETUP_PICK: DecisionRule(_setup_pick_options, _setup_pick),
    DecisionKind.SETUP_LIGHTS: DecisionRule(_setup_lights_options, _setup_lights),
    DecisionKind.PLACE_TILE: DecisionRule(_place_options, _place),
    DecisionKind.ACTIVATE: DecisionRule(_activate_options, _activate),
    DecisionKind.REMOVAL: DecisionRule(_removal_options, _removal),
    DecisionKind.ANGRY: DecisionRule(_angry_options, _angry),
    DecisionKind.WORK_BUY: DecisionRule(_work_buy_options, _work_buy),
    DecisionKind.SOURCE: DecisionRule(_source_options, _source),
    DecisionKind.NEW_GNOME_HOUSE: DecisionRule(_new_gnome_options, _new_gnome),
    DecisionKind.MOVE_SELECT: DecisionRule(_move_select_options, _move_select),
    DecisionKind.MOVE_DEST: DecisionRule(_move_dest_options, _move_dest),
})

__all__ = ["BusinessAction", "coins_needed", "destinations", "free_source", "put_tile"]
