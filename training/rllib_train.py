"""Train PPO with RLlib (Ray) on a gnome env, locally or on a Ray cluster; resumable.

    python -m training.rllib_train --env gnome_village_v1 --players 2 --num-env-runners 2
        [--address auto] [--iterations 10] [--policy shared|snapshots] [--pool-size 3]
        [--snapshot-every 5] [--opponents 1=scripted,2=random] [--seats random|fixed]
        [--train-batch-size 4000] [--minibatch-size 256] [--epochs 10] [--lr 3e-4]
        [--torch-threads 1] [--checkpoint-every 5] [--curve-opponents random,scripted]
        [--curve-games 20] [--resume] [--seed 0] [--out runs/...]
        [--config k=v] [--json]

The env is :class:`gnome_envs.integrations.rllib.GnomeMultiAgentEnv`: seats named in
``--opponents`` (``seat=agent spec``, or ``seat=spec|spec``: one drawn per episode) are played
inside the env, every other seat learns.
``--policy shared``: all learning seats train one module (self-play with parameter sharing).
``--policy snapshots``: per episode one learning seat plays ``learner`` (the only module trained),
the others frozen copies of it from a pool of ``--pool-size`` slots, refreshed every
``--snapshot-every`` iterations (oldest slot first). ``--num-env-runners 0`` samples in this
process; N > 0 starts N EnvRunner actors. Without ``--address`` Ray starts on this machine;
``--address auto`` (or ``ray://host:10001``, ``host:6379``) joins a running cluster.

Output in ``--out``: ``checkpoint/`` (the whole algorithm, rewritten every ``--checkpoint-every``
iterations and at the end), ``report.json`` (arguments, per-iteration rows, throughput, versions)
and ``learning_curve.png``: at every checkpoint the saved module plays ``--curve-games`` games
against each of ``--curve-opponents`` (seats rotated, the same seeds each time; win rate with its
95% interval), and below, the trained module's mean episode return against env steps.
``--resume`` restores ``<out>/checkpoint`` (weights, optimizer, pool, iteration count, curve) and
trains ``--iterations`` more. Evaluate a checkpoint with the ``rllib:path=<out>`` agent spec.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import agents
from gnome_envs.core.aec import REWARD_MODES
from gnome_envs.core.errors import ConfigError
from gnome_envs.integrations.rllib_config import (
    DEFAULT_SEATS,
    POLICY_MODES,
    SEAT_MODES,
    module_ids,
    parse_env_config,
    trained_module,
)
from training import common
from training.learning_curve import plot_learning_curve
from training.rllib_eval import curve_point

DEFAULT_PLAYERS = 2
DEFAULT_ITERATIONS = 10
DEFAULT_RUNNERS = 0
DEFAULT_POLICY = "shared"
DEFAULT_POOL_SIZE = 3
DEFAULT_SNAPSHOT_EVERY = 5
DEFAULT_CHECKPOINT_EVERY = 5
DEFAULT_BATCH = 4000
DEFAULT_MINIBATCH = 256
DEFAULT_EPOCHS = 10
DEFAULT_LR = 3e-4
DEFAULT_SEED = 0
DEFAULT_CURVE_OPPONENTS = "random,scripted"
DEFAULT_CURVE_GAMES = 20
# The learner runs in this process; on 2 shared cores two torch threads made its update 3-4x slower.
DEFAULT_TORCH_THREADS = 1
LOCAL_RAY = "local"  # ray.init address that always starts a new local instance
RUNS_DIR = Path("runs")
CHECKPOINT_DIR = "checkpoint"
REPORT_FILE = "report.json"
CURVE_FILE = "learning_curve.png"
SEAT_SEPARATOR = ","
ASSIGN = "="
CHOICE_SEPARATOR = "|"  # 1=scripted|random: seat 1 draws one of them per episode


def build_parser() -> argparse.ArgumentParser:
    """The ``training.rllib_train`` argument parser."""
    parser = argparse.ArgumentParser(
        prog="python -m training.rllib_train",
        description="Train RLlib PPO (masked RLModule) on a gnome env, locally or on a Ray cluster; "
                    "write a checkpoint, report.json and a learning curve; --resume continues.")
    common.add_env_argument(parser)
    add = parser.add_argument
    add("--players", type=int, default=DEFAULT_PLAYERS, help=f"number of players (default: {DEFAULT_PLAYERS})")
    add("--iterations", type=int, default=DEFAULT_ITERATIONS,
        help=f"training iterations to run, more with --resume (default: {DEFAULT_ITERATIONS})")
    add("--num-env-runners", type=int, default=DEFAULT_RUNNERS,
        help=f"EnvRunner actors sampling in parallel; 0 samples in this process (default: {DEFAULT_RUNNERS})")
    add("--address", default=None,
        help="Ray cluster to join ('auto', 'host:6379', 'ray://host:10001'); default: start Ray here")
    add("--policy", choices=POLICY_MODES, default=DEFAULT_POLICY,
        help=f"shared: every learning seat trains one module; snapshots: learner vs frozen copies "
             f"(default: {DEFAULT_POLICY})")
    add("--pool-size", type=int, default=DEFAULT_POOL_SIZE,
        help=f"frozen snapshot slots of --policy snapshots (default: {DEFAULT_POOL_SIZE})")
    add("--snapshot-every", type=int, default=DEFAULT_SNAPSHOT_EVERY,
        help=f"iterations between snapshot refreshes (default: {DEFAULT_SNAPSHOT_EVERY})")
    add("--opponents", default="",
        help="seats played inside the env, seat=spec comma list, e.g. 1=scripted,2=random; "
             "1=scripted|random draws one per episode (default: none)")
    add("--seats", choices=SEAT_MODES, default=DEFAULT_SEATS,
        help=f"rotate the seat layout every episode, or keep it (default: {DEFAULT_SEATS})")
    add("--reward", choices=REWARD_MODES, default="win_loss", help="reward of the env (default: win_loss)")
    add("--train-batch-size", type=int, default=DEFAULT_BATCH,
        help=f"env steps sampled per iteration (default: {DEFAULT_BATCH})")
    add("--minibatch-size", type=int, default=DEFAULT_MINIBATCH, help=f"SGD minibatch (default: {DEFAULT_MINIBATCH})")
    add("--epochs", type=int, default=DEFAULT_EPOCHS, help=f"SGD epochs per iteration (default: {DEFAULT_EPOCHS})")
    add("--lr", type=float, default=DEFAULT_LR, help=f"learning rate (default: {DEFAULT_LR})")
    add("--torch-threads", type=int, default=DEFAULT_TORCH_THREADS,
        help="torch threads of the learner in this process; one avoids thread contention on a small "
             f"shared machine (default: {DEFAULT_TORCH_THREADS})")
    add("--checkpoint-every", type=int, default=DEFAULT_CHECKPOINT_EVERY,
        help=f"iterations between checkpoints, 0: only at the end (default: {DEFAULT_CHECKPOINT_EVERY})")
    add("--curve-opponents", default=DEFAULT_CURVE_OPPONENTS,
        help="learning-curve opponents: at every checkpoint the saved module plays --curve-games "
             f"games against each, seats rotated (default: {DEFAULT_CURVE_OPPONENTS})")
    add("--curve-games", type=int, default=DEFAULT_CURVE_GAMES,
        help=f"games per curve opponent and checkpoint, 0: no curve evaluation (default: {DEFAULT_CURVE_GAMES})")
    add("--resume", action="store_true", help="continue from <out>/checkpoint")
    add("--seed", type=int, default=DEFAULT_SEED, help=f"seed (default: {DEFAULT_SEED})")
    add("--out", type=Path, default=None, help="output directory (default: runs/rllib-<env>-<players>p-<seed>)")
    common.add_config_argument(parser)
    common.add_output_arguments(parser)
    return parser


def parse_seat_specs(text: str) -> dict[int, str | list[str]]:
    """``"1=scripted,2=random"`` -> ``{1: "scripted", 2: "random"}``; ``"1=scripted|random"`` ->
    ``{1: ["scripted", "random"]}`` (one drawn per episode)."""
    seats: dict[int, str] = {}
    for item in (part.strip() for part in text.split(SEAT_SEPARATOR)):
        if not item:
            continue
        seat, sep, spec = item.partition(ASSIGN)
        if not sep or not seat.strip().isdigit() or not spec.strip():
            raise ConfigError(f"--opponents expects seat=spec items, got {item!r}")
        if int(seat) in seats:
            raise ConfigError(f"--opponents names seat {int(seat)} twice")
        choices = [one.strip() for one in spec.split(CHOICE_SEPARATOR)]
        if not all(choices):
            raise ConfigError(f"--opponents seat {int(seat)} has an empty choice in {spec!r}")
        seats[int(seat)] = choices if len(choices) > 1 else choices[0]
    return seats


def env_config(args: argparse.Namespace) -> dict[str, Any]:
    """The env config dict handed to every EnvRunner (checked here first)."""
    config = {"env": args.env, "num_players": args.players, **args.config_kwargs,
              "opponents": parse_seat_specs(args.opponents), "seats": args.seats, "reward": args.reward}
    parse_env_config(config)
    return config


def validate(args: argparse.Namespace) -> None:
    """ConfigError for out-of-range numeric arguments."""
    if min(args.iterations, args.pool_size, args.snapshot_every, args.train_batch_size,
           args.minibatch_size, args.epochs, args.torch_threads) < 1:
        raise ConfigError("--iterations, --pool-size, --snapshot-every, --train-batch-size, "
                          "--minibatch-size, --epochs and --torch-threads must be positive")
    if min(args.num_env_runners, args.checkpoint_every, args.curve_games) < 0:
        raise ConfigError("--num-env-runners, --checkpoint-every and --curve-games must be >= 0")


def default_out(env_id: str, players: int, seed: int) -> Path:
    """``runs/rllib-<env>-<players>p-<seed>``."""
    return RUNS_DIR / f"rllib-{env_id}-{players}p-{seed}"


# ---------------------------------------------------------------------------- training
def build_algo(args: argparse.Namespace, config: dict[str, Any]) -> Any:
    """Start (or join) Ray and build the PPO algorithm."""
    import ray
    import torch

    from gnome_envs.integrations.rllib import ppo_config

    torch.set_num_threads(args.torch_threads)
    # A local Ray gets a CPU per env runner even on a smaller machine, so no runner waits forever.
    # "local" starts a new Ray here even where a cluster is running; --address joins one.
    cpus = None if args.address else max(os.cpu_count() or 1, args.num_env_runners + 1)
    ray.init(address=args.address or LOCAL_RAY, num_cpus=cpus, include_dashboard=False,
             ignore_reinit_error=True, log_to_driver=not args.json)
    return ppo_config(config, policy=args.policy, pool_size=args.pool_size,
                      num_env_runners=args.num_env_runners, seed=args.seed,
                      train_batch_size=args.train_batch_size, minibatch_size=args.minibatch_size,
                      num_epochs=args.epochs, lr=args.lr).build_algo()


def iteration_row(result: dict[str, Any], module: str, seconds: float) -> dict[str, Any]:
    """One report row of an ``algo.train()`` result."""
    runners = result.get("env_runners", {})
    returns = runners.get("module_episode_returns_mean", {})
    timers = result.get("timers", {})
    return {"iteration": int(result["training_iteration"]),
            "env_steps": int(runners.get("num_env_steps_sampled", 0)),
            "env_steps_lifetime": int(result.get("num_env_steps_sampled_lifetime", 0)),
            "episodes": int(runners.get("num_episodes", 0)),
            "return_mean": float(returns[module]) if module in returns else None,
            "seconds": seconds,
            # RLlib's timers are smoothed over iterations (exact in the first one)
            "sample_timer_s": float(timers.get("env_runner_sampling_timer", 0.0)),
            "learn_timer_s": float(timers.get("learner_update_timer", 0.0))}


@dataclass
class History:
    """What a run adds to: iteration rows and learning-curve points (kept across --resume)."""

    rows: list[dict[str, Any]] = field(default_factory=list)
    points: list[dict[str, Any]] = field(default_factory=list)
    new_rows: list[dict[str, Any]] = field(default_factory=list)  # this invocation's rows


def save_and_evaluate(args: argparse.Namespace, algo: Any, out: Path, config: dict[str, Any],
                      history: History) -> None:
    """Write the checkpoint, then add a curve point: the saved module against the curve opponents."""
    algo.save_to_path(str((out / CHECKPOINT_DIR).resolve()))
    if args.curve_games == 0 or not history.new_rows:
        return
    checked = parse_env_config(config)
    spec = f"rllib:path={out.resolve()}:module={trained_module(args.policy)}"
    results = curve_point(args.env, checked.game_options, checked.max_steps, spec,
                          split_specs(args.curve_opponents), args.curve_games, args.seed)
    row = history.new_rows[-1]
    history.points.append({"timesteps": row["env_steps_lifetime"], "iteration": row["iteration"],
                           "results": results})


def split_specs(text: str) -> list[str]:
    """The agent specs of a comma list."""
    return [name.strip() for name in text.split(SEAT_SEPARATOR) if name.strip()]


def train(args: argparse.Namespace, algo: Any, out: Path, config: dict[str, Any], history: History) -> None:
    """Run the iterations: refresh the snapshot pool, checkpoint and evaluate, progress on stderr."""
    from gnome_envs.integrations.rllib import copy_to_snapshot, load_modules, module_states

    module = trained_module(args.policy)
    if args.resume:  # restored weights reach every env runner, the frozen snapshots included
        load_modules(algo, module_states(algo, module_ids(args.policy, args.pool_size)))
    elif args.policy == "snapshots":
        copy_to_snapshot(algo, range(args.pool_size))  # the pool starts as the initial policy
    bar = common.progress_bar(args.iterations, "rllib", disable=args.no_progress, unit="iter")
    saved = False
    for _ in range(args.iterations):
        began = time.perf_counter()
        result = algo.train()
        history.new_rows.append(iteration_row(result, module, time.perf_counter() - began))
        iteration = history.new_rows[-1]["iteration"]
        if args.policy == "snapshots" and iteration % args.snapshot_every == 0:
            copy_to_snapshot(algo, [(iteration // args.snapshot_every) % args.pool_size])
        saved = bool(args.checkpoint_every) and iteration % args.checkpoint_every == 0
        if saved:
            save_and_evaluate(args, algo, out, config, history)
        bar.update(1)
        row = history.new_rows[-1]
        bar.set_postfix(steps_per_s=f"{row['env_steps'] / max(row['seconds'], 1e-9):.0f}")
    bar.close()
    if not saved:
        save_and_evaluate(args, algo, out, config, history)


def throughput(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Env steps and env steps/s of this run's iterations: whole iterations (wall clock), and
    sampling alone (from RLlib's smoothed sampling timer)."""
    steps = sum(row["env_steps"] for row in rows)
    seconds = sum(row["seconds"] for row in rows)
    sampling = rows[-1]["sample_timer_s"] * len(rows) if rows else 0.0  # smoothed per-iteration time
    return {"iterations": len(rows), "env_steps": steps, "seconds": seconds,
            "env_steps_per_s": steps / seconds if seconds > 0 else 0.0,
            "sampling_env_steps_per_s": steps / sampling if sampling > 0 else 0.0}


