"""The Empires, races (X1-X4): seats and colours, race cards, elves, ogres and crystal dwarfs."""

from __future__ import annotations

from itertools import product

import numpy as np
import pytest

from gnome_envs.core.errors import ConfigError
from gnome_envs.core.registry import make_game
from gnome_envs.dwarfs_fall.components import (
    BLACK_CASTLE_VP,
    COLOUR_LETTERS,
    LAYER_WALLS,
    Colour,
    Secret,
)
from gnome_envs.dwarfs_fall.config import RACES, DwarfsFallConfig
from gnome_envs.dwarfs_fall.decrees import Decree
from gnome_envs.dwarfs_fall.races import Ability, Class
from gnome_envs.dwarfs_fall.scenario import KIND_TOKENS

MAX_WALK = 60  # decisions to the next morning of a 2-player Hard Workers game

from .helpers import (
    ENV_ID,
    Family,
    Gem,
    Kind,
    Ogre,
    act,
    build,
    cell,
    decision,
    fresh,
    layout,
    legal_cells,
    legal_family,
    random_game,
)

EMP = ("empires",)
NUM_OGRE_KINDS = 7  # The Empires: the five core kinds, the Troll King slot, the Wrecking Ball
EMPIRE_OGRE_DECK = 33  # O55: 25 core cards, one more of each of the five kinds, 3 Wrecking Balls
ALL_GOALS = 20  # O53: 14 trading goals and 6 dragon eggs (with four players)
ALL_SECRETS = 11  # O54: 7 core secret goals and 4 of The Empires
FULL_HAND = (1 << 9) - 1  # the nine kingdom cards of a colour, one bit each
B, R, G, Y, P, O, K = (int(c) for c in Colour)
N_, E_, S_, W_ = 1, 2, 4, 8  # wall bits of the sides N, E, S, W


def ebuild(mat: dict, races: tuple[str, ...], **kwargs):
    """An Empires position with one race per seat."""
    return build(mat, len(races), expansions=EMP, races=races, **kwargs)


def meeples(state, name: str) -> str:
    """Colour letters of the meeples on a cell, in seat order (``"PPB"``)."""
    c = cell(name)
    return "".join(COLOUR_LETTERS[state.game.colours[p]] * state.dwarfs_of(p, c)
                   for p in range(state.game.num_players))


def ogre_hand(**counts: int) -> tuple[int, ...]:
    """An ogre hand by kind name: ``ogre_hand(AMBUSH=1, BRUTE=2)``."""
    return tuple(counts.get(k.name, 0) for k in Ogre)


def families(state) -> set[Family]:
    """Families of the legal actions."""
    lay = layout(state)
    return {lay.decode(a).family for a in state.legal_actions()}


def gem_options(state) -> set[int]:
    """Gem types offered by a GEM decision."""
    return {d.arg for d in legal_family(state, Family.GEM)}


def resolve_all(state) -> None:
    """Complete the offered tasks, first one first (stopping before any discard)."""
    while decision(state) == "resolve_task":
        state.apply(state.legal_actions()[0])


# ---------------------------------------------------------------------------- X1 races and seats
def test_x1_1_races_take_their_colours_and_seats():
    """Dwarfs take B R G Y in seat order, the other races their own colour; defaults past four."""
    game = make_game(ENV_ID, num_players=4, expansions=EMP, races=("elves", "dwarfs", "ogres", "dwarfs"))
    assert game.colours == (P, B, O, R)
    assert make_game(ENV_ID, num_players=7, expansions=EMP).colours == (B, R, G, Y, P, O, K)
    assert make_game(ENV_ID, num_players=5, expansions=EMP).colours == (B, R, G, Y, P)
    assert make_game(ENV_ID, num_players=2, expansions=EMP).colours == (B, R)
    bad = [{"num_players": 2, "expansions": EMP, "races": ("elves", "elves")},
           {"num_players": 5, "expansions": EMP, "races": ("dwarfs",) * 5},
           {"num_players": 8, "expansions": EMP},
           {"num_players": 5},
           {"num_players": 2, "races": ("elves", "dwarfs")}]
    for kwargs in bad:
        with pytest.raises(ConfigError):
            make_game(ENV_ID, **kwargs)


