"""The Empires (X5-X10): class meeples, empire monsters, Wrecking Ball, dragon eggs, new secrets."""

from __future__ import annotations

from collections import Counter

import numpy as np

from gnome_envs.dwarfs_fall.components import (
    ALL_KINDS,
    BLACK_CASTLE_VP,
    EMPIRES_LARGE_SECRET_VP,
    EMPIRES_SECRET_VP,
    KIND_VP,
    OGRE_COUNTS,
    SECRET_VP,
    SLOT_KINDS,
    TRADING_GOALS,
    Kind,
    Secret,
)
from gnome_envs.dwarfs_fall.races import CLASSES, IN_PILE, NUM_CLASSES, Ability, Class

from .helpers import (
    Family,
    Gem,
    Ogre,
    act,
    build,
    cell,
    decision,
    fresh,
    layout,
    legal_cells,
    legal_family,
)

E = ("empires",)
DD, DE, DO = ("dwarfs", "dwarfs"), ("dwarfs", "elves"), ("dwarfs", "ogres")
# blue castle turned to walls N + W, then cards walled on N only: one row connected east-west
ROW = {"d4": "Bcas/3", "e4": "Bgol"}
E4 = cell("e4")
WRECK_ONLY = [0, 0, 0, 0, 0, 0, 1]  # ogre hand: one Wrecking Ball (kinds in Ogre order)
AMBUSH_AND_WRECK = [1, 0, 0, 0, 0, 0, 1]


def ebuild(mat=None, races=DD, **kwargs):
    """An Empires position with one race per seat."""
    return build(mat or ROW, len(races), expansions=E, races=races, **kwargs)


def piece(state, p: int, cls: int) -> int:
    """Where seat ``p``'s class piece is (a cell, IN_PILE or NOT_OWNED)."""
    return state.pieces[p * NUM_CLASSES + cls]


def args(state, family: Family) -> set[int]:
    """Arguments of the legal actions of one family."""
    return {d.arg for d in legal_family(state, family)}


def meeples(state) -> set[int]:
    """Meeples the pending MEEPLE_TYPE decision offers: -1 plain, else a class."""
    return {d.arg - 1 for d in legal_family(state, Family.MEEPLE)}


def resolve(state, name: str) -> None:
    """Complete the task on ``name`` in the resolve phase."""
    act(state, layout(state).cell(cell(name)), "resolve_task")


# ---------------------------------------------------------------------------- X5 classes
def test_x5_1_buying_a_class_costs_its_gems_and_one_action_once_per_race():
    """A class costs its gems and an action, once, only from the seat's race; upgrade vs extra."""
    assert not legal_family(ebuild(), Family.CLASS), "no gems, no class"
    state = ebuild(gems={0: (0, 1, 1, 0)})  # an emerald and a diamond
    lay = layout(state)
    assert args(state, Family.CLASS) == {Class.ALCHEMIST, Class.WARRIOR}  # O56: 1 emerald, 1 diamond
    act(state, lay.buy_class(Class.WARRIOR), "action")
    assert list(state.gems.of(0)) == [0, 1, 0, 0] and state.gem_pile[Gem.DIAMOND] == 14  # full pile again
    assert state.actions_used == 1 and piece(state, 0, Class.WARRIOR) == IN_PILE
    assert state.pile[0] == state.meeples[0] == 7, "an upgrade swaps a plain meeple"
    assert args(state, Family.CLASS) == {Class.ALCHEMIST}, "each class at most once"
    elves = ebuild(races=DE, turn_player=1, gems={1: (1, 1, 1, 1)})
    assert args(elves, Family.CLASS) == {Class.ALCHEMIST, Class.DRAGON}, "never a guardian or a king"
    act(elves, layout(elves).buy_class(Class.DRAGON), "action")
    assert list(elves.gems.of(1)) == [0, 0, 1, 1] and elves.pile[1] == elves.meeples[1] == 8, "an eighth meeple"  # O56
    worker = ebuild(dwarfs={"e4": "BB"}, classes={0: {"warrior": "e4"}}, phase="resolve")
    resolve(worker, "e4")  # the warrior and a plain meeple work the gold mine together
    assert worker.gems.count(0, Gem.GOLD) == 2 and piece(worker, 0, Class.WARRIOR) == IN_PILE


