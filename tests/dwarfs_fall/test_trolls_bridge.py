"""Troll's Bridge (T1-T7): the lake, the troll, tolls, roaming, moods, the Troll King."""

from __future__ import annotations

import numpy as np
import pytest

from gnome_envs.core.errors import ConfigError
from gnome_envs.dwarfs_fall.components import (
    LAKE,
    LAKE_CELL,
    MOOD_TRACK,
    NUM_MOODS,
    NUM_ROAMING,
    OGRE_COUNTS,
    ROAMING_CARDS,
    TROLL_KING_COPIES,
    Mood,
)

from .helpers import (
    BLUE,
    GREEN,
    RED,
    Family,
    Gem,
    Ogre,
    act,
    build,
    cell,
    choose,
    decision,
    dwarfs,
    fresh,
    layout,
    legal_cells,
    legal_places,
    random_game,
)

TROLLS = ("trolls_bridge",)
SLEEP, MOURNING, CRAZY, RUNNING = 0, 1, 2, 3
N, E, S, W = 0, 1, 2, 3


def roaming(name: int, side: int) -> int:
    """Index of the roaming card ``name`` (0-3) heading ``side`` (O35 order)."""
    return 4 * side + name


def tbuild(mat=None, num_players: int = 2, mood: int = Mood.SCARY, **kwargs):
    """A Troll's Bridge position whose current mood is ``mood`` (the rest in order)."""
    moods = [mood] + [m for m in range(NUM_MOODS) if m != mood]
    return build(mat, num_players, expansions=TROLLS, moods=moods, **kwargs)


def ogre_hand(kind: int, count: int = 1) -> tuple[int, ...]:
    return tuple(count if i == kind else 0 for i in range(6))


def resolve_all(state, dest: str | None = None) -> None:
    """Complete pending tasks in listed order, moving the troll to ``dest`` (or leaving him)."""
    while decision(state) in ("resolve_task", "troll_dest"):
        if decision(state) == "resolve_task":
            act(state, state.legal_actions()[0])
        else:
            target = cell(dest) if dest is not None else state.troll_cell
            act(state, layout(state).cell(target))


# ---------------------------------------------------------------------------- T1 setup and the troll
def test_t1_1_the_lake_opens_the_mat_and_joins_kingdoms():
    state = fresh(seed=3, expansions=TROLLS, skip_forced=False)
    assert state.kind_at(LAKE_CELL) == LAKE and state.stacks[LAKE_CELL] and state.crowd[LAKE_CELL] == 0
    act(state, layout(state).card(0), "action")  # the castle
    cells = {name for name, _ in legal_places(state)}
    assert cells == {"c4", "e4", "d3", "d5"}, "next to the lake, not the empty centre rule (R3.2)"
    castle = tbuild({"e4": "Bcas/2"})  # walls S and W: the west side faces the lake
    assert castle.kingdom_size(BLUE) == 1
    castle = tbuild({"e4": "Bcas"})  # walls N and E: open towards the lake
    assert castle.kingdom_size(BLUE) == 2 and castle.kingdom_vp(BLUE) == 2, "the lake: one card, 0 VP"
    stack = tbuild({"e4": "Rgol"}, phase="actions")
    act(stack, layout(stack).card(1), "action")  # a gold mine: onto the red one, never onto the lake
    cells = {name for name, _ in legal_places(stack)}
    assert "e4" in cells and "d4" not in cells


def test_t1_2_the_troll_takes_no_spot_and_ignores_walls():
    state = tbuild({"c4": "Bcas", "b4": "Rgol"}, dwarfs={"d4": "BB"})
    assert state.troll_cell == LAKE_CELL
    assert "d4" in legal_cells(state, Family.DWARF), "two dwarfs and the troll: a third dwarf fits"
    # dwarfs cannot cross the castle's east wall into the lake, the troll can
    assert state.regions.passable[cell("c4")] & (1 << E) == 0
    state = tbuild({"c4": "Bcas", "b4": "Rgol"}, dwarfs={"d4": "B"}, phase="resolve")
    act(state, layout(state).cell(LAKE_CELL), "resolve_task")
    assert legal_cells(state) == {"b4", "c4", "d4"}, "two cards west through a wall, or stay"


