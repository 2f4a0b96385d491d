"""Ship a trained model with the package: export its policy, measure it, record it in the manifest.

    python -m training.ship --model runs/mighty_gnomes_v1-2p-0/model.zip --env mighty_gnomes_v1
        [--players 2] [--games 200] [--seed 0] [--workers 2] [--levels easy,normal]

Writes ``agents/models/<name>.npz`` (the actor as float16 arrays, ``agents.shipped``), then
plays seat-balanced tournaments of ``checkpoint:name=<name>:deterministic=true`` against
``random`` and against ``scripted`` (``training.evaluate``, ``--games`` each) and stores, in
``agents/models/manifest.json`` under ``<name>``: the env id and player count, the file's
size and SHA-256, the training command and warm start read from the ``report.json`` beside the
model, and the measured win rates with their 95% Wilson intervals and the commands that measure
them again. ``python -m training.ship --show`` prints the manifest as the README's table.

``<name>`` is the game's name (the env id without its version) for a two-player policy and
``<game>_<N>p`` for N players. A one-player policy (Rise of the Gnomes alone against the Gnome
Union) has no seat to play against: it plays ``--games`` games alone at each difficulty of
``--levels`` (``--config difficulty=LEVEL``), and a win is beating the automaton.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from agents.checkpoint import load_model
from agents.shipped import MANIFEST_FILE, MODELS_DIR, SUFFIX, export_policy, manifest
from gnome_envs.core.errors import ConfigError
from gnome_envs.core.registry import game_name
from training import common
from training import evaluate as evaluate_job

DEFAULT_GAMES = 200
DEFAULT_PLAYERS = 2
DEFAULT_SEED = 0
OPPONENTS = ("random", "scripted")
DEFAULT_LEVELS = "easy,normal"  # difficulties a one-player policy is measured at
SOLO_PREFIX = "alone:difficulty="  # the "opponent" of a one-player result: the automaton at a level
REPORT_NAME = "report.json"


def build_parser() -> argparse.ArgumentParser:
    """The ``training.ship`` argument parser."""
    parser = argparse.ArgumentParser(prog="python -m training.ship",
                                     description="Export a trained model's policy into agents/models, "
                                                 "measure it against random and scripted, record it.")
    common.add_env_argument(parser)
    parser.add_argument("--model", type=Path, default=None, help="the model.zip written by training.train")
    parser.add_argument("--players", type=int, default=DEFAULT_PLAYERS,
                        help=f"player count the model was trained for (default: {DEFAULT_PLAYERS})")
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES,
                        help=f"games per opponent (default: {DEFAULT_GAMES})")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"tournament seed (default: {DEFAULT_SEED})")
    parser.add_argument("--workers", type=int, default=1, help="tournament processes (default: 1)")
    parser.add_argument("--levels", default=DEFAULT_LEVELS,
                        help=f"a one-player policy's difficulties, comma-separated (default: {DEFAULT_LEVELS})")
    parser.add_argument("--show", action="store_true", help="print the manifest as a table and exit")
    parser.add_argument("--no-progress", action="store_true", help="no progress bars")
    return parser


def sha256(path: Path) -> str:
    """Hex SHA-256 of a file."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def training_record(model_path: Path) -> dict[str, Any] | None:
    """What the run's report.json says about how the model was trained (None if it is absent)."""
    report_file = model_path.parent / REPORT_NAME
    if not report_file.is_file():
        return None
    report = json.loads(report_file.read_text())
    keep = ("argv", "config", "policy", "hyperparameters", "warm_start", "training", "reward", "opponents", "versions")
    return {key: report.get(key) for key in keep}


def model_name(env_id: str, players: int) -> str:
    """The shipped name of a policy for ``players`` seats: the game's name at two players."""
    name = game_name(env_id)
    return name if players == DEFAULT_PLAYERS else f"{name}_{players}p"


def evaluate_report(argv: list[str], what: str) -> dict[str, Any]:
    """The report of ``training.evaluate`` run with ``argv`` (quietly, into a scratch folder)."""
    with tempfile.TemporaryDirectory() as out:
        with contextlib.redirect_stdout(io.StringIO()):  # its report is read from the file
            code = evaluate_job.main([*argv, "--out", out, "--no-progress"])
        if code != 0:
            raise ConfigError(f"the evaluation {what} failed (exit {code})")
        return json.loads((Path(out) / REPORT_NAME).read_text())


def measure(args: argparse.Namespace, name: str, opponent: str) -> dict[str, Any]:
    """Seat-balanced games of the shipped policy against ``opponent``: its row of head_to_head."""
    agent = f"checkpoint:name={name}:deterministic=true"
    argv = ["--env", args.env, "--players", str(args.players), "--agents", f"{agent},{opponent}",
            "--games", str(args.games), "--seed", str(args.seed), "--workers", str(args.workers)]
    report = evaluate_report(argv, f"against {opponent}")
    row = next(r for r in report["head_to_head"] if r["agent"] == agent)
    return result_row(opponent, row, argv)


