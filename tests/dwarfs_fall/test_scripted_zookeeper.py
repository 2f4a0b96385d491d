"""The scripted opponent's Zookeeper where monsters are scarce (The Empires at two players: four
monster cards for a goal of three, ``agents.dwarfs_fall_secrets``), and its plain chase elsewhere."""

from __future__ import annotations

import pytest

from agents.dwarfs_fall_plans import slay_value, task_plans
from agents.dwarfs_fall_secrets import (
    SECRET_CHASE,
    ZOO_APART,
    monsters_alive,
    zoo_apart,
    zoo_guard_plans,
    zoo_last_step,
    zoo_scarce,
)
from gnome_envs.dwarfs_fall.components import ZOOKEEPER_MONSTERS, Kind, Secret, layer

from .helpers import build, cell, fresh

E = ("empires",)
# blue's castle (walls N + W) and its dragon and frost giant in one row; red's dragon two cards east
ZOO = {"d4": "Bcas/3", "e4": "Bdra", "f4": "Bfro", "h4": "Rdra"}


def zoo(mat, num_players: int = 2, secret: int = Secret.ZOOKEEPER, **kwargs):
    """An Empires position of dwarf seats, blue holding ``secret``."""
    others = [Secret.ARCHITECT, Secret.KING, Secret.MINER][:num_players - 1]
    return build(mat, num_players, expansions=E, races=("dwarfs",) * num_players,
                 secrets=[secret, *others], **kwargs)


def gold(state, seat: int = 0) -> int:
    """Seat ``seat``'s gold mine, unturned (a wall on its north side only)."""
    return layer(state.game.seat_codes[seat][Kind.GOLD_MINE], 0)


@pytest.mark.parametrize(("config", "scarce"), [
    ({"num_players": 2}, True),
    ({"num_players": 2, "races": ("elves", "ogres")}, True),
    ({"num_players": 3}, False),
    ({"num_players": 7}, False),
])
def test_monsters_are_scarce_only_at_two_players(config, scarce):
    """Two monster cards per colour: four at two players, one beyond the goal's three."""
    assert zoo_scarce(fresh(expansions=E, **config)) is scarce


def test_a_scarce_zookeeper_never_slays_a_monster_at_home():
    """At two players slaying its dragon costs the whole goal; at three a step, as for any seat."""
    two, three = zoo(ZOO), zoo(ZOO, 3)
    vp = two.game.secret_vp[Secret.ZOOKEEPER]
    assert slay_value(two, 0, cell("e4")) == pytest.approx(slay_value(three, 0, cell("e4")) - (vp + SECRET_CHASE)
                                                           + (vp + SECRET_CHASE) / ZOOKEEPER_MONSTERS)
    assert slay_value(two, 0, cell("e4")) < 0 < slay_value(three, 0, cell("e4"))
    assert slay_value(zoo(ZOO, secret=Secret.WIZARD), 0, cell("e4")) > 0, "only a Zookeeper keeps it"


@pytest.mark.parametrize(("num_players", "dwarfs", "guarded"), [
    (2, {"e4": "RR"}, True),
    (2, {"e4": "R"}, False),  # one red dwarf is no threat yet
    (2, {"e4": "RRB"}, False),  # a blue dwarf already stands there
    (3, {"e4": "RR"}, False),  # six monsters: no guard
])
def test_a_scarce_zookeeper_guards_a_monster_the_other_seat_gathers_on(num_players, dwarfs, guarded):
    """One own dwarf on a monster at home keeps it alive (five of one colour slay it)."""
    state = zoo(ZOO, num_players, dwarfs=dwarfs)
    plans = zoo_guard_plans(state, 0)
    assert (cell("e4") in plans) is guarded
    if guarded:
        assert task_plans(state, 0)[cell("e4")] == plans[cell("e4")] > 0


@pytest.mark.parametrize(("num_players", "where", "cost"), [
    (2, "e4", -ZOO_APART),  # between the two castles: one kingdom
    (2, "d5", 0.0),  # below its castle: still its own
    (3, "e4", 0.0),  # other rivals bring monsters
])
def test_a_scarce_zookeeper_keeps_its_kingdom_apart(num_players, where, cost):
    """A rival plays monsters into a rival's kingdom, never into its own."""
    state = zoo({"d4": "Bcas/3", "f4": "Rcas/0"}, num_players)
    assert zoo_apart(state, 0, cell(where), gold(state), -1) == cost


def test_a_scarce_zookeeper_plays_the_card_that_brings_the_third_monster():
    """Its gold mine on g4 joins red's dragon to its dragon and frost giant."""
    state = zoo(ZOO)
    vp = state.game.secret_vp[Secret.ZOOKEEPER]
    assert state.kingdom(0).monsters == 2 and not state.secret_revealed[0]
    assert zoo_last_step(state, 0, Kind.GOLD_MINE) == pytest.approx((vp + SECRET_CHASE) / ZOOKEEPER_MONSTERS)
    assert zoo_last_step(zoo(ZOO, 3), 0, Kind.GOLD_MINE) == 0.0
    assert zoo_last_step(zoo(dict(ZOO, f4="Bgol")), 0, Kind.EMERALD_MINE) == 0.0, "two monsters short"


def test_a_scarce_zookeeper_lets_go_once_fewer_than_three_monsters_are_left():
    """Red's two monsters slain: the goal is out of reach, so blue neither guards its dragon nor
    spares it (slaying it is worth its VP and the kingdom VP it costs at home)."""
    mat = {"d4": "Bcas/3", "e4": "Bdra", "f4": "Bfro"}
    gone = zoo(mat, defeated={0: ["Rdra", "Rfro"]}, dwarfs={"e4": "RR"})
    alive = zoo(mat, dwarfs={"e4": "RR"})
    assert (monsters_alive(gone), monsters_alive(alive)) == (2, 4)  # red's two in hand count
    assert zoo_guard_plans(gone, 0) == {} and cell("e4") in zoo_guard_plans(alive, 0)
    assert slay_value(gone, 0, cell("e4")) == slay_value(zoo(mat, secret=Secret.WIZARD), 0, cell("e4")) > 0
    assert slay_value(alive, 0, cell("e4")) < 0