def test_t1_3_mood_roaming_and_ogre_decks():
    state = fresh(seed=5, expansions=TROLLS)
    assert sorted(state.mood_deck) == list(range(NUM_MOODS)) and state.toll == 0 and state.moods_seen == 1
    assert sorted(state.roaming_deck) == list(range(NUM_ROAMING)) and state.roaming_discard == []
    assert len(state.ogre_deck) == sum(OGRE_COUNTS) + TROLL_KING_COPIES
    assert state.ogre_deck.count(Ogre.TROLL_KING) == TROLL_KING_COPIES
    core = fresh(seed=5)
    assert not hasattr(core, "troll_cell") and Ogre.TROLL_KING not in core.ogre_deck


def test_t1_4_no_digging_under_the_troll():
    mat = {"e4": "Bcas", "f4": "Bgol+Rgol", "f5": "Beme+Reme"}
    state = tbuild(mat, troll="f4", dwarfs={"e4": "BB"}, phase="resolve")
    act(state, layout(state).cell(cell("e4")), "resolve_task")
    assert legal_cells(state) == {"f5"}, "the stack under the troll cannot be dug"


def test_t1_5_back_to_the_bridge_when_his_card_leaves():
    state = tbuild({"e4": "Rdra"}, troll="e4", dwarfs={"e4": "BBBBB"}, phase="resolve",
                   roaming=[roaming(SLEEP, N)])
    act(state, layout(state).cell(cell("e4")), "resolve_task")
    assert state.top[cell("e4")] < 0 and state.troll_cell == LAKE_CELL, "(his roam north then finds no card)"
    # a roam that ends on a card shows where he started it: back at the bridge (d4), one step west
    # reaches the gold mine on c4; had he stayed on the empty e4, one step west would end on the lake
    west = tbuild({"e4": "Rdra", "c4": "Rgol"}, troll="e4", dwarfs={"e4": "BBBBB"}, phase="resolve",
                  roaming=[roaming(SLEEP, W)])
    act(west, layout(west).cell(cell("e4")), "resolve_task")
    assert west.top[cell("e4")] < 0 and west.troll_cell == cell("c4"), "he roamed from the lake, not from e4"


# ---------------------------------------------------------------------------- T2 the toll
def test_t2_1_each_dwarf_on_the_lake_pays_one_toll():
    state = tbuild({"e4": "Bgol"}, mood=Mood.MINER, dwarfs={"d4": "BBB", "e4": "BB"}, phase="resolve")
    tolls = 0
    while decision(state) in ("resolve_task", "troll_dest"):
        if decision(state) == "resolve_task":
            assert "d4" in legal_cells(state) or state.dwarfs_of(BLUE, LAKE_CELL) == 0
            act(state, layout(state).cell(LAKE_CELL if "d4" in legal_cells(state) else cell("e4")))
        else:
            tolls += 1
            act(state, layout(state).cell(LAKE_CELL))
    assert tolls == 3 and state.dwarfs_of(BLUE, LAKE_CELL) == 0 and state.gems.count(BLUE, Gem.GOLD) == 2
    assert state.mood_deck[0] != Mood.MINER and state.toll == 0, "three steps: the Miner track (3) is passed"
    assert state.roaming_discard == [], "a toll was paid: no roaming (T3.1)"


