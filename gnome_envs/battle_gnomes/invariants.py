"""Component conservation and structural invariants of a Battle Gnomes! state."""

from __future__ import annotations

from collections import Counter

from gnome_envs.battle_gnomes.components import (
    CARD_COPIES,
    CARD_TYPE,
    DEFEATS_TO_WIN,
    MAX_BATTLERS,
    MAX_GNOMES,
    MAX_YARD,
    NUM_DESIGNS,
    NUM_GNOMES,
    SELECTION_SIZE,
    CardType,
)
from gnome_envs.battle_gnomes.pending import DECISIONS, DecisionKind
from gnome_envs.battle_gnomes.state import NO_GNOME, BattleGnomesState

WEAPON, DEFENCE, YARD = int(CardType.WEAPON), int(CardType.DEFENCE), int(CardType.YARD)


def check(state: BattleGnomesState) -> list[str]:
    """Every violated invariant, as readable sentences (empty when all hold)."""
    problems: list[str] = []
    for checker in (_cards, _gnomes, _households, _battle, _end, _pending, _caches):
        problems += checker(state)
    return problems


def card_locations(state: BattleGnomesState) -> Counter:
    """Count of every design over all the places a player card can be."""
    seen = Counter(state.deck)
    seen.update(state.discard)
    for hand in state.hands:
        seen.update(hand)
    seen.update(d for d in state.weapon if d >= 0)
    seen.update(d for d in state.defence if d >= 0)
    for yard in state.yard:
        seen.update(yard)
    seen.update(state.b_area)
    seen.update(frame.play.key for frame in state.stack if frame.play.source != 2)
    if state.held >= 0:
        seen[state.held] += 1
    return seen


def _cards(state: BattleGnomesState) -> list[str]:
    seen = card_locations(state)
    out = [f"design {d}: {seen[d]} cards, expected {CARD_COPIES[d]}"
           for d in range(NUM_DESIGNS) if seen[d] != CARD_COPIES[d]]
    if any(d >= 0 and CARD_TYPE[d] != WEAPON for d in state.weapon):
        out.append("a non-weapon in a weapon slot")
    if any(d >= 0 and CARD_TYPE[d] != DEFENCE for d in state.defence):
        out.append("a non-defence in a defence slot")
    if any(CARD_TYPE[d] != YARD for yard in state.yard for d in yard):
        out.append("a non-yard card among the yard items")
    if any(hand != sorted(hand) for hand in state.hands):
        out.append("a hand is not kept sorted")
    return out


def _gnomes(state: BattleGnomesState) -> list[str]:
    places = list(state.gnome_deck) + [g for g in state.selection if g != NO_GNOME] + list(state.removed)
    for seat in range(state.game.num_players):
        places += state.households[seat] + state.defeated[seat]
    out = [] if sorted(places) == list(range(NUM_GNOMES)) else [f"gnomes {sorted(places)}"]
    housed = {g for household in state.households for g in household}
    for g in range(NUM_GNOMES):
        if g not in housed and (state.weapon[g] >= 0 or state.defence[g] >= 0):
            out.append(f"gnome {g} outside a household carries an attachment")
    if len(state.selection) != SELECTION_SIZE:
        out.append(f"selection has {len(state.selection)} slots")
    if state.gnome_deck and NO_GNOME in state.selection:
        out.append("an empty selection slot while the gnome deck still has gnomes")
    return out


def _households(state: BattleGnomesState) -> list[str]:
    out = []
    replacing = state.pending is not None and state.pending.kind == DecisionKind.REMOVE_GNOME
    for seat, gnomes in enumerate(state.households):
        limit = MAX_GNOMES + (1 if replacing and seat == state.pending.player else 0)
        if len(gnomes) > limit:
            out.append(f"seat {seat} has {len(gnomes)} gnomes")
        if len(state.yard[seat]) > MAX_YARD:
            out.append(f"seat {seat} has {len(state.yard[seat])} yard items")
    return out


def _battle(state: BattleGnomesState) -> list[str]:
    if state.b_att < 0:
        busy = state.b_area or state.b_by or state.b_sides != [(), ()] or state.b_thrown or state.b_def >= 0
        return ["battle marks left without a battle"] if busy else []
    out = []
    if state.b_att == state.b_def:
        out.append("a household battles itself")
    for side in (0, 1):
        seat = state.side_seat(side)
        gnomes = state.b_sides[side]
        if len(gnomes) > MAX_BATTLERS or any(g not in state.households[seat] for g in gnomes):
            out.append(f"side {side} battlers {gnomes} not in household {state.households[seat]}")
    if len(state.b_by) != len(state.b_area):
        out.append("a card in view without the household that played it")
    if len(state.b_sides[1]) > len(state.b_sides[0]):
        out.append("more defenders than attackers")
    return out


def _end(state: BattleGnomesState) -> list[str]:
    best = max(len(d) for d in state.defeated)
    if best >= DEFEATS_TO_WIN and not state.finished:
        return [f"a household has {best} defeated gnomes and the game goes on"]
    if state.finished and state.pending is not None:
        return ["a finished game has a pending decision"]
    return []


def _pending(state: BattleGnomesState) -> list[str]:
    """The legal actions offered with the pending decision still equal a fresh computation."""
    d = state.pending
    if d is None:
        return []
    fresh = tuple(DECISIONS[d.kind].options(state, d.player, d.data))
    if fresh != d.legal:
        return [f"stale legal actions of {DecisionKind(d.kind).name}: {d.legal} != {fresh}"]
    return []


def _caches(state: BattleGnomesState) -> list[str]:
    """Cached observation keys and rows must equal a fresh computation (stale caches are bugs)."""
    from gnome_envs.battle_gnomes.observation_battle import battle_key
    from gnome_envs.battle_gnomes.observation_parts import discard_key, gnomes_key, hand_key, house_row

    out = []
    for seat in range(state.game.num_players):
        if state._hand_keys[seat] is not None and state._hand_keys[seat] != hand_key(state, seat):
            out.append(f"seat {seat}: stale cached hand")
        row = state._house_rows[seat]
        if row is not None and row != house_row(state, seat):
            out.append(f"seat {seat}: stale cached household")
    for name, fresh in (("_gnomes_key", gnomes_key), ("_discard_key", discard_key)):
        cached = getattr(state, name)
        if cached is not None and cached != fresh(state):
            out.append(f"stale cache {name}")
    cached = state._battle_key
    if cached is not None and cached != battle_key(state):
        out.append("stale cache _battle_key")
    return out


__all__ = ["card_locations", "check"]
