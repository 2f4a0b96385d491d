"""The behaviour-cloning warm start of ``training.train --warm-start``."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import torch
from sb3_contrib import MaskablePPO

from gnome_envs.core.errors import ConfigError
from training import train, warm_start
from training.warm_start import Demonstrations, RowBuffer, agreement, collect, demonstration_env, discounted, fit

ENV = "mighty_gnomes_v1"
QUIET = ["--json", "--no-progress"]
NO_EXTRAS = ["--eval-games", "0", "--eval-every", "0", "--checkpoint-every", "0"]
GAMMA = 0.9


def teacher_games(games: int, seed: int = 0) -> Demonstrations:
    """Demonstrations of the scripted agent at the learner's seat of 2-player games."""
    env = demonstration_env(ENV, 2, {"reward": "win_loss"}, "scripted", None)
    return collect(env, "scripted", ENV, games, seed, GAMMA)


def test_discounted_return_adds_later_rewards() -> None:
    assert discounted([0.0, 0.0, 1.0], 0.5) == [0.25, 0.5, 1.0]
    assert discounted([1.0, -1.0], 1.0) == [0.0, -1.0]
    assert discounted([], GAMMA) == []


def test_demonstrations_hold_legal_teacher_actions_and_the_game_outcome() -> None:
    data = teacher_games(3)
    assert data.games == 3 and len(data) == data.observations.shape[0] == data.masks.shape[0]
    assert data.masks[np.arange(len(data)), data.actions].all()  # every action legal in its mask
    # win/loss: the return is gamma^k times the final +-1 (or 0), so it is bounded and not all zero
    assert np.all(np.abs(data.returns) <= 1.0) and np.any(data.returns != 0.0)
    again = teacher_games(3)
    np.testing.assert_array_equal(data.actions, again.actions)  # same seed, same games


def test_fit_makes_the_policy_agree_with_the_teacher() -> None:
    data = teacher_games(4)
    env = demonstration_env(ENV, 2, {"reward": "win_loss"}, "random", None)
    torch.manual_seed(0)
    model = MaskablePPO("MlpPolicy", env, seed=0, device="cpu", policy_kwargs={"net_arch": [64]})
    rows = np.arange(len(data))
    before = agreement(model.policy, data, rows)
    result = fit(model.policy, data, epochs=30, seed=0)
    after = agreement(model.policy, data, rows)
    assert after > before + 0.3 and after > 0.6, (before, after)  # 60 small Adam steps
    assert result["train_accuracy"] > 0.6 and 0.0 <= result["heldout_accuracy"] <= 1.0


def test_train_reports_the_warm_start(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--env", ENV, "--timesteps", "64", "--n-steps", "64", "--batch-size", "32", "--opponents", "scripted",
            "--warm-start", "scripted", "--warm-start-games", "2", "--warm-start-epochs", "1",
            "--out", str(tmp_path), *NO_EXTRAS, *QUIET]
    assert train.main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    block = report["warm_start"]
    assert block["teacher"] == "scripted" and block["games"] == 2 and block["samples"] > 0
    assert json.loads((tmp_path / train.REPORT_FILE).read_text())["warm_start"] == block


def test_train_warm_start_opponent_plays_the_other_seats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--env", ENV, "--timesteps", "0", "--opponents", "scripted",
            "--warm-start", "scripted:deterministic=true", "--warm-start-opponent", "random",
            "--warm-start-games", "2", "--warm-start-epochs", "1", "--out", str(tmp_path), *NO_EXTRAS, *QUIET]
    assert train.main(argv) == 0
    block = json.loads(capsys.readouterr().out)["warm_start"]
    assert block["teacher"] == "scripted:deterministic=true" and block["opponent"] == "random"


def test_demonstration_env_seats_the_opponent_beside_the_teacher() -> None:
    env = demonstration_env(ENV, 2, {"reward": "win_loss"}, "scripted", None, "random")
    assert [type(agent).__name__ for agent in env.opponents] == ["RandomAgent"]
    env.close()


@pytest.mark.parametrize("extra, message", [
    (["--warm-start", "scripted", "--warm-start-opponent", "no_such_opponent"], "no_such_opponent"),
    (["--warm-start", "scripted", "--warm-start-games", "0"], "must be positive"),
    (["--warm-start", "scripted", "--warm-start-epochs", "0"], "must be positive"),
    (["--warm-start", "no_such_agent"], "no_such_agent"),
])
def test_train_rejects_bad_warm_start_options(extra: list[str], message: str, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    rc = train.main(["--env", ENV, "--timesteps", "64", "--out", str(tmp_path / "x"), *extra, *NO_EXTRAS, *QUIET])
    assert rc != 0
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x").exists()  # nothing written before the check


def test_warm_start_cannot_resume(tmp_path: Path) -> None:
    args = train.build_parser().parse_args(["--env", ENV, "--warm-start", "scripted", "--resume", str(tmp_path)])
    with pytest.raises(ConfigError, match="--resume"):
        warm_start.validate_warm_start(args)


def test_zero_timesteps_keeps_the_cloned_policy(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--env", ENV, "--timesteps", "0", "--opponents", "scripted", "--warm-start", "scripted",
            "--warm-start-games", "2", "--warm-start-epochs", "1", "--out", str(tmp_path), *NO_EXTRAS, *QUIET]
    assert train.main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["training"]["timesteps"] == 0 and report["warm_start"]["samples"] > 0
    assert (tmp_path / train.MODEL_FILE).is_file()
    assert train.main(["--env", ENV, "--timesteps", "0", "--out", str(tmp_path / "y"), *NO_EXTRAS, *QUIET]) != 0


@pytest.mark.parametrize("rows", [0, 1, 3, 4, 5, 9])
def test_row_buffer_joins_rows_in_order_across_blocks(rows: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(RowBuffer, "BLOCK_ROWS", 4)
    buffer = RowBuffer(np.float32)
    data = np.arange(rows * 3, dtype=np.float32).reshape(rows, 3)
    for row in data:
        buffer.append(row)
    joined = buffer.join()
    assert joined.dtype == np.float32 and joined.shape == ((rows, 3) if rows else (0, 0))
    assert np.array_equal(joined, data) if rows else joined.size == 0
    assert buffer.blocks == []


def test_float16_storage_holds_the_same_decisions_at_half_the_memory() -> None:
    env = demonstration_env(ENV, 2, {"reward": "win_loss"}, "scripted", None)
    wide, narrow = collect(env, "scripted", ENV, 2, 0, GAMMA), collect(env, "scripted", ENV, 2, 0, GAMMA, "float16")
    assert wide.observations.dtype == np.float32 and narrow.observations.dtype == np.float16
    assert narrow.observations.nbytes * 2 == wide.observations.nbytes
    np.testing.assert_array_equal(narrow.actions, wide.actions)
    np.testing.assert_allclose(narrow.observations, wide.observations, atol=1e-3)  # values in [0, 1]
    torch.manual_seed(0)
    model = MaskablePPO("MlpPolicy", env, seed=0, device="cpu", policy_kwargs={"net_arch": [64]})
    rows = np.arange(len(narrow))
    before = agreement(model.policy, narrow, rows)
    fit(model.policy, narrow, epochs=30, seed=0)
    assert agreement(model.policy, narrow, rows) > before + 0.3  # the fit reads them as float32
