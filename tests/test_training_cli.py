"""Smoke tests of the command-line jobs in ``training/`` with tiny budgets."""

from __future__ import annotations

import json
import operator
import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test

import gnome_envs
from gnome_envs.core.registry import get_spec
from training import audit, audit_report, benchmark, benchmark_report, common, instruction_count, selfplay, train
from training.floor_env import FLOOR_GAME_LENGTH, FLOOR_NAME
from training.floor_env import env as floor_env

TINY_GAMES = 3
TINY_TIMESTEPS = 256
TINY_EVAL_GAMES = 4
TINY_SECONDS = 0.2
API_TEST_CYCLES = 200


def run_json(capsys: pytest.CaptureFixture[str], main: Callable[[list[str]], int],
             argv: list[str]) -> dict[str, Any]:
    """Run a job's ``main`` with ``--json`` and return the parsed document."""
    assert main([*argv, "--json", "--no-progress"]) == 0
    return json.loads(capsys.readouterr().out)


def assert_rate(row: dict[str, Any]) -> None:
    """A win rate in [0, 1] inside its own 95% interval."""
    low, high = row["ci95"]
    assert 0.0 <= low <= row["win_rate"] <= high <= 1.0
    assert row["win_rate"] == pytest.approx(row["wins"] / row["games"])


# ---------------------------------------------------------------------------- selfplay
SELFPLAY_ARGS = ["--players", "3", "--games", str(TINY_GAMES), "--agents", "random,scripted,random"]


def test_selfplay_json_reports_seats_agents_and_lengths(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, selfplay.main, [*SELFPLAY_ARGS, "--seed", "1"])
    assert doc["players"] == 3 and doc["games"] == TINY_GAMES
    assert doc["agents"] == ["random", "scripted", "random"]
    assert [row["seat"] for row in doc["per_seat"]] == [0, 1, 2]
    agents = {row["agent"]: row for row in doc["per_agent"]}
    assert set(agents) == {"random", "scripted"}
    assert agents["random"]["games"] == 2 * TINY_GAMES and agents["scripted"]["games"] == TINY_GAMES
    finished = TINY_GAMES - doc["unfinished_games"]
    assert sum(row["wins"] for row in doc["per_seat"]) == pytest.approx(finished)
    assert sum(row["wins"] for row in doc["per_agent"]) == pytest.approx(finished)
    for row in doc["per_seat"] + doc["per_agent"]:
        assert_rate(row)
        assert row["score_mean"] > 0 and row["score_std"] >= 0
    length = doc["game_length"]
    assert 0 < length["min"] <= length["mean"] <= length["max"]
    assert doc["total_decisions"] == pytest.approx(length["mean"] * TINY_GAMES)
    assert doc["timing"]["steps_per_s"] > 0 and doc["timing"]["games_per_s"] > 0
    assert doc["seat_balanced"] is True and "rotated" in doc["seat_rotation"]