def test_t2_2_moving_the_troll_then_his_mood_then_the_toll():
    mat = {"e4": "Bgol", "f4": "Rgol", "g4": "Rtav"}
    state = tbuild(mat, mood=Mood.SCARY, dwarfs={"d4": "B", "f4": "RB"}, phase="resolve")
    act(state, layout(state).cell(LAKE_CELL), "resolve_task")
    assert legal_cells(state) == {"d4", "e4", "f4"}, "0-2 cards away over cards"
    act(state, layout(state).cell(cell("f4")), "troll_dest")
    assert state.troll_cell == cell("f4") and dwarfs(state, "f4") == "", "Scary clears his card"
    assert state.pile == [7, 7] and state.toll == 1


# ---------------------------------------------------------------------------- T3 roaming
def test_t3_1_the_troll_roams_only_without_a_toll():
    top = roaming(SLEEP, E)
    state = tbuild({"e4": "Bgol"}, mood=Mood.MINER, roaming=[5, top], phase="resolve")
    assert state.troll_cell == cell("e4") and state.roaming_discard[-1] == top and state.toll == 1
    paid = tbuild({"e4": "Bgol"}, mood=Mood.MINER, roaming=[5, top], dwarfs={"d4": "B"}, phase="resolve")
    resolve_all(paid)
    assert paid.roaming_deck == [5, top] and paid.troll_cell == LAKE_CELL and paid.toll == 1


def test_t3_2_a_walk_off_the_cards_ends_at_the_bridge():
    mat = {"e4": "Bgol", "f4": "Rgol", "d5": "Btav", "d6": "Rtav"}
    state = tbuild(mat, mood=Mood.MINER, roaming=[roaming(RUNNING, E)], phase="resolve")
    assert state.troll_cell == LAKE_CELL, "e4, f4, then no card on g4: back to the bridge"
    crazy = tbuild(mat, mood=Mood.MINER, roaming=[roaming(CRAZY, S)], phase="resolve")
    assert ROAMING_CARDS[roaming(CRAZY, S)].steps == (S, S + 1)
    assert crazy.troll_cell == LAKE_CELL, "south to d5, then west onto c5 (no card)"
    mourning = tbuild(mat, mood=Mood.MINER, roaming=[roaming(MOURNING, S)], phase="resolve")
    assert mourning.troll_cell == cell("d6")
    scary = tbuild(mat, mood=Mood.SCARY, roaming=[roaming(SLEEP, E)], dwarfs={"e4": "BR"}, phase="resolve")
    assert scary.troll_cell == cell("e4") and dwarfs(scary, "e4") == "", "then he performs his mood"


def test_t3_3_the_used_roaming_cards_are_reshuffled():
    state = tbuild({"e4": "Bgol"}, mood=Mood.MINER, roaming=[], phase="resolve")
    assert len(state.roaming_deck) == NUM_ROAMING - 1 and len(state.roaming_discard) == 1
    assert sorted(state.roaming_deck + state.roaming_discard) == list(range(NUM_ROAMING)), "all 16 used cards"
    # shuffled, not merely turned over: the new deck's order depends on the game's seed
    orders = set()
    for seed in range(8):
        empty = tbuild({"e4": "Bgol"}, mood=Mood.MINER, roaming=[], phase="resolve", seed=seed)
        orders.add(tuple(empty.roaming_deck + empty.roaming_discard))
    assert len(orders) > 1, "eight games, one deck order: the used cards were not shuffled"


# ---------------------------------------------------------------------------- T4 moods
def test_t4_1_scary_sends_every_dwarf_home():
    state = tbuild({"e4": "Rtav"}, mood=Mood.SCARY, dwarfs={"d4": "B", "e4": "BRR"}, phase="resolve")
    act(state, layout(state).cell(LAKE_CELL), "resolve_task")
    act(state, layout(state).cell(cell("e4")), "troll_dest")
    assert dwarfs(state, "e4") == "" and state.pile == [7, 7]


