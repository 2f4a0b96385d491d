"""What each dwarf placement and move of the action phase would do (the ``action_effects`` option).

With ``dwarfs_fall_v6.env(action_effects=True)`` the observation ends with one row of
``EFFECT_WIDTH`` entries for each DWARF and MOVE action (``EFFECT_ACTIONS`` = 64 + 256 rows; the
first is for action ``game.action_effect_first``, the first DWARF action), so a policy can score
a dwarf's step by the task it serves instead of working out spots, walls and regions from the
board. The rows are zero except
in the observer's own action choice (``DecisionKind.ACTION``), and there only for legal actions.
Everything in them follows from public facts and the observer's own gems: the same facts a
player reads off the table before sending a dwarf.

Row of one action; the target is the card the dwarf lands on (DWARF: the chosen card; MOVE: the
card across the chosen side), the source the card a moving dwarf leaves::

    column        size  meaning
    move          1     1 for a MOVE, 0 for a DWARF from the pile
    job           5     the target's task, one-hot: dig, mine, ogre card, trading goal, slay
    lacking       1     the observer's dwarfs still missing there after the step / 6 (with The
                        Empires' elf accuracy the elves on connected neighbours of a monster count)
    ready         1     the target's task is ready after the step (it completes this turn; never
                        another player's castle for crystal dwarfs)
    this_turn     1     the dwarfs still missing fit in this turn's actions left after the step
    fits          1     the dwarfs still missing fit in the spots left free (others' dwarfs allow it)
    works         1     completing the task gains something now: a mine's gems, a payable trading
                        goal, an ogre card to draw, a stack to dig in peace, a monster to slay
                        (none from an inn in a wolf's region, none from a castle crystal dwarfs
                        may not use; ogre cards under the Warband Leader troll)
    gems          1     gems the target mine would give now / 5 (none under the Warband Leader)
    goal_gems     1     of those, gems the closest face-up trading goal still misses / 5
    goal_slots    1     face-up trading goals that miss this gem type / 4
    gem_vp        1     VP of those gems / 13
    overflow      1     the gems would take the hand over its limit
    others        1     other seats' dwarfs on the target / 6
    blocks        1     the step takes the last spot another seat with dwarfs there still needs
    own_kingdom   1     the target is in the observer's kingdom
    frees_mines   1     a dragon: mines in its region (slaying it lets them yield) / 29
    from_ready    1     MOVE: the source's task was ready before the step
    from_lacking  1     MOVE: the observer's dwarfs missing on the source after the step / 6 (as
                        ``lacking`` counts them)
    from_works    1     MOVE: the source's task would gain something now

Flags are 0 or 1; counts are divided by a ceiling above their largest value, so every entry
stays in [0, 1). The dwarfs a task needs are ``required_at``'s (the Mighty troll, beast hunters,
slow gathering); the tasks the expansions add (the troll's toll, a memorial) have no job column.
"""

from __future__ import annotations

import numpy as np

from gnome_envs.dwarfs_fall.actions import Family
from gnome_envs.dwarfs_fall.board import INNS, LINKS, SPOTS_OF_LAYER
from gnome_envs.dwarfs_fall.components import (
    ALL_KINDS,
    FOREST_DRAGON,
    GEM_VP,
    HAND_LIMIT,
    IS_MONSTER,
    LAYER_KIND,
    MAX_SPOTS,
    MINER_FACTOR,
    NEIGHBOUR,
    NUM_CELLS,
    NUM_COLOURS,
    NUM_KINDS,
    NUM_SIDES,
    TRADING_ROW,
    Job,
    Kind,
)
from gnome_envs.dwarfs_fall.observation_goals import closest_need, slot_needs
from gnome_envs.dwarfs_fall.pending import DecisionKind
from gnome_envs.dwarfs_fall.empires import may_complete
from gnome_envs.dwarfs_fall.races import Race
from gnome_envs.dwarfs_fall.resolve import affordable, diggable, mine_yield, warband_here
from gnome_envs.dwarfs_fall.state import DwarfsFallState

JOB_COLUMNS = (Job.DIG, Job.MINE, Job.OGRE, Job.TRADE, Job.SLAY)
# row layout (see the table above)
MOVE_FLAG = 0
JOB_AT = MOVE_FLAG + 1
LACKING = JOB_AT + len(JOB_COLUMNS)
READY = LACKING + 1
THIS_TURN = READY + 1
FITS = THIS_TURN + 1
WORKS = FITS + 1
GEMS = WORKS + 1
GOAL_GEMS = GEMS + 1
GOAL_SLOTS = GOAL_GEMS + 1
GEM_VP_AT = GOAL_SLOTS + 1
OVERFLOW = GEM_VP_AT + 1
OTHERS = OVERFLOW + 1
BLOCKS = OTHERS + 1
OWN_KINGDOM = BLOCKS + 1
FREES_MINES = OWN_KINGDOM + 1
FROM_READY = FREES_MINES + 1
FROM_LACKING = FROM_READY + 1
FROM_WORKS = FROM_LACKING + 1
EFFECT_WIDTH = FROM_WORKS + 1