def versions() -> dict[str, str]:
    """Versions of the libraries that shape the run."""
    import gymnasium
    import ray
    import torch

    return {"ray": ray.__version__, "torch": torch.__version__, "gymnasium": gymnasium.__version__,
            "python": sys.version.split()[0]}


# ---------------------------------------------------------------------------- output
def previous_history(out: Path) -> History:
    """The iteration rows and curve points of the report a resumed run continues."""
    report = out / REPORT_FILE
    if not report.is_file():
        return History()
    document = json.loads(report.read_text())
    return History(list(document.get("iterations", [])), list(document.get("eval_curve", [])))


def build_report(args: argparse.Namespace, argv: list[str], config: dict[str, Any], out: Path,
                 history: History) -> dict[str, Any]:
    """The report.json document; draws the learning curve."""
    module = trained_module(args.policy)
    rows = history.rows + history.new_rows
    curve = [{"timesteps": row["env_steps_lifetime"], "reward_mean": row["return_mean"]}
             for row in rows if row["return_mean"] is not None]
    title = f"{args.env}, {args.players} players, RLlib PPO ({args.policy}), module {module}"
    reference = 1.0 / args.players if args.players > 1 else None
    picture = plot_learning_curve(history.points, curve, out / CURVE_FILE, title, reference)
    return {"job": "rllib_train", "env": args.env, "players": args.players, "seed": args.seed,
            "policy": args.policy, "trained_module": module, "env_config": config,
            "num_env_runners": args.num_env_runners, "address": args.address, "resumed": args.resume,
            "argv": argv, "args": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()},
            "versions": versions(), "throughput": throughput(history.new_rows), "iterations": rows,
            "curve_opponents": split_specs(args.curve_opponents), "eval_curve": history.points,
            "checkpoint": str(out / CHECKPOINT_DIR), "learning_curve": str(picture),
            "agent_spec": f"rllib:path={out}"}


