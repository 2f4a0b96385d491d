"""R11 ogre cards (and O21: only offered with a legal use); example E3 (the Brute swap)."""

from __future__ import annotations

from .helpers import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    Family,
    Gem,
    Kind,
    Ogre,
    act,
    build,
    cell,
    choose,
    decision,
    dwarfs,
    layout,
    legal_cells,
    legal_family,
    legal_seats,
)


def hand(kind: int, count: int = 1) -> tuple[int, ...]:
    """An ogre hand of ``count`` cards of ``kind``."""
    return tuple(count if i == kind else 0 for i in range(5))


def play(state, kind: int) -> None:
    act(state, layout(state).ogre(kind), "action")


def ogre_options(state) -> set[int]:
    return {d.arg for d in legal_family(state, Family.OGRE)}


def test_r11_1_ambush_clears_a_card():
    state = build({"d4": "Rtav", "e4": "Rgol"}, dwarfs={"d4": "BRR", "e4": "B"}, ogres={BLUE: hand(Ogre.AMBUSH)})
    play(state, Ogre.AMBUSH)
    assert legal_cells(state) == {"d4", "e4"}, "any card with a dwarf, own ones included"
    act(state, layout(state).cell(cell("d4")), "ambush_cell")
    assert dwarfs(state, "d4") == "" and state.pile == [6, 7]
    assert state.ogre_discard[Ogre.AMBUSH] == 1 and state.ogres.size(BLUE) == 0, "face up on the discards"
    assert decision(state) == "action" and state.actions_used == 0, "a free action"


def test_r11_2_brute_swaps_an_enemy_dwarf_with_an_own_one():
    mat = {"d4": "Rdra", "e4": "Rgol", "h8": "Rtav"}
    state = build(mat, 3, dwarfs={"d4": "BBBBG", "e4": "RG", "h8": "B"}, ogres={BLUE: hand(Ogre.BRUTE)})
    play(state, Ogre.BRUTE)
    assert legal_cells(state) == {"d4", "e4"}
    act(state, layout(state).cell(cell("e4")), "brute_cell")
    assert legal_seats(state) == {RED, GREEN}
    choose(state, "swap the dwarf of player 2", "brute_seat")
    assert legal_cells(state) == {"d4", "h8"}, "an own dwarf on another card"
    act(state, layout(state).cell(cell("h8")), "brute_own")
    assert dwarfs(state, "e4") == "BR" and dwarfs(state, "h8") == "G"
    lonely = build(mat, dwarfs={"e4": "BR"}, ogres={BLUE: hand(Ogre.BRUTE)})
    assert Ogre.BRUTE not in ogre_options(lonely), "no own dwarf on another card: no Brute (O21)"


def test_r11_3_panic_moves_any_dwarf_up_to_two_cards():
    """c4-d4-e4-f4 in a row; d5 is walled off from d4 (d5's wall faces north); e4 is full."""
    mat = {"c4": "Rtav", "d4": "Rgol", "e4": "Reme/2", "f4": "Rrub/2", "g4": "Btav", "d5": "Rdra"}
    state = build(mat, dwarfs={"d4": "R", "e4": "BBB"}, ogres={BLUE: hand(Ogre.PANIC)})
    play(state, Ogre.PANIC)
    act(state, layout(state).cell(cell("d4")), "panic_cell")
    assert legal_seats(state) == {RED}
    act(state, layout(state).seat(1), "panic_seat")
    assert legal_cells(state) == {"c4"}, "not through the full e4, not through d5's wall"
    act(state, layout(state).cell(cell("c4")), "panic_dest")
    assert dwarfs(state, "c4") == "R" and dwarfs(state, "d4") == ""
    roomy = build(mat, dwarfs={"d4": "R", "e4": "BB"}, ogres={BLUE: hand(Ogre.PANIC)})
    play(roomy, Ogre.PANIC)
    act(roomy, layout(roomy).cell(cell("d4")))
    act(roomy, layout(roomy).seat(1))
    assert legal_cells(roomy) == {"c4", "e4", "f4"}, "one or two cards away"
    own = build(mat, dwarfs={"d4": "B"}, ogres={BLUE: hand(Ogre.PANIC)})
    play(own, Ogre.PANIC)
    act(own, layout(own).cell(cell("d4")))
    assert legal_seats(own) == {BLUE}, "own dwarfs too (O18)"


