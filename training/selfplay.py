"""Headless self-play through the full PettingZoo AEC API, with seat-balanced results.

    python -m training.selfplay --env gnome_village_v1 --players 3 --games 500 \\
        --agents random,scripted,random --seed 0 --config deluxe=true [--json]

Game g seats the agent list rotated by g mod n (seat s plays agent (s + g) mod n), so every
agent plays every seat equally often when the number of games is a multiple of n. A tie for
first shares the win: each of k co-winners is credited 1/k.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

import agents
import gnome_envs
from agents.base import Policy, choose_action
from gnome_envs.core.aec import GnomeAECEnv
from gnome_envs.core.errors import ConfigError
from gnome_envs.core.registry import get_spec
from training import common

DEFAULT_GAMES = 100
DEFAULT_SEED = 0
DEFAULT_AGENT = "random"
AGENT_SEPARATOR = ","
GAME_SEED_BOUND = 2**63  # per-game seeds are drawn below this bound
ENV_DEFAULT = "the env's own max_steps"  # the --max-decisions default: EnvSpec.max_steps
SCORE_DIGITS = 1
ROTATION_NOTE = "game g seats the agent list rotated by g mod n: seat s plays agent (s + g) mod n"


@dataclass
class GameRecord:
    """What one finished (or truncated) game produced."""

    game: int
    seed: int
    seat_agents: list[str]
    scores: list[float]
    placements: list[int] | None
    win_shares: list[float]
    decisions: int
    finished: bool


# ---------------------------------------------------------------------------- arguments
def build_parser() -> argparse.ArgumentParser:
    """The ``training.selfplay`` argument parser."""
    parser = argparse.ArgumentParser(
        prog="python -m training.selfplay",
        description="Play agents against each other headless through the PettingZoo AEC API "
                    "and report seat-balanced win rates (95% Wilson intervals), scores, "
                    "game lengths and speed.",
        epilog=f"Seat rotation: {ROTATION_NOTE}.",
    )
    common.add_env_argument(parser)
    parser.add_argument("--players", type=int, default=None,
                        help="number of players (default: the length of --agents if it names "
                             "more than one, else the env's smallest player count)")
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES,
                        help=f"games to play (default: {DEFAULT_GAMES})")
    parser.add_argument("--agents", default=DEFAULT_AGENT,
                        help="comma list, one agent name per seat, e.g. random,scripted,random; "
                             f"a single name fills every seat (default: {DEFAULT_AGENT})")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED,
                        help=f"master seed: same arguments, same results (default: {DEFAULT_SEED})")
    parser.add_argument("--max-decisions", type=int, default=None,
                        help="truncate a game after this many decisions (counted as no win); a "
                             "safety cap against policies that stall the game "
                             f"(default: {ENV_DEFAULT}; --config max_steps=... overrides)")
    parser.add_argument("--per-game", action="store_true",
                        help="with --json, also list every game (seed, seats, scores, length)")
    common.add_config_argument(parser)
    common.add_output_arguments(parser)
    return parser


def resolve_lineup(env_id: str, agents_text: str, players: int | None) -> tuple[int, list[str]]:
    """Player count and one agent name per seat from ``--players`` and ``--agents``."""
    names = [name.strip() for name in agents_text.split(AGENT_SEPARATOR) if name.strip()]
    if not names:
        raise ConfigError("--agents needs at least one agent name")
    if players is None:
        players = len(names) if len(names) > 1 else get_spec(env_id).player_counts[0]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ConfigError(f"--agents names {len(names)} agents for {players} players; "
                          "give one name per seat or a single name")
    return players, names


def rotated(names: list[str], game: int) -> list[str]:
    """The agent list seated for game ``game``: rotated left by ``game mod n``."""
    shift = game % len(names)
    return names[shift:] + names[:shift]


# ---------------------------------------------------------------------------- playing
def play_game(env: GnomeAECEnv, seat_policies: list[Policy], seed: int,
              rng: np.random.Generator) -> tuple[int, bool]:
    """Play one game through the AEC API; returns (agent decisions, finished)."""
    env.reset(seed=seed)
    decisions = 0
    for _agent in env.agent_iter():
        _obs, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        state = env.unwrapped.game_state
        env.step(choose_action(seat_policies[state.current_player], state, rng))
        decisions += 1
    state = env.unwrapped.game_state
    return decisions, state.is_terminal() and not state.is_truncated()


def run_games(env_id: str, names: list[str], games: int, seed: int, config: dict[str, Any],
              show_progress: bool = True) -> tuple[list[GameRecord], float]:
    """Play ``games`` rotated games; returns the records and the wall time in seconds."""
    players = len(names)
    env = gnome_envs.make(env_id, num_players=players, **config)
    policies = {name: agents.make(name, env_id) for name in dict.fromkeys(names)}
    seed_stream, policy_stream = np.random.SeedSequence(seed).spawn(2)
    seed_rng = np.random.default_rng(seed_stream)
    policy_rng = np.random.default_rng(policy_stream)
    records: list[GameRecord] = []
    bar = common.progress_bar(games, "self-play", disable=not show_progress, unit="game")
    start = time.perf_counter()
    for game in range(games):
        seated = rotated(names, game)
        game_seed = int(seed_rng.integers(GAME_SEED_BOUND))
        decisions, finished = play_game(env, [policies[n] for n in seated], game_seed, policy_rng)
        records.append(_record(env, game, game_seed, seated, decisions, finished))
        bar.update(1)
    wall = time.perf_counter() - start
    bar.close()
    env.close()
    return records, wall


def _record(env: GnomeAECEnv, game: int, seed: int, seated: list[str], decisions: int,
            finished: bool) -> GameRecord:
    state = env.unwrapped.game_state
    players = len(seated)
    scores = [float(x) for x in state.scores()[:players]]
    placements = [int(p) for p in state.placements()[:players]] if finished else None
    shares = common.win_shares(placements) if placements is not None else [0.0] * players
    return GameRecord(game, seed, seated, scores, placements, shares, decisions, finished)


# ---------------------------------------------------------------------------- summary
def _group_row(label_key: str, label: Any, wins: float, games: int,
               scores: list[float]) -> dict[str, Any]:
    mean, std = common.mean_std(scores)
    return {label_key: label, **common.rate_summary(wins, games), "score_mean": mean, "score_std": std}


def summarize(records: list[GameRecord], names: list[str], wall: float) -> dict[str, Any]:
    """Per-seat and per-agent results, game lengths and speed from the game records."""
    players = len(names)
    seat_wins, agent_wins = defaultdict(float), defaultdict(float)
    seat_scores, agent_scores = defaultdict(list), defaultdict(list)
    for rec in records:
        for seat, agent in enumerate(rec.seat_agents):
            seat_wins[seat] += rec.win_shares[seat]
            agent_wins[agent] += rec.win_shares[seat]
            seat_scores[seat].append(rec.scores[seat])
            agent_scores[agent].append(rec.scores[seat])
    per_seat = [_group_row("seat", s, seat_wins[s], len(records), seat_scores[s]) for s in range(players)]
    per_agent = []
    for agent in dict.fromkeys(names):
        row = _group_row("agent", agent, agent_wins[agent], len(agent_scores[agent]), agent_scores[agent])
        per_agent.append({**row, "seats_per_game": names.count(agent)})
    lengths = [rec.decisions for rec in records]
    mean_len, std_len = common.mean_std(lengths)
    total = sum(lengths)
    return {
        "per_seat": per_seat,
        "per_agent": per_agent,
        "game_length": {"unit": "decisions", "mean": mean_len, "std": std_len,
                        "min": min(lengths, default=0), "max": max(lengths, default=0)},
        "unfinished_games": sum(1 for rec in records if not rec.finished),
        "games_no_seat_won": sum(1 for rec in records if rec.finished and not any(rec.win_shares)),
        "total_decisions": total,
        "reference_win_rate": 1.0 / players,
        "timing": {"wall_s": wall, "steps_per_s": total / wall if wall > 0 else 0.0,
                   "games_per_s": len(records) / wall if wall > 0 else 0.0},
    }


def build_report(args: argparse.Namespace, players: int, names: list[str],
                 records: list[GameRecord], wall: float) -> dict[str, Any]:
    """The full JSON document of a self-play run."""
    report: dict[str, Any] = {
        "job": "selfplay", "env": args.env, "players": players, "games": len(records),
        "seed": args.seed, "config": args.config_kwargs, "max_decisions": args.max_decisions,
        "agents": names,
        "seat_rotation": ROTATION_NOTE, "seat_balanced": len(records) % players == 0,
        **summarize(records, names, wall),
    }
    if args.per_game:
        report["per_game"] = [asdict(rec) for rec in records]
    return report


# ---------------------------------------------------------------------------- text output
def render_text(report: dict[str, Any]) -> str:
    """Human-readable tables of a self-play report."""
    n, d = report["players"], SCORE_DIGITS
    headers = ["{}", "games", "wins", "win rate [95% CI]", "score mean ± std"]
    seat_rows = [[r["seat"], r["games"], common.format_wins(r["wins"]), common.format_rate(r),
                  common.format_mean_std(r["score_mean"], r["score_std"], d)] for r in report["per_seat"]]
    agent_rows = [[r["agent"], r["games"], common.format_wins(r["wins"]), common.format_rate(r),
                   common.format_mean_std(r["score_mean"], r["score_std"], d)] for r in report["per_agent"]]
    length, timing = report["game_length"], report["timing"]
    balance = "balanced" if report["seat_balanced"] else f"not balanced: games is not a multiple of {n}"
    lines = [
        (f"Self-play {report['env']}: {n} players, {report['games']} games, seed {report['seed']}, "
        f"config {report['config'] or '{}'}"),
        f"Agents: {', '.join(report['agents'])}",
        f"Seats rotate ({balance}): {report['seat_rotation']}. A tie for first shares the win (1/k each).",
        "", "Per seat", common.format_table([h.format("seat") for h in headers], seat_rows),
        "", "Per agent (games = seat-games)",
        common.format_table([h.format("agent") for h in headers], agent_rows),
        "", (f"Reference win rate for equal agents: 1/{n} = {report['reference_win_rate']:.3f}" if n > 1 else
             "Single player: the win rate is the rate of beating the game's automated rival"),
        (f"Game length: {length['mean']:.1f} ± {length['std']:.1f} decisions "
        f"(min {length['min']}, max {length['max']})"),
        (f"Speed: {report['total_decisions']:,} steps in {timing['wall_s']:.2f} s wall: "
        f"{timing['steps_per_s']:,.0f} steps/s, {timing['games_per_s']:,.2f} games/s"),
    ]
    if report["games_no_seat_won"]:
        lines.append(f"Finished games no seat won (an automated rival won): {report['games_no_seat_won']}")
    if report["unfinished_games"]:
        lines.append(f"Unfinished (truncated) games, counted as no win: {report['unfinished_games']}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Run the self-play job for parsed arguments."""
    if args.games < 1:
        raise ConfigError(f"--games must be at least 1, got {args.games}")
    players, names = resolve_lineup(args.env, args.agents, args.players)
    config = {**common.max_steps_option(args.max_decisions), **args.config_kwargs}
    records, wall = run_games(args.env, names, args.games, args.seed, config,
                              show_progress=not args.no_progress)
    report = build_report(args, players, names, records, wall)
    return common.emit(report, args.json, render_text)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    return common.run_cli(run, build_parser(), argv)


if __name__ == "__main__":
    sys.exit(main())
