"""The resolve phase (R7) and the discard phase (R8): completing tasks, digging, trading.

Decisions ``RESOLVE_TASK`` (which task to complete next), ``DIG_STACK`` (which stack a castle
digs), ``STORE_GOAL`` (which trading goal the general store buys) and ``DISCARD``.
"""

from __future__ import annotations

from gnome_envs.dwarfs_fall.actions import ActionLayout, Family
from gnome_envs.dwarfs_fall.board import INNS
from gnome_envs.dwarfs_fall.components import (
    ALL_KINDS,
    IS_MONSTER,
    LAKE,
    LAKE_CELL,
    MEMORIAL_CODE,
    MINER_FACTOR,
    NUM_CELLS,
    NUM_GEMS,
    TRADING_GOALS,
    TRADING_ROW,
    WARBAND_OGRES,
    Job,
    Kind,
    Mood,
    layer,
    layer_code,
)
from gnome_envs.dwarfs_fall.decrees import BAR_FIGHT_DWARFS, BAR_FIGHT_OGRES, Decree
from gnome_envs.dwarfs_fall.empires import has_monsters, pay_monsters, record_adventure
from gnome_envs.dwarfs_fall.flow import discard_ogre, draw_ogre, refill_trading_row
from gnome_envs.dwarfs_fall.pending import (
    DECISIONS,
    Decision,
    DecisionKind,
    DecisionRule,
    Step,
    offer,
    push,
)
from gnome_envs.dwarfs_fall.state import DwarfsFallState

TAVERN = int(Kind.TAVERN)


def _layout(state: DwarfsFallState) -> ActionLayout:
    return state.game.action_layout


# ---------------------------------------------------------------------------- tasks (R7)
def _task_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.cell(c) for c in data[0]]


def _task(state: DwarfsFallState, d: Decision, action: int) -> None:
    p = d.player
    cell = _layout(state).decode(action).arg
    push(state, (Step.RESOLVE_NEXT, p))  # then the tasks completable after this one (R7.1, O67)
    complete_task(state, p, cell)


def complete_task(state: DwarfsFallState, p: int, cell: int) -> None:
    """R7.2: the dwarfs that did the work go home first, then the task takes effect."""
    before = _holdings(state, p)
    _complete(state, p, cell, state.kind_at(cell))
    # R10.4: a task that gained something: gems, ogre cards, a slain monster, a trading goal (the
    # store offers one); not one that only moves or turns things (a dig, the toll, a memorial)
    if _holdings(state, p) != before or (state.pending is not None and state.pending.kind == DecisionKind.STORE_GOAL):
        state.busy_round = True


def _holdings(state: DwarfsFallState, p: int) -> tuple[int, int, int]:
    return state.gems.size(p), state.ogres.size(p), len(state.defeated[p])


def _complete(state: DwarfsFallState, p: int, cell: int, kind: int) -> None:
    if (state.game.royal and kind == TAVERN and state.decree(Decree.BAR_FIGHTS)
            and state.dwarfs_of(p, cell) >= BAR_FIGHT_DWARFS
            and not (state.game.empires and state.region_at(cell).wolf)
            and not (state.game.trolls and warband_here(state, cell, kind))):  # D11
        state.return_to_pile(p, cell, BAR_FIGHT_DWARFS)
        for _ in range(BAR_FIGHT_OGRES):
            draw_ogre(state, p)
        return
    required = state.required_at(cell, p)
    if state.game.empires:
        if IS_MONSTER[kind]:
            record_adventure(state, p, cell)
        required = min(required, state.dwarfs_of(p, cell))  # X3.2: accurate elves stay where they are
    state.return_to_pile(p, cell, required)
    if state.game.empires and kind in INNS and state.region_at(cell).wolf:  # X6.3: the wolf keeps inns shut
        return
    if state.game.trolls and warband_here(state, cell, kind):  # T4.2
        for _ in range(WARBAND_OGRES):
            draw_ogre(state, p)
        return
    JOBS[ALL_KINDS[kind].job](state, p, cell)


def _troll_mood_here(state: DwarfsFallState, cell: int, mood: int) -> bool:
    """Whether the troll stands on ``cell`` in ``mood`` (Troll's Bridge games only)."""
    return cell == state.troll_cell and state.mood_deck[0] == mood