EFFECT_FAMILIES = (Family.DWARF, Family.MOVE)  # consecutive in every layout
EFFECT_ACTIONS = NUM_CELLS + NUM_CELLS * NUM_SIDES  # rows: DWARF then MOVE
# ceilings above each count's largest value
SPOT_SCALE = MAX_SPOTS + 1.0  # dwarfs on one card
MAX_YIELD = max(k.amount for k in ALL_KINDS if k.job == Job.MINE) * MINER_FACTOR
YIELD_SCALE = MAX_YIELD + 1.0
SLOT_SCALE = TRADING_ROW + 1.0
GEM_VP_SCALE = MAX_YIELD * max(GEM_VP) + 1.0
MINE_SCALE = NUM_COLOURS * sum(k.job == Job.MINE for k in ALL_KINDS[:NUM_KINDS]) + 1.0  # every colour's mines
DRAGON_KINDS = frozenset({int(Kind.DRAGON), FOREST_DRAGON})  # their regions' mines yield nothing (R6.6, X6.2)
JOB_INDEX = {job: i for i, job in enumerate(JOB_COLUMNS)}
Needs = list[tuple[int, list[int], bool]]  # the face-up trading goals' needs (observation_goals.slot_needs)


def task_works(state: DwarfsFallState, seat: int, cell: int) -> bool:
    """Whether completing the task on ``cell`` would gain ``seat`` something now."""
    kind = state.kind_at(cell)
    job = ALL_KINDS[kind].job
    if state.game.empires and not _empire_task_gains(state, seat, cell, kind):
        return False
    if state.game.trolls and warband_here(state, cell, kind):  # T4.2: ogre cards instead
        return bool(state.ogre_deck) or any(state.ogre_discard)
    if job == Job.MINE:
        return mine_yield(state, cell) > 0
    if job == Job.TRADE:
        return bool(affordable(state, seat))
    if job == Job.OGRE:
        return bool(state.ogre_deck) or any(state.ogre_discard)
    if job == Job.DIG:
        return not state.monster_blocks_dig(seat, cell) and bool(diggable(state))
    return job == Job.SLAY


def _empire_task_gains(state: DwarfsFallState, seat: int, cell: int, kind: int) -> bool:
    """The Empires: crystal dwarfs never use another player's castle (X4.5), and an inn in a
    wolf's region gives nothing (X6.3)."""
    return may_complete(state, cell, seat) and not (kind in INNS and state.region_at(cell).wolf)


def _accurate(state: DwarfsFallState, seat: int, cell: int) -> bool:
    """X3.2: ``seat``'s elves on connected neighbours of the monster on ``cell`` count for it
    (``empires.task_meeples``, the engine's count, tests the same)."""
    return state.game.empires and state.game.races[seat] == Race.ELVES and IS_MONSTER[state.kind_at(cell)]


def _counted(state: DwarfsFallState, seat: int, cell: int, to: int, left: int) -> int:
    """``seat``'s meeples that count for the task on ``cell`` after one of its meeples came to
    ``to`` (and left ``left``, -1 for one from the pile): its own there and, with elf accuracy
    (X3.2), the elves on connected neighbours of a monster it stands on."""
    def own(c: int) -> int:
        return state.dwarfs_of(seat, c) + (c == to) - (c == left)

    here = own(cell)
    if here and _accurate(state, seat, cell):
        passable = state.regions.passable[cell]
        here += sum(own(nb) for bit, nb, _, _ in LINKS[cell] if passable & bit)
    return here


def _lacking(state: DwarfsFallState, seat: int, cell: int, to: int = -1, left: int = -1) -> int:
    """``seat``'s meeples still missing for the task on ``cell`` after the step (``_counted``)."""
    return max(state.required_at(cell, seat) - _counted(state, seat, cell, to, left), 0)


def _ready(state: DwarfsFallState, seat: int, cell: int, lacking: int) -> bool:
    """Whether the task on ``cell`` completes for ``seat`` with ``lacking`` meeples missing."""
    return lacking == 0 and (not state.game.empires or may_complete(state, cell, seat))


def _elf_key(state: DwarfsFallState, seat: int, target: int, source: int) -> int:
    """The source that changes the target's columns: the card an elf leaves for a monster (a
    connected neighbour, whose elves count on the monster: one fewer after the move), else -1."""
    return source if source >= 0 and _accurate(state, seat, target) else -1


