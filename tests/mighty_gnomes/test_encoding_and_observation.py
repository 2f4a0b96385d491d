"""The action encoding, the observation layout and hidden information (``seeds/mighty_gnomes.md``,
"Decisions and encoding")."""

from __future__ import annotations

import numpy as np
import pytest

from gnome_envs.mighty_gnomes.actions import LAYOUTS, Decoded, Family
from gnome_envs.mighty_gnomes.observation import LAYOUTS as OBS_LAYOUTS
from gnome_envs.mighty_gnomes.observation import PLAYER_FEATURES

from .helpers import (
    T1,
    Mode,
    build,
    choose,
    decision,
    fresh,
    legal,
    random_play,
    use,
)


@pytest.mark.parametrize("n, size", [(2, 305), (3, 353), (4, 401)])
def test_action_layout_sizes_and_round_trip(n, size):
    """Every flat index decodes to a family and arguments that encode back to it."""
    layout = LAYOUTS[n]
    assert layout.num_actions == size
    for action in range(size):
        d = layout.decode(action)
        assert isinstance(d, Decoded)
        assert layout.encode(d.family, d.arg, d.arg2) == action
    assert [layout.offset[f] for f in Family] == sorted(layout.offset.values())


def test_describe_every_action_in_every_decision():
    """describe_action gives text for every index, legal or not, whatever is pending."""
    seen = set()

    def describe(s):
        if s.pending.kind not in seen:
            seen.add(s.pending.kind)
            texts = [s.describe_action(a) for a in range(s.game.num_actions)]
            assert all(isinstance(t, str) and t for t in texts)
        return False

    for seed in (11, 12, 13):
        state = fresh(2, seed=seed)
        random_play(state, seed=seed, until=describe)
        assert "GAME OVER" in state.render_text()
    assert len(seen) >= 8


def test_observation_layout_and_range():
    """Observations have the layout's size, lie in [0, 1] and are seat-relative."""
    state = build(3, coins={0: 9, 1: 3, 2: 6})
    layout = OBS_LAYOUTS[3]
    players = layout.at["players"]
    for seat in range(3):
        obs = state.observation(seat)
        assert obs.shape == (layout.size,) and obs.dtype == np.float32
        assert obs.min() >= 0.0 and obs.max() <= 1.0
        own_coins = obs[players]  # block 0 is the observer
        assert own_coins == pytest.approx(state.coins[seat] / (state.coins[seat] + 20.0))
        other = state.coins[(seat + 1) % 3]
        assert obs[players + PLAYER_FEATURES] == pytest.approx(other / (other + 20.0))
    assert state.state_vector().size == state.game.state_size


def test_closed_chests_are_hidden_from_other_seats():
    """A face-down chest is in its owner's observation only; swapping it changes nobody else's."""
    state = build(closed={0: ["owl"]})
    other = build(closed={0: ["trophy"]})
    assert np.array_equal(state.observation(1), other.observation(1))
    assert not np.array_equal(state.observation(0), other.observation(0))


def test_drawn_chests_visible_only_to_the_drawer():
    """The two drawn chests show in the drawer's observation and nowhere else."""
    state = build()
    use(state, T1, Mode.GATHER)
    choose(state, Family.FOREST, 1, 0)  # a chest icon
    assert decision(state) == "keep_chest"
    at = OBS_LAYOUTS[2].at["drawn"]
    assert state.observation(0)[at:at + 26].sum() == 2
    assert state.observation(1)[at:at + 26].sum() == 0


def test_determinize_redeals_only_what_the_seat_cannot_see():
    """determinize(seat) keeps the seat's own chests and observation, redeals the other vaults
    and the bag, and keeps the drawn chests only for their drawer."""
    state = build(closed={0: ["owl", "trophy"], 1: ["frog", "gem", "timber"]})
    use(state, T1, Mode.GATHER)
    choose(state, Family.FOREST, 1, 0)
    drawn = list(state.drawn)
    changed_vault = changed_drawn = False
    for k in range(20):
        det = state.determinize(0, np.random.default_rng(k))
        assert det.closed[0] == state.closed[0] and det.drawn == drawn
        assert np.array_equal(det.observation(0), state.observation(0))
        assert len(det.closed[1]) == 3
        changed_vault |= det.closed[1] != state.closed[1]
        det.check_invariants()
        det1 = state.determinize(1, np.random.default_rng(k))
        assert det1.closed[1] == state.closed[1]
        assert np.array_equal(det1.observation(1), state.observation(1))
        changed_drawn |= det1.drawn != drawn
        det1.check_invariants()
    assert changed_vault and changed_drawn
    assert legal(state)  # the original is untouched and still deciding


