"""R13 the end of a round and R14 end scoring (``seeds/mighty_gnomes.md``), with examples E9
and E11."""

from __future__ import annotations

from gnome_envs.mighty_gnomes.components import ROUND_REWARDS, GnomeType
from gnome_envs.mighty_gnomes.scoring import animal_points, breakdown, gnome_points

from .helpers import (
    CRYSTAL,
    T1,
    T2,
    T3,
    T4,
    Family,
    Mode,
    Reward,
    Track,
    build,
    choose,
    decision,
    lay,
    legal,
    pass_,
    use,
)


def finish_turns(state) -> None:
    """Play the rest of the round's turns taking coins, skipping Druid turns."""
    while not state.is_terminal() and decision(state) != "reward":
        name = decision(state)
        if name == "turn_start":
            state.apply(legal(state, Family.TILE_MODE)[-1])  # the last tile offered, for coins
        elif name in ("turn_end", "druid_start"):
            pass_(state)
        else:
            state.apply(legal(state)[0])


def boxes(state) -> list[Reward]:
    """The reward kinds offered now."""
    return [ROUND_REWARDS[state.round][lay(state).decode(a).arg] for a in legal(state, Family.REWARD)]


def claim(state, reward: Reward) -> None:
    """Claim the box holding ``reward``."""
    choose(state, Family.REWARD, ROUND_REWARDS[state.round].index(reward))


def three_turns_done(**kw):
    """A 2-player position whose turns are over, at the first reward claim."""
    state = build(**kw)
    finish_turns(state)
    return state


# ============================================================================ R13 round end
def test_r13_1_tiles_come_back():
    """R13.1: after the round the board is empty and the tiles are back (bedroom tile first)."""
    state = build(coins={0: 5, 1: 5})
    use(state, T2, Mode.GATHER)
    choose(state, Family.FOREST, 2, 0)
    finish_turns(state)
    claim(state, Reward.COINS_2)
    claim(state, Reward.FREE_USE)
    assert state.round == 2 and state.forest_occ == 0 and state.forest_tiles == []
    assert all(h == [0, 0] for h in state.ladder_height)
    assert state.used_tiles == [0, 0]


def test_r13_2_trail_resolution_order_and_claims_top_down():
    """R13.2: tokens return to the hut keeping their order; the furthest claims first."""
    state = build(3, trail={0: 5, 1: 5, 2: 2})
    finish_turns(state)
    assert state.trail == [0, 0, 0] and state.trail_order() == [2, 0, 1]
    assert state.current_player == 1
    claim(state, Reward.COINS_2)
    assert state.current_player == 0
    claim(state, Reward.ADVENTURE_1)
    assert state.current_player == 2
    assert Reward.COINS_2 not in boxes(state) and Reward.ADVENTURE_1 not in boxes(state)


def test_r13_3_reward_lists_by_round():
    """R13.3: rounds 1-2, 3-4 and 5 offer their own five boxes; each is taken once."""
    assert ROUND_REWARDS[1] == ROUND_REWARDS[2] == (Reward.UPGRADE, Reward.FREE_USE, Reward.FIRST_PLAYER,
                                                    Reward.COINS_2, Reward.ADVENTURE_1)
    assert ROUND_REWARDS[3] == ROUND_REWARDS[4] == (Reward.UPGRADE, Reward.FREE_USE, Reward.FIRST_PLAYER,
                                                    Reward.COINS_3, Reward.ADVENTURE_2)
    assert ROUND_REWARDS[5] == (Reward.KEY, Reward.DOUBLE_BEDROOM, Reward.CRYSTAL, Reward.INVITE, Reward.VP_2)
    state = three_turns_done(round_number=3, coins={0: 0, 1: 0})
    first = state.current_player
    claim(state, Reward.COINS_3)
    assert state.coins[first] == 3 + (3 + 2 + 1)  # the coins turns used the 4-, 3- and 2-gnome tiles
    claim(state, Reward.ADVENTURE_2)
    second = 1 - first
    assert state.trail[second] == 2 or decision(state) == "treasure"


def test_r13_3_free_upgrade_and_free_use():
    """R13.3: the upgrade box is free; free use lifts the bedroom rule next round."""
    state = three_turns_done()
    p = state.current_player
    claim(state, Reward.UPGRADE)
    assert decision(state) == "upgrade" and sorted(a - lay(state).base[Family.TRACK] for a in legal(state)) == [0, 1]
    choose(state, Family.TRACK, Track.WAREHOUSE)
    assert state.warehouse[p] == 1 and state.upgrades[p] == 1
    q = state.current_player
    claim(state, Reward.FREE_USE)
    assert state.round == 2
    bedroom_free = {lay(state).decode(a).arg for a in legal(state, Family.TILE_MODE)}
    if state.current_player == q:
        assert len(bedroom_free) == 4
    else:
        assert bedroom_free == {state.bedroom[state.current_player]}


