"""Declarations and response windows (R8), and what every card and gnome function does.

A declared card, battle item or gnome function is a :class:`Play`. It goes on the response
stack in a :class:`Frame` that lists the households that may still respond to it: during a
battle the two battling households other than the declarer, outside a battle the turn
player and the targeted household other than the declarer, each in clockwise order from the
declarer. Each of them, one after the other, may play a response card (R) or pass. A response
is itself a declaration with its own window. When a frame has no responder left, it leaves
the stack and takes effect unless it was cancelled; then the window below goes on. Every
response consumes a card, so windows always close.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import NamedTuple

from gnome_envs.battle_gnomes.actions import Family
from gnome_envs.battle_gnomes.components import (
    BUMBLE_BONUS,
    CARD_VALUE,
    FIZZWICK_BONUS,
    IS_THROWN,
    LUCKY_CLOVER_LONE_VALUE,
    NETTLE_PENALTY,
    PINE_CONE_PAIR_VALUE,
    PIP_DRAW,
    STINK_BOMB_MAX,
    WATER_BALLOON_BARE_VALUE,
    YARD_SALE_DRAW,
    Card,
    G,
)
from gnome_envs.battle_gnomes.pending import (
    DECISIONS,
    TASKS,
    Decision,
    DecisionKind,
    DecisionRule,
    Task,
    offer,
    push,
)
from gnome_envs.battle_gnomes.state import (
    NO_CARD,
    NO_GNOME,
    NO_SEAT,
    BattleGnomesState,
    Thrown,
)
from gnome_envs.battle_gnomes.totals import defence_value

NO_SLOT = -1


class Source(IntEnum):
    """What was declared."""

    CARD = 0  # an action card
    ITEM = 1  # a battle item
    FUNCTION = 2  # a gnome function


class Play(NamedTuple):
    """A declared card, item or gnome function with its targets."""

    source: int
    key: int  # card design, or gnome id for a function
    seat: int  # the declaring household
    side: int = -1  # the side it works for or against (battle)
    t_seat: int = NO_SEAT  # targeted household
    t_gnome: int = NO_GNOME  # targeted gnome
    t_slot: int = NO_SLOT  # targeted attachment slot or yard position


class Frame(NamedTuple):
    """A play on the response stack, the households still to answer it, and whether it is cancelled."""

    play: Play
    responders: tuple[int, ...]
    cancelled: bool = False


def is_card(play: Play) -> bool:
    """Whether the play puts a card on the table (an action card or a battle item)."""
    return play.source != Source.FUNCTION


def responders_for(state: BattleGnomesState, play: Play) -> tuple[int, ...]:
    """R8.2: the households that may respond to ``play``, clockwise from its declarer."""
    if state.b_att >= 0:
        involved = (state.b_att, state.b_def)
    else:
        involved = (state.turn_player, play.t_seat)
    n = state.game.num_players
    order = [(play.seat + k) % n for k in range(1, n)]
    return tuple(seat for seat in order if seat in involved)


def declare(state: BattleGnomesState, play: Play, *, in_window: bool = False) -> None:
    """R8.1: ``play`` is declared; its response window opens (``in_window``: one is running).

    A card declared after choosing its targets comes out of ``held``; others come straight
    from the hand.
    """
    play = Play(*map(int, play))  # plain numbers in the state (equal positions hash equal)
    if is_card(play) and state.held == play.key:
        state.held = NO_CARD
    state.stack.append(Frame(play, responders_for(state, play)))  # the stack is observed live
    if not in_window:
        push(state, (Task.RESPONSES,))


def _responses(state: BattleGnomesState) -> None:
    """Ask the next responder of the innermost frame, or let finished frames take effect."""
    while state.stack and state.pending is None and not state.finished:
        frame = state.stack[-1]
        if frame.responders and not frame.cancelled:
            state.stack[-1] = frame._replace(responders=frame.responders[1:])
            push(state, (Task.RESPONSES,))
            offer(state, DecisionKind.RESPOND, frame.responders[0])
            return
        state.stack.pop()
        _take_effect(state, frame)


def _take_effect(state: BattleGnomesState, frame: Frame) -> None:
    """Apply a play whose window closed; its card stays in view in a battle (R7.6), and outside
    one it is discarded once the effect is done (O14), so a Yard Sale never draws itself."""
    play = frame.play
    state.touch_battle()
    in_battle = state.b_att >= 0
    if in_battle and is_card(play):
        state.b_area.append(play.key)
        state.b_by.append(play.seat)
    if not frame.cancelled:
        EFFECTS[play.source](state, play)
    if not in_battle and is_card(play):
        state.to_discard(play.key)


def _card_effect(state: BattleGnomesState, play: Play) -> None:
    CARD_EFFECTS[play.key](state, play)
    side = state.side_of(play.seat)
    if side >= 0:
        state.b_actions[side] += 1  # Sage


def _item_effect(state: BattleGnomesState, play: Play) -> None:
    ITEM_EFFECTS[play.key](state, play)


def _function_effect(state: BattleGnomesState, play: Play) -> None:
    FUNCTION_EFFECTS[play.key](state, play)


def response_options(state: BattleGnomesState, p: int, data: tuple) -> list[int]:
    """R8.3: a response card answering the innermost play, or pass."""
    lay = state.game.action_layout
    legal = [lay.pass_action]
    hand = state.hands[p]
    if Card.NO_WAY in hand:
        legal.append(lay.card(Card.NO_WAY))
    top = state.stack[-1].play
    if Card.DEFLECT in hand and top.source == Source.ITEM and IS_THROWN[top.key]:
        legal.append(lay.card(Card.DEFLECT))
    return legal


def _respond(state: BattleGnomesState, d: Decision, action: int) -> None:
    decoded = state.game.action_layout.decode(action)
    if decoded.family != Family.CARD:
        return
    state.take_from_hand(d.player, decoded.arg)
    declare(state, Play(Source.CARD, decoded.arg, d.player), in_window=True)


# ---------------------------------------------------------------------------- effects
def _below(state: BattleGnomesState) -> Frame:
    return state.stack[-1]


def _no_way(state: BattleGnomesState, play: Play) -> None:
    state.stack[-1] = _below(state)._replace(cancelled=True)


def _deflect(state: BattleGnomesState, play: Play) -> None:
    frame = _below(state)
    state.stack[-1] = frame._replace(play=frame.play._replace(side=1 - frame.play.side))


def _truce_flag(state: BattleGnomesState, play: Play) -> None:
    state.b_off = True


def _home_turf(state: BattleGnomesState, play: Play) -> None:
    state.b_home |= 1 << play.side


def _sneak_attack(state: BattleGnomesState, play: Play) -> None:
    state.b_sneak = True


def _battle_cry(state: BattleGnomesState, play: Play) -> None:
    state.b_mods[play.side] += CARD_VALUE[play.key]


def _sabotage(state: BattleGnomesState, play: Play) -> None:
    state.b_null_w |= 1 << play.t_gnome


def _pep_talk(state: BattleGnomesState, play: Play) -> None:
    state.b_pep |= 1 << play.t_gnome


def _yard_sale(state: BattleGnomesState, play: Play) -> None:
    state.draw(play.seat, YARD_SALE_DRAW)


def _swipe(state: BattleGnomesState, play: Play) -> None:
    state.held = state.attachment(play.t_gnome, play.t_slot)
    state.set_attachment(play.t_gnome, play.t_slot, NO_CARD)
    offer(state, DecisionKind.PLACE_ATTACHMENT, play.seat)


def _lawn_mower(state: BattleGnomesState, play: Play) -> None:
    design = state.yard[play.t_seat].pop(play.t_slot)
    state.touch_house(play.t_seat)
    state.to_discard(design)


def thrown_base(state: BattleGnomesState, design: int, side: int) -> int:
    """What a thrown item takes away from ``side`` when it takes effect (before Snickers, Umbrellas)."""
    if design == Card.PINE_CONE:
        return PINE_CONE_PAIR_VALUE if len(state.b_sides[side]) > 1 else CARD_VALUE[design]
    if design == Card.WATER_BALLOON:
        guarded = any(defence_value(state, g) > 0 for g in state.b_sides[side])
        return CARD_VALUE[design] if guarded else WATER_BALLOON_BARE_VALUE
    if design == Card.STINK_BOMB:
        return min(STINK_BOMB_MAX, len(state.yard[state.side_seat(side)]))
    return CARD_VALUE[design]


def _thrown(state: BattleGnomesState, play: Play) -> None:
    item = Thrown(play.key, play.side, play.seat, thrown_base(state, play.key, play.side))
    state.b_thrown = state.b_thrown + (item,)


def _fertilizer(state: BattleGnomesState, play: Play) -> None:
    state.b_mods[play.side] += CARD_VALUE[play.key]


def _lucky_clover(state: BattleGnomesState, play: Play) -> None:
    alone = len(state.b_sides[play.side]) == 1
    state.b_mods[play.side] += LUCKY_CLOVER_LONE_VALUE if alone else CARD_VALUE[play.key]


def _garden_hose(state: BattleGnomesState, play: Play) -> None:
    state.b_thrown = tuple(item._replace(washed=True) if item.side == play.side else item
                           for item in state.b_thrown)


def _watering_can(state: BattleGnomesState, play: Play) -> None:
    state.b_mods[play.side] += CARD_VALUE[play.key] + len(state.b_sides[play.side])


def _bee_swarm(state: BattleGnomesState, play: Play) -> None:
    state.b_mods[play.side] -= CARD_VALUE[play.key]


def _garden_lantern(state: BattleGnomesState, play: Play) -> None:
    state.b_mods[play.side] += CARD_VALUE[play.key] * len(state.yard[state.side_seat(play.side)])


def _bonus(amount: int) -> Callable[[BattleGnomesState, Play], None]:
    def effect(state: BattleGnomesState, play: Play) -> None:
        """Add ``amount`` to the side of the play."""
        state.b_mods[play.side] += amount
    return effect


def _nettle(state: BattleGnomesState, play: Play) -> None:
    state.b_mods[1 - play.side] -= NETTLE_PENALTY


def _pip(state: BattleGnomesState, play: Play) -> None:
    state.draw(play.seat, PIP_DRAW)


def _whisper(state: BattleGnomesState, play: Play) -> None:
    state.b_null_d |= 1 << play.t_gnome


Effect = Callable[[BattleGnomesState, Play], None]
CARD_EFFECTS: dict[int, Effect] = {
    Card.TRUCE_FLAG: _truce_flag,
    Card.HOME_TURF: _home_turf,
    Card.SNEAK_ATTACK: _sneak_attack,
    Card.BATTLE_CRY: _battle_cry,
    Card.SABOTAGE: _sabotage,
    Card.PEP_TALK: _pep_talk,
    Card.YARD_SALE: _yard_sale,
    Card.SWIPE: _swipe,
    Card.LAWN_MOWER: _lawn_mower,
    Card.NO_WAY: _no_way,
    Card.DEFLECT: _deflect,
}
ITEM_EFFECTS: dict[int, Effect] = {
    Card.ROTTEN_TOMATO: _thrown,
    Card.MUD_PIE: _thrown,
    Card.GARDEN_ROCK: _thrown,
    Card.FERTILIZER: _fertilizer,
    Card.LUCKY_CLOVER: _lucky_clover,
    Card.GARDEN_HOSE: _garden_hose,
    Card.PINE_CONE: _thrown,
    Card.WATER_BALLOON: _thrown,
    Card.STINK_BOMB: _thrown,
    Card.WATERING_CAN: _watering_can,
    Card.BEE_SWARM: _bee_swarm,
    Card.GARDEN_LANTERN: _garden_lantern,
}
FUNCTION_EFFECTS: dict[int, Effect] = {
    G.FIZZWICK: _bonus(FIZZWICK_BONUS),
    G.NETTLE: _nettle,
    G.PIP: _pip,
    G.WHISPER: _whisper,
    G.BUMBLE: _bonus(BUMBLE_BONUS),
}
EFFECTS: dict[int, Effect] = {Source.CARD: _card_effect, Source.ITEM: _item_effect,
                              Source.FUNCTION: _function_effect}

TASKS[Task.RESPONSES] = _responses
DECISIONS[DecisionKind.RESPOND] = DecisionRule(response_options, _respond)
