"""RLlib integration (extra ``rllib``): the MultiAgentEnv, the masked module, training and the agent spec.

The training tests run real RLlib iterations with a tiny batch (tens of seconds each); they carry
the ``rllib_training`` mark (``-m "not rllib_training"`` leaves them out)."""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("ray", reason="Ray is not installed: pip install -e '.[rllib]' to run the RLlib tests")
torch = pytest.importorskip("torch", reason="torch is not installed (extra 'rllib')")

import agents  # noqa: E402
import gnome_envs  # noqa: E402
from gnome_envs import ConfigError, IllegalActionError  # noqa: E402
from gnome_envs.core.registry import get_spec, make_game  # noqa: E402
from gnome_envs.integrations.rllib import GnomeMultiAgentEnv, module_spec  # noqa: E402
from training import rllib_train  # noqa: E402

THREE = next(env_id for env_id in gnome_envs.ENV_IDS if 3 in get_spec(env_id).player_counts)
TINY = ["--train-batch-size", "256", "--minibatch-size", "128", "--epochs", "1", "--curve-games", "2",
        "--no-progress", "--json"]


def play_random(env: GnomeMultiAgentEnv, seed: int) -> tuple[list[str], tuple]:
    """A masked random game; returns the agents that observed, in order, and the last reply."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    seen = []
    while True:
        assert len(obs) == 1
        (agent, observation), = obs.items()
        seen.append(agent)
        assert observation["action_mask"].any()
        reply = env.step({agent: int(rng.choice(np.flatnonzero(observation["action_mask"])))})
        obs, rewards, terminated, truncated, infos = reply
        if terminated["__all__"] or truncated["__all__"]:
            return seen, reply


def test_inside_opponents_never_observe_and_every_learning_seat_is_paid():
    env = GnomeMultiAgentEnv({"env": THREE, "num_players": 3, "opponents": {1: "scripted"}, "seats": "fixed"})
    seen, (obs, rewards, terminated, truncated, infos) = play_random(env, seed=3)
    assert set(seen) == {"player_0", "player_2"}
    assert terminated["__all__"] and not truncated["__all__"]
    assert set(obs) == set(rewards) == {"player_0", "player_2"}
    assert all(not o["action_mask"].any() for o in obs.values())
    placements = infos["player_0"]["placements"]
    expected = env.game_state.returns()
    assert rewards == {agent: float(expected[int(agent[-1])]) for agent in obs}
    assert len(placements) == 3


def test_random_seats_rotate_the_inside_opponent():
    env = GnomeMultiAgentEnv({"env": THREE, "num_players": 3, "opponents": {0: "random"}})
    layouts = set()
    for seed in range(12):
        env.reset(seed=seed)
        layouts.add(tuple(env.agents))
    assert len(layouts) == 3
    fixed = GnomeMultiAgentEnv({"env": THREE, "num_players": 3, "opponents": {0: "random"}, "seats": "fixed"})
    for seed in range(4):
        fixed.reset(seed=seed)
        assert fixed.agents == ["player_1", "player_2"]


def test_a_seat_listing_several_opponents_draws_one_per_episode():
    """{1: [scripted, random]}: each episode seats one of them, drawn from the env's seeded stream."""
    config = {"env": THREE, "num_players": 3, "opponents": {1: ["scripted", "random"]}, "seats": "fixed"}
    env, again = GnomeMultiAgentEnv(config), GnomeMultiAgentEnv(config)
    drawn = []
    for seed in range(16):
        env.reset(seed=seed)
        again.reset(seed=seed)
        assert env.seat_policies[1] is env.inside_policies[1][0] or env.seat_policies[1] is env.inside_policies[1][1]
        drawn.append(env.inside_policies[1].index(env.seat_policies[1]))
        assert drawn[-1] == again.inside_policies[1].index(again.seat_policies[1])
    assert set(drawn) == {0, 1}


def test_same_seed_same_game():
    config = {"env": THREE, "num_players": 3, "opponents": {2: "random"}}
    first, second = GnomeMultiAgentEnv(config), GnomeMultiAgentEnv(config)
    assert play_random(first, 11)[0] == play_random(second, 11)[0]
    assert np.array_equal(first.game_state.scores(), second.game_state.scores())