def test_t4_2_warband_leader_gives_two_ogre_cards_instead():
    state = tbuild({"e4": "Bgol"}, mood=Mood.WARBAND_LEADER, troll="e4", dwarfs={"e4": "BB"}, phase="resolve")
    resolve_all(state, "e4")
    assert state.gems.count(BLUE, Gem.GOLD) == 0 and state.ogres.size(BLUE) == 2 and state.pile[BLUE] == 7
    monster = tbuild({"e4": "Rdra"}, mood=Mood.WARBAND_LEADER, troll="e4", dwarfs={"e4": "BBBBB"}, phase="resolve")
    resolve_all(monster)
    assert monster.defeated[BLUE] and monster.ogres.size(BLUE) == 0, "monsters are slain as usual"
    lake = tbuild({"e4": "Bgol"}, mood=Mood.WARBAND_LEADER, dwarfs={"d4": "B"}, phase="resolve")
    act(lake, layout(lake).cell(LAKE_CELL), "resolve_task")  # the troll stands on his lake
    assert decision(lake) == "troll_dest" and lake.ogres.size(BLUE) == 0, "the lake: a toll as usual, no ogres"


def test_t4_3_miner_doubles_a_mine():
    state = tbuild({"e4": "Bgol"}, mood=Mood.MINER, troll="e4", dwarfs={"e4": "BB"}, phase="resolve")
    resolve_all(state)
    assert state.gems.count(BLUE, Gem.GOLD) == 4
    elsewhere = tbuild({"e4": "Bgol"}, mood=Mood.MINER, dwarfs={"e4": "BB"}, phase="resolve")
    resolve_all(elsewhere)
    assert elsewhere.gems.count(BLUE, Gem.GOLD) == 2
    # the pile still limits it: red holds 17 of the 20 gold cards (O4), three are left for blue
    short = tbuild({"e4": "Bgol"}, mood=Mood.MINER, troll="e4", dwarfs={"e4": "BB"}, gems={RED: (17, 0, 0, 0)},
                   phase="resolve")
    resolve_all(short)
    assert short.gems.count(BLUE, Gem.GOLD) == 3 and short.gem_pile[Gem.GOLD] == 0
    # a dragon in the mine's region still voids it
    dragon = tbuild({"e4": "Bgol", "f4": "Rdra"}, mood=Mood.MINER, troll="e4", dwarfs={"e4": "BB"}, phase="resolve")
    resolve_all(dragon)
    assert dragon.gems.count(BLUE, Gem.GOLD) == 0 and dragon.pile[BLUE] == 7


def test_t4_4_mighty_monsters_fall_to_three():
    state = tbuild({"e4": "Rdra"}, mood=Mood.MIGHTY, troll="e4", dwarfs={"e4": "BBBR"}, phase="resolve",
                   roaming=[roaming(SLEEP, N)])
    assert legal_cells(state) == {"e4"}
    act(state, layout(state).cell(cell("e4")), "resolve_task")
    assert len(state.defeated[BLUE]) == 1 and state.pile == [7, 7] and state.troll_cell == LAKE_CELL
    elsewhere = tbuild({"e4": "Rdra"}, mood=Mood.MIGHTY, dwarfs={"e4": "BBBR"}, phase="resolve")
    assert decision(elsewhere) != "resolve_task" and not elsewhere.defeated[BLUE]


# ---------------------------------------------------------------------------- T5 the mood track
def test_t5_1_the_mood_deck_cycles_and_is_never_shuffled():
    state = tbuild({"e4": "Bgol"}, mood=Mood.SCARY, dwarfs={"d4": "B"}, phase="resolve")
    order = list(state.mood_deck)
    from gnome_envs.dwarfs_fall.troll import advance_toll

    seen = [state.mood_deck[0]]
    for _ in range(sum(MOOD_TRACK)):
        advance_toll(state)
        if state.toll == 0:
            seen.append(state.mood_deck[0])
    assert seen == order + order[:1] and state.mood_deck == order and state.moods_seen == NUM_MOODS


