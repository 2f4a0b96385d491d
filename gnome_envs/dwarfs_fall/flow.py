"""Turn structure of Dwar7s Fall: setup, the three phases of a turn, the end of the game.

Each turn queues the action phase, the resolve phase, the discard phase and the end of the
turn as steps; the step handlers below are registered in ``pending.STEPS``. Clause numbers
refer to ``seeds/dwarfs_fall.md``.
"""

from __future__ import annotations

from gnome_envs.dwarfs_fall.components import (
    GEM_PILE,
    HAND_LIMIT,
    IDLE_ROUNDS_TO_END,
    LAYER_KIND,
    REQUIRED,
    ROUND_LIMIT,
    ROUND_LIMIT_NAME,
    TRADING_ROW,
)
from gnome_envs.dwarfs_fall.decrees import Decree, full_and_idle, setup_decrees
from gnome_envs.dwarfs_fall.empires import completable as empire_completable
from gnome_envs.dwarfs_fall.goals import check_secrets
from gnome_envs.dwarfs_fall.pending import (
    AFTER_CHANGE,
    STEPS,
    DecisionKind,
    Step,
    advance,
    offer,
    push,
)
from gnome_envs.dwarfs_fall.races import OGRE_STARTING_CARDS, Race
from gnome_envs.dwarfs_fall.royal import last_of_round, new_turn
from gnome_envs.dwarfs_fall.state import EMPTY, DwarfsFallState


def setup(state: DwarfsFallState) -> None:
    """R2: trading goals, secret goals, gem piles, kingdom cards, dwarfs, the ogre deck."""
    n = state.game.num_players
    rng = state.rng
    goals = list(state.game.trading_goals)  # X8.2: with the Empires' dragon eggs
    rng.shuffle(goals)
    state.trading_row = [goals.pop() for _ in range(TRADING_ROW)]
    state.trading_deck = goals
    secrets = list(range(state.game.num_secrets))
    rng.shuffle(secrets)
    state.secret = [secrets.pop() for _ in range(n)]
    state.secret_box = sorted(secrets)
    state.gem_pile = list(GEM_PILE)
    counts = state.game.ogre_counts
    deck = [kind for kind in range(len(counts)) for _ in range(counts[kind])]
    rng.shuffle(deck)
    state.ogre_deck = deck
    for p, race in enumerate(state.game.races):  # X4.1: ogres start with two ogre cards
        if race == Race.OGRES:
            for _ in range(OGRE_STARTING_CARDS):
                draw_ogre(state, p)
    if state.game.trolls:
        from gnome_envs.dwarfs_fall.troll import setup_troll

        setup_troll(state)
    if state.game.royal:
        setup_decrees(state, state.game.config.scenario)
        if state.decree(Decree.HARD_WORKERS):  # D3: rounds of mornings and nights
            push(state, (Step.HW_ROUND, 0))
            advance(state)
            return
    push(state, (Step.START_TURN, 0))
    advance(state)


def _start_turn(state: DwarfsFallState, p: int) -> None:
    """R5: a new turn of seat ``p`` (seat 0 opens each round, O24)."""
    state.turn_player = p
    state.actions_used = 0
    if state.game.empires:
        state.power_used = False
    if p == 0:
        state.round += 1
    if state.game.royal:
        new_turn(state, p)
    if state.game.trolls:  # T3.1: the troll roams after the resolve phase unless a toll was paid
        state.toll_paid = False
        push(state, (Step.ACTION_PHASE, p), (Step.RESOLVE_PHASE, p), (Step.TROLL_ROAM, p),
             (Step.DISCARD_PHASE, p), (Step.END_TURN, p))
        return
    push(state, (Step.ACTION_PHASE, p), (Step.RESOLVE_PHASE, p), (Step.DISCARD_PHASE, p),
         (Step.END_TURN, p))


def _action_phase(state: DwarfsFallState, p: int) -> None:
    offer(state, DecisionKind.ACTION, p)


def completable(state: DwarfsFallState, p: int) -> list[int]:
    """Cells whose task seat ``p`` has enough dwarfs on to complete (R7.1)."""
    game = state.game
    if game.empires:  # elf accuracy, slow gathering, suspicious crystal dwarfs (X3-X4)
        return empire_completable(state, p)
    # every task needs at least one dwarf: only the seat's own cells (in cell order) can qualify
    n, d, cells = game.num_players, state.dwarfs, state._seat_cells[p]
    if game.trolls or game.royal:  # the Mighty troll, beast hunters (T4.4, D6)
        required_at = state.required_at
        return [c for c in cells if d[c * n + p] >= required_at(c, p)]
    top = state.top
    return [c for c in cells if d[c * n + p] >= REQUIRED[LAYER_KIND[top[c]]]]