def render_text(report: dict[str, Any]) -> str:
    """A short text summary of the report."""
    speed = report["throughput"]
    last = report["iterations"][-1] if report["iterations"] else {}
    return "\n".join([
        f"{report['env']} ({report['players']} players), RLlib PPO, policy {report['policy']}, "
        f"{report['num_env_runners']} env runners",
        f"iterations {speed['iterations']} (total {last.get('iteration', 0)}), env steps {speed['env_steps']:,}, "
        f"{speed['seconds']:.1f} s, {speed['env_steps_per_s']:,.0f} env steps/s "
        f"({speed['sampling_env_steps_per_s']:,.0f} while sampling)",
        f"last mean return of {report['trained_module']}: {last.get('return_mean')}",
        f"checkpoint: {report['checkpoint']}  (evaluate with {report['agent_spec']})",
        f"learning curve: {report['learning_curve']}"])


def run(args: argparse.Namespace, argv: list[str] | None = None) -> int:
    """Run the training job for parsed arguments."""
    validate(args)
    config = env_config(args)
    if args.curve_games and args.players > 1:  # a bad curve opponent fails before Ray starts
        for spec in split_specs(args.curve_opponents):
            agents.make(spec, args.env)
    out = args.out if args.out is not None else default_out(args.env, args.players, args.seed)
    if args.resume and not (out / CHECKPOINT_DIR).is_dir():
        raise ConfigError(f"--resume: no checkpoint in {out / CHECKPOINT_DIR}")
    out.mkdir(parents=True, exist_ok=True)
    history = previous_history(out) if args.resume else History()
    algo = build_algo(args, config)
    try:
        if args.resume:
            algo.restore_from_path(str((out / CHECKPOINT_DIR).resolve()))
        train(args, algo, out, config, history)
    finally:
        algo.stop()
    report = build_report(args, list(argv or []), config, out, history)
    (out / REPORT_FILE).write_text(common.to_json(report))
    return common.emit(report, args.json, render_text)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    argv = sys.argv[1:] if argv is None else list(argv)
    return common.run_cli(lambda args: run(args, argv), build_parser(), argv)


if __name__ == "__main__":
    sys.exit(main())
