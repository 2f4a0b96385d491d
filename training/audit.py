"""Audits of the games as benchmarks: endings, observation ranges, and balance.

    python -m training.audit endings --env ENV [--players 2 3] [--config k=v] [--games 50]
                                     [--policies random,first,last,pass,scripted] [--max-steps N]
    python -m training.audit observations --env ENV [--players 2] [--games 1000] [--agent scripted]
    python -m training.audit balance --env ENV --players N [--games 200] [--agent scripted] [--lineups]

Every audit plays games on the engine directly (``Game.new_state``, ``apply``); a decision is
what the AEC adapter counts as a step, so ``max_steps`` here means what it means there.

* **endings**: how each policy's games end. Policies: ``random`` (uniform over the mask),
  ``first`` / ``last`` (the lowest / highest legal index), ``pass`` (a legal action from the
  game's ``pass_actions`` with probability 0.9, else uniform) and ``scripted`` (the game's
  scripted agent in every seat). A game ends by the rules, by a designed limit of the game
  (``State.truncated_by``, by name), or at the env's default ``max_steps`` (``EnvSpec.max_steps``;
  ``--max-steps`` overrides). Decisions per game: mean, 99th percentile, max.
* **observations**: every decision point's observation of the seat to move, per named
  segment: the largest value, and the entries that *saturate*: entries that take values
  other than 0 and 1 (so they encode an amount, not a flag) and still reach the Box bound 1.0,
  the share of decision points at which they sit there, and what the entry is. Values outside
  [0, 1] are errors.
* **balance**: self-play of one agent in every seat: the win rate of each seat and of each
  value of ``State.audit_tags(seat)`` (secret goal, race, colour ...), with 95% Wilson
  intervals next to the fair share: the players' wins split evenly over the n seats, 1/n when
  every game has a winner (shared first places split the win; a game nobody wins, such as a
  Gnome Union victory or a truncation, credits no seat and lowers the fair share with it); and
  the mean of every ``State.audit_events()`` key. ``--lineups`` cycles the games over every
  seat line-up of races the config allows (a config with ``race_lineups()``: Dwar7s Fall), so
  that each race is measured at every seat and beside every other race.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

import agents
from agents.base import choose_action
from gnome_envs.core.engine import State
from gnome_envs.core.errors import ConfigError
from gnome_envs.core.registry import get_spec, make_game
from training import common

POLICIES = ("random", "first", "last", "pass", "scripted")
PASS_PROBABILITY = 0.9  # the pass-biased policy's preference for a pass action
DEFAULT_GAMES = {"endings": 50, "observations": 1000, "balance": 200}
DEFAULT_SEED = 0
DEFAULT_AGENT = "scripted"
FAIR_LOW, FAIR_HIGH = 2 / 3, 1.5  # a tag's win rate outside [FAIR_LOW, FAIR_HIGH] x fair is flagged
SATURATION_BOUND = 1.0  # the observation Box's upper bound
PERCENTILE = 99
ENDED_BY_RULES = "rules"
ENDED_BY_MAX_STEPS = "max_steps"
SHOWN_SATURATED = 8  # saturated entries listed per segment in the text report
GAME_SEED_STRIDE = 1_000_003  # per-game seeds: seed * stride + game (distinct across audits)


# ---------------------------------------------------------------------------- policies
Chooser = Callable[[State, np.random.Generator], int]


def make_chooser(policy: str, env_id: str) -> Chooser:
    """A function picking the current player's action for one audit policy."""
    if policy == "scripted":
        agent = agents.make("scripted", env_id)
        return lambda state, rng: choose_action(agent, state, rng)
    if policy not in POLICIES:
        raise argparse.ArgumentTypeError(f"unknown policy {policy!r}; choose from {POLICIES}")
    return _MASK_CHOOSERS[policy]


def _random(state: State, rng: np.random.Generator) -> int:
    legal = np.flatnonzero(state.legal_action_mask())
    return int(legal[rng.integers(legal.size)])


def _first(state: State, rng: np.random.Generator) -> int:
    return int(np.flatnonzero(state.legal_action_mask())[0])


