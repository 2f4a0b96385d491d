"""The ``action_effects`` observation option: each dwarf placement's and move's effect, checked
against what playing the step does (``gnome_envs/dwarfs_fall/action_effects.py``)."""

from __future__ import annotations

import numpy as np
import pytest

from gnome_envs.dwarfs_fall import action_effects as fx
from gnome_envs.dwarfs_fall.components import NEIGHBOUR, Job, Mood
from gnome_envs.dwarfs_fall.empires import can_complete, task_meeples

from .helpers import BLUE, RED, Family, Gem, act, build, cell, fresh, layout

EXPANSION_CONFIGS = [
    {"num_players": 2},
    {"num_players": 4},
    {"num_players": 3, "expansions": ("trolls_bridge",)},
    {"num_players": 2, "expansions": ("royal_decrees",), "scenario": "siege"},
    {"num_players": 4, "expansions": ("empires",), "races": ("ogres", "crystal_dwarfs", "elves", "dwarfs")},
]


def row(state, action: int) -> np.ndarray:
    """The effect row of ``action`` in the deciding seat's view."""
    return fx.effect_rows(state, state.current_player)[action - state.game.action_effect_first]


def count(value: float, scale: float) -> int:
    """A scaled count back as an integer."""
    return int(round(value * scale))


def step_rows(state) -> dict[int, np.ndarray]:
    """Every legal DWARF and MOVE action of the pending decision with its row."""
    lay = layout(state)
    steps = [a for a in state.legal_actions() if lay.decode(a).family in fx.EFFECT_FAMILIES]
    return {a: row(state, a) for a in steps}


def counted(state, cell: int, seat: int) -> int:
    """The seat's meeples the engine counts for the task on ``cell`` (with The Empires the
    accurate elves next to a monster too, X3.2)."""
    return task_meeples(state, cell, seat) if state.game.empires else state.dwarfs_of(seat, cell)


def target_and_source(state, action: int) -> tuple[int, int]:
    """The card the dwarf lands on and the card it leaves (-1 for a dwarf from the pile)."""
    decoded = layout(state).decode(action)
    if decoded.family == Family.DWARF:
        return decoded.arg, -1
    return NEIGHBOUR[decoded.arg][decoded.arg2], decoded.arg


def acting_positions(config: dict, games: int = 2, every: int = 3):
    """Action decisions of random games with at least one dwarf step legal (every third one)."""
    rng = np.random.default_rng(sum(map(ord, repr(sorted(config.items())))))
    for seed in range(games):
        state = fresh(seed, **config)
        seen = 0
        while not state.is_terminal():
            if state.decision_name() == "action" and step_rows(state):
                seen += 1
                if seen % every == 0:
                    yield state
            legal = state.legal_actions()
            state.apply(legal[rng.integers(len(legal))])


def test_rows_are_zero_outside_the_seats_own_action_choice():
    state = build({"d4": "Rgol"}, dwarfs={"d4": "B"})
    assert fx.effect_rows(state, BLUE).any() and not fx.effect_rows(state, RED).any()
    resolving = build({"d4": "Rgol"}, dwarfs={"d4": "BB"}, phase="resolve")
    assert not fx.effect_rows(resolving, BLUE).any()


def test_a_mine_row_says_what_completing_it_gives():
    """Blue holds an emerald and a diamond: the trading goal of one gold, emerald and diamond
    (goal 5) misses one gold. A second blue dwarf on the gold mine completes it: two gold."""
    state = build({"d4": "Rgol"}, dwarfs={"d4": "B"}, gems={BLUE: (0, 1, 1, 0)}, trading_row=(5, 2, 4))
    dwarf = layout(state).dwarf(cell("d4"))
    fields = row(state, dwarf)
    assert fields[fx.JOB_AT + fx.JOB_INDEX[Job.MINE]] == 1 and fields[fx.MOVE_FLAG] == 0
    assert fields[fx.READY] == 1 and fields[fx.LACKING] == 0 and fields[fx.THIS_TURN] == 1
    assert fields[fx.WORKS] == 1 and count(fields[fx.GEMS], fx.YIELD_SCALE) == 2
    assert count(fields[fx.GOAL_GEMS], fx.YIELD_SCALE) == 1 and count(fields[fx.GOAL_SLOTS], fx.SLOT_SCALE) == 1
    assert count(fields[fx.GEM_VP_AT], fx.GEM_VP_SCALE) == 2
    assert fields[fx.OVERFLOW] == 1, "nine kingdom cards and two gems in hand already"
    act(state, dwarf, "action")
    act(state, layout(state).end(), "action")
    act(state, layout(state).cell(cell("d4")), "resolve_task")
    assert state.gems.count(BLUE, Gem.GOLD) == count(fields[fx.GEMS], fx.YIELD_SCALE)


