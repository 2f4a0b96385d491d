"""Helpers shared by the command-line jobs: statistics, tables, ``--config`` parsing, JSON output."""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
from tqdm import tqdm

import gnome_envs
from gnome_envs.core.errors import GnomeEnvsError

Z_95 = 1.959963984540054  # two-sided 95% normal quantile
TRUE_WORDS = ("true", "yes", "on")
FALSE_WORDS = ("false", "no", "off")
NONE_WORDS = ("none", "null")
EXIT_OK = 0
EXIT_USAGE = 2  # argparse's own exit status for bad arguments
JSON_INDENT = 2
RATE_DIGITS = 3  # decimals for win rates and interval bounds
PLACEHOLDERS = ("", "-", "unavailable")  # table cells that stand for a missing number
WIN_DIGITS = 2  # decimals for win counts (ties share a win: 1/k)
DEFAULT_ENV = "gnome_village_v1"  # the main job's game
WARM_START_STORAGE = ("float32", "float16")  # dtypes the warm start may hold its observations in
DEFAULT_WARM_START_STORAGE = WARM_START_STORAGE[0]


# ---------------------------------------------------------------------------- statistics
def wilson_interval(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """Wilson score interval for a proportion (successes may be fractional: shared wins)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1.0 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1.0 - p) / trials + z * z / (4 * trials * trials)) / denom
    # The interval always contains p; the clamps only absorb rounding (p = 0 or 1).
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def mean_std(values: Sequence[float]) -> tuple[float, float]:
    """Mean and sample standard deviation (ddof=1; 0.0 for fewer than two values)."""
    if len(values) == 0:
        return (0.0, 0.0)
    array = np.asarray(values, dtype=np.float64)
    std = float(array.std(ddof=1)) if array.size > 1 else 0.0
    return (float(array.mean()), std)


def win_shares(placements: Sequence[int]) -> list[float]:
    """Per-seat share of the win: each of k seats tied for first gets 1/k, the rest 0."""
    winners = [seat for seat, place in enumerate(placements) if place == 0]
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(len(placements))]


def rate_summary(wins: float, games: int) -> dict[str, Any]:
    """Wins, games, win rate and its 95% Wilson interval as a JSON-ready dict."""
    low, high = wilson_interval(wins, games)
    return {
        "games": games,
        "wins": wins,
        "win_rate": wins / games if games else 0.0,
        "ci95": [low, high],
    }


def format_rate(summary: dict[str, Any]) -> str:
    """``0.512 [0.468, 0.556]`` from a :func:`rate_summary` dict."""
    low, high = summary["ci95"]
    d = RATE_DIGITS
    return f"{summary['win_rate']:.{d}f} [{low:.{d}f}, {high:.{d}f}]"


def format_wins(wins: float) -> str:
    """Win count with shared wins shown to two decimals: ``14``, ``14.5``, ``14.33``."""
    return f"{wins:.{WIN_DIGITS}f}".rstrip("0").rstrip(".")


def format_mean_std(mean: float, std: float, digits: int = 1) -> str:
    """``12.3 ± 4.5``."""
    return f"{mean:.{digits}f} ± {std:.{digits}f}"


# ---------------------------------------------------------------------------- tables
def format_table(headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """Plain-text table: text columns left-aligned, numeric ones right-aligned."""
    cells = [[str(h) for h in headers]] + [[_cell(v) for v in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    numeric = [all(_looks_numeric(row[i]) for row in cells[1:]) for i in range(len(headers))]

    def line(row: Sequence[str]) -> str:
        parts = [c.rjust(w) if num else c.ljust(w) for c, w, num in zip(row, widths, numeric)]
        return "  ".join(parts).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(cells[0]), rule] + [line(row) for row in cells[1:]])


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:,.3f}" if abs(value) < 1000 else f"{value:,.0f}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def _looks_numeric(text: str) -> bool:
    if text in PLACEHOLDERS:
        return True
    stripped = text.replace(",", "").replace("%", "").replace("x", "").strip()
    try:
        float(stripped)
    except ValueError:
        return False
    return True


def max_steps_option(max_decisions: int | None) -> dict[str, Any]:
    """``{"max_steps": n}`` for a ``--max-decisions n``; nothing (the env's default) for None."""
    return {} if max_decisions is None else {"max_steps": max_decisions}


# ---------------------------------------------------------------------------- --config
def parse_value(text: str) -> Any:
    """Typed value of a ``--config`` right-hand side: bool, None, int, float, else the string; a
    comma makes a list (``empires,trolls_bridge``; ``empires,`` is a list of one)."""
    if "," in text:
        return [parse_value(part) for part in text.split(",") if part.strip()]
    lowered = text.strip().lower()
    if lowered in TRUE_WORDS:
        return True
    if lowered in FALSE_WORDS:
        return False
    if lowered in NONE_WORDS:
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            continue
    return text


def parse_config(items: Iterable[str] | None) -> dict[str, Any]:
    """``["deluxe=true", "max_steps=300"]`` -> ``{"deluxe": True, "max_steps": 300}``."""
    config: dict[str, Any] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise argparse.ArgumentTypeError(f"--config expects key=value, got {item!r}")
        config[key.strip()] = parse_value(value)
    return config


# ---------------------------------------------------------------------------- argparse
def add_env_argument(parser: argparse.ArgumentParser) -> None:
    """``--env`` restricted to the registered env ids."""
    parser.add_argument(
        "--env", default=DEFAULT_ENV, choices=gnome_envs.ENV_IDS,
        help=f"registered env id (default: {DEFAULT_ENV})",
    )


def add_config_argument(parser: argparse.ArgumentParser) -> None:
    """Repeatable ``--config key=value`` (true/false -> bool, digits -> int)."""
    parser.add_argument(
        "--config", action="append", default=[], metavar="KEY=VALUE",
        help="game or adapter option, repeatable, e.g. --config deluxe=true "
             "(true/false -> bool, integers -> int, none -> None, a,b -> list, a, -> list of one)",
    )


def add_output_arguments(parser: argparse.ArgumentParser) -> None:
    """``--json`` and ``--no-progress``."""
    parser.add_argument(
        "--json", action="store_true",
        help="print one JSON document to stdout instead of tables (progress stays on stderr)",
    )
    parser.add_argument("--no-progress", action="store_true", help="hide the progress bar")


def progress_bar(total: int, desc: str, disable: bool = False, unit: str = "it") -> tqdm:
    """A tqdm bar on stderr."""
    return tqdm(total=total, desc=desc, unit=unit, file=sys.stderr, disable=disable, dynamic_ncols=True)


def to_json(document: dict[str, Any]) -> str:
    """``document`` as indented JSON text (numpy scalars and arrays converted)."""
    return json.dumps(document, indent=JSON_INDENT, default=_json_default) + "\n"


def emit(report: dict[str, Any], as_json: bool, render: Callable[[dict[str, Any]], str]) -> int:
    """Print ``report`` as JSON or as the job's text rendering; return the success exit code."""
    if as_json:
        print_json(report)
    else:
        print(render(report))
    return EXIT_OK


def print_json(document: dict[str, Any]) -> None:
    """Write ``document`` to stdout as one JSON document."""
    sys.stdout.write(to_json(document))
    sys.stdout.flush()


def _json_default(value: Any) -> Any:
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, np.ndarray):
        return value.tolist()
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


def run_cli(job: Callable[[argparse.Namespace], int], parser: argparse.ArgumentParser,
            argv: list[str] | None) -> int:
    """Parse ``argv`` and run ``job``; a bad config or env error prints a message, exits 2."""
    args = parser.parse_args(argv)
    try:
        args.config_kwargs = parse_config(getattr(args, "config", None))
        return job(args)
    except (GnomeEnvsError, argparse.ArgumentTypeError) as error:
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        return EXIT_USAGE
