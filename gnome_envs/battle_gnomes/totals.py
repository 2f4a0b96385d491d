"""R7.5 Battle totals: what each side of a battle adds up to right now.

A side's total is the sum over its battling gnomes of base strength, gnome ability, weapon and
defence, plus its household's yard items, plus the bonuses of the cards, items and functions
that took effect for it, minus the thrown items that hit it. Each number below comes from
the card texts in ``components``.
"""

from __future__ import annotations

from gnome_envs.battle_gnomes.components import (
    BIRD_BATH_DEFEND_BONUS,
    BOULDER_PENALTY,
    BRAMBLE_ATTACK_BONUS,
    CARD_VALUE,
    COMPOST_BASE_GNOMES,
    DOODLE_BONUS,
    GNOME_STRENGTH,
    GUS_YARD_BONUS,
    HOME_TURF_FACTOR,
    PEP_TALK_FACTOR,
    SCARECROW_ATTACK_VALUE,
    SHEARS_ATTACK_BONUS,
    SHOVEL_DEFEND_BONUS,
    SNICKERS_THROW_BONUS,
    SPRINKLES_DEFEND_BONUS,
    STONE_WALL_ATTACK_VALUE,
    TINKER_WEAPON_BONUS,
    TWINKLE_ALONE_BONUS,
    UMBRELLA_REDUCTION,
    Card,
    G,
)
from gnome_envs.battle_gnomes.state import BattleGnomesState

ATTACKER, DEFENDER = 0, 1
# the gnomes and cards named below as plain ints: in Python 3.11 reading an IntEnum member
# costs about twenty times a global, and the totals are read on every observation of a battle
(SIR_SPRINKLES, BRAMBLE, TINKER, THISTLE, GUS, RUSTY, MARIGOLD, SNICKERS, BOULDER, TWINKLE, CAPTAIN_CLOVER,
 DOODLE, HECTOR, SAGE) = map(int, (G.SIR_SPRINKLES, G.BRAMBLE, G.TINKER, G.THISTLE, G.GUS, G.RUSTY, G.MARIGOLD,
                                   G.SNICKERS, G.BOULDER, G.TWINKLE, G.CAPTAIN_CLOVER, G.DOODLE, G.HECTOR, G.SAGE))
(SHOVEL, GARDEN_SHEARS, SLINGSHOT, UMBRELLA, BIRD_BATH, STONE_WALL, SCARECROW, COMPOST_HEAP) = map(int, (
    Card.SHOVEL, Card.GARDEN_SHEARS, Card.SLINGSHOT, Card.UMBRELLA, Card.BIRD_BATH, Card.STONE_WALL, Card.SCARECROW,
    Card.COMPOST_HEAP))
ABILITY_GNOMES = frozenset({SIR_SPRINKLES, BRAMBLE, BOULDER, TWINKLE, CAPTAIN_CLOVER, DOODLE, MARIGOLD, SAGE})


def weapon_value(state: BattleGnomesState, gnome: int, side: int, thrown_by_household: int) -> int:
    """What ``gnome``'s weapon adds in this battle."""
    design = state.weapon[gnome]
    if design < 0 or gnome == HECTOR or state.b_null_w >> gnome & 1:
        return 0
    value = CARD_VALUE[design]
    if design == SHOVEL and side == DEFENDER:
        value += SHOVEL_DEFEND_BONUS
    elif design == GARDEN_SHEARS and side == ATTACKER:
        value += SHEARS_ATTACK_BONUS
    elif design == SLINGSHOT:
        value += thrown_by_household
    if gnome == TINKER:
        value += TINKER_WEAPON_BONUS
    return value


def defence_value(state: BattleGnomesState, gnome: int) -> int:
    """What ``gnome``'s defence adds in this battle."""
    design = state.defence[gnome]
    if design < 0 or gnome == RUSTY or state.b_null_d >> gnome & 1:
        return 0
    return CARD_VALUE[design]


def ability_value(state: BattleGnomesState, gnome: int, side: int) -> int:
    """What ``gnome``'s own text adds while it battles on ``side``."""
    if gnome not in ABILITY_GNOMES:
        return 0
    battlers = state.b_sides[side]
    if gnome == SIR_SPRINKLES:
        return SPRINKLES_DEFEND_BONUS if side == DEFENDER else 0
    if gnome == BRAMBLE:
        return BRAMBLE_ATTACK_BONUS if side == ATTACKER else 0
    if gnome == BOULDER:
        return -BOULDER_PENALTY if len(battlers) > 1 else 0
    if gnome == TWINKLE:
        return TWINKLE_ALONE_BONUS if len(battlers) == 1 else 0
    if gnome == CAPTAIN_CLOVER:
        return len(state.households[state.side_seat(side)]) - len(battlers)
    if gnome == DOODLE:
        return DOODLE_BONUS if state.weapon[gnome] < 0 and state.defence[gnome] < 0 else 0
    if gnome == MARIGOLD:
        return sum(state.defence[g] >= 0 for g in battlers)
    if gnome == SAGE:
        return state.b_actions[side]
    return 0


