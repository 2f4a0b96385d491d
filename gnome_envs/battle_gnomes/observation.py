"""Observation vector of Battle Gnomes!.

Public: the gnomes of every household with their attachments, the yard items, hand sizes and
hand limits, the defeated stacks, the selection gnomes, which gnomes are still in the gnome
deck (not their order), the deck size, the face-up discard pile, the battle (sides, marks,
totals, cards in view) and the response stack. Private: the observer's own hand. Never seen:
other hands and the order of both decks. Seats are relative: block ``r`` describes the
household ``r`` seats clockwise from the observer (``r = 0`` is the observer). All values lie
in [0, 1]. ``n`` players, ``K = 39`` card designs, 24 gnomes.

=================  =========================  =================================================
segment            size                       content
=================  =========================  =================================================
decision           23                         one-hot kind of the pending decision
decider            n                          relative seat deciding now
turn_player        n                          relative seat whose turn it is
progress           4                          turn / (30 n + 1), final round, final turns left / (n + 1), setup
context_card       K                          card in transit (being placed, awaiting targets)
context_purpose    6                          why a target is being chosen (targets.Purpose)
context_seat       n                          targeted household
context_side       2                          whole-battle seat / winning side of the pending choice
context_passes     1                          passes in a row so far / n (whole-battle window, loop)
hand               K                          own cards per design / copies of that design
selection          3 x 24                     face-up selection gnomes
gnome_deck         1 + 24                     gnomes left / 24; which gnomes are still in it
player_deck        1                          cards left / 78
discard            K                          discard pile per design / copies
households         n x 192                    per household: hand size, hand limit, defeated,
                                              gnomes, items in play, yard size; yard items per
                                              design; 5 gnome slots x (id 24, weapon 6,
                                              defence 4, weapon/defence placed this Organize)
battle             5 + 2n + 10 + K + 4 x 29   stage, attacker, defender, totals, bonuses,
                                              Home Turf x 2, Sneak Attack, called off, action
                                              cards resolved x 2; cards in view; per side and
                                              battler: gnome id, Pep Talk,
                                              weapon nulled, defence nulled, function used, value
stack              1 + 2 x (69 + n)           depth / 8; innermost two plays: source 3, card K,
                                              gnome 24, declarer n, side 2, cancelled
=================  =========================  =================================================

Sizes: 958 / 1157 / 1356 / 1555 / 1754 entries for 2-6 players.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gnome_envs.battle_gnomes.components import (
    CARD_COPIES,
    DEFEATS_TO_WIN,
    DEFENCE_DESIGNS,
    MAX_BATTLERS,
    MAX_GNOMES,
    MAX_YARD,
    NUM_DESIGNS,
    NUM_GNOMES,
    NUM_PLAYER_CARDS,
    SELECTION_SIZE,
    WEAPON_DESIGNS,
    YARD_DESIGNS,
)
from gnome_envs.battle_gnomes.flow import turn_limit
from gnome_envs.battle_gnomes.pending import NUM_DECISION_KINDS, DecisionKind
from gnome_envs.battle_gnomes.state import BattleGnomesState
from gnome_envs.core.engine import LayoutBuilder, Segment

HAND_SCALE = 12.0
HAND_LIMIT_SCALE = 8.0
ITEMS_SCALE = 2 * MAX_GNOMES + MAX_YARD
TOTAL_OFFSET = 10.0  # battle totals and bonuses are shifted by this, then scaled and clipped
TOTAL_SCALE = 50.0
THROWN_SCALE = 15.0
ACTIONS_SCALE = 6.0
GNOME_VALUE_SCALE = 15.0
STACK_SCALE = 8.0
NUM_PURPOSES = 6
NUM_STAGES = 5
NUM_SOURCES = 3
STACK_FRAMES_SHOWN = 2
GNOME_SLOTS = MAX_GNOMES + 1  # a fifth gnome stands in a household while one is being replaced
SLOT_FEATURES = NUM_GNOMES + len(WEAPON_DESIGNS) + len(DEFENCE_DESIGNS) + 2
HOUSE_SCALARS = 6
HOUSE_FEATURES = HOUSE_SCALARS + len(YARD_DESIGNS) + GNOME_SLOTS * SLOT_FEATURES
BATTLER_FEATURES = NUM_GNOMES + 5
BATTLE_FLAGS = 10
BATTLE_ROW_SIZE = NUM_STAGES + BATTLE_FLAGS + NUM_DESIGNS + 2 * MAX_BATTLERS * BATTLER_FEATURES
COPIES = np.array(CARD_COPIES, dtype=np.float32)
WEAPON_COLUMN = {d: i for i, d in enumerate(WEAPON_DESIGNS)}
DEFENCE_COLUMN = {d: i for i, d in enumerate(DEFENCE_DESIGNS)}
YARD_COLUMN = {d: i for i, d in enumerate(YARD_DESIGNS)}


def frame_features(n: int) -> int:
    """Entries describing one play on the response stack."""
    return 3 + NUM_DESIGNS + NUM_GNOMES + n + 2 + 1


@dataclass(frozen=True)
class ObservationLayout:
    """Segments of the observation vector for one player count."""

    num_players: int
    segments: tuple[Segment, ...]
    size: int
    at: dict[str, int]


def build_layout(n: int) -> ObservationLayout:
    """The observation layout for ``n`` players."""
    b = LayoutBuilder()
    battle = NUM_STAGES + 2 * n + BATTLE_FLAGS + NUM_DESIGNS + 2 * MAX_BATTLERS * BATTLER_FEATURES
    for name, size in (
        ("decision", NUM_DECISION_KINDS), ("decider", n), ("turn_player", n), ("progress", 4),
        ("context_card", NUM_DESIGNS), ("context_purpose", NUM_PURPOSES), ("context_seat", n),
        ("context_side", 2), ("context_passes", 1), ("hand", NUM_DESIGNS),
        ("selection", SELECTION_SIZE * NUM_GNOMES), ("gnome_deck", 1 + NUM_GNOMES),
        ("player_deck", 1), ("discard", NUM_DESIGNS), ("households", n * HOUSE_FEATURES),
        ("battle", battle), ("stack", 1 + STACK_FRAMES_SHOWN * frame_features(n)),
    ):
        b.add(name, size)
    segments = b.build()
    return ObservationLayout(n, segments, b.size, {s.name: s.start for s in segments})


LAYOUTS = {n: build_layout(n) for n in range(2, 7)}


def state_extra(n: int) -> int:
    """Entries the full-information vector adds: every hand, the top card, the top gnome."""
    return n * NUM_DESIGNS + NUM_DESIGNS + NUM_GNOMES


# ---------------------------------------------------------------------------- cached parts
def hand_row(state: BattleGnomesState, seat: int) -> np.ndarray:
    """Cards of ``seat``'s hand per design / copies."""
    counts = np.bincount(np.asarray(state.hands[seat], dtype=np.int64), minlength=NUM_DESIGNS)
    return (counts / COPIES).astype(np.float32)


