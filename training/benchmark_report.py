"""The benchmark's report: the text and Markdown tables and the target checks of a saved run.

    python -m training.benchmark --show training/results/benchmark.json [--markdown]
    python -m training.benchmark --compare NEW.json BASE.json [NEW.json BASE.json ...]

Reads only the JSON document ``training.benchmark`` writes (its ``rows`` and ``system``), so a
report can be printed again on any machine.
"""

from __future__ import annotations

import statistics
from typing import Any

from training import common
from training.floor_env import FLOOR_NAME

CONNECT_FOUR = "connect_four_v3"
UNAVAILABLE = "unavailable"
SPEED_TARGET = 1.5  # every config: steps/s at least this multiple of connect_four_v3's
DEFAULT_SPEED_TARGET = 2.0  # the two-player default config of every game
OBSERVATION_SHARE_TARGET = 0.35  # the observation's share of one step's cost
CLONE_TARGET = 0.25  # clone() cost as a share of one step's cost


def _fmt(row: dict[str, Any], key: str, spec: str) -> str:
    return format(row[key], spec) if key in row else "-"


def render_text(report: dict[str, Any]) -> str:
    """The benchmark table and the DESIGN.md target checks."""
    headers = ["env", "players", "config", "steps/s", "games/s", "steps/game", "us/step",
               "clone/step", "obs/step", "vs c4"]
    rows, notes = [], []
    for row in report["rows"]:
        config = config_label(row.get("config") or {})
        if not row["available"]:
            rows.append([row["env"], row["players"] or "-", config, UNAVAILABLE] + ["-"] * (len(headers) - 4))
            notes.append(f"{row['env']}: {row['reason']}")
            continue
        rows.append([row["env"], row["players"], config, _fmt(row, "steps_per_s", ",.0f"),
                     _fmt(row, "games_per_s", ",.1f"), _fmt(row, "steps_per_game", ".1f"),
                     _fmt(row, "step_us", ".1f"), _fmt(row, "clone_per_step", ".3f"),
                     _fmt(row, "observation_share", ".0%"),
                     _fmt(row, "vs_connect_four", ".2f") + "x" if "vs_connect_four" in row else "-"])
    info = report["system"]
    rounds = report.get("rounds", 1)
    per_round = f", the median of {rounds} rounds" if rounds > 1 else ""
    lines = [f"AEC benchmark: about {report['seconds']:g} CPU s per env{per_round}, one process, one thread, CPU time "
             f"(python {info['python']}, numpy {info['numpy']}, pettingzoo {info['pettingzoo']}"
             + (f", pinned to CPU {info['pinned_cpu']}" if info["pinned_cpu"] is not None else "")
             + ")", "", common.format_table(headers, rows), ""]
    lines += notes + yardstick_lines(report["rows"]) + target_lines(report["rows"])
    for row in report["rows"]:
        if row.get("profile"):
            lines += ["", f"profile: {row['env']} {row['players']}p {config_label(row.get('config') or {})}",
                      row["profile"]]
    return "\n".join(lines)


