"""Observation vector of Battle Gnomes!.

Public: the gnomes of every household with their attachments, the yard items, hand sizes and
hand limits, the defeated stacks, the selection gnomes, which gnomes are still in the gnome
deck (not their order), the deck size, the face-up discard pile, the battle (sides, marks,
totals, the cards in view and who played them) and every declared play waiting on the
response stack with its targets and the households still due to answer it. Private: the
observer's own hand. Never seen: other hands and the order of both decks. Seats are relative:
block ``r`` describes the household ``r`` seats clockwise from the observer (``r = 0`` is the
observer). All values lie in [0, 1]; amounts are scaled by a ceiling above their reachable
maximum or squashed as ``x / (x + k)``, so only one-hot entries and flags reach 1.
``n`` players, ``K = 39`` card designs, 24 gnomes, ``V = 23`` action and battle item designs.

=================  =========================  =================================================
segment            size                       content
=================  =========================  =================================================
decision           23                         one-hot kind of the pending decision
decider            n                          relative seat deciding now
turn_player        n                          relative seat whose turn it is
progress           4                          turn / (30 n + 1) (R9.4), final round, final
                                              turns left / (n + 2), setup
context_card       K                          card in transit (being placed, awaiting targets)
context_purpose    6                          why a target is being chosen (targets.Purpose)
context_seat       n                          targeted household
context_side       2                          whole-battle seat / winning side of the pending choice
context_passes     1                          passes in a row so far / n (whole-battle window, loop)
hand               K                          own cards per design / (copies + 1)
selection          3 x 24                     face-up selection gnomes
gnome_deck         1 + 24                     gnomes left / 24; which gnomes are still in it
player_deck        1                          cards left / 78
discard            K                          discard pile per design / (copies + 1)
households         n x 192                    per household: hand size h / (h + 5), hand limit
                                              / 9, defeated / 4, gnomes / 6, items in play / 12,
                                              yard size / 4; yard items per design / 4; 5 gnome
                                              slots x (id 24, weapon 6, defence 4, weapon /
                                              defence placed this Organize)
battle             5 + 2n + 17 + 4 x 29       stage, attacker, defender; per side the total and
                                              the card bonuses as a positive and a negative
                                              part (x / (x + 10) each), thrown items' penalty;
                                              attacker ahead now, Home Turf x 2, Sneak Attack,
                                              called off, action cards resolved x 2 / 19; per
                                              side and battler: gnome id, Pep Talk, weapon
                                              nulled, defence nulled, function used, value
in_view            n x V                      cards in view in the battle per household that
                                              played them and design / (copies + 1)
stack              1 + (96 + 3n) + 4 x        depth / 6; the declared play: source 3, card K,
                   (3 + 2n)                   gnome 24, declarer n, side 2, cancelled, target
                                              household n, target gnome 24, target slot or
                                              yard position 3, households still due to answer
                                              n; each response on it (No Way! / Deflect 2,
                                              declarer n, cancelled, still due n)
=================  =========================  =================================================

Sizes: 960 / 1191 / 1422 / 1653 / 1884 entries for 2-6 players.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gnome_envs.battle_gnomes.components import (
    ACTION_DESIGNS,
    CARD_COPIES,
    DEFEATS_TO_WIN,
    DEFENCE_DESIGNS,
    GNOME_HAND_LIMIT,
    HAND_LIMIT,
    ITEM_DESIGNS,
    MAX_BATTLERS,
    MAX_GNOMES,
    MAX_YARD,
    NUM_DESIGNS,
    NUM_GNOMES,
    NUM_PLAYER_CARDS,
    RESPONSE_CARDS,
    SELECTION_SIZE,
    WEAPON_DESIGNS,
    YARD_DESIGNS,
)
from gnome_envs.battle_gnomes.flow import turn_limit
from gnome_envs.battle_gnomes.pending import NUM_DECISION_KINDS, DecisionKind
from gnome_envs.battle_gnomes.state import BattleGnomesState
from gnome_envs.battle_gnomes.totals import side_parts
from gnome_envs.core.engine import LayoutBuilder, Segment

HAND_SQUASH = float(HAND_LIMIT)  # hand size h is shown as h / (h + 5)
MAX_HAND_LIMIT = HAND_LIMIT + sum(d for d in GNOME_HAND_LIMIT if d > 0)
MAX_ITEMS = 2 * MAX_GNOMES + MAX_YARD
VALUE_SQUASH = 10.0  # totals, bonuses, penalties and gnome values v are shown as v / (v + 10)
NUM_ACTION_CARDS = sum(CARD_COPIES[d] for d in ACTION_DESIGNS)
NUM_PURPOSES = 6
NUM_STAGES = 5
NUM_SOURCES = 3
NUM_SIDES = 2
TARGET_SLOTS = max(2, MAX_YARD)  # an attachment slot (weapon, defence) or a yard position
MAX_RESPONSES = sum(CARD_COPIES[d] for d in RESPONSE_CARDS)  # every response uses up a card
MAX_STACK = 1 + MAX_RESPONSES
GNOME_SLOTS = MAX_GNOMES + 1  # a fifth gnome stands in a household while one is being replaced
SLOT_FEATURES = NUM_GNOMES + len(WEAPON_DESIGNS) + len(DEFENCE_DESIGNS) + 2
HOUSE_SCALARS = 6
HOUSE_FEATURES = HOUSE_SCALARS + len(YARD_DESIGNS) + GNOME_SLOTS * SLOT_FEATURES
BATTLER_FEATURES = NUM_GNOMES + 5
BATTLE_FLAGS = 17
BATTLERS_SIZE = NUM_SIDES * MAX_BATTLERS * BATTLER_FEATURES
VIEW_DESIGNS = ACTION_DESIGNS + ITEM_DESIGNS  # what can be in view in a battle
VIEW_COLUMN = {d: i for i, d in enumerate(VIEW_DESIGNS)}
NUM_VIEW = len(VIEW_DESIGNS)
COPIES_CEILING = np.array(CARD_COPIES, dtype=np.float32) + 1.0
VIEW_CEILING = np.array([CARD_COPIES[d] + 1.0 for d in VIEW_DESIGNS], dtype=np.float32)
WEAPON_COLUMN = {d: i for i, d in enumerate(WEAPON_DESIGNS)}
DEFENCE_COLUMN = {d: i for i, d in enumerate(DEFENCE_DESIGNS)}
YARD_COLUMN = {d: i for i, d in enumerate(YARD_DESIGNS)}
RESPONSE_COLUMN = {d: i for i, d in enumerate(RESPONSE_CARDS)}


def play_features(n: int) -> int:
    """Entries describing the declared play at the bottom of the response stack."""
    return NUM_SOURCES + NUM_DESIGNS + NUM_GNOMES + n + NUM_SIDES + 1 + n + NUM_GNOMES + TARGET_SLOTS + n


def response_features(n: int) -> int:
    """Entries describing one response on the stack."""
    return len(RESPONSE_CARDS) + n + 1 + n


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
    for name, size in (
        ("decision", NUM_DECISION_KINDS), ("decider", n), ("turn_player", n), ("progress", 4),
        ("context_card", NUM_DESIGNS), ("context_purpose", NUM_PURPOSES), ("context_seat", n),
        ("context_side", 2), ("context_passes", 1), ("hand", NUM_DESIGNS),
        ("selection", SELECTION_SIZE * NUM_GNOMES), ("gnome_deck", 1 + NUM_GNOMES),
        ("player_deck", 1), ("discard", NUM_DESIGNS), ("households", n * HOUSE_FEATURES),
        ("battle", NUM_STAGES + 2 * n + BATTLE_FLAGS + BATTLERS_SIZE), ("in_view", n * NUM_VIEW),
        ("stack", 1 + play_features(n) + MAX_RESPONSES * response_features(n)),
    ):
        b.add(name, size)
    segments = b.build()
    return ObservationLayout(n, segments, b.size, {s.name: s.start for s in segments})


LAYOUTS = {n: build_layout(n) for n in range(2, 7)}


def state_extra(n: int) -> int:
    """Entries the full-information vector adds: every hand, the top card, the top gnome."""
    return n * NUM_DESIGNS + NUM_DESIGNS + NUM_GNOMES


def squash(value: float, scale: float = VALUE_SQUASH) -> float:
    """A non-negative amount in [0, 1): ``value / (value + scale)``."""
    return value / (value + scale)


def signed(value: float) -> tuple[float, float]:
    """A signed amount as its squashed positive and negative parts (0 is (0, 0))."""
    return (squash(value), 0.0) if value >= 0 else (0.0, squash(-value))


# ---------------------------------------------------------------------------- cached parts
def hand_row(state: BattleGnomesState, seat: int) -> np.ndarray:
    """Cards of ``seat``'s hand per design / (copies + 1)."""
    counts = np.bincount(np.asarray(state.hands[seat], dtype=np.int64), minlength=NUM_DESIGNS)
    return (counts / COPIES_CEILING).astype(np.float32)


