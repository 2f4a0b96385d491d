"""What each brewer placement and each map choice would do (the ``action_effects`` option).

With ``rise_of_the_gnomes_v1.env(action_effects=True)`` the observation ends with one row of
``EFFECT_WIDTH`` entries for each SPACE and TILE action (``EFFECT_ACTIONS`` = 39 + 37 rows; the
first is for action ``game.action_effect_first``, the first SPACE action), so a policy can score
a space by what it is and costs, and a tile by what putting the action there changes, instead of
working out income, control and judges from the map. The rows are zero except in the observer's
own decisions, and there only for legal actions. Everything in them follows from public facts and
the observer's own judges: the preview of a tile choice moves pieces on a copy and reveals
nothing, so a face-down tile stays unread.

Row of one action (``b`` = 7 board actions, ``s`` = 3 player spaces, ``e`` = 11 ally effects,
``k`` = 5 action card kinds)::

    column          size  SPACE (a brewer placement)               TILE (a map position)
    board           b     the board action, one-hot                .
    player          s     the player board space, one-hot          .
    ally            e     the ally space's effect, one-hot         .
    card            k     the action card's kind, one-hot          .
    cost            1     gold (board, ally) or barrels (card) /10 .
    affordable      1     payable with what is not yet promised    .
    spare           1     gold and beer left after it, unpromised  .
                          /MAX_SPARE
    has_target      1     the action has somewhere to go now       .
    gnome_targets   1     its targets holding Gnome cubes /37      .
    last_turn       1     this is the last turn                    the same
    tile            1     .                                        1
    own             1     .                                        own market strength there /S
    rival           1     .                                        strongest other player's /S
    gnomes          1     .                                        the Gnomes' /S
    controlled      1     .                                        the observer controls it
    surplus         1     .                                        own cubes that can leave it and
                                                                   keep the lead /S
    previewed       1     .                                        the choice moves pieces (below)
    d_vp            1     .                                        change in own VP income /I
    d_gold          1     .                                        change in own gold income /I
    d_gnome_vp      1     .                                        change in the Gnomes' VP income /I
    d_rival_vp      1     .                                        change in the best rival's /I
    d_control       1     .                                        tiles controlled, change /4
    d_occupied      1     .                                        tiles occupied, change /4
    d_judges        1     .                                        own judges' points now, change /10
    d_points        1     .                                        own points now (bounties) /10

The preview applies the choice's own move (cubes added, a Gnome cube thrown out, a brewery
built, a cube carried over) and nothing that follows (an upgrade token, a reveal). A Beer
Competition's preview removes Gnome cubes first, then each rival's in seat order. Flags and
one-hots are 0 or 1; counts are divided by a ceiling above their largest value (strengths and
spare clipped below it), so they stay in [0, 1); changes are signed and clipped into (-1, 1).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from gnome_envs.rise_of_the_gnomes import targets
from gnome_envs.rise_of_the_gnomes.actions import (
    ALLY_SPACE_BASE,
    CARD_SPACE_BASE,
    NUM_SPACES,
    PLAYER_SPACE_BASE,
    Family,
)
from gnome_envs.rise_of_the_gnomes.cardphase import action_possible, card_cost, promised_beer
from gnome_envs.rise_of_the_gnomes.cards import ACTION_CARDS, ALLIES, JUDGES, MAX_CARD_SPACES, ActionKind, AllyEffect
from gnome_envs.rise_of_the_gnomes.components import (
    MAX_BEER,
    NUM_POSITIONS,
    NUM_TURNS,
    THUGS_ADD,
    THUGS_REMOVE,
    TRIBUTE_COST,
    BoardAction,
    PlayerSpace,
)
from gnome_envs.rise_of_the_gnomes.flow import gnome_income, judge_count, player_income
from gnome_envs.rise_of_the_gnomes.pending import DecisionKind
from gnome_envs.rise_of_the_gnomes.state import RiseState

# row layout (see the table above)
BOARD_AT = 0
PLAYER_AT = BOARD_AT + len(BoardAction)
ALLY_AT = PLAYER_AT + len(PlayerSpace)
CARD_AT = ALLY_AT + len(AllyEffect)
COST = CARD_AT + len(ActionKind)
AFFORDABLE = COST + 1
SPARE = AFFORDABLE + 1
HAS_TARGET = SPARE + 1
GNOME_TARGETS = HAS_TARGET + 1
LAST_TURN = GNOME_TARGETS + 1
TILE_FLAG = LAST_TURN + 1
OWN = TILE_FLAG + 1
RIVAL = OWN + 1
GNOMES = RIVAL + 1
CONTROLLED = GNOMES + 1
SURPLUS = CONTROLLED + 1
PREVIEWED = SURPLUS + 1
D_VP = PREVIEWED + 1
D_GOLD = D_VP + 1
D_GNOME_VP = D_GOLD + 1
D_RIVAL_VP = D_GNOME_VP + 1
D_CONTROL = D_RIVAL_VP + 1
D_OCCUPIED = D_CONTROL + 1
D_JUDGES = D_OCCUPIED + 1
D_POINTS = D_JUDGES + 1
EFFECT_WIDTH = D_POINTS + 1

EFFECT_FAMILIES = (Family.SPACE, Family.TILE)  # consecutive in every layout
EFFECT_ACTIONS = NUM_SPACES + NUM_POSITIONS  # rows: SPACE then TILE
# ceilings above each value's largest
COST_SCALE = 10.0  # the dearest space costs 5 gold
MAX_SPARE = 2.0 * MAX_BEER  # gold and beer together, clipped
STRENGTH_SCALE = 40.0  # market strength on one tile, clipped
INCOME_SCALE = 10.0  # one choice changes an income by a few points at most
COUNT_SCALE = 4.0  # tiles controlled or occupied, change of one choice
POINTS_SCALE = 10.0  # judges' points or a bounty, change of one choice
BOARD_GOLD: dict[int, Callable[[RiseState, int], int]] = {
    BoardAction.BUILD_BREWERY: targets.build_cost, BoardAction.DRAGON_TRIBUTE: lambda s, p: TRIBUTE_COST,
    BoardAction.EMPLOY_THUGS: targets.thugs_cost, BoardAction.HIRE_BARD: targets.bard_cost,
    BoardAction.BREWERY_UPGRADE: targets.upgrade_cost, BoardAction.ORCTOBERFEST: lambda s, p: 0,
    BoardAction.TAVERN_SALES: lambda s, p: 0,
}
Change = Callable[[RiseState, int, int], None]  # (copy, seat, position): the choice's move


def _clip(value: float) -> float:
    return min(max(value, -0.999), 0.999)


# ============================================================================ brewer spaces
def _board_target(state: RiseState, seat: int, space: int) -> tuple[bool, int]:
    if space == BoardAction.BUILD_BREWERY:
        return targets.can_build(state, seat), 0
    if space == BoardAction.EMPLOY_THUGS:
        return targets.has_thugs_target(state), len(targets.thugs_targets(state))
    if space == BoardAction.HIRE_BARD:
        return targets.has_adjacent_target(state, seat), 0
    return True, 0


def _card_target(state: RiseState, seat: int, kind: int) -> tuple[bool, int]:
    gnomes = 0
    if kind == ActionKind.BEER_COMPETITION:
        gnomes = sum(1 for pos in targets.competition_targets(state, seat) if state.cubes_at(pos, state.n))
    return action_possible(state, seat, kind), gnomes


def _space_row(state: RiseState, seat: int, space: int, spare: int, row: np.ndarray) -> None:
    """The columns of a brewer on SPACE ``space``."""
    gold = state.gold[seat]
    if space < PLAYER_SPACE_BASE:
        row[BOARD_AT + space] = 1.0
        cost, pool = BOARD_GOLD[space](state, seat), gold
        found, gnomes = _board_target(state, seat, space)
    elif space < ALLY_SPACE_BASE:
        row[PLAYER_AT + space - PLAYER_SPACE_BASE] = 1.0
        cost, pool, found, gnomes = 0, gold, True, 0
    elif space < CARD_SPACE_BASE:
        ally = ALLIES[state.allies[seat][space - ALLY_SPACE_BASE]]
        row[ALLY_AT + ally.effect] = 1.0
        cost, pool = ally.cost_gold + ally.cost_beer, gold + state.beer[seat]
        found = ally.effect != AllyEffect.BUILD or targets.can_build(state, seat)
        gnomes = 0
    else:
        d, s = divmod(space - CARD_SPACE_BASE, MAX_CARD_SPACES)
        card = ACTION_CARDS[state.action_display[d]]
        row[CARD_AT + card.kind] = 1.0
        cost, pool = card_cost(state, seat, card.kind, card.costs[s]), spare
        found, gnomes = _card_target(state, seat, card.kind)
    row[COST] = cost / COST_SCALE
    row[AFFORDABLE] = float(cost <= pool)
    row[SPARE] = min(max(spare - cost, 0), MAX_SPARE - 1) / MAX_SPARE
    row[HAS_TARGET] = float(found)
    row[GNOME_TARGETS] = gnomes / NUM_POSITIONS


# ============================================================================ map choices
def _add(count: int) -> Change:
    def change(s: RiseState, seat: int, pos: int) -> None:
        s.add_cubes(seat, pos, count, reveal=False)
    return change


def _amount(state: RiseState) -> Change:
    return _add(state.pending.data[-1])


def _thugs(state: RiseState) -> Change:
    def change(s: RiseState, seat: int, pos: int) -> None:
        s.remove_cubes(s.n, pos, THUGS_REMOVE)
        s.add_cubes(seat, pos, THUGS_ADD, reveal=False)
    return change


def _competition(state: RiseState) -> Change:
    remove, add = state.pending.data

    def change(s: RiseState, seat: int, pos: int) -> None:
        left = remove
        for owner in (s.n, *range(s.n)):
            if owner != seat and left:
                left -= s.remove_cubes(owner, pos, left)
        s.add_cubes(seat, pos, add, reveal=False)
    return change


def _build(state: RiseState) -> Change:
    def change(s: RiseState, seat: int, pos: int) -> None:
        targets.execute_build(s, seat, pos, targets.best_build_source(s, seat, pos))
    return change


def _caravan(state: RiseState) -> Change:
    src = state.pending.data[0]
    return lambda s, seat, pos: s.move_cubes(seat, src, pos, 1, reveal=False)


def _move_source(state: RiseState) -> Change:
    dst, count = state.pending.data
    return lambda s, seat, pos: s.move_cubes(seat, pos, dst, count, reveal=False)


# the decisions whose tile choice moves pieces, and how (from the pending decision's data)
PREVIEWS: dict[int, Callable[[RiseState], Change]] = {
    DecisionKind.BUILD_TILE: _build, DecisionKind.THUGS_TILE: _thugs,
    DecisionKind.BARD_TILE: lambda s: _add(1), DecisionKind.CUBES_TILE: _amount,
    DecisionKind.DELIVERY_TILE: _amount, DecisionKind.FESTIVAL_TILE: _amount,
    DecisionKind.NO_CUBES_TILE: lambda s: _add(4), DecisionKind.COMPETITION_TILE: _competition,
    DecisionKind.CARAVAN_DEST: _caravan, DecisionKind.MOVE_SOURCE: _move_source,
}


def _presence(state: RiseState, seat: int, positions: tuple[int, ...]) -> tuple[int, int]:
    """Of ``positions``: tiles ``seat`` controls, tiles it occupies."""
    return (sum(1 for pos in positions if state.controller(pos) == seat),
            sum(1 for pos in positions if state.occupies(pos, seat)))


def _totals(state: RiseState, seat: int) -> tuple[int, ...]:
    """What the preview compares across the map: incomes, judges' points, points."""
    vp, gold = player_income(state, seat)
    rival = max((player_income(state, p)[0] for p in range(state.n) if p != seat), default=0)
    judges = sum(JUDGES[j].points(judge_count(state, seat, j)) for j in state.judges[seat])
    return vp, gold, gnome_income(state)[0], rival, judges, state.vp[seat]


