"""Scripted Gnome Village opponent: a readable priority list per decision.

Priorities, in plain words:

* build: place a gnome whenever possible; build a house when no dark house is left; buy the
  workshop type the village lacks (school, then painter/carpenter, then gardener); buy a
  business whenever a coin and two free building cells allow (it costs one coin and brings
  income, restaurant and hat points and an action: ranked above a second workshop of a type);
  a road when growth is cramped;
* pay with an active workshop, then a product, coins last;
* place tiles where they leave the most room for future buildings, near the centre;
* move gnomes onto inactive workshops first (school, painter, carpenter, gardener), then onto
  the business worth most (income, icons, what its action brings) not used last turn;
* take every business action, aimed at the leading opponent (richest for Thief and Courier);
  the leader is judged by points less the extra turn the seats before the turn player have
  had this round; the Architect is declined; the Construction Site is always taken;
* forest choices: activate school > painter > carpenter > gardener; remove the leader's
  most valuable business; an angry gnome leaves the least useful tile.

It reads only public information (the state it is given is a determinization).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from agents import register_scripted
from agents.base import best_first
from gnome_envs.gnome_village.actions import (
    LAYOUTS,
    Family,
    SetupPiece,
    SourceKind,
    WorkAction,
)
from gnome_envs.gnome_village.components import (
    BUSINESS_TILES,
    CENTER_CELL,
    CODE_HOUSE_OFF,
    CODE_INFO,
    CODE_KIND,
    CODE_SUB,
    GRID_SIZE,
    BusinessAction,
    BusinessIcon,
    TileKind,
    WorkshopType,
    business_code,
)
from gnome_envs.gnome_village.pending import DecisionKind
from gnome_envs.gnome_village.state import GnomeVillageState

WORKSHOP_PRIORITY = {WorkshopType.SCHOOL: 4, WorkshopType.PAINTER: 3, WorkshopType.CARPENTER: 2,
                     WorkshopType.GARDENER: 1}
ICON_BONUS = {BusinessIcon.NONE: 0, BusinessIcon.RESTAURANT: 2, BusinessIcon.HAT: 1}
A = BusinessAction
# coins (points) a business action brings its user, roughly: what makes a tile worth a visit
ACTION_VALUE = {A.POLICE: 1.5, A.CHAPEL: 0.5, A.THEATER: 1.5, A.COURIER: 1.5, A.MILITARY: 0.5,
                A.THIEF: 1.5, A.FINANCIAL_ADVISOR: 0.5, A.ARCHITECT: 0.0, A.DOCTOR: 0.5,
                A.AIRPORT: 1.0, A.GOLDSMITH: 0.0, A.CONSTRUCTION_SITE: 1.0, A.PRISON: 1.0,
                A.SWIMMING_POOL: 1.0}
RESERVE_COINS = 0  # coins kept back before buying a business
BUSINESS_BASE = 55  # a business (1 coin) ranks above a second workshop of a type (O41)
TEMPO_POINTS = 3.5  # a seat's lead from one extra turn (chosen by seat balance, O41)
CRAMPED = 2  # fewer free building cells than this makes a road worth buying
Score = Callable[[GnomeVillageState, int, int], float]


def _distance_to_centre(cell: int) -> int:
    r, c = divmod(cell, GRID_SIZE)
    cr, cc = divmod(CENTER_CELL, GRID_SIZE)
    return abs(r - cr) + abs(c - cc)


def _standing(state: GnomeVillageState, other: int) -> float:
    """Points of ``other``, less the points of the extra turn it has had this round (seats
    before the turn player have played one turn more)."""
    ahead = other < state.turn_player
    return state.score_of(other) - TEMPO_POINTS * ahead


def _leader(state: GnomeVillageState, seat: int) -> int:
    n = state.game.num_players
    others = [(seat + k) % n for k in range(1, n)]
    return max(others, key=lambda o: (_standing(state, o), -o))


def _workshop_value(state: GnomeVillageState, seat: int, kind: int) -> float:
    have = len(state.workshop_cells(seat, kind))
    return WORKSHOP_PRIORITY[WorkshopType(kind)] - 2 * have


def _tile_value(code: int) -> float:
    info = CODE_INFO[code]
    if info.kind == TileKind.WORKSHOP:
        return WORKSHOP_PRIORITY[WorkshopType(info.sub)] + (0 if info.flag else 5)
    if info.kind == TileKind.BUSINESS:
        tile = BUSINESS_TILES[info.sub]
        return tile.earn + ICON_BONUS[tile.icon] + ACTION_VALUE[tile.action]
    return 0.0


def _score_work_buy(state: GnomeVillageState, seat: int, action: int) -> float:
    d = LAYOUTS[state.game.num_players].decode(action)
    coins = state.coins[seat]
    if d.family == Family.WORK:
        work = WorkAction(d.arg)
        if work == WorkAction.GNOME:
            return 100
        if work == WorkAction.HOUSE:
            return 90 if CODE_HOUSE_OFF not in state.grid[seat] else 20
        return 30 if len(state.placement_cells(seat)[1]) < CRAMPED else -1
    if d.family == Family.BUY_WORKSHOP:
        return 50 + 5 * _workshop_value(state, seat, d.arg)
    if d.family == Family.BUY_BUSINESS:
        if coins <= RESERVE_COINS or len(state.placement_cells(seat)[1]) < CRAMPED:
            return -1
        return BUSINESS_BASE + _tile_value(business_code(state.display[d.arg]))
    return 0  # PASS


def _score_place(state: GnomeVillageState, seat: int, action: int) -> float:
    from gnome_envs.gnome_village import village
    from gnome_envs.gnome_village.components import road_code

    d = LAYOUTS[state.game.num_players].decode(action)
    code = state.hand if state.hand else state.grid[seat][state.pending.data[0]]
    if CODE_KIND[code] == TileKind.ROAD:
        code = road_code(CODE_SUB[code], d.arg2)
    trial = state.grid[seat][:]
    trial[d.arg] = code
    room = len(village.placement_cells(trial)[1])
    return room - 0.1 * _distance_to_centre(d.arg)


def _score_cell_choice(state: GnomeVillageState, seat: int, action: int) -> float:
    d = LAYOUTS[state.game.num_players].decode(action)
    kind = state.pending.kind
    if d.family == Family.PASS:
        return -1 if kind != DecisionKind.ARCHITECT_PICK else 1
    if d.family == Family.SOURCE:
        return 2 if d.arg == SourceKind.PRODUCT else 1
    if d.family != Family.CELL:
        return 0
    code = state.grid[seat][d.arg]
    if kind == DecisionKind.SOURCE:
        return 3
    if kind in (DecisionKind.ACTIVATE, DecisionKind.DOCTOR_WORKSHOP, DecisionKind.SWIMMING_POOL,
                DecisionKind.COURIER_WORKSHOP):
        return WORKSHOP_PRIORITY[WorkshopType(CODE_SUB[code])]
    if kind == DecisionKind.ANGRY:
        return -_tile_value(code)
    if kind == DecisionKind.MOVE_SELECT:
        return 10 - _tile_value(code)
    if kind == DecisionKind.MOVE_DEST:
        used = CODE_KIND[code] == TileKind.BUSINESS and CODE_SUB[code] in state.used_last[seat]
        return _tile_value(code) - (10 if used else 0)
    if kind == DecisionKind.ARCHITECT_PICK:
        return 0
    return -d.arg  # lowest cell first (setup lights, new gnome house)


def _score_opponent_choice(state: GnomeVillageState, seat: int, action: int) -> float:
    d = LAYOUTS[state.game.num_players].decode(action)
    n = state.game.num_players
    if d.family == Family.PASS:
        return -1000
    if d.family == Family.AMOUNT:
        return d.arg
    other = (seat + d.arg) % n
    if d.family == Family.OPPONENT:
        if state.pending.kind == DecisionKind.DOCTOR_RECEIVER:
            return -state.score_of(other)
        return state.coins[other]
    lead = 100 if other == _leader(state, seat) else 0
    return lead + _tile_value(state.grid[other][d.arg2])


def _score_setup(state: GnomeVillageState, seat: int, action: int) -> float:
    piece = SetupPiece(LAYOUTS[state.game.num_players].decode(action).arg)
    return {SetupPiece.FOUR_WAY: 3, SetupPiece.T_JUNCTION: 2, SetupPiece.HOUSE: 1}[piece]


def _score_construction(state: GnomeVillageState, seat: int, action: int) -> float:
    """Always take the Construction Site's free business."""
    return 0 if action == LAYOUTS[state.game.num_players].pass_() else 1