def _last(state: State, rng: np.random.Generator) -> int:
    return int(np.flatnonzero(state.legal_action_mask())[-1])


def _pass_biased(state: State, rng: np.random.Generator) -> int:
    legal = np.flatnonzero(state.legal_action_mask())
    passes = [a for a in legal.tolist() if a in state.game.pass_actions]
    if passes and rng.random() < PASS_PROBABILITY:
        return int(passes[rng.integers(len(passes))])
    return int(legal[rng.integers(legal.size)])


_MASK_CHOOSERS: dict[str, Chooser] = {"random": _random, "first": _first, "last": _last, "pass": _pass_biased}


def game_seed(seed: int, game: int) -> int:
    """The seed of game ``game`` of an audit run with ``seed``."""
    return seed * GAME_SEED_STRIDE + game


# ---------------------------------------------------------------------------- endings
def play_ending(env_id: str, config: dict[str, Any], policy: str, seed: int, cap: int | None) -> tuple[str, int]:
    """Play one game with ``policy`` in every seat: (how it ended, agent decisions)."""
    state = make_game(env_id, **config).new_state(seed)
    choose = make_chooser(policy, env_id)
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        if cap is not None and state.decisions >= cap:
            return ENDED_BY_MAX_STEPS, state.decisions
        state.apply(choose(state, rng))
    return (state.truncated_by or ENDED_BY_RULES), state.decisions


def _ending_job(job: tuple) -> tuple[str, int]:
    return play_ending(*job)


def audit_endings(env_id: str, config: dict[str, Any], policies: Sequence[str], games: int,
                  seed: int, cap: int | None, workers: int) -> list[dict[str, Any]]:
    """One row per policy: how its games ended and how long they were."""
    rows = []
    for policy in policies:
        jobs = [(env_id, config, policy, game_seed(seed, g), cap) for g in range(games)]
        results = _run(_ending_job, jobs, workers)
        endings: dict[str, int] = defaultdict(int)
        for how, _ in results:
            endings[how] += 1
        lengths = np.array([n for _, n in results], dtype=np.float64)
        rows.append({
            "config": config, "policy": policy, "games": games, "max_steps": cap,
            "ended_by_rules": endings.pop(ENDED_BY_RULES, 0),
            "reached_max_steps": endings.pop(ENDED_BY_MAX_STEPS, 0),
            "truncated_by_limit": dict(sorted(endings.items())),
            "decisions_mean": float(lengths.mean()),
            "decisions_p99": float(np.percentile(lengths, PERCENTILE)),
            "decisions_max": int(lengths.max()),
        })
    return rows


# ---------------------------------------------------------------------------- observations
class ObservationStats:
    """Running per-entry statistics of observation vectors."""

    def __init__(self, size: int) -> None:
        self.count = 0
        self.high = np.full(size, -np.inf)
        self.low = np.full(size, np.inf)
        self.fractional = np.zeros(size, dtype=bool)  # took a value other than 0 and 1
        self.at_bound = np.zeros(size, dtype=np.int64)

    def add(self, vector: np.ndarray) -> None:
        """Fold one observation in."""
        self.count += 1
        np.maximum(self.high, vector, out=self.high)
        np.minimum(self.low, vector, out=self.low)
        self.fractional |= (vector != 0.0) & (vector != 1.0)
        self.at_bound += vector >= SATURATION_BOUND

    def merge(self, other: ObservationStats) -> None:
        """Fold another worker's statistics in."""
        self.count += other.count
        np.maximum(self.high, other.high, out=self.high)
        np.minimum(self.low, other.low, out=self.low)
        self.fractional |= other.fractional
        self.at_bound += other.at_bound


def observe_games(env_id: str, config: dict[str, Any], agent: str, seeds: Sequence[int]) -> ObservationStats:
    """Statistics of the mover's observation at every decision point of the given games."""
    game = make_game(env_id, **config)
    stats = ObservationStats(game.observation_size)
    choose = make_chooser(agent, env_id) if agent in POLICIES else _agent_chooser(agent, env_id)
    for seed in seeds:
        state = game.new_state(seed)
        rng = np.random.default_rng(seed)
        cap = get_spec(env_id).max_steps
        while not state.is_terminal() and state.decisions < cap:
            stats.add(state.observation(state.current_player))
            state.apply(choose(state, rng))
    return stats


