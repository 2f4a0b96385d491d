"""The Empires as queries: the races' strengths and weaknesses, class meeples, empire monsters.

The core modules call these behind ``state.game.empires`` (the decisions the expansion adds are
in ``empire_actions``). Nothing here changes the state except ``thievery``, ``pay_monsters`` and
``record_adventure``. Clause numbers (X...) refer to ``seeds/dwarfs_fall.md``.
"""

from __future__ import annotations

from typing import Any

from gnome_envs.dwarfs_fall.board import LINKS, Region
from gnome_envs.dwarfs_fall.components import (
    ADVENTURER_TYPES,
    IS_CASTLE,
    IS_MONSTER,
    LAYER_COLOUR,
    LAYER_KIND,
    MONSTER_VP,
    TRADING_GOALS,
)
from gnome_envs.dwarfs_fall.races import (
    CLASS_VP,
    CLEAN_SHOT_VP,
    IN_PILE,
    LIFE_OF_PARTY_FROM,
    LIFE_OF_PARTY_TO,
    NOT_OWNED,
    NUM_CLASSES,
    SHIELDS,
    SLOW_GATHERING,
    SLOW_MINE_REQUIRED,
    Race,
)

SHIELD_CLASSES = tuple(c for c in range(NUM_CLASSES) if SHIELDS[c])


def race(state: Any, p: int) -> int:
    """Seat ``p``'s race."""
    return state.game.races[p]


# ---------------------------------------------------------------------------- tasks (X3, X4)
def mine_required(state: Any, p: int, required: int) -> int:
    """X3.1: elves and ogres need three meeples on every mine."""
    return SLOW_MINE_REQUIRED if state.game.races[p] in SLOW_GATHERING else required


def task_meeples(state: Any, cell: int, p: int) -> int:
    """Seat ``p``'s meeples that count for the task on ``cell``: with elf accuracy (X3.2) a monster
    also counts the elves on connected neighbouring cards, as long as one elf is on it."""
    own = state.dwarfs_of(p, cell)
    if own and state.game.races[p] == Race.ELVES and IS_MONSTER[LAYER_KIND[state.top[cell]]]:
        passable = state.regions.passable[cell]
        own += sum(state.dwarfs_of(p, nb) for bit, nb, _, _ in LINKS[cell] if passable & bit)
    return own


def may_complete(state: Any, cell: int, p: int) -> bool:
    """X4.5 Suspicious: crystal dwarfs never use another player's castle."""
    if state.game.races[p] != Race.CRYSTAL_DWARFS:
        return True
    top = state.top[cell]
    return not IS_CASTLE[LAYER_KIND[top]] or LAYER_COLOUR[top] == state.game.colours[p]


def can_complete(state: Any, cell: int, p: int) -> bool:
    """Whether seat ``p`` has what the task on ``cell`` needs (R7.1 with X3.1-X4.5)."""
    return (state.dwarfs_of(p, cell) > 0 and may_complete(state, cell, p)
            and task_meeples(state, cell, p) >= state.required_at(cell, p))


def completable(state: Any, p: int) -> list[int]:
    """Cells whose task seat ``p`` completes in its resolve phase."""
    return [c for c in state.cells_with_dwarfs(p) if can_complete(state, c, p)]


def record_adventure(state: Any, p: int, cell: int) -> None:
    """Adventurers (X9.4): a monster slain with at least three types of meeples (plain and classes)."""
    cells = [cell]
    if state.game.races[p] == Race.ELVES:
        passable = state.regions.passable[cell]
        cells += [nb for bit, nb, _, _ in LINKS[cell] if passable & bit]
    types = {-1 for c in cells if state.plain_at(p, c)}
    types.update(piece for c in cells for piece in state.pieces_at(p, c))
    if len(types) >= ADVENTURER_TYPES:
        state.adventured[p] = True


# ---------------------------------------------------------------------------- score (X3.3, X4.2, X5.9)
def monster_vp(state: Any, p: int) -> int:
    """VP of one defeated monster: 4 for elves (X3.3 Clean Shot), else 3."""
    return CLEAN_SHOT_VP if state.game.races[p] == Race.ELVES else MONSTER_VP


def party_bonus(state: Any, p: int, kingdom: Region) -> int:
    """X4.2 A Life of Party: ogres count each -2 VP card of their kingdom as +2."""
    if state.game.races[p] != Race.OGRES:
        return 0
    return (LIFE_OF_PARTY_TO - LIFE_OF_PARTY_FROM) * kingdom.minus_two


def class_vp(state: Any, p: int) -> int:
    """X5.9: VP of the class meeples seat ``p`` owns."""
    base = p * NUM_CLASSES
    return sum(CLASS_VP[c] for c in range(NUM_CLASSES) if state.pieces[base + c] != NOT_OWNED)


def extra_action_blocked(state: Any, p: int, kingdom: Region) -> bool:
    """R6.5 with X6.4: a frost giant (not for crystal dwarfs, X4.8) or a treant in the kingdom."""
    if kingdom.treant:
        return True
    return kingdom.frost_giant and state.game.races[p] != Race.CRYSTAL_DWARFS


def frost_voids_mines(state: Any, p: int, kingdom: Region) -> bool:
    """D10.1 with X4.8: a dragon, or a frost giant unless the seat plays crystal dwarfs."""
    return kingdom.dragon or (kingdom.frost_giant and state.game.races[p] != Race.CRYSTAL_DWARFS)


# ---------------------------------------------------------------------------- ogre cards (X4.3, X5.4)
def shielded(state: Any) -> list[int]:
    """X5.4, X5.7: cards with a guardian or a dragon on them, which no ogre card may target."""
    n = state.game.num_players
    pieces = state.pieces
    cells = (pieces[q * NUM_CLASSES + c] for q in range(n) for c in SHIELD_CLASSES)
    return sorted({c for c in cells if c >= 0})


def targetable(state: Any, cells: list[int]) -> list[int]:
    """``cells`` without the shielded ones."""
    shields = shielded(state)
    return [c for c in cells if c not in shields] if shields else cells


def thievery(state: Any, p: int) -> None:
    """X4.3: an ogre seat acting on an enemy meeple takes a stolen pouch (none when the pile is out)."""
    if state.game.races[p] == Race.OGRES and state.pouch_pile:
        state.pouch_pile -= 1
        state.pouches[p] += 1
        state.touch(p)


# ---------------------------------------------------------------------------- dragon eggs (X8)
def has_monsters(state: Any, p: int, goal: int) -> bool:
    """X8.1: seat ``p`` holds the defeated monsters dragon egg ``goal`` costs."""
    return len(state.defeated[p]) >= TRADING_GOALS[goal].monsters


def pay_monsters(state: Any, p: int, count: int) -> None:
    """The last ``count`` defeated monsters of seat ``p`` go to the box."""
    if count:
        state.boxed = state.boxed + state.defeated[p][-count:]
        state.defeated[p] = state.defeated[p][:-count]
        state.touch(p)


def piece_cell(state: Any, p: int, cls: int) -> int:
    """Where seat ``p``'s class piece ``cls`` is: a cell, IN_PILE or NOT_OWNED."""
    return state.pieces[p * NUM_CLASSES + cls]


__all__ = [
    "IN_PILE", "can_complete", "class_vp", "completable", "extra_action_blocked", "frost_voids_mines", "has_monsters",
    "may_complete", "mine_required", "monster_vp", "party_bonus", "pay_monsters", "piece_cell", "race",
    "record_adventure", "shielded", "targetable", "task_meeples", "thievery",
]
