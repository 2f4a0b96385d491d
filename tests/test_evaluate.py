"""Tests of ``training.evaluate``: schedules, reproducibility, ratings, outputs and bad input."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from gnome_envs.core.errors import ConfigError
from training import evaluate, standings
from training.schedule import make_schedule
from training.tournament import GameRecord, game_seeds

FAST_ENV = "battle_gnomes_v1"  # the quickest game; scripted beats random clearly
TINY = ["--env", FAST_ENV, "--players", "2", "--no-progress"]


def run_json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, Any]:
    """Run the job with ``--json`` and return the parsed document."""
    assert evaluate.main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


CLOCK_KEYS = ("timing", "decision_cpu")  # measured times: the only parts a rerun changes
CLOCK_GAME_KEYS = ("think_s", "think_max_s")


def results(doc: dict[str, Any]) -> dict[str, Any]:
    """The document without its measured times."""
    out = {key: value for key, value in doc.items() if key not in CLOCK_KEYS}
    if "per_game" in out:
        out["per_game"] = [{k: v for k, v in game.items() if k not in CLOCK_GAME_KEYS} for game in out["per_game"]]
    return out


# ---------------------------------------------------------------------------- schedules
@pytest.mark.parametrize("agents,players", [
    (1, 1), (3, 1), (2, 2), (3, 3), (4, 4), (6, 6),  # k == n and one seat
    (3, 2), (5, 2), (9, 2),  # k > n at two seats: all ordered pairs
    (4, 3), (5, 3), (6, 3), (7, 3), (8, 3),  # k > n at three seats
    (5, 4), (6, 4), (7, 4), (9, 4),  # four seats
    (7, 6), (8, 6), (9, 6), (12, 6),  # six seats
    (30, 6),  # large: best-effort cyclic design
])
def test_every_agent_takes_every_seat_equally_often(agents: int, players: int) -> None:
    plan = make_schedule(agents, players)
    assert plan.is_seat_balanced()
    for table in plan.tables:
        assert len(table) == players and len(set(table)) == players
        assert all(0 <= agent < agents for agent in table)
    low, high = plan.pair_range()
    if agents <= 9:
        assert low == high, plan.description  # every pair shares equally many tables
    else:
        assert high - low <= 1, plan.description  # no exact design found: as even as it gets
    assert "every seat" in plan.description


def test_designs_by_size() -> None:
    assert make_schedule(3, 3).tables == ((0, 1, 2), (1, 2, 0), (2, 0, 1))  # like selfplay's rotation
    assert make_schedule(3, 2).design == "permutations" and len(make_schedule(3, 2).tables) == 6
    assert make_schedule(4, 3).design == "permutations"
    assert make_schedule(7, 3).design == "cyclic" and len(make_schedule(7, 3).tables) == 7
    assert make_schedule(6, 3).pair_range() == (12, 12)
    with pytest.raises(ConfigError, match="at least as many distinct agents"):
        make_schedule(2, 3)


def test_game_seeds_depend_only_on_seed_game_and_seat() -> None:
    seed_a, rngs_a = game_seeds(5, 3, 2)
    seed_b, rngs_b = game_seeds(5, 3, 2)
    assert seed_a == seed_b and 0 <= seed_a < 2**63
    assert [r.integers(1 << 30) for r in rngs_a] == [r.integers(1 << 30) for r in rngs_b]
    assert game_seeds(5, 4, 2)[0] != seed_a and game_seeds(6, 3, 2)[0] != seed_a


# ---------------------------------------------------------------------------- results
def test_same_seed_same_tournament_for_any_worker_count(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [*TINY, "--agents", "random,scripted", "--games", "6", "--seed", "3", "--per-game"]
    first = run_json(capsys, argv)
    again = run_json(capsys, argv)
    pooled = run_json(capsys, [*argv, "--workers", "2"])
    other = run_json(capsys, [*TINY, "--agents", "random,scripted", "--games", "6", "--seed", "4", "--per-game"])
    assert results(first) == results(again) == results(pooled)
    assert first["per_game"] != other["per_game"]
    assert [g["seat_agents"] for g in first["per_game"]] == [["random", "scripted"], ["scripted", "random"]] * 3


def test_scripted_outrates_random_and_tables_add_up(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, [*TINY, "--agents", "random,scripted", "--games", "12", "--seed", "1"])
    assert doc["games"] == 12 and doc["env_version"] == FAST_ENV and doc["schedule"]["design"] == "rotation"
    assert [row["agent"] for row in doc["ratings"]] == ["scripted", "random"]
    best, worst = doc["ratings"]
    assert best["mu"] > 25.0 > worst["mu"] and best["ordinal"] == pytest.approx(best["mu"] - 3 * best["sigma"])
    agents = {row["agent"]: row for row in doc["per_agent"]}
    assert agents["scripted"]["win_rate"] > agents["random"]["win_rate"]
    assert agents["scripted"]["margin_mean"] > 0 > agents["random"]["margin_mean"]
    assert agents["scripted"]["mean_place"] < agents["random"]["mean_place"]
    finished = doc["games"] - doc["unfinished_games"]
    assert sum(row["wins"] for row in doc["per_agent"]) == pytest.approx(finished)
    assert all(row["games"] == 12 for row in doc["per_agent"])
    h2h = {(row["agent"], row["opponent"]): row for row in doc["head_to_head"]}
    assert h2h[("scripted", "random")]["wins"] == pytest.approx(agents["scripted"]["wins"])
    assert [row["seat"] for row in doc["per_seat"]] == [0, 1]
    assert all(row["per_agent"]["scripted"]["games"] == 6 for row in doc["per_seat"])
    times = {row["agent"]: row for row in doc["decision_cpu"]}
    assert sum(row["decisions"] for row in times.values()) == round(doc["game_length"]["mean"] * doc["games"])
    assert all(0.0 <= row["cpu_s_per_decision"] <= row["max_cpu_s"] for row in times.values())


def test_games_round_up_to_whole_cycles(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, [*TINY, "--agents", "random,scripted", "--games", "3"])
    assert doc["games"] == 4 and doc["rounded_up"] is True and doc["cycles"] == 2
    assert evaluate.main([*TINY, "--agents", "random,scripted", "--games", "3"]) == 0
    assert "rounded up to whole cycles" in capsys.readouterr().out


def test_three_agents_at_two_seats_meet_evenly(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import agents as agent_registry
    from agents.random_agent import RandomAgent

    monkeypatch.setitem(agent_registry._GENERIC, "other", lambda env_id: RandomAgent())
    doc = run_json(capsys, [*TINY, "--agents", "random,scripted,other", "--games", "6", "--per-game"])
    assert doc["schedule"]["design"] == "permutations" and doc["games"] == 6
    assert doc["schedule"]["seat_counts"] == {"random": [2, 2], "scripted": [2, 2], "other": [2, 2]}
    pairs = [tuple(g["seat_agents"]) for g in doc["per_game"]]
    assert sorted(pairs) == sorted(itertools.permutations(["random", "scripted", "other"], 2))
    assert all(row["games"] == 2 for row in doc["head_to_head"])


def test_four_agents_at_three_seats(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import agents as agent_registry
    from agents.random_agent import RandomAgent

    for name in ("other", "third"):
        monkeypatch.setitem(agent_registry._GENERIC, name, lambda env_id: RandomAgent())
    doc = run_json(capsys, ["--env", FAST_ENV, "--players", "3", "--no-progress", "--games", "1",
                            "--agents", "random,scripted,other,third"])
    assert doc["games"] == 24 and doc["schedule"]["seat_balanced"] and "head_to_head" not in doc
    assert all(row["games"] == 18 for row in doc["per_agent"])
    assert doc["schedule"]["pair_tables_min"] == doc["schedule"]["pair_tables_max"] == 12
    assert len(doc["ratings"]) == 4


def test_single_player_rates_against_the_gnome_union(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, ["--env", "rise_of_the_gnomes_v1", "--players", "1", "--agents", "scripted",
                            "--games", "2", "--no-progress", "--per-game"])
    assert doc["players"] == 1 and "head_to_head" not in doc
    assert {row["agent"] for row in doc["ratings"]} == {"scripted", standings.UNION}
    for game in doc["per_game"]:
        assert len(game["automaton_scores"]) == 1  # the Gnome Union's score follows the seat's
        margin = game["scores"][0] - game["automaton_scores"][0]
        assert game["win_shares"] == [1.0 if game["placements"] == [0] else 0.0]
        assert margin == pytest.approx(standings.margins(GameRecord(**game))[0])
    union = next(row for row in doc["ratings"] if row["agent"] == standings.UNION)
    assert union["pseudo_agent"] and union["rated_games"] == 2


def test_decision_times_add_up_per_agent() -> None:
    first = GameRecord(0, 0, 1, ["a", "b"], [1.0, 0.0], [], [0, 1], [1.0, 0.0], 5, True,
                       think_s=[0.3, 0.1], think_max_s=[0.2, 0.05], seat_decisions=[3, 2])
    second = GameRecord(1, 1, 2, ["b", "a"], [1.0, 0.0], [], [0, 1], [1.0, 0.0], 4, True,
                        think_s=[0.2, 0.1], think_max_s=[0.15, 0.1], seat_decisions=[2, 2])
    rows = {row["agent"]: row for row in standings.decision_times([first, second], ["a", "b"])}
    assert rows["a"]["decisions"] == 5 and rows["a"]["cpu_s_per_decision"] == pytest.approx(0.4 / 5)
    assert rows["a"]["max_cpu_s"] == 0.2 and rows["b"]["max_cpu_s"] == 0.15
    assert rows["b"]["cpu_s_per_decision"] == pytest.approx(0.3 / 4)


def test_ties_share_wins_and_ranks() -> None:
    record = GameRecord(0, 0, 1, ["a", "b", "c"], [5.0, 5.0, 1.0], [], [0, 0, 2], [0.5, 0.5, 0.0], 10, True)
    rows = {row["agent"]: row for row in standings.summarize_agents([record], ["a", "b", "c"])}
    assert rows["a"]["wins"] == 0.5 and rows["a"]["margin_mean"] == 0.0 and rows["c"]["mean_place"] == 3.0
    ratings = {row["agent"]: row for row in standings.rate_games([record], ["a", "b", "c"], 3)}
    assert ratings["a"]["mu"] == pytest.approx(ratings["b"]["mu"]) and ratings["a"]["mu"] > ratings["c"]["mu"]


# ---------------------------------------------------------------------------- outputs
def test_text_png_and_out_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    png = tmp_path / "chart" / "ratings.png"
    out = tmp_path / "run"
    argv = [*TINY, "--agents", "random,scripted", "--games", "2", "--png", str(png), "--out", str(out)]
    assert evaluate.main(argv) == 0
    text = capsys.readouterr().out
    for heading in ("Per agent", "Ratings", "Win rate by seat", "Head-to-head", "Schedule (rotation)"):
        assert heading in text
    for path in (png, out / evaluate.CHART_FILE):
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    report = json.loads((out / evaluate.REPORT_FILE).read_text())
    assert report["job"] == "evaluate" and report["games"] == 2 and report["seed"] == evaluate.DEFAULT_SEED


def test_bare_png_writes_the_chart_as_the_readme_shows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert evaluate.main([*TINY, "--agents", "random,scripted", "--games", "2", "--png", "--no-progress"]) == 0
    assert (tmp_path / evaluate.CHART_FILE).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    out = tmp_path / "run"
    assert evaluate.main([*TINY, "--agents", "random,scripted", "--games", "2", "--png", "--out", str(out),
                          "--no-progress"]) == 0
    assert (out / evaluate.CHART_FILE).is_file()


# ---------------------------------------------------------------------------- bad input
@pytest.mark.parametrize("argv,message", [
    (["--agents", "random,nosuchagent"], "unknown agent 'nosuchagent'"),
    (["--agents", "random,scripted", "--games", "0"], "--games must be at least 1"),
    (["--agents", "random,scripted", "--players", "7"], "takes 2-6 players"),
    (["--agents", "random,scripted", "--players", "3"], "at least as many distinct agents"),
    (["--agents", "random,random"], "more than once"),
    (["--agents", "random,scripted", "--workers", "0"], "--workers must be at least 1"),
    (["--agents", "random,scripted", "--config", "num_players=3"], "--players"),
])
def test_bad_input_exits_with_a_clear_message(argv: list[str], message: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert evaluate.main(["--env", FAST_ENV, "--no-progress", *argv]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""