def _agent_chooser(spec: str, env_id: str) -> Chooser:
    agent = agents.make(spec, env_id)
    return lambda state, rng: choose_action(agent, state, rng)


def _observe_job(job: tuple) -> ObservationStats:
    return observe_games(*job)


def audit_observations(env_id: str, config: dict[str, Any], agent: str, games: int, seed: int,
                       workers: int) -> dict[str, Any]:
    """Per segment: the largest value, saturated entries, and out-of-range values."""
    seeds = [game_seed(seed, g) for g in range(games)]
    chunks = [seeds[i::max(1, workers)] for i in range(max(1, workers))]
    parts = _run(_observe_job, [(env_id, config, agent, chunk) for chunk in chunks if chunk], workers)
    stats = parts[0]
    for part in parts[1:]:
        stats.merge(part)
    layout = make_game(env_id, **config).observation_layout
    segments = []
    for segment in layout:
        part = slice(segment.start, segment.stop)
        high = stats.high[part]
        saturated = np.flatnonzero(stats.fractional[part] & (high >= SATURATION_BOUND))
        segments.append({
            "segment": segment.name, "size": segment.size,
            "max": float(high.max()) if high.size else 0.0,
            "min": float(stats.low[part].min()) if high.size else 0.0,
            # the largest value of the entries that took a fractional value (amounts, not flags)
            "max_amount": float(high[stats.fractional[part]].max()) if stats.fractional[part].any() else None,
            "saturated_entries": [
                {"index": int(segment.start + i), "offset": int(i),
                 "share_at_bound": float(stats.at_bound[segment.start + i] / max(1, stats.count))}
                for i in saturated
            ],
            "out_of_range": bool(high.size and (high.max() > SATURATION_BOUND or stats.low[part].min() < 0.0)),
        })
    return {"config": config, "agent": agent, "games": games, "decision_points": stats.count,
            "segments": segments,
            "saturated": sum(len(s["saturated_entries"]) for s in segments),
            "out_of_range": [s["segment"] for s in segments if s["out_of_range"]]}


# ---------------------------------------------------------------------------- balance
def play_balance(env_id: str, config: dict[str, Any], agent: str, seed: int) -> dict[str, Any]:
    """One self-play game: win shares, tags per seat, events, and how it ended."""
    state = make_game(env_id, **config).new_state(seed)
    choose = make_chooser(agent, env_id) if agent in POLICIES else _agent_chooser(agent, env_id)
    rng = np.random.default_rng(seed)
    cap = get_spec(env_id).max_steps
    while not state.is_terminal() and state.decisions < cap:
        state.apply(choose(state, rng))
    n = state.game.num_players
    ended = state.truncated_by or (ENDED_BY_RULES if state.is_terminal() else ENDED_BY_MAX_STEPS)
    shares = np.clip(state.returns(), 0.0, None) if ended == ENDED_BY_RULES else np.zeros(n)
    return {"shares": shares.tolist(), "tags": [state.audit_tags(s) for s in range(n)],
            "events": state.audit_events(), "ended": ended, "decisions": state.decisions}


def _balance_job(job: tuple) -> dict[str, Any]:
    return play_balance(*job)


def race_lineups(env_id: str, config: dict[str, Any]) -> tuple[tuple[str, ...], ...]:
    """Every seat line-up of races ``config`` allows (ConfigError for a game without races)."""
    game_config = make_game(env_id, **config).config
    lineups = getattr(game_config, "race_lineups", None)
    if lineups is None:
        raise ConfigError(f"{env_id} has no races option: --lineups applies to configs with race_lineups()")
    return lineups()


def game_configs(env_id: str, config: dict[str, Any], games: int, lineups: bool) -> list[dict[str, Any]]:
    """The config of each game: ``config``, or game g at line-up g modulo their number."""
    if not lineups:
        return [config] * games
    every = race_lineups(env_id, config)
    return [{**config, "races": every[g % len(every)]} for g in range(games)]


