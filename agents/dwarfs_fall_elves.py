"""The scripted Dwar7s Fall opponent's elf hunting in The Empires (used by ``dwarfs_fall_plans``).

In plain words: elf accuracy (X3.2) lets elves on the cards around a monster count for it once
one elf stands on it, so the elves size a hunt by all their meeples on and around the monster
(a foreign dwarf on the monster no longer stops them while one spot is free), and every free
neighbouring card earns the hunt's share as well as its own task's: elves gather gems beside a
monster and slay it with the same meeples. A neighbour whose own task the meeple would complete
(sending the elves there home) only earns the hunt's share when the hunt can end this turn. A
hunt that takes more than this turn is discounted less than other tasks (``HUNT_FOLLOW_UP`` in
``dwarfs_fall_plans``: the meeples around the monster stay put). They play monster cards next to
their own meeples, where the hunt is half done.

Until they own it, the elves save gold and an emerald for their dragon class (4 VP and an eighth
meeple, O56) and buy no alchemist with that emerald; monster scales (X3.4) box a monster, worth
4 VP, only for the gems that complete the trading goal or the dragon they work on.
"""

from __future__ import annotations

from agents.dwarfs_fall_secrets import with_card
from gnome_envs.dwarfs_fall.board import LINKS
from gnome_envs.dwarfs_fall.components import GEM_VP, HAND_LIMIT, IS_MONSTER, LAYER_KIND, NUM_GEMS, REQUIRED, SPOTS
from gnome_envs.dwarfs_fall.empires import piece_cell
from gnome_envs.dwarfs_fall.races import CLEAN_SHOT_VP, NOT_OWNED, SCALES_BUDGET, Class, Race, class_cost
from gnome_envs.dwarfs_fall.state import DwarfsFallState

HUNT_CARD_WEIGHT = 0.5  # share of a monster's clean shot for each own meeple already next to it


def hunting_elves(state: DwarfsFallState, seat: int) -> bool:
    """Whether ``seat`` plays the elves of The Empires (elf accuracy applies)."""
    return state.game.empires and state.game.races[seat] == Race.ELVES


def connected_neighbours(state: DwarfsFallState, cell: int) -> list[int]:
    """Cards next to ``cell`` with no wall between (the ones elf accuracy counts)."""
    passable = state.regions.passable[cell]
    return [nb for bit, nb, _, _ in LINKS[cell] if passable & bit]


def elf_hunt_need(state: DwarfsFallState, seat: int, cell: int) -> int:
    """Meeples the elves still place to slay the monster on ``cell``: those on and around it
    count, and one must stand on it."""
    on_it = state.dwarfs_of(seat, cell)
    around = sum(state.dwarfs_of(seat, nb) for nb in connected_neighbours(state, cell))
    need = state.required_at(cell, seat) - on_it - around
    return max(need, 0 if on_it else 1)


def elf_hunt_blocked(state: DwarfsFallState, seat: int, cell: int) -> bool:
    """Whether the elves cannot reach the meeples the monster on ``cell`` needs: no elf on it
    and no free spot there, or too few free spots on and around it."""
    on_it = state.dwarfs_of(seat, cell)
    if not on_it and not state.has_room(cell):
        return True
    room = SPOTS[state.kind_at(cell)] - state.crowd[cell]
    room += sum(SPOTS[state.kind_at(nb)] - state.crowd[nb] for nb in connected_neighbours(state, cell))
    return room < elf_hunt_need(state, seat, cell)


def _keeps_meeple(state: DwarfsFallState, seat: int, cell: int) -> bool:
    """Whether one more own meeple on ``cell`` stays there (its task does not complete with it)."""
    if IS_MONSTER[state.kind_at(cell)]:
        return True  # a neighbouring monster keeps its meeples until it is slain itself
    return state.dwarfs_of(seat, cell) + 1 < state.required_at(cell, seat)


