"""Troll's Bridge (T1-T6): the lake, the troll, his tolls, moods and roaming, the Troll King.

State (only in Troll's Bridge games): ``troll_cell`` (the card the troll stands on; his bridge
is on the lake, ``LAKE_CELL``), ``mood_deck`` (face up, ``[0]`` the current mood, cycled and
never reshuffled), ``moods_seen``, ``toll`` (the chip's step on the current mood's track),
``roaming_deck`` / ``roaming_discard`` and ``toll_paid`` (this turn).

Decisions: ``TROLL_DEST`` (a CELL: where a paid toll moves the troll, his own card included)
and ``TROLL_DENY`` (OGRE Troll King to deny an ogre card aimed at the decider, END to let it
happen; its data: the ogre kind, the player, the seats still to ask, the card the ogre card
targets and the seat it names, -1 for none). Clause numbers refer to ``seeds/dwarfs_fall.md``.
"""

from __future__ import annotations

from gnome_envs.core.errors import InvariantError
from gnome_envs.dwarfs_fall.actions import ActionLayout, Family
from gnome_envs.dwarfs_fall.components import (
    LAKE_CELL,
    LAKE_CODE,
    MOOD_TRACK,
    NEIGHBOUR,
    NUM_MOODS,
    NUM_ROAMING,
    ROAMING_CARDS,
    TROLL_STEPS,
    Mood,
    Ogre,
    layer,
)
from gnome_envs.dwarfs_fall.pending import (
    DECISIONS,
    STEPS,
    Decision,
    DecisionKind,
    DecisionRule,
    Step,
    offer,
)
from gnome_envs.dwarfs_fall.state import DwarfsFallState

TROLL_KING = int(Ogre.TROLL_KING)


def _layout(state: DwarfsFallState) -> ActionLayout:
    return state.game.action_layout


# ---------------------------------------------------------------------------- setup (T1)
def setup_troll(state: DwarfsFallState) -> None:
    """T1.1-T1.2: the lake on d4 with the troll and his bridge; the mood and roaming decks."""
    rng = state.rng
    state.put_card(LAKE_CELL, layer(LAKE_CODE, 0))
    state.troll_cell = LAKE_CELL
    moods = list(range(NUM_MOODS))
    rng.shuffle(moods)
    state.mood_deck = moods
    state.moods_seen = 1
    state.toll = 0
    roaming = list(range(NUM_ROAMING))
    rng.shuffle(roaming)
    state.roaming_deck = roaming
    state.roaming_discard = []
    state.toll_paid = False


# ---------------------------------------------------------------------------- moving the troll
def troll_reach(state: DwarfsFallState, start: int, steps: int = TROLL_STEPS) -> list[int]:
    """Cards within ``steps`` squares of ``start`` over cards, walls ignored (T1.2), start included."""
    top = state.top
    seen = {start}
    frontier = [start]
    for _ in range(steps):
        nxt = []
        for cell in frontier:
            for nb in NEIGHBOUR[cell]:
                if nb >= 0 and top[nb] >= 0 and nb not in seen:
                    seen.add(nb)
                    nxt.append(nb)
        frontier = nxt
    return sorted(seen)


def perform_mood(state: DwarfsFallState) -> None:
    """T4.1: the Scary troll sends every dwarf on his card home (the other moods are standing, T4.2-4)."""
    if state.mood_deck[0] == Mood.SCARY:
        state.clear_cell(state.troll_cell)


def advance_toll(state: DwarfsFallState) -> None:
    """T5: the toll chip moves one step; past the last step the top mood card goes to the bottom."""
    state.toll += 1
    if state.toll >= MOOD_TRACK[state.mood_deck[0]]:
        state.mood_deck = state.mood_deck[1:] + state.mood_deck[:1]
        state.toll = 0
        state.moods_seen = min(NUM_MOODS, state.moods_seen + 1)


def offer_troll_move(state: DwarfsFallState, p: int) -> None:
    """T2.2: a paid toll lets the player move the troll up to two cards."""
    state.toll_paid = True
    offer(state, DecisionKind.TROLL_DEST, p)


def _dest_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.cell(c) for c in troll_reach(state, state.troll_cell)]


def _dest(state: DwarfsFallState, d: Decision, action: int) -> None:
    """The troll goes to the chosen card, performs his mood, and the toll chip moves on."""
    state.troll_cell = _layout(state).decode(action).arg
    perform_mood(state)
    advance_toll(state)