def test_a_mine_in_a_dragons_region_gives_nothing_and_the_dragon_frees_it():
    state = build({"c4": "Bcas/3", "d4": "Rgol", "e4": "Rdra"}, dwarfs={"d4": "B"})
    mine, dragon = row(state, layout(state).dwarf(cell("d4"))), row(state, layout(state).dwarf(cell("e4")))
    assert mine[fx.READY] == 1 and mine[fx.WORKS] == 0 and mine[fx.GEMS] == 0
    assert dragon[fx.JOB_AT + fx.JOB_INDEX[Job.SLAY]] == 1 and count(dragon[fx.LACKING], fx.SPOT_SCALE) == 4
    assert dragon[fx.THIS_TURN] == 0, "four actions in all: the placing one and three after it"
    assert count(dragon[fx.FREES_MINES], fx.MINE_SCALE) == 1 and mine[fx.FREES_MINES] == 0
    assert mine[fx.OWN_KINGDOM] == 1 and dragon[fx.OWN_KINGDOM] == 1


def test_a_step_that_takes_the_last_spot_another_seat_needs_blocks_it():
    """Red holds two of the three dwarfs a ruby mine (four spots) needs; blue's dwarf in the last
    free spot leaves red no room."""
    state = build({"d4": "Rrub"}, dwarfs={"d4": "RRB"})
    fields = row(state, layout(state).dwarf(cell("d4")))
    assert fields[fx.BLOCKS] == 1 and count(fields[fx.OTHERS], fx.SPOT_SCALE) == 2 and fields[fx.FITS] == 0
    act(state, layout(state).dwarf(cell("d4")), "action")
    assert not state.has_room(cell("d4"))
    roomy = build({"d4": "Rrub"}, dwarfs={"d4": "RR"})
    assert row(roomy, layout(roomy).dwarf(cell("d4")))[fx.BLOCKS] == 0


def test_a_store_works_only_with_a_payable_goal():
    rich = build({"d4": "Rsto"}, gems={BLUE: (1, 2, 1, 0)}, trading_row=(2, 5, 4))
    broke = build({"d4": "Rsto"}, gems={BLUE: (1, 0, 0, 0)}, trading_row=(2, 5, 4))
    assert row(rich, layout(rich).dwarf(cell("d4")))[fx.WORKS] == 1
    assert row(broke, layout(broke).dwarf(cell("d4")))[fx.WORKS] == 0


def eplace(state, where: str) -> np.ndarray:
    """The row of a meeple from the pile onto ``where``."""
    return row(state, layout(state).dwarf(cell(where)))


def test_a_crystal_dwarfs_step_onto_another_players_castle_is_never_ready():
    """X4.5: crystal dwarfs may stand on another player's castle but never use it: with the
    dwarfs the task needs it is not ready and gains nothing; on their own castle it digs."""
    stack = {"e4": "Bgol+Kgol/1"}  # a stack to dig (O11)
    other = build({"d4": "Bcas/3", **stack}, 2, expansions=("empires",), races=("crystal_dwarfs", "dwarfs"),
                  dwarfs={"d4": "K"})
    own = build({"d4": "Kcas/3", **stack}, 2, expansions=("empires",), races=("crystal_dwarfs", "dwarfs"),
                dwarfs={"d4": "K"})
    blocked, digging = eplace(other, "d4"), eplace(own, "d4")
    assert count(blocked[fx.LACKING], fx.SPOT_SCALE) == 0 == count(digging[fx.LACKING], fx.SPOT_SCALE)
    assert blocked[fx.READY] == 0 and blocked[fx.WORKS] == 0
    assert digging[fx.READY] == 1 and digging[fx.WORKS] == 1