def test_keep_chest_description_hides_the_drawn_chests_from_onlookers():
    """While a seat chooses between two drawn chests, another seat's text for the keep actions
    is the same whatever was drawn and names no chest; the drawer's own text (and the
    full-information text) names the chest kept and the one returned."""
    from gnome_envs.mighty_gnomes.components import ChestKind

    state = build()
    use(state, T1, Mode.GATHER)
    choose(state, Family.FOREST, 1, 0)  # a chest icon
    assert decision(state) == "keep_chest"
    other = state.clone()
    swap = next(k for k in other.chest_bag if k not in other.drawn)
    other.chest_bag.remove(swap)
    other.chest_bag.append(other.drawn[0])
    other.chest_bag.sort()
    other.drawn[0] = swap
    other.check_invariants()
    names = {ChestKind(k).name.lower().replace("_", " ") for k in state.drawn + other.drawn}
    drawer, onlooker = state.current_player, 1 - state.current_player
    for action in legal(state):
        text = state.describe_action(action, viewer=onlooker)
        assert text == other.describe_action(action, viewer=onlooker)
        assert not any(name in text for name in names), text
    first, second = (ChestKind(k).name.lower().replace("_", " ") for k in state.drawn)
    expected = {f"keep the first drawn chest ({first}) face down, return the other ({second})",
                f"keep the second drawn chest ({second}) face down, return the other ({first})"}
    assert {state.describe_action(a, viewer=drawer) for a in legal(state)} == expected
    assert {state.describe_action(a) for a in legal(state)} == expected


# ---------------------------------------------------------------------------- public facts (issue 14 §2)
def _differ_for_every_seat(a, b) -> bool:
    return all(not np.array_equal(a.observation(s), b.observation(s)) for s in range(a.game.num_players))


def test_observation_tells_forest_tiles_apart():
    """R4.3: the neighbour fee is per tile touched. Seat 1 covering cells 8, 9, 14 with its 2- and
    1-gnome tiles, or with its 3-gnome tile (every other fact equal: the same tiles used), costs
    seat 0 two coins or one to lay beside both at cell 15; the observations differ."""
    two = build(coins={0: 1}, used_tiles={1: [0, 1, 2]}, forest=[(1, 1, 8, 0), (1, 0, 14, 0)])
    one = build(coins={0: 1}, used_tiles={1: [0, 1, 2]}, forest=[(1, 2, 8, 0)])
    assert two.forest_owner == one.forest_owner
    assert _differ_for_every_seat(two, one)
    use(two, T1, Mode.GATHER)
    use(one, T1, Mode.GATHER)
    cell_15 = LAYOUTS[2].forest(15, 0)
    assert cell_15 not in legal(two) and cell_15 in legal(one)  # 2 coins needed vs 1


def test_observation_shows_who_claimed_the_first_player_box():
    """R13.4: during the round-end claims, who took the first-player box (and so starts the next
    round) is public: two positions that differ only in the claimant observe differently."""
    from gnome_envs.mighty_gnomes.components import ROUND_REWARDS, Reward

    state = build(3)
    while decision(state) != "reward":
        state.apply(legal(state, Family.TILE_MODE)[-1] if decision(state) == "turn_start" else legal(state)[0])
    box = ROUND_REWARDS[state.round].index(Reward.FIRST_PLAYER)
    a, b = state.clone(), state.clone()
    a.rewards_claimed[box] = b.rewards_claimed[box] = True
    a.first_claimed, b.first_claimed = 1, 2
    a.touch_public()
    b.touch_public()
    assert _differ_for_every_seat(a, b)
    assert a.first_claimed != b.first_claimed


def test_observation_counts_unused_copies_of_magic_alchemist_and_druid():
    """O31: with two Magic, two Alchemist or two Druid cards, one used this round and one still
    free is a different position from both free (one trade / Druid turn left, or two)."""
    both = build(3, mighty_gnomes=("magic", "alchemist", "druid", "robber", "knight"),
                 gnomes={0: ["magic", "magic"], 1: ["alchemist", "alchemist"], 2: ["druid", "druid"]})
    for seat, card in ((0, 0), (1, 0)):
        one_used = both.clone()
        one_used.gnome_used[seat][card] = True
        one_used.touch(seat)
        assert _differ_for_every_seat(both, one_used)
        all_used = one_used.clone()
        all_used.gnome_used[seat][1] = True
        all_used.touch(seat)
        assert _differ_for_every_seat(one_used, all_used)
    druid_used = both.clone()
    druid_used.druid_used[2] = 1
    druid_used.touch(2)
    assert both.druid_tiles[2] == 2
    assert _differ_for_every_seat(both, druid_used)
