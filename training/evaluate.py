"""Seat-balanced tournaments among any agents, with win rates, score margins and openskill ratings.

    python -m training.evaluate --env battle_gnomes_v1 --players 2 --agents random,scripted \\
        --games 100 --seed 0 [--config key=value] [--json [--per-game]] [--png chart.png] \\
        [--out DIR] [--workers 4] [--no-progress]
    python -m training.evaluate --env rise_of_the_gnomes_v1 --players 1 --agents scripted --games 100

Agent specs (``name[:key=value...]``, see ``agents``) are separated by commas and must be
distinct. With k agents at n seats the games follow a schedule (``training.schedule``): the
lineup rotated (k == n), all ordered lineups (small k > n, and always at two seats), or a cyclic
or rotated-combinations design (larger k > n); k < n is rejected. Every agent sits in every seat
equally often per schedule cycle, and ``--games`` is rounded up to whole cycles. Game g plays
table ``g mod cycle`` with seeds spawned from ``SeedSequence(seed, (g,))`` (``training.tournament``),
so the same arguments give the same tournament for any ``--workers``. Ratings are openskill
Plackett-Luce, updated game by game in game order (``training.standings``). With one player (Rise
of the Gnomes) each agent plays the Gnome Union: its win rate is the rate of beating it, and the
ratings include a ``gnome_union`` pseudo-agent.

``--json`` prints one JSON document; ``--png [PATH]`` draws ratings and win rates (default
``chart.png``); ``--out DIR`` writes ``report.json`` and ``chart.png`` there.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

from gnome_envs.core.errors import ConfigError
from gnome_envs.core.registry import get_spec
from training import common, standings, tournament
from training import schedule as schedules
from training.evaluate_output import render_text, write_chart
from training.tournament import GameRecord, TournamentSpec

DEFAULT_AGENTS = "random,scripted"
DEFAULT_GAMES = 100
DEFAULT_SEED = 0
DEFAULT_WORKERS = 1
ENV_DEFAULT = "the env's own max_steps"  # the --max-decisions default: EnvSpec.max_steps
AGENT_SEPARATOR = ","
REPORT_FILE = "report.json"
CHART_FILE = "chart.png"


def build_parser() -> argparse.ArgumentParser:
    """The ``training.evaluate`` argument parser."""
    parser = argparse.ArgumentParser(
        prog="python -m training.evaluate",
        description="Play a seat-balanced tournament among agents and report win rates (95% Wilson "
                    "intervals), score margins, placements and openskill Plackett-Luce ratings.",
        epilog="Every agent sits in every seat equally often; --games is rounded up to whole "
               "schedule cycles. Same arguments, same tournament, for any --workers.",
    )
    common.add_env_argument(parser)
    parser.add_argument("--players", type=int, default=None,
                        help="seats per game (default: the number of agents when the env allows it)")
    parser.add_argument("--agents", default=DEFAULT_AGENTS,
                        help="comma list of distinct agent specs name[:key=value...], e.g. "
                             f"random,scripted,mcts:iterations=50 (default: {DEFAULT_AGENTS})")
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES,
                        help=f"games to play, rounded up to whole schedule cycles (default: {DEFAULT_GAMES})")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED,
                        help=f"master seed, a non-negative integer (default: {DEFAULT_SEED})")
    parser.add_argument("--workers", type=int, default=DEFAULT_WORKERS,
                        help=f"processes playing games; results do not depend on it (default: {DEFAULT_WORKERS})")
    parser.add_argument("--max-decisions", type=int, default=None,
                        help="truncate a game after this many decisions; it counts as no win and "
                             f"updates no rating (default: {ENV_DEFAULT}; --config max_steps=... overrides)")
    parser.add_argument("--per-game", action="store_true",
                        help="with --json (and in --out's report.json), list every game")
    parser.add_argument("--png", type=Path, nargs="?", const=Path(CHART_FILE), default=None, metavar="PATH",
                        help=f"write a chart of ratings and win rates (PNG) to PATH (default: {CHART_FILE}, "
                             "inside --out when given)")
    parser.add_argument("--out", type=Path, default=None, metavar="DIR",
                        help=f"write {REPORT_FILE} and {CHART_FILE} into this directory")
    common.add_config_argument(parser)
    common.add_output_arguments(parser)
    return parser


def parse_agents(text: str) -> tuple[str, ...]:
    """Distinct agent specs from the comma-separated ``--agents`` value."""
    specs = tuple(spec.strip() for spec in text.split(AGENT_SEPARATOR) if spec.strip())
    if not specs:
        raise ConfigError("--agents needs at least one agent spec")
    repeated = [spec for i, spec in enumerate(specs) if spec in specs[:i]]
    if repeated:
        raise ConfigError(f"--agents lists {repeated[0]!r} more than once; agent specs must be distinct")
    return specs


def resolve_players(env_id: str, players: int | None, num_agents: int) -> int:
    """The seat count: ``--players``, else the number of agents; checked against the env."""
    counts = get_spec(env_id).player_counts
    if players is None:
        if num_agents not in counts:
            raise ConfigError(f"{env_id} takes {_counts_text(counts)} players; give --players "
                              f"(there are {num_agents} agents)")
        players = num_agents
    if players not in counts:
        raise ConfigError(f"{env_id} takes {_counts_text(counts)} players, got --players {players}")
    return players


def _counts_text(counts: tuple[int, ...]) -> str:
    return f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])


def check_args(args: argparse.Namespace) -> None:
    """Reject impossible numeric arguments and a player count given through --config."""
    for flag, value, least in (("--games", args.games, 1), ("--workers", args.workers, 1),
                               ("--seed", args.seed, 0), ("--max-decisions", args.max_decisions, 1)):
        if value is not None and value < least:
            raise ConfigError(f"{flag} must be at least {least}, got {value}")
    if "num_players" in args.config_kwargs:
        raise ConfigError("give the player count with --players, not --config num_players=...")


def build_report(args: argparse.Namespace, spec: TournamentSpec, plan: schedules.Schedule,
                 records: list[GameRecord], wall: float) -> dict[str, Any]:
    """The full JSON document of a tournament."""
    names = list(spec.agent_specs)
    cycle = len(plan.tables)
    report: dict[str, Any] = {
        "job": "evaluate", "env": spec.env_id, "env_version": spec.env_id, "players": spec.players,
        "agents": names, "seed": spec.seed, "config": args.config_kwargs,
        "max_decisions": args.max_decisions, "games_requested": args.games, "games": len(records),
        "cycles": len(records) // cycle, "rounded_up": len(records) != args.games,
        "schedule": schedule_document(plan, names),
        "per_agent": standings.summarize_agents(records, names),
        "ratings": standings.rate_games(records, names, spec.players),
        "per_seat": standings.seat_table(records, names, spec.players),
        "decision_cpu": standings.decision_times(records, names),
        **_game_facts(records, wall),
    }
    if spec.players == 2:
        report["head_to_head"] = standings.head_to_head(records, names)
    if args.per_game:
        report["per_game"] = [asdict(rec) for rec in records]
    return report


def schedule_document(plan: schedules.Schedule, names: list[str]) -> dict[str, Any]:
    """The schedule as JSON: design, description, lineups by name, seat and pair counts per cycle."""
    low, high = plan.pair_range()
    return {
        "design": plan.design, "description": plan.description, "tables_per_cycle": len(plan.tables),
        "tables": [[names[agent] for agent in table] for table in plan.tables],
        "seat_counts": {name: row for name, row in zip(names, plan.seat_counts())},
        "seat_balanced": plan.is_seat_balanced(), "pair_tables_min": low, "pair_tables_max": high,
    }


def _game_facts(records: list[GameRecord], wall: float) -> dict[str, Any]:
    lengths = [rec.decisions for rec in records]
    mean, std = common.mean_std(lengths)
    return {
        "unfinished_games": sum(1 for rec in records if not rec.finished),
        "games_no_seat_won": sum(1 for rec in records if rec.finished and not any(rec.win_shares)),
        "game_length": {"unit": "decisions", "mean": mean, "std": std,
                        "min": min(lengths, default=0), "max": max(lengths, default=0)},
        "timing": {"wall_s": wall, "games_per_s": len(records) / wall if wall > 0 else 0.0},
    }


def play(args: argparse.Namespace, spec: TournamentSpec, plan: schedules.Schedule,
         games: int) -> tuple[list[GameRecord], float]:
    """Play the tournament with a progress bar; returns the records and the wall time."""
    tournament.check_setup(spec, plan)  # bad agents or config fail here, not inside a worker
    bar = common.progress_bar(games, "tournament", disable=args.no_progress, unit="game")
    start = time.perf_counter()
    try:
        records = tournament.play_tournament(spec, plan, games, args.workers, on_game=lambda _: bar.update(1))
    finally:
        bar.close()
    return records, time.perf_counter() - start


def write_outputs(args: argparse.Namespace, report: dict[str, Any]) -> None:
    """The --png chart and the --out directory (report.json + chart.png)."""
    if args.png is not None and not (args.out is not None and args.png == Path(CHART_FILE)):
        write_chart(report, args.png)  # a bare --png with --out: the chart goes into --out below
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / REPORT_FILE).write_text(common.to_json(report), encoding="utf-8")
        write_chart(report, args.out / CHART_FILE)


def run(args: argparse.Namespace) -> int:
    """Run the tournament job for parsed arguments."""
    check_args(args)
    specs = parse_agents(args.agents)
    players = resolve_players(args.env, args.players, len(specs))
    plan = schedules.make_schedule(len(specs), players)
    config = {**common.max_steps_option(args.max_decisions), **args.config_kwargs}
    spec = TournamentSpec(args.env, players, specs, config, args.seed)
    games = math.ceil(args.games / len(plan.tables)) * len(plan.tables)
    records, wall = play(args, spec, plan, games)
    report = build_report(args, spec, plan, records, wall)
    write_outputs(args, report)
    return common.emit(report, args.json, render_text)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    return common.run_cli(run, build_parser(), argv)


if __name__ == "__main__":
    sys.exit(main())
