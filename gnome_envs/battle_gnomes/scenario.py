"""Build a Battle Gnomes! position from a readable description (for tests, puzzles, curricula).

Cards and gnomes are named by a unique, case-insensitive start of their name (``"rake"``,
``"sir spr"``, ``"no way"``). Every component is taken from its deck, so the position
conserves all counts; the decks are shuffled with ``seed`` and the named ``deck_top`` cards
and ``gnome_deck_top`` gnomes are put on top (the last one named is drawn first). With
``deck_size`` only that many cards (the named ones on top) stay in the deck; the others lie
face up on the discard pile, after the named ``discard`` cards.

A gnome is given as its name or as ``(name, weapon, defence)`` with ``None`` for an empty slot.
The position starts at ``phase`` of ``turn_player``'s turn, turn ``turn_number`` of the game:

==============  ==============================================================================
phase           first decision
==============  ==============================================================================
``start``       the start of the turn (recruits below two gnomes, discards, draw, turn action)
``action``      the turn action (Organize, Recruit, Gnome Battle)
``organize``    Organize (then the turn ends)
``recruit``     Recruit (then the turn ends)
``battle``      a battle of ``turn_player`` against ``battle["defender"]`` with the given
                ``attackers`` and ``defenders`` already chosen: the reaction loop starts with
                the attacker (give ``stage="whole"`` to start at the whole-battle window)
==============  ==============================================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gnome_envs.battle_gnomes.battle import Stage, targets_for
from gnome_envs.battle_gnomes.components import (
    CARD_TYPE,
    CARDS,
    GNOMES,
    SELECTION_SIZE,
    SLOT_OF_DESIGN,
    CardType,
)
from gnome_envs.battle_gnomes.game import BattleGnomesGame, make_game
from gnome_envs.battle_gnomes.pending import Task, advance, push
from gnome_envs.battle_gnomes.state import NO_GNOME, BattleGnomesState
from gnome_envs.core.errors import ConfigError

PHASES = ("start", "action", "organize", "recruit", "battle")
GnomeSpec = str | tuple[str, str | None, str | None]


def _lookup(name: str, names: Sequence[str], what: str) -> int:
    key = name.lower()
    hits = [i for i, full in enumerate(names) if full.lower().startswith(key)]
    exact = [i for i in hits if names[i].lower() == key]
    if len(exact) == 1:
        return exact[0]
    if len(hits) != 1:
        raise ConfigError(f"{what} {name!r} matches {[names[i] for i in hits]}; name exactly one")
    return hits[0]


def card_id(name: str) -> int:
    """Design index of the card named by a unique start of its name."""
    return _lookup(name, [c.name for c in CARDS], "card")


def gnome_id(name: str) -> int:
    """Id of the gnome named by a unique start of its name."""
    return _lookup(name, [g.name for g in GNOMES], "gnome")


class _Supply:
    """The two decks from which a position takes its components."""

    def __init__(self, state: BattleGnomesState) -> None:
        self.state = state
        self.cards = [d for d, c in enumerate(CARDS) for _ in range(c.copies)]
        self.gnomes = list(range(len(GNOMES)))

    def card(self, name: str) -> int:
        """Take one card called ``name`` out of the supply."""
        design = card_id(name)
        if design not in self.cards:
            raise ConfigError(f"no {CARDS[design].name} left for the position")
        self.cards.remove(design)
        return design

    def gnome(self, name: str) -> int:
        """Take the gnome called ``name`` out of the supply."""
        gnome = gnome_id(name)
        if gnome not in self.gnomes:
            raise ConfigError(f"{GNOMES[gnome].name} is used twice in the position")
        self.gnomes.remove(gnome)
        return gnome


def _place_household(state: BattleGnomesState, supply: _Supply, seat: int, gnomes: Sequence[GnomeSpec]) -> None:
    for spec in gnomes:
        name, weapon, defence = (spec, None, None) if isinstance(spec, str) else spec
        gnome = supply.gnome(name)
        state.households[seat].append(gnome)
        for item, kind in ((weapon, CardType.WEAPON), (defence, CardType.DEFENCE)):
            if item is None:
                continue
            design = supply.card(item)
            if CARD_TYPE[design] != kind:
                raise ConfigError(f"{CARDS[design].name} is not a {kind.name.lower()}")
            state.set_attachment(gnome, SLOT_OF_DESIGN[design], design)


def build_position(
    num_players: int = 2,
    households: dict[int, Sequence[GnomeSpec]] | None = None,
    hands: dict[int, Sequence[str]] | None = None,
    yards: dict[int, Sequence[str]] | None = None,
    defeated: dict[int, Sequence[str]] | None = None,
    selection: Sequence[str] | None = None,
    discard: Sequence[str] = (),
    deck_top: Sequence[str] = (),
    gnome_deck_top: Sequence[str] = (),
    deck_size: int | None = None,
    turn_player: int = 0,
    turn_number: int = 1,
    phase: str = "action",
    battle: dict[str, Any] | None = None,
    seed: int = 0,
    **config: Any,
) -> BattleGnomesState:
    """A position described by its parts (see the module docstring)."""
    if phase not in PHASES:
        raise ConfigError(f"phase must be one of {PHASES}, got {phase!r}")
    game: BattleGnomesGame = make_game(num_players=num_players, **config)
    state = BattleGnomesState(game, seed)
    state.in_setup = False
    supply = _Supply(state)
    for seat, gnomes in (households or {}).items():
        _place_household(state, supply, seat, gnomes)
    for seat, names in (hands or {}).items():
        state.hands[seat] = sorted(supply.card(name) for name in names)
    for seat, names in (yards or {}).items():
        state.yard[seat] = [supply.card(name) for name in names]
    for seat, names in (defeated or {}).items():
        state.defeated[seat] = [supply.gnome(name) for name in names]
    state.discard = [supply.card(name) for name in discard]
    _stack_decks(state, supply, deck_top, selection, gnome_deck_top)
    if deck_size is not None:
        if not 0 <= deck_size <= len(state.deck):
            raise ConfigError(f"deck_size must be 0-{len(state.deck)}, got {deck_size!r}")
        cut = len(state.deck) - deck_size
        state.discard += state.deck[:cut]
        del state.deck[:cut]
    state.turn_player = turn_player
    state.turn_number = turn_number
    _queue(state, phase, turn_player, battle or {})
    advance(state)
    if game.skip_forced:
        state.play_forced()
    return state


def _stack_decks(state: BattleGnomesState, supply: _Supply, deck_top: Sequence[str],
                 selection: Sequence[str] | None, gnome_deck_top: Sequence[str]) -> None:
    """Shuffle what is left into the two decks, named cards on top; lay out the selection."""
    top_cards = [supply.card(name) for name in deck_top]
    chosen = [supply.gnome(name) for name in selection] if selection is not None else []
    top_gnomes = [supply.gnome(name) for name in gnome_deck_top]
    state.rng.shuffle(supply.cards)
    state.rng.shuffle(supply.gnomes)
    state.deck = supply.cards + top_cards[::-1]
    state.gnome_deck = supply.gnomes + top_gnomes[::-1]
    while len(chosen) < SELECTION_SIZE and selection is None and state.gnome_deck:
        chosen.append(state.gnome_deck.pop())
    state.selection = chosen + [NO_GNOME] * (SELECTION_SIZE - len(chosen))


def _queue(state: BattleGnomesState, phase: str, p: int, battle: dict[str, Any]) -> None:
    end = (Task.END_TURN, p)
    if phase == "start":
        state.turn_number -= 1  # the turn's start counts it
        push(state, (Task.START_TURN, p))
    elif phase == "action":
        push(state, (Task.TURN_ACTION, p), end)
    elif phase == "organize":
        state.organizing = True
        push(state, (Task.ORGANIZE, p), end)
    elif phase == "recruit":
        push(state, (Task.RECRUIT, p), end)
    else:
        _start_battle(state, p, battle)
        first = (Task.WHOLE_WINDOW, 0, 0) if battle.get("stage") == "whole" else (Task.LOOP, p, 0)
        push(state, first, end)


def _start_battle(state: BattleGnomesState, p: int, battle: dict[str, Any]) -> None:
    whole = battle.get("stage") == "whole"
    if whole and battle["defender"] not in targets_for(state, p):  # gnomes are chosen in play (R7.3)
        raise ConfigError(f"seat {p} may not attack seat {battle['defender']} (R7.1)")
    state.clear_battle()
    state.b_att = p
    state.b_def = battle["defender"]
    state.b_stage = int(Stage.WHOLE if whole else Stage.LOOP)
    if not whole:
        for side, key, seat in ((0, "attackers", p), (1, "defenders", state.b_def)):
            gnomes = tuple(gnome_id(name) for name in battle[key])
            if any(g not in state.households[seat] for g in gnomes):
                raise ConfigError(f"{key} {battle[key]} are not all in seat {seat}'s household")
            state.b_sides[side] = gnomes


__all__ = ["PHASES", "build_position", "card_id", "gnome_id"]