def house_row(state: BattleGnomesState, seat: int) -> np.ndarray:
    """Public features of household ``seat`` (see the module table)."""
    row = np.zeros(HOUSE_FEATURES, dtype=np.float32)
    gnomes = state.households[seat]
    yard = state.yard[seat]
    row[:HOUSE_SCALARS] = [  # the hand size (entry 0) is written by observe(): it changes often
        0.0, state.hand_limit(seat) / (MAX_HAND_LIMIT + 1),
        len(state.defeated[seat]) / (DEFEATS_TO_WIN + 1), len(gnomes) / (GNOME_SLOTS + 1),
        state.items_in_play(seat) / (MAX_ITEMS + 1), len(yard) / (MAX_YARD + 1),
    ]
    for design in yard:
        row[HOUSE_SCALARS + YARD_COLUMN[design]] += 1.0 / (MAX_YARD + 1)
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
    row[at + 1:] = counts / COPIES_CEILING
    return row


def battle_row(state: BattleGnomesState) -> np.ndarray:
    """Absolute-seat battle features: stage, flags, battlers, then the cards in view per seat."""
    n = state.game.num_players
    row = np.zeros(NUM_STAGES + BATTLE_FLAGS + BATTLERS_SIZE + n * NUM_VIEW, dtype=np.float32)
    row[state.b_stage] = 1.0
    if state.b_att < 0:
        return row
    (values0, total0, thrown0), (values1, total1, thrown1) = side_parts(state, 0), side_parts(state, 1)
    flags = [
        *signed(total0), *signed(total1), *signed(state.b_mods[0]), *signed(state.b_mods[1]),
        squash(thrown0), squash(thrown1), total0 > total1,
        state.b_home & 1, state.b_home >> 1 & 1, state.b_sneak, state.b_off,
        state.b_actions[0] / (NUM_ACTION_CARDS + 1), state.b_actions[1] / (NUM_ACTION_CARDS + 1),
    ]
    row[NUM_STAGES:NUM_STAGES + BATTLE_FLAGS] = flags
    at = NUM_STAGES + BATTLE_FLAGS
    for side, values in ((0, values0), (1, values1)):
        for i, g in enumerate(state.b_sides[side]):
            start = at + (side * MAX_BATTLERS + i) * BATTLER_FEATURES
            row[start + g] = 1.0
            marks = start + NUM_GNOMES
            row[marks] = state.b_pep >> g & 1
            row[marks + 1] = state.b_null_w >> g & 1
            row[marks + 2] = state.b_null_d >> g & 1
            row[marks + 3] = state.b_used >> g & 1
            row[marks + 4] = squash(max(values[i], 0))
    at += BATTLERS_SIZE
    for design, seat in zip(state.b_area, state.b_by):
        column = VIEW_COLUMN[design]
        row[at + seat * NUM_VIEW + column] += 1.0 / VIEW_CEILING[column]
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
    hands = state.hands
    order = [(seat + r) % n for r in range(n)]
    for p in order:
        row = rows[p]
        if row is None:
            row = rows[p] = house_row(state, p)
        obs[start:start + HOUSE_FEATURES] = row
        size = len(hands[p])
        obs[start] = size / (size + HAND_SQUASH)
        start += HOUSE_FEATURES
    if state.b_att >= 0:
        _battle(state, seat, obs, at, n, order)
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
    obs[s] = state.turn_number / (turn_limit(n) + 1)
    obs[s + 1] = state.final_round
    obs[s + 2] = state.final_turns_left / (n + 2)
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


