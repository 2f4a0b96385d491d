"""R9 goals, R10 end and scoring; example E12.

A row of cards connected east-west: every card used below is open on its east and west sides
(castles turned ``/3`` are open east and south, ``/1`` open west and north).
"""

from __future__ import annotations

from gnome_envs.dwarfs_fall.components import NEIGHBOUR, ROUND_LIMIT, ROUND_LIMIT_NAME
from gnome_envs.dwarfs_fall.decrees import Decree
from gnome_envs.dwarfs_fall.goals import secret_met

from .helpers import (
    BLUE,
    GREEN,
    RED,
    Gem,
    Kind,
    Secret,
    act,
    build,
    cell,
    choose,
    decision,
    layout,
)

ROW8 = {"a4": "Bcas/3", "b4": "Rgol", "c4": "Reme", "d4": "Rrub", "e4": "Rsto", "f4": "Rtav",
        "g4": "Geme", "h4": "Grub"}  # 8 cards, VP 2 + 1 + 1 + 1 + 1 - 1 + 1 + 1 = 7
KING10 = {"a4": "Bcas/3", "b4": "Rsto", "c4": "Rrub", "d4": "Rgol", "e4": "Reme", "f4": "Beme",
          "g4": "Brub", "h4": "Rcas/1"}  # two castles (2 each) and six cards of 1 VP: 10 VP


def end_turn(state) -> None:
    """End the action phase and answer the rest of the turn with the first legal action."""
    seat = state.turn_player
    act(state, layout(state).end(), "action")
    while not state.is_terminal() and state.turn_player == seat:
        state.apply(state.legal_actions()[0])


def test_r9_1_trading_goals_come_only_from_the_store():
    state = build({"d4": "Rsto"}, gems={BLUE: (3, 0, 0, 0)}, dwarfs={"d4": "BB"}, trading_row=(0, 2, 3))
    act(state, layout(state).end())
    assert state.trading_won[BLUE] == (), "gems alone win nothing"
    state = build({"d4": "Rsto"}, gems={BLUE: (3, 0, 0, 0)}, dwarfs={"d4": "BBB"}, trading_row=(0, 2, 3),
                  phase="resolve")
    act(state, layout(state).cell(cell("d4")))
    act(state, layout(state).goal(0), "store_goal")
    assert state.trading_won[BLUE] == (0,) and state.goals(BLUE) == 1


def test_r9_2_secret_goals_reveal_themselves_at_once_and_stay():
    """Blue is the Wizard with four emeralds; the fifth reveals it in the resolve phase, before
    the discard phase takes an emerald away again."""
    state = build({"d4": "Reme"}, gems={BLUE: (0, 4, 0, 0)}, dwarfs={"d4": "BB"}, secrets=(Secret.WIZARD, Secret.KING),
                  phase="resolve")
    assert not state.secret_revealed[BLUE]
    act(state, layout(state).cell(cell("d4")))
    assert state.secret_revealed[BLUE] and decision(state) == "discard"
    while decision(state) == "discard":
        act(state, layout(state).discard_gem(Gem.EMERALD))
    assert state.gems.count(BLUE, Gem.EMERALD) < 5 and state.secret_revealed[BLUE] and state.goals(BLUE) == 1


def test_r9_2_revealed_in_another_players_turn():
    """Red's card completes blue's eight-card kingdom: blue's Architect shows in red's turn."""
    row = {k: v for k, v in ROW8.items() if k != "h4"}
    state = build(row, 3, secrets=(Secret.ARCHITECT, Secret.KING, Secret.MINER), turn_player=GREEN)
    assert state.kingdom_size(BLUE) == 7 and not state.secret_revealed[BLUE]
    act(state, layout(state).card(Kind.RUBY_MINE))
    act(state, layout(state).place(cell("h4"), 0))
    assert state.turn_player == GREEN and state.secret_revealed[BLUE]


def test_r9_2_researcher_revealed_by_the_dwarf_that_completes_it():
    """A dwarf placed or moved changes nothing but the mat's dwarfs, which only Researcher reads:
    the third blue dwarf on the second monster reveals it at once, whichever way it came."""
    mat = {"d4": "Rdra", "e4": "Rfro", "f4": "Rgol"}  # the frost giant and the mine are open to each other
    secrets = (Secret.RESEARCHER, Secret.ARCHITECT, Secret.MINER)
    placed = build(mat, 3, secrets=secrets, dwarfs={"d4": "BBB", "e4": "BB"})
    moved = build(mat, 3, secrets=secrets, dwarfs={"d4": "BBB", "e4": "BB", "f4": "B"})
    assert not placed.secret_revealed[BLUE] and not moved.secret_revealed[BLUE]
    act(placed, layout(placed).dwarf(cell("e4")))
    west = next(side for side, nb in enumerate(NEIGHBOUR[cell("f4")]) if nb == cell("e4"))
    act(moved, layout(moved).move(cell("f4"), west))
    for state in (placed, moved):
        assert decision(state) == "action" and state.secret_revealed[BLUE] and state.goals(BLUE) == 1
    mine = build(mat, 3, secrets=secrets, dwarfs={"d4": "BBB", "f4": "BBB"})
    assert not mine.secret_revealed[BLUE], "a trio on a mine is no trio on a monster"