def test_x1_1_race_lineups_are_every_legal_seating():
    """``race_lineups`` lists each legal seating once: every one builds, and no other does."""
    for n in (2, 3, 4, 5):
        lineups = DwarfsFallConfig(num_players=n, expansions=EMP).race_lineups()
        assert len(set(lineups)) == len(lineups)
        legal = []
        for races in product(RACES, repeat=n):
            try:
                DwarfsFallConfig(num_players=n, expansions=EMP, races=races)
            except ConfigError:
                continue
            legal.append(races)
        assert sorted(lineups) == sorted(legal)
    assert DwarfsFallConfig(num_players=3).race_lineups() == (("dwarfs",) * 3,)
    counts = {2: 13, 3: 34, 4: 73}  # at most four dwarf seats, each other race once
    assert {n: len(DwarfsFallConfig(num_players=n, expansions=EMP).race_lineups()) for n in counts} == counts


def test_x1_2_every_race_plays_by_the_core_rules():
    """Nine cards, seven meeples, a secret goal; ogre cards and secret goals treat meeples as dwarfs."""
    state = fresh(seed=3, num_players=7, expansions=EMP)
    assert state.in_hand == [FULL_HAND] * 7 and state.pile == [7] * 7 and state.meeples == [7] * 7  # 7 meeples
    assert len(set(state.secret)) == 7 and all(s >= 0 for s in state.secret)
    races = ("dwarfs", "elves", "ogres", "crystal_dwarfs")
    secrets = (Secret.ARCHITECT, Secret.RESEARCHER, Secret.MINER, Secret.WIZARD)
    mat = {"d4": "Bdra", "e4": "Bfro", "h8": "Btav"}
    state = ebuild(mat, races, secrets=secrets, dwarfs={"d4": "PPP", "e4": "PPP", "h8": "POK"},
                   ogres={0: ogre_hand(AMBUSH=1)})
    assert state.secret_revealed == [False, True, False, False], "Researcher counts elf meeples"
    act(state, layout(state).ogre(Ogre.AMBUSH), "action")
    act(state, layout(state).cell(cell("h8")), "ambush_cell")
    assert meeples(state, "h8") == "" and state.pile == [7, 1, 7, 7], "Ambush sends every race home"


def test_x1_3_empire_ogre_cards_goals_and_eggs_are_shuffled_in():
    """The ogre deck, trading goals and secret goals include the Empires' cards, shuffled."""
    rows, first_wrecks = set(), set()
    for seed in range(20):  # enough seeds that a shuffle shows
        state = fresh(seed=seed, num_players=4, expansions=EMP)
        deck = state.ogre_deck
        assert len(deck) == EMPIRE_OGRE_DECK and deck.count(Ogre.WRECKING_BALL) == 3  # O55: 3 Wrecking Balls
        assert sorted(state.trading_row + state.trading_deck) == list(range(ALL_GOALS))
        assert sorted(state.secret + state.secret_box) == list(range(ALL_SECRETS))
        rows.update(state.trading_row)
        first_wrecks.add(deck.index(Ogre.WRECKING_BALL))
    assert rows & set(range(14, 20)) and len(first_wrecks) > 3, "eggs and Wrecking Balls are shuffled"


def test_x1_4_two_goals_end_the_game_with_five_players():
    """With five or more players two completed goals trigger the end; with four they do not."""
    five = ebuild({"d4": "Bgol"}, ("dwarfs",) * 4 + ("elves",), trading_won={0: (0, 1)}, phase="end")
    assert five.end_triggered and not five.is_terminal()
    four = ebuild({"d4": "Bgol"}, ("dwarfs",) * 4, trading_won={0: (0, 1)}, phase="end")
    assert not four.end_triggered
    one = ebuild({"d4": "Bgol"}, ("dwarfs",) * 4 + ("elves",), trading_won={0: (0,)}, phase="end")
    assert not one.end_triggered


