"""Secret goals: the seven conditions (and the Empires' four, X9) and their automatic reveal (R9.2)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gnome_envs.dwarfs_fall.components import (
    ARCHITECT_CARDS,
    BERSERKER_MONSTERS,
    KING_VP,
    NUM_GEMS,
    OGRE_IN_DISGUISE_CARDS,
    RESEARCHER_MONSTERS,
    RESEARCHER_TRIO,
    TOWNSMEN_INNS,
    WARLOCK_DIAMONDS,
    WIZARD_EMERALDS,
    ZOOKEEPER_MONSTERS,
    Gem,
    Secret,
)
from gnome_envs.dwarfs_fall.empires import party_bonus


def _architect(state: Any, p: int) -> bool:
    return state.kingdom_size(p) >= ARCHITECT_CARDS


def _berserker(state: Any, p: int) -> bool:
    return len(state.defeated[p]) >= BERSERKER_MONSTERS


def _king(state: Any, p: int) -> bool:
    """O80: the kingdom's worth in play, its cards' VP as the seat counts them (the ogres' party,
    X4.2); the end-of-game cuts of D10 and D12 do not apply before the end."""
    k = state.kingdom(p)
    return k is not None and k.vp + party_bonus(state, p, k) >= KING_VP


def _miner(state: Any, p: int) -> bool:
    return all(state.gems.count(p, g) for g in range(NUM_GEMS))


def _ogre_in_disguise(state: Any, p: int) -> bool:
    return state.ogres.size(p) >= OGRE_IN_DISGUISE_CARDS


def _researcher(state: Any, p: int) -> bool:
    monsters = state.regions.monsters
    if len(monsters) < RESEARCHER_MONSTERS:  # (not enough monster cards on the mat yet)
        return False
    n, dwarfs = state.game.num_players, state.dwarfs
    # a trio stands on one of the seat's cells with dwarfs (a few), not on every monster (many)
    trios = sum(1 for c in state._seat_cells[p] if dwarfs[c * n + p] >= RESEARCHER_TRIO and c in monsters)
    return trios >= RESEARCHER_MONSTERS


def _wizard(state: Any, p: int) -> bool:
    return state.gems.count(p, Gem.EMERALD) >= WIZARD_EMERALDS


def _zookeeper(state: Any, p: int) -> bool:
    k = state.kingdom(p)
    return k is not None and k.monsters >= ZOOKEEPER_MONSTERS


def _townsmen(state: Any, p: int) -> bool:
    k = state.kingdom(p)
    return k is not None and k.inns >= TOWNSMEN_INNS


def _warlock(state: Any, p: int) -> bool:
    return state.gems.count(p, Gem.DIAMOND) >= WARLOCK_DIAMONDS


def _adventurers(state: Any, p: int) -> bool:
    return state.adventured[p]


SECRET_TESTS: dict[int, Callable[[Any, int], bool]] = {
    Secret.ARCHITECT: _architect,
    Secret.BERSERKER: _berserker,
    Secret.KING: _king,
    Secret.MINER: _miner,
    Secret.OGRE_IN_DISGUISE: _ogre_in_disguise,
    Secret.RESEARCHER: _researcher,
    Secret.WIZARD: _wizard,
    Secret.ZOOKEEPER: _zookeeper,
    Secret.TOWNSMEN: _townsmen,
    Secret.WARLOCK: _warlock,
    Secret.ADVENTURERS: _adventurers,
}
SECRET_TEST_LIST = tuple(SECRET_TESTS[s] for s in Secret)
RESEARCHER = int(Secret.RESEARCHER)  # the goal that reads the dwarfs on the mat


def secret_met(state: Any, p: int, goal: int) -> bool:
    """Whether secret goal ``goal`` is met for seat ``p`` now."""
    return SECRET_TEST_LIST[goal](state, p)


def secret_versions(state: Any) -> tuple[int, int, int, int]:
    """What every goal but Researcher reads changes only with these: the public rows (monsters
    slain, adventures: ``touch``), the mat (kingdoms), the gems and the ogre cards."""
    return state._public_version, state._layout_version, state.gems.version, state.ogres.version


def check_secrets(state: Any) -> None:
    """R9.2: every secret goal that is met is revealed at once (and stays completed). Between two
    checks at the same ``secret_versions`` only Researcher's dwarfs can have moved."""
    versions = (state._public_version, state._layout_version, state.gems.version, state.ogres.version)
    if versions == state._secrets_checked:  # (``secret_versions`` inlined: called every decision)
        if RESEARCHER in state.secret:
            p = state.secret.index(RESEARCHER)  # (one seat at most: every goal is one card)
            if not state.secret_revealed[p] and _researcher(state, p):
                _reveal(state, p)
                state._secrets_checked = secret_versions(state)
        return
    _check_every_seat(state)
    state._secrets_checked = secret_versions(state)  # (after any reveal)


def _check_every_seat(state: Any) -> None:
    """Each seat's unrevealed goal, its cheap necessary condition first."""
    revealed = state.secret_revealed
    for p, goal in enumerate(state.secret):
        if revealed[p] or goal < 0:
            continue
        what, least = PRECONDITION[goal]  # the cheap necessary condition first
        if what == CASTLE:
            if state.castle_cell[p] < 0:
                continue
            kingdom = state.kingdom(p)
            unmet = state._secret_unmet[p]
            if unmet is not None and unmet[1] is kingdom and unmet[0] == goal:
                continue  # (a kingdom goal reads only the kingdom: unmet in this one before)
            if SECRET_TEST_LIST[goal](state, p):
                _reveal(state, p)
            else:
                state._secret_unmet = state._secret_unmet[:p] + ((goal, kingdom),) + state._secret_unmet[p + 1:]
            continue
        if what == GEMS:
            if state.gems.sizes[p] < least:
                continue
        elif what == OGRES:
            if state.ogres.sizes[p] < least:
                continue
        elif what == ON_BOARD and state.on_board(p) < least:
            continue
        if SECRET_TEST_LIST[goal](state, p):
            _reveal(state, p)


def _reveal(state: Any, p: int) -> None:
    """Seat ``p``'s secret goal is met: revealed now."""
    state.secret_revealed[p] = True
    state.reveal_round[p] = state.round
    state.secret_changed(p)


# a cheap necessary condition of each goal (skips the full test most of the time): what it
# reads, and the least amount of it; a CASTLE goal is a function of the kingdom (a Region, its
# seat's race fixed), so one found unmet stays unmet while the kingdom is the same object
ANYTHING, CASTLE, GEMS, OGRES, ON_BOARD = range(5)
NEED: dict[int, tuple[int, int]] = {
    Secret.ARCHITECT: (CASTLE, 0), Secret.KING: (CASTLE, 0), Secret.ZOOKEEPER: (CASTLE, 0),
    Secret.TOWNSMEN: (CASTLE, 0), Secret.MINER: (GEMS, NUM_GEMS), Secret.WIZARD: (GEMS, WIZARD_EMERALDS),
    Secret.WARLOCK: (GEMS, WARLOCK_DIAMONDS), Secret.OGRE_IN_DISGUISE: (OGRES, OGRE_IN_DISGUISE_CARDS),
    Secret.RESEARCHER: (ON_BOARD, RESEARCHER_TRIO * RESEARCHER_MONSTERS),
}
PRECONDITION = tuple(NEED.get(s, (ANYTHING, 0)) for s in Secret)


__all__ = ["SECRET_TESTS", "check_secrets", "secret_met", "secret_versions"]
