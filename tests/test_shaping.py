"""The shaped training reward and the prioritized opponent draw of ``training.train``."""

from __future__ import annotations

import numpy as np
import pytest

from gnome_envs import SingleAgentEnv
from gnome_envs.core.errors import ConfigError
from training.common import win_shares
from training.selfplay_pool import PRIORITY_FLOOR, OpponentMix
from training.shaping import LOSS_REWARD, ShapedReward, UnfinishedAsLoss, fade_weight, score_margin

ENV = "mighty_gnomes_v1"
LONG_FADE = 10**12  # the weight stays 1 to within 1e-9 over a game


def play_episode(env: ShapedReward, seed: int) -> tuple[float, dict]:
    """Random legal actions to the end; the summed reward and the last info."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    total, done, info = 0.0, False, {}
    while not done:
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        _obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
    return total, info


def test_fade_weight_and_margin() -> None:
    assert fade_weight(0, 100, 2.0) == 2.0 and fade_weight(50, 100, 2.0) == 1.0
    assert fade_weight(100, 100, 2.0) == 0.0 and fade_weight(5, 0, 2.0) == 0.0
    assert score_margin(np.array([10.0, 14.0, 7.0]), 0) == -4.0
    assert score_margin(np.array([10.0, 14.0, 7.0]), 1) == 4.0
    assert score_margin(np.array([9.0]), 0) == 9.0


@pytest.mark.parametrize("seat", [0, 1])
def test_shaped_reward_adds_up_to_win_loss_plus_final_margin(seat: int) -> None:
    core = SingleAgentEnv(ENV, opponents="scripted", seat=seat, num_players=2, reward="win_loss")
    env = ShapedReward(core, fade_steps=LONG_FADE)
    total, info = play_episode(env, seed=seat)
    scores = np.array(info["scores"])
    win_loss = {0: 1.0, 1: -1.0}[info["placements"][seat]] if len(set(info["placements"])) == 2 else 0.5
    margin = (scores[seat] - scores[1 - seat]) / core.game.score_scale
    assert total == pytest.approx(win_loss + margin, abs=1e-6)
    own_points = scores[seat] / core.game.score_scale  # what the 'score' reward would have paid
    assert abs(total - win_loss - own_points) > 0.1


def test_faded_shaping_pays_win_loss_only() -> None:
    core = SingleAgentEnv(ENV, opponents="random", seat=0, num_players=2, reward="win_loss")
    env = ShapedReward(core, fade_steps=10, n_envs=4)
    env.set_step_offset(8)  # 8 + 4 x 1 local steps: faded after the first step
    rng = np.random.default_rng(0)
    env.reset(seed=3)
    rewards = []
    done = False
    while not done:
        _obs, reward, terminated, truncated, _info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        rewards.append(reward)
        done = terminated or truncated
    assert env.current_weight() == 0.0
    assert all(r == 0.0 for r in rewards[1:-1]) and abs(rewards[-1]) in (0.5, 1.0)
    with pytest.raises(ConfigError):
        ShapedReward(core, fade_steps=-1)


def test_unfinished_as_loss_ends_a_stopped_game_as_a_loss() -> None:
    # the step cap stops the game after 3 learner decisions: a truncation, paying nothing
    capped = SingleAgentEnv(ENV, opponents="random", seat=0, num_players=2, reward="win_loss", max_steps=3)
    rng = np.random.default_rng(0)
    rewards, ends = [], []
    for env in (capped, UnfinishedAsLoss(SingleAgentEnv(ENV, opponents="random", seat=0, num_players=2,
                                                          reward="win_loss", max_steps=3))):
        env.reset(seed=5)
        done = False
        while not done:
            _obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
            done = terminated or truncated
        rewards.append(reward)
        ends.append((terminated, truncated, info["truncated_by"]))
    assert ends == [(False, True, "max_steps"), (True, False, "max_steps")]
    assert rewards == [0.0, LOSS_REWARD]


def test_unfinished_as_loss_leaves_a_finished_game_alone() -> None:
    env = UnfinishedAsLoss(SingleAgentEnv(ENV, opponents="scripted", seat=1, num_players=2, reward="win_loss"))
    total, info = play_episode(env, seed=2)
    assert "truncated_by" not in info and total in (-1.0, 0.5, 1.0)


def test_prioritized_draw_favours_the_kind_that_beats_the_learner() -> None:
    env = OpponentMix(SingleAgentEnv(ENV, num_players=2), ["random", "scripted"], None, pool_size=1,
                      seed=0, sampling="prioritized")
    assert np.allclose(env.kind_weights(), [0.5, 0.5])
    for share, kind in [(1.0, "random"), (0.0, "scripted")] * 200:
        env.drawn_kinds = [kind]
        env.record_result(share)
    weights = dict(zip(env.kinds, env.kind_weights()))
    assert weights["scripted"] > 0.9
    assert weights["random"] == pytest.approx(PRIORITY_FLOOR / (PRIORITY_FLOOR + 0.99), abs=0.01)
    draws = [env.reset(seed=i)[1]["opponents"][0] for i in range(60)]
    assert draws.count("scripted") > 45 and env.win_share["scripted"] < 0.05
    uniform = OpponentMix(SingleAgentEnv(ENV, num_players=2), ["random", "scripted"], None, pool_size=1, seed=0)
    uniform.win_share["scripted"] = 0.0
    assert np.allclose(uniform.kind_weights(), [0.5, 0.5])
    with pytest.raises(ConfigError):
        OpponentMix(SingleAgentEnv(ENV, num_players=2), ["random"], None, pool_size=1, seed=0, sampling="x")


def test_finished_games_update_the_win_share() -> None:
    env = OpponentMix(SingleAgentEnv(ENV, num_players=2), ["random"], None, pool_size=1, seed=1,
                      sampling="prioritized")
    rng = np.random.default_rng(1)
    env.reset(seed=1)
    done, info = False, {}
    while not done:
        _obs, _r, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        done = terminated or truncated
    won = win_shares(info["placements"])[info["learner_seat"]]
    assert env.win_share["random"] == pytest.approx(0.98 * 0.5 + 0.02 * won)
