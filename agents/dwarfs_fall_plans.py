"""Task values and plans of the scripted Dwar7s Fall opponent (used by ``dwarfs_fall_scripted``).

What completing each card's task is worth to a seat now (gems a trading goal needs, the store's
best affordable goal, a dig's kingdom gain, a monster's VP), the plans built on them (value per
dwarf still needed, only for tasks it can reach), the steps towards its own unrevealed secret
goal, and kingdom VP changes as the rules score them (decrees and races included).
"""

from __future__ import annotations

from agents.dwarfs_fall_elves import dragon_cost, elf_hunt_blocked, elf_hunt_need, hunting_elves, share_hunts
from agents.dwarfs_fall_empires import empire_task_works
from agents.dwarfs_fall_secrets import (
    SECRET_CHASE,
    adventure_slay_bonus,
    chasing,
    with_card,
    zoo_guard_plans,
    zoo_keeps,
)
from gnome_envs.dwarfs_fall.components import (
    ALL_KINDS,
    BERSERKER_MONSTERS,
    CASTLE_SLOT,
    FOREST_DRAGON,
    GEM_VP,
    HAND_LIMIT,
    IS_MONSTER,
    KIND_VP,
    MINER_FACTOR,
    NUM_CELLS,
    NUM_GEMS,
    OGRE_IN_DISGUISE_CARDS,
    RESEARCHER_MONSTERS,
    RESEARCHER_TRIO,
    SPOTS,
    TRADING_GOALS,
    WARLOCK_DIAMONDS,
    WIZARD_EMERALDS,
    Gem,
    Job,
    Kind,
    Mood,
    Secret,
    layer_code,
)
from gnome_envs.dwarfs_fall.decrees import Decree
from gnome_envs.dwarfs_fall.empires import monster_vp
from gnome_envs.dwarfs_fall.resolve import affordable, can_pay, diggable, trade_ins
from gnome_envs.dwarfs_fall.state import DwarfsFallState

TAVERN_VALUE = 1.5
DIG_WEIGHT = 0.25  # a dig's kingdom gain counts a quarter (another castle can dig it back) ...
DIG_CAP = 1.0  # ... and at most this much, so digging never crowds out gems and goals
FOLLOW_UP = 0.6  # value share of a task that needs more dwarfs than this turn's actions
HUNT_FOLLOW_UP = 0.7  # the same for an elf hunt (its meeples around the monster stay put)
NEEDED_GEM_BONUS = 2.0  # per gem a face-up trading goal still needs
SECRET_GEM_BONUS = 1.0  # a gem towards its own Miner goal
OGRES_KEPT = 3  # ogre cards it fetches from a tavern otherwise
HOARDED_GEM = {Gem.EMERALD: (Secret.WIZARD, WIZARD_EMERALDS), Gem.DIAMOND: (Secret.WARLOCK, WARLOCK_DIAMONDS)}
BERSERKER_CHASE = 12.0  # a monster slain towards its own Berserker goal
STRANGER_PENALTY = 0.8  # opponents' kingdom VP weigh this much against one's own
FREED_DWARF_VALUE = 0.5  # Crazy Balloonists: per own dwarf a completed task sends home
SCARY_OWN_WEIGHT = 2.0  # own dwarfs sent home by a Scary troll count double against it
DRAGONS = (int(Kind.DRAGON), FOREST_DRAGON)
EGG_MONSTER_GEMS = 2  # a dragon egg's missing monster weighs like two missing gems


def end_near(state: DwarfsFallState, seat: int) -> bool:
    """Whether the game ends soon: the end is triggered, or one more goal would trigger it for
    ``seat`` or an opponent."""
    last = state.game.goals_to_end - 1
    return state.end_triggered or any(state.goals(p) >= last for p in range(state.game.num_players))


# ---------------------------------------------------------------------------- task values
def target_goal(state: DwarfsFallState, seat: int) -> int:
    """The face-up trading goal ``seat`` is closest to paying for (-1 if none is face up); a
    dragon egg's missing monster counts as EGG_MONSTER_GEMS gems."""
    held = state.gems.of(seat)
    slain = len(state.defeated[seat])

    def missing(goal: int) -> tuple[int, int]:
        info = TRADING_GOALS[goal]
        gems = sum(max(c - h, 0) for c, h in zip(info.cost, held))
        return gems + EGG_MONSTER_GEMS * max(info.monsters - slain, 0), -info.vp

    row = [g for g in state.trading_row if g >= 0]
    return min(row, key=missing) if row else -1


