"""Speed benchmark: random masked games through the full PettingZoo AEC API, side by side.

    python -m training.benchmark [--seconds 5] [--envs gnome_village_v1 connect_four_v3 floor_v0]
                                 [--players 2] [--config key=value] [--all-configs] [--rounds 3]
                                 [--profile [N]] [--json]
    python -m training.benchmark --show training/results/benchmark.json [--markdown]

One process, one thread, timed in that thread's CPU time: every registered gnome env,
PettingZoo's ``connect_four_v3`` (the yardstick) and a trivial turn-taking AEC env
(``training.floor_env``, the API's floor) each play random games for about ``--seconds``:
``reset(seed=g)``, ``agent_iter``, ``last()``, a uniform pick among
``np.flatnonzero(obs["action_mask"])`` from one shared Generator, ``step``. With other envs,
``connect_four_v3`` plays in turn with each of them, ``PAIR_SLICE_S`` of whole games at a time,
and an env's ratio to it is taken from those turns alone: on a shared machine a rate alone moves
by a third between minutes, the ratio of two rates met in turn by a few percent. Its own row
pools its turns beside every env. For the gnome envs the costs of an AEC step, of the mover's
``observation()`` (one per step, in ``last()``) and of ``game_state.clone()`` are timed position
by position over 40 more games (``position_costs``: a game timing its steps, the next its
observations, in turn; five of the observed ones again timing clones), and the observation's
and clone's shares are of that step. ``--all-configs`` benchmarks every registered player count and variant config of each
gnome env (the conformance configs) instead of one player count; ``--rounds K`` plays the whole
list K times, one round after another, and keeps per env the round with the median ratio (with
the median shares), so that a slow spell of the machine moves one round rather than the table;
``--profile N`` prints the N functions with the most own time per env (cProfile over one extra
game loop, in the first round).

Targets (issue 17): every config at least 1.5x connect_four_v3's steps/s and the two-player
default of every game at least 2x; the observation below 35% of a step; ``clone()`` below a
quarter of a step.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import platform
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pettingzoo
from pettingzoo import AECEnv

import gnome_envs
from gnome_envs.core.errors import GnomeEnvsError
from gnome_envs.core.registry import get_spec, make_game
from training import common
from training.benchmark_report import CONNECT_FOUR, paired_changes, render_changes, render_markdown, render_text
from training.floor_env import FLOOR_NAME
from training.floor_env import env as floor_env

DEFAULT_SECONDS = 5.0
# every time is the CPU time of the benchmark's own thread: on a loaded machine the wall clock
# stretches while these numbers do not (other processes still share the caches)
CLOCK = time.thread_time
DEFAULT_PLAYERS = 2
DEFAULT_SEED = 0
DEFAULT_ROUNDS = 1
CONNECT_FOUR_HINT = "pip install pygame"
CLONE_REPEATS = 20  # clones timed per decision of the clone-measuring game
CLONE_GAME_SEED = 12345  # the first of the (untimed) games whose positions are cloned and observed
CLONE_GAMES = 5  # games whose positions are cloned (one game is too noisy a sample)
# games whose observations are timed: single observations are heavy-tailed (a rebuild after a
# big change costs tens of times a quiet one), so five games' mean swung by a third between seeds
OBSERVATION_GAMES = 20
MICROSECONDS = 1e6
CLOCK_CALIBRATION_SAMPLES = 20_000  # empty clock intervals averaged for the clock's own cost
WARMUP_GAMES = 1  # untimed games played before the clock starts
# CPU seconds of whole games an env and the yardstick play in turn: on a shared machine the
# ratio of rates taken this way held within 2-3% over runs whose connect_four_v3 rate moved 30%,
# where 2-second turns read ratios from 1.25 to 1.88 (Dwar7s Fall at 2 players)
PAIR_SLICE_S = 0.02
ALL_ENVS = (*gnome_envs.ENV_IDS, CONNECT_FOUR, FLOOR_NAME)
PROFILE_SECONDS_SHARE = 0.5  # the profiled loop runs this share of --seconds
PROFILE_DEFAULT_LINES = 15


@dataclass
class Target:
    """One env to benchmark: a factory, or the reason it is unavailable."""

    name: str
    players: int | None
    make: Callable[[], AECEnv] | None
    unavailable: str | None = None
    gnome: bool = False
    config: dict[str, Any] | None = None
    default: bool = False  # the env's two-player default config (the 2x target)


# ---------------------------------------------------------------------------- arguments
def build_parser() -> argparse.ArgumentParser:
    """The ``training.benchmark`` argument parser."""
    parser = argparse.ArgumentParser(
        prog="python -m training.benchmark",
        description="Random masked games through the full PettingZoo AEC API, in one process "
                    "on one thread: steps/s and games/s of every gnome env next to PettingZoo's "
                    "connect_four_v3 and a trivial AEC env (the API's floor), plus the cost of "
                    "State.clone() against one step.",
    )
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS,
                        help=f"CPU seconds of play per env (default: {DEFAULT_SECONDS:g})")
    parser.add_argument("--envs", nargs="+", choices=ALL_ENVS, default=list(ALL_ENVS),
                        metavar="ENV", help=f"envs to run (default: all: {' '.join(ALL_ENVS)})")
    parser.add_argument("--players", type=int, default=DEFAULT_PLAYERS,
                        help=f"player count for the gnome envs (default: {DEFAULT_PLAYERS})")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED,
                        help=f"seed of the shared action Generator (default: {DEFAULT_SEED})")
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS,
                        help="play every env this many times, one whole round after another, and "
                             "report per env the round with the median steps/s (default: "
                             f"{DEFAULT_ROUNDS}); a machine's slow spell then moves one round, not the table")
    parser.add_argument("--cpu", type=int, default=None,
                        help="pin this process to one CPU core (Linux), e.g. --cpu 0")
    parser.add_argument("--all-configs", action="store_true",
                        help="every registered player count and variant config of each gnome env")
    parser.add_argument("--profile", type=int, nargs="?", const=PROFILE_DEFAULT_LINES, default=None,
                        metavar="N", help="print the N functions with the most own time per env "
                                          f"(default N: {PROFILE_DEFAULT_LINES})")
    parser.add_argument("--show", type=Path, default=None, metavar="JSON",
                        help="print a saved --json report as tables instead of measuring")
    parser.add_argument("--compare", type=Path, nargs="+", default=None, metavar="JSON",
                        help="print how two codes' saved --json reports differ: NEW BASE [NEW BASE ...], "
                             "each pair measured at the same time (training/results/speed_ab.sh)")
    parser.add_argument("--markdown", action="store_true",
                        help="with --show: print the README's Markdown table instead")
    common.add_config_argument(parser)
    common.add_output_arguments(parser)
    return parser


def _connect_four_target() -> Target:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from pettingzoo.classic import connect_four_v3
    except (ImportError, gymnasium.error.DependencyNotInstalled) as error:
        return Target(CONNECT_FOUR, 2, None, f"unavailable ({error.__class__.__name__}): "
                                             f"{CONNECT_FOUR_HINT}")
    return Target(CONNECT_FOUR, 2, connect_four_v3.env)


def build_targets(names: list[str], players: int, config: dict | None = None,
                  all_configs: bool = False) -> list[Target]:
    """The benchmark targets named in ``names`` (duplicates dropped, order kept); ``config`` goes
    to every gnome env (e.g. expansions); ``all_configs`` expands each gnome env into every
    registered config instead."""
    targets = []
    for name in dict.fromkeys(names):
        if name == CONNECT_FOUR:
            targets.append(_connect_four_target())
        elif name == FLOOR_NAME:
            targets.append(Target(FLOOR_NAME, 2, floor_env))
        elif all_configs:
            for variant in get_spec(name).variant_configs():
                n = variant.pop("num_players")
                targets.append(_gnome_target(name, n, {**variant, **(config or {})}))
        else:
            targets.append(_gnome_target(name, players, config or {}))
    return targets


@cache
def _default_config(env_id: str) -> Any:
    """The game config of ``env_id`` made without options."""
    return make_game(env_id).config


def _gnome_target(env_id: str, players: int, config: dict) -> Target:
    try:
        made = gnome_envs.make(env_id, num_players=players, **config).unwrapped.game.config
    except GnomeEnvsError as error:
        return Target(env_id, players, None, f"unavailable: {error}", gnome=True, config=config)
    # the two-player default: the game's default options, named or not (Rise's mode=competitive)
    default = players == DEFAULT_PLAYERS and made == _default_config(env_id)
    return Target(env_id, players, lambda: gnome_envs.make(env_id, num_players=players, **config),
                  gnome=True, config=config, default=default)


# ---------------------------------------------------------------------------- measuring
def play_one_game(env: AECEnv, seed: int, rng: np.random.Generator) -> int:
    """One random masked game through the AEC API; returns the number of real actions."""
    env.reset(seed=seed)
    steps = 0
    for _agent in env.agent_iter():
        obs, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(legal.size)]))
        steps += 1
    return steps


def play_slice(env: AECEnv, seconds: float, first_game: int, rng: np.random.Generator) -> tuple[int, int, float]:
    """Whole games seeded ``first_game``, ``first_game + 1``, ... until ``seconds`` have passed (at
    least one game): (steps, games, elapsed CPU seconds)."""
    steps = games = 0
    start = CLOCK()
    deadline = start + seconds
    while True:
        steps += play_one_game(env, first_game + games, rng)
        games += 1
        now = CLOCK()
        if now >= deadline:
            return steps, games, now - start


def play_stats(steps: int, games: int, elapsed: float) -> dict[str, float]:
    """The speed figures of ``steps`` actions in ``games`` games over ``elapsed`` CPU seconds."""
    return {"steps": steps, "games": games, "elapsed_s": elapsed,
            "steps_per_s": steps / elapsed, "games_per_s": games / elapsed,
            "steps_per_game": steps / games, "step_us": MICROSECONDS * elapsed / steps}


def play_for(env: AECEnv, seconds: float, rng: np.random.Generator) -> dict[str, float]:
    """Play whole games until ``seconds`` have passed (at least one game)."""
    for game in range(WARMUP_GAMES):
        play_one_game(env, game, rng)
    return play_stats(*play_slice(env, seconds, 0, rng))


def play_paired(env: AECEnv, yardstick: AECEnv, seconds: float, rng: np.random.Generator,
                slice_s: float = PAIR_SLICE_S) -> tuple[dict[str, float], dict[str, float]]:
    """``env`` and ``yardstick`` in turn, ``slice_s`` CPU seconds of whole games each, until ``env``
    has played ``seconds``: the speed figures of both. A slow spell of the machine longer than
    a few slices meets both alike, so their ratio holds where each rate alone moves."""
    for game in range(WARMUP_GAMES):
        play_one_game(env, game, rng)
        play_one_game(yardstick, game, rng)
    played, beside = [0, 0, 0.0], [0, 0, 0.0]
    while played[2] < seconds:
        for totals, what in ((beside, yardstick), (played, env)):
            for i, amount in enumerate(play_slice(what, slice_s, totals[1], rng)):
                totals[i] += amount
    return play_stats(*played), play_stats(*beside)


def clock_overhead_s(samples: int = CLOCK_CALIBRATION_SAMPLES) -> float:
    """Mean CPU seconds an empty ``CLOCK()`` ... ``CLOCK()`` interval reads (the clock's own cost)."""
    total = 0.0
    for _ in range(samples):
        start = CLOCK()
        total += CLOCK() - start
    return total / samples


def position_costs(env: AECEnv, rng: np.random.Generator) -> dict[str, float]:
    """Mean microseconds of an AEC step (``last()``, the pick and ``step()``, as play makes
    them) and of the mover's ``observation()`` over every position of ``OBSERVATION_GAMES``
    random games each, and of ``game_state.clone()`` over the positions of ``CLONE_GAMES``.

    The games go in pairs, one timing its steps and the next its observations, so that a slow
    spell of the machine meets a step and the observation compared with it alike. The two are
    different games: a replay of the same positions would find the games' memos (masks met
    before, cached rows) warm and read the second timing low. The observation is timed first
    thing after the step that led there, as the AEC loop meets it (any cache a game keeps is as
    stale as in play). The first ``CLONE_GAMES`` observed games are then played again with the
    same actions, ``CLONE_REPEATS`` clones timed at every position, so that the clones cannot
    cool the caches the observation reads, which play never does. The clock's own cost (a
    system call of about a microsecond, ``clock_overhead_s``) is taken off each timed interval.
    """
    overhead = clock_overhead_s()
    step_total = observe_total = clone_total = 0.0
    stepped = observed = cloned = 0
    for game in range(max(OBSERVATION_GAMES, CLONE_GAMES)):
        env.reset(seed=CLONE_GAME_SEED + 2 * game)
        for _agent in env.agent_iter():
            live = _live(env)
            start = CLOCK()
            env.step(_random_action(env, rng))
            if live:
                step_total += CLOCK() - start - overhead
                stepped += 1
        actions: list[int | None] = []
        env.reset(seed=CLONE_GAME_SEED + 2 * game + 1)
        for _agent in env.agent_iter():
            state = env.unwrapped.game_state
            if _live(env):
                start = CLOCK()
                state.observation(state.current_player)
                observe_total += CLOCK() - start - overhead
                observed += 1
            actions.append(_random_action(env, rng))
            env.step(actions[-1])
        if game >= CLONE_GAMES:
            continue
        env.reset(seed=CLONE_GAME_SEED + 2 * game + 1)
        for action in actions:
            state = env.unwrapped.game_state
            if _live(env):
                start = CLOCK()
                for _ in range(CLONE_REPEATS):
                    state.clone()
                clone_total += CLOCK() - start - overhead
                cloned += 1
            env.step(action)
    return {"position_step_us": MICROSECONDS * step_total / stepped,
            "observation_us": MICROSECONDS * observe_total / observed,
            "clone_us": MICROSECONDS * clone_total / (cloned * CLONE_REPEATS)}


def _live(env: AECEnv) -> bool:
    """No seat has ended (the game state still has a mover)."""
    return not (any(env.terminations.values()) or any(env.truncations.values()))


def _random_action(env: AECEnv, rng: np.random.Generator) -> int | None:
    """The AEC loop's next action: None for a seat that has ended, else a random legal one."""
    obs, _reward, terminated, truncated, _info = env.last()
    if terminated or truncated:
        return None
    legal = np.flatnonzero(obs["action_mask"])
    return int(legal[rng.integers(legal.size)])


def profile_text(env: AECEnv, seconds: float, rng: np.random.Generator, lines: int) -> str:
    """The ``lines`` functions with the most own time while playing for ``seconds``."""
    profiler = cProfile.Profile()
    profiler.enable()
    play_for(env, seconds, rng)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(lines)
    text = out.getvalue()
    start = text.find("   ncalls")
    return text[start:].rstrip() if start >= 0 else text.rstrip()


def measure(target: Target, seconds: float, rng: np.random.Generator,
            profile_lines: int | None = None, yardstick: AECEnv | None = None) -> dict[str, Any]:
    """One row of results for ``target``; with a ``yardstick`` env (connect_four_v3) the two
    play in turn (``play_paired``) and the row holds the yardstick's figures beside it and
    their ratio."""
    row = row_head(target)
    if target.make is None:
        row["reason"] = target.unavailable
        return row
    env = make_quietly(target)
    if yardstick is None:
        row.update(play_for(env, seconds, rng))
    else:
        played, beside = play_paired(env, yardstick, seconds, rng)
        row.update(played)
        row["yardstick"] = beside
        row["vs_connect_four"] = played["steps_per_s"] / beside["steps_per_s"]
    if target.gnome:
        row.update(position_costs(env, rng))
        row["clone_per_step"] = row["clone_us"] / row["position_step_us"]
        row["observation_share"] = row["observation_us"] / row["position_step_us"]
    if profile_lines:
        row["profile"] = profile_text(env, seconds * PROFILE_SECONDS_SHARE, rng, profile_lines)
    env.close()
    return row


def row_head(target: Target) -> dict[str, Any]:
    """What names ``target``'s row: env, players, config, whether it is the two-player default
    and whether it could be made."""
    return {"env": target.name, "players": target.players, "config": target.config or {},
            "default": target.default, "available": target.make is not None}


def make_quietly(target: Target) -> AECEnv:
    """``target``'s env, without PettingZoo's deprecation notice for classic ``env()``."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return target.make()


def measure_all(targets: list[Target], seconds: float, rng: np.random.Generator,
                profile_lines: int | None = None, on_done: Callable[[Target], None] | None = None,
                ) -> list[dict[str, Any]]:
    """One row per target, in order. When connect_four_v3, the yardstick, runs with other envs,
    each of them plays in turn with it (``play_paired``) and its own row pools its figures
    beside every env (``beside`` lists its steps/s there, env by env)."""
    first = next((t for t in targets if t.name == CONNECT_FOUR and t.make is not None), None)
    yardstick = make_quietly(first) if first is not None and len(targets) > 1 else None
    rows = []
    for target in targets:
        if target is first and yardstick is not None:
            row = pooled_yardstick(target, [r["yardstick"] for r in rows if "yardstick" in r])
        else:
            row = measure(target, seconds, rng, profile_lines, yardstick)
        rows.append(row)
        if on_done is not None:
            on_done(target)
    if yardstick is not None:
        yardstick.close()
    return rows


def pooled_yardstick(target: Target, runs: list[dict[str, Any]]) -> dict[str, Any]:
    """connect_four_v3's row from its runs beside the other envs (all of them pooled)."""
    row = row_head(target)
    row.update(play_stats(*(sum(run[key] for run in runs) for key in ("steps", "games", "elapsed_s"))))
    row["beside"] = [run["steps_per_s"] for run in runs]
    row["vs_connect_four"] = 1.0
    return row


def median_rows(rounds: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """One row per target from several rounds of ``measure_all``: the row of the round with the
    median ratio to connect_four_v3 (or the median steps/s where there is none; the lower of the
    two middle ones for an even count: always a real round), with the observation and clone
    costs and shares the medians over the rounds, and ``round_steps_per_s`` (and
    ``round_vs_connect_four``) listing every round's figure."""
    if len(rounds) == 1:
        return rounds[0]
    rows = []
    for runs in zip(*rounds):
        if not runs[0]["available"]:
            rows.append(runs[0])
            continue
        paired = runs[0]["env"] != CONNECT_FOUR and all("vs_connect_four" in run for run in runs)
        key = "vs_connect_four" if paired else "steps_per_s"
        values = [run[key] for run in runs]
        row = dict(runs[values.index(statistics.median_low(values))])
        row["round_steps_per_s"] = [run["steps_per_s"] for run in runs]
        if key == "vs_connect_four":
            row["round_vs_connect_four"] = values
        for cost in ("clone_us", "observation_us", "position_step_us", "clone_per_step", "observation_share"):
            if cost in row:
                row[cost] = statistics.median(run[cost] for run in runs)
        rows.append(row)
    return rows


def add_reference_ratios(rows: list[dict[str, Any]]) -> None:
    """Add to each row not played beside connect_four_v3 its steps/s relative to the yardstick's
    row (when it ran)."""
    reference = next((r for r in rows if r["env"] == CONNECT_FOUR and r["available"]), None)
    for row in rows:
        if row["available"] and reference is not None and "vs_connect_four" not in row:
            row["vs_connect_four"] = row["steps_per_s"] / reference["steps_per_s"]


# ---------------------------------------------------------------------------- reporting
def environment_info(cpu: int | None) -> dict[str, Any]:
    """Interpreter, library versions and CPU pinning, for the record."""
    return {"python": platform.python_version(), "numpy": np.__version__,
            "pettingzoo": pettingzoo.__version__, "gnome_envs": gnome_envs.__version__,
            "machine": platform.machine(), "pinned_cpu": cpu}


def run(args: argparse.Namespace) -> int:
    """Run the benchmark for parsed arguments."""
    if args.show is not None:
        report = json.loads(args.show.read_text())
        if args.markdown:
            print(render_markdown(report))
            return 0
        return common.emit(report, args.json, render_text)
    if args.compare is not None:
        if len(args.compare) % 2:
            raise argparse.ArgumentTypeError("--compare takes pairs of reports: NEW BASE [NEW BASE ...]")
        reports = [json.loads(path.read_text()) for path in args.compare]
        changes = paired_changes(list(zip(reports[::2], reports[1::2])))
        return common.emit({"job": "benchmark-compare", "reports": [str(p) for p in args.compare],
                            "changes": changes}, args.json, lambda doc: render_changes(doc["changes"]))
    if args.seconds <= 0:
        raise argparse.ArgumentTypeError(f"--seconds must be positive, got {args.seconds}")
    if args.rounds < 1:
        raise argparse.ArgumentTypeError(f"--rounds must be at least 1, got {args.rounds}")
    if args.cpu is not None:
        os.sched_setaffinity(0, {args.cpu})
    rng = np.random.default_rng(args.seed)
    config = common.parse_config(args.config)
    targets = build_targets(args.envs, args.players, config, args.all_configs)
    # the yardstick goes last, so that its two runs bracket every other env
    targets.sort(key=lambda target: target.name == CONNECT_FOUR)
    bar = common.progress_bar(len(targets) * args.rounds, "benchmark", disable=args.no_progress, unit="env")
    rounds = [measure_all(targets, args.seconds, rng, args.profile if r == 0 else None, lambda target: bar.update(1))
              for r in range(args.rounds)]
    bar.close()
    rows = median_rows(rounds)
    add_reference_ratios(rows)
    report = {"job": "benchmark", "seconds": args.seconds, "rounds": args.rounds, "players": args.players,
              "config": config, "seed": args.seed, "system": environment_info(args.cpu), "rows": rows}
    return common.emit(report, args.json, render_text)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    return common.run_cli(run, build_parser(), argv)


if __name__ == "__main__":
    sys.exit(main())