def _battle(state: BattleGnomesState, seat: int, obs: np.ndarray, at: dict[str, int], n: int,
            order: list[int]) -> None:
    row = state._battle_row
    if row is None:
        row = state._battle_row = battle_row(state)
    start = at["battle"]
    obs[start:start + NUM_STAGES] = row[:NUM_STAGES]
    obs[start + NUM_STAGES + (state.b_att - seat) % n] = 1.0
    obs[start + NUM_STAGES + n + (state.b_def - seat) % n] = 1.0
    body = NUM_STAGES + BATTLE_FLAGS + BATTLERS_SIZE
    obs[start + NUM_STAGES + 2 * n:at["in_view"]] = row[NUM_STAGES:body]
    if state.b_area:
        view = row[body:].reshape(n, NUM_VIEW)
        obs[at["in_view"]:at["in_view"] + n * NUM_VIEW] = view[order].ravel()


def _seats(obs: np.ndarray, at: int, seat: int, seats, n: int) -> None:
    """Mark ``seats`` (absolute) relative to ``seat`` in the n entries from ``at``."""
    for other in seats:
        if other >= 0:
            obs[at + (other - seat) % n] = 1.0


def _stack(state: BattleGnomesState, seat: int, obs: np.ndarray, start: int) -> None:
    n = state.game.num_players
    obs[start] = len(state.stack) / (MAX_STACK + 1)
    frame = state.stack[0]
    play = frame.play
    at = start + 1
    obs[at + play.source] = 1.0
    at += NUM_SOURCES
    obs[at + (NUM_DESIGNS + play.key if play.source == 2 else play.key)] = 1.0
    at += NUM_DESIGNS + NUM_GNOMES
    _seats(obs, at, seat, (play.seat,), n)
    at += n
    if play.side >= 0:
        obs[at + play.side] = 1.0
    obs[at + NUM_SIDES] = frame.cancelled
    at += NUM_SIDES + 1
    _seats(obs, at, seat, (play.t_seat,), n)
    at += n
    if play.t_gnome >= 0:
        obs[at + play.t_gnome] = 1.0
    at += NUM_GNOMES
    if play.t_slot >= 0:
        obs[at + play.t_slot] = 1.0
    _seats(obs, at + TARGET_SLOTS, seat, frame.responders, n)
    at = start + 1 + play_features(n)
    width = response_features(n)
    for frame in state.stack[1:]:
        obs[at + RESPONSE_COLUMN[frame.play.key]] = 1.0
        _seats(obs, at + len(RESPONSE_CARDS), seat, (frame.play.seat,), n)
        obs[at + len(RESPONSE_CARDS) + n] = frame.cancelled
        _seats(obs, at + len(RESPONSE_CARDS) + n + 1, seat, frame.responders, n)
        at += width


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