def test_x5_2_alchemist_turns_a_gem_never_gold_into_ruby():
    """An action: one gem back to its pile for another type; gold never becomes ruby."""
    assert not legal_family(ebuild(gems={0: (1, 0, 0, 1)}), Family.ABILITY), "no alchemist, no alchemy"
    state = ebuild(gems={0: (1, 0, 0, 1)}, classes={0: {"alchemist": "pile"}})
    lay = layout(state)
    act(state, lay.ability(Ability.ALCHEMY), "action")
    assert state.actions_used == 1 and args(state, Family.GEM) == {Gem.GOLD, Gem.RUBY}
    ruby = state.clone()
    act(ruby, lay.gem(Gem.RUBY), "alchemy_give")
    assert args(ruby, Family.GEM) == {Gem.GOLD, Gem.EMERALD, Gem.DIAMOND}
    act(state, lay.gem(Gem.GOLD), "alchemy_give")
    assert args(state, Family.GEM) == {Gem.EMERALD, Gem.DIAMOND}, "not gold into ruby, not gold into gold"
    act(state, lay.gem(Gem.DIAMOND), "alchemy_take")
    assert list(state.gems.of(0)) == [0, 0, 1, 1]
    assert state.gem_pile[Gem.GOLD] == 20 and state.gem_pile[Gem.DIAMOND] == 13  # O4 piles 20 and 14


def test_x5_3_warrior_pushes_an_enemy_to_a_connected_card_with_room():
    """An action: an enemy meeple on the warrior's card moves to a connected neighbour with room."""
    mat = dict(ROW, f4="Rgol", e5="Brub")  # f4 full below; the ruby mine's north wall shuts e5 off
    state = ebuild(mat, dwarfs={"e4": "BR", "f4": "RRR"}, classes={0: {"warrior": "e4"}})
    lay = layout(state)
    act(state, lay.ability(Ability.WARRIOR_PUSH), "action")
    assert state.actions_used == 1 and args(state, Family.SEAT) == {1}
    act(state, lay.seat(1), "warrior_seat")
    assert legal_cells(state) == {"d4"}, "f4 is full and e5 is behind a wall"
    act(state, lay.cell(cell("d4")), "warrior_dest")
    assert state.dwarfs_of(1, E4) == 0 and state.dwarfs_of(1, cell("d4")) == 1
    assert state.dwarfs_of(0, E4) == 1 and piece(state, 0, Class.WARRIOR) == E4


def test_x5_4_guardians_card_is_never_an_ogre_target():
    """Neither Ambush nor the Wrecking Ball may pick a card a guardian stands on."""
    mat = dict(ROW, f4="Rgol")
    kwargs = {"dwarfs": {"e4": "BR", "f4": "B"}, "turn_player": 1, "ogres": {1: AMBUSH_AND_WRECK}}
    plain = ebuild(mat, **kwargs)
    act(plain, layout(plain).ogre(Ogre.AMBUSH), "action")
    assert legal_cells(plain) == {"e4", "f4"}, "without the guardian both cards are targets"
    for card, name in ((Ogre.AMBUSH, "ambush_cell"), (Ogre.WRECKING_BALL, "wrecking_cell")):
        state = ebuild(mat, classes={0: {"guardian": "e4"}}, **kwargs)
        act(state, layout(state).ogre(card), "action")
        assert decision(state) == name and legal_cells(state) == {"f4"}


def test_x5_5_king_is_placed_for_free_a_plain_meeple_costs_an_action():
    """Placing the king from the pile uses no action, even with none left; a plain one uses one."""
    state = ebuild(classes={0: {"king": "pile"}}, actions_used=4)  # all four actions (castle in play)
    lay = layout(state)
    assert state.action_limit(0) == 4
    act(state, lay.dwarf(E4), "action")
    assert meeples(state) == {Class.KING}, "only the king goes without an action"
    act(state, lay.meeple(Class.KING), "meeple_type")
    assert state.actions_used == 4 and piece(state, 0, Class.KING) == E4
    state = ebuild(classes={0: {"king": "pile"}})
    act(state, lay.dwarf(E4), "action")
    act(state, lay.meeple(-1), "meeple_type")
    assert state.actions_used == 1, "a plain meeple costs an action"
    act(state, lay.dwarf(E4), "action")
    act(state, lay.meeple(Class.KING), "meeple_type")
    assert state.actions_used == 1 and state.dwarfs_of(0, E4) == 2