def test_r11_4_thief_takes_a_random_gem_seen_by_two():
    taken = set()
    for seed in range(12):
        state = build({"a1": "Rtav"}, 3, gems={RED: (1, 0, 0, 1)}, ogres={BLUE: hand(Ogre.THIEF)}, seed=seed)
        play(state, Ogre.THIEF)
        assert legal_seats(state) == {RED}, "only an opponent with a gem"
        act(state, layout(state).seat(1), "thief_seat")
        gem = state.gems.of(BLUE).index(1)
        taken.add(gem)
        assert state.gems.size(RED) == 1 and state.gems.count(RED, gem) == 0
        assert state.gems.bounds(RED, BLUE)[gem] == 1, "the victim saw which"
        assert state.gems.bounds(GREEN, BLUE) == [0, 0, 0, 0] and state.gems.unknown(GREEN, BLUE) == 1
        assert state.gems.bounds(GREEN, RED) == [0, 0, 0, 0], "green cannot tell which gem red kept"
        assert state.gems.bounds(BLUE, RED)[Gem.GOLD + Gem.RUBY - gem] == 1, "the thief knows what is left"
    assert taken == {Gem.GOLD, Gem.RUBY}, "random among the victim's gems"
    nobody = build({"a1": "Rtav"}, ogres={BLUE: hand(Ogre.THIEF)})
    assert Ogre.THIEF not in ogre_options(nobody)


def test_r11_5_crown_takes_every_ogre_card():
    state = build({"a1": "Rtav"}, 3, ogres={BLUE: hand(Ogre.CROWN), RED: (1, 2, 0, 0, 0), GREEN: (0, 0, 1, 0, 0)})
    assert state.ogres.unknown(RED, BLUE) == 1 and state.ogres.unknown(BLUE, RED) == 3
    play(state, Ogre.CROWN)
    assert legal_seats(state) == {RED, GREEN}
    act(state, layout(state).seat(1), "crown_seat")
    assert state.ogres.of(BLUE) == [1, 2, 0, 0, 0] and state.ogres.size(RED) == 0
    assert state.ogres.bounds(RED, BLUE) == [1, 2, 0, 0, 0], "the victim knows what it gave"
    assert state.ogres.unknown(GREEN, BLUE) == 3 and state.ogre_discard[Ogre.CROWN] == 1
    empty = build({"a1": "Rtav"}, ogres={BLUE: hand(Ogre.CROWN)})
    assert Ogre.CROWN not in ogre_options(empty)


def test_e3_brute_swap_in_one_action_phase():
    """Blue plays a kingdom card and places two dwarfs (three actions), then plays Brute for
    free: the yellow dwarf on the tavern and a blue dwarf trade places, and the tavern's task is
    blue's in the resolve phase."""
    mat = {"d4": "Ytav", "e4": "Rgol"}
    state = build(mat, 4, dwarfs={"d4": "BY"}, ogres={BLUE: hand(Ogre.BRUTE)})
    choose(state, "play your emerald mine")
    act(state, layout(state).place(cell("f4"), 0))
    act(state, layout(state).dwarf(cell("f4")))
    act(state, layout(state).dwarf(cell("e4")))
    assert state.actions_used == 3 and Ogre.BRUTE in ogre_options(state)
    play(state, Ogre.BRUTE)
    act(state, layout(state).cell(cell("d4")), "brute_cell")
    act(state, layout(state).seat(3), "brute_seat")
    act(state, layout(state).cell(cell("e4")), "brute_own")
    assert dwarfs(state, "d4") == "BB" and dwarfs(state, "e4") == "Y"
    act(state, layout(state).end(), "action")
    act(state, layout(state).cell(cell("d4")), "resolve_task")
    assert state.ogres.size(BLUE) == 1 and dwarfs(state, "d4") == "" and dwarfs(state, "e4") == "Y"
    assert state.kind_at(cell("f4")) == Kind.EMERALD_MINE and state.pile[YELLOW] == 6
