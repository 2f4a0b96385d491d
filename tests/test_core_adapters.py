"""The single-agent gymnasium adapter (``gnome_envs.SingleAgentEnv``) over every env and config.

Tests take the ``case`` fixture of ``tests/conftest.py``: one case per (env_id, variant config).
The env is built as researchers build it, ``gymnasium.make(spec.gym_id, opponents="random",
num_players=n, **variant)`` after ``import gnome_envs``. Seeds are fixed per case and test;
failure messages name the case, seed and step.
"""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium import spaces
from gymnasium.utils.env_checker import check_env

import gnome_envs
from gnome_envs import ConfigError, GameOverError, IllegalActionError
from gnome_envs.core.registry import get_spec

EPISODES = 12  # random-learner episodes per config (seat drawn at random)
REWARD_MODE_EPISODES = 2  # episodes per config for the "rank" and "score" reward modes
SEAT_SEEDS = 2  # resets per fixed seat
SAME_SEED_EPISODES = 2  # episodes played twice with the same seed
ILLEGAL_POINTS = 3  # points per config probed with illegal learner actions
PPO_TIMESTEPS = 256  # MaskablePPO smoke test


def make_single(case, **kwargs: Any) -> gymnasium.Env:
    """``gymnasium.make`` of the case's single-agent env with random opponents."""
    kwargs.setdefault("opponents", "random")
    kwargs.setdefault("illegal_action", "raise")  # the gymnasium ids default to "terminate"
    return gymnasium.make(case.spec.gym_id, **case.config, **kwargs)


def action_masks(env: gymnasium.Env) -> np.ndarray:
    """The learner's mask as sb3-contrib reads it through gymnasium's wrappers."""
    return env.get_wrapper_attr("action_masks")()


def comparable(info: dict[str, Any]) -> dict[str, Any]:
    """``info`` with arrays as lists, so that two infos compare with ==."""
    return {key: value.tolist() if isinstance(value, np.ndarray) else value for key, value in info.items()}


def learner_action(env: gymnasium.Env, rng: np.random.Generator) -> int:
    """A uniformly random legal learner action, read from ``action_masks()``."""
    legal = np.flatnonzero(action_masks(env))
    assert legal.size, "action_masks() is all False while the learner must act"
    return int(legal[rng.integers(legal.size)])


def test_gymnasium_make_exposes_action_masks(case):
    env = make_single(case)
    assert isinstance(env.unwrapped, gnome_envs.SingleAgentEnv)
    assert callable(env.get_wrapper_attr("action_masks")), "action_masks() must be reachable through the wrappers"
    assert env.spec.max_episode_steps == case.spec.max_steps
    game = case.game
    assert env.action_space == spaces.Discrete(game.num_actions)
    assert isinstance(env.observation_space, spaces.Box)
    assert env.observation_space.shape == (game.observation_size,)
    assert env.observation_space.dtype == np.float32
    seed = case.seeds("make", 1)[0]
    obs, info = env.reset(seed=seed)
    case.check_observation(obs, case.where(seed, 0))
    assert env.observation_space.contains(obs)
    mask = action_masks(env)
    assert isinstance(mask, np.ndarray) and mask.dtype == np.bool_ and mask.shape == (game.num_actions,)
    state = env.unwrapped.game_state
    assert np.array_equal(mask, state.legal_action_mask().astype(bool))
    assert mask.any()
    assert state.current_player == info["learner_seat"]
    assert np.array_equal(obs, state.observation(info["learner_seat"]))


