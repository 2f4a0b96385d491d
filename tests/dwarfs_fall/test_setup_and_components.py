"""R1 components, R2 setup and R13 (the expansions are refused for now)."""

from __future__ import annotations

import numpy as np
import pytest

import gnome_envs
from gnome_envs import ConfigError
from gnome_envs.dwarfs_fall.components import (
    GEM_PILE,
    GEM_VP,
    KINDS,
    OGRE_COUNTS,
    SECRET_VP,
    WALLS,
    Job,
    card_code,
    rotate_walls,
)

from .helpers import (
    BLUE,
    RED,
    DecisionKind,
    Family,
    Gem,
    Kind,
    build,
    conservation_problems,
    fresh,
    legal_family,
)

N_, E_, S_, W_ = 1, 2, 4, 8


def test_r1_1_component_counts():
    """Every count of R1 holds at setup and after a random game (independent recount)."""
    for n in (2, 3, 4):
        state = fresh(seed=n, num_players=n)
        assert conservation_problems(state) == []
        assert [state.in_hand[p] for p in range(n)] == [(1 << 9) - 1] * n
        assert state.pile == [7] * n
        assert sum(GEM_PILE) == 58 and sorted(state.ogre_deck) == sorted(
            k for k, c in enumerate(OGRE_COUNTS) for _ in range(c))
        assert len(state.ogre_deck) == 25
        assert len(state.game.trading_goals) == 14 and sorted(state.trading_deck + state.trading_row) == list(range(14))
        rng = np.random.default_rng(n)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.integers(len(legal))])
            assert conservation_problems(state) == []


def test_r1_1_kinds_table_matches_the_spec():
    """Spots, dwarfs needed, task and VP of each kind as tabled in R1 (O2)."""
    table = {
        Kind.CASTLE: (3, 2, Job.DIG, 2), Kind.GOLD_MINE: (3, 2, Job.MINE, 1),
        Kind.EMERALD_MINE: (3, 2, Job.MINE, 1), Kind.RUBY_MINE: (4, 3, Job.MINE, 1),
        Kind.DIAMOND_MINE: (3, 2, Job.MINE, 1), Kind.TAVERN: (3, 2, Job.OGRE, -1),
        Kind.STORE: (4, 3, Job.TRADE, 1), Kind.DRAGON: (5, 5, Job.SLAY, -1),
        Kind.FROST_GIANT: (5, 5, Job.SLAY, -1),
    }
    for kind, (spots, needed, job, vp) in table.items():
        info = KINDS[kind]
        assert (info.spots, info.required, info.job, info.vp) == (spots, needed, job, vp), kind
    assert (KINDS[Kind.GOLD_MINE].gem, KINDS[Kind.GOLD_MINE].amount) == (Gem.GOLD, 2)
    assert (KINDS[Kind.RUBY_MINE].gem, KINDS[Kind.RUBY_MINE].amount) == (Gem.RUBY, 1)
    assert SECRET_VP[:7] == (2, 7, 2, 3, 14, 9, 5)  # O7


def test_r1_2_walls_per_colour_and_rotation():
    """O3: castles N+E, stores and monsters N+S, taverns N; one mine with a wall on N and three
    corridor mines (N+S), the one-wall mine differing per colour; every colour has sixteen walled
    sides; turning moves each wall a side clockwise."""
    def walls(colour, kind):
        return WALLS[card_code(colour, kind)][0]

    for colour in range(4):
        assert walls(colour, Kind.CASTLE) == N_ | E_
        assert walls(colour, Kind.STORE) == walls(colour, Kind.DRAGON) == walls(colour, Kind.FROST_GIANT) == N_ | S_
        assert walls(colour, Kind.TAVERN) == N_
        assert sum(walls(colour, k).bit_count() for k in Kind) == 16
    mines = (Kind.GOLD_MINE, Kind.EMERALD_MINE, Kind.RUBY_MINE, Kind.DIAMOND_MINE)
    counts = [[walls(c, k).bit_count() for k in mines] for c in range(4)]
    assert counts == [[2, 1, 2, 2], [1, 2, 2, 2], [2, 2, 1, 2], [2, 2, 2, 1]]
    assert walls(0, Kind.RUBY_MINE) == N_ | S_  # a corridor, not a corner
    assert rotate_walls(N_ | E_, 1) == E_ | S_ and rotate_walls(N_ | E_, 3) == W_ | N_
    assert WALLS[card_code(RED, Kind.CASTLE)][2] == S_ | W_


def test_r1_3_gem_values():
    """O4: gold 1, emerald 2, diamond 2, ruby 3 VP; scored from the hand."""
    assert GEM_VP == (1, 2, 2, 3)
    state = build({}, gems={BLUE: (1, 1, 1, 1)})
    assert state.score_of(BLUE) == 8 and state.score_of(RED) == 0


