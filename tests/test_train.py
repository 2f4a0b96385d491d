"""Smoke tests of the checkpoint agent, the self-play pool and the training job's options."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import agents
import gnome_envs
from agents.base import choose_action
from agents.checkpoint import CheckpointAgent, clear_cache, load_model
from gnome_envs import SingleAgentEnv
from gnome_envs.core.errors import ConfigError
from training import train, train_hparams
from training.selfplay_pool import (
    OpponentMix,
    SnapshotPool,
    list_snapshots,
    pick_snapshot,
    snapshot_name,
)
from training.train_callbacks import EpisodeLog
from training.train_hparams import LinearDecay

ENV = "gnome_village_v1"
TINY = "256"
QUIET = ["--json", "--no-progress"]
NO_EXTRAS = ["--eval-games", "0", "--eval-every", "0", "--checkpoint-every", "0"]
MAX_GAME_DECISIONS = 5000


def train_json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, Any]:
    """Run ``training.train`` and return its JSON report."""
    assert train.main([*argv, *QUIET]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 256-step gnome_village_v1 2-player model (trained once per module)."""
    out = tmp_path_factory.mktemp("tiny")
    assert train.main(["--env", ENV, "--timesteps", TINY, "--n-steps", TINY, "--batch-size", "64",
                       "--out", str(out), *NO_EXTRAS, *QUIET]) == 0
    return out / train.MODEL_FILE


def play_game(policy: Any, players: int, seed: int) -> list[int]:
    """Actions of one game in which ``policy`` plays every seat."""
    state = gnome_envs.make(ENV, num_players=players).unwrapped.game.new_state(seed)
    rng = np.random.default_rng(seed)
    actions: list[int] = []
    while not state.is_terminal() and len(actions) < MAX_GAME_DECISIONS:
        action = choose_action(policy, state, rng)
        assert state.legal_action_mask()[action]
        state.apply(action)
        actions.append(action)
    return actions


# ---------------------------------------------------------------------------- checkpoint agent
def test_checkpoint_agent_plays_reproducible_legal_games(tiny_model: Path) -> None:
    sampled = agents.make(f"checkpoint:path={tiny_model}", ENV)
    greedy = agents.make(f"checkpoint:path={tiny_model}:deterministic=true", ENV)
    assert isinstance(sampled, CheckpointAgent) and sampled.needs_state is False
    assert greedy.deterministic and not sampled.deterministic
    assert sampled.model is greedy.model  # one load per file and process
    first, second = play_game(sampled, 2, seed=3), play_game(sampled, 2, seed=3)
    assert first == second and len(first) > 0
    assert play_game(greedy, 2, seed=3) != first or play_game(sampled, 2, seed=4) != first


def test_checkpoint_agent_rejects_mismatches_and_missing_files(tiny_model: Path, tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="observation size"):
        agents.make(f"checkpoint:path={tiny_model}:players=3", ENV)
    with pytest.raises(ConfigError, match="observation size"):
        play_game(agents.make(f"checkpoint:path={tiny_model}", ENV), 3, seed=0)
    with pytest.raises(ConfigError, match="observation size"):
        agents.make(f"checkpoint:path={tiny_model}:players=2", "battle_gnomes_v1")
    with pytest.raises(ConfigError, match="not found"):
        agents.make(f"checkpoint:path={tmp_path / 'none.zip'}", ENV)
    with pytest.raises(ConfigError, match="needs a model file"):
        agents.make("checkpoint", ENV)
    broken = tmp_path / "broken.zip"
    broken.write_text("not a zip")
    with pytest.raises(ConfigError, match="cannot load"):
        agents.make(f"checkpoint:path={broken}", ENV)