def warband_here(state: DwarfsFallState, cell: int, kind: int) -> bool:
    """T4.2: the Warband Leader troll turns the task of his card (not a monster, not the lake) into ogres."""
    return _troll_mood_here(state, cell, Mood.WARBAND_LEADER) and not IS_MONSTER[kind] and kind != LAKE


def mine_yield(state: DwarfsFallState, cell: int) -> int:
    """Gems the mine on ``cell`` gives now (R7.3, R7.4): none in a dragon's region, twice as many
    under the Miner troll (T4.3), at most what its pile holds."""
    if state.region_at(cell).dragon:
        return 0
    info = ALL_KINDS[state.kind_at(cell)]
    amount = info.amount
    if state.game.trolls and _troll_mood_here(state, cell, Mood.MINER):  # T4.3
        amount *= MINER_FACTOR
    return min(amount, state.gem_pile[info.gem])


def _mine(state: DwarfsFallState, p: int, cell: int) -> None:
    """R7.3: gems from the pile, none with a dragon in the mine's region or an empty pile."""
    amount = mine_yield(state, cell)
    if amount:
        gem = ALL_KINDS[state.kind_at(cell)].gem
        state.gem_pile[gem] -= amount
        state.gems.gain(p, gem, amount)


def _tavern(state: DwarfsFallState, p: int, cell: int) -> None:
    """R7.6: one ogre card from the deck (two from the ogres' castle, X2.2)."""
    for _ in range(ALL_KINDS[state.kind_at(cell)].amount):
        draw_ogre(state, p)


def _store(state: DwarfsFallState, p: int, cell: int) -> None:
    """R7.7: buy one face-up trading goal the player can pay for (nothing if none)."""
    offer(state, DecisionKind.STORE_GOAL, p)


def _dig(state: DwarfsFallState, p: int, cell: int) -> None:
    """R6.2: the castle digs one stack, unless a monster keeps the peace away (R6.3)."""
    if not state.monster_blocks_dig(p, cell):
        offer(state, DecisionKind.DIG_STACK, p, (cell,))


def _slay(state: DwarfsFallState, p: int, cell: int) -> None:
    """R7.5: the monster leaves the mat and joins the player's goals (+3 VP, not a goal)."""
    code = layer_code(state.top[cell])
    state.clear_cell(cell)
    memorial = state.game.royal and state.decree(Decree.BATTLE_MEMORIAL)  # D7: a memorial takes its place
    state.set_stack(cell, (layer(MEMORIAL_CODE, 0),) if memorial else ())
    if state.game.trolls and state.troll_cell == cell:  # T1.5: off the board, back to his bridge
        state.troll_cell = LAKE_CELL
    state.defeated[p] = state.defeated[p] + (code,)
    state.touch(p)


def _toll(state: DwarfsFallState, p: int, cell: int) -> None:
    """T2.2: the toll is paid; the player moves the troll."""
    from gnome_envs.dwarfs_fall.troll import offer_troll_move

    offer_troll_move(state, p)


def _memorial(state: DwarfsFallState, p: int, cell: int) -> None:
    """D7: a battle memorial turns one card with no meeple on it."""
    from gnome_envs.dwarfs_fall.royal import memorial_task

    memorial_task(state, p, cell)


JOBS = {Job.MINE: _mine, Job.OGRE: _tavern, Job.TRADE: _store, Job.DIG: _dig, Job.SLAY: _slay, Job.TOLL: _toll,
        Job.MEMORIAL: _memorial}


# ---------------------------------------------------------------------------- digging (R6.2)
def diggable(state: DwarfsFallState) -> list[int]:
    """Stacks of two or more cards with no dwarf on them."""
    stacks, crowd = state.stacks, state.crowd
    cells = [c for c in range(NUM_CELLS) if len(stacks[c]) > 1 and not crowd[c]]
    if state.game.trolls:  # T1.4: never the card the troll stands on
        cells = [c for c in cells if c != state.troll_cell]
    return cells


def _dig_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.cell(c) for c in diggable(state)]


def _dig_stack(state: DwarfsFallState, d: Decision, action: int) -> None:
    """The top card goes to the bottom of its stack, turned as it was."""
    cell = _layout(state).decode(action).arg
    stack = state.stacks[cell]
    state.set_stack(cell, (stack[-1],) + stack[:-1])