TOTAL_COLUMNS = ((D_VP, INCOME_SCALE), (D_GOLD, INCOME_SCALE), (D_GNOME_VP, INCOME_SCALE),
                 (D_RIVAL_VP, INCOME_SCALE), (D_JUDGES, POINTS_SCALE), (D_POINTS, POINTS_SCALE))
PRESENCE_COLUMNS = ((D_CONTROL, COUNT_SCALE), (D_OCCUPIED, COUNT_SCALE))
Preview = tuple[Change, tuple[int, ...]]  # the choice's move, and the totals before it


def _tile_row(state: RiseState, seat: int, pos: int, preview: Preview | None, row: np.ndarray) -> None:
    """The columns of map position ``pos`` (with the preview of the choice when given)."""
    rival = max((state.strength(pos, p) for p in range(state.n) if p != seat), default=0)
    own = state.strength(pos, seat)
    row[TILE_FLAG] = 1.0
    row[OWN] = min(own, STRENGTH_SCALE - 1) / STRENGTH_SCALE
    row[RIVAL] = min(rival, STRENGTH_SCALE - 1) / STRENGTH_SCALE
    row[GNOMES] = min(state.strength(pos, state.n), STRENGTH_SCALE - 1) / STRENGTH_SCALE
    row[CONTROLLED] = float(state.controller(pos) == seat)
    row[SURPLUS] = min(targets.surplus(state, seat, pos), STRENGTH_SCALE - 1) / STRENGTH_SCALE
    if preview is None:
        return
    change, before = preview
    touched = (pos, *_moved_from(state, pos))
    trial = state.clone()
    change(trial, seat, pos)
    row[PREVIEWED] = 1.0
    for (column, scale), old, new in zip(TOTAL_COLUMNS, before, _totals(trial, seat)):
        row[column] = _clip((new - old) / scale)
    for (column, scale), old, new in zip(PRESENCE_COLUMNS, _presence(state, seat, touched),
                                         _presence(trial, seat, touched)):
        row[column] = _clip((new - old) / scale)