def share_hunts(state: DwarfsFallState, seat: int, plans: dict[int, float], left: int) -> None:
    """Elf accuracy (X3.2): a free card next to a monster the elves hunt gains the hunt's plan
    (a mine and a monster at once), when the meeple stays there or the hunt can end this turn."""
    hunts = [(cell, plans[cell]) for cell in state.regions.monsters if plans.get(cell, 0.0) > 0]
    for cell, value in hunts:
        ends_now = elf_hunt_need(state, seat, cell) <= left
        for nb in connected_neighbours(state, cell):
            if state.has_room(nb) and (ends_now or _keeps_meeple(state, seat, nb)):
                plans[nb] = plans.get(nb, 0.0) + value


def hunt_card_gain(state: DwarfsFallState, seat: int, cell: int, packed: int) -> float:
    """A monster card the elves play next to their own meeples: a share of its clean shot for
    the meeples that would count for it at once."""
    kind = LAYER_KIND[packed]
    if not hunting_elves(state, seat) or not IS_MONSTER[kind]:
        return 0.0
    around = with_card(state, cell, packed, -1,
                       lambda s: sum(s.dwarfs_of(seat, nb) for nb in connected_neighbours(s, cell)))
    return HUNT_CARD_WEIGHT * CLEAN_SHOT_VP * min(around, REQUIRED[kind] - 1) / REQUIRED[kind]


# ---------------------------------------------------------------------------- the dragon and the scales
SCALES_VALUE = 1.0  # boxing a monster for the gems that complete a goal or the dragon class
SCALES_PICK_BONUS = 5.0  # those gems are picked before any other


def dragon_cost(state: DwarfsFallState, seat: int) -> tuple[int, ...]:
    """Gems the elves keep for their dragon class while they do not own it (none otherwise)."""
    if not hunting_elves(state, seat) or piece_cell(state, seat, Class.DRAGON) != NOT_OWNED:
        return (0,) * NUM_GEMS
    return class_cost(Race.ELVES, Class.DRAGON)


def dragon_gems(state: DwarfsFallState, seat: int) -> list[int]:
    """Gems the elves still miss for their dragon class, per gem type."""
    return [max(c - h, 0) for c, h in zip(dragon_cost(state, seat), state.gems.of(seat))]


def saves_for_dragon(state: DwarfsFallState, seat: int) -> bool:
    """Whether the elves still save for their dragon class (so they buy no alchemist)."""
    return any(dragon_cost(state, seat))


def scales_target(state: DwarfsFallState, seat: int, needed: list[int], budget: int) -> list[int]:
    """The gems monster scales would take: all of ``needed`` (the target goal's and the
    dragon's) or the dragon's alone, whichever fits ``budget`` and the piles first (else none)."""
    for missing in (needed, dragon_gems(state, seat)):
        cost = sum(GEM_VP[g] * k for g, k in enumerate(missing))
        if 0 < cost <= budget and all(state.gem_pile[g] >= k for g, k in enumerate(missing)):
            return list(missing)
    return [0] * NUM_GEMS


def scales_value(state: DwarfsFallState, seat: int, needed: list[int]) -> float:
    """Monster scales: worth boxing a monster, 4 VP, only for gems that complete a goal or the
    dragon class and fit in the hand."""
    target = scales_target(state, seat, needed, SCALES_BUDGET)
    room = HAND_LIMIT - state.hand_size(seat)
    return SCALES_VALUE if any(target) and sum(target) <= room else -1.0


def scales_pick_bonus(state: DwarfsFallState, seat: int, gem: int, needed: list[int], budget: int) -> float:
    """Monster scales: a gem of the set the scales were used for goes first."""
    return SCALES_PICK_BONUS if scales_target(state, seat, needed, budget)[gem] else 0.0


__all__ = [
    "HUNT_CARD_WEIGHT", "SCALES_PICK_BONUS", "SCALES_VALUE", "connected_neighbours", "dragon_cost", "dragon_gems",
    "elf_hunt_blocked", "elf_hunt_need", "hunt_card_gain", "hunting_elves", "saves_for_dragon", "scales_pick_bonus",
    "scales_target", "scales_value", "share_hunts",
]