def _mine_columns(state: DwarfsFallState, seat: int, cell: int, needs: Needs, row: np.ndarray) -> None:
    amount = mine_yield(state, cell)
    if not amount or (state.game.trolls and warband_here(state, cell, state.kind_at(cell))):
        return
    gem = ALL_KINDS[state.kind_at(cell)].gem
    closest = closest_need(state, needs)
    row[GEMS] = amount / YIELD_SCALE
    row[GOAL_GEMS] = min(amount, closest[1][gem]) / YIELD_SCALE if closest is not None else 0.0
    row[GOAL_SLOTS] = sum(1 for need in needs if need[1][gem]) / SLOT_SCALE
    row[GEM_VP_AT] = amount * GEM_VP[gem] / GEM_VP_SCALE
    row[OVERFLOW] = float(state.hand_size(seat) + amount > HAND_LIMIT)


def _blocks(state: DwarfsFallState, seat: int, cell: int, free_before: int) -> bool:
    return any(q != seat and state.dwarfs_of(q, cell) and _lacking(state, q, cell) == free_before
               for q in range(state.game.num_players))


def _frees_mines(state: DwarfsFallState, cell: int) -> float:
    if state.kind_at(cell) not in DRAGON_KINDS:
        return 0.0
    top = state.top
    mines = sum(1 for c in state.region_at(cell).cells if ALL_KINDS[LAYER_KIND[top[c]]].job == Job.MINE)
    return mines / MINE_SCALE


def _target_row(state: DwarfsFallState, seat: int, cell: int, actions_after: int, needs: Needs,
                source: int = -1) -> np.ndarray:
    """The target columns of a step onto ``cell`` (the same for a placement and every move there
    but an elf's move from a connected neighbour onto a monster: ``source``, ``_elf_key``)."""
    row = np.zeros(EFFECT_WIDTH, dtype=np.float32)
    job = ALL_KINDS[state.kind_at(cell)].job
    if job in JOB_INDEX:
        row[JOB_AT + JOB_INDEX[job]] = 1.0
    lacking = _lacking(state, seat, cell, cell, source)
    free_before = SPOTS_OF_LAYER[state.top[cell]] - state.crowd[cell]
    others = state.crowd[cell] - state.dwarfs_of(seat, cell)
    kingdom = state.kingdom(seat)
    row[LACKING] = lacking / SPOT_SCALE
    row[READY] = float(_ready(state, seat, cell, lacking))
    row[THIS_TURN] = float(lacking <= actions_after)
    row[FITS] = float(lacking <= free_before - 1)
    row[WORKS] = float(task_works(state, seat, cell))
    if job == Job.MINE:
        _mine_columns(state, seat, cell, needs, row)
    row[OTHERS] = others / SPOT_SCALE
    row[BLOCKS] = float(_blocks(state, seat, cell, free_before))
    row[OWN_KINGDOM] = float(kingdom is not None and cell in kingdom.cells)
    row[FREES_MINES] = _frees_mines(state, cell)
    return row


def _source_columns(state: DwarfsFallState, seat: int, cell: int, target: int, row: np.ndarray) -> None:
    row[MOVE_FLAG] = 1.0
    row[FROM_READY] = float(_ready(state, seat, cell, _lacking(state, seat, cell)))
    row[FROM_LACKING] = _lacking(state, seat, cell, target, cell) / SPOT_SCALE
    row[FROM_WORKS] = float(task_works(state, seat, cell))


def effect_rows(state: DwarfsFallState, seat: int) -> np.ndarray:
    """The (EFFECT_ACTIONS, EFFECT_WIDTH) rows of ``seat``'s view (zeros unless it chooses an action now)."""
    rows = np.zeros((EFFECT_ACTIONS, EFFECT_WIDTH), dtype=np.float32)
    decision = state.pending
    if decision is None or decision.player != seat or decision.kind != DecisionKind.ACTION:
        return rows
    first = state.game.action_effect_first  # the first DWARF action
    actions_after = state.action_limit(seat) - state.actions_used - 1
    layout = state.game.action_layout
    needs = slot_needs(state, seat)
    # (target cell, the source that changes its columns) -> its columns, shared by the steps onto it
    targets: dict[tuple[int, int], np.ndarray] = {}
    for action in decision.legal:
        index = action - first
        if not 0 <= index < EFFECT_ACTIONS:
            continue
        decoded = layout.decode(action)
        moving = decoded.family == Family.MOVE
        target = NEIGHBOUR[decoded.arg][decoded.arg2] if moving else decoded.arg
        key = (target, _elf_key(state, seat, target, decoded.arg if moving else -1))
        if key not in targets:
            targets[key] = _target_row(state, seat, target, actions_after, needs, key[1])
        rows[index] = targets[key]
        if moving:
            _source_columns(state, seat, decoded.arg, target, rows[index])
    return rows


__all__ = ["EFFECT_ACTIONS", "EFFECT_WIDTH", "effect_rows", "task_works"]
