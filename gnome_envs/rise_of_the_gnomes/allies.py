"""Phase 1, Allies Card Drafting, and what allies cards do (R6, R7.12).

A drafted card pays its victory points and one-time reward at once; an ability or upgrade card
adds its rule for good; an action card adds a private brewer space (one brewer per turn).
"""

from __future__ import annotations

from gnome_envs.rise_of_the_gnomes import board, markets, targets
from gnome_envs.rise_of_the_gnomes.actions import LAYOUTS
from gnome_envs.rise_of_the_gnomes.cards import ALLIES, AllyEffect
from gnome_envs.rise_of_the_gnomes.components import MAX_ALLIES, NUM_UPGRADES
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

NUDGE_STEPS = 1


@task(Task.ALLY_PICK)
def _ally_pick_task(state: RiseState, p: int) -> None:
    offer(state, DecisionKind.ALLY_PICK, p)


def _pick_options(state: RiseState, p: int, data: tuple) -> list[int]:
    layout = LAYOUTS[state.n]
    return [layout.slot(i) for i in range(len(state.ally_row))]


def _pick(state: RiseState, d: Decision, action: int) -> None:
    """R6.2: take the card, collect its points and reward."""
    p = d.player
    ally_id = state.ally_row.pop(LAYOUTS[state.n].args[action])
    state.allies[p].append(ally_id)
    state.touch_cards()
    state.touch_player_static(p)
    gain_ally(state, p, ally_id)


decision_rule(DecisionKind.ALLY_PICK, _pick_options, _pick)


def gain_ally(state: RiseState, p: int, ally_id: int) -> None:
    """Seat ``p`` collects what allies card ``ally_id`` gives on drafting."""
    ally = ALLIES[ally_id]
    state.gain_vp(p, ally.vp)
    state.gain_gold(p, ally.gold)
    state.gain_beer(p, ally.beer)
    state.prod_bonus[p] += ally.production
    if ally.ability is not None:
        state.add_ability(p, ally.ability)
    state.touch_player(p)
    if ally.has_space:
        return
    effect = ally.effect
    if effect == AllyEffect.UPGRADE_TOKEN:
        if state.upgrade_supply > 0 and state.upgrades[p] != (1 << NUM_UPGRADES) - 1:
            state.upgrade_supply -= 1
            offer(state, DecisionKind.UPGRADE_SLOT, p)
    elif effect == AllyEffect.CUBES:
        offer(state, DecisionKind.CUBES_TILE, p, (ally.amount,))
    elif effect == AllyEffect.BOAT:
        offer(state, DecisionKind.BOAT_TILE, p, (0,))
    elif effect == AllyEffect.REVEAL:
        offer(state, DecisionKind.REVEAL_TILE, p)


# ============================================================================ private spaces (R7.12)
SPACE_EFFECT = tuple(ally.effect if ally.has_space else None for ally in ALLIES)  # per ally id
FREE_EFFECTS = frozenset({AllyEffect.GAIN_GOLD, AllyEffect.GAIN_BEER})


def ally_space_possible(state: RiseState, p: int, slot: int) -> bool:
    """Whether ``p`` may put a brewer on the space of its ``slot``-th allies card now."""
    ally_id = state.allies[p][slot]
    effect = SPACE_EFFECT[ally_id]
    if effect is None or state.ally_spaces[p * MAX_ALLIES + slot]:
        return False
    if effect in FREE_EFFECTS:
        return True
    if effect == AllyEffect.SCOUT:
        return markets.board_cubes(state, p) > 0 and targets.has_adjacent_target(state, p)
    if effect == AllyEffect.DRAGON_NUDGE:
        return targets.dragon_can_move(state)
    if effect == AllyEffect.CUBES:
        return markets.board_cubes(state, p) > 0 and bool(targets.occupied_sources(state, p))
    if effect == AllyEffect.BUILD:
        return state.gold[p] >= ALLIES[ally_id].cost_gold and targets.can_build(state, p)
    if effect == AllyEffect.BOAT:
        return targets.has_boat_target(state, p)
    return targets.can_pay_beer(state, p, ALLIES[ally_id].cost_beer)  # BEER_FOR_VP


def use_ally_space(state: RiseState, p: int, slot: int) -> None:
    """Carry out the private space of ``p``'s ``slot``-th allies card."""
    from gnome_envs.rise_of_the_gnomes.cardphase import PUBLICAN_PURPOSE

    state.ally_spaces[p * MAX_ALLIES + slot] = 1
    state.touch_player_spaces(p)
    ally = ALLIES[state.allies[p][slot]]
    effect = ally.effect
    if effect == AllyEffect.GAIN_GOLD:
        state.gain_gold(p, ally.amount)
    elif effect == AllyEffect.GAIN_BEER:
        state.gain_beer(p, ally.amount)
    elif effect == AllyEffect.SCOUT:
        offer(state, DecisionKind.BARD_TILE, p)
    elif effect == AllyEffect.DRAGON_NUDGE:
        offer(state, DecisionKind.TRIBUTE_STEP, p, (state.dragon, 0, NUDGE_STEPS))
    elif effect == AllyEffect.CUBES:
        offer(state, DecisionKind.CUBES_TILE, p, (ally.amount,))
    elif effect == AllyEffect.BUILD:
        state.pay(p, ally.cost_gold)
        offer(state, DecisionKind.BUILD_TILE, p)
    elif effect == AllyEffect.BOAT:
        offer(state, DecisionKind.BOAT_TILE, p, (0,))
    else:
        offer(state, DecisionKind.PAY_ACTION, p, (PUBLICAN_PURPOSE, ally.cost_beer, ally.amount))
    state.touch_player(p)


def _cubes_options(state: RiseState, p: int, data: tuple) -> list[int]:
    if markets.board_cubes(state, p) <= 0:
        return []
    base = LAYOUTS[state.n].tile_base
    return [base + pos for pos in targets.occupied_targets(state, p)]


def _cubes(state: RiseState, d: Decision, action: int) -> None:
    markets.add_cubes(state, d.player, LAYOUTS[state.n].args[action], d.data[0])


def _reveal_options(state: RiseState, p: int, data: tuple) -> list[int]:
    base = LAYOUTS[state.n].tile_base
    return [base + pos for pos in targets.hidden_tiles(state)]


def _reveal(state: RiseState, d: Decision, action: int) -> None:
    board.reveal(state, LAYOUTS[state.n].args[action])


decision_rule(DecisionKind.CUBES_TILE, _cubes_options, _cubes)
decision_rule(DecisionKind.REVEAL_TILE, _reveal_options, _reveal)
__all__ = ["Task", "ally_space_possible", "gain_ally", "push", "use_ally_space"]
