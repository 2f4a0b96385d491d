"""Audit hooks (what each seat played with, what happened in a game) and the designed balance
values recorded in the Open points of ``seeds/dwarfs_fall.md``."""

from __future__ import annotations

import numpy as np

import agents
from agents.base import choose_action

from gnome_envs.dwarfs_fall.components import ROUND_LIMIT

from .helpers import BLUE, RED, Secret, build, fresh


def test_audit_tags_name_secret_goal_colour_and_race():
    state = build({"a1": "Rtav"}, secrets=(Secret.KING, Secret.WIZARD))
    assert state.audit_tags(BLUE) == {"secret_goal": "king", "colour": "blue"}
    assert state.audit_tags(RED) == {"secret_goal": "wizard", "colour": "red"}
    empire = fresh(seed=3, num_players=2, expansions=("empires",), races=("ogres", "elves"))
    assert empire.audit_tags(0)["race"] == "ogres" and empire.audit_tags(1)["colour"] == "purple"


def test_audit_events_count_reveals_regions_voided_mines_and_the_ending():
    """A dragon connected to one of two mines voids half of them; the largest region holds 3 of
    the 4 cards; Blue's Wizard is revealed in round 4, Red's King is not."""
    mat = {"b4": "Rdra", "c4": "Rgol", "d4": "Rtav", "f6": "Reme/1"}
    state = build(mat, gems={BLUE: (0, 5, 0, 0)}, secrets=(Secret.WIZARD, Secret.KING), round=4)
    events = state.audit_events()
    assert events["revealed:wizard"] == 1.0 and events["reveal_round:wizard"] == 4.0
    assert events["revealed:king"] == 0.0 and "reveal_round:king" not in events
    assert events["largest_region_share"] == 0.75 and events["mines_voided_share"] == 0.5
    assert events["ended:goals"] == events["ended:idle_rounds"] == events["ended:limit"] == 0.0


def test_audit_events_tell_the_three_endings_apart():
    scripted = agents.make("scripted", "dwarfs_fall_v6")
    state = fresh(seed=1)
    rng = np.random.default_rng(1)
    while not state.is_terminal():
        state.apply(choose_action(scripted, state, rng))
    assert state.audit_events()["ended:goals"] == 1.0
    idle = fresh(seed=1)
    while not idle.is_terminal():
        legal = idle.legal_actions()
        idle.apply(idle.game.action_layout.end() if idle.game.action_layout.end() in legal else legal[0])
    events = idle.audit_events()
    assert events["ended:idle_rounds"] == 1.0 and events["ended:goals"] == 0.0
    capped = build({"a1": "Rtav"}, turn_player=RED, round=ROUND_LIMIT)
    capped.apply(capped.game.action_layout.end())
    assert capped.audit_events()["ended:limit"] == 1.0