def test_x5_6_ogre_king_places_free_and_sends_an_enemy_home():
    """The ogre king (an eighth meeple) places free; its action sends an enemy meeple home."""
    state = ebuild(races=DO, turn_player=1, classes={1: {"ogre_king": "pile"}}, actions_used=3)  # no castle: 3
    lay = layout(state)
    assert state.pile[1] == 8
    act(state, lay.dwarf(E4), "action")
    act(state, lay.meeple(Class.OGRE_KING), "meeple_type")
    assert state.actions_used == 3 and piece(state, 1, Class.OGRE_KING) == E4
    state = ebuild(races=DO, turn_player=1, dwarfs={"e4": "BO"}, classes={1: {"ogre_king": "e4"}})
    act(state, lay.ability(Ability.OGRE_KING_DISCARD), "action")
    assert state.actions_used == 1
    act(state, lay.seat(1), "ogre_king_seat")  # blue, one seat after orange
    assert state.dwarfs_of(0, E4) == 0 and state.pile[0] == 7 and state.dwarfs_of(1, E4) == 1
    assert state.pouches[1] == 1, "X4.3: the ogre king acted on an enemy meeple"


def test_x5_7_dragon_places_free_and_shields_its_card():
    """The elves' dragon is an eighth meeple placed free, and no ogre card can pick its card."""
    state = ebuild(races=DE, turn_player=1, classes={1: {"dragon": "pile"}}, actions_used=3)  # no castle: 3
    lay = layout(state)
    assert state.pile[1] == 8
    act(state, lay.dwarf(E4), "action")
    act(state, lay.meeple(Class.DRAGON), "meeple_type")
    assert state.actions_used == 3 and piece(state, 1, Class.DRAGON) == E4
    shielded = ebuild(races=DE, dwarfs={"e4": "P", "d4": "B"}, classes={1: {"dragon": "e4"}},
                      ogres={0: AMBUSH_AND_WRECK})
    for card in (Ogre.AMBUSH, Ogre.WRECKING_BALL):
        other = shielded.clone()
        act(other, lay.ogre(card), "action")
        assert legal_cells(other) == {"d4"}


def test_x5_8_placements_and_moves_ask_tasks_take_plain_meeples_first():
    """A choice of meeple is asked when placing or moving; a task sends plain meeples home first."""
    state = ebuild(classes={0: {"warrior": "pile"}})
    lay = layout(state)
    act(state, lay.dwarf(E4), "action")
    assert meeples(state) == {-1, Class.WARRIOR}
    act(state, lay.meeple(Class.WARRIOR), "meeple_type")
    assert piece(state, 0, Class.WARRIOR) == E4 and state.actions_used == 1
    state = ebuild(dwarfs={"e4": "BB"}, classes={0: {"warrior": "e4"}})
    act(state, lay.move(E4, 3), "action")  # west, to the castle
    assert meeples(state) == {-1, Class.WARRIOR}
    act(state, lay.meeple(Class.WARRIOR), "meeple_type")
    assert piece(state, 0, Class.WARRIOR) == cell("d4") and state.plain_at(0, E4) == 1
    ruby = ebuild({"d4": "Bcas/3", "e4": "Brub"}, dwarfs={"e4": "BBBB"}, classes={0: {"warrior": "e4"}},
                  phase="resolve")
    resolve(ruby, "e4")  # three of the four go home
    assert piece(ruby, 0, Class.WARRIOR) == E4 and ruby.dwarfs_of(0, E4) == 1


