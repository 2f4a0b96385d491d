"""Shared helpers of the Battle Gnomes! rules tests (``seeds/battle_gnomes.md``).

Positions are drawn with ``gnome_envs.battle_gnomes.scenario.build_position`` (gnomes and
cards by name, see that module); decisions are played through the public engine API
(``legal_actions``, ``apply``, ``decision_name``). Positions are built with
``skip_forced=False`` unless a test says otherwise, so every decision is visible.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np

from gnome_envs.battle_gnomes.actions import Decoded, Family
from gnome_envs.battle_gnomes.components import (
    CARD_COPIES,
    CARDS,
    NUM_DESIGNS,
    NUM_GNOMES,
)
from gnome_envs.battle_gnomes.pending import DecisionKind
from gnome_envs.battle_gnomes.scenario import build_position, card_id, gnome_id
from gnome_envs.battle_gnomes.state import BattleGnomesState
from gnome_envs.core.registry import make_game

ENV_ID = "battle_gnomes_v1"
MAX_STEPS = 5000

__all__ = [
    "ENV_ID",
    "DecisionKind",
    "Family",
    "act",
    "build",
    "card",
    "cards_everywhere",
    "decision",
    "fresh",
    "gnome",
    "gnomes_everywhere",
    "legal_args",
    "pass_turn_actions",
    "play",
    "play_random",
    "react_until_end",
]


def build(**kwargs: Any) -> BattleGnomesState:
    """A constructed position (every decision offered unless skip_forced is given)."""
    kwargs.setdefault("skip_forced", False)
    return build_position(**kwargs)


def fresh(seed: int = 0, num_players: int = 2, **config: Any) -> BattleGnomesState:
    """A new game from setup."""
    return make_game(ENV_ID, num_players=num_players, **config).new_state(seed)


card, gnome = card_id, gnome_id


def decision(state: BattleGnomesState) -> DecisionKind:
    """Kind of the pending decision."""
    return DecisionKind(state.pending.kind)


def legal_args(state: BattleGnomesState, family: Family) -> list[tuple[int, int]]:
    """(arg, arg2) of the legal actions of ``family``."""
    lay = state.game.action_layout
    out = []
    for a in state.legal_actions():
        d = lay.decode(a)
        if d.family == family:
            out.append((d.arg, d.arg2))
    return out


def act(state: BattleGnomesState, family: Family, arg: int = -1, arg2: int = -1) -> None:
    """Apply the action (family, arg, arg2); it must be legal."""
    action = state.game.action_layout.encode(Decoded(family, arg, arg2))
    legal = state.legal_actions()
    assert action in legal, (
        f"{state.describe_action(action)} not legal in {state.decision_name()}: "
        f"{[state.describe_action(a) for a in legal]}"
    )
    state.apply(action)


def play(state: BattleGnomesState, name: str) -> None:
    """Play (or discard, attach, lay: whatever CARD means now) the card called ``name``."""
    act(state, Family.CARD, card(name))


def pass_turn_actions(state: BattleGnomesState, until: DecisionKind | None = None) -> None:
    """Answer PASS while it is legal (and the decision is not ``until``)."""
    lay = state.game.action_layout
    while not state.is_terminal() and lay.pass_action in state.legal_actions():
        if until is not None and decision(state) == until:
            return
        state.apply(lay.pass_action)


def react_until_end(state: BattleGnomesState) -> None:
    """Everyone passes in the reaction loop and every response window until the battle ends."""
    lay = state.game.action_layout
    while state.b_att >= 0 and decision(state) in (DecisionKind.REACT, DecisionKind.RESPOND):
        state.apply(lay.pass_action)


def play_random(state: BattleGnomesState, rng: np.random.Generator, steps: int = MAX_STEPS) -> int:
    """Random legal actions until the end (or ``steps``); returns the number played."""
    done = 0
    while not state.is_terminal() and done < steps:
        legal = state.legal_actions()
        state.apply(legal[rng.integers(len(legal))])
        done += 1
    return done


def cards_everywhere(state: BattleGnomesState) -> list[str]:
    """Independent recount of every player card (R1.1): problems, empty when all are there."""
    seen = Counter(state.deck) + Counter(state.discard) + Counter(state.b_area)
    for hand in state.hands:
        seen += Counter(hand)
    for yard in state.yard:
        seen += Counter(yard)
    seen += Counter(d for d in state.weapon + state.defence if d >= 0)
    seen += Counter(f.play.key for f in state.stack if f.play.source != 2)
    if state.held >= 0:
        seen[state.held] += 1
    return [f"{CARDS[d].name}: {seen[d]} != {CARD_COPIES[d]}" for d in range(NUM_DESIGNS)
            if seen[d] != CARD_COPIES[d]]


def gnomes_everywhere(state: BattleGnomesState) -> list[str]:
    """Independent recount of every gnome (R1.1): problems, empty when each is in one place."""
    places = Counter(state.gnome_deck) + Counter(g for g in state.selection if g >= 0) + Counter(state.removed)
    for seat in range(state.game.num_players):
        places += Counter(state.households[seat]) + Counter(state.defeated[seat])
    return [f"gnome {g} in {places[g]} places" for g in range(NUM_GNOMES) if places[g] != 1]