def test_illegal_action_terminates_by_default_and_raises_when_asked():
    env = GnomeMultiAgentEnv({"env": THREE, "num_players": 2})
    obs, _ = env.reset(seed=0)
    (agent, observation), = obs.items()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    obs, rewards, terminated, _, infos = env.step({agent: illegal})
    assert terminated["__all__"] and rewards[agent] == -1.0 and infos[agent]["illegal_action"] == agent
    strict = GnomeMultiAgentEnv({"env": THREE, "num_players": 2, "illegal_action": "raise"})
    obs, _ = strict.reset(seed=0)
    with pytest.raises(IllegalActionError):
        strict.step({agent: illegal})
    with pytest.raises(ConfigError, match="no action"):
        strict.step({})


def test_max_steps_truncates_without_paying_a_win():
    env = GnomeMultiAgentEnv({"env": THREE, "num_players": 2, "max_steps": 5})
    seen, (obs, rewards, terminated, truncated, infos) = play_random(env, seed=1)
    assert len(seen) == 5 and truncated["__all__"] and not terminated["__all__"]
    assert set(rewards.values()) == {0.0} and infos["player_0"]["truncated_by"] == "max_steps"


def test_masked_module_samples_only_legal_actions_with_finite_entropy():
    env = GnomeMultiAgentEnv({"env": THREE, "num_players": 2})
    space = env.observation_spaces["player_0"]
    spec = module_spec(hidden=(32,))
    spec.observation_space, spec.action_space = space, env.action_spaces["player_0"]
    module = spec.build()
    mask = np.zeros((64, space["action_mask"].shape[0]), dtype=np.int8)
    rng = np.random.default_rng(0)
    for row in mask:
        row[rng.choice(row.size, size=3, replace=False)] = 1
    batch = {"obs": {"observation": torch.rand(64, space["observation"].shape[0]),
                     "action_mask": torch.as_tensor(mask)}}
    logits = module.forward_exploration(batch)["action_dist_inputs"]
    distribution = torch.distributions.Categorical(logits=logits)
    actions = distribution.sample((20,)).numpy()
    assert all(mask[i, actions[:, i]].all() for i in range(64))
    assert torch.isfinite(distribution.entropy()).all()
    assert module.compute_values(batch).shape == (64,)


@pytest.mark.rllib_training
def test_one_iteration_checkpoint_resume_and_evaluate(tmp_path, capsys):
    out = tmp_path / "run"
    args = ["--env", THREE, "--players", "2", "--iterations", "1", "--num-env-runners", "0", "--out", str(out)]
    assert rllib_train.main(args + TINY) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["iterations"][0]["iteration"] == 1 and report["throughput"]["env_steps"] >= 256
    assert (out / "checkpoint").is_dir() and (out / "learning_curve.png").stat().st_size > 0
    assert rllib_train.main(args + TINY + ["--resume"]) == 0
    resumed = json.loads(capsys.readouterr().out)
    assert [row["iteration"] for row in resumed["iterations"]] == [1, 2]
    assert [point["iteration"] for point in resumed["eval_curve"]] == [1, 2]
    assert set(resumed["eval_curve"][-1]["results"]) == {"random", "scripted"}
    assert resumed["eval_curve"][-1]["results"]["random"]["games"] == 2
    agent = agents.make(f"rllib:path={out}:deterministic=true", THREE)
    state = make_game(THREE, num_players=2).new_state(0)
    action = agent.act(state, state.current_player, np.random.default_rng(0))
    assert state.legal_action_mask()[action] == 1
    from training import evaluate

    assert evaluate.main(["--env", THREE, "--players", "2", "--agents", f"rllib:path={out},random",
                          "--games", "2", "--json", "--no-progress"]) == 0
    rated = json.loads(capsys.readouterr().out)
    assert f"rllib:path={out}" in json.dumps(rated)
    with pytest.raises(ConfigError, match="no module"):
        agents.make(f"rllib:path={out}:module=learner", THREE)
    with pytest.raises(ConfigError, match="not an RLlib checkpoint"):
        agents.make(f"rllib:path={tmp_path / 'missing'}", THREE)


@pytest.mark.rllib_training
def test_two_local_env_runners_with_snapshot_pool(tmp_path, capsys):
    out = tmp_path / "pool"
    args = ["--env", THREE, "--players", "3", "--opponents", "2=random", "--iterations", "1",
            "--num-env-runners", "2", "--policy", "snapshots", "--pool-size", "2", "--out", str(out)]
    assert rllib_train.main(args + TINY) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["num_env_runners"] == 2 and report["trained_module"] == "learner"
    assert report["throughput"]["env_steps"] >= 256
    saved = out / "checkpoint" / "learner_group" / "learner" / "rl_module"
    assert sorted(p.name for p in saved.iterdir() if p.is_dir()) == ["learner", "snapshot_0", "snapshot_1"]