# ---------------------------------------------------------------------------- the store (R7.7)
def can_pay(state: DwarfsFallState, p: int, goal: int) -> bool:
    """Whether seat ``p`` holds the gems (and, for a dragon egg, the monsters) ``goal`` costs."""
    if TRADING_GOALS[goal].monsters and not has_monsters(state, p, goal):
        return False
    return all(h >= c for h, c in zip(state.gems.of(p), TRADING_GOALS[goal].cost))


def affordable(state: DwarfsFallState, p: int) -> list[int]:
    """Face-up slots whose trading goal seat ``p`` can pay for with gems in hand (or, under
    Charming Merchants, with a won goal traded in, D5)."""
    row = state.trading_row
    merchants = state.game.royal and state.decree(Decree.CHARMING_MERCHANTS)
    return [s for s in range(TRADING_ROW) if row[s] >= 0
            and (can_pay(state, p, row[s]) or merchants and trade_ins(state, p, row[s]))]


def _goal_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.goal(s) for s in affordable(state, p)]


def _buy_goal(state: DwarfsFallState, d: Decision, action: int) -> None:
    """The gems go back to their piles; the goal is the player's; the slot is refilled."""
    p = d.player
    slot = _layout(state).decode(action).arg
    if state.game.royal and state.decree(Decree.CHARMING_MERCHANTS) and trade_ins(state, p, state.trading_row[slot]):
        offer(state, DecisionKind.STORE_TRADE, p, (slot,))  # D5: trade a won goal in, or not
        return
    buy(state, p, slot)


def buy(state: DwarfsFallState, p: int, slot: int, traded: int = -1) -> None:
    """Seat ``p`` buys the goal in ``slot``, paying gems (less the cost of a goal ``traded`` in,
    which then takes the bought goal's place face up, D5.2)."""
    goal = state.trading_row[slot]
    credit = TRADING_GOALS[traded].cost if traded >= 0 else (0,) * NUM_GEMS
    for gem, k in enumerate(TRADING_GOALS[goal].cost):
        k = max(k - credit[gem], 0)
        if k:
            state.gems.lose(p, gem, k)
            state.gem_pile[gem] += k
    pay_monsters(state, p, TRADING_GOALS[goal].monsters)  # X8.1: dragon eggs cost a monster
    won = list(state.trading_won[p])
    if traded >= 0:
        won.remove(traded)
    state.trading_won[p] = tuple(won) + (goal,)
    state.touch(p)
    if traded >= 0:
        state.trading_row[slot] = traded
    else:
        refill_trading_row(state, slot)


# ---------------------------------------------------------------------------- discard (R8)
def _discard_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    gems, ogres = state.gems.of(p), state.ogres.of(p)
    return ([layout.discard_gem(g) for g in range(NUM_GEMS) if gems[g]]
            + [layout.discard_ogre(k) for k in range(len(ogres)) if ogres[k]])


def _discard(state: DwarfsFallState, d: Decision, action: int) -> None:
    """A gem goes back to its pile, an ogre card to the discard pile; then check again."""
    p = d.player
    decoded = _layout(state).decode(action)
    if decoded.family != Family.DISCARD:
        return
    if decoded.arg < NUM_GEMS:
        state.gems.lose(p, decoded.arg, 1)
        state.gem_pile[decoded.arg] += 1
    else:
        discard_ogre(state, p, decoded.arg - NUM_GEMS)
    push(state, (Step.DISCARD_PHASE, p))


DECISIONS.update({
    DecisionKind.RESOLVE_TASK: DecisionRule(_task_options, _task),
    DecisionKind.DIG_STACK: DecisionRule(_dig_options, _dig_stack),
    DecisionKind.STORE_GOAL: DecisionRule(_goal_options, _buy_goal),
    DecisionKind.DISCARD: DecisionRule(_discard_options, _discard),
})

def trade_ins(state: DwarfsFallState, p: int, goal: int) -> list[int]:
    """D5: won goals seat ``p`` may trade in towards ``goal``."""
    from gnome_envs.dwarfs_fall.royal import trade_ins as options

    return options(state, p, goal)


__all__ = ["affordable", "buy", "can_pay", "complete_task", "diggable", "mine_yield"]