def test_checkpoint_cache_reloads_a_rewritten_file(tiny_model: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy.zip"
    copy.write_bytes(tiny_model.read_bytes())
    first = load_model(copy)
    assert load_model(copy) is first
    clear_cache()
    assert load_model(copy) is not first


# ---------------------------------------------------------------------------- pool and mix
def test_opponent_mix_draws_from_kinds_and_pool(tiny_model: Path, tmp_path: Path) -> None:
    pool = tmp_path / "pool"
    pool.mkdir()
    for steps in (0, 100, 200):
        (pool / snapshot_name(steps)).write_bytes(tiny_model.read_bytes())
    env = OpponentMix(SingleAgentEnv(ENV, num_players=2), ["random", "self"], pool, pool_size=2, seed=5)
    draws = []
    for episode in range(12):
        _obs, info = env.reset(seed=episode)
        assert len(info["opponents"]) == 1 and env.action_masks().any()
        draws += info["opponents"]
    assert "random" in draws and str(pool / snapshot_name(0)) not in draws  # outside the pool size
    assert any(d.endswith(snapshot_name(200)) for d in draws)
    rng = np.random.default_rng(0)
    picks = {pick_snapshot(list_snapshots(pool), 3, rng).name for _ in range(50)}
    assert picks == {snapshot_name(s) for s in (0, 100, 200)}


def test_snapshot_pool_keeps_the_newest(tmp_path: Path) -> None:
    class Fake:
        num_timesteps = 0

        def save(self, path: Path) -> None:
            Path(path).write_text("x")

    pool, model = SnapshotPool(tmp_path / "pool", size=2), Fake()
    for steps in (0, 10, 20):
        model.num_timesteps = steps
        pool.save(model)
    assert [p.name for p in list_snapshots(pool.directory)] == [snapshot_name(10), snapshot_name(20)]
    assert pool.saved == [0, 10, 20]
    with pytest.raises(ConfigError):
        SnapshotPool(tmp_path, size=0)


def test_episode_log_rolling_mean() -> None:
    log = EpisodeLog()
    log.episodes = [(10 * i, float(i), 5) for i in range(1, 5)]
    curve = log.rolling_curve(window=2)
    assert [p["reward_mean"] for p in curve] == [1.0, 1.5, 2.5, 3.5]


# ---------------------------------------------------------------------------- training job
def test_train_self_play_with_subprocess_envs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    doc = train_json(capsys, ["--env", ENV, "--timesteps", TINY, "--opponents", "random,self",
                              "--reward", "shaped", "--snapshot-every", "128", "--n-envs", "2",
                              "--checkpoint-every", "512",
                              "--eval-every", "512", "--curve-games", "2", "--eval-games", "2",
                              "--eval-mode", "sampled", "--out", str(out)])
    assert doc["opponent_mode"] == "mix" and doc["opponents"] == ["random", "self"]
    assert doc["pool"]["saved_at"][0] == 0 and len(doc["pool"]["saved_at"]) >= 3
    assert len(list_snapshots(out / train.POOL_DIR)) >= 3
    assert doc["training"]["timesteps"] >= int(TINY) and doc["n_envs"] == 2
    assert doc["checkpoints"] and all(Path(p).is_file() for p in doc["checkpoints"])
    assert (out / train.CURVE_FILE).stat().st_size > 0 and doc["learning_curve"] == str(out / train.CURVE_FILE)
    assert doc["eval_curve"][0]["timesteps"] == 0
    assert set(doc["eval_curve"][-1]["results"]) == {"random", "scripted"}
    assert doc["evaluation"]["deterministic"] is False and doc["eval_mode"] == "sampled"
    for package in ("torch", "stable_baselines3", "sb3_contrib"):
        assert doc["versions"][package] != "unavailable"
    assert doc["hyperparameters"]["n_steps"] == train.N_STEPS and doc["args"]["seed"] == 0
    assert doc["reward"] == "shaped" and doc["shaping"] == {"fade_steps": int(TINY) // 2, "weight": 1.0}
    assert doc["opponent_sampling"] == "uniform"


def test_train_resume_continues_the_timestep_count(tiny_model: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    start = load_model(tiny_model).num_timesteps
    doc = train_json(capsys, ["--env", ENV, "--timesteps", TINY, "--resume", str(tiny_model),
                              "--out", str(tmp_path / "resumed"), *NO_EXTRAS])
    assert doc["resume"] == {"from": str(tiny_model), "start_timesteps": start, "overrides": []}
    assert doc["training"]["timesteps"] >= start + int(TINY)
    assert doc["eval_curve"] == [] and (tmp_path / "resumed" / train.CURVE_FILE).is_file()
    assert doc["hyperparameters"]["learning_rate"] == train_hparams.LEARNING_RATE  # the saved model's


def test_train_resume_takes_the_ppo_options_given(tiny_model: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Options spelled out on the command line replace the restored ones; the rest stay."""
    saved = load_model(tiny_model)
    doc = train_json(capsys, ["--env", ENV, "--timesteps", "128", "--resume", str(tiny_model),
                              "--learning-rate", "1e-4", "--lr-schedule", "linear", "--n-steps", "128",
                              "--target-kl", "0.02", "--ent-coef", "0.001",
                              "--out", str(tmp_path / "small-steps"), *NO_EXTRAS])
    assert doc["resume"]["overrides"] == ["learning_rate", "lr_schedule", "n_steps", "target_kl", "ent_coef"]
    got = doc["hyperparameters"]
    assert (got["learning_rate"], got["learning_rate_final"]) == (1e-4, 0.0)
    assert (got["n_steps"], got["target_kl"], got["ent_coef"]) == (128, 0.02, 0.001)
    assert (got["batch_size"], got["n_epochs"]) == (saved.batch_size, saved.n_epochs)
    assert doc["training"]["timesteps"] >= saved.num_timesteps + 128


def test_train_rejects_bad_resume_and_options(tiny_model: Path, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "never"
    assert train.main(["--env", ENV, "--players", "3", "--resume", str(tiny_model), "--out", str(out),
                       "--no-progress"]) == 2
    assert "observation size" in capsys.readouterr().err
    assert train.main(["--resume", str(tmp_path / "missing.zip"), "--out", str(out), "--no-progress"]) == 2
    assert "not found" in capsys.readouterr().err
    assert train.main(["--env", ENV, "--resume", str(tiny_model), "--net-arch", "64,64", "--out", str(out),
                       "--no-progress"]) == 2
    assert "--net-arch cannot change on --resume" in capsys.readouterr().err
    assert train.main(["--players", "3", "--opponents", "random,self", "--fixed-seats", "--out", str(out),
                       "--no-progress"]) == 2
    assert "--fixed-seats" in capsys.readouterr().err
    assert train.main(["--snapshot-every", "0", "--out", str(out), "--no-progress"]) == 2
    # the final evaluation's lineup is checked before training, not after it
    assert train.main(["--players", "2", "--opponents", "random,scripted", "--eval-opponents", "random,scripted",
                       "--out", str(out), "--no-progress"]) == 2
    assert "--eval-opponents lists 2 names" in capsys.readouterr().err
    assert not out.exists()


def test_train_rise_one_player_against_the_gnome_union(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    doc = train_json(capsys, ["--env", "rise_of_the_gnomes_v1", "--players", "1", "--timesteps", TINY,
                              "--opponents", "scripted,self", "--eval-games", "2", "--eval-every", "1000",
                              "--curve-games", "1", "--out", str(tmp_path / "rise")])
    assert doc["opponent_mode"] == "gnome_union" and doc["pool"] is None
    assert doc["evaluation"]["opponents"] == "gnome_union" and doc["evaluation"]["reference_win_rate"] is None
    assert set(doc["eval_curve"][0]["results"]) == {"gnome_union"}
    assert not (tmp_path / "rise" / train.POOL_DIR).exists()


def test_train_ppo_options_reach_the_model(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = train_json(capsys, ["--env", ENV, "--timesteps", "64", "--n-steps", "64", "--batch-size", "32",
                              "--lr-schedule", "constant", "--learning-rate", "5e-4", "--target-kl", "0",
                              "--net-arch", "32,16", "--reward", "score", "--out", str(tmp_path / "ppo"), *NO_EXTRAS])
    hp = doc["hyperparameters"]
    assert (hp["learning_rate"], hp["learning_rate_final"], hp["target_kl"]) == (5e-4, 5e-4, None)
    assert (hp["n_steps"], hp["batch_size"], hp["net_arch"]) == (64, 32, [32, 16])
    assert doc["reward"] == "score" and doc["shaping"] is None
    decay = LinearDecay(1e-3)
    assert (decay(1.0), decay(0.25), decay(0.0)) == (1e-3, 2.5e-4, 0.0)
    out = tmp_path / "never"
    for bad in (["--n-steps", "0"], ["--target-kl", "-1"], ["--shaping-fade", "-5"], ["--torch-threads", "0"]):
        assert train.main([*bad, "--out", str(out), "--no-progress"]) == 2
    assert not out.exists()