def render_markdown(report: dict[str, Any]) -> str:
    """The README's speed table: one Markdown row per measured env and config."""
    lines = ["| env | players | config | steps/s | decisions/game | us/step | clone / step "
             "| observation / step | vs connect_four_v3 |", "|---|---|---|---|---|---|---|---|---|"]
    for row in report["rows"]:
        if not row["available"]:
            continue
        name = "floor (trivial AEC env)" if row["env"] == FLOOR_NAME else row["env"]
        cells = [name, str(row["players"]), config_label(row.get("config") or {}),
                 _fmt(row, "steps_per_s", ",.0f"), _fmt(row, "steps_per_game", ".0f"),
                 _fmt(row, "step_us", ".1f"), _fmt(row, "clone_per_step", ".2f"),
                 _fmt(row, "observation_share", ".0%"),
                 _fmt(row, "vs_connect_four", ".2f") + "x" if "vs_connect_four" in row else "-"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def row_key(row: dict[str, Any]) -> tuple[str, Any, str]:
    """What identifies a row across reports: env, players and config."""
    return row["env"], row["players"], config_label(row.get("config") or {})


def paired_changes(pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> dict[str, Any]:
    """How much slower (+) or faster (-) the new code's steps and observations are than the base's,
    from pairs of reports (new, base) measured at the same time (one per core): per config the
    geometric mean over the pairs of new / base - 1, per env the median and range over its configs.
    ``step`` compares us/step, ``observation`` the observation's us, and ``paired`` the ratio to
    connect_four_v3 played in turn with each config (base ratio / new ratio - 1: the comparison
    a slow spell on one core moves least)."""
    per_config: dict[tuple, dict[str, list[float]]] = {}
    for new, base in pairs:
        old_rows = {row_key(row): row for row in base["rows"] if row.get("available")}
        for row in new["rows"]:
            was = old_rows.get(row_key(row))
            if not row.get("available") or was is None:
                continue
            entry = per_config.setdefault(row_key(row), {"step": [], "observation": [], "paired": []})
            entry["step"].append(row["step_us"] / was["step_us"])
            if "observation_us" in row and "observation_us" in was:
                entry["observation"].append(row["observation_us"] / was["observation_us"])
            if row.get("vs_connect_four") and was.get("vs_connect_four"):
                entry["paired"].append(was["vs_connect_four"] / row["vs_connect_four"])
    envs: dict[str, dict[str, list[float]]] = {}
    for (env, _, _), ratios in per_config.items():
        for what, values in ratios.items():
            if values:
                envs.setdefault(env, {}).setdefault(what, []).append(statistics.geometric_mean(values) - 1.0)
    return {env: {what: {"median": statistics.median(changes), "low": min(changes), "high": max(changes),
                         "configs": len(changes)} for what, changes in found.items()} for env, found in envs.items()}


def render_changes(changes: dict[str, Any]) -> str:
    """The table of ``paired_changes``: per env the median change of us/step, of the observation
    and of the time against connect_four_v3 (from the ratios)."""
    headers = ["env", "configs", "us/step (median)", "us/step (range)", "observation (median)",
               "vs connect_four_v3 (median)", "vs connect_four_v3 (range)"]
    rows = []
    for env, found in changes.items():
        step, observe, paired = found["step"], found.get("observation"), found.get("paired")
        rows.append([env, step["configs"], f"{step['median']:+.1%}", f"{step['low']:+.1%} .. {step['high']:+.1%}",
                     f"{observe['median']:+.1%}" if observe else "-",
                     f"{paired['median']:+.1%}" if paired else "-",
                     f"{paired['low']:+.1%} .. {paired['high']:+.1%}" if paired else "-"])
    return ("change of the new code against the base, runs paired in time (+: slower)\n\n"
            + common.format_table(headers, rows))


def config_label(config: dict[str, Any]) -> str:
    """``expansions=empires races=elves,ogres`` (``-`` for the default config)."""
    parts = []
    for key, value in config.items():
        shown = ",".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)
        parts.append(f"{key}={shown}")
    return " ".join(parts) or "-"


def yardstick_lines(rows: list[dict[str, Any]]) -> list[str]:
    """connect_four_v3's steps/s beside the other envs (or, in reports before the paired turns,
    in its runs before and after them) and their spread."""
    row = next((r for r in rows if r["env"] == CONNECT_FOUR and (r.get("beside") or r.get("yardstick_runs"))), None)
    if row is None:
        return []
    if "beside" in row:
        low, high = min(row["beside"]), max(row["beside"])
        return [f"{CONNECT_FOUR}: {low:,.0f} to {high:,.0f} steps/s in its turns beside the other envs "
                f"({(high - low) / row['steps_per_s']:.0%} apart); each env's ratio uses the turns beside it"]
    before, after = row["yardstick_runs"]
    spread = abs(after - before) / row["steps_per_s"]
    return [f"{CONNECT_FOUR}: {before:,.0f} steps/s before the other envs, {after:,.0f} after "
            f"({spread:.0%} apart); the ratios use both runs ({row['steps_per_s']:,.0f} steps/s)"]


def target_lines(rows: list[dict[str, Any]]) -> list[str]:
    """Targets per gnome config: speed vs connect_four_v3 (1.5x, 2x for the two-player default),
    observation share of a step, clone cost."""
    lines = []
    for row in rows:
        if not row["available"] or "clone_us" not in row:
            continue
        goal = DEFAULT_SPEED_TARGET if row.get("default") else SPEED_TARGET
        speed = ("n/a (connect_four_v3 did not run)" if "vs_connect_four" not in row else
                 f"{'met' if row['vs_connect_four'] >= goal else 'MISSED'} "
                 f"({row['vs_connect_four']:.2f}x connect_four_v3, target {goal:g}x)")
        observe = (f"{'met' if row['observation_share'] < OBSERVATION_SHARE_TARGET else 'MISSED'} "
                   f"({row['observation_share']:.0%} of a step)")
        clone = f"{'met' if row['clone_per_step'] < CLONE_TARGET else 'MISSED'} ({row['clone_per_step']:.3f} of a step)"
        label = f"{row['env']} {row['players']}p {config_label(row.get('config') or {})}"
        lines.append(f"{label}: speed {speed}; observation {observe}; clone {clone}")
    return lines