def keep_big_tiles(state) -> None:
    """Play the rest of the round's turns taking coins with the smallest tile offered (the
    4-gnome tile stays for the bedroom), skipping Druid turns."""
    while not state.is_terminal() and decision(state) != "reward":
        name = decision(state)
        if name == "turn_start":
            state.apply(legal(state, Family.TILE_MODE)[Mode.COINS])  # the first tile offered, for coins
        elif name in ("turn_end", "druid_start"):
            pass_(state)
        else:
            state.apply(legal(state)[0])


def test_r13_3_round_five_rewards():
    """R13.3: a key, the bedroom tile's VP again, a crystal, an invitation, 2 VP."""
    state = build(round_number=5)
    keep_big_tiles(state)
    p = state.current_player
    assert state.bedroom[p] == T4
    vp = state.vp[p]
    claim(state, Reward.DOUBLE_BEDROOM)
    assert state.vp[p] == vp + 3
    q = state.current_player
    crystals = state.res[q][CRYSTAL]
    claim(state, Reward.CRYSTAL)
    assert state.res[q][CRYSTAL] == crystals + 1 and state.is_terminal()
    state = build(round_number=5)
    keep_big_tiles(state)
    p = state.current_player
    keys = state.keys[p]
    claim(state, Reward.KEY)
    assert state.keys[p] == keys + 1  # the key box: one key
    q = state.current_player
    vp = state.vp[q]
    claim(state, Reward.VP_2)
    assert state.vp[q] == vp + 2 and state.is_terminal()  # the 2 VP box


def test_r13_3_key_box_not_offered_at_three_keys():
    """R13.3 / O38: a player holding three keys is not offered the round-five key box (it
    would give nothing, R7.3); with fewer keys it is."""
    state = three_turns_done(round_number=5, keys={0: 3, 1: 3})
    assert Reward.KEY not in boxes(state)
    state = three_turns_done(round_number=5, keys={0: 2, 1: 2})
    assert Reward.KEY in boxes(state)


def test_r13_3_boxes_that_give_nothing_are_not_offered():
    """R13.3 / O38: the bedroom box is not offered for a one-gnome bedroom tile (0 VP), the
    crystal box not while the supply has no crystal."""
    state = three_turns_done(round_number=5, res={0: [0, 0, 0, 0, 8], 1: [0, 0, 0, 0, 8]})
    assert state.bedroom[state.current_player] == T1 and state.supply[CRYSTAL] == 0
    assert Reward.DOUBLE_BEDROOM not in boxes(state) and Reward.CRYSTAL not in boxes(state)
    assert {Reward.KEY, Reward.INVITE, Reward.VP_2} >= set(boxes(state)) >= {Reward.KEY, Reward.VP_2}


def test_r3_5_druid_turn_flag_cleared_at_the_bedroom():
    """R3.5 / R3.3: after the Druid turns the round-end decisions are not marked as a Druid
    turn in any observation."""
    from gnome_envs.mighty_gnomes.observation import LAYOUTS as OBS_LAYOUTS

    state = build(gnomes={0: ["druid"]})
    druid_flag = OBS_LAYOUTS[2].at["context"] + 2
    seen_druid = False
    while decision(state) != "reward":
        name = decision(state)
        if name == "druid_start":
            use(state, 4, Mode.COINS)
            seen_druid = True
        elif name == "turn_start":
            state.apply(legal(state, Family.TILE_MODE)[-1])
        else:
            state.apply(legal(state)[0])
    assert seen_druid
    assert all(state.observation(seat)[druid_flag] == 0.0 for seat in range(2))


def test_r13_4_first_player_claim():
    """R13.4: the claimant of the first-player box starts the next round; without a claim the
    first player stays."""
    state = three_turns_done()
    second = 1 - state.current_player
    claim(state, Reward.COINS_2)
    claim(state, Reward.FIRST_PLAYER)
    assert state.first_player == second and state.current_player == second
    state = three_turns_done()
    claim(state, Reward.COINS_2)
    claim(state, Reward.UPGRADE)
    if decision(state) == "upgrade":
        state.apply(legal(state)[0])
    assert state.first_player == 0 and state.current_player == 0


def _next_round(state) -> None:
    while state.round == 1 and not state.is_terminal():
        state.apply(legal(state)[0])