def test_x5_8_class_meeples_leave_in_class_order():
    """After the plain meeples, class meeples go home in class order (the alchemist before the warrior)."""
    state = ebuild(dwarfs={"e4": "BBB"}, classes={0: {"alchemist": "e4", "warrior": "e4"}}, phase="resolve")
    resolve(state, "e4")  # the gold mine needs two: the plain meeple, then the alchemist
    assert piece(state, 0, Class.ALCHEMIST) == IN_PILE
    assert piece(state, 0, Class.WARRIOR) == E4



def test_o52_hidden_tunnels_send_a_plain_meeple_first():
    """O52 with D14.1: a tunnel asks no meeple type; a plain meeple goes while one shares the
    mine, and the class meeple then stays (an ordinary move from the same card asks)."""
    from gnome_envs.dwarfs_fall.decrees import Decree

    mat = {"d4": "Bgol", "f6": "Beme", "h8": "Rtav"}
    state = build(mat, 2, expansions=("empires", "royal_decrees"), races=("dwarfs", "dwarfs"), scenario="siege",
                  decrees=[Decree.HIDDEN_TUNNELS], dwarfs={"d4": "BB"}, classes={0: {"king": "d4"}})
    lay = layout(state)
    act(state, lay.tunnel(cell("d4")), "action")
    act(state, lay.cell(cell("f6")), "tunnel_dest")
    assert decision(state) == "action" and state.plain_at(0, cell("f6")) == 1
    assert piece(state, 0, Class.KING) == cell("d4") and state.plain_at(0, cell("d4")) == 0
    act(state, lay.tunnel(cell("d4")), "action")  # the king alone: it goes
    act(state, lay.cell(cell("f6")), "tunnel_dest")
    assert piece(state, 0, Class.KING) == cell("f6")

def test_x5_9_owned_class_meeples_score_their_vp():
    """Every class meeple a seat owns, in the pile or on the mat, scores its VP."""
    bare = ebuild(dwarfs={"e4": "B"})
    rich = ebuild(dwarfs={"e4": "B"}, classes={0: {"warrior": "pile", "king": "e4"}})
    assert CLASSES[Class.WARRIOR].vp == 1 and CLASSES[Class.KING].vp == 2  # O56
    assert list(rich.scores() - bare.scores()) == [3, 0]
    ogres = ebuild(races=DO, classes={1: {"ogre_king": "pile"}})
    assert list(ogres.scores() - ebuild(races=DO).scores()) == [0, 2]  # O56: ogre king 2 VP
    elves = ebuild(races=DE, classes={1: {"dragon": "pile"}})
    assert list(elves.scores() - ebuild(races=DE).scores()) == [0, 4]  # O56: the elves' dragon 4 VP


def test_o81_the_crystal_dwarfs_castle_is_worth_one_vp():
    """O81: the black castle scores 1 VP in its kingdom, where a dwarf castle scores 2."""
    state = ebuild({"d4": "Kcas/3", "e4": "Ktav"}, ("crystal_dwarfs", "dwarfs"))
    tavern = KIND_VP[Kind.TAVERN]
    assert state.kingdom_vp(0) == BLACK_CASTLE_VP + tavern == 1 + tavern
    dwarf = ebuild({"d4": "Bcas/3", "e4": "Btav"}, DD)
    assert dwarf.kingdom_vp(0) == KIND_VP[Kind.CASTLE] + tavern == 2 + tavern


# ---------------------------------------------------------------------------- X6 empire monsters
def test_x6_1_empire_monsters_are_monsters():
    """Five spots, five to defeat, -1 VP (O2), never stacked on, and they stop digging."""
    races = ("dwarfs", "elves", "ogres")
    mat = {"d4": "Bcas/3", "e4": "Pfdr", "f4": "Owol", "g4": "Ptre"}
    state = ebuild(mat, races, dwarfs={"e4": "BBBBB", "f4": "PPPP"})
    assert legal_cells(state, Family.DWARF) == {"d4", "f4", "g4"}, "five spots: e4 is full"
    assert state.kingdom_vp(0) == 2 - 1 * 3, "castle 2 VP, three monsters at -1"
    four = ebuild(mat, races, dwarfs={"f4": "BBBB"}, phase="resolve")
    assert decision(four) != "resolve_task", "four meeples do not defeat the wolf"
    state = ebuild(mat, races, dwarfs={"e4": "BBBBB"}, phase="resolve")
    assert legal_cells(state) == {"e4"}
    code = state.top[E4] // 4  # packed layer: code * 4 rotations + rotation
    resolve(state, "e4")
    assert state.defeated[0] == (code,) and state.kind_at(E4) == -1
    crystal = ebuild({"d4": "Bcas/3", "e4": "Ptre"}, ("dwarfs", "elves", "crystal_dwarfs"), turn_player=2)
    act(crystal, layout(crystal).card(8), "action")  # black slot 8: its treant
    assert "e4" not in {cell_name for cell_name in legal_cells(crystal, Family.PLACE)}, "never stacked on"
    for monster, dug in (("Owol", False), (None, True)):
        mat = {"d4": "Bcas/3", "a1": "Bgol+Ogol"} | ({"e4": monster} if monster else {})
        digger = ebuild(mat, DO, dwarfs={"d4": "BB"}, phase="resolve")
        resolve(digger, "d4")
        assert (decision(digger) == "dig_stack") == dug