# ---------------------------------------------------------------------------- X2 race cards
RACE_CARDS = {  # slot order castle, gold, emerald, ruby, diamond, tavern, store, two monsters (O48)
    "P": ("cas", "gol", "eme", "rub", "dia", "tav", "sto", "fdr", "tre"),
    "O": ("ocs", "gol", "eme", "rub", "dia", "tav", "sto", "wol", "fro"),
    "K": ("cas", "gol", "eme", "rub", "dia", "tav", "sto", "fro", "tre"),
}
CORNER, ONE, CORRIDOR = N_ | E_, N_, N_ | S_
RACE_WALLS = {  # O49, same slot order
    "P": (CORNER, ONE, CORRIDOR, CORRIDOR, CORRIDOR, ONE, CORRIDOR, CORRIDOR, CORRIDOR),
    "O": (CORNER, CORRIDOR, CORRIDOR, ONE, CORRIDOR, ONE, CORRIDOR, CORRIDOR, CORRIDOR),
    "K": (CORNER, CORRIDOR, ONE, CORRIDOR, CORRIDOR, ONE, CORRIDOR, CORRIDOR, CORRIDOR),
}


def test_x2_1_race_cards_and_walls():
    """Each Empires colour holds exactly its nine cards (O48), walled as in O49."""
    cells = iter(f"{col}{row}" for row in range(1, 5) for col in "abcdefgh")
    mat = {next(cells): letter + token for letter, tokens in RACE_CARDS.items() for token in tokens}
    state = ebuild(mat, ("elves", "ogres", "crystal_dwarfs", "dwarfs"))
    assert state.in_hand[:3] == [0, 0, 0], "the 27 cards are exactly the three colours' hands"
    for name, token in mat.items():
        letter, kind = token[0], token[1:]
        assert state.kind_at(cell(name)) == KIND_TOKENS[kind], token
        assert LAYER_WALLS[state.top[cell(name)]] == RACE_WALLS[letter][RACE_CARDS[letter].index(kind)], token
    for token in ("Pdra", "Pfro", "Ocas", "Odra", "Kdra", "Kfdr", "Kwol"):
        with pytest.raises(ConfigError):
            ebuild({"d4": token}, ("elves", "ogres", "crystal_dwarfs"))


def test_x2_2_the_ogres_castle():
    """A castle for kingdoms and actions, never stacked on; three meeples for two ogre cards, -2 VP."""
    mat = {"d4": "Oocs/2", "e4": "Bcas", "f6": "Bgol+Ogol"}  # d4 open to the east, e4 open to the west
    state = ebuild(mat, ("ogres", "dwarfs"), dwarfs={"d4": "OOO"}, phase="resolve")
    assert state.castle_cell[0] == cell("d4") and cell("e4") in state.kingdom(0).cells
    assert state.action_limit(0) == 4, "the extra action"
    assert state.kingdom_vp(1) == 0, "blue's kingdom: castle +2, the ogres' castle -2"
    assert legal_cells(state) == {"d4"}
    stack = state.stacks[cell("f6")]
    act(state, layout(state).cell(cell("d4")), "resolve_task")
    assert state.ogres.size(0) == 2 and meeples(state, "d4") == "", "two ogre cards"
    assert decision(state) == "action" and state.stacks[cell("f6")] == stack, "no digging"
    two = ebuild(mat, ("ogres", "dwarfs"), dwarfs={"d4": "OO"}, phase="resolve")
    assert decision(two) == "action" and two.current_player == 1 and meeples(two, "d4") == "OO"
    lone = ebuild({"d4": "Oocs/2"}, ("ogres", "dwarfs"), turn_player=1)
    act(lone, layout(lone).card(Kind.CASTLE), "action")
    assert "d4" not in legal_cells(lone, Family.PLACE), "never stacked on"


# ---------------------------------------------------------------------------- X3 elves
def test_x3_1_slow_gathering():
    """Elves and ogres need three meeples on any mine; dwarfs two on an emerald mine."""
    for mine, gem, amount in (("Beme", Gem.EMERALD, 1), ("Bgol", Gem.GOLD, 2), ("Bdia", Gem.DIAMOND, 1)):
        for race, letter in (("elves", "P"), ("ogres", "O")):
            state = ebuild({"d4": mine}, (race, "dwarfs"), dwarfs={"d4": letter * 2}, phase="resolve")
            assert state.current_player == 1 and state.gems.count(0, gem) == 0, (race, mine)
            state = ebuild({"d4": mine}, (race, "dwarfs"), dwarfs={"d4": letter * 3}, phase="resolve")
            resolve_all(state)
            assert state.gems.count(0, gem) == amount and meeples(state, "d4") == "", (race, mine)
        state = ebuild({"d4": mine}, ("elves", "dwarfs"), dwarfs={"d4": "BB"}, phase="resolve", turn_player=1)
        resolve_all(state)
        assert state.gems.count(1, gem) == amount, mine