def house_row(state: BattleGnomesState, seat: int) -> np.ndarray:
    """Public features of household ``seat`` (see the module table)."""
    row = np.zeros(HOUSE_FEATURES, dtype=np.float32)
    gnomes = state.households[seat]
    yard = state.yard[seat]
    row[:HOUSE_SCALARS] = [  # the hand size (entry 0) is written by observe(): it changes often
        0.0, state.hand_limit(seat) / HAND_LIMIT_SCALE,
        min(len(state.defeated[seat]) / DEFEATS_TO_WIN, 1.0), len(gnomes) / GNOME_SLOTS,
        state.items_in_play(seat) / ITEMS_SCALE, len(yard) / MAX_YARD,
    ]
    for design in yard:
        row[HOUSE_SCALARS + YARD_COLUMN[design]] += 1.0 / MAX_YARD
    base = HOUSE_SCALARS + len(YARD_DESIGNS)
    for k, g in enumerate(gnomes):
        at = base + k * SLOT_FEATURES
        row[at + g] = 1.0
        at += NUM_GNOMES
        if state.weapon[g] >= 0:
            row[at + WEAPON_COLUMN[state.weapon[g]]] = 1.0
        at += len(WEAPON_DESIGNS)
        if state.defence[g] >= 0:
            row[at + DEFENCE_COLUMN[state.defence[g]]] = 1.0
        at += len(DEFENCE_DESIGNS)
        row[at] = state.settled >> (2 * g) & 1
        row[at + 1] = state.settled >> (2 * g + 1) & 1
    return row