# ---------------------------------------------------------------------------- T6 the Troll King
def test_t6_1_troll_king_draws_two():
    state = tbuild({"e4": "Bgol"}, ogres={BLUE: ogre_hand(Ogre.TROLL_KING)})
    act(state, layout(state).ogre(Ogre.TROLL_KING), "action")
    assert state.ogres.size(BLUE) == 2 and state.ogre_discard[Ogre.TROLL_KING] == 1
    assert decision(state) == "action" and state.actions_used == 0, "a free action"


def test_t6_2_troll_king_denies_an_ogre_card():
    gems = {RED: (1, 0, 0, 0)}
    state = tbuild({"e4": "Bgol"}, gems=gems, ogres={BLUE: ogre_hand(Ogre.THIEF), RED: ogre_hand(Ogre.TROLL_KING)})
    act(state, layout(state).ogre(Ogre.THIEF), "action")
    act(state, layout(state).seat(1), "thief_seat")
    assert decision(state) == "troll_deny" and state.current_player == RED
    choose(state, "deny player 0's Thief")
    assert state.gems.count(RED, Gem.GOLD) == 1 and state.ogre_discard[Ogre.TROLL_KING] == 1
    assert decision(state) == "action" and state.current_player == BLUE
    allowed = tbuild({"e4": "Bgol"}, gems=gems, ogres={BLUE: ogre_hand(Ogre.THIEF), RED: ogre_hand(Ogre.TROLL_KING)})
    act(allowed, layout(allowed).ogre(Ogre.THIEF), "action")
    act(allowed, layout(allowed).seat(1), "thief_seat")
    choose(allowed, "let player 0's Thief happen")
    assert allowed.gems.count(BLUE, Gem.GOLD) == 1 and allowed.ogres.count(RED, Ogre.TROLL_KING) == 1


def test_t6_2_ambush_asks_every_victim_in_turn_order():
    hands = {BLUE: ogre_hand(Ogre.AMBUSH), RED: ogre_hand(Ogre.TROLL_KING), GREEN: ogre_hand(Ogre.TROLL_KING)}
    state = tbuild({"e4": "Rtav"}, 3, dwarfs={"e4": "RG"}, ogres=hands)
    act(state, layout(state).ogre(Ogre.AMBUSH), "action")
    act(state, layout(state).cell(cell("e4")), "ambush_cell")
    assert state.current_player == RED
    act(state, layout(state).end(), "troll_deny")
    assert state.current_player == GREEN
    act(state, layout(state).ogre(Ogre.TROLL_KING), "troll_deny")
    assert dwarfs(state, "e4") == "RG" and state.ogres.count(RED, Ogre.TROLL_KING) == 1
    brute = tbuild({"e4": "Rtav", "f4": "Rgol"}, dwarfs={"e4": "R", "f4": "B"},
                   ogres={BLUE: ogre_hand(Ogre.BRUTE), RED: ogre_hand(Ogre.TROLL_KING)})
    act(brute, layout(brute).ogre(Ogre.BRUTE), "action")
    act(brute, layout(brute).cell(cell("e4")), "brute_cell")
    act(brute, layout(brute).seat(1), "brute_seat")
    act(brute, layout(brute).end(), "troll_deny")
    act(brute, layout(brute).cell(cell("f4")), "brute_own")
    assert dwarfs(brute, "e4") == "B" and dwarfs(brute, "f4") == "R", "allowed: the swap goes ahead"


