"""The engine loop: a task stack, the pending decision, and the handler registries.

``flow`` registers the turn-structure tasks; ``actions_phase``, ``ogres`` and ``resolve``
register the decision rules. A decision is offered only with its legal actions computed once,
so the mask of a pending decision is never recomputed and never empty: a choice with no legal
option is simply not offered. Whenever the engine stops (a decision is pending or the game is
over) the after-change hooks run: the secret goals are checked there (R9.2), and the end of a
turn checks them itself before counting goals.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import Any

from gnome_envs.core.loop import Decision, DecisionRule, RuleTable


class Step(IntEnum):
    """Engine steps that run without a decision (or offer one)."""

    START_TURN = 0
    ACTION_PHASE = 1
    RESOLVE_PHASE = 2
    RESOLVE_NEXT = 3
    DISCARD_PHASE = 4
    END_TURN = 5
    TROLL_ROAM = 6  # Troll's Bridge: the troll roams when no toll was paid (T3.1)
    OGRE_GO = 7  # an ogre card's effect, once no target denied it (T6.2)
    HW_ROUND = 8  # Royal Decrees, Hard Workers: a round of mornings then nights (D3)
    MORNING = 9
    NIGHT = 10
    HW_ROUND_END = 11


class DecisionKind(IntEnum):
    """Every kind of choice a player can be asked to make."""

    ACTION = 0
    PLACE_CARD = 1
    AMBUSH_CELL = 2
    BRUTE_CELL = 3
    BRUTE_SEAT = 4
    BRUTE_OWN = 5
    PANIC_CELL = 6
    PANIC_SEAT = 7
    PANIC_DEST = 8
    THIEF_SEAT = 9
    CROWN_SEAT = 10
    RESOLVE_TASK = 11
    DIG_STACK = 12
    STORE_GOAL = 13
    DISCARD = 14
    TROLL_DEST = 15  # Troll's Bridge: where the paid toll moves the troll (T2.2)
    TROLL_DENY = 16  # Troll's Bridge: deny an ogre card with the Troll King (T6.2)
    ROTATE_CARD = 17  # Royal Decrees: how the chosen card is turned (a PLACE on it, D4.2, D7)
    MEMORIAL_CARD = 18  # Royal Decrees: which empty card a battle memorial turns (D7)
    TUNNEL_DEST = 19  # Royal Decrees: the mine a tunnelling dwarf goes to (D14)
    STORE_TRADE = 20  # Royal Decrees: which won trading goal to trade in, or none (D5)
    MEEPLE_TYPE = 21  # The Empires: which meeple a placement or move takes (plain or a class, X5.8)
    WARRIOR_SEAT = 22  # The Empires: whose meeple the warrior pushes (X5.3)
    WARRIOR_DEST = 23  # The Empires: where it goes
    OGRE_KING_SEAT = 24  # The Empires: whose meeple the ogre king sends home (X5.6)
    ALCHEMY_GIVE = 25  # The Empires: the gem the alchemist turns (X5.2)
    ALCHEMY_TAKE = 26  # The Empires: the gem it becomes
    POWER_GEM = 27  # The Empires: a gem bought with monster scales or pouches, or END (X3.4, X4.4)
    FROZEN_GEM = 28  # The Empires: the gem frozen into a diamond (X4.7)
    WRECKING_CELL = 29  # The Empires: the card the Wrecking Ball hits (X7.1)


NUM_DECISION_KINDS = len(DecisionKind)
CORE_DECISION_KINDS = int(DecisionKind.DISCARD) + 1  # the kinds the core game can offer
ROYAL_DECISION_KINDS = int(DecisionKind.STORE_TRADE) + 1  # ... with Royal Decrees (and Troll's Bridge)


RULES = RuleTable()
DECISIONS: dict[int, DecisionRule] = RULES.decisions
STEPS: dict[int, Callable[..., None]] = RULES.tasks
AFTER_CHANGE: list[Callable[[Any], None]] = RULES.after_advance  # secret goals
offer = RULES.offer
push = RULES.push
advance = RULES.advance
resolve_decision = RULES.resolve

__all__ = ["AFTER_CHANGE", "CORE_DECISION_KINDS", "DECISIONS", "NUM_DECISION_KINDS", "ROYAL_DECISION_KINDS", "RULES", "STEPS", "Decision", "DecisionKind", "DecisionRule", "Step", "advance", "offer", "push", "resolve_decision"]
