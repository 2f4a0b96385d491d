"""The README's endings, observation and balance tables, built from committed audit output.

    bash training/results/audits.sh [WORKERS]      # runs every audit, writes training/results/audit/
    python -m training.audit_report [--dir DIR] [--segments]

Each JSON file in the directory is one ``python -m training.audit KIND --json`` document, named
``KIND-ENV-CONFIG.json``. The report prints three Markdown tables (endings per config,
observation ranges per config, balance per player count) and, with ``--segments``, the largest
value of every observation segment.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

RESULTS_DIR = Path(__file__).resolve().parent / "results" / "audit"
BAND = (0.67, 1.5)  # a holder's win rate as a multiple of the fair share (issue 14's target)
MIN_SEAT_GAMES = 60  # tags held in fewer seat-games are listed as too rare to judge
RATE_EVENTS = ("revealed:", "chest_", "trail_vp_", "ended:")  # events shown as shares of games


def load(directory: Path, kind: str) -> list[tuple[str, dict[str, Any]]]:
    """(config name, document) for every ``KIND-*.json`` file, in name order."""
    out = []
    for path in sorted(directory.glob(f"{kind}-*.json")):
        name = path.stem.split("-", 2)[2]
        out.append((name, json.loads(path.read_text())))
    return out


def _players(rows: Iterable[dict[str, Any]]) -> str:
    counts = sorted({row["config"]["num_players"] for row in rows})
    return f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])


def endings_table(docs: list[tuple[str, dict[str, Any]]]) -> list[str]:
    """One row per env and config: how every policy's games ended, and the longest games."""
    lines = ["| env | config | players | games | ended by rules | designed limit | step cap reached | "
             "longest p99 (decisions) | step cap |", "|---|---|---|---|---|---|---|---|---|"]
    for name, doc in docs:
        rows = doc["rows"]
        games = sum(r["games"] for r in rows)
        rules = sum(r["ended_by_rules"] for r in rows)
        capped = sum(r["reached_max_steps"] for r in rows)
        limits: dict[str, int] = {}
        for row in rows:
            for reason, count in row["truncated_by_limit"].items():
                limits[reason] = limits.get(reason, 0) + count
        limit_text = ", ".join(f"{k} {v}" for k, v in sorted(limits.items())) or "0"
        longest = max(rows, key=lambda r: r["decisions_p99"])
        where = f"{longest['decisions_p99']:.0f} ({longest['policy']}, {longest['config']['num_players']}p)"
        lines.append(f"| {doc['env']} | {name} | {_players(rows)} | {games:,} | {rules:,} | {limit_text} | "
                     f"{capped} | {where} | {doc['max_steps']:,} |")
    return lines


def observations_table(docs: list[tuple[str, dict[str, Any]]]) -> list[str]:
    """One row per env, config and player count: entries at the bound and the closest approach."""
    lines = ["| env | config | players | scripted games | decision points | entries at 1.0 (amounts) | "
             "largest amount (segment) | out of range |", "|---|---|---|---|---|---|---|---|"]
    for name, doc in docs:
        for run in doc["runs"]:
            amounts = [s for s in run["segments"] if s.get("max_amount") is not None]
            top = max(amounts, key=lambda s: s["max_amount"]) if amounts else None
            top_text = f"{top['max_amount']:.3f} ({top['segment']})" if top else "-"
            lines.append(f"| {doc['env']} | {name} | {run['config']['num_players']} | {run['games']} | "
                         f"{run['decision_points']:,} | {run['saturated']} | {top_text} | "
                         f"{', '.join(run['out_of_range']) or 'none'} |")
    return lines


def _outside(rates: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    judged, rare = [], []
    for rate in rates:
        if rate["tag"] == "seat" or not rate["outside_band"]:
            continue
        text = f"{rate['tag']}={rate['value']} {rate['ratio']:.2f}x ({rate['games']})"
        (judged if rate["games"] >= MIN_SEAT_GAMES else rare).append(text)
    return judged, rare


def balance_table(docs: list[tuple[str, dict[str, Any]]]) -> list[str]:
    """One row per env, config and player count: seat spread, tags outside the band, key events."""
    lines = [f"| env | config | players | games | seat win rate / fair share | tags outside "
             f"[{BAND[0]}x, {BAND[1]}x] ({MIN_SEAT_GAMES}+ seat-games) | rarer tags outside | shares of games |",
             "|---|---|---|---|---|---|---|---|"]
    for name, doc in docs:
        for run in doc["runs"]:
            seats = [r["ratio"] for r in run["rates"] if r["tag"] == "seat"]
            judged, rare = _outside(run["rates"])
            events = ", ".join(f"{k} {v['mean']:.2f}" for k, v in sorted(run["events"].items())
                               if k.startswith(RATE_EVENTS))
            lines.append(f"| {doc['env']} | {name} | {run['config']['num_players']} | {run['games']} | "
                         f"{min(seats):.2f}-{max(seats):.2f} | {'; '.join(judged) or 'none'} | "
                         f"{len(rare)} | {events or '-'} |")
    return lines


def segments_table(docs: list[tuple[str, dict[str, Any]]]) -> list[str]:
    """The largest value of every segment, per env, config and player count."""
    lines = ["| env | config | players | segment | size | max | max amount |", "|---|---|---|---|---|---|---|"]
    for name, doc in docs:
        for run in doc["runs"]:
            for seg in run["segments"]:
                lines.append(f"| {doc['env']} | {name} | {run['config']['num_players']} | {seg['segment']} | "
                             f"{seg['size']} | {seg['max']:.3f} | {_number(seg.get('max_amount'))} |")
    return lines


def _number(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def main(argv: list[str] | None = None) -> int:
    """Print the tables."""
    parser = argparse.ArgumentParser(prog="python -m training.audit_report", description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=RESULTS_DIR, help="audit JSON folder")
    parser.add_argument("--segments", action="store_true", help="also every segment's largest value")
    args = parser.parse_args(argv)
    sections = [("Endings", endings_table(load(args.dir, "endings"))),
                ("Observations", observations_table(load(args.dir, "observations"))),
                ("Balance", balance_table(load(args.dir, "balance")))]
    if args.segments:
        sections.append(("Observation segments", segments_table(load(args.dir, "observations"))))
    for title, lines in sections:
        print(f"#### {title}\n")
        print("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
