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

import numpy as np

from gnome_envs.battle_gnomes.components import HAND_LIMIT, NUM_DESIGNS, NUM_GNOMES, NUM_PLAYER_CARDS, RESPONSE_CARDS
from gnome_envs.battle_gnomes.observation_battle import EMPTY_BATTLE, NUM_SIDES, NUM_STAGES, battle_key, write_battle
from gnome_envs.battle_gnomes.observation_layout import (
    LAYOUTS,
    MAX_STACK,
    NUM_SOURCES,
    TARGET_SLOTS,
    ObservationLayout,
    play_features,
    response_features,
    state_extra,
)
from gnome_envs.battle_gnomes.observation_parts import (
    EMPTY_CARDS,
    EMPTY_GNOMES,
    EMPTY_HOUSE,
    HOUSE_FEATURES,
    NO_ENTRY,
    Buffer,
    discard_key,
    float32_zeros,
    gnomes_key,
    hand_key,
    hand_row,
    house_row,
    write_counts,
    write_discard,
    write_gnomes,
)
from gnome_envs.battle_gnomes.observation_decision import NO_KIND, Entries, decision_entries, write_entries
from gnome_envs.battle_gnomes.state import NO_CARD, NO_SEAT, BattleGnomesState
from gnome_envs.core.seat_view import BufferView

HAND_SQUASH = float(HAND_LIMIT)  # hand size h is shown as h / (h + 5)
HAND_VALUE = tuple(h / (h + HAND_SQUASH) for h in range(NUM_PLAYER_CARDS + 1))
RESPONSE_COLUMN = {d: i for i, d in enumerate(RESPONSE_CARDS)}
NO_PROGRESS = (0, False, 0, False, NO_SEAT)  # what a zero buffer shows (see _progress)
NOT_LOOKED = -1  # a view's touch count before it first looks (the state's counts start at 0)


class SeatView(BufferView):
    """One seat's observation buffer and what it shows.

    ``observe`` brings the buffer up to date and returns a copy. The blocks drawn from the
    state's cached keys and rows (``observation_parts``, ``observation_battle``) are looked at
    only when the state's key or row is not the one shown (both are rebuilt as new objects after
    ``touch_*``); then a key's changed entries are written, or a row is copied whole. The
    household rows and the hand sizes are looked at only after the state counted a
    ``touch_house`` or ``touch_hand`` since this view last looked. Live facts (the pending
    decision, the turn and progress, deck size, battle seats, the stack) are compared on every
    call; the decision's entries come from ``observation_decision``. A view belongs to one
    state: ``clone()`` drops the views, whose buffers are written in place.
    """

    VIEW_SLOT = "vector"
    __slots__ = ("layout", "obs", "vector", "progress", "pending", "held", "decision", "hand", "gnomes", "discard",
                 "pile", "deck", "houses", "houses_touched", "sizes", "hands_touched", "stage", "battle", "seats",
                 "stack")

    def __init__(self, layout: ObservationLayout) -> None:
        n = layout.num_players
        self.layout = layout
        self.obs = float32_zeros(layout.size)  # written entry by entry (cheaper than numpy's item writes)
        self.vector = self.view_of(self.obs)
        self.progress = NO_PROGRESS
        self.pending = None  # the decision (and the card in transit) shown
        self.held = NO_CARD
        self.decision: Entries = ()  # (index, value) of the decision entries shown
        self.hand = self.discard = EMPTY_CARDS
        self.pile = [0] * NUM_DESIGNS  # cards of the discard pile shown, per design
        self.gnomes = EMPTY_GNOMES
        self.deck = 0
        self.houses = [EMPTY_HOUSE] * n  # rows shown, by absolute seat like the state's
        self.houses_touched = NOT_LOOKED  # the state's touch_house count when the rows were last looked at
        self.sizes = [0] * n  # hand sizes by absolute seat
        self.hands_touched = NOT_LOOKED  # the state's touch_hand count when the sizes were last looked at
        self.stage = NO_ENTRY  # the battle stage shown
        self.battle = EMPTY_BATTLE
        self.seats = (NO_SEAT, NO_SEAT)  # attacker and defender shown
        self.stack = False

    @staticmethod
    def view_of(buffer: Buffer) -> np.ndarray:
        """The float32 array over ``buffer``'s memory, copied out by observe."""
        return np.frombuffer(buffer, dtype=np.float32)


def observe(state: BattleGnomesState, seat: int) -> np.ndarray:
    """Observation vector of ``seat``."""
    views = state._views
    view = None if views is None else views.get(seat)
    if view is None:
        view = _new_view(state, seat)
    layout, obs = view.layout, view.obs
    progress = (state.turn_number, state.final_round, state.final_turns_left, state.in_setup, state.turn_player)
    if progress != view.progress:
        _progress(obs, layout, seat, view.progress, progress)
        view.progress = progress
    if state.pending is not view.pending or state.held != view.held:
        _decision(state, seat, view)
    if (state._hand_keys[seat] is not view.hand or state._gnomes_key is not view.gnomes
            or state._discard_key is not view.discard):
        _cards(state, seat, view, layout)
    deck = len(state.deck)
    if deck != view.deck:
        view.deck = deck
        obs[layout.player_deck] = deck / NUM_PLAYER_CARDS
    if state._houses_touched != view.houses_touched:  # a household row may have changed
        view.houses_touched = state._houses_touched
        _households(state, view, layout.house_at[seat])
    if state._hands_touched != view.hands_touched:  # a hand size may have changed
        view.hands_touched = state._hands_touched
        sizes = list(map(len, state.hands))
        if sizes != view.sizes:
            _hand_sizes(obs, layout.house_at[seat], view.sizes, sizes)
            view.sizes = sizes
    if (state._battle_key is not view.battle or state.b_stage != view.stage or state.b_att != view.seats[0]
            or state.b_def != view.seats[1]):
        _battle(state, seat, view, layout)
    if state.stack or view.stack:
        view.vector[layout.stack:] = 0.0
        view.stack = bool(state.stack)
        if state.stack:
            _stack(state, seat, obs, layout.stack)
    return view.vector.copy()