def test_r9_3_each_secret_goal_condition():
    cases = [
        (Secret.ARCHITECT, {"mat": ROW8}, {"mat": {k: v for k, v in ROW8.items() if k != "h4"}}),
        (Secret.BERSERKER, {"defeated": {BLUE: ("Rdra", "Rfro")}}, {"defeated": {BLUE: ("Rdra",)}}),
        (Secret.KING, {"mat": KING10}, {"mat": {**KING10, "g4": "Btav"}}),
        (Secret.MINER, {"gems": {BLUE: (1, 1, 1, 1)}}, {"gems": {BLUE: (3, 1, 1, 0)}}),
        (Secret.OGRE_IN_DISGUISE, {"ogres": {BLUE: (1, 1, 1, 1, 1)}}, {"ogres": {BLUE: (4, 0, 0, 0, 0)}}),
        (Secret.RESEARCHER, {"mat": {"d4": "Rdra", "e4": "Rfro"}, "dwarfs": {"d4": "BBB", "e4": "BBBR"}},
         {"mat": {"d4": "Rdra", "e4": "Rfro"}, "dwarfs": {"d4": "BB", "e4": "BBBBB"}}),
        (Secret.WIZARD, {"gems": {BLUE: (0, 5, 0, 0)}}, {"gems": {BLUE: (0, 4, 3, 0)}}),
    ]
    for goal, met, unmet in cases:
        secrets = (goal, *[g for g in Secret if g != goal][:2])
        yes = build(met.pop("mat", {}), 3, secrets=secrets, **met)
        assert secret_met(yes, BLUE, goal) and yes.secret_revealed[BLUE], goal
        no = build(unmet.pop("mat", {}), 3, secrets=secrets, **unmet)
        assert not secret_met(no, BLUE, goal) and not no.secret_revealed[BLUE], goal
    king = build(KING10)
    assert king.kingdom_vp(BLUE) == 10 and king.kingdom_vp(RED) == 10


def test_o80_king_counts_the_kingdom_in_play():
    """King looks at the kingdom's cards as they stand: Greedy Landlords' split (D12) and the
    Dragon King's mines (D10) are cuts of the final scoring, not of the kingdom's worth."""
    greedy = build(KING10, expansions=("royal_decrees",), decrees=[Decree.GREEDY_LANDLORDS],
                   secrets=(Secret.KING, Secret.MINER))
    assert greedy.kingdom_vp(BLUE) == 5 and greedy.secret_revealed[BLUE], "10 VP of cards, scored 10 // 2"
    mat = {**KING10, "a5": "Bdra/1", "a6": "Bgol/1"}  # a dragon (-1) and one more mine (+1) below a4
    dragon = build(mat, expansions=("royal_decrees",), decrees=[Decree.DRAGON_KING],
                   secrets=(Secret.KING, Secret.MINER))
    assert dragon.kingdom_size(BLUE) == 10 and dragon.kingdom_vp(BLUE) == 10 - 6, "six mines score nothing"
    assert dragon.secret_revealed[BLUE]


# ---------------------------------------------------------------------------- R10
def test_r10_1_scoring():
    """Goals, the revealed secret, monsters, gems and the kingdom shared with red's castle."""
    state = build(
        {**KING10, "e5": "Bdra"},  # the dragon lies behind the walls of the row
        secrets=(Secret.KING, Secret.MINER), trading_won={BLUE: (0, 4)}, defeated={BLUE: ("Rdra",)},
        gems={BLUE: (1, 0, 1, 1), RED: (2, 0, 0, 0)},
    )
    assert state.secret_revealed == [True, False]
    assert state.score_of(BLUE) == 5 + 9 + 2 + 3 + (1 + 2 + 3) + 10
    assert state.score_of(RED) == 2 + 10, "red shares the kingdom's 10 VP"
    assert list(state.scores()) == [state.score_of(BLUE), state.score_of(RED)]
    no_castle = build({"b4": "Rsto", "c4": "Rrub"}, gems={BLUE: (1, 0, 0, 0)})
    assert no_castle.score_of(BLUE) == 1, "no castle on the mat: no kingdom VP"