def test_t6_2_panic_and_crown_ask_their_victim():
    """Panic asks the owner of the dwarf it moves (not the player moving his own); Crown its victim."""
    hands = {BLUE: ogre_hand(Ogre.PANIC), RED: ogre_hand(Ogre.TROLL_KING)}
    panic = tbuild({"e4": "Rtav", "f4": "Rgol"}, dwarfs={"e4": "RB"}, ogres=hands)
    own = panic.clone()
    act(panic, layout(panic).ogre(Ogre.PANIC), "action")
    act(panic, layout(panic).cell(cell("e4")), "panic_cell")
    act(panic, layout(panic).seat(1), "panic_seat")  # red's dwarf
    assert decision(panic) == "troll_deny" and panic.current_player == RED
    act(panic, layout(panic).ogre(Ogre.TROLL_KING), "troll_deny")
    assert dwarfs(panic, "e4") == "BR" and panic.ogres.size(RED) == 0, "denied: red's dwarf stays"
    act(own, layout(own).ogre(Ogre.PANIC), "action")
    act(own, layout(own).cell(cell("e4")), "panic_cell")
    act(own, layout(own).seat(0), "panic_seat")  # blue's own dwarf: nobody to ask
    assert decision(own) == "panic_dest" and own.current_player == BLUE
    crown = tbuild({"e4": "Rgol"}, ogres={BLUE: ogre_hand(Ogre.CROWN), RED: ogre_hand(Ogre.TROLL_KING)})
    act(crown, layout(crown).ogre(Ogre.CROWN), "action")
    act(crown, layout(crown).seat(1), "crown_seat")
    assert decision(crown) == "troll_deny" and crown.current_player == RED
    act(crown, layout(crown).ogre(Ogre.TROLL_KING), "troll_deny")
    assert crown.ogres.size(BLUE) == 0 and crown.ogres.size(RED) == 0, "denied: the Crown takes nothing"


# ---------------------------------------------------------------------------- T7 information
def test_t7_1_roaming_order_and_unseen_moods_stay_hidden():
    a = fresh(seed=11, expansions=TROLLS)
    b = a.clone()
    b.roaming_deck = list(reversed(b.roaming_deck))
    b.mood_deck = b.mood_deck[:1] + list(reversed(b.mood_deck[1:]))
    for seat in range(2):
        assert np.array_equal(a.observation(seat), b.observation(seat))
    det = a.determinize(0, np.random.default_rng(1))
    assert np.array_equal(det.observation(0), a.observation(0))
    assert sorted(det.roaming_deck) == sorted(a.roaming_deck) and det.mood_deck[0] == a.mood_deck[0]
    start = a.game.obs_layout.at["troll"]
    assert a.observation(0)[start + a.troll_cell] == 1.0
    from gnome_envs.dwarfs_fall.troll import advance_toll

    for _ in range(MOOD_TRACK[a.mood_deck[0]]):
        advance_toll(a)
    assert a.moods_seen == 2, "the first mood card is now known at the bottom of the cycle"


def test_t7_1_the_toll_and_used_roaming_cards_are_public():
    """Whether a toll was paid this turn, and which roaming cards were used, show to every seat."""
    a = fresh(seed=11, expansions=TROLLS)
    paid = a.clone()
    paid.toll_paid = True
    first, second = a.clone(), a.clone()  # one card used in each, a different one
    first.roaming_discard = [first.roaming_deck.pop(0)]
    second.roaming_discard = [second.roaming_deck.pop(1)]
    for seat in range(2):
        assert not np.array_equal(a.observation(seat), paid.observation(seat)), "a toll was paid"
        assert not np.array_equal(first.observation(seat), second.observation(seat)), "which card was used"


# ---------------------------------------------------------------------------- config and play
def test_t_config_names_and_random_play():
    """The expansion is named once; random Troll's Bridge games keep every invariant to the end
    and let players move the troll."""
    with pytest.raises(ConfigError, match="once"):
        fresh(expansions=("trolls_bridge", "trolls_bridge"))
    kinds: set[str] = set()
    for g in range(6):
        n = 2 + g % 3
        state = fresh(seed=40 + g, num_players=n, expansions=TROLLS, skip_forced=False)

        def after(s) -> None:
            s.check_invariants()
            kinds.add(s.decision_name())

        random_game(state, np.random.default_rng(g), after=after)
        assert state.is_terminal()
    assert "troll_dest" in kinds