def _resolve_phase(state: DwarfsFallState, p: int) -> None:
    """R7.1: every task with enough of the player's dwarfs must be completed."""
    _resolve_next(state, p)


def _resolve_next(state: DwarfsFallState, p: int) -> None:
    """The player picks which task to complete next (O13), among every card that has the dwarfs
    it needs now: a task may become completable during the phase (a toll that brings the Mighty
    troll, a slain monster under Experienced Beast Hunters), and a card with the dwarfs for a
    second task completes again (the lake's three tolls, T2.1; O67)."""
    cells = completable(state, p)
    if cells:
        offer(state, DecisionKind.RESOLVE_TASK, p, (tuple(cells),))


def _discard_phase(state: DwarfsFallState, p: int) -> None:
    """R8.1: down to nine cards, discarding gems or ogre cards one at a time."""
    if state.hand_size(p) > HAND_LIMIT:
        offer(state, DecisionKind.DISCARD, p)


def _end_turn(state: DwarfsFallState, p: int) -> None:
    """R10.3: three goals at the end of a turn trigger the end; the round is played out (R10.4, R10.5)."""
    royal = state.game.royal
    if royal and state.decree(Decree.DWARFS_WAY):  # D2: full cards where nothing can be done empty
        for cell in full_and_idle(state):
            state.clear_cell(cell)
    check_secrets(state)
    if state.goals(p) >= state.game.goals_to_end and not (
            royal and state.monster_played[p] and state.decree(Decree.DRAGON_KING)):  # D10.2
        state.end_triggered = True
    n = state.game.num_players
    last = last_of_round(state, p) if royal else p == n - 1
    if last and _end_of_round(state):
        return
    if royal and state.decree(Decree.HARD_WORKERS):  # the round's nights are queued already
        return
    push(state, (Step.START_TURN, (p + 1) % n))


def _end_of_round(state: DwarfsFallState) -> bool:
    """Whether the game is over after this round: the end triggered (R10.3), an idle round
    (R10.4, a designed stall rule scored as usual), or the round limit (R10.5, a truncation)."""
    state.idle_rounds = 0 if state.busy_round else state.idle_rounds + 1
    state.busy_round = False
    if state.end_triggered or state.idle_rounds >= IDLE_ROUNDS_TO_END:
        state.finished = True
        state.pending = None
        state.tasks.clear()
        return True
    if state.round >= ROUND_LIMIT:
        state.end_by_limit(ROUND_LIMIT_NAME)
        return True
    return False


def draw_ogre(state: DwarfsFallState, p: int) -> bool:
    """Seat ``p`` draws the top ogre card, reshuffling the discards when the deck is out (R7.6)."""
    if not state.ogre_deck:
        discard = state.ogre_discard
        deck = [kind for kind in range(len(discard)) for _ in range(discard[kind])]
        state.rng.shuffle(deck)
        state.ogre_deck = deck
        state.ogre_discard = [0] * len(discard)
    if not state.ogre_deck:
        return False
    kind = state.ogre_deck.pop()
    state.ogres.gain(p, kind, 1, seen_by=())
    return True


def discard_ogre(state: DwarfsFallState, p: int, kind: int) -> None:
    """Seat ``p`` puts an ogre card of ``kind`` face up on the discard pile."""
    state.ogres.lose(p, kind, 1)
    state.ogre_discard[kind] += 1


def refill_trading_row(state: DwarfsFallState, slot: int) -> None:
    """Turn the top trading goal of the deck into ``slot`` (empty once the deck is out)."""
    state.trading_row[slot] = state.trading_deck.pop() if state.trading_deck else EMPTY


STEPS.update({
    Step.START_TURN: _start_turn,
    Step.ACTION_PHASE: _action_phase,
    Step.RESOLVE_PHASE: _resolve_phase,
    Step.RESOLVE_NEXT: _resolve_next,
    Step.DISCARD_PHASE: _discard_phase,
    Step.END_TURN: _end_turn,
})
if check_secrets not in AFTER_CHANGE:
    AFTER_CHANGE.append(check_secrets)