def test_r10_2_tie_breaks():
    # equal VP (2 + 1 each); blue's kingdom has 2 cards, red's 1 (behind red's own wall... of 1 card)
    kingdoms = build({"a1": "Bcas/3", "b1": "Rgol", "h8": "Rcas", "h7": "Reme/2"}, gems={RED: (1, 0, 0, 0)})
    assert kingdoms.score_of(BLUE) == kingdoms.score_of(RED) == 3
    assert kingdoms.kingdom_size(BLUE) == 2 and kingdoms.kingdom_size(RED) == 1
    assert kingdoms.placements() == (0, 1)
    mat = {"a1": "Btav", "h8": "Rtav"}
    dwarfs = build(mat, dwarfs={"a1": "B", "h8": "RR"})
    assert dwarfs.scores().tolist() == [0, 0] and dwarfs.placements() == (1, 0)
    assert build(mat, dwarfs={"a1": "B", "h8": "R"}).placements() == (0, 0)


def test_r10_3_three_goals_end_the_game_after_the_round():
    state = build({"a1": "Rtav"}, 3, trading_won={RED: (0, 1, 2)}, turn_player=1)
    assert state.goals(RED) == 3 and not state.end_triggered
    end_turn(state)
    assert state.end_triggered and not state.is_terminal() and state.turn_player == GREEN
    end_turn(state)
    assert state.is_terminal() and state.current_player == -1 and state.legal_actions() == []
    last = build({"a1": "Rtav"}, 3, trading_won={GREEN: (0, 1, 2)}, turn_player=GREEN)
    end_turn(last)
    assert last.is_terminal(), "the last seat of the round ends it at once"


def test_r10_3_goals_count_at_the_end_of_ones_own_turn():
    state = build({"a1": "Rtav"}, 3, trading_won={BLUE: (0, 1, 2)}, turn_player=RED)
    end_turn(state)
    assert not state.end_triggered and state.turn_player == GREEN
    end_turn(state)
    assert state.turn_player == BLUE and not state.end_triggered
    end_turn(state)
    assert state.end_triggered and state.turn_player == RED


def idle_round(state) -> None:
    """Every seat ends its action phase at once, from the first seat of the round."""
    for _ in range(state.game.num_players):
        end_turn(state)


def test_r10_4_two_idle_rounds_end_the_game():
    """Two rounds in a row without a kingdom card played or a task gaining anything end the
    game after the second, scored as usual (not a truncation)."""
    state = build({"a1": "Rtav"}, trading_won={BLUE: (0,)}, idle_round=True)
    idle_round(state)
    assert not state.is_terminal() and state.round == 2 and state.idle_rounds == 1
    idle_round(state)
    assert state.is_terminal() and state.truncated_by is None and not state.end_triggered
    assert state.returns().tolist() == [1.0, -1.0], "scored as usual: blue's goal wins"


def test_r10_4_a_round_with_a_card_played_is_not_idle():
    state = build({"d4": "Rtav"}, trading_won={BLUE: (0,)}, idle_round=True)
    idle_round(state)
    choose(state, "play your gold mine", "action")
    act(state, state.legal_actions()[0], "place_card")
    end_turn(state)
    end_turn(state)
    assert not state.is_terminal() and state.idle_rounds == 0
    idle_round(state)
    idle_round(state)
    assert state.is_terminal()


def test_r10_4_only_a_task_that_gains_something_counts():
    """Ogre cards from a tavern count; a mine in a dragon's region, a store with nothing to
    buy and a dig (it only turns a stack) do not."""
    mat = {"c4": "Rdra", "d4": "Rgol", "e4": "Rtav", "f4": "Rsto", "g4": "Bcas/3", "c6": "Beme+Geme"}
    cases = {"d4": False, "e4": True, "f4": False, "g4": False}
    for name, counts in cases.items():
        dwarf_count = 3 if name == "f4" else 2
        state = build(mat, num_players=3, dwarfs={name: "B" * dwarf_count}, idle_round=True, phase="resolve")
        stack = state.stacks[cell("c6")]
        while state.turn_player == BLUE:
            state.apply(state.legal_actions()[0])
        assert state.busy_round == counts, name
        assert (state.stacks[cell("c6")] != stack) == (name == "g4"), "the castle digs the stack"


def test_r10_5_round_limit_truncates():
    """The designed round limit stops a game no rule has ended: a truncation that pays nobody."""
    state = build({"a1": "Rtav"}, trading_won={BLUE: (0,)}, turn_player=RED, round=ROUND_LIMIT)
    end_turn(state)
    assert state.is_terminal() and state.truncated_by == ROUND_LIMIT_NAME and not state.end_triggered
    assert state.returns().tolist() == [0.0, 0.0] and state.scores()[BLUE] > state.scores()[RED]
    earlier = build({"a1": "Rtav"}, turn_player=RED, round=ROUND_LIMIT - 1)
    end_turn(earlier)
    assert not earlier.is_terminal() and earlier.round == ROUND_LIMIT


def test_e12_two_trading_goals_and_a_secret_trigger_the_end():
    state = build({"a1": "Rtav"}, trading_won={BLUE: (0, 1)}, gems={BLUE: (0, 5, 0, 0)},
                  secrets=(Secret.WIZARD, Secret.KING), phase="end")
    assert state.end_triggered and state.turn_player == RED