def _roam(state: DwarfsFallState, p: int) -> None:
    """T3: with no toll paid this turn, a roaming card walks the troll, who then performs his mood."""
    if state.toll_paid:
        return
    if not state.roaming_deck:  # T3.3: the used roaming cards are shuffled into a new deck
        deck = sorted(state.roaming_discard)
        state.rng.shuffle(deck)
        state.roaming_deck = deck
        state.roaming_discard = []
    card = state.roaming_deck.pop()
    state.roaming_discard.append(card)
    walk(state, ROAMING_CARDS[card].steps)
    perform_mood(state)
    advance_toll(state)


def walk(state: DwarfsFallState, sides: tuple[int, ...]) -> None:
    """T3.2: one square per arrow; a step onto no card takes the troll off the board, back to his bridge."""
    top = state.top
    cell = state.troll_cell
    for side in sides:
        nb = NEIGHBOUR[cell][side]
        if nb < 0 or top[nb] < 0:
            cell = LAKE_CELL
            break
        cell = nb
    state.troll_cell = cell


# ---------------------------------------------------------------------------- the Troll King (T6)
def _offset(state: DwarfsFallState, p: int, q: int) -> int:
    return (q - p) % state.game.num_players


CELL_TARGETS = frozenset({int(Ogre.AMBUSH), int(Ogre.BRUTE), int(Ogre.PANIC), int(Ogre.WRECKING_BALL)})
SEAT_AFTER_CELL = frozenset({int(Ogre.BRUTE), int(Ogre.PANIC)})  # the owner of the dwarf it moves
SEAT_TARGETS = frozenset({int(Ogre.THIEF), int(Ogre.CROWN)})  # the victim


def target_of(kind: int, args: tuple[int, ...]) -> tuple[int, int]:
    """(card, seat) an ogre card with targets ``args`` is aimed at (-1 where it names none)."""
    cell = args[0] if kind in CELL_TARGETS else -1
    seat = args[1] if kind in SEAT_AFTER_CELL else args[0] if kind in SEAT_TARGETS else -1
    return cell, seat


def deny_guard(state: DwarfsFallState, p: int, kind: int, victims: list[int], go: tuple) -> bool:
    """T6.2: if a victim holds a Troll King, queue the card's effect ``go`` and ask that victim
    (who sees the card and the seat it targets, as at the table)."""
    holders = [v for v in sorted(victims, key=lambda v: _offset(state, p, v))
               if state.ogres.count(v, TROLL_KING)]
    if not holders:
        return False
    state.tasks.append(go)
    offer(state, DecisionKind.TROLL_DENY, holders[0], (kind, p, tuple(holders[1:])) + target_of(kind, go[3:]))
    return True


def _deny_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.end(), layout.ogre(TROLL_KING)]


def _deny(state: DwarfsFallState, d: Decision, action: int) -> None:
    """Deny: the Troll King is discarded and the card does nothing; allow: ask the next victim."""
    from gnome_envs.dwarfs_fall.flow import discard_ogre

    kind, player, rest, cell, target = d.data
    if _layout(state).decode(action).family == Family.OGRE:
        discard_ogre(state, d.player, TROLL_KING)
        go = state.tasks.pop()
        if go[0] != Step.OGRE_GO:
            raise InvariantError(f"denied an ogre card but the next task is {go!r}")
        return
    holders = [v for v in rest if state.ogres.count(v, TROLL_KING)]
    if holders:
        offer(state, DecisionKind.TROLL_DENY, holders[0], (kind, player, tuple(holders[1:]), cell, target))


def _ogre_go(state: DwarfsFallState, p: int, kind: int, *args: int) -> None:
    """The effect of an ogre card nobody denied (its targets chosen earlier)."""
    from gnome_envs.dwarfs_fall.ogres import steal

    if kind == Ogre.AMBUSH:
        from gnome_envs.dwarfs_fall.ogres import ambush

        ambush(state, p, args[0])
    elif kind == Ogre.WRECKING_BALL:
        from gnome_envs.dwarfs_fall.ogres import wreck

        wreck(state, p, args[0])
    elif kind == Ogre.BRUTE:
        offer(state, DecisionKind.BRUTE_OWN, p, (args[0], args[1]))
    elif kind == Ogre.PANIC:
        offer(state, DecisionKind.PANIC_DEST, p, (args[0], args[1]))
    elif kind == Ogre.THIEF:
        steal(state, p, args[0])
    elif kind == Ogre.CROWN:
        state.ogres.take_all(p, args[0])
    else:
        raise InvariantError(f"no delayed effect for ogre kind {kind}")


DECISIONS.update({
    DecisionKind.TROLL_DEST: DecisionRule(_dest_options, _dest),
    DecisionKind.TROLL_DENY: DecisionRule(_deny_options, _deny),
})
STEPS.update({Step.TROLL_ROAM: _roam, Step.OGRE_GO: _ogre_go})

__all__ = ["advance_toll", "deny_guard", "offer_troll_move", "perform_mood", "setup_troll", "troll_reach", "walk"]