def test_r2_1_trading_goals_three_face_up():
    state = fresh(seed=3)
    assert len(state.trading_row) == 3 and -1 not in state.trading_row
    assert len(state.trading_deck) == 11
    assert sorted(state.trading_row + state.trading_deck) == list(range(14))
    orders = {tuple(fresh(seed=s).trading_row) for s in range(8)}
    assert len(orders) > 1, "the trading goals are shuffled"


def test_r2_2_one_secret_goal_each():
    for n in (2, 3, 4):
        state = fresh(seed=n, num_players=n)
        assert len(set(state.secret)) == n and all(0 <= g < 7 for g in state.secret)
        assert sorted(state.secret + state.secret_box) == list(range(7))
        assert state.secret_revealed == [False] * n


def test_r2_3_gem_piles_face_up():
    state = fresh(seed=1)
    assert state.gem_pile == [20, 14, 14, 10]
    assert all(state.gems.size(p) == 0 for p in range(2))


def test_r2_4_nine_kingdom_cards_and_seven_dwarfs():
    state = fresh(seed=1, num_players=4)
    for p in range(4):
        assert state.in_hand_kinds(p) == list(range(9))
        assert state.pile[p] == 7 and state.on_board(p) == 0
        assert state.hand_size(p) == 9


def test_r2_5_ogre_deck_shuffled():
    decks = {tuple(fresh(seed=s).ogre_deck) for s in range(6)}
    assert len(decks) > 1
    assert all(sum(fresh(seed=s).ogre_discard) == 0 for s in range(2))


def test_r2_6_seat_zero_opens_with_a_kingdom_card():
    state = fresh(seed=2, num_players=3)
    assert state.current_player == 0 and state.turn_player == 0 and state.round == 1
    assert state.pending.kind == DecisionKind.ACTION
    families = {d.family for d in (state.game.action_layout.decode(a) for a in state.legal_actions())}
    assert families == {Family.CARD}
    # after seat 0's turn, seat 1 plays
    while state.turn_player == 0:
        legal = state.legal_actions()
        end = state.game.action_layout.end()
        state.apply(end if end in legal else legal[0])
    assert state.turn_player == 1


def test_r13_1_expansion_config_is_checked():
    """Every expansion mix is config; races, seat counts and scenarios are checked precisely."""
    env = gnome_envs.make("dwarfs_fall_v6", num_players=2, expansions=["trolls_bridge", "royal_decrees", "empires"])
    env.reset(seed=0)
    game = env.unwrapped.game_state.game
    assert game.trolls and game.royal and game.empires
    for kwargs, words in (
        ({"expansions": ("no_such",)}, ("expansions", "unknown")),
        ({"expansions": ("empires", "empires")}, ("expansions", "once")),
        ({"races": ("elves", "dwarfs")}, ("races", "empires")),
        ({"races": ("dwarfs",)}, ("races", "one race per seat")),
        ({"races": ("elves", "goblins"), "expansions": ("empires",)}, ("races", "unknown race")),
        ({"races": ("elves", "elves"), "expansions": ("empires",)}, ("races", "one seat")),
        ({"num_players": 5, "races": ("dwarfs",) * 5, "expansions": ("empires",)}, ("races", "at most 4")),
        ({"scenario": "siege"}, ("scenario", "royal_decrees")),
        ({"num_players": 5}, ("num_players", "empires")),
        ({"num_players": 8, "expansions": ("empires",)}, ("num_players", "2-7")),
        ({"num_players": 1}, ("num_players",)),
        ({"expansions": "empires"}, ("expansions", "('empires',)", "--config expansions=empires,")),
        ({"races": "elves", "expansions": ("empires",)}, ("races", "('elves',)")),
    ):
        config = {"num_players": 2, **kwargs}
        with pytest.raises(ConfigError) as info:
            gnome_envs.make("dwarfs_fall_v6", **config)
        for word in words:
            assert word in str(info.value), (kwargs, str(info.value))
    # the defaults (and an explicit all-dwarf race list) are the core game
    env = gnome_envs.make("dwarfs_fall_v6", num_players=3, races=("dwarfs",) * 3, expansions=())
    env.reset(seed=0)
    assert legal_family(env.unwrapped.game_state, Family.CARD)
    assert not env.unwrapped.game_state.game.empires


def test_every_clause_has_a_test():
    """Each numbered clause of seeds/dwarfs_fall.md (R, T, D and X) has a test named after it."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    spec = (root / "seeds" / "dwarfs_fall.md").read_text()
    clauses = re.findall(r"\*\*([RTDX]\d+\.\d+) ", spec)
    names = re.findall(r"def (test_\w+)", "".join(p.read_text() for p in Path(__file__).parent.glob("test_*.py")))
    missing = []
    for clause in clauses:
        tag = clause.lower().replace(".", "_")
        if not any(re.search(rf"(^test_|_and_){tag}(_|$)", name) for name in names):
            missing.append(clause)
    assert len(clauses) > 80 and missing == [], missing