def table_row(state: BattleGnomesState) -> np.ndarray:
    """Selection, gnome deck contents and discard pile (the deck size is written by observe())."""
    row = np.zeros(SELECTION_SIZE * NUM_GNOMES + 1 + NUM_GNOMES + 1 + NUM_DESIGNS, dtype=np.float32)
    for slot, g in enumerate(state.selection):
        if g >= 0:
            row[slot * NUM_GNOMES + g] = 1.0
    at = SELECTION_SIZE * NUM_GNOMES
    row[at] = len(state.gnome_deck) / NUM_GNOMES
    row[[at + 1 + g for g in state.gnome_deck]] = 1.0
    at += 1 + NUM_GNOMES
    counts = np.bincount(np.asarray(state.discard, dtype=np.int64), minlength=NUM_DESIGNS)
    row[at + 1:] = np.minimum(counts / COPIES, 1.0)
    return row


def _scaled_total(value: float) -> float:
    return min(max((value + TOTAL_OFFSET) / TOTAL_SCALE, 0.0), 1.0)


def battle_row(state: BattleGnomesState) -> np.ndarray:
    """Absolute-seat battle features except the two seat one-hots (filled per observer)."""
    from gnome_envs.battle_gnomes.totals import side_breakdown

    row = np.zeros(BATTLE_ROW_SIZE, dtype=np.float32)
    row[state.b_stage] = 1.0
    if state.b_att < 0:
        return row
    (values0, total0), (values1, total1) = side_breakdown(state, 0), side_breakdown(state, 1)
    flags = [
        _scaled_total(total0), _scaled_total(total1),
        _scaled_total(state.b_mods[0]), _scaled_total(state.b_mods[1]),
        state.b_home & 1, state.b_home >> 1 & 1, state.b_sneak, state.b_off,
        min(state.b_actions[0] / ACTIONS_SCALE, 1.0), min(state.b_actions[1] / ACTIONS_SCALE, 1.0),
    ]
    row[NUM_STAGES:NUM_STAGES + BATTLE_FLAGS] = flags
    at = NUM_STAGES + BATTLE_FLAGS
    for design in set(state.b_area):
        row[at + design] = state.b_area.count(design) / CARD_COPIES[design]
    at += NUM_DESIGNS
    for side, values in ((0, values0), (1, values1)):
        for i, g in enumerate(state.b_sides[side]):
            start = at + (side * MAX_BATTLERS + i) * BATTLER_FEATURES
            row[start + g] = 1.0
            marks = start + NUM_GNOMES
            row[marks] = state.b_pep >> g & 1
            row[marks + 1] = state.b_null_w >> g & 1
            row[marks + 2] = state.b_null_d >> g & 1
            row[marks + 3] = state.b_used >> g & 1
            row[marks + 4] = _scaled_total(values[i]) if values[i] else 0.0
    return row


# ---------------------------------------------------------------------------- assembly
def observe(state: BattleGnomesState, seat: int) -> np.ndarray:
    """Observation vector of ``seat``."""
    n = state.game.num_players
    layout = LAYOUTS[n]
    at = layout.at
    obs = np.zeros(layout.size, dtype=np.float32)
    _decision(state, seat, obs, at, n)
    hand = state._hand_rows[seat]
    if hand is None:
        hand = state._hand_rows[seat] = hand_row(state, seat)
    start = at["hand"]
    obs[start:start + NUM_DESIGNS] = hand
    table = state._table_row
    if table is None:
        table = state._table_row = table_row(state)
    obs[at["selection"]:at["households"]] = table
    obs[at["player_deck"]] = len(state.deck) / NUM_PLAYER_CARDS
    start = at["households"]
    rows = state._house_rows
    order = [(seat + r) % n for r in range(n)]
    for p in order:
        if rows[p] is None:
            rows[p] = house_row(state, p)
    obs[start:start + n * HOUSE_FEATURES] = np.concatenate([rows[p] for p in order])
    obs[start:start + n * HOUSE_FEATURES:HOUSE_FEATURES] = [min(len(state.hands[p]) / HAND_SCALE, 1.0) for p in order]
    if state.b_att >= 0:
        _battle(state, seat, obs, at["battle"], n)
    else:
        obs[at["battle"] + state.b_stage] = 1.0
    if state.stack:
        _stack(state, seat, obs, at["stack"])
    return obs