def audit_balance(env_id: str, config: dict[str, Any], agent: str, games: int, seed: int,
                  workers: int, lineups: bool = False) -> dict[str, Any]:
    """Win rates by seat and by tag value, with the fair share, and mean events."""
    configs = game_configs(env_id, config, games, lineups)
    results = _run(_balance_job, [(env_id, configs[g], agent, game_seed(seed, g)) for g in range(games)], workers)
    n = len(results[0]["shares"])
    won = sum(sum(result["shares"]) for result in results)  # games some seat won
    fair = won / (n * len(results)) if won else 1.0 / n
    groups: dict[tuple[str, str], list[float]] = defaultdict(list)
    events: dict[str, list[float]] = defaultdict(list)
    endings: dict[str, int] = defaultdict(int)
    for result in results:
        endings[result["ended"]] += 1
        for seat, share in enumerate(result["shares"]):
            groups[("seat", str(seat))].append(share)
            for key, value in sorted(result["tags"][seat].items()):
                groups[(key, str(value))].append(share)
        for key, value in result["events"].items():
            events[key].append(float(value))
    rows = []
    for (tag, value), shares in sorted(groups.items()):
        summary = common.rate_summary(float(sum(shares)), len(shares))
        ratio = summary["win_rate"] / fair
        rows.append({"tag": tag, "value": value, **summary, "fair": fair, "ratio": ratio,
                     "outside_band": not FAIR_LOW <= ratio <= FAIR_HIGH})
    report = {"config": config, "agent": agent, "games": games, "fair_share": fair,
            "endings": dict(sorted(endings.items())),
            "nobody_won": sum(1 for r in results if sum(r["shares"]) == 0),
            "rates": rows,
            "events": {k: {"mean": float(np.mean(v)), "games": len(v)} for k, v in sorted(events.items())}}
    if lineups:
        report["lineups"] = len({c["races"] for c in configs})
    return report