def test_r13_5_forest_refresh_two_players():
    """R13.5: the bottom glade flips and queues last; the first queued glade goes on top."""
    state = three_turns_done()
    assert state.glades == [0, 2, 4] and state.glade_aside == [6, 8]
    _next_round(state)
    assert state.glades == [2, 4, 6] and state.glade_aside == [8, 1]


def test_e9_four_players_the_flipped_glade_returns_on_top():
    """E9: with four players no glade waits aside, so the one just flipped goes on top."""
    state = build(4)
    finish_turns(state)
    assert state.glades == [0, 2, 4, 6, 8]
    _next_round(state)
    assert state.glades == [2, 4, 6, 8, 1] and state.glade_aside == []


def test_r13_6_attic_refresh_three_players():
    """R13.6: the bottom books leave for the set-aside place; the books slide down; the books set
    aside before fill the top rungs."""
    state = build(3)
    finish_turns(state)
    columns = [list(c) for c in state.columns]
    aside = list(state.book_aside)
    _next_round(state)
    assert [c[:6] for c in state.columns] == [c[1:] for c in columns]
    assert sorted([state.columns[0][6], state.columns[1][6]]) == sorted(aside)
    assert sorted(state.book_aside) == sorted([columns[0][0], columns[1][0]])


def test_r13_6_set_aside_books_fill_the_top_rungs_at_random():
    """R13.6: the two set-aside books go to the two top rungs in a random order: over seeds
    each book lands on the left column as well as on the right."""
    from gnome_envs.mighty_gnomes.flow import refresh

    left_tops = set()
    for seed in range(40):
        state = build(3, seed=seed)
        aside = list(state.book_aside)
        refresh(state)
        assert sorted([state.columns[0][-1], state.columns[1][-1]]) == sorted(aside)
        left_tops.add(aside.index(state.columns[0][-1]))
    assert left_tops == {0, 1}


def test_r13_7_attic_refresh_two_players_uses_the_display():
    """R13.7: the display books fill the top rungs; the two books taken out form the display."""
    state = build(display=["money", "hard_working"])
    state.display_used = [True, False]
    finish_turns(state)
    columns = [list(c) for c in state.columns]
    display = list(state.book_display)
    aside = list(state.book_aside)
    _next_round(state)
    assert sorted([state.columns[0][6], state.columns[1][6]]) == sorted(display)
    assert state.book_display == [columns[0][0], columns[1][0]]
    assert state.book_aside == aside and state.display_used == [False, False]


def test_r13_8_no_refresh_after_round_five():
    """R13.8: after the fifth round's rewards the game is over and nothing moved."""
    state = build(round_number=5, coins={0: 5, 1: 5})
    use(state, T2, Mode.GATHER)
    choose(state, Family.FOREST, 2, 0)
    finish_turns(state)
    glades = list(state.glades)
    claim(state, Reward.VP_2)
    claim(state, Reward.KEY)
    assert state.is_terminal() and state.glades == glades and state.forest_occ != 0
    assert state.legal_actions() == [] and state.current_player == -1


# ============================================================================ R14 end scoring
def test_r14_1_four_items_per_vp():
    """R14.1: coins, basic resources and keys together, 1 VP per four."""
    state = build(coins={0: 5}, res={0: [1, 1, 0, 0, 3]}, keys={0: 1})
    assert breakdown(state, 0)["items"] == (5 + 2 + 1) // 4 == 2
    # 3 coins + wood, sand, mushroom + 1 key = 7 items: 1 VP; the crystal is no item (R14.2)
    # and scores its own 1 VP, so 2 in all (counting it as an 8th item would make 3)
    state = build(coins={0: 3}, res={0: [1, 1, 1, 0, 1]}, keys={0: 1})
    assert breakdown(state, 0)["items"] == 7 // 4 == 1
    assert state.scores()[0] == 1 + 1


def test_r14_2_crystals_one_vp_each():
    """R14.2: each crystal 1 VP (crystals are not items)."""
    state = build(res={0: [0, 0, 0, 0, 3]}, coins={0: 0})
    assert breakdown(state, 0)["crystals"] == 3 and breakdown(state, 0)["items"] == 0
    assert state.scores()[0] == 3
    # 4 coins are 1 VP of items, 4 crystals 4 VP: 5 (with the crystals as items, 8 // 4 + 4 = 6)
    state = build(res={0: [0, 0, 0, 0, 4]}, coins={0: 4})
    assert breakdown(state, 0)["items"] == 1 and breakdown(state, 0)["crystals"] == 4
    assert state.scores()[0] == 1 + 4