def test_x6_2_forest_dragon_voids_mines_in_its_region():
    """A mine in the forest dragon's region yields nothing; the meeples still go home."""
    for third, gold in (("Pfdr", 0), ("Bdia", 2)):  # a gold mine yields 2 gold (O4)
        state = ebuild(dict(ROW, f4=third), DE, dwarfs={"e4": "BB"}, phase="resolve")
        resolve(state, "e4")
        assert state.gems.count(0, Gem.GOLD) == gold and state.pile[0] == 7


def test_x6_3_big_bad_wolf_shuts_taverns_and_stores():
    """Taverns and stores in the wolf's region yield nothing; the meeples still go home."""
    for third, cards in (("Owol", 0), ("Ogol", 1)):
        state = ebuild({"d4": "Bcas/3", "e4": "Btav", "f4": third}, DO, dwarfs={"e4": "BB"}, phase="resolve")
        resolve(state, "e4")
        assert state.ogres.size(0) == cards and state.pile[0] == 7
    store = ebuild({"d4": "Bcas/3", "e4": "Bsto", "f4": "Owol"}, DO, dwarfs={"e4": "BBB"}, gems={0: (3, 0, 0, 0)},
                   trading_row=[0, 1, 2], phase="resolve")  # goal 0 costs three gold (O6)
    resolve(store, "e4")
    assert decision(store) != "store_goal" and store.trading_won[0] == () and store.pile[0] == 7


def test_x6_4_treant_cancels_the_extra_action():
    """A treant in the kingdom takes the castle's extra action away."""
    for third, limit in (("Ptre", 3), ("Pgol", 4)):
        state = ebuild(dict(ROW, f4=third), DE, actions_used=3)
        assert state.action_limit(0) == limit
        assert bool(legal_family(state, Family.DWARF)) == (limit == 4), "a fourth action only without a treant"


# ---------------------------------------------------------------------------- X7 Wrecking Ball, deck
def test_x7_1_wrecking_ball_clears_a_card_and_digs_its_stack():
    """Every meeple on the card goes home, then its stack is dug; offered only when it does something."""
    idle = ebuild(ogres={0: WRECK_ONLY})
    assert Ogre.WRECKING_BALL not in args(idle, Family.OGRE), "no meeple and no stack: not offered"
    state = ebuild({"d4": "Bcas/3", "e4": "Bgol+Rgol"}, dwarfs={"e4": "BR"}, ogres={0: WRECK_ONLY})
    lay = layout(state)
    before = state.stacks[E4]
    act(state, lay.ogre(Ogre.WRECKING_BALL), "action")
    act(state, lay.cell(E4), "wrecking_cell")
    assert state.crowd[E4] == 0 and state.pile == [7, 7]
    assert state.stacks[E4] == (before[-1],) + before[:-1], "the top card went to the bottom"
    assert state.ogre_discard[Ogre.WRECKING_BALL] == 1 and state.actions_used == 0, "a free ogre card"
    trolls = build({"e4": "Bgol", "f4": "Rgol"}, 2, expansions=E + ("trolls_bridge",), races=DD,
                   dwarfs={"f4": "R"}, ogres={0: WRECK_ONLY, 1: [0, 0, 0, 0, 0, 1, 0]})  # red: a Troll King
    act(trolls, layout(trolls).ogre(Ogre.WRECKING_BALL), "action")
    act(trolls, layout(trolls).cell(cell("f4")), "wrecking_cell")
    assert decision(trolls) == "troll_deny" and trolls.current_player == 1
    under = build({"e4": "Bgol+Rgol"}, 2, expansions=E + ("trolls_bridge",), races=DD, troll="e4",
                  dwarfs={"e4": "R"}, ogres={0: WRECK_ONLY})
    stack = under.stacks[E4]
    act(under, layout(under).ogre(Ogre.WRECKING_BALL), "action")
    act(under, layout(under).cell(E4), "wrecking_cell")
    assert under.crowd[E4] == 0 and under.stacks[E4] == stack, "cleared, but no digging under the troll (T1.4)"