def battler_values(state: BattleGnomesState, side: int, thrown_by_household: int) -> list[int]:
    """Base strength (doubled by a Pep Talk), ability, weapon and defence of each battling gnome
    of ``side``, in order (``thrown_by_household``: items its household threw, for Slingshots)."""
    weapon, defence, pep = state.weapon, state.defence, state.b_pep
    values = []
    for gnome in state.b_sides[side]:
        value = GNOME_STRENGTH[gnome]
        if pep >> gnome & 1:
            value *= PEP_TALK_FACTOR
        # each part below is 0 when its test fails: the calls are skipped then (the totals are
        # read on every observation of a battle)
        if gnome in ABILITY_GNOMES:
            value += ability_value(state, gnome, side)
        if weapon[gnome] >= 0:
            value += weapon_value(state, gnome, side, thrown_by_household)
        if defence[gnome] >= 0:
            value += defence_value(state, gnome)
        values.append(value)
    return values


def _yard_values(side: int) -> tuple[int, ...]:
    """Per design, what one yard item adds for ``side`` (a Compost Heap: without its gnomes)."""
    values = list(CARD_VALUE)
    if side == DEFENDER:
        values[BIRD_BATH] += BIRD_BATH_DEFEND_BONUS
    else:
        values[STONE_WALL] = STONE_WALL_ATTACK_VALUE
        values[SCARECROW] = SCARECROW_ATTACK_VALUE
    return tuple(values)


YARD_VALUES = (_yard_values(ATTACKER), _yard_values(DEFENDER))  # by side, then design


def yard_value(state: BattleGnomesState, side: int) -> int:
    """The household's yard items for this side (Gus, Home Turf and Sneak Attack included)."""
    if side == DEFENDER and state.b_sneak:
        return 0
    seat = state.side_seat(side)
    items = state.yard[seat]
    values = YARD_VALUES[side]
    total = 0
    for design in items:
        total += values[design]
        if design == COMPOST_HEAP:  # each heap adds the gnomes beyond the base
            total += max(0, len(state.households[seat]) - COMPOST_BASE_GNOMES)
    if GUS in state.b_sides[side]:
        total += GUS_YARD_BONUS * len(items)
    if state.b_home >> side & 1:
        total *= HOME_TURF_FACTOR
    return total


def thrown_penalty(state: BattleGnomesState, side: int) -> int:
    """What the thrown items aimed at ``side`` take away (Thistle, Umbrellas, Snickers, Hose)."""
    battlers = state.b_sides[side]
    if not state.b_thrown or THISTLE in battlers:
        return 0
    umbrellas = 0
    for g in battlers:
        if state.defence[g] == UMBRELLA and defence_value(state, g) > 0:
            umbrellas += 1
    snickers_seat = -1
    for s in (ATTACKER, DEFENDER):
        if SNICKERS in state.b_sides[s]:
            snickers_seat = state.side_seat(s)
    total = 0
    for item in state.b_thrown:
        if item.side != side or item.washed:
            continue
        value = item.base + (SNICKERS_THROW_BONUS if item.thrower == snickers_seat else 0)
        total += max(0, value - UMBRELLA_REDUCTION * umbrellas)
    return total


def side_parts(state: BattleGnomesState, side: int) -> tuple[list[int], int, int]:
    """The value of each battling gnome of ``side`` (in order), the side's whole total, and what
    the thrown items against it take away."""
    seat = state.b_att if side == ATTACKER else state.b_def
    thrown = state.b_thrown
    thrown_by_household = 0
    for item in thrown:
        if item.thrower == seat:
            thrown_by_household += 1
    values = battler_values(state, side, thrown_by_household)
    penalty = thrown_penalty(state, side) if thrown else 0  # nothing thrown takes nothing away
    total = sum(values) + state.b_mods[side] - penalty
    if state.yard[seat]:  # an empty yard adds nothing
        total += yard_value(state, side)
    return values, total, penalty


def side_breakdown(state: BattleGnomesState, side: int) -> tuple[list[int], int]:
    """The value of each battling gnome of ``side`` (in order) and the side's whole total."""
    values, total, _ = side_parts(state, side)
    return values, total


def side_total(state: BattleGnomesState, side: int) -> int:
    """R7.5: the whole total of ``side`` now."""
    return side_breakdown(state, side)[1]


def totals(state: BattleGnomesState) -> tuple[int, int]:
    """(attacker total, defender total)."""
    return side_total(state, ATTACKER), side_total(state, DEFENDER)
