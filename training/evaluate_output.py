"""Text tables and the PNG chart of a ``training.evaluate`` report.

    from training.evaluate_output import render_text, write_chart
    print(render_text(report)); write_chart(report, Path("chart.png"))

The chart has two panels: openskill ratings (mu with bars of +-3 sigma, so a bar's left end is
the ordinal mu - 3 sigma) and win rates with their 95% Wilson intervals. matplotlib is imported
only when a chart is drawn, with the headless Agg backend.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from training import common

RATING_DIGITS = 2
CHART_DPI = 120
CHART_SIZE = (11.0, 0.5)  # inches: width, height per agent (plus a margin)
CHART_MARGIN = 1.8  # inches added to the height


def _header(report: dict[str, Any]) -> list[str]:
    n, schedule = report["players"], report["schedule"]
    games = f"{report['games']} games ({report['cycles']} cycle(s) of {schedule['tables_per_cycle']} table(s)"
    if report["rounded_up"]:
        games += f"; --games {report['games_requested']} rounded up to whole cycles"
    lines = [
        (f"Tournament {report['env']}: {n} player(s), {games}), seed {report['seed']}, "
         f"config {report['config'] or '{}'}"),
        f"Agents: {', '.join(report['agents'])}",
        f"Schedule ({schedule['design']}): {schedule['description']}.",
        ("A tie for first shares the win (1/k each). Margin: own score minus the best rival's "
         "(other seats and any automaton). Place: 1 = first."),
    ]
    if n == 1:
        lines.append("Single player: the win rate is the rate of beating the Gnome Union.")
    return lines


def _agent_rows(report: dict[str, Any]) -> list[list[Any]]:
    rows = []
    for row in report["per_agent"]:
        place = "-" if row["mean_place"] is None else f"{row['mean_place']:.2f}"
        rows.append([row["agent"], row["games"], common.format_wins(row["wins"]), common.format_rate(row),
                     common.format_mean_std(row["margin_mean"], row["margin_std"]), place])
    return rows


def _rating_rows(report: dict[str, Any]) -> list[list[Any]]:
    d = RATING_DIGITS
    return [[row["rank"], row["agent"] + (" (pseudo-agent)" if row["pseudo_agent"] else ""),
             f"{row['mu']:.{d}f}", f"{row['sigma']:.{d}f}", f"{row['ordinal']:.{d}f}", row["rated_games"]]
            for row in report["ratings"]]


def _seat_rows(report: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    seats = report["per_seat"]
    headers = ["agent"] + [f"seat {row['seat']}" for row in seats]

    def cell(summary: dict[str, Any]) -> str:
        if not summary["games"]:
            return "-"
        return f"{summary['win_rate']:.3f} ({common.format_wins(summary['wins'])}/{summary['games']})"

    rows = [[name] + [cell(row["per_agent"][name]) for row in seats] for name in report["agents"]]
    rows.append(["all seats"] + [cell(row) for row in seats])
    return headers, rows


def _head_to_head_rows(report: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    names = report["agents"]
    cells = {(row["agent"], row["opponent"]): row for row in report["head_to_head"]}
    rows = []
    for name in names:
        row = [name]
        for other in names:
            pair = cells.get((name, other))
            row.append("-" if pair is None else f"{pair['win_rate']:.3f} ({pair['games']})")
        rows.append(row)
    return ["agent \\ opponent", *names], rows


def render_text(report: dict[str, Any]) -> str:
    """Human-readable tables of a tournament report."""
    lines = _header(report)
    lines += ["", "Per agent (games = seat-games)", common.format_table(
        ["agent", "games", "wins", "win rate [95% CI]", "margin mean ± std", "mean place"], _agent_rows(report))]
    lines += ["", "Ratings (openskill Plackett-Luce, updated in game order; ordinal = mu - 3 sigma)",
              common.format_table(["rank", "agent", "mu", "sigma", "ordinal", "games"], _rating_rows(report))]
    headers, rows = _seat_rows(report)
    lines += ["", "Win rate by seat (wins/games)", common.format_table(headers, rows)]
    if "head_to_head" in report:
        headers, rows = _head_to_head_rows(report)
        lines += ["", "Head-to-head: row agent's win rate against column agent (games)",
                  common.format_table(headers, rows)]
    if "decision_cpu" in report:
        lines += ["", "CPU seconds per decision (the process's, while the agent chose)", common.format_table(
            ["agent", "decisions", "mean", "max"],
            [[row["agent"], row["decisions"], f"{row['cpu_s_per_decision']:.4f}", f"{row['max_cpu_s']:.3f}"]
             for row in report["decision_cpu"]])]
    length = report["game_length"]
    lines += ["", (f"Game length: {length['mean']:.1f} ± {length['std']:.1f} decisions "
                   f"(min {length['min']}, max {length['max']}); "
                   f"{report['timing']['wall_s']:.2f} s wall, {report['timing']['games_per_s']:.2f} games/s")]
    if report["games_no_seat_won"]:
        lines.append(f"Finished games no seat won (the automated rival won): {report['games_no_seat_won']}")
    if report["unfinished_games"]:
        lines.append(f"Unfinished (truncated) games, counted as no win and not rated: {report['unfinished_games']}")
    return "\n".join(lines)


def write_chart(report: dict[str, Any], path: Path) -> None:
    """Draw ratings (mu +- 3 sigma) and win rates (95% Wilson CI) side by side into a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ratings = report["ratings"]
    order = [row["agent"] for row in ratings]
    rates = {row["agent"]: row for row in report["per_agent"]}
    height = CHART_SIZE[1] * len(order) + CHART_MARGIN
    fig, (left, right) = plt.subplots(1, 2, figsize=(CHART_SIZE[0], height), sharey=True)
    ys = list(range(len(order)))[::-1]
    left.errorbar([r["mu"] for r in ratings], ys, xerr=[3 * r["sigma"] for r in ratings],
                  fmt="o", capsize=4)
    left.set_yticks(ys, order)
    left.set_xlabel("openskill mu (bars: ±3 sigma; left end = ordinal)")
    left.set_title("Ratings")
    _draw_win_rates(right, report, order, rates, ys)
    fig.suptitle(f"{report['env']}, {report['players']} player(s), {report['games']} games, seed {report['seed']}")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=CHART_DPI)
    plt.close(fig)


def _draw_win_rates(axis: Any, report: dict[str, Any], order: list[str], rates: dict[str, Any],
                    ys: list[int]) -> None:
    points = [(y, rates[name]) for y, name in zip(ys, order) if name in rates]
    values = [row["win_rate"] for _, row in points]
    low = [row["win_rate"] - row["ci95"][0] for _, row in points]
    high = [row["ci95"][1] - row["win_rate"] for _, row in points]
    axis.errorbar(values, [y for y, _ in points], xerr=[low, high], fmt="s", color="tab:green", capsize=4)
    if report["players"] > 1:
        axis.axvline(1.0 / report["players"], linestyle="--", color="grey", label="equal agents")
        axis.legend(loc="lower right")
    axis.set_xlim(-0.02, 1.02)
    axis.set_xlabel("win rate (bars: 95% Wilson interval)")
    axis.set_title("Win rates" if report["players"] > 1 else "Win rate against the Gnome Union")
