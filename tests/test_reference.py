"""``python -m training.reference``: one row of the trained-agent table, end to end, on a tiny budget."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from training import reference

TINY = ["--players", "2", "--timesteps", "256", "--warm-start-games", "2", "--warm-start-epochs", "1",
        "--n-envs", "1", "--n-steps", "128", "--batch-size", "64", "--eval-every", "128",
        "--curve-games", "2", "--eval-games", "2", "--mcts-games", "0", "--workers", "1", "--no-progress"]


@pytest.fixture(scope="module")
def finished_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny reference run of Battle Gnomes! (a plain recipe: no env options, the default network)."""
    out = tmp_path_factory.mktemp("reference") / "battle_gnomes_v1-2p"
    assert reference.main(["--env", "battle_gnomes_v1", *TINY, "--out", str(out)]) == 0
    return out


def test_reference_trains_then_evaluates_against_each_opponent(finished_run: Path) -> None:
    report = json.loads((finished_run / reference.REFERENCE_FILE).read_text())
    assert [r["opponent"] for r in report["results"]] == ["random", "scripted"]  # mcts skipped by --mcts-games 0
    for row in report["results"]:
        assert row["games"] == 2
        assert 0.0 <= row["ci95"][0] <= row["win_rate"] <= row["ci95"][1] <= 1.0
        assert row["met"] == (row["win_rate"] >= reference.TARGETS[row["opponent"]])
    assert report["budget"]["timesteps"] >= 256 and report["budget"]["teacher_games"] == 2
    assert report["budget"]["train_cpu_minutes"] > 0.0
    assert Path(report["model"]).is_file()
    assert (finished_run / reference.CHART_FILE).stat().st_size > 0
    assert [p["timesteps"] for p in report["eval_curve"]][0] == 0  # the clone before PPO is the first point


def test_reference_command_repeats_the_budget(finished_run: Path) -> None:
    commands = json.loads((finished_run / reference.REFERENCE_FILE).read_text())["commands"]
    assert "--timesteps 256" in commands["reference"] and "--warm-start-games 2" in commands["reference"]
    assert "--warm-start scripted --opponents scripted" in commands["train"]
    assert "--warm-start-epochs 1" in commands["train"] and "--net-arch" not in commands["train"]


def test_mighty_gnomes_recipe_trains_on_the_action_effects(tmp_path: Path) -> None:
    """Mighty Gnomes' row: the learner's env has the effect rows (so train picks the row policy)."""
    argv = reference.train_argv(reference.build_parser().parse_args(["--env", "mighty_gnomes_v1"]), tmp_path)
    assert argv[argv.index("--config") + 1] == "action_effects=true"
    flags = dict(zip(argv[::2], argv[1::2]))
    assert (flags["--warm-start"], flags["--warm-start-games"], flags["--timesteps"]) == \
        ("scripted:deterministic=true", "3000", "600000")


def test_dwarfs_fall_recipe_clones_the_deterministic_teacher_on_the_dwarf_steps_effects(tmp_path: Path) -> None:
    """Dwar7s Fall's row: the deterministic scripted choice against the ordinary scripted agent,
    10 epochs, 512x512, the action effects in the observation and the demonstrations held as
    float16; a flag still overrides the recipe's epochs."""
    parser = reference.build_parser()
    argv = reference.train_argv(parser.parse_args(["--env", "dwarfs_fall_v6"]), tmp_path)
    flags = dict(zip(argv[::2], argv[1::2]))
    assert flags["--warm-start"] == "scripted:deterministic=true" and flags["--warm-start-opponent"] == "scripted"
    assert (flags["--warm-start-games"], flags["--warm-start-epochs"], flags["--net-arch"]) == ("10000", "10", "512,512")
    assert (flags["--config"], flags["--warm-start-dtype"], flags["--timesteps"]) == \
        ("action_effects=true", "float16", "300000")
    again = reference.train_argv(parser.parse_args(["--env", "dwarfs_fall_v6", "--warm-start-epochs", "3"]), tmp_path)
    assert again[again.index("--warm-start-epochs") + 1] == "3"
    plain = reference.train_argv(parser.parse_args(["--env", "battle_gnomes_v1"]), tmp_path)
    assert "--warm-start-dtype" not in plain and "--config" not in plain


def test_show_prints_the_markdown_row(finished_run: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert reference.main(["--show", str(finished_run.parent)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("| env | players |")
    assert lines[2].startswith("| battle_gnomes_v1 | 2 | 2 | ")
    assert lines[2].endswith("| - |")  # no mcts games


@pytest.mark.parametrize("argv, message", [
    ([], "--env is required"),
    (["--env", "mighty_gnomes_v1", "--eval-games", "-1"], "--eval-games must be at least 0"),
])
def test_bad_arguments_exit_2_and_write_nothing(argv: list[str], message: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "never"
    assert reference.main([*argv, "--out", str(out)]) == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_tree_cpu_counts_the_processes_it_starts() -> None:
    # a child that burns about 1.2 s of CPU: its time counts although this process did no work
    burn = "import time\nend = time.process_time() + 1.2\nwhile time.process_time() < end: pass"
    with reference.TreeCpu() as cpu:
        subprocess.run([sys.executable, "-c", burn], check=True)
    # the child's last reading may be up to CPU_SAMPLE_S old (0.75 s was read with the suite's two
    # workers busy: the bound 0.8 failed), and the watching thread may wake a little late
    assert cpu.seconds >= 1.2 - reference.CPU_SAMPLE_S - 0.1