def test_random_learner_episodes(case):
    env = make_single(case)
    n = case.num_players
    ended_by = {"learner": 0, "opponent": 0}
    seats = set()
    for seed in case.seeds("episodes", EPISODES):
        rng = np.random.default_rng(seed)
        obs, info = env.reset(seed=seed)
        learner = info["learner_seat"]
        assert isinstance(learner, int) and 0 <= learner < n, f"{case.where(seed)}: learner_seat {learner!r}"
        seats.add(learner)
        state = env.unwrapped.game_state
        assert np.array_equal(obs, state.observation(learner))
        step = 0
        while True:
            where = case.where(seed, step, learner=learner)
            assert state.current_player == learner, f"{where}: learner asked to act out of its turn"
            mask = action_masks(env)
            assert np.array_equal(mask, state.legal_action_mask().astype(bool)), f"{where}: action_masks()"
            assert info["action_mask"].dtype == np.int8 and np.array_equal(info["action_mask"], mask), (
                f"{where}: info['action_mask'] differs from action_masks()")
            action = learner_action(env, rng)
            probe = state.clone()
            probe.apply(action)
            learner_ends = probe.is_terminal()
            obs, reward, terminated, truncated, info = env.step(action)
            step += 1
            assert info["learner_seat"] == learner, f"{where}: info {info}"
            case.check_observation(obs, where)
            assert np.array_equal(obs, state.observation(learner))
            assert not truncated, f"{where}: truncated without max_steps"
            assert terminated == state.is_terminal()
            if terminated:
                expected = float(state.returns()[learner])
                assert reward == pytest.approx(expected), (
                    f"{where}: terminal reward {reward}, expected returns()[{learner}] = {expected} "
                    f"(game ended by the {'learner' if learner_ends else 'opponents'})"
                )
                assert info["scores"] == state.scores().tolist()
                assert info["placements"] == list(state.placements())
                assert not action_masks(env).any(), f"{where}: mask not empty after the end"
                assert not info["action_mask"].any(), f"{where}: info mask not empty after the end"
                ended_by["learner" if learner_ends else "opponent"] += 1
                break
            assert reward == 0.0, f"{where}: non-terminal win_loss reward {reward}"
    if n == 1:  # a lone seat: no opponent moves, always seat 0
        assert ended_by["opponent"] == 0 and seats == {0}, f"{case.id}: {ended_by}, seats {seats}"
        return
    assert ended_by["opponent"] > 0, (
        f"{case.id}: no episode in {EPISODES} ended on an opponent's move ({ended_by}); raise EPISODES"
    )
    assert len(seats) > 1, f"{case.id}: seat='random' gave seat {seats} in all {EPISODES} episodes"


@pytest.mark.parametrize("reward", ["rank", "score"])
def test_reward_modes(case, reward):
    env = make_single(case, reward=reward)
    for seed in case.seeds(f"reward-{reward}", REWARD_MODE_EPISODES):
        rng = np.random.default_rng(seed)
        _, info = env.reset(seed=seed)
        learner = info["learner_seat"]
        state = env.unwrapped.game_state
        total = 0.0
        start = float(state.scores()[learner])
        terminated = False
        step = 0
        while not terminated:
            before = float(state.scores()[learner])
            _, value, terminated, _, _ = env.step(learner_action(env, rng))
            step += 1
            total += value
            where = case.where(seed, step, reward=reward)
            if reward == "score":
                gain = (float(state.scores()[learner]) - before) / case.game.score_scale
                assert value == pytest.approx(gain), f"{where}: score reward {value}, expected {gain}"
            elif terminated:
                assert value == pytest.approx(float(state.rank_returns()[learner])), where
            else:
                assert value == 0.0, where
        if reward == "score":
            final = float(state.scores()[learner])
            assert total == pytest.approx((final - start) / case.game.score_scale)


def test_seat_fixes_the_learner_seat(case):
    for seat in range(case.num_players):
        env = make_single(case, seat=seat)
        for seed in case.seeds(f"seat-{seat}", SEAT_SEEDS):
            rng = np.random.default_rng(seed)
            obs, info = env.reset(seed=seed)
            assert info["learner_seat"] == seat, f"{case.where(seed)}: seat={seat} gave {info}"
            state = env.unwrapped.game_state
            assert state.current_player == seat
            assert np.array_equal(obs, state.observation(seat))
            _, _, terminated, _, info = env.step(learner_action(env, rng))
            assert info["learner_seat"] == seat
            assert terminated or state.current_player == seat
    for bad in (case.num_players, -1, "first", True, 1.0):
        with pytest.raises(ConfigError, match="seat"):
            make_single(case, seat=bad)


def test_same_seed_same_episode(case):
    first, second = make_single(case), make_single(case)
    for seed in case.seeds("same-seed", SAME_SEED_EPISODES):
        runs = []
        for env in (first, second, first):  # two envs, and the same env again
            rng = np.random.default_rng(seed)
            obs, info = env.reset(seed=seed)
            trace = [(obs.copy(), comparable(info), env.unwrapped.game_state.state_hash())]
            terminated = False
            while not terminated:
                obs, reward, terminated, truncated, info = env.step(learner_action(env, rng))
                trace.append((obs.copy(), reward, terminated, truncated, comparable(info),
                              env.unwrapped.game_state.state_hash()))
            runs.append(trace)
        for label, other in (("second env", runs[1]), ("same env again", runs[2])):
            assert len(other) == len(runs[0]), f"{case.where(seed)} {label}: episode length differs"
            for step, (mine, theirs) in enumerate(zip(runs[0], other, strict=True)):
                assert np.array_equal(mine[0], theirs[0]), f"{case.where(seed, step)} {label}: observation differs"
                assert mine[1:] == theirs[1:], f"{case.where(seed, step)} {label}: {mine[1:]} != {theirs[1:]}"