def test_x7_2_ogre_deck_adds_wrecking_balls_and_one_copy_of_each():
    """33 ogre cards: one more of each core kind and three Wrecking Balls."""
    state = fresh(expansions=E)
    cards = Counter(state.ogre_deck)
    for p in range(2):
        cards.update({k: n for k, n in enumerate(state.ogres.of(p))})
    expected = [c + 1 for c in OGRE_COUNTS] + [0, 3]  # O55: no Troll King without Troll's Bridge
    assert [cards[k] for k in range(len(Ogre))] == expected and sum(expected) == 33


# ---------------------------------------------------------------------------- X8 dragon eggs
def test_x8_1_dragon_egg_costs_gems_and_a_defeated_monster():
    """Bought at the store with gems and one defeated monster, which goes to the box."""
    egg = next(g for g, t in enumerate(TRADING_GOALS) if t.monsters and t.cost == (1, 0, 0, 0))
    kwargs = {"dwarfs": {"e4": "BBB"}, "gems": {0: (1, 0, 0, 0)}, "trading_row": [egg, 0, 1], "phase": "resolve"}
    mat = {"d4": "Bcas/3", "e4": "Bsto"}
    poor = ebuild(mat, **kwargs)
    resolve(poor, "e4")
    assert decision(poor) != "store_goal" and poor.trading_won[0] == (), "no monster, no egg"
    state = ebuild(mat, defeated={0: ["Rdra"]}, **kwargs)
    monster = state.defeated[0]
    resolve(state, "e4")
    act(state, layout(state).goal(0), "store_goal")
    assert state.trading_won[0] == (egg,) and state.defeated[0] == () and state.boxed == monster
    assert state.gems.size(0) == 0 and state.gem_pile[Gem.GOLD] == 20


def test_x8_2_eggs_for_four_are_left_out_of_smaller_games():
    """The two eggs marked for four or more players are absent at two and three players."""
    eggs = {g for g, t in enumerate(TRADING_GOALS) if t.monsters}
    big = {g for g in eggs if TRADING_GOALS[g].min_players}  # O53: marked "4+ players"
    assert len(big) == 2
    for n in (2, 3, 4, 5):
        state = fresh(num_players=n, expansions=E)
        goals = set(state.game.trading_goals)
        dealt = {g for g in state.trading_row if g >= 0} | set(state.trading_deck)
        assert dealt == goals and eggs - big <= goals
        assert big <= goals if n >= 4 else not big & goals  # 4: the count the eggs are marked for


# ---------------------------------------------------------------------------- X9 secret goals
def revealed(mat, races=DE, secret=Secret.ZOOKEEPER, **kwargs) -> bool:
    """Whether blue's secret goal is revealed in the position."""
    state = ebuild(mat, races, secrets=[secret, Secret.ARCHITECT], **kwargs)
    return state.secret_revealed[0]


def test_x9_1_zookeeper_three_monsters_in_the_kingdom():
    """Three monsters in the seat's kingdom; one behind a wall does not count."""
    mat = {"d4": "Bcas/3", "e4": "Bdra", "f4": "Bfro", "g4": "Pfdr"}
    assert revealed(mat)
    assert not revealed(dict(mat, g4="Pfdr/3")), "turned, its wall shuts it out of the kingdom"