def test_r14_3_every_seated_gnome_scores():
    """R14.3: the criteria add up (Robber 7 coins: 2, Keyholder 1 key: 2)."""
    state = build(mighty_gnomes=("robber", "keyholder", "farmer", "bandito", "knight"),
                  gnomes={0: ["robber", "keyholder"]}, coins={0: 7}, keys={0: 1})
    assert breakdown(state, 0)["gnomes"] == 2 + 2


def test_r14_4_animal_sets():
    """R14.4: the best split into sets of three kinds (5) and pairs (3)."""
    assert animal_points((1, 1, 1), 0) == 5
    assert animal_points((2, 0, 0), 0) == 3
    assert animal_points((2, 1, 1), 0) == 5
    assert animal_points((3, 1, 0), 0) == 3  # one pair; the odd animals score nothing
    assert animal_points((4, 1, 1), 0) == 8  # a set and a pair (or two pairs and nothing more)
    assert animal_points((2, 2, 2), 0) == 10
    assert animal_points((1, 1, 0), 1) == 5
    assert animal_points((0, 0, 0), 2) == 3


def test_e11_three_kinds_five_two_alike_three():
    """E11: a hedgehog, a rabbit and an owl score 5 more; two owls 3 more."""
    state = build(opened={0: ["hedgehog", "rabbit", "owl"], 1: ["owl", "owl"]})
    assert breakdown(state, 0)["animals"] == 5 and breakdown(state, 1)["animals"] == 3


def test_r14_5_tie_goes_to_the_furthest_on_the_trail():
    """R14.5: equal scores are split by the trail order, so nobody shares a place."""
    state = build(3, coins={0: 0, 1: 0, 2: 0}, trail={1: 2, 2: 2})
    assert list(state.scores()) == [0, 0, 0]
    assert state.placements() == (2, 1, 0)
    assert T1 == 0 and T3 == 2 and T4 == 3


def test_o44_audit_events_count_trail_icons_and_treasures():
    """O44: audit_events reports each trail VP icon reached in the game (from where the tokens
    stood at each round end) and each open treasure claimed; audit_tags the cards seated."""
    state = build(round_number=5, trail={0: 6, 1: 2}, gnomes={0: ["magic"]})
    state.treasure_claimed = [True, False, False]
    state.chest_bag.append(state.chest_display[0])
    state.chest_bag.sort()
    state.chest_display[0] = -1
    state.touch_public()
    finish_turns(state)
    while not state.is_terminal():
        state.apply(legal(state)[0])
    events = state.audit_events()
    assert state.trail_history[6] >= 1
    assert events["trail_vp_2_reached"] == events["trail_vp_4_reached"] == events["trail_vp_6_reached"] == 1.0
    assert events["trail_vp_8_reached"] == float(any(state.trail_history[8:]))
    assert events["chest_1_claimed"] == 1.0 and events["chest_2_claimed"] == float(state.treasure_claimed[1])
    assert state.audit_tags(0)["gnome:magic"] == "1" and state.audit_tags(1)["gnome:magic"] == "0"
    fresh_events = build().audit_events()
    assert fresh_events["trail_vp_2_reached"] == 0.0 and fresh_events["chest_1_claimed"] == 0.0


def test_o37_a_knight_invited_in_round_five_makes_its_owner_furthest():
    """O37: after round 5 every token is at the hut and the top of the stack is furthest, but a
    Knight invited as a round-5 reward moves its owner 2 steps: that player is then furthest,
    for the Knight's 4 VP and the tie-break."""
    state = build(2, round_number=5, turn_index=2, first_player=0, coins={0: 5, 1: 5},
                  res={1: [2, 1, 0, 0, 0]}, used_tiles={0: [0, 1], 1: [0, 1]},
                  mighty_gnomes=("magic", "alchemist", "robber", "knight", "druid"), trail={0: 3, 1: 1})
    use(state, 2, Mode.COINS)
    use(state, 2, Mode.COINS)
    assert decision(state) == "reward" and state.current_player == 0
    assert state.trail == [0, 0] and state.furthest() == 0  # seat 0 on top of the final stack
    boxes = ROUND_REWARDS[5]
    choose(state, Family.REWARD, boxes.index(Reward.VP_2))
    choose(state, Family.REWARD, boxes.index(Reward.INVITE))
    choose(state, Family.GNOME, state.gnome_types.index(GnomeType.KNIGHT))
    assert state.is_terminal() and state.trail == [0, 2]
    assert state.furthest() == 1 and gnome_points(state, 1, GnomeType.KNIGHT) == 4