def _new_view(state: BattleGnomesState, seat: int) -> SeatView:
    """A new view of ``seat`` (all zeros), kept by the state."""
    if state._views is None:
        state._views = {}
    view = state._views[seat] = SeatView(LAYOUTS[state.game.num_players])
    return view


def _progress(obs: Buffer, layout: ObservationLayout, seat: int, old: tuple, new: tuple) -> None:
    """The turn player one-hot and the progress entries (turn, final round, turns left, setup)."""
    n = layout.num_players
    turn, final_round, turns_left, in_setup, turn_player = new
    at = layout.progress
    if turn != old[0]:
        obs[at] = turn / layout.turn_scale
    if final_round != old[1]:
        obs[at + 1] = final_round
    if turns_left != old[2]:
        obs[at + 2] = turns_left / (n + 2)
    if in_setup != old[3]:
        obs[at + 3] = in_setup
    if turn_player != old[4]:
        if old[4] >= 0:
            obs[layout.turn_player + (old[4] - seat) % n] = 0.0
        if turn_player >= 0:
            obs[layout.turn_player + (turn_player - seat) % n] = 1.0


def _decision(state: BattleGnomesState, seat: int, view: SeatView) -> None:
    """The pending decision's kind and decider, its context and the card in transit."""
    d, held = state.pending, state.held
    if d is None:
        entries = decision_entries(view.layout.num_players, seat, held, NO_KIND, NO_SEAT, ())
    else:
        entries = decision_entries(view.layout.num_players, seat, held, d.kind, d.player, d.data)
    if entries is not view.decision:
        write_entries(view.obs, view.decision, entries)
        view.decision = entries
    view.pending, view.held = d, held


def _cards(state: BattleGnomesState, seat: int, view: SeatView, layout: ObservationLayout) -> None:
    """Own hand, selection and gnome deck, and discard pile."""
    obs = view.obs
    key = state._hand_keys[seat]
    if key is None:
        key = state._hand_keys[seat] = hand_key(state, seat)
    if key is not view.hand:
        write_counts(obs, layout.hand, view.hand, key)
        view.hand = key
    key = state._gnomes_key
    if key is None:
        key = state._gnomes_key = gnomes_key(state)
    if key is not view.gnomes:
        write_gnomes(obs, layout.selection, view.gnomes, key)
        view.gnomes = key
    key = state._discard_key
    if key is None:
        key = state._discard_key = discard_key(state)
    if key is not view.discard:
        write_discard(obs, layout.discard, view.discard, key, view.pile)
        view.discard = key


def _households(state: BattleGnomesState, view: SeatView, house_at: tuple[int, ...]) -> None:
    """The households' blocks that changed (``house_at``: where each starts), hand sizes to be
    rewritten."""
    rows, shown, obs = state._house_rows, view.houses, view.obs
    for p, start in enumerate(house_at):
        row = rows[p]
        if row is None:
            row = rows[p] = house_row(state, p)
        if row is not shown[p]:
            obs[start:start + HOUSE_FEATURES] = row
            shown[p] = row
            view.sizes[p] = NO_ENTRY  # the row's entry 0 is not the hand size
            view.hands_touched = NOT_LOOKED


def _hand_sizes(obs: Buffer, house_at: tuple[int, ...], old: list[int], new: list[int]) -> None:
    """Entry 0 of each household's block: hand size h as h / (h + 5)."""
    for start, was, size in zip(house_at, old, new):
        if size != was:
            obs[start] = HAND_VALUE[size]


def _battle(state: BattleGnomesState, seat: int, view: SeatView, layout: ObservationLayout) -> None:
    """The battle block: its stage, the attacker and defender relative to ``seat``, the rest from
    the key."""
    obs, n = view.obs, layout.num_players
    if state.b_stage != view.stage:
        if view.stage >= 0:
            obs[layout.battle + view.stage] = 0.0
        obs[layout.battle + state.b_stage] = 1.0
        view.stage = state.b_stage
    start = layout.battle + NUM_STAGES
    seats = (state.b_att, state.b_def)
    if seats != view.seats:
        if view.seats[0] >= 0:
            obs[start + (view.seats[0] - seat) % n] = 0.0
            obs[start + n + (view.seats[1] - seat) % n] = 0.0
        if seats[0] >= 0:
            obs[start + (seats[0] - seat) % n] = 1.0
            obs[start + n + (seats[1] - seat) % n] = 1.0
        view.seats = seats
    key = state._battle_key
    if key is None:
        key = state._battle_key = battle_key(state)
    if key is not view.battle:
        write_battle(obs, start + 2 * n, layout.in_view, seat, n, view.battle, key)
        view.battle = key


def _seats(obs: Buffer, at: int, seat: int, seats, n: int) -> None:
    """Mark ``seats`` (absolute) relative to ``seat`` in the n entries from ``at``."""
    for other in seats:
        if other >= 0:
            obs[at + (other - seat) % n] = 1.0


def _stack(state: BattleGnomesState, seat: int, obs: Buffer, start: int) -> None:
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


__all__ = ["LAYOUTS", "ObservationLayout", "full_state", "observe", "state_extra"]