def test_x3_2_elf_accuracy_counts_connected_neighbours():
    """Two elves on a dragon, three on a connected mine: the dragon falls, then the mine yields."""
    mat = {"d4": "Bdra", "e4": "Beme", "d3": "Bgol"}  # the dragon's north wall faces d3
    state = ebuild(mat, ("elves", "dwarfs"), dwarfs={"d4": "PP", "e4": "PPP"}, phase="resolve")
    assert legal_cells(state) == {"d4", "e4"}
    act(state, layout(state).cell(cell("d4")), "resolve_task")
    assert state.kind_at(cell("d4")) == -1 and len(state.defeated[0]) == 1, "the dragon is slain"
    assert meeples(state, "e4") == "PPP" and state.pile[0] == 4, "only the two on the dragon go home"
    act(state, layout(state).cell(cell("e4")), "resolve_task")
    assert state.gems.count(0, Gem.EMERALD) == 1, "no dragon left in the region: the mine yields"
    blocked = ebuild(mat, ("elves", "dwarfs"), dwarfs={"d4": "PP", "d3": "PPP"}, phase="resolve")
    assert legal_cells(blocked) == {"d3"}, "elves behind the wall do not count"
    empty = ebuild(mat, ("elves", "dwarfs"), dwarfs={"e4": "PPP"}, phase="resolve")
    assert legal_cells(empty) == {"e4"}, "no elf on the monster"
    dwarves = ebuild(mat, ("elves", "dwarfs"), dwarfs={"d4": "BB", "e4": "BBB"}, phase="resolve", turn_player=1)
    assert legal_cells(dwarves) == {"e4"}, "dwarfs are not accurate"


def test_x3_3_clean_shot_scores_four():
    """A monster defeated by elves scores 4 VP, by other races 3."""
    state = ebuild({"d4": "Bgol"}, ("elves", "dwarfs", "ogres"), defeated={0: ["Bdra"], 1: ["Bfro"], 2: ["Ptre"]})
    assert list(state.scores()) == [4, 3, 3]


def test_x3_4_monster_scales():
    """Once a turn, free: the latest defeated monster goes to the box for up to 4 VP of gems."""
    state = ebuild({"d4": "Bgol"}, ("elves", "dwarfs"), defeated={0: ["Bdra", "Bfro"]})
    first, last = state.defeated[0]
    act(state, layout(state).power(), "action")
    assert state.defeated[0] == (first,) and state.boxed == (last,)
    assert gem_options(state) == {0, 1, 2, 3} and Family.END in families(state)
    act(state, layout(state).gem(Gem.RUBY), "power_gem")
    assert gem_options(state) == {Gem.GOLD}, "one VP left in the budget"
    act(state, layout(state).end(), "power_gem")
    assert state.gems.of(0) == [0, 0, 0, 1] and state.gem_pile[Gem.RUBY] == 9  # 10 rubies in the pile
    assert decision(state) == "action" and state.actions_used == 0 and Family.POWER not in families(state)
    assert state.scores()[0] == 4 + 3, "one monster (4) and a ruby (3)"
    spent = ebuild({"d4": "Bgol"}, ("elves", "dwarfs"), defeated={0: ["Bdra"]}, actions_used=3)  # 3 actions
    assert Family.POWER in families(spent), "a free action, also once the actions are spent"
    dwarf = ebuild({"d4": "Bgol"}, ("elves", "dwarfs"), defeated={1: ["Bdra"]}, turn_player=1)
    assert Family.POWER not in families(dwarf)


# ---------------------------------------------------------------------------- X4 ogres, crystal dwarfs
def test_x4_1_ogres_start_with_two_ogre_cards():
    """Ogres are dealt two ogre cards at setup; the other races none."""
    for seed in range(3):
        state = fresh(seed=seed, num_players=3, expansions=EMP, races=("dwarfs", "ogres", "elves"))
        assert [state.ogres.size(p) for p in range(3)] == [0, 2, 0]
        assert len(state.ogre_deck) == EMPIRE_OGRE_DECK - 2