def test_illegal_learner_action_changes_nothing(case):
    env = make_single(case)
    for seed in case.seeds("illegal", ILLEGAL_POINTS):
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        for _ in range(int(rng.integers(0, 40))):
            _, _, terminated, _, _ = env.step(learner_action(env, rng))
            if terminated:
                env.reset(seed=seed)
        unwrapped = env.unwrapped
        state = unwrapped.game_state
        mask = action_masks(env)
        before = (state.state_hash(), mask.copy(), unwrapped.num_steps, unwrapped.learner_seat,
                  state.observation(unwrapped.learner_seat).copy())
        illegal = np.flatnonzero(~mask)
        for action in (int(illegal[rng.integers(illegal.size)]), case.game.num_actions, -1,
                       float(np.flatnonzero(mask)[0]), None):
            where = case.where(seed, unwrapped.num_steps, action=action)
            with pytest.raises(IllegalActionError):
                env.step(action)
            after = (state.state_hash(), action_masks(env), unwrapped.num_steps, unwrapped.learner_seat,
                     state.observation(unwrapped.learner_seat))
            assert after[0] == before[0], f"{where}: state hash changed"
            assert np.array_equal(after[1], before[1]), f"{where}: mask changed"
            assert after[2:4] == before[2:4], f"{where}: step count or learner seat changed"
            assert np.array_equal(after[4], before[4]), f"{where}: observation changed"
        env.step(learner_action(env, rng))  # still playable


def test_step_after_end_raises(case):
    env = make_single(case)
    seed = case.seeds("after-end", 1)[0]
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    terminated = False
    while not terminated:
        _, _, terminated, _, _ = env.step(learner_action(env, rng))
    final = env.unwrapped.game_state.state_hash()
    for action in (0, None):
        with pytest.raises(GameOverError):
            env.step(action)
    assert env.unwrapped.game_state.state_hash() == final
    _, info = env.reset(seed=seed)  # and a new episode starts
    assert action_masks(env).any() and "learner_seat" in info


def test_gymnasium_check_env(case):
    """gymnasium's checker steps with unmasked samples: the terminate mode accepts any action."""
    env = make_single(case, illegal_action="terminate")
    env.unwrapped.action_space.seed(0)  # check_env samples actions from it: keep the run reproducible
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        try:
            check_env(env.unwrapped)
        except gnome_envs.GnomeEnvsError as err:
            pytest.fail(f"{case.id}: check_env failed with {type(err).__name__}: {err}")


def test_illegal_learner_action_terminates_when_asked(case):
    """illegal_action="terminate": reward -1, the episode ends, the game state is unchanged."""
    env = make_single(case, illegal_action="terminate")
    env.reset(seed=3)
    state = env.unwrapped.game_state
    before = state.state_hash()
    illegal = int(np.flatnonzero(action_masks(env) == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info.get("illegal_action")) == (-1.0, True, False, True)
    assert state.state_hash() == before and not action_masks(env).any()
    with pytest.raises(GameOverError):
        env.step(int(np.flatnonzero(state.legal_action_mask())[0]))


def test_bad_single_agent_options(case):
    with pytest.raises(ConfigError, match="no_such_agent"):
        make_single(case, opponents="no_such_agent")
    with pytest.raises(ConfigError, match="opponent"):
        make_single(case, opponents=["random"] * case.num_players)  # one too many
    with pytest.raises(ConfigError, match="reward"):
        make_single(case, reward="points")


@pytest.mark.parametrize("env_id", gnome_envs.ENV_IDS)
def test_maskable_ppo_smoke(env_id):
    import torch  # the "train" extra (sb3-contrib, torch) must be installed to run the suite
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(1)
    config = get_spec(env_id).variant_configs()[0]
    venv = DummyVecEnv([lambda: gnome_envs.SingleAgentEnv(env_id, opponents="random", **config)])
    venv.seed(0)
    model = MaskablePPO(
        "MlpPolicy", venv, n_steps=64, batch_size=32, n_epochs=1, seed=0, device="cpu",
        policy_kwargs={"net_arch": [32]},
    )
    model.learn(total_timesteps=PPO_TIMESTEPS)
    assert model.num_timesteps >= PPO_TIMESTEPS
    obs = venv.reset()
    masks = get_action_masks(venv)
    action, _ = model.predict(obs, action_masks=masks, deterministic=True)
    assert masks[0][int(action[0])], "MaskablePPO predicted a masked-out action"
