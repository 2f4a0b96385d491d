"""The training job's clock of sampling and learner time and its entropy schedule, on a fake clock
and a stand-in model (no training), then through ``training.train`` itself."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from agents.checkpoint import load_model
from training import train, train_callbacks
from training.train_callbacks import EntropySchedule, PhaseClock, entropy_at

ENV = "gnome_village_v1"
QUIET = ["--json", "--no-progress", "--eval-games", "0", "--eval-every", "0", "--checkpoint-every", "0"]


class FakeClock:
    """``time.perf_counter`` that moves only when told."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def stand_in_model(ent_coef: float = 0.0) -> SimpleNamespace:
    """What a callback reads of a model: the timestep count, the entropy coefficient, env and logger."""
    return SimpleNamespace(num_timesteps=0, ent_coef=ent_coef, get_env=lambda: None, logger=None)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(train_callbacks.time, "perf_counter", fake)
    return fake


def test_phase_clock_splits_sampling_updates_and_side_work(clock: FakeClock) -> None:
    phases = PhaseClock()
    phases.init_callback(stand_in_model())
    phases.on_training_start({}, {})

    def evaluate() -> str:
        clock.now += 3.0  # a curve evaluation inside the rollout: side work, not sampling
        return "done"

    for _rollout in range(2):
        phases.on_rollout_start()
        clock.now += 2.0
        assert phases.timed(evaluate)() == "done"
        clock.now += 1.0
        phases.on_rollout_end()
        clock.now += 5.0  # the PPO update
    phases.on_training_end()
    clock.now += 4.0  # the final curve point runs after the clock has stopped
    summary = phases.summary(steps=600)
    assert (summary["sampling_seconds"], summary["update_seconds"], summary["side_seconds"]) == (6.0, 10.0, 6.0)
    assert (summary["sampling_steps_per_s"], summary["learner_steps_per_s"]) == (100.0, 60.0)


def test_phase_clock_without_a_rollout_reports_no_speed() -> None:
    summary = PhaseClock().summary(steps=0)
    assert summary["sampling_steps_per_s"] == summary["learner_steps_per_s"] == 0.0


@pytest.mark.parametrize(("done", "expected"), [(0, 0.02), (50, 0.015), (100, 0.01), (150, 0.01), (-5, 0.02)])
def test_entropy_at_goes_linearly_and_stops_at_the_end(done: int, expected: float) -> None:
    assert entropy_at(0.02, 0.01, done, 100) == pytest.approx(expected)


def test_entropy_schedule_sets_the_coefficient_before_each_update() -> None:
    model = stand_in_model(ent_coef=0.04)
    model.num_timesteps = 1000  # a resumed model: the schedule counts from where this run starts
    schedule = EntropySchedule(final=0.0, total=400)
    schedule.init_callback(model)
    schedule.on_training_start({}, {})
    seen = []
    for _rollout in range(4):
        model.num_timesteps += 100
        schedule.on_rollout_end()
        seen.append(model.ent_coef)
    assert seen == pytest.approx([0.03, 0.02, 0.01, 0.0])


def test_train_reports_sampling_and_learner_speed_and_follows_the_schedules(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    assert train.main(["--env", ENV, "--timesteps", "128", "--n-steps", "32", "--batch-size", "32",
                       "--n-epochs", "1", "--ent-coef", "0.02", "--ent-coef-final", "0.005", "--lr-schedule", "linear",
                       "--learning-rate", "1e-3", "--learning-rate-final", "1e-4", "--out", str(out), *QUIET]) == 0
    doc = json.loads(capsys.readouterr().out)
    hp, run = doc["hyperparameters"], doc["training"]
    assert (hp["ent_coef"], hp["ent_coef_final"]) == (0.02, 0.005)
    assert (hp["learning_rate"], hp["learning_rate_final"]) == (1e-3, 1e-4)
    assert load_model(out / train.MODEL_FILE).ent_coef == pytest.approx(0.005)  # the last update's
    assert run["sampling_seconds"] > 0 and run["update_seconds"] > 0
    assert run["sampling_seconds"] + run["update_seconds"] + run["side_seconds"] <= run["seconds"]
    assert run["sampling_steps_per_s"] > run["steps_per_s"] and run["learner_steps_per_s"] > run["steps_per_s"]


@pytest.mark.parametrize("bad", [["--learning-rate-final", "1e-4"],  # needs the linear schedule
                                 ["--lr-schedule", "linear", "--learning-rate-final", "-1"],
                                 ["--ent-coef-final", "-0.1"]])
def test_train_rejects_bad_schedules(bad: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "never"
    assert train.main(["--env", ENV, *bad, "--out", str(out), "--no-progress"]) == 2
    assert "final" in capsys.readouterr().err
    assert not out.exists()
