"""AEC rewards and truncation: what ``env.last()`` and ``env.rewards`` report, step by step.

For each reward mode (``win_loss``, ``rank``, ``score``) full random AEC games check the rewards
owed to each agent, terminations at the end and the totals against the engine's returns or
score gains; ``max_steps`` truncates every agent and the env starts over after a reset.
"""

from __future__ import annotations

import numpy as np
import pytest

from gnome_envs import GameOverError

from .helpers import (
    MAX_STEPS_LIMIT,
    REWARD_GAMES,
    aec_random_action,
    expected_rank_returns,
    expected_win_loss,
)

# ============================================================================ AEC rewards


@pytest.mark.parametrize("reward", ["win_loss", "rank", "score"])
def test_aec_rewards(case, reward):
    n = case.num_players
    for seed in case.seeds(f"rewards-{reward}", REWARD_GAMES):
        rng = np.random.default_rng(seed)
        env = case.make_env(reward=reward)
        env.reset(seed=seed)
        state = env.unwrapped.game_state
        agents = list(env.possible_agents)
        seat_of = {agent: seat for seat, agent in enumerate(agents)}
        pending = dict.fromkeys(agents, 0.0)  # rewards owed to each agent since it last acted
        totals = np.zeros(n)
        initial_scores = np.asarray(state.scores(), dtype=np.float64)[:n].copy()
        ended = False
        visited_after_end: list[str] = []
        step = 0
        for agent in env.agent_iter():
            where = case.where(seed, step, agent=agent, reward=reward)
            _, last_reward, terminated, truncated, _ = env.last()
            assert last_reward == pytest.approx(pending[agent]), (
                f"{where}: last() reward {last_reward}, expected {pending[agent]}"
            )
            assert env._cumulative_rewards[agent] == pytest.approx(pending[agent])
            assert not truncated
            if ended:
                assert terminated, f"{where}: game over but {agent} not terminated"
                visited_after_end.append(agent)
                env.step(None)
                continue
            assert not terminated, f"{where}: terminated before the game ended"
            for other in env.agents:
                if other != agent:
                    assert not env.observe(other)["action_mask"].any(), (
                        f"{where}: {other} has a non-zero mask while {agent} is selected"
                    )
            action = aec_random_action(env, rng)
            scores_before = np.asarray(state.scores(), dtype=np.float64)[:n].copy()
            env.step(action)
            step += 1
            pending[agent] = 0.0
            assert set(env.rewards) == set(agents), f"{where}: rewards keys {set(env.rewards)}"
            for other, value in env.rewards.items():
                pending[other] += value
                totals[seat_of[other]] += value
            got = np.array([env.rewards[a] for a in agents])
            if state.is_terminal():
                ended = True
                assert all(env.terminations[a] for a in agents), (
                    f"{where}: the step that ended the game did not terminate everyone: {env.terminations}"
                )
                assert not any(env.truncations.values())
            else:
                assert not any(env.terminations.values()), f"{where}: terminations before the end"
            if reward == "score":
                scale = case.game.score_scale
                gain = (np.asarray(state.scores(), dtype=np.float64)[:n] - scores_before) / scale
                np.testing.assert_allclose(got, gain, err_msg=f"{where}: score reward is not the scaled gain")
            elif state.is_terminal():
                expected = (expected_win_loss if reward == "win_loss" else expected_rank_returns)(
                    tuple(state.placements())
                )
                np.testing.assert_allclose(got, expected, err_msg=f"{where}: terminal rewards")
            else:
                assert not got.any(), f"{where}: non-zero {reward} reward {got} before the end"
        assert ended, f"{case.where(seed)}: agent_iter stopped before the game ended"
        assert sorted(visited_after_end) == sorted(agents), (
            f"{case.where(seed)}: after the end agent_iter visited {visited_after_end}, expected each agent once"
        )
        assert env.agents == []
        if reward == "score":
            final = np.asarray(state.scores(), dtype=np.float64)[:n]
            # summed step rewards: float rounding of +x-x pairs may leave ~1e-17 where the gain is 0
            np.testing.assert_allclose(totals, (final - initial_scores) / case.game.score_scale, atol=1e-9)
        elif reward == "win_loss":
            np.testing.assert_allclose(totals, state.returns())
        else:
            np.testing.assert_allclose(totals, state.rank_returns())


def test_max_steps_truncates(case):
    seed = case.seeds("max-steps", 1)[0]
    rng = np.random.default_rng(seed)
    env = case.make_env(max_steps=MAX_STEPS_LIMIT)
    for _ in range(2):  # and again after a reset
        env.reset(seed=seed)
        for step in range(MAX_STEPS_LIMIT):
            where = case.where(seed, step)
            assert not any(env.truncations.values()), f"{where}: truncated before max_steps"
            assert not any(env.terminations.values()), f"{where}: game ended before max_steps (lower it)"
            env.step(aec_random_action(env, rng))
        where = case.where(seed, MAX_STEPS_LIMIT)
        assert not env.unwrapped.game_state.is_terminal()
        assert set(env.truncations) == set(env.possible_agents)
        assert all(env.truncations.values()), f"{where}: not all truncated: {env.truncations}"
        assert not any(env.terminations.values()), f"{where}: truncation set terminations: {env.terminations}"
        seen = []
        for agent in env.agent_iter():
            _, _, terminated, truncated, _ = env.last()
            assert truncated and not terminated, f"{where}: {agent} last() after truncation"
            seen.append(agent)
            env.step(None)
        assert sorted(seen) == sorted(env.possible_agents) and env.agents == []
        with pytest.raises(GameOverError):
            env.step(None)