def needed_gems(state: DwarfsFallState, seat: int) -> list[int]:
    """Gems still missing for the target trading goal (and the elves' dragon class), per gem type."""
    return [max(c - h, 0) for c, h in zip(reserved_gems(state, seat), state.gems.of(seat))]


def reserved_gems(state: DwarfsFallState, seat: int) -> tuple[int, ...]:
    """Gems ``seat`` keeps, per type: the target trading goal's cost (and the elves' dragon's)."""
    goal = target_goal(state, seat)
    cost = TRADING_GOALS[goal].cost if goal >= 0 else (0,) * NUM_GEMS
    return tuple(max(c, d) for c, d in zip(cost, dragon_cost(state, seat)))


def best_goal_vp(state: DwarfsFallState, seat: int) -> int:
    """VP the general store would gain ``seat`` now (a dragon egg needs its monster; a goal
    traded in under Charming Merchants gives back its VP)."""
    best = 0
    for slot in affordable(state, seat):
        goal = state.trading_row[slot]
        vp = TRADING_GOALS[goal].vp
        if not can_pay(state, seat, goal):
            vp -= min(TRADING_GOALS[g].vp for g in trade_ins(state, seat, goal))
        best = max(best, vp)
    return best


def dig_value(state: DwarfsFallState, seat: int, cell: int) -> float:
    """A castle's dig: the best kingdom gain of a diggable stack, nothing when a monster keeps
    the peace or no stack can be dug (the dwarfs would go home for nothing)."""
    if state.monster_blocks_dig(seat, cell):
        return 0.0
    gains = [kingdom_delta(state, seat, c, state.stacks[c][-2], rivals=False) for c in diggable(state)]
    return min(DIG_WEIGHT * max(gains), DIG_CAP) if gains and max(gains) > 0 else 0.0


def gem_value(state: DwarfsFallState, seat: int, gem: int, amount: int) -> float:
    """VP the gems add (a full hand gives up its cheapest gem) plus a bonus when a goal needs them."""
    needed = needed_gems(state, seat)[gem]
    bonus = NEEDED_GEM_BONUS * min(needed, amount)
    if gem in HOARDED_GEM and chasing(state, seat, HOARDED_GEM[gem][0]):  # Wizard, Warlock
        bonus += SECRET_CHASE
    if chasing(state, seat, Secret.MINER) and not state.gems.count(seat, gem):
        bonus += SECRET_GEM_BONUS
    if state.hand_size(seat) + amount > HAND_LIMIT and not needed and not state.ogres.size(seat):
        # a full hand discards its cheapest gem the target goal does not use (_discard_score):
        # nothing is gained when that is the new gem itself
        spare = [GEM_VP[g] for g in spare_gems(state, seat)]
        if not spare or min(spare) >= GEM_VP[gem]:
            return 0.0
        return (GEM_VP[gem] - min(spare)) * amount + bonus
    return GEM_VP[gem] * amount + bonus


def spare_gems(state: DwarfsFallState, seat: int) -> list[int]:
    """Gem types ``seat`` holds more of than its target trading goal uses."""
    reserved = reserved_gems(state, seat)
    return [g for g in range(NUM_GEMS) if state.gems.count(seat, g) > reserved[g]]


def task_value(state: DwarfsFallState, seat: int, cell: int) -> float:
    """What completing the task on ``cell`` is worth to ``seat`` now."""
    kind = state.kind_at(cell)
    info = ALL_KINDS[kind]
    if info.job == Job.TOLL or (state.game.empires and not empire_task_works(state, seat, cell)):
        return 0.0
    if info.job == Job.MINE:
        if state.region_at(cell).dragon or not state.gem_pile[info.gem]:
            return 0.0
        amount = info.amount * (MINER_FACTOR if troll_mood(state, cell) == Mood.MINER else 1)
        return gem_value(state, seat, info.gem, min(amount, state.gem_pile[info.gem]))
    if info.job == Job.TRADE:
        return float(best_goal_vp(state, seat))
    if info.job == Job.OGRE:
        if chasing(state, seat, Secret.OGRE_IN_DISGUISE):  # spare gems make room for ogre cards
            hoard = state.ogres.size(seat) < OGRE_IN_DISGUISE_CARDS
            room = state.hand_size(seat) < HAND_LIMIT or spare_gems(state, seat)
            return TAVERN_VALUE + SECRET_CHASE if hoard and room else 0.0
        room = state.hand_size(seat) < HAND_LIMIT
        return TAVERN_VALUE if room and state.ogres.size(seat) < OGRES_KEPT else 0.0
    if info.job == Job.DIG:
        return dig_value(state, seat, cell)
    if info.job == Job.MEMORIAL:
        return 0.0
    return slay_value(state, seat, cell)


