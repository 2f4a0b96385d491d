"""The scripted Dwar7s Fall opponent's choices in The Empires (used by ``dwarfs_fall_scripted``).

In plain words: it buys a class when the gems are there and the class is worth more than the
gems it pays (free-placing and shielding classes first), places a free-placing class meeple
before a plain one, uses the warrior and the ogre king on enemy meeples that block its tasks,
uses its race's free action when it gains VP (pawnbroker, a gold frozen into a diamond) or all
the gems a trading goal or the elves' dragon still needs (monster scales), and picks the gems a
goal needs, then the most VP. Elves saving for their dragon buy no alchemist.
It skips tasks its race cannot do (crystal dwarfs on another castle) and inns a wolf shuts.
"""

from __future__ import annotations

from agents.dwarfs_fall_elves import saves_for_dragon, scales_pick_bonus, scales_value
from agents.dwarfs_fall_secrets import adventure_class_bonus, adventure_meeple_bonus
from gnome_envs.dwarfs_fall.actions import Decoded, Family
from gnome_envs.dwarfs_fall.board import INNS
from gnome_envs.dwarfs_fall.components import GEM_VP, Gem
from gnome_envs.dwarfs_fall.empires import may_complete, piece_cell
from gnome_envs.dwarfs_fall.pending import DecisionKind
from gnome_envs.dwarfs_fall.races import (
    CLASSES,
    FREE_PLACING,
    RACE_POWER,
    SHIELDS,
    Ability,
    Class,
    Power,
    class_cost,
)
from gnome_envs.dwarfs_fall.state import DwarfsFallState

EMPIRE_FAMILIES = (Family.CLASS, Family.MEEPLE, Family.ABILITY, Family.POWER, Family.GEM)
CLASS_BONUS = 1.0  # a class meeple is worth a little more than its VP (its ability)
FREE_BONUS = 1.0  # free placing saves an action
GEM_SPEND_WEIGHT = 0.5  # gems paid for a class count half (they were going to be spent anyway)
BLOCKER_VALUE = 2.0  # pushing or sending home an enemy meeple on a card it works
NEEDED_GEM_BONUS = 2.0


def empire_task_works(state: DwarfsFallState, seat: int, cell: int) -> bool:
    """Whether the task on ``cell`` yields anything for ``seat`` (suspicious, the wolf)."""
    if not may_complete(state, cell, seat):
        return False
    return not (state.kind_at(cell) in INNS and state.region_at(cell).wolf)


def _class_value(state: DwarfsFallState, seat: int, cls: int) -> float:
    cost = class_cost(state.game.races[seat], cls)
    paid = sum(k * v for k, v in zip(cost, GEM_VP))
    adventure = adventure_class_bonus(state, seat)
    if cls == Class.ALCHEMIST and saves_for_dragon(state, seat) and not adventure:
        return -1.0  # the elves' emerald goes to their dragon first
    value = CLASSES[cls].vp + CLASS_BONUS + FREE_BONUS * FREE_PLACING[cls] + SHIELDS[cls]
    return value - GEM_SPEND_WEIGHT * paid + adventure


def _blocking_enemy(state: DwarfsFallState, seat: int, cls: int) -> float:
    cell = piece_cell(state, seat, cls)
    if cell < 0:
        return -1.0
    short = state.required_at(cell, seat) - state.dwarfs_of(seat, cell)
    return BLOCKER_VALUE if short > 0 and state.crowd[cell] >= state.dwarfs_of(seat, cell) else -1.0


def empire_action_score(state: DwarfsFallState, seat: int, d: Decoded, needed: list[int]) -> float:
    """Score of a CLASS, ABILITY or POWER action of the action phase."""
    if d.family == Family.CLASS:
        return _class_value(state, seat, d.arg)
    if d.family == Family.ABILITY:
        if d.arg == Ability.WARRIOR_PUSH:
            return _blocking_enemy(state, seat, Class.WARRIOR)
        if d.arg == Ability.OGRE_KING_DISCARD:
            return _blocking_enemy(state, seat, Class.OGRE_KING)
        return 0.5 if any(needed) else -1.0  # alchemy towards the goal it works on
    power = RACE_POWER.get(state.game.races[seat])
    if power == Power.MONSTER_SCALES:
        return scales_value(state, seat, needed)
    if power == Power.FROZEN_HEART:
        return 1.0 if state.gems.count(seat, Gem.GOLD) or needed[Gem.DIAMOND] else -1.0
    return 3.0  # the pawnbroker turns pouches (worth nothing) into gems


def _gem_score(state: DwarfsFallState, seat: int, gem: int, needed: list[int]) -> float:
    kind = state.pending.kind
    gain = GEM_VP[gem] + NEEDED_GEM_BONUS * (needed[gem] > 0)
    if kind in (DecisionKind.ALCHEMY_GIVE, DecisionKind.FROZEN_GEM):
        return -gain  # give up what is worth least
    power, budget = state.pending.data[:2] if kind == DecisionKind.POWER_GEM else (-1, 0)
    if power == Power.MONSTER_SCALES:
        gain += scales_pick_bonus(state, seat, gem, needed, budget)
    return gain


def empire_choice_score(state: DwarfsFallState, seat: int, d: Decoded, needed: list[int]) -> float:
    """Score of a MEEPLE or GEM answer (END when picking gems stops)."""
    if d.family == Family.MEEPLE:
        piece = d.arg - 1
        data = state.pending.data
        if data[0] == 0:  # placing: free-placing classes first (Adventurers: a new type on a monster)
            bonus = adventure_meeple_bonus(state, seat, data[1], piece)
            return bonus + (1.0 if piece >= 0 and FREE_PLACING[piece] else 0.5 if piece < 0 else 0.0)
        bonus = (adventure_meeple_bonus(state, seat, data[3], piece)
                 - adventure_meeple_bonus(state, seat, data[1], piece))
        return bonus + (0.5 if piece < 0 else 0.0)  # moving: keep class meeples where they are
    if d.family == Family.END:
        return 0.0
    return _gem_score(state, seat, d.arg, needed)


__all__ = ["EMPIRE_FAMILIES", "empire_action_score", "empire_choice_score", "empire_task_works"]