def test_selfplay_same_seed_gives_identical_statistics(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [*SELFPLAY_ARGS, "--seed", "7", "--per-game"]
    first = run_json(capsys, selfplay.main, argv)
    second = run_json(capsys, selfplay.main, argv)
    other = run_json(capsys, selfplay.main, [*SELFPLAY_ARGS, "--seed", "8", "--per-game"])
    for doc in (first, second, other):
        doc.pop("timing")
    assert first == second
    assert first["per_game"] != other["per_game"]
    seatings = [game["seat_agents"] for game in first["per_game"]]
    assert seatings == [selfplay.rotated(first["agents"], g) for g in range(TINY_GAMES)]
    assert len({tuple(s) for s in seatings}) == TINY_GAMES  # each game shifts the lineup


def test_selfplay_rejects_a_lineup_of_the_wrong_size(capsys: pytest.CaptureFixture[str]) -> None:
    assert selfplay.main(["--players", "3", "--agents", "random,random", "--no-progress"]) == 2
    assert "one name per seat" in capsys.readouterr().err


def test_selfplay_config_reaches_the_env(capsys: pytest.CaptureFixture[str]) -> None:
    assert selfplay.main(["--games", "1", "--config", "no_such_option=1", "--no-progress"]) == 2
    assert "no_such_option" in capsys.readouterr().err
    doc = run_json(capsys, selfplay.main, ["--env", "gnome_village_v1", "--games", "2",
                                           "--config", "deluxe=true"])
    assert doc["config"] == {"deluxe": True} and doc["players"] == 2


# ---------------------------------------------------------------------------- train
def test_train_writes_model_and_reports_win_rate(tmp_path: Any,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    doc = run_json(capsys, train.main, ["--timesteps", str(TINY_TIMESTEPS), "--eval-games",
                                        str(TINY_EVAL_GAMES), "--curve-games", "2", "--out", str(out)])
    model_path = out / train.MODEL_FILE
    assert model_path.is_file() and doc["model_path"] == str(model_path)
    assert doc["training"]["timesteps"] >= TINY_TIMESTEPS
    assert any((out / train.TENSORBOARD_DIR).rglob("events.out.tfevents*"))
    evaluation = doc["evaluation"]
    assert_rate(evaluation["overall"])
    assert evaluation["overall"]["games"] == TINY_EVAL_GAMES
    assert [row["games"] for row in evaluation["per_seat"]] == [2, 2]
    assert evaluation["reference_win_rate"] == pytest.approx(0.5)
    assert json.loads((out / train.REPORT_FILE).read_text())["model_path"] == str(model_path)
    assert doc["opponent_mode"] == "fixed" and doc["opponents"] == "random"
    assert [point["timesteps"] for point in doc["eval_curve"]] == [0, doc["training"]["timesteps"]]
    assert (out / train.CURVE_FILE).is_file() and doc["pool"] is None
    assert doc["argv"][:2] == ["--timesteps", str(TINY_TIMESTEPS)] and doc["versions"]["torch"]


# ---------------------------------------------------------------------------- benchmark
def test_benchmark_json_has_every_env(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, benchmark.main, ["--seconds", str(TINY_SECONDS)])
    rows = {row["env"]: row for row in doc["rows"]}
    assert set(rows) == {*gnome_envs.ENV_IDS, benchmark.CONNECT_FOUR, FLOOR_NAME}
    for env_id in gnome_envs.ENV_IDS:
        assert rows[env_id]["available"] and rows[env_id]["clone_us"] > 0
    c4 = rows[benchmark.CONNECT_FOUR]
    if not c4["available"]:
        assert benchmark.CONNECT_FOUR_HINT in c4["reason"]
    else:  # played in turn with every other env, its turns pooled in its own row
        assert doc["rows"][-1]["env"] == benchmark.CONNECT_FOUR
        assert len(c4["beside"]) == len(rows) - 1
        assert min(c4["beside"]) <= c4["steps_per_s"] <= max(c4["beside"])
        for row in doc["rows"][:-1]:
            beside = row["yardstick"]
            assert row["vs_connect_four"] == pytest.approx(row["steps_per_s"] / beside["steps_per_s"])
        assert c4["steps"] == sum(row["yardstick"]["steps"] for row in doc["rows"][:-1])
    for row in rows.values():
        if row["available"]:
            assert row["games"] >= 1 and row["steps_per_s"] > 0 and row["games_per_s"] > 0
    assert rows[FLOOR_NAME]["steps_per_game"] == FLOOR_GAME_LENGTH


def test_benchmark_plays_an_env_and_the_yardstick_in_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    # a clock that moves only with the games played: an env game takes 2^-7 s, a yardstick game
    # 2^-8 s, a turn 2^-6 s (exact in binary), the env plays three turns' worth
    played_games: list[str] = []
    clock = [0.0]

    def fake_game(env: Any, seed: int, rng: np.random.Generator) -> int:
        played_games.append(env)
        clock[0] += 2.0 ** -7 if env == "env" else 2.0 ** -8
        return 10

    monkeypatch.setattr(benchmark, "play_one_game", fake_game)
    monkeypatch.setattr(benchmark, "CLOCK", lambda: clock[0])
    played, beside = benchmark.play_paired("env", "yardstick", 3 * 2.0 ** -6, np.random.default_rng(0),
                                           slice_s=2.0 ** -6)
    # a warm-up game each, then turns: the yardstick's first, four of its games, two of the env's
    assert played_games == ["env", "yardstick"] + (["yardstick"] * 4 + ["env"] * 2) * 3
    assert (played["games"], played["steps"], played["elapsed_s"]) == (6, 60, 3 * 2.0 ** -6)
    assert (beside["games"], beside["steps"], beside["elapsed_s"]) == (12, 120, 3 * 2.0 ** -6)
    assert played["steps_per_s"] == beside["steps_per_s"] / 2
    assert benchmark.play_stats(100, 4, 0.5) == {"steps": 100, "games": 4, "elapsed_s": 0.5, "steps_per_s": 200.0,
                                                 "games_per_s": 8.0, "steps_per_game": 25.0, "step_us": 5000.0}


def test_benchmark_pools_the_yardstick_turns_by_their_time() -> None:
    runs = [{"steps": 1000, "games": 50, "elapsed_s": 1.0, "steps_per_s": 1000.0},
            {"steps": 1000, "games": 40, "elapsed_s": 2.0, "steps_per_s": 500.0}]
    target = benchmark.Target(benchmark.CONNECT_FOUR, 2, floor_env)
    row = benchmark.pooled_yardstick(target, runs)
    assert row["steps_per_s"] == pytest.approx(2000 / 3.0) and row["games"] == 90
    assert row["beside"] == [1000.0, 500.0] and row["env"] == benchmark.CONNECT_FOUR
    assert row["step_us"] == pytest.approx(1500.0) and row["vs_connect_four"] == 1.0
    assert "500 to 1,000 steps/s in its turns" in benchmark_report.yardstick_lines([row])[0]
    assert "(75% apart)" in benchmark_report.yardstick_lines([row])[0]  # 500 / 667
    old = {**row, "yardstick_runs": [1000.0, 500.0]}  # a report from before the paired turns
    del old["beside"]
    assert "1,000 steps/s before" in benchmark_report.yardstick_lines([old])[0]


def test_benchmark_rounds_keep_the_median_round_of_each_env() -> None:
    def row(speed: float, ratio: float, observe: float, clone: float) -> dict:
        return {"env": "dwarfs_fall_v6", "available": True, "steps_per_s": speed, "step_us": 1e6 / speed,
                "vs_connect_four": ratio, "observation_us": observe, "clone_us": clone, "position_step_us": 1000.0,
                "observation_share": observe / 1000.0, "clone_per_step": clone / 1000.0}
    missing = {"env": benchmark.CONNECT_FOUR, "available": False, "reason": "no pygame"}
    # the round is chosen by the ratio to the yardstick met beside it, not by steps/s alone
    rounds = [[row(900.0, 1.6, 300.0, 80.0), missing], [row(1000.0, 1.4, 200.0, 90.0), missing],
              [row(1200.0, 1.5, 100.0, 70.0), missing]]
    median, c4 = benchmark.median_rows(rounds)
    assert median["vs_connect_four"] == 1.5 and median["steps_per_s"] == 1200.0
    assert median["round_steps_per_s"] == [900.0, 1000.0, 1200.0] and median["round_vs_connect_four"] == [1.6, 1.4, 1.5]
    assert median["observation_us"] == 200.0 and median["clone_us"] == 80.0
    assert median["observation_share"] == pytest.approx(0.2) and median["clone_per_step"] == pytest.approx(0.08)
    assert c4 is missing
    two = benchmark.median_rows(rounds[1:])[0]  # an even count keeps the lower middle round
    assert two["vs_connect_four"] == 1.4 and two["observation_us"] == 150.0
    assert benchmark.median_rows(rounds[:1])[0] is rounds[0][0]
    alone = [[{k: v for k, v in r[0].items() if k != "vs_connect_four"}] for r in rounds]  # no yardstick
    assert benchmark.median_rows(alone)[0]["steps_per_s"] == 1000.0


def test_benchmark_rounds_run_every_env_each_round(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, benchmark.main, ["--seconds", str(TINY_SECONDS), "--rounds", "3", "--envs",
                                            "mighty_gnomes_v1", FLOOR_NAME])
    assert doc["rounds"] == 3
    for row in doc["rows"]:
        speeds = row["round_steps_per_s"]
        assert len(speeds) == 3 and row["steps_per_s"] == sorted(speeds)[1]
    assert benchmark.main(["--seconds", str(TINY_SECONDS), "--rounds", "0", "--envs", FLOOR_NAME]) == common.EXIT_USAGE
    assert "--rounds must be at least 1" in capsys.readouterr().err


def test_benchmark_flags_each_games_two_player_default_config() -> None:
    targets = benchmark.build_targets(["rise_of_the_gnomes_v1", "gnome_village_v1"], 2, {}, True)
    defaults = [(t.name, t.players, t.config) for t in targets if t.default]
    # Rise's registered configs name its default mode; Gnome Village's deluxe row is not the default
    assert defaults == [("rise_of_the_gnomes_v1", 2, {"mode": "competitive"}), ("gnome_village_v1", 2, {})]


def test_benchmark_compare_pairs_runs_by_config(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    def report(step_us: float, observe_us: float, ratio: float | None = None) -> dict:
        rows = [{"env": "mighty_gnomes_v1", "players": players, "config": {}, "available": True,
                 "step_us": step_us * players, "observation_us": observe_us,
                 **({"vs_connect_four": ratio / players} if ratio else {})}
                for players in (2, 3)]
        return {"rows": rows + [{"env": benchmark.CONNECT_FOUR, "players": 2, "config": {}, "available": False}]}
    paths = []
    for name, doc in (("new0", report(44.0, 10.0, 1.5)), ("base1", report(40.0, 10.0, 2.0)),
                      ("new1", report(40.0, 10.0)), ("base0", report(44.0, 11.0, 1.8))):
        paths.append(tmp_path / f"{name}.json")
        paths[-1].write_text(json.dumps(doc))
    doc = run_json(capsys, benchmark.main, ["--compare", *map(str, paths)])
    change = doc["changes"]["mighty_gnomes_v1"]
    assert change["step"]["median"] == pytest.approx((1.1 * 40 / 44) ** 0.5 - 1)  # paired ratios: 1.1 and 0.909
    assert change["step"]["configs"] == 2 and change["observation"]["median"] == pytest.approx((10 / 11) ** 0.5 - 1)
    # against connect_four_v3: base ratio / new ratio, from the one pair where both have a ratio
    assert change["paired"]["median"] == pytest.approx(2.0 / 1.5 - 1) and change["paired"]["configs"] == 2
    assert benchmark.CONNECT_FOUR not in doc["changes"]  # (it did not run)
    capsys.readouterr()
    assert benchmark.main(["--compare", *map(str, paths)]) == 0
    assert "+33.3%" in capsys.readouterr().out  # the paired column of the table
    assert benchmark.main(["--compare", str(paths[0])]) == common.EXIT_USAGE
    assert "pairs of reports" in capsys.readouterr().err


def test_benchmark_shows_connect_four_unavailable_without_crashing(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "pettingzoo.classic", None)  # as if pygame were missing
    argv = ["--seconds", str(TINY_SECONDS), "--envs", benchmark.CONNECT_FOUR, FLOOR_NAME, "--no-progress"]
    assert benchmark.main(argv) == 0
    text = capsys.readouterr().out
    assert benchmark.CONNECT_FOUR_HINT in text and FLOOR_NAME in text
    rows = {row["env"]: row for row in run_json(capsys, benchmark.main, argv[:-1])["rows"]}
    assert not rows[benchmark.CONNECT_FOUR]["available"] and rows[FLOOR_NAME]["available"]
    assert benchmark.CONNECT_FOUR_HINT in rows[benchmark.CONNECT_FOUR]["reason"]


# ---------------------------------------------------------------------------- floor env
@pytest.mark.filterwarnings("ignore:Observation:UserWarning")  # advisories about dict observations
def test_floor_env_passes_api_test() -> None:
    api_test(floor_env(), num_cycles=API_TEST_CYCLES)


def test_floor_env_alternates_and_ends_after_fixed_steps() -> None:
    env = floor_env()
    env.reset(seed=0)
    movers = []
    for agent in env.agent_iter():
        obs, _reward, terminated, _truncated, _info = env.last()
        if terminated:
            env.step(None)
            continue
        assert obs["action_mask"].tolist() == [1, 1]
        movers.append(agent)
        env.step(len(movers) % 2)
    assert len(movers) == FLOOR_GAME_LENGTH
    assert movers[:2] == ["player_0", "player_1"] and movers[2] == "player_0"


# ---------------------------------------------------------------------------- helpers
def test_wilson_interval_and_config_parsing() -> None:
    low, high = common.wilson_interval(5, 10)
    assert (low, high) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert common.wilson_interval(0, 10)[0] == 0.0
    assert common.parse_config(["deluxe=true", "children=False", "max_steps=300", "x=ab"]) == {
        "deluxe": True, "children": False, "max_steps": 300, "x": "ab"}
    assert common.parse_config(["expansions=empires,trolls_bridge", "races=elves,", "n=1,2"]) == {
        "expansions": ["empires", "trolls_bridge"], "races": ["elves"], "n": [1, 2]}
    assert common.win_shares([0, 1, 0]) == [0.5, 0.0, 0.5]
    mean, std = common.mean_std([1.0, 3.0])
    assert (mean, std) == pytest.approx((2.0, float(np.sqrt(2.0))))


def test_benchmark_all_configs_reports_observation_share_and_profile(capsys: pytest.CaptureFixture[str]) -> None:
    env_id = min(gnome_envs.ENV_IDS, key=lambda name: len(get_spec(name).variant_configs()))  # the quickest
    argv = ["--envs", env_id, "--all-configs", "--seconds", str(TINY_SECONDS), "--profile", "3"]
    doc = run_json(capsys, benchmark.main, argv)
    configs = get_spec(env_id).variant_configs()
    assert len(doc["rows"]) == len(configs)
    for row, config in zip(doc["rows"], configs, strict=True):
        assert row["players"] == config["num_players"]
        # shares of timings taken apart (never compared with a bound: speed is not a test)
        assert np.isfinite(row["observation_share"]) and row["observation_share"] > 0.0
        assert row["observation_us"] > 0.0 and row["clone_per_step"] > 0
        assert "ncalls" in row["profile"]


class CountingCaller:
    """An ``operator.methodcaller`` that also counts its calls by method name."""

    calls: Counter[str] = Counter()

    def __init__(self, name: str, *args: Any, **kwargs: Any) -> None:
        self.name, self.inner = name, operator.methodcaller(name, *args, **kwargs)

    def __call__(self, target: Any) -> Any:
        CountingCaller.calls[self.name] += 1
        return self.inner(target)


@pytest.mark.parametrize(("mode", "counted"), [("step", {"last", "step"}), ("observation", {"observation"}),
                                               ("clone", {"clone"})])
def test_instruction_count_makes_only_the_measured_calls_through_methodcaller(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], mode: str, counted: set[str]) -> None:
    # callgrind counts the instructions inside methodcaller calls only: each run must route
    # exactly the calls it measures through one, once per position, and play the same games
    base_steps = instruction_count.play("battle_gnomes_v1", 2, TINY_GAMES, "clone", {})
    CountingCaller.calls = Counter()
    monkeypatch.setattr(instruction_count, "methodcaller", CountingCaller)
    monkeypatch.setattr(instruction_count, "LAST", CountingCaller("last"))
    monkeypatch.setattr(instruction_count, "CLONE", CountingCaller("clone"))
    steps = instruction_count.play("battle_gnomes_v1", 2, TINY_GAMES, mode, {})
    assert steps == base_steps > 0
    assert set(CountingCaller.calls) == counted
    if mode == "step":  # every agent_iter turn, the agents' last step(None) after the end included
        assert CountingCaller.calls["last"] == CountingCaller.calls["step"] == steps + 2 * TINY_GAMES
    else:  # one per position with a mover
        assert CountingCaller.calls[mode] == steps
    argv = ["--play", mode, "--env", "battle_gnomes_v1", "--games", str(TINY_GAMES)]
    assert instruction_count.main(argv) == 0
    assert capsys.readouterr().out == f"steps {steps}\n"


def test_instruction_count_routes_every_call_of_a_function_through_methodcaller(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # check_secrets is called by its name in flow and scenario and as a hook in the rule table's
    # list: every call that runs its code goes through the wrapper, the same games are played,
    # and afterwards every reference is the function again
    from gnome_envs.dwarfs_fall import flow, goals, pending
    target, real = "gnome_envs.dwarfs_fall.goals:check_secrets", goals.check_secrets
    base_steps = instruction_count.play("dwarfs_fall_v6", 2, TINY_GAMES, "clone", {})
    CountingCaller.calls = Counter()
    monkeypatch.setattr(instruction_count, "methodcaller", CountingCaller)
    ran = Counter()

    def profiler(frame: Any, event: str, _arg: Any) -> None:  # every run of the function's code
        if event == "call" and frame.f_code is real.__code__:
            ran["check_secrets"] += 1

    calls: list[int] = []
    sys.setprofile(profiler)
    try:
        steps = instruction_count.play("dwarfs_fall_v6", 2, TINY_GAMES, "function", {}, target, calls)
    finally:
        sys.setprofile(None)
    assert steps == base_steps and set(CountingCaller.calls) == {"__call__"}
    assert calls == [CountingCaller.calls["__call__"]] == [ran["check_secrets"]] and calls[0] > steps
    assert goals.check_secrets is flow.check_secrets is real and real in pending.AFTER_CHANGE
    with pytest.raises(ValueError, match="MODULE:NAME"):
        instruction_count.play("dwarfs_fall_v6", 2, 1, "function", {}, "no_colon")


def test_instruction_count_takes_step_observation_and_clone_from_the_three_runs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    runs = {"step": (1000, 10), "observation": (300, 10), "clone": (200, 10)}  # instructions, steps
    monkeypatch.setattr(instruction_count, "count", lambda _args, mode, _code_dir: runs[mode])
    row = instruction_count.measure(None, None)
    assert row == {"steps": 10, "instructions_per_step": 100.0, "observation_per_step": 30.0,
                   "observation_share": 0.3, "clone_per_step": 20.0, "clone_share": 0.2}


def test_instruction_count_runs_valgrind_counting_inside_methodcaller_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    def fake_run(command: list[str], **kwargs: Any) -> Any:
        seen.update(command=command, env=kwargs["env"], cwd=kwargs["cwd"])
        return instruction_count.subprocess.CompletedProcess(command, 0, "steps 7\n", "==1== Collected : 4242\n")

    monkeypatch.setattr(instruction_count.subprocess, "run", fake_run)
    args = instruction_count.argparse.Namespace(env="battle_gnomes_v1", players=3, games=2, config=["deluxe=true"])
    assert instruction_count.count(args, "observation", None) == (4242, 7)
    command = seen["command"]
    assert command[:4] == ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           "--toggle-collect=methodcaller_call"]
    assert command[command.index("--play") + 1] == "observation" and command[-2:] == ["--config", "deluxe=true"]
    assert seen["env"]["PYTHONHASHSEED"] == "0" and seen["cwd"] is None


# ---------------------------------------------------------------------------- audit
def run_audit(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, Any]:
    """Run ``training.audit`` with ``--json`` and return the parsed document."""
    assert audit.main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_audit_endings_counts_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_audit(capsys, ["endings", "--env", "mighty_gnomes_v1", "--players", "2", "--games", "2",
                             "--policies", "random,first,last,pass"])
    assert [row["policy"] for row in doc["rows"]] == ["random", "first", "last", "pass"]
    for row in doc["rows"]:
        ended = row["ended_by_rules"] + row["reached_max_steps"] + sum(row["truncated_by_limit"].values())
        assert ended == row["games"] == 2
        assert 0 < row["decisions_mean"] <= row["decisions_p99"] <= row["decisions_max"]


def test_audit_endings_reports_the_cap(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_audit(capsys, ["endings", "--env", "mighty_gnomes_v1", "--players", "2", "--games", "1",
                             "--policies", "random", "--max-steps", "5"])
    row = doc["rows"][0]
    assert row["reached_max_steps"] == 1 and row["decisions_max"] == 5


def test_audit_observation_stats_flag_amounts_at_the_bound() -> None:
    stats = audit.ObservationStats(3)
    stats.add(np.array([1.0, 0.5, 0.0], dtype=np.float32))  # a flag, an amount, an amount
    stats.add(np.array([0.0, 1.0, 0.25], dtype=np.float32))
    saturated = stats.fractional & (stats.high >= audit.SATURATION_BOUND)
    assert saturated.tolist() == [False, True, False]
    assert stats.at_bound.tolist() == [1, 1, 0]


def test_audit_observations_and_balance_run(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_audit(capsys, ["observations", "--env", "mighty_gnomes_v1", "--players", "2", "--games", "1",
                             "--agent", "random"])
    run = doc["runs"][0]
    assert run["decision_points"] > 0 and not run["out_of_range"]
    assert {s["segment"] for s in run["segments"]} == {s.name for s in
                                                        gnome_envs.make("mighty_gnomes_v1").game.observation_layout}
    doc = run_audit(capsys, ["balance", "--env", "mighty_gnomes_v1", "--players", "2", "--games", "2",
                             "--agent", "random"])
    run = doc["runs"][0]
    seats = [r for r in run["rates"] if r["tag"] == "seat"]
    assert [r["value"] for r in seats] == ["0", "1"] and all(r["games"] == 2 for r in seats)
    assert sum(run["endings"].values()) == 2


def test_audit_balance_lineups_cycle_every_seating(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_audit(capsys, ["balance", "--env", "dwarfs_fall_v6", "--players", "2", "--games", "26",
                             "--config", "expansions=empires,", "--lineups", "--agent", "random"])
    run = doc["runs"][0]
    assert run["lineups"] == 13
    races = {r["value"]: r["games"] for r in run["rates"] if r["tag"] == "race"}
    assert races == {"dwarfs": 16, "elves": 12, "ogres": 12, "crystal_dwarfs": 12}  # 2 x (8, 6, 6, 6) seats
    assert audit.main(["balance", "--env", "mighty_gnomes_v1", "--players", "2", "--games", "1", "--lineups"]) != 0
    assert "no races option" in capsys.readouterr().err


def test_audit_report_builds_the_tables_from_audit_files(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    base = ["--env", "mighty_gnomes_v1", "--players", "2"]
    documents = {
        "endings": run_audit(capsys, ["endings", *base, "--games", "2", "--policies", "random,last"]),
        "observations": run_audit(capsys, ["observations", *base, "--games", "1", "--agent", "random"]),
        "balance": run_audit(capsys, ["balance", *base, "--games", "2", "--agent", "random"]),
    }
    for kind, doc in documents.items():
        (tmp_path / f"{kind}-mighty_gnomes_v1-base.json").write_text(json.dumps(doc))
    amounts = [s["max_amount"] for s in documents["observations"]["runs"][0]["segments"] if s["max_amount"]]
    assert amounts and all(0.0 < a < 1.0 for a in amounts)  # chest counts and coins are amounts
    assert audit_report.main(["--dir", str(tmp_path), "--segments"]) == 0
    text = capsys.readouterr().out
    rows = [line for line in text.splitlines() if line.startswith("| mighty_gnomes_v1 | base |")]
    endings_row = rows[0].split(" | ")
    assert endings_row[2:6] == ["2", "4", "4", "0"]  # players, games, by rules, designed limit
    assert f"{max(amounts):.3f}" in text
    layout = gnome_envs.make("mighty_gnomes_v1").game.observation_layout
    assert len(rows) == 3 + len(layout)  # endings, observations, balance, one row per segment


def test_audit_balance_fair_share_counts_only_games_a_player_won(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_audit(capsys, ["balance", "--env", "rise_of_the_gnomes_v1", "--players", "2", "--games", "6",
                             "--agent", "scripted"])
    run = doc["runs"][0]
    seat_wins = sum(r["wins"] for r in run["rates"] if r["tag"] == "seat")
    player_won = run["games"] - run["nobody_won"]
    assert seat_wins == pytest.approx(player_won)  # the Gnome Union's wins credit no seat
    assert run["fair_share"] == pytest.approx(seat_wins / (2 * run["games"]) if seat_wins else 0.5)
    for rate in run["rates"]:
        assert rate["ratio"] == pytest.approx(rate["win_rate"] / run["fair_share"])


def test_benchmark_show_prints_a_saved_report(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    doc = run_json(capsys, benchmark.main, ["--envs", gnome_envs.ENV_IDS[0], "floor_v0", "--seconds", str(TINY_SECONDS)])
    saved = tmp_path / "bench.json"
    saved.write_text(json.dumps(doc))
    assert benchmark.main(["--show", str(saved)]) == 0
    text = capsys.readouterr().out
    assert text.strip() == benchmark.render_text(doc).strip()
    assert f"{doc['rows'][0]['steps_per_s']:,.0f}" in text
    assert benchmark.main(["--show", str(saved), "--markdown"]) == 0
    table = capsys.readouterr().out.strip().splitlines()
    assert table[0].startswith("| env | players |") and len(table) == 2 + len(doc["rows"])
    assert table[2].startswith(f"| {gnome_envs.ENV_IDS[0]} | 2 | - | {doc['rows'][0]['steps_per_s']:,.0f} |")
    assert table[3].startswith("| floor (trivial AEC env) | 2 |")


def test_audit_report_reference_table_reads_tournament_reports(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    from training import evaluate

    out = tmp_path / "mighty_gnomes_v1-2p"
    assert evaluate.main(["--env", "mighty_gnomes_v1", "--players", "2", "--agents", "random,scripted",
                          "--games", "2", "--seed", "0", "--no-progress", "--out", str(out)]) == 0
    capsys.readouterr()
    report = json.loads((out / "report.json").read_text())
    assert audit_report.main(["--reference", str(tmp_path)]) == 0
    text = capsys.readouterr().out
    assert "**mighty_gnomes_v1, 2p (2 games)**" in text
    for row in report["per_agent"]:
        line = next(l for l in text.splitlines() if l.startswith(f"| | {row['agent']} |"))
        assert f"{row['win_rate']:.2f} [" in line and f"| {row['games']} |" in line


def test_audit_report_search_table_reads_match_reports(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    from training import evaluate

    out = tmp_path / "battle_gnomes_v1-2p"
    spec = "rollout:rounds=1:candidates=2:max_rollout=30"
    assert evaluate.main(["--env", "battle_gnomes_v1", "--players", "2", "--agents", f"scripted,{spec}",
                          "--games", "2", "--seed", "0", "--no-progress", "--out", str(out)]) == 0
    capsys.readouterr()
    report = json.loads((out / "report.json").read_text())
    assert audit_report.main(["--search", str(tmp_path)]) == 0
    line = capsys.readouterr().out.splitlines()[2]
    rows = {row["agent"]: row for row in report["per_agent"]}
    spent = next(row for row in report["decision_cpu"] if row["agent"] == spec)["cpu_s_per_decision"]
    assert line.startswith(f"| battle_gnomes_v1 | `{spec}` | 2 | {rows[spec]['win_rate']:.2f} [")
    assert f"| {rows['scripted']['win_rate']:.2f} | " in line
    share = rows[spec]["wins"] / (rows[spec]["wins"] + rows["scripted"]["wins"])
    assert f"| {share:.2f} [" in line and f"| {spent:.2f} (" in line and line.endswith(("| yes |", "| no |"))