PURPOSE_KINDS = frozenset(int(k) for k in (DecisionKind.TARGET_HOUSEHOLD, DecisionKind.TARGET_OWN_GNOME,
                                           DecisionKind.FUNCTION_DISCARD))
TARGET_KINDS = frozenset(int(k) for k in (DecisionKind.TARGET_ATTACHMENT, DecisionKind.TARGET_YARD))
WHOLE, GIVE, REACT = int(DecisionKind.WHOLE_BATTLE), int(DecisionKind.GIVE_GNOME), int(DecisionKind.REACT)


def _decision(state: BattleGnomesState, seat: int, obs: np.ndarray, at: dict[str, int], n: int) -> None:
    if state.turn_player >= 0:
        obs[at["turn_player"] + (state.turn_player - seat) % n] = 1.0
    s = at["progress"]
    obs[s] = state.turn_number / (turn_limit(n) + 1)  # share of the round limit used (R9.4)
    obs[s + 1] = state.final_round
    obs[s + 2] = state.final_turns_left / (n + 1)
    obs[s + 3] = state.in_setup
    if state.held >= 0:
        obs[at["context_card"] + state.held] = 1.0
    d = state.pending
    if d is None:
        return
    kind = d.kind
    obs[at["decision"] + kind] = 1.0
    obs[at["decider"] + (d.player - seat) % n] = 1.0
    if kind in PURPOSE_KINDS:
        obs[at["context_purpose"] + d.data[0]] = 1.0
    elif kind in TARGET_KINDS:
        obs[at["context_purpose"] + d.data[0]] = 1.0
        obs[at["context_seat"] + (d.data[1] - seat) % n] = 1.0
    elif kind == WHOLE:
        obs[at["context_side"] + d.data[0]] = 1.0
        obs[at["context_passes"]] = d.data[1] / 2
    elif kind == GIVE:
        obs[at["context_side"] + d.data[0]] = 1.0
    elif kind == REACT:
        obs[at["context_passes"]] = d.data[0] / n


def _battle(state: BattleGnomesState, seat: int, obs: np.ndarray, start: int, n: int) -> None:
    row = state._battle_row
    if row is None:
        row = state._battle_row = battle_row(state)
    obs[start:start + NUM_STAGES] = row[:NUM_STAGES]
    obs[start + NUM_STAGES + (state.b_att - seat) % n] = 1.0
    obs[start + NUM_STAGES + n + (state.b_def - seat) % n] = 1.0
    obs[start + NUM_STAGES + 2 * n:start + NUM_STAGES + 2 * n + row.size - NUM_STAGES] = row[NUM_STAGES:]


def _rel(state: BattleGnomesState, seat: int, other: int) -> int:
    return (other - seat) % state.game.num_players


def _stack(state: BattleGnomesState, seat: int, obs: np.ndarray, start: int) -> None:
    n = state.game.num_players
    obs[start] = min(len(state.stack) / STACK_SCALE, 1.0)
    width = frame_features(n)
    for i, frame in enumerate(reversed(state.stack[-STACK_FRAMES_SHOWN:])):
        play = frame.play
        at = start + 1 + i * width
        obs[at + play.source] = 1.0
        at += NUM_SOURCES
        if play.source == 2:
            obs[at + NUM_DESIGNS + play.key] = 1.0
        else:
            obs[at + play.key] = 1.0
        at += NUM_DESIGNS + NUM_GNOMES
        obs[at + _rel(state, seat, play.seat)] = 1.0
        at += n
        if play.side >= 0:
            obs[at + play.side] = 1.0
        obs[at + 2] = frame.cancelled


def full_state(state: BattleGnomesState) -> np.ndarray:
    """Seat 0's observation plus every hand, the top card of the deck and the top gnome."""
    n = state.game.num_players
    extra = np.zeros(state_extra(n), dtype=np.float32)
    for p in range(n):
        extra[p * NUM_DESIGNS:(p + 1) * NUM_DESIGNS] = hand_row(state, p)
    if state.deck:
        extra[n * NUM_DESIGNS + state.deck[-1]] = 1.0
    if state.gnome_deck:
        extra[(n + 1) * NUM_DESIGNS + state.gnome_deck[-1]] = 1.0
    return np.concatenate([observe(state, 0), extra])