def measure_alone(args: argparse.Namespace, name: str, level: str) -> dict[str, Any]:
    """Games of a one-player policy alone at difficulty ``level``: its row of per_agent."""
    agent = f"checkpoint:name={name}:deterministic=true"
    argv = ["--env", args.env, "--players", "1", "--agents", agent, "--games", str(args.games),
            "--seed", str(args.seed), "--config", f"difficulty={level}", "--workers", str(args.workers)]
    report = evaluate_report(argv, f"at difficulty {level}")
    row = next(r for r in report["per_agent"] if r["agent"] == agent)
    return result_row(SOLO_PREFIX + level, row, argv)


def result_row(opponent: str, row: dict[str, Any], argv: list[str]) -> dict[str, Any]:
    """One manifest result: who was played, games, win rate, its interval and the command."""
    return {"opponent": opponent, "games": row["games"], "win_rate": row["win_rate"], "ci95": row["ci95"],
            "command": "python -m training.evaluate " + " ".join(argv)}


def levels(args: argparse.Namespace) -> list[str]:
    """The difficulties of ``--levels``; ConfigError when none is named."""
    named = [level.strip() for level in args.levels.split(",") if level.strip()]
    if not named:
        raise ConfigError("--levels must name at least one difficulty")
    return named


def ship(args: argparse.Namespace) -> dict[str, Any]:
    """Export, measure and record one model; returns its manifest entry."""
    if args.model is None:
        raise ConfigError("--model is required (the model.zip to ship)")
    if args.games < 2:
        raise ConfigError("--games must be at least 2 (one per seat)")
    if args.players < 1:
        raise ConfigError(f"--players must be at least 1, got {args.players}")
    alone = levels(args) if args.players == 1 else []
    name = model_name(args.env, args.players)
    path = export_policy(load_model(args.model), MODELS_DIR / f"{name}{SUFFIX}", args.env, args.players)
    results = ([measure_alone(args, name, level) for level in alone] if alone
               else [measure(args, name, opponent) for opponent in OPPONENTS])
    entry = {"env_id": args.env, "players": args.players, "file": path.name, "bytes": path.stat().st_size,
             "sha256": sha256(path), "trained": training_record(args.model), "results": results}
    document = manifest()
    document[name] = entry
    MANIFEST_FILE.write_text(json.dumps(dict(sorted(document.items())), indent=2) + "\n")
    return entry


def table(document: dict[str, Any]) -> str:
    """The manifest as a Markdown table (the README's shipped-models table)."""
    lines = ["| model | env | players | size | vs random | vs scripted | alone, by difficulty | training |",
             "|---|---|---|---|---|---|---|---|"]
    for name, entry in document.items():
        rates = {r["opponent"]: r for r in entry["results"]}
        cells = [rate_cell(rates[o]) if o in rates else "-" for o in OPPONENTS]
        alone = "; ".join(f"{o[len(SOLO_PREFIX):]} {rate_cell(r)}" for o, r in rates.items() if o.startswith(SOLO_PREFIX))
        cells.append(alone or "-")
        trained = entry.get("trained") or {}
        steps = (trained.get("training") or {}).get("timesteps")
        warm = trained.get("warm_start") or {}
        resumed = "--resume" in (trained.get("argv") or [])
        how = (f"warm start {warm.get('teacher')} x{warm.get('games')} games" if warm
               else "resumed model" if resumed else "PPO") + (f", {steps:,} PPO steps" if steps else "")
        how += "".join(f", {key}={value}" for key, value in sorted((trained.get("config") or {}).items()))
        lines.append(f"| `checkpoint:name={name}` | {entry['env_id']} | {entry['players']} | "
                     f"{entry['bytes'] / 1e6:.1f} MB | {cells[0]} | {cells[1]} | {cells[2]} | {how} |")
    return "\n".join(lines)


def rate_cell(result: dict[str, Any]) -> str:
    """A result as the table shows it: win rate [95% interval] (games)."""
    low, high = result["ci95"]
    return f"{result['win_rate']:.2f} [{low:.2f}, {high:.2f}] ({result['games']})"


def run(args: argparse.Namespace) -> int:
    """Run the job for parsed arguments."""
    if args.show:
        print(table(manifest()))
        return 0
    entry = ship(args)
    print(table({model_name(args.env, args.players): entry}))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    return common.run_cli(run, build_parser(), argv)


if __name__ == "__main__":
    sys.exit(main())