def test_an_inn_in_a_wolfs_region_gains_nothing():
    """X6.3: a tavern next to the big bad wolf is ready but yields no ogre card."""
    for third, works in (("Owol", 0), ("Ogol", 1)):
        state = build({"d4": "Bcas/3", "e4": "Btav", "f4": third}, 2, expansions=("empires",),
                      races=("dwarfs", "ogres"), dwarfs={"e4": "B"})
        fields = eplace(state, "e4")
        assert fields[fx.READY] == 1 and fields[fx.WORKS] == works, third


def test_accurate_elves_next_to_a_monster_count_on_it():
    """X3.2: an elf on the dragon and two on a connected mine: one more elf placed on the dragon
    leaves one missing (2 + 2 of 5), one moved there from the mine two (its elves count less)."""
    state = build({"d4": "Bdra", "e4": "Beme", "d3": "Bgol"}, 2, expansions=("empires",),
                  races=("elves", "dwarfs"), dwarfs={"d4": "P", "e4": "PP"})
    lay = layout(state)
    placed = row(state, lay.dwarf(cell("d4")))
    east_to_west = next(d for d in (lay.decode(a) for a in state.legal_actions())
                        if d.family == Family.MOVE and d.arg == cell("e4") and NEIGHBOUR[d.arg][d.arg2] == cell("d4"))
    moved = row(state, lay.move(east_to_west.arg, east_to_west.arg2))
    assert count(placed[fx.LACKING], fx.SPOT_SCALE) == 1 and count(moved[fx.LACKING], fx.SPOT_SCALE) == 2
    assert count(moved[fx.FROM_LACKING], fx.SPOT_SCALE) == 2, "three elves gather a mine (X3.1)"


def test_under_the_warband_leader_a_task_gives_ogre_cards_not_gems():
    """T4.2: the troll's card gives two ogre cards instead of its task: the mine's row shows no gems."""
    for mood, gems in ((Mood.WARBAND_LEADER, 0), (Mood.SCARY, 2)):
        moods = [mood] + [m for m in range(4) if m != mood]
        state = build({"e4": "Bgol"}, 2, expansions=("trolls_bridge",), moods=moods, troll="e4", dwarfs={"e4": "B"})
        fields = eplace(state, "e4")
        assert fields[fx.READY] == 1 and fields[fx.WORKS] == 1 and count(fields[fx.GEMS], fx.YIELD_SCALE) == gems


@pytest.mark.parametrize("config", EXPANSION_CONFIGS, ids=lambda c: "-".join(map(str, c.values())))
def test_rows_match_the_position_each_step_leaves(config):
    """Every legal dwarf step of random positions, played on a copy (while actions are left, so
    nothing resolves yet): what the seat's dwarfs still lack on the target and the source, and
    whether the target's task is ready."""
    checked = 0
    for state in acting_positions(config):
        seat = state.current_player
        for action, fields in step_rows(state).items():
            target, source = target_and_source(state, action)
            after = state.clone()
            after.apply(action)
            if after.decision_name() == "meeple_type":  # The Empires: which meeple goes
                after.apply(after.legal_actions()[0])
            if after.decision_name() != "action" or after.turn_player != seat:  # the last action: resolved
                continue
            lacking = max(state.required_at(target, seat) - counted(after, target, seat), 0)
            assert count(fields[fx.LACKING], fx.SPOT_SCALE) == lacking
            assert fields[fx.READY] == (can_complete(after, target, seat) if after.game.empires else lacking == 0)
            assert fields[fx.MOVE_FLAG] == (source >= 0)
            if source >= 0:
                left = max(state.required_at(source, seat) - counted(after, source, seat), 0)
                assert count(fields[fx.FROM_LACKING], fx.SPOT_SCALE) == left
            assert ((fields >= 0) & (fields <= 1)).all()
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("config", EXPANSION_CONFIGS[:2], ids=["2p", "4p"])
def test_rows_are_the_same_in_every_determinization(config):
    """The rows read only public facts and the seat's own gems."""
    rng = np.random.default_rng(11)
    for state in acting_positions(config, games=1):
        seat = state.current_player
        np.testing.assert_array_equal(fx.effect_rows(state.determinize(seat, rng), seat), fx.effect_rows(state, seat))