def test_x4_2_ogres_count_minus_two_cards_as_plus_two():
    """The ogres' castle, a -2 card, scores +2 for ogres and -2 for others; a monster (-1, O2)
    and the tavern (-1) are not -2 cards."""
    mat = {"d4": "Oocs/2", "e4": "Owol", "f4": "Otav", "g4": "Bcas"}  # one region
    state = ebuild(mat, ("ogres", "dwarfs"))
    assert state.kingdom_vp(0) == 2 - 1 - 1 + 2 and state.kingdom_vp(1) == -2 - 1 - 1 + 2
    assert list(state.scores()) == [2, -2]


def test_x4_3_thievery():
    """A pouch each time an ogre's card acts on an enemy meeple; none for own meeples or an empty pile."""
    mat = {"d4": "Btav", "e4": "Bgol", "f4": "Beme", "g4": "Bdia"}  # a row open east-west
    hand = ogre_hand(AMBUSH=1, BRUTE=1, PANIC=2, WRECKING_BALL=1)
    state = ebuild(mat, ("ogres", "dwarfs"), dwarfs={"d4": "B", "e4": "O", "f4": "O", "g4": "B"}, ogres={0: hand})
    lay = layout(state)
    size = state.hand_size(0)
    act(state, lay.ogre(Ogre.BRUTE), "action")
    act(state, lay.cell(cell("d4")), "brute_cell")
    act(state, lay.seat(1), "brute_seat")
    act(state, lay.cell(cell("e4")), "brute_own")
    assert state.pouches[0] == 1 and state.pouch_pile == 19, "Brute on an enemy meeple"  # 20 in the pile
    assert state.hand_size(0) == size - 1, "the pouch is not in the hand"
    act(state, lay.ogre(Ogre.AMBUSH), "action")
    act(state, lay.cell(cell("d4")), "ambush_cell")  # only the ogre's own meeple there
    assert state.pouches[0] == 1
    for src, seat, pouches in (("f4", 0, 1), ("g4", 1, 2)):  # Panic: own meeple, then an enemy's
        act(state, lay.ogre(Ogre.PANIC), "action")
        act(state, lay.cell(cell(src)), "panic_cell")
        act(state, lay.seat(seat), "panic_seat")
        act(state, state.legal_actions()[0], "panic_dest")
        assert state.pouches[0] == pouches, src
    act(state, lay.ogre(Ogre.WRECKING_BALL), "action")
    act(state, lay.cell(cell("e4")), "wrecking_cell")
    assert state.pouches[0] == 3 and meeples(state, "e4") == ""
    king = ebuild(mat, ("ogres", "dwarfs"), dwarfs={"d4": "OB"}, classes={0: {"ogre_king": "d4"}})
    act(king, layout(king).ability(Ability.OGRE_KING_DISCARD), "action")
    act(king, layout(king).seat(1), "ogre_king_seat")
    assert king.pouches[0] == 1 and meeples(king, "d4") == "O", "the ogre king's ability"
    for held, after in ((0, 1), (20, 20)):  # an Ambush on an enemy; then with the pile of 20 out
        amb = ebuild(mat, ("ogres", "dwarfs"), dwarfs={"d4": "BO"}, ogres={0: hand}, pouches={0: held})
        act(amb, layout(amb).ogre(Ogre.AMBUSH), "action")
        act(amb, layout(amb).cell(cell("d4")), "ambush_cell")
        assert amb.pouches[0] == after and meeples(amb, "d4") == "", held
    denied = build({"e4": "Bgol"}, 2, expansions=EMP + ("trolls_bridge",), races=("ogres", "dwarfs"),
                   dwarfs={"e4": "B"}, ogres={0: ogre_hand(AMBUSH=1), 1: ogre_hand(TROLL_KING=1)})
    act(denied, layout(denied).ogre(Ogre.AMBUSH), "action")
    act(denied, layout(denied).cell(cell("e4")), "ambush_cell")
    act(denied, layout(denied).ogre(Ogre.TROLL_KING), "troll_deny")
    assert denied.pouches[0] == 0 and meeples(denied, "e4") == "B", "nothing for a denied card"
    blue = ebuild(mat, ("ogres", "dwarfs"), dwarfs={"d4": "O"}, ogres={1: hand}, turn_player=1)
    act(blue, layout(blue).ogre(Ogre.AMBUSH), "action")
    act(blue, layout(blue).cell(cell("d4")), "ambush_cell")
    assert blue.pouches == [0, 0], "only ogres steal"


