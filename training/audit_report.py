"""The README's endings, observation and balance tables, built from committed audit output.

    bash training/results/audits.sh [WORKERS]      # runs every audit, writes training/results/audit/
    python -m training.audit_report [--dir DIR] [--segments]
    bash training/results/reference.sh [WORKERS]   # the reference tournaments (training.evaluate)
    python -m training.audit_report --reference [DIR]
    bash training/results/search.sh [WORKERS]      # the search agent against scripted (training.evaluate)
    python -m training.audit_report --search [DIR]

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

from training.common import wilson_interval

RESULTS_DIR = Path(__file__).resolve().parent / "results" / "audit"
REFERENCE_DIR = Path(__file__).resolve().parent / "results" / "reference"
SEARCH_DIR = Path(__file__).resolve().parent / "results" / "search"
SEARCH_TARGET_S = 0.5  # issue 16: a search agent that beats scripted at <= 0.5 s per decision (mean CPU)
EVEN_SHARE = 0.5  # "beats": its share of the games either agent won lies above one half (95% interval)
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


def reference_table(directory: Path) -> list[str]:
    """Per tournament (``<env>-<players>p/report.json``) and agent: win rate, margin, rating,
    and the win rate against each other agent."""
    lines = ["| tournament | agent | seat-games | win rate [95% CI] | score margin | rating mu ± sigma (ordinal) "
             "| head-to-head win rates |", "|---|---|---|---|---|---|---|"]
    for path in sorted(directory.glob("*/report.json")):
        report = json.loads(path.read_text())
        ratings = {r["agent"]: r for r in report["ratings"]}
        title = f"{report['env']}, {report['players']}p ({report['games']} games)"
        if report["games_no_seat_won"]:
            title += f"; no player won {report['games_no_seat_won']}"
        lines.append(f"| **{title}** | | | | | | |")
        for row in report["per_agent"]:
            low, high = row["ci95"]
            rating = ratings[row["agent"]]
            pairs = ", ".join(f"{h['opponent']} {h['win_rate']:.2f}" for h in report.get("head_to_head", [])
                              if h["agent"] == row["agent"])
            lines.append(f"| | {row['agent']} | {row['games']} | {row['win_rate']:.2f} [{low:.2f}, {high:.2f}] | "
                         f"{row['margin_mean']:+.1f} | {rating['mu']:.1f} ± {rating['sigma']:.1f} "
                         f"({rating['ordinal']:.1f}) | {pairs or '-'} |")
        for rating in report["ratings"]:
            if rating.get("pseudo_agent"):
                lines.append(f"| | ({rating['agent']}) | - | - | - | {rating['mu']:.1f} ± {rating['sigma']:.1f} "
                             f"({rating['ordinal']:.1f}) | - |")
    return lines


def search_table(directory: Path) -> list[str]:
    """Per two-agent match (``<env>-<players>p/report.json``, the baseline agent listed first):
    both win rates, the search agent's share of the games one of them won (Rise: the Gnome Union
    wins the others), and both agents' CPU seconds per decision."""
    lines = ["| env | agent | games | win rate [95% CI] | scripted's win rate | share of the games either won "
             "[95% CI] | CPU s / decision (max) | scripted's CPU s / decision | beats scripted within 0.5 s |",
             "|---|---|---|---|---|---|---|---|---|"]
    for path in sorted(directory.glob("*/report.json")):
        report = json.loads(path.read_text())
        base, search = report["agents"]
        rows = {r["agent"]: r for r in report["per_agent"]}
        times = {t["agent"]: t for t in report["decision_cpu"]}
        won, lost = rows[search]["wins"], rows[base]["wins"]
        share_low, share_high = wilson_interval(won, won + lost)
        spent = times[search]["cpu_s_per_decision"]
        met = share_low > EVEN_SHARE and spent <= SEARCH_TARGET_S  # the whole interval above an even match
        low, high = rows[search]["ci95"]
        lines.append(f"| {report['env']} | `{search}` | {report['games']} | "
                     f"{rows[search]['win_rate']:.2f} [{low:.2f}, {high:.2f}] | {rows[base]['win_rate']:.2f} | "
                     f"{won / (won + lost) if won + lost else 0.0:.2f} [{share_low:.2f}, {share_high:.2f}] | "
                     f"{spent:.2f} ({times[search]['max_cpu_s']:.2f}) | "
                     f"{times[base]['cpu_s_per_decision']:.4f} | {'yes' if met else 'no'} |")
    return lines


def _number(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def main(argv: list[str] | None = None) -> int:
    """Print the tables."""
    parser = argparse.ArgumentParser(prog="python -m training.audit_report", description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=RESULTS_DIR, help="audit JSON folder")
    parser.add_argument("--segments", action="store_true", help="also every segment's largest value")
    parser.add_argument("--reference", type=Path, nargs="?", const=REFERENCE_DIR, default=None, metavar="DIR",
                        help="print the reference tournaments' table instead (default DIR: training/results/reference)")
    parser.add_argument("--search", type=Path, nargs="?", const=SEARCH_DIR, default=None, metavar="DIR",
                        help="print the search agent's table instead (default DIR: training/results/search)")
    args = parser.parse_args(argv)
    if args.reference is not None:
        print("\n".join(reference_table(args.reference)))
        return 0
    if args.search is not None:
        print("\n".join(search_table(args.search)))
        return 0
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
