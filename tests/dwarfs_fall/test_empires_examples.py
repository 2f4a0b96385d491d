"""The Empires' worked examples from the rulebook (E14-E19 in ``seeds/dwarfs_fall.md``)."""

from __future__ import annotations

from gnome_envs.dwarfs_fall.races import Class

from .helpers import (
    Family,
    Gem,
    act,
    build,
    cell,
    decision,
    layout,
    legal_cells,
    legal_family,
)

EMPIRES = ("empires",)


def ebuild(mat: dict, races: tuple[str, ...], **kwargs):
    """An Empires position with one race per seat."""
    return build(mat, len(races), expansions=EMPIRES, races=races, **kwargs)


def test_e14_accurate_elves_slay_the_dragon_and_still_mine():
    """Two elves on a dragon, three on a connected mine, two behind the dragon's wall on a tavern:
    the dragon falls, the mine yields its gem, the walled-off elves still get their ogre card."""
    mat = {"d4": "Bdra", "e4": "Beme", "d3": "Btav"}  # the dragon's north wall faces the tavern d3
    state = ebuild(mat, ("elves", "dwarfs"), dwarfs={"d4": "PP", "e4": "PPP", "d3": "PP"}, phase="resolve")
    assert legal_cells(state) == {"d4", "e4", "d3"}
    for name in ("d4", "e4", "d3"):
        act(state, layout(state).cell(cell(name)), "resolve_task")
    assert len(state.defeated[0]) == 1 and state.kind_at(cell("d4")) == -1
    assert state.gems.count(0, Gem.EMERALD) == 1 and state.ogres.size(0) == 1
    assert state.pile[0] == 7, "every elf is home"


def test_e15_three_meeples_on_the_ogres_castle_draw_two_ogre_cards():
    """Three meeples on the ogres' castle: two ogre cards."""
    state = ebuild({"d4": "Oocs"}, ("ogres", "dwarfs"), dwarfs={"d4": "OOO"}, phase="resolve")
    act(state, layout(state).cell(cell("d4")), "resolve_task")
    assert state.ogres.size(0) == 2 and state.pile[0] == 7


def test_e16_an_emerald_costs_elves_three_meeples():
    """Slow gathering: two elves on an emerald mine do nothing, three take the emerald."""
    two = ebuild({"d4": "Peme"}, ("elves", "dwarfs"), dwarfs={"d4": "PP"}, phase="resolve")
    assert decision(two) == "action" and two.current_player == 1 and two.gems.size(0) == 0
    three = ebuild({"d4": "Peme"}, ("elves", "dwarfs"), dwarfs={"d4": "PPP"}, phase="resolve")
    act(three, layout(three).cell(cell("d4")), "resolve_task")
    assert three.gems.count(0, Gem.EMERALD) == 1


def test_e17_monster_scales_for_a_gold_and_a_ruby():
    """A defeated monster discarded for gems worth 4 VP: one gold and one ruby."""
    state = ebuild({"d4": "Bgol"}, ("elves", "dwarfs"), defeated={0: ["Bdra"]})
    act(state, layout(state).power(), "action")
    act(state, layout(state).gem(Gem.GOLD), "power_gem")
    act(state, layout(state).gem(Gem.RUBY), "power_gem")
    assert state.gems.of(0) == [1, 0, 0, 1] and state.defeated[0] == () and len(state.boxed) == 1
    assert decision(state) == "action", "4 VP taken: nothing left to pick"


def test_e18_four_pouches_for_two_emeralds():
    """The pawnbroker: four stolen pouches are traded for two emeralds."""
    state = ebuild({"d4": "Bgol"}, ("ogres", "dwarfs"), pouches={0: 4})
    act(state, layout(state).power(), "action")
    act(state, layout(state).gem(Gem.EMERALD), "power_gem")
    act(state, layout(state).gem(Gem.EMERALD), "power_gem")
    assert state.gems.count(0, Gem.EMERALD) == 2 and state.pouches[0] == 0 and state.pouch_pile == 20


def test_e19_a_crystal_warrior_costs_two_diamonds():
    """Diamond helmets: the warrior costs crystal dwarfs two diamonds (dwarfs one)."""
    def can_buy_warrior(races, diamonds):
        state = ebuild({"d4": "Pgol"}, races, gems={0: (0, 0, diamonds, 0)})
        return Class.WARRIOR in {d.arg for d in legal_family(state, Family.CLASS)}

    assert can_buy_warrior(("dwarfs", "elves"), 1)
    assert not can_buy_warrior(("crystal_dwarfs", "elves"), 1)
    assert can_buy_warrior(("crystal_dwarfs", "elves"), 2)