def test_x9_2_townsmen_three_taverns_or_stores():
    """Three taverns or general stores in the seat's kingdom."""
    mat = {"d4": "Bcas/3", "e4": "Btav", "f4": "Bsto", "g4": "Rtav"}
    assert revealed(mat, DD, Secret.TOWNSMEN)
    assert not revealed(dict(mat, g4="Rgol"), DD, Secret.TOWNSMEN)


def test_x9_3_warlock_five_diamonds():
    """At least five diamonds in hand."""
    assert revealed(ROW, DD, Secret.WARLOCK, gems={0: (0, 0, 5, 0)})
    assert not revealed(ROW, DD, Secret.WARLOCK, gems={0: (4, 4, 4, 4)})


def test_x9_4_adventurers_three_types_of_meeples_on_a_slain_monster():
    """A monster slain with three meeple types, the accurate elves next to it counting (O63)."""
    for owned, met in (({"warrior": "e4", "guardian": "e4"}, True), ({"warrior": "e4"}, False)):
        state = ebuild({"d4": "Bcas/3", "e4": "Bdra"}, secrets=[Secret.ADVENTURERS, Secret.ARCHITECT],
                       dwarfs={"e4": "BBBBB"}, classes={0: owned}, phase="resolve")
        resolve(state, "e4")
        assert state.defeated[0] and state.secret_revealed[0] == met
    for owned, met in (({"dragon": "e4", "alchemist": "f4"}, True), ({"dragon": "e4"}, False)):
        elves = ebuild({"d4": "Pcas/3", "e4": "Bdra", "f4": "Pgol"}, ("elves", "dwarfs"),
                       secrets=[Secret.ADVENTURERS, Secret.ARCHITECT], dwarfs={"e4": "PPP", "f4": "PP"},
                       classes={0: owned}, phase="resolve")
        resolve(elves, "e4")  # three elves on the dragon and two accurate ones next to it
        assert elves.defeated[0] and elves.secret_revealed[0] == met


def test_o54_secret_goal_vp_with_the_empires_by_table_size():
    """With The Empires each goal scores its O54 VP: one table at 2-4 players, one at 5-7."""
    mat = {"d4": "Bcas/3", "e4": "Btav", "f4": "Bsto", "g4": "Rtav"}
    small = ebuild(mat, DD, secrets=[Secret.TOWNSMEN, Secret.ARCHITECT])
    others = [Secret.ARCHITECT, Secret.KING, Secret.MINER, Secret.WIZARD]
    large = build(mat, 5, expansions=E, secrets=[Secret.TOWNSMEN, *others])
    assert small.secret_revealed[0] and large.secret_revealed[0]
    assert small.game.secret_vp == EMPIRES_SECRET_VP == (3, 6, 5, 3, 12, 12, 5, 6, 6, 5, 6)
    assert large.game.secret_vp == EMPIRES_LARGE_SECRET_VP == (3, 6, 3, 5, 12, 8, 5, 6, 5, 5, 9)
    for state in (small, large):
        hidden = state.clone()
        hidden.secret_revealed[0] = False
        assert state.score_of(0) - hidden.score_of(0) == state.game.secret_vp[Secret.TOWNSMEN]
    assert build(mat, 2).game.secret_vp == SECRET_VP, "without The Empires the core values of O7"


# ---------------------------------------------------------------------------- X10 information
def test_x10_1_classes_pouches_and_the_free_action_are_public():
    """Another seat's observation shows class pieces, where they stand, pouches and the free action."""
    def seen(seat, **kwargs):
        return ebuild(dwarfs={"e4": "B"}, **kwargs).observation(seat)

    assert not np.array_equal(seen(1), seen(1, classes={0: {"warrior": "pile"}})), "a class bought"
    assert not np.array_equal(seen(1, classes={0: {"warrior": "pile"}}), seen(1, classes={0: {"warrior": "e4"}})), \
        "where it stands"
    ogres = {"races": DO, "turn_player": 1}
    assert not np.array_equal(seen(0, **ogres), seen(0, pouches={1: 2}, **ogres)), "stolen pouches"
    state = ebuild(races=DO, turn_player=1, pouches={1: 2})
    before = state.observation(0)
    act(state, layout(state).power(), "action")
    act(state, layout(state).end(), "power_gem")  # stop at once: only the used free action changed
    assert decision(state) == "action" and not np.array_equal(before, state.observation(0))