def test_x4_4_pawnbroker():
    """Once a turn, free: up to four pouches back to the pile for gems of the same VP."""
    state = ebuild({"d4": "Bgol"}, ("ogres", "dwarfs"), pouches={0: 5})
    act(state, layout(state).power(), "action")
    assert gem_options(state) == {0, 1, 2, 3} and Family.END in families(state)
    act(state, layout(state).gem(Gem.RUBY), "power_gem")
    assert state.pouches[0] == 2 and state.pouch_pile == 18 and state.gems.count(0, Gem.RUBY) == 1
    assert gem_options(state) == {Gem.GOLD}, "four pouches at most, three spent"
    act(state, layout(state).gem(Gem.GOLD), "power_gem")
    assert state.pouches[0] == 1 and state.gems.of(0) == [1, 0, 0, 1]
    assert decision(state) == "action" and state.actions_used == 0 and Family.POWER not in families(state)
    spent = ebuild({"d4": "Bgol"}, ("ogres", "dwarfs"), pouches={0: 1}, actions_used=3)  # 3 actions
    assert Family.POWER in families(spent), "a free action, also once the actions are spent"
    poor = ebuild({"d4": "Bgol"}, ("ogres", "dwarfs"), pouches={0: 2})
    act(poor, layout(poor).power(), "action")
    assert gem_options(poor) == {Gem.GOLD, Gem.EMERALD, Gem.DIAMOND}, "a ruby costs three pouches"
    assert Family.POWER not in families(ebuild({"d4": "Bgol"}, ("ogres", "dwarfs")))
    # Hard Workers (D3): the free action comes back with the seat's next morning
    hard = build({"d4": "Bgol"}, 2, expansions=("empires", "royal_decrees"), scenario="axe_gospel",
                 decrees=[Decree.HARD_WORKERS], races=("ogres", "dwarfs"), pouches={0: 5})
    act(hard, layout(hard).power(), "action")
    act(hard, layout(hard).end(), "power_gem")
    for _ in range(MAX_WALK):  # play on (END where possible) to the ogres' next morning
        legal = hard.legal_actions()
        end = layout(hard).end()
        hard.apply(end if end in legal else legal[0])
        if hard.current_player == 0 and decision(hard) == "action" and not hard.power_used:
            break
    assert Family.POWER in families(hard), "once a turn, not once a game"


def test_x4_5_crystal_dwarfs_never_use_another_castle():
    """Crystal dwarfs may stand on another seat's castle but never complete its task."""
    mat = {"d4": "Bcas", "h8": "Kcas"}
    state = ebuild(mat, ("crystal_dwarfs", "dwarfs"), dwarfs={"d4": "KK", "h8": "KK"}, phase="resolve")
    assert legal_cells(state) == {"h8"}
    resolve_all(state)
    assert meeples(state, "d4") == "KK" and meeples(state, "h8") == ""
    blue = ebuild(mat, ("crystal_dwarfs", "dwarfs"), dwarfs={"h8": "BB"}, phase="resolve", turn_player=1)
    assert legal_cells(blue) == {"h8"}, "dwarfs may use the black castle"
    ogres = ebuild({"d4": "Oocs"}, ("crystal_dwarfs", "ogres"), dwarfs={"d4": "KKK"}, phase="resolve")
    assert decision(ogres) == "action" and ogres.current_player == 1, "nor the ogres' castle"
    placing = ebuild(mat, ("crystal_dwarfs", "dwarfs"), dwarfs={"d4": "K"})
    assert "d4" in legal_cells(placing, Family.DWARF)


def test_x4_6_crystal_dwarfs_bring_frost_invasion():
    """With crystal dwarfs, D10 is in force with or without Royal Decrees."""
    mat = {"d4": "Bcas", "d5": "Bgol/1", "c4": "Bfro"}  # blue's kingdom: castle, gold mine, frost giant
    plain = ebuild(mat, ("dwarfs", "elves"))
    frosty = ebuild(mat, ("dwarfs", "crystal_dwarfs"))
    assert not plain.decree(Decree.DRAGON_KING) and frosty.decree(Decree.DRAGON_KING)
    assert plain.kingdom_vp(0) == 2 + 1 - 1 and frosty.kingdom_vp(0) == 2 - 1, "the mine scores nothing"
    siege = fresh(seed=1, num_players=2, expansions=EMP + ("royal_decrees",), scenario="siege",
                  races=("crystal_dwarfs", "dwarfs"))
    assert {d for d in Decree if siege.decree(d)} == {Decree.FORTRESS, Decree.BATTLE_MEMORIAL,
                                                       Decree.GREEDY_LANDLORDS, Decree.DRAGON_KING}


