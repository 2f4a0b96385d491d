"""Brewer placement of the scripted Rise of the Gnomes player (``rise_of_the_gnomes_scripted``):
a fixed priority per board action, player space, ally and action card space, adjusted to the
gold and beer at hand, the beer already promised to card spaces and the turn; and how much a
dragon rampage on a tile would please a seat."""

from __future__ import annotations

from gnome_envs.rise_of_the_gnomes import board, targets
from gnome_envs.rise_of_the_gnomes.actions import ALLY_SPACE_BASE, CARD_SPACE_BASE, LAYOUTS, PLAYER_SPACE_BASE
from gnome_envs.rise_of_the_gnomes.cardphase import card_cost, promised_beer
from gnome_envs.rise_of_the_gnomes.cards import (
    ACTION_CARDS,
    ALLIES,
    MAX_CARD_SPACES,
    OPEN_CARD_SPACES,
    ActionKind,
    AllyEffect,
)
from gnome_envs.rise_of_the_gnomes.components import DRAGON_FILL, NUM_TURNS, BoardAction, PlayerSpace
from gnome_envs.rise_of_the_gnomes.state import RiseState

BREWERY_STAKE = 3.0
ORCTOBERFEST_HOARD = 12
LOW_BEER = 6
CARD_BEER_RESERVE = 4  # brew when fewer than this many beer (and gold) are free for cards


def dragon_harm(state: RiseState, seat: int, pos: int) -> float:
    """How much a rampage on ``pos`` would please ``seat`` (Gnome and rival losses, own losses)."""
    fill = DRAGON_FILL[max(state.turn, 1) - 1]
    score = 0.0
    for owner in range(state.owners):
        cubes = min(state.cubes_at(pos, owner), fill)
        brews = min(state.brews_at(pos, owner), 1) * BREWERY_STAKE
        weight = -1.5 if owner == seat else (1.0 if owner == state.n else 0.5)
        score += weight * (cubes + brews)
    return score



CARD_PRIORITY = {ActionKind.EXPAND: 85, ActionKind.BARREL_DELIVERY: 70, ActionKind.BREW_FESTIVAL: 66,
                 ActionKind.BEER_COMPETITION: 58, ActionKind.CARAVAN: 25}


def _card_space_score(state: RiseState, seat: int, index: int) -> float:
    """A claim of action card space ``index``: its card's priority less its cost; -1 if unaffordable."""
    d, s = divmod(index, MAX_CARD_SPACES)
    card = ACTION_CARDS[state.action_display[d]]
    cost = card_cost(state, seat, card.kind, card.costs[s])
    spare = state.beer[seat] + state.gold[seat] - promised_beer(state, seat)
    if cost > spare:
        return -1.0
    if card.kind == ActionKind.EXPAND and not targets.can_build(state, seat):
        return 20.0 - cost
    if card.kind == ActionKind.BEER_COMPETITION and not any(
            state.cubes_at(pos, state.n) for pos in targets.competition_targets(state, seat)):
        return 15.0 - cost
    return CARD_PRIORITY[card.kind] - 4 * cost


def _board_space_score(state: RiseState, seat: int, space: int) -> float:
    """A brewer on board action ``space``, by a fixed priority adjusted to gold, beer and the turn."""
    gold = state.gold[seat]
    if space == BoardAction.BUILD_BREWERY:
        return 100.0
    if space == BoardAction.EMPLOY_THUGS:
        return 72.0
    if space == BoardAction.HIRE_BARD:
        return 48.0
    if space == BoardAction.BREWERY_UPGRADE:
        return 55.0 if gold >= targets.upgrade_cost(state, seat) + 2 else 12.0
    if space == BoardAction.ORCTOBERFEST:
        return 80.0 if state.turn >= NUM_TURNS else (20.0 if gold >= ORCTOBERFEST_HOARD else -1.0)
    if space == BoardAction.TAVERN_SALES:
        return 42.0 if gold < 3 and state.beer[seat] >= LOW_BEER else 5.0
    best = max((dragon_harm(state, seat, pos) for pos in board.dragon_neighbors(state, state.dragon)), default=0)
    return 30.0 + best if best >= 4 else 2.0  # Dragon Tribute


def _open_card_spaces(state: RiseState) -> list[int]:
    """Unclaimed action card spaces of the cubes and Expand actions."""
    out = []
    usable = OPEN_CARD_SPACES[state.n == 1]
    for d, card_id in enumerate(state.action_display):
        card = ACTION_CARDS[card_id]
        if card.kind in (ActionKind.EXPAND, ActionKind.BARREL_DELIVERY, ActionKind.BREW_FESTIVAL):
            out += [d * MAX_CARD_SPACES + s for s in usable[card_id]
                    if state.card_spaces[d * MAX_CARD_SPACES + s] < 0]
    return out


def _brew_beer_score(state: RiseState, seat: int) -> float:
    """Brew when short of beer for the good action card spaces still open."""
    spare = state.beer[seat] + state.gold[seat] - promised_beer(state, seat)
    if spare < CARD_BEER_RESERVE and _open_card_spaces(state) and state.brewers[seat] > 1:
        return 80.0
    return 36.0 if state.beer[seat] < LOW_BEER else 4.0


ALLY_SPACE_PRIORITY = {AllyEffect.BUILD: 95, AllyEffect.CUBES: 60, AllyEffect.SCOUT: 50, AllyEffect.GAIN_GOLD: 40,
                       AllyEffect.GAIN_BEER: 38, AllyEffect.BOAT: 30, AllyEffect.BEER_FOR_VP: 35,
                       AllyEffect.DRAGON_NUDGE: 20}


def score_place(state: RiseState, seat: int, action: int) -> float:
    """The priority of placing a brewer by ``action`` (board, player, ally or action card space)."""
    space = LAYOUTS[state.n].args[action]
    if space < PLAYER_SPACE_BASE:
        return _board_space_score(state, seat, space)
    if space < ALLY_SPACE_BASE:
        s = space - PLAYER_SPACE_BASE
        if s == PlayerSpace.BREW_BEER:
            return _brew_beer_score(state, seat)
        return 45.0 if s == PlayerSpace.HOPS_GLEN else 33.0
    if space < CARD_SPACE_BASE:
        ally = ALLIES[state.allies[seat][space - ALLY_SPACE_BASE]]
        return float(ALLY_SPACE_PRIORITY[ally.effect])
    return _card_space_score(state, seat, space - CARD_SPACE_BASE)


__all__ = ["BREWERY_STAKE", "ORCTOBERFEST_HOARD", "dragon_harm", "score_place"]
