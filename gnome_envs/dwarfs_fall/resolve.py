"""The resolve phase (R7) and the discard phase (R8): completing tasks, digging, trading.

Decisions ``RESOLVE_TASK`` (which task to complete next), ``DIG_STACK`` (which stack a castle
digs), ``STORE_GOAL`` (which trading goal the general store buys) and ``DISCARD``.
"""

from __future__ import annotations

from gnome_envs.dwarfs_fall.actions import ActionLayout, Family
from gnome_envs.dwarfs_fall.components import (
    KINDS,
    NUM_CELLS,
    NUM_GEMS,
    NUM_OGRES,
    TRADING_GOALS,
    TRADING_ROW,
    Job,
    layer_code,
)
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


def _layout(state: DwarfsFallState) -> ActionLayout:
    return state.game.action_layout


# ---------------------------------------------------------------------------- tasks (R7)
def _task_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.cell(c) for c in data[0]]


def _task(state: DwarfsFallState, d: Decision, action: int) -> None:
    p = d.player
    cell = _layout(state).decode(action).arg
    rest = tuple(c for c in d.data[0] if c != cell)
    if rest:
        push(state, (Step.RESOLVE_NEXT, p, rest))
    complete_task(state, p, cell)


def complete_task(state: DwarfsFallState, p: int, cell: int) -> None:
    """R7.2: the dwarfs that did the work go home first, then the task takes effect."""
    info = KINDS[state.kind_at(cell)]
    state.return_to_pile(p, cell, info.required)
    JOBS[info.job](state, p, cell)


def _mine(state: DwarfsFallState, p: int, cell: int) -> None:
    """R7.3: gems from the pile, none with a dragon in the mine's region or an empty pile."""
    if state.region_at(cell).dragon:
        return
    info = KINDS[state.kind_at(cell)]
    amount = min(info.amount, state.gem_pile[info.gem])
    if amount:
        state.gem_pile[info.gem] -= amount
        state.gems.gain(p, info.gem, amount)


def _tavern(state: DwarfsFallState, p: int, cell: int) -> None:
    """R7.6: one ogre card from the deck."""
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
    state.set_stack(cell, ())
    state.defeated[p] = state.defeated[p] + (code,)
    state.touch(p)


JOBS = {Job.MINE: _mine, Job.OGRE: _tavern, Job.TRADE: _store, Job.DIG: _dig, Job.SLAY: _slay}


# ---------------------------------------------------------------------------- digging (R6.2)
def diggable(state: DwarfsFallState) -> list[int]:
    """Stacks of two or more cards with no dwarf on them."""
    stacks, crowd = state.stacks, state.crowd
    return [c for c in range(NUM_CELLS) if len(stacks[c]) > 1 and not crowd[c]]


def _dig_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.cell(c) for c in diggable(state)]


def _dig_stack(state: DwarfsFallState, d: Decision, action: int) -> None:
    """The top card goes to the bottom of its stack, turned as it was."""
    cell = _layout(state).decode(action).arg
    stack = state.stacks[cell]
    state.set_stack(cell, (stack[-1],) + stack[:-1])


# ---------------------------------------------------------------------------- the store (R7.7)
def affordable(state: DwarfsFallState, p: int) -> list[int]:
    """Face-up slots whose trading goal seat ``p`` can pay for with gems in hand."""
    held = state.gems.of(p)
    return [s for s in range(TRADING_ROW) if state.trading_row[s] >= 0
            and all(h >= c for h, c in zip(held, TRADING_GOALS[state.trading_row[s]].cost))]


def _goal_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.goal(s) for s in affordable(state, p)]


def _buy_goal(state: DwarfsFallState, d: Decision, action: int) -> None:
    """The gems go back to their piles; the goal is the player's; the slot is refilled."""
    p = d.player
    slot = _layout(state).decode(action).arg
    goal = state.trading_row[slot]
    for gem, k in enumerate(TRADING_GOALS[goal].cost):
        if k:
            state.gems.lose(p, gem, k)
            state.gem_pile[gem] += k
    state.trading_won[p] = state.trading_won[p] + (goal,)
    state.touch(p)
    refill_trading_row(state, slot)


# ---------------------------------------------------------------------------- discard (R8)
def _discard_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    gems, ogres = state.gems.of(p), state.ogres.of(p)
    return ([layout.discard_gem(g) for g in range(NUM_GEMS) if gems[g]]
            + [layout.discard_ogre(k) for k in range(NUM_OGRES) if ogres[k]])


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

__all__ = ["affordable", "complete_task", "diggable"]