def _moved_from(state: RiseState, pos: int) -> tuple[int, ...]:
    """The other tile a preview on ``pos`` changes (a Caravan's source, a move's destination)."""
    kind = state.pending.kind
    if kind in (DecisionKind.CARAVAN_DEST, DecisionKind.MOVE_SOURCE):
        return (state.pending.data[0],)
    if kind == DecisionKind.BUILD_TILE:
        return tuple(p for p in targets.brewery_sources(state, state.pending.player, pos))
    return ()


# ============================================================================ the rows
def effect_rows(state: RiseState, seat: int) -> np.ndarray:
    """The (EFFECT_ACTIONS, EFFECT_WIDTH) rows of ``seat``'s view (zeros unless it chooses now)."""
    rows = np.zeros((EFFECT_ACTIONS, EFFECT_WIDTH), dtype=np.float32)
    decision = state.pending
    if decision is None or decision.player != seat:
        return rows
    layout = state.game.action_layout
    first = layout.space_base
    last_turn = float(state.turn >= NUM_TURNS)
    spare = state.beer[seat] + state.gold[seat] - promised_beer(state, seat)
    make_change = PREVIEWS.get(decision.kind)
    preview = (make_change(state), _totals(state, seat)) if make_change is not None else None
    for action in decision.legal:
        index = action - first
        if not 0 <= index < EFFECT_ACTIONS:
            continue
        row = rows[index]
        row[LAST_TURN] = last_turn
        if index < NUM_SPACES:
            _space_row(state, seat, index, spare, row)
        else:
            _tile_row(state, seat, index - NUM_SPACES, preview, row)
    return rows


__all__ = ["EFFECT_ACTIONS", "EFFECT_WIDTH", "PREVIEWS", "effect_rows"]