SCORERS: dict[int, Score] = {
    DecisionKind.SETUP_PICK: _score_setup,
    DecisionKind.PLACE_TILE: _score_place,
    DecisionKind.ARCHITECT_PLACE: _score_place,
    DecisionKind.WORK_BUY: _score_work_buy,
    DecisionKind.REMOVAL: _score_opponent_choice,
    DecisionKind.CHAPEL: _score_opponent_choice,
    DecisionKind.PRISON: _score_opponent_choice,
    DecisionKind.AIRPORT: _score_opponent_choice,
    DecisionKind.THIEF_TARGET: _score_opponent_choice,
    DecisionKind.THIEF_AMOUNT: _score_opponent_choice,
    DecisionKind.COURIER_BUYER: _score_opponent_choice,
    DecisionKind.DOCTOR_RECEIVER: _score_opponent_choice,
    DecisionKind.CONSTRUCTION_SITE: _score_construction,
}


class GnomeVillageScripted:
    """Priority-list opponent for gnome_village_v1 (see the module docstring)."""

    name = "scripted"
    needs_state = True

    def act(self, state: GnomeVillageState, seat: int, rng: np.random.Generator) -> int:
        """The highest-priority legal action (ties broken by the lowest index)."""
        legal, scores = _scored(state, seat)
        return legal[int(np.argmax(scores))]

    def ranked(self, state: GnomeVillageState, seat: int) -> list[int]:
        """Legal actions, best first by the priority scores (ties: the lower index first)."""
        return best_first(*_scored(state, seat))


def _scored(state: GnomeVillageState, seat: int) -> tuple[list[int], list[float]]:
    """The legal actions and the priority score of each."""
    legal = state.legal_actions()
    scorer = SCORERS.get(state.pending.kind, _score_cell_choice)
    return legal, [scorer(state, seat, a) for a in legal]


register_scripted("gnome_village_v1", GnomeVillageScripted)

__all__ = ["BusinessAction", "GnomeVillageScripted"]