def test_x4_7_frozen_heart():
    """Once a turn, free: crystal dwarfs turn one of their gems into a diamond."""
    state = ebuild({"d4": "Bgol"}, ("crystal_dwarfs", "dwarfs"), gems={0: (1, 0, 1, 1)})
    act(state, layout(state).power(), "action")
    assert gem_options(state) == {Gem.GOLD, Gem.RUBY}, "not a diamond"
    act(state, layout(state).gem(Gem.RUBY), "frozen_gem")
    assert state.gems.of(0) == [1, 0, 2, 0]
    assert state.gem_pile[Gem.RUBY] == 10 and state.gem_pile[Gem.DIAMOND] == 12  # piles of 10 and 14
    assert decision(state) == "action" and state.actions_used == 0 and Family.POWER not in families(state)
    diamonds = ebuild({"d4": "Bgol"}, ("crystal_dwarfs", "dwarfs"), gems={0: (0, 0, 2, 0)})
    assert Family.POWER not in families(diamonds)


def test_x4_8_frozen_soul():
    """Frost giants cost crystal dwarfs neither the extra action nor their mine VP under D10."""
    mat = {"f6": "Kcas", "e6": "Kfro", "f7": "Keme/2",  # black kingdom: castle, frost giant, emerald
           "b2": "Bcas", "a2": "Bfro", "b3": "Beme/2"}  # the same for blue
    state = ebuild(mat, ("crystal_dwarfs", "dwarfs"))
    assert len(state.kingdom(0).cells) == 3 and len(state.kingdom(1).cells) == 3
    assert state.action_limit(0) == 4 and state.action_limit(1) == 3
    assert state.kingdom_vp(0) == BLACK_CASTLE_VP - 1 + 1 and state.kingdom_vp(1) == 2 - 1  # castle (O81), giant, mine
    mat["h1"] = "Bgol+Kgol"  # a stack to dig
    digging = ebuild(mat, ("crystal_dwarfs", "dwarfs"), dwarfs={"f6": "KK"}, phase="resolve")
    act(digging, layout(digging).cell(cell("f6")), "resolve_task")
    assert decision(digging) != "dig_stack" and meeples(digging, "f6") == "", "O61: no digging"


def test_x4_9_diamond_helmets():
    """Crystal dwarfs pay one diamond more for every class."""
    def classes(state) -> set[int]:
        return {d.arg for d in legal_family(state, Family.CLASS)}

    races = ("crystal_dwarfs", "dwarfs")
    every = {Class.ALCHEMIST, Class.WARRIOR, Class.GUARDIAN, Class.KING}
    one_each = (1, 1, 1, 1)
    assert classes(ebuild({"d4": "Bgol"}, races, gems={1: one_each}, turn_player=1)) == every
    assert classes(ebuild({"d4": "Bgol"}, races, gems={0: one_each})) == {Class.ALCHEMIST}, "1 emerald + 1 diamond"
    rich = ebuild({"d4": "Bgol"}, races, gems={0: (1, 1, 2, 1)})
    assert classes(rich) == every
    act(rich, layout(rich).buy_class(Class.KING), "action")
    assert rich.gems.of(0) == [1, 1, 0, 0] and rich.actions_used == 1


# ---------------------------------------------------------------------------- random games
@pytest.mark.parametrize("config", [
    {"num_players": 2, "races": ("elves", "ogres")},
    {"num_players": 5},
    {"num_players": 7},
    {"num_players": 3, "races": ("crystal_dwarfs", "elves", "ogres"), "extra": ("trolls_bridge", "royal_decrees")},
], ids=["2p-elves-ogres", "5p", "7p", "3p-troll-royal"])
def test_empires_random_games_keep_invariants(config: dict):
    """Random Empires games keep every invariant after every step."""
    config = dict(config)
    expansions = EMP + config.pop("extra", ())
    for seed in (11, 12):
        state = fresh(seed=seed, expansions=expansions, **config)
        random_game(state, np.random.default_rng(seed), after=lambda s: s.check_invariants())
        assert state.is_terminal()