def test_x10_1_boxed_monsters_are_public():
    """How many monsters went to the box shows to another seat: two states apart only in the box
    (the monster left in seat 1's defeated pile too, so that nothing else differs; no real game
    holds it twice) observe apart."""
    elves = ebuild(races=DE, defeated={1: ["Bdra", "Bfro"]})
    boxed = elves.clone()
    boxed.boxed = boxed.boxed + (boxed.defeated[1][0],)
    assert not np.array_equal(elves.observation(0), boxed.observation(0)), "a boxed monster"


# ---------------------------------------------------------------------------- encoding and names
def test_empires_action_layout_round_trips():
    """Every action id of an Empires layout decodes and encodes back; the new families' sizes."""
    for config in ({"num_players": 2, "expansions": E},
                   {"num_players": 7, "expansions": E + ("trolls_bridge", "royal_decrees")}):
        lay = fresh(**config).game.action_layout
        assert all(lay.encode(lay.decode(a)) == a for a in range(lay.num_actions))
        sizes = (Family.CLASS, NUM_CLASSES), (Family.MEEPLE, NUM_CLASSES + 1), (Family.ABILITY, len(Ability))
        assert all(lay.size[f] == k for f, k in sizes) and lay.size[Family.POWER] == 1
        assert lay.size[Family.GEM] == len(Gem)
        assert [lay.decode(lay.meeple(c)).arg - 1 for c in range(-1, NUM_CLASSES)] == list(range(-1, NUM_CLASSES))


def names_ok(state) -> None:
    """Every legal action has its own, fitting description."""
    texts = [state.describe_action(a) for a in state.legal_actions()]
    assert all(isinstance(t, str) and t for t in texts) and len(set(texts)) == len(texts), texts
    if decision(state) != "discard":
        assert not any("discard" in t and "ogre card" not in t for t in texts), texts
    lay = layout(state)
    for a in state.legal_actions():
        d = lay.decode(a)
        if d.family == Family.CLASS:
            assert CLASSES[d.arg].name in state.describe_action(a)
        if d.family == Family.CARD:  # the seat's own card of that slot (ogres' castle, wolf, treant...)
            colour = state.game.colours[state.current_player]
            assert ALL_KINDS[SLOT_KINDS[colour][d.arg]].name in state.describe_action(a)


def test_describe_action_names_every_empires_action():
    """describe_action names every legal action in Empires positions, decision by decision."""
    lay = layout(ebuild())
    walks = [
        (ebuild(gems={0: (1, 1, 1, 1)}, classes={0: {"alchemist": "pile", "king": "pile"}}),
         [lay.dwarf(E4), None, lay.ability(Ability.ALCHEMY), lay.gem(Gem.GOLD), lay.gem(Gem.EMERALD)]),
        (ebuild(races=DO, turn_player=1, pouches={1: 4}, dwarfs={"e4": "BO"}, classes={1: {"ogre_king": "e4"}},
                ogres={1: WRECK_ONLY}),
         [lay.power(), lay.gem(Gem.GOLD), lay.end(), lay.ability(Ability.OGRE_KING_DISCARD), None,
          lay.ogre(Ogre.WRECKING_BALL), None]),
        (ebuild(mat=dict(ROW, f4="Rgol"), dwarfs={"e4": "BR"}, classes={0: {"warrior": "e4"}}),
         [lay.ability(Ability.WARRIOR_PUSH), None, None]),
    ]
    for state, steps in walks:
        for step in steps:
            names_ok(state)
            state.apply(state.legal_actions()[0] if step is None else step)
        names_ok(state)
    state = fresh(num_players=4, expansions=E, races=("dwarfs", "elves", "ogres", "crystal_dwarfs"), seed=3)
    rng = np.random.default_rng(3)
    for _ in range(60):  # a short random walk through a four-race game
        names_ok(state)
        legal = state.legal_actions()
        state.apply(legal[rng.integers(len(legal))])