# ---------------------------------------------------------------------------- running
def _run(function: Callable[[tuple], Any], jobs: list[tuple], workers: int) -> list[Any]:
    if workers <= 1 or len(jobs) <= 1:
        return [function(job) for job in jobs]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(function, jobs, chunksize=max(1, len(jobs) // (4 * workers))))


def player_configs(env_id: str, players: Sequence[int] | None, config: dict[str, Any]) -> list[dict[str, Any]]:
    """One config per player count (default: every count the env registers)."""
    counts = players or get_spec(env_id).player_counts
    return [{"num_players": n, **config} for n in counts]


# ---------------------------------------------------------------------------- text output
def render_endings(report: dict[str, Any]) -> str:
    """The endings audit as a table."""
    headers = ["players", "policy", "games", "rules", "limit", "max_steps", "mean", "p99", "max"]
    rows = []
    for row in report["rows"]:
        limits = ", ".join(f"{k} {v}" for k, v in row["truncated_by_limit"].items()) or "0"
        rows.append([row["config"]["num_players"], row["policy"], row["games"], row["ended_by_rules"], limits,
                     row["reached_max_steps"], round(row["decisions_mean"], 1), round(row["decisions_p99"], 1),
                     row["decisions_max"]])
    extra = {k: v for k, v in report["config"].items()}
    head = f"{report['env']} endings (max_steps {report['max_steps']}; config {extra or 'default'})"
    return head + "\n" + common.format_table(headers, rows)


def render_observations(report: dict[str, Any]) -> str:
    """The observation audit, one block per config."""
    blocks = []
    for run in report["runs"]:
        rows = []
        for s in run["segments"]:
            shown = ", ".join(f"+{e['offset']} ({e['share_at_bound']:.1%})" for e in s["saturated_entries"][:SHOWN_SATURATED])
            more = len(s["saturated_entries"]) - SHOWN_SATURATED
            shown += f" ... {more} more" if more > 0 else ""
            rows.append([s["segment"], s["size"], round(s["max"], 4), len(s["saturated_entries"]), shown or "-"])
        blocks.append(f"{report['env']} {run['config']}: {run['games']} {run['agent']} games, "
                      f"{run['decision_points']:,} decision points, {run['saturated']} saturated entries, "
                      f"out of range: {run['out_of_range'] or 'none'}\n"
                      + common.format_table(["segment", "size", "max", "saturated", "entries (share at 1.0)"], rows))
    return "\n\n".join(blocks)


def render_balance(report: dict[str, Any]) -> str:
    """The balance audit, one block per config."""
    blocks = []
    for run in report["runs"]:
        rows = [[r["tag"], r["value"], r["games"], common.format_rate(r), round(r["ratio"], 2),
                 "OUTSIDE" if r["outside_band"] else ""] for r in run["rates"]]
        events = "\n".join(f"  {k}: {v['mean']:.3f} (over {v['games']} games)" for k, v in run["events"].items())
        over = f" over {run['lineups']} race line-ups" if "lineups" in run else ""
        blocks.append(f"{report['env']} {run['config']}: {run['games']} {run['agent']} self-play games{over}, "
                      f"fair share {run['fair_share']:.3f}, endings {run['endings']}, nobody won {run['nobody_won']}\n"
                      + common.format_table(["tag", "value", "seat-games", "win rate [95% CI]", "x fair", ""], rows)
                      + (f"\nevents (mean per game):\n{events}" if events else ""))
    return "\n\n".join(blocks)


# ---------------------------------------------------------------------------- CLI
def build_parser() -> argparse.ArgumentParser:
    """The ``training.audit`` argument parser."""
    parser = argparse.ArgumentParser(prog="python -m training.audit", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="audit", required=True)
    for name, text in (("endings", "how each policy's games end, and their lengths"),
                       ("observations", "observation ranges and saturated entries per segment"),
                       ("balance", "win rates by seat and by audit tag, and mean audit events")):
        p = sub.add_parser(name, help=text, description=text)
        common.add_env_argument(p)
        p.add_argument("--players", type=int, nargs="+", help="player counts (default: every registered count)")
        common.add_config_argument(p)
        p.add_argument("--games", type=int, default=DEFAULT_GAMES[name], help=f"games per config (default {DEFAULT_GAMES[name]})")
        p.add_argument("--seed", type=int, default=DEFAULT_SEED, help="base seed (default 0)")
        p.add_argument("--workers", type=int, default=1, help="processes (same results for any count)")
        p.add_argument("--json", action="store_true", help="print one JSON document")
        if name == "endings":
            p.add_argument("--policies", default=",".join(POLICIES), help=f"comma list of {POLICIES}")
            p.add_argument("--max-steps", type=int, help="decision cap (default: the env's max_steps)")
        else:
            p.add_argument("--agent", default=DEFAULT_AGENT, help="agent spec or audit policy in every seat")
        if name == "balance":
            p.add_argument("--lineups", action="store_true",
                           help="cycle the games over every seat line-up of races the config allows")
    return parser


def run(args: argparse.Namespace) -> int:
    """Run the chosen audit and print it."""
    configs = player_configs(args.env, args.players, args.config_kwargs)
    report: dict[str, Any] = {"env": args.env, "config": args.config_kwargs, "audit": args.audit}
    if args.audit == "endings":
        policies = [p.strip() for p in args.policies.split(",") if p.strip()]
        for policy in policies:
            make_chooser(policy, args.env)  # unknown policy: fail before playing
        cap = args.max_steps or get_spec(args.env).max_steps
        report["max_steps"] = cap
        report["rows"] = [row for config in configs
                          for row in audit_endings(args.env, config, policies, args.games, args.seed, cap, args.workers)]
        return common.emit(report, args.json, render_endings)
    if args.audit == "observations":
        report["runs"] = [audit_observations(args.env, c, args.agent, args.games, args.seed, args.workers) for c in configs]
        return common.emit(report, args.json, render_observations)
    report["runs"] = [audit_balance(args.env, c, args.agent, args.games, args.seed, args.workers, args.lineups)
                      for c in configs]
    return common.emit(report, args.json, render_balance)


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m training.audit``."""
    return common.run_cli(run, build_parser(), argv)


if __name__ == "__main__":
    sys.exit(main())