def troll_mood(state: DwarfsFallState, cell: int) -> int:
    """The troll's mood if he stands on ``cell`` (Troll's Bridge), else -1."""
    if state.game.trolls and state.troll_cell == cell:
        return state.mood_deck[0]
    return -1


def troll_dest_value(state: DwarfsFallState, seat: int, cell: int) -> float:
    """Worth of moving the troll onto ``cell`` in his current mood."""
    own = state.dwarfs_of(seat, cell)
    kind = state.kind_at(cell)
    mood = state.mood_deck[0]
    if mood == Mood.SCARY:
        return state.crowd[cell] - own - SCARY_OWN_WEIGHT * own
    if mood == Mood.MINER:
        return float(own) if ALL_KINDS[kind].job == Job.MINE else 0.0
    if mood == Mood.MIGHTY:
        return float(own) if IS_MONSTER[kind] else 0.0
    return -float(own)  # Warband Leader: keep him off its own tasks


def slay_value(state: DwarfsFallState, seat: int, cell: int) -> float:
    """The monster's VP (4 for elves), the kingdom VP it costs at home, the mines a dragon
    frees for gems it needs, the dragon egg it pays for, and its own secret goal's steps."""
    own = state.kingdom(seat)
    home = -KIND_VP[state.kind_at(cell)] if own is not None and cell in own.cells else 0.0
    value = monster_vp(state, seat) + home - zoo_keeps(state, seat, cell) + adventure_slay_bonus(state, seat, cell)
    goal = target_goal(state, seat)
    if goal >= 0 and TRADING_GOALS[goal].monsters > len(state.defeated[seat]):  # the egg's monster
        value += NEEDED_GEM_BONUS * EGG_MONSTER_GEMS
    if chasing(state, seat, Secret.BERSERKER):  # the second monster reveals it: worth more
        value += BERSERKER_CHASE * (1 + len(state.defeated[seat])) / BERSERKER_MONSTERS
    if state.kind_at(cell) in DRAGONS:
        needed = needed_gems(state, seat)
        freed = {ALL_KINDS[state.kind_at(c)].gem for c in state.region_at(cell).cells
                 if ALL_KINDS[state.kind_at(c)].job == Job.MINE}
        value += NEEDED_GEM_BONUS * sum(1 for g in freed if needed[g])
    return value


def blocked(state: DwarfsFallState, seat: int, cell: int) -> bool:
    """Whether foreign dwarfs leave too little room for ``seat`` to complete the task."""
    kind = state.kind_at(cell)
    if IS_MONSTER[kind] and hunting_elves(state, seat):
        return elf_hunt_blocked(state, seat, cell)
    return SPOTS[kind] - state.crowd[cell] < still_needed(state, seat, cell)


def still_needed(state: DwarfsFallState, seat: int, cell: int) -> int:
    """Own meeples still to place for the task on ``cell`` (elves count those around a monster, X3.2)."""
    if hunting_elves(state, seat) and IS_MONSTER[state.kind_at(cell)]:
        return elf_hunt_need(state, seat, cell)
    return state.required_at(cell, seat) - state.dwarfs_of(seat, cell)


class PlanMemo:
    """Task plans of the state one ``act`` call is scoring (its actions share them)."""

    state: DwarfsFallState | None = None
    plans: dict[int, dict[int, float]] = {}


def task_plans(state: DwarfsFallState, seat: int) -> dict[int, float]:
    """Per card: value per dwarf still needed to complete its task (only reachable tasks)."""
    if PlanMemo.state is not state:
        return _task_plans(state, seat)
    plans = PlanMemo.plans.get(seat)
    if plans is None:
        plans = PlanMemo.plans[seat] = _task_plans(state, seat)
    return plans


def _task_plans(state: DwarfsFallState, seat: int) -> dict[int, float]:
    left = state.action_limit(seat) - state.actions_used
    balloonists = state.game.royal and state.decree(Decree.CRAZY_BALLOONISTS)
    plans = {}
    for cell in range(NUM_CELLS):
        if state.top[cell] < 0 or blocked(state, seat, cell):
            continue
        need = still_needed(state, seat, cell)
        value = task_value(state, seat, cell)
        if balloonists:  # completing a task brings its dwarfs home, which matters when placing is slow
            value += FREED_DWARF_VALUE * state.dwarfs_of(seat, cell)
        if need <= 0 or value <= 0:
            continue
        # an elf hunt keeps its meeples around the monster until it falls: a milder discount
        hunt = IS_MONSTER[state.kind_at(cell)] and hunting_elves(state, seat)
        plans[cell] = value / need * (1.0 if need <= left else HUNT_FOLLOW_UP if hunt else FOLLOW_UP)
        if balloonists and need > 1:  # one dwarf from the pile per card per turn: a turn per dwarf
            plans[cell] *= FOLLOW_UP ** (need - 1)
    for cell, value in (*_research_plans(state, seat).items(), *zoo_guard_plans(state, seat).items()):
        plans[cell] = max(plans.get(cell, 0.0), value)
    if hunting_elves(state, seat):
        share_hunts(state, seat, plans, left)
    return _one_per_kind(state, seat, plans) if balloonists else plans


def _research_plans(state: DwarfsFallState, seat: int) -> dict[int, float]:
    """An unrevealed Researcher near the end of the game (the dwarfs it strands on monsters then
    cost little): three own dwarfs on each of the two monsters closest to it."""
    if not chasing(state, seat, Secret.RESEARCHER) or not end_near(state, seat):
        return {}
    short = {}
    for cell in state.regions.monsters:
        need = max(RESEARCHER_TRIO - state.dwarfs_of(seat, cell), 0)
        if SPOTS[state.kind_at(cell)] - state.crowd[cell] >= need:
            short[cell] = need
    best = sorted(short, key=lambda c: (short[c], c))[:RESEARCHER_MONSTERS]
    total = sum(short[c] for c in best)
    if len(best) < RESEARCHER_MONSTERS or not total:
        return {}
    value = (state.game.secret_vp[Secret.RESEARCHER] + SECRET_CHASE) / total
    return {c: value for c in best if short[c]}


def _one_per_kind(state: DwarfsFallState, seat: int, plans: dict[int, float]) -> dict[int, float]:
    """Crazy Balloonists: one plan per kind of card (the one with most own dwarfs), so that a
    slow build-up is not spread over every store at once and stuck there."""
    best: dict[int, int] = {}
    for cell, value in plans.items():
        kind = state.kind_at(cell)
        other = best.get(kind)
        if other is None or (state.dwarfs_of(seat, cell), value) > (state.dwarfs_of(seat, other), plans[other]):
            best[kind] = cell
    return {cell: plans[cell] for cell in best.values()}


# ---------------------------------------------------------------------------- placing cards
def kingdom_delta(state: DwarfsFallState, seat: int, cell: int, packed: int, rivals: bool = True) -> float:
    """Change of ``seat``'s kingdom VP minus the opponents' (unless not ``rivals``) if ``packed``
    lands on ``cell``, as the rules score kingdoms (decrees and races included)."""
    seats = range(state.game.num_players) if rivals else (seat,)
    before = [state.kingdom_vp(p) for p in seats]
    castle = seat if layer_code(packed) == state.game.seat_codes[seat][CASTLE_SLOT] else -1
    after = _kingdom_vps_with(state, cell, packed, castle, seats)
    return sum((1.0 if p == seat else -STRANGER_PENALTY) * (a - b) for p, a, b in zip(seats, after, before))


def _kingdom_vps_with(state: DwarfsFallState, cell: int, packed: int, castle: int, seats) -> list[int]:
    """Kingdom VP of ``seats`` with ``packed`` lying on ``cell`` (``castle``: the seat whose
    castle it is, or -1)."""
    return with_card(state, cell, packed, castle, lambda s: [s.kingdom_vp(p) for p in seats])


__all__ = [
    "DRAGONS", "FOLLOW_UP", "HOARDED_GEM", "SECRET_CHASE", "TAVERN_VALUE", "PlanMemo", "blocked", "chasing",
    "end_near", "kingdom_delta", "needed_gems", "reserved_gems", "slay_value", "target_goal", "task_plans",
    "task_value", "troll_dest_value",
]
