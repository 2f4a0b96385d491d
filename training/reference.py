"""One row of the trained-agent reference table, end to end: train, then evaluate.

    python -m training.reference --env gnome_village_v1
    python -m training.reference --env mighty_gnomes_v1 --timesteps 200000 --out runs/ref-mg
    python -m training.reference --show training/results/reference-trained   # the README table

The job runs, in one process:

1. ``training.train`` with the recipe that works (issue 16): behaviour cloning of the scripted
   agent (``--warm-start scripted``), then small MaskablePPO steps against the scripted agent
   alone (learning rate 1e-4 decaying linearly, target KL 0.02, margin shaping fading out), two
   env workers. The per-game teacher games and PPO steps are ``RECIPES``; flags override them.
2. ``training.evaluate``: the trained policy (its most probable legal action) in seat-balanced
   2-player games against ``random``, ``scripted`` and ``mcts`` (its defaults).

It writes ``reference.json`` (the commands, the budget: PPO steps, teacher games, CPU minutes of
training and of evaluation, wall time; each opponent's win rate with its 95% Wilson interval and
the issue's targets) and ``reference.png`` (the learning curve and the final win rates) into
``--out`` (default ``runs/reference/<env>-<players>p``), with the training run under ``train/``.
``--show DIR`` prints the Markdown table of every ``*/reference.json`` below DIR.

CPU minutes count this process and every process it starts (the env workers and evaluation
processes, read from /proc on Linux), so they are comparable with the issue's budget of 2
CPU-hours per game.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import resource
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gnome_envs import ENV_IDS
from gnome_envs.core.errors import ConfigError
from training import common

REFERENCE_FILE = "reference.json"
CHART_FILE = "reference.png"
TRAIN_DIR = "train"
OPPONENTS = ("random", "scripted", "mcts")
# issue 16's targets: win rate against each opponent (scripted: 0.60 in four games, above 0.50 in all)
TARGETS = {"random": 0.95, "scripted": 0.60}
SECONDS_PER_MINUTE = 60.0


@dataclass(frozen=True)
class Recipe:
    """Per-game budget of the reference run: teacher games for the warm start, then PPO steps;
    the teacher (an agent spec), the epochs of the cloning fit, the network (``training.train
    --net-arch``; None: its default), the teacher's opponent (None: the teacher itself), the
    env options the learner trains with (``--config``) and the demonstrations' storage dtype."""

    teacher_games: int
    timesteps: int
    teacher: str = "scripted"
    epochs: int = 6
    net_arch: str | None = None
    teacher_opponent: str | None = None
    config: tuple[str, ...] = ()
    storage: str = common.DEFAULT_WARM_START_STORAGE  # how the demonstrations are held in memory (--warm-start-dtype)

    def flags(self) -> tuple[str, ...]:
        """The ``training.train`` flags of the teacher, the network and the env options."""
        out = ("--warm-start", self.teacher)
        if self.storage != common.DEFAULT_WARM_START_STORAGE:
            out += ("--warm-start-dtype", self.storage)
        if self.net_arch is not None:
            out += ("--net-arch", self.net_arch)
        if self.teacher_opponent is not None:
            out += ("--warm-start-opponent", self.teacher_opponent)
        for option in self.config:
            out += ("--config", option)
        return out


# the budgets the shipped runs used (README, "Shipped policies"); each fits well inside 2 CPU-hours.
# Dwar7s Fall clones the scripted agent's deterministic choice (its near-ties broken at random
# halve what a clone can agree with) against the ordinary scripted agent, on a wider network.
# Mighty Gnomes does the same. Both, and Rise of the Gnomes, also read each placement's (each
# dwarf step's, each brewer space's and map choice's) effect (``action_effects``, scored per action
# by ``training.action_score_policy``); Dwar7s Fall's rows make its demonstrations large, so they
# are held as float16
RECIPES = {
    "battle_gnomes": Recipe(2000, 400_000),
    "dwarfs_fall": Recipe(10_000, 300_000, "scripted:deterministic=true", 10, "512,512", "scripted",
                          ("action_effects=true",), "float16"),
    "gnome_village": Recipe(800, 1_200_000),
    "mighty_gnomes": Recipe(3000, 600_000, "scripted:deterministic=true", 10, "512,512", "scripted",
                            ("action_effects=true",)),
    "rise_of_the_gnomes": Recipe(1500, 600_000, config=("action_effects=true",)),
}
# the recipe's fixed PPO settings (training.train flags)
PPO_FLAGS = ("--opponents", "scripted", "--reward", "shaped",
             "--learning-rate", "1e-4", "--lr-schedule", "linear", "--n-epochs", "4", "--target-kl", "0.02",
             "--ent-coef", "0.001", "--curve-opponents", "scripted")


def build_parser() -> argparse.ArgumentParser:
    """The command line of the reference job."""
    parser = argparse.ArgumentParser(prog="python -m training.reference", description=__doc__.split("\n")[0])
    add = parser.add_argument
    add("--env", choices=ENV_IDS, help="the game (required unless --show)")
    add("--players", type=int, default=2, help="players per game (default: 2)")
    add("--out", type=Path, default=None, help="output folder (default: runs/reference/<env>-<players>p)")
    add("--seed", type=int, default=0, help="seed of training and evaluation (default: 0)")
    add("--timesteps", type=int, default=None, help="PPO steps after the warm start (default: the game's recipe)")
    add("--warm-start-games", type=int, default=None, help="scripted games to clone (default: the game's recipe)")
    add("--warm-start-epochs", type=int, default=None,
        help="epochs of the behaviour cloning fit (default: the game's recipe, 6 or 20)")
    add("--n-envs", type=int, default=2, help="env worker processes while training (default: 2)")
    add("--n-steps", type=int, default=1024, help="PPO rollout steps per worker (default: 1024)")
    add("--batch-size", type=int, default=256, help="PPO minibatch (default: 256)")
    add("--shaping-fade", type=int, default=300_000, help="steps over which the margin shaping fades (default: 300000)")
    add("--eval-every", type=int, default=50_000, help="learning-curve point every this many steps (default: 50000)")
    add("--curve-games", type=int, default=40, help="games per learning-curve point (default: 40)")
    add("--eval-games", type=int, default=200, help="final games against random and scripted each (default: 200)")
    add("--mcts-games", type=int, default=40, help="final games against mcts (default: 40; 0 skips it)")
    add("--workers", type=int, default=2, help="processes playing the final games (default: 2)")
    add("--show", type=Path, default=None, metavar="DIR", help="print the Markdown table of the reports below DIR")
    add("--no-progress", action="store_true", help="hide progress bars")
    return parser


def game_name(env_id: str) -> str:
    """``gnome_village_v1`` -> ``gnome_village``."""
    return env_id.rsplit("_v", 1)[0]


def epochs(args: argparse.Namespace) -> int:
    """The epochs of the cloning fit: the flag, or the game's recipe."""
    return RECIPES[game_name(args.env)].epochs if args.warm_start_epochs is None else args.warm_start_epochs


def train_argv(args: argparse.Namespace, out: Path) -> list[str]:
    """The ``training.train`` arguments of the reference run."""
    recipe = RECIPES[game_name(args.env)]
    timesteps = recipe.timesteps if args.timesteps is None else args.timesteps
    teacher = recipe.teacher_games if args.warm_start_games is None else args.warm_start_games
    argv = ["--env", args.env, "--players", str(args.players), "--seed", str(args.seed),
            "--timesteps", str(timesteps), "--warm-start-games", str(teacher),
            "--warm-start-epochs", str(epochs(args)), *recipe.flags(), *PPO_FLAGS,
            "--shaping-fade", str(args.shaping_fade), "--n-steps", str(args.n_steps),
            "--batch-size", str(args.batch_size), "--n-envs", str(args.n_envs),
            "--eval-every", str(args.eval_every), "--curve-games", str(args.curve_games),
            "--checkpoint-every", str(args.eval_every), "--eval-games", "0", "--out", str(out)]
    return argv + (["--no-progress"] if args.no_progress else [])


def reference_command(args: argparse.Namespace) -> str:
    """The command line that repeats this run (the budget flags spelled out)."""
    recipe = RECIPES[game_name(args.env)]
    flags = {"--env": args.env, "--players": args.players, "--seed": args.seed,
             "--timesteps": recipe.timesteps if args.timesteps is None else args.timesteps,
             "--warm-start-games": recipe.teacher_games if args.warm_start_games is None else args.warm_start_games,
             "--warm-start-epochs": epochs(args), "--n-envs": args.n_envs, "--n-steps": args.n_steps,
             "--batch-size": args.batch_size, "--shaping-fade": args.shaping_fade, "--eval-every": args.eval_every,
             "--curve-games": args.curve_games, "--eval-games": args.eval_games, "--mcts-games": args.mcts_games}
    return "python -m training.reference " + " ".join(f"{flag} {value}" for flag, value in flags.items())


def cpu_seconds() -> float:
    """CPU seconds used so far by this process and its reaped children."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


PROC = Path("/proc")
CPU_SAMPLE_S = 0.5  # how often the descendants' CPU is read (a process's last half second can be missed)


def own_cpu_seconds() -> float:
    """CPU seconds used so far by this process alone."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    return own.ru_utime + own.ru_stime


class TreeCpu:
    """CPU seconds of this process and of every descendant while the block runs.

    ``RUSAGE_CHILDREN`` misses the env workers: they are children of multiprocessing's
    forkserver, which lives as long as this process. So on Linux a thread reads every
    descendant's user and system time from /proc twice a second and keeps each one's last
    reading; elsewhere this process and its reaped children are counted (``cpu_seconds``)."""

    def __init__(self) -> None:
        self.readings: dict[int, float] = {}
        self.seconds = 0.0
        self.done = threading.Event()
        self.tick = os.sysconf("SC_CLK_TCK") if PROC.is_dir() else 0
        self.thread = threading.Thread(target=self._watch, daemon=True)

    def __enter__(self) -> TreeCpu:
        self.readings_before: dict[int, float] = {}
        if not self.tick:
            self.before = cpu_seconds()
            return self
        self.before = own_cpu_seconds()
        self.readings_before = self._descendants()  # (a forkserver may already be running)
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if not self.tick:
            self.seconds = cpu_seconds() - self.before
            return
        self.done.set()
        self.thread.join()
        self.readings.update(self._descendants())
        self.seconds = own_cpu_seconds() - self.before + sum(
            cpu - self.readings_before.get(pid, 0.0) for pid, cpu in self.readings.items())

    def _watch(self) -> None:
        while not self.done.wait(CPU_SAMPLE_S):
            self.readings.update(self._descendants())

    def _descendants(self) -> dict[int, float]:
        """CPU seconds of every live descendant of this process, by pid."""
        parents: dict[int, int] = {}
        times: dict[int, float] = {}
        for entry in PROC.iterdir():
            if entry.name.isdigit():
                try:
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                except OSError:  # it ended meanwhile
                    continue
                parents[int(entry.name)] = int(fields[1])
                times[int(entry.name)] = (int(fields[11]) + int(fields[12])) / self.tick
        me, out = os.getpid(), {}
        for pid, cpu in times.items():
            ancestor = parents.get(pid)
            while ancestor not in (None, me, 0, 1):
                ancestor = parents.get(ancestor)
            if ancestor == me:
                out[pid] = cpu
        return out


def measure(args: argparse.Namespace, model: Path, opponent: str, games: int) -> dict[str, Any]:
    """Seat-balanced games of the trained policy against ``opponent``: its head-to-head row."""
    from training import evaluate as evaluate_job

    agent = f"checkpoint:path={model}:deterministic=true"
    argv = ["--env", args.env, "--players", str(args.players), "--agents", f"{agent},{opponent}",
            "--games", str(games), "--seed", str(args.seed), "--workers", str(args.workers)]
    with tempfile.TemporaryDirectory() as out:
        with contextlib.redirect_stdout(io.StringIO()):  # the report is read from its file
            code = evaluate_job.main([*argv, "--out", out, "--no-progress"])
        if code != 0:
            raise ConfigError(f"the evaluation against {opponent} failed (exit {code})")
        report = json.loads((Path(out) / "report.json").read_text())
    row = next(r for r in report["head_to_head"] if r["agent"] == agent)
    target = TARGETS.get(opponent)
    return {"opponent": opponent, "games": row["games"], "win_rate": row["win_rate"], "ci95": row["ci95"],
            "target": target, "met": None if target is None else row["win_rate"] >= target,
            "command": "python -m training.evaluate " + " ".join(argv)}


def run_reference(args: argparse.Namespace) -> dict[str, Any]:
    """Train, evaluate and write the report and chart; returns the report."""
    from training import train as train_job

    out = args.out or Path("runs") / "reference" / f"{args.env}-{args.players}p"
    train_out = out / TRAIN_DIR
    argv = train_argv(args, train_out)
    wall = time.perf_counter()
    with TreeCpu() as training_cpu:
        if train_job.main(argv) != 0:
            raise ConfigError("training failed; see the messages above")
    train_cpu, train_wall = training_cpu.seconds, time.perf_counter() - wall
    trained = json.loads((train_out / "report.json").read_text())
    model = Path(trained["model_path"])
    games = {"random": args.eval_games, "scripted": args.eval_games, "mcts": args.mcts_games}
    with TreeCpu() as evaluation_cpu:
        results = [measure(args, model, opponent, games[opponent]) for opponent in OPPONENTS if games[opponent] > 0]
    report = {
        "job": "reference", "env": args.env, "players": args.players, "seed": args.seed,
        "commands": {"reference": reference_command(args), "train": "python -m training.train " + " ".join(argv)},
        "budget": {"timesteps": trained["training"]["timesteps"], "teacher_games": trained["warm_start"]["games"],
                   "train_cpu_minutes": train_cpu / SECONDS_PER_MINUTE,
                   "eval_cpu_minutes": evaluation_cpu.seconds / SECONDS_PER_MINUTE,
                   "train_wall_minutes": train_wall / SECONDS_PER_MINUTE},
        "warm_start": trained["warm_start"], "eval_curve": trained["eval_curve"], "model": str(model),
        "results": results,
    }
    out.mkdir(parents=True, exist_ok=True)
    (out / REFERENCE_FILE).write_text(common.to_json(report), encoding="utf-8")
    write_chart(report, trained.get("reward_curve", []), out / CHART_FILE)
    return report


def write_chart(report: dict[str, Any], reward_curve: list[dict[str, float]], path: Path) -> Path:
    """The learning curve (top) and the final win rates with their intervals (bottom)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (top, bottom) = plt.subplots(2, 1, figsize=(8.0, 7.0))
    for name in dict.fromkeys(n for point in report["eval_curve"] for n in point["results"]):
        rows = [(p["timesteps"], p["results"][name]) for p in report["eval_curve"] if name in p["results"]]
        top.plot([s for s, _ in rows], [r["win_rate"] for _, r in rows], marker="o", label=f"vs {name}")
        top.fill_between([s for s, _ in rows], [r["ci95"][0] for _, r in rows], [r["ci95"][1] for _, r in rows],
                         alpha=0.2)
    top.set_ylim(0.0, 1.0)
    top.set_xlabel("PPO steps after the warm start")
    top.set_ylabel("win rate (95% CI)")
    top.set_title(f"{report['env']}, {report['players']} players: learning curve")
    top.legend(loc="lower right")
    names = [r["opponent"] for r in report["results"]]
    rates = [r["win_rate"] for r in report["results"]]
    errors = [[rate - r["ci95"][0] for rate, r in zip(rates, report["results"])],
              [r["ci95"][1] - rate for rate, r in zip(rates, report["results"])]]
    bottom.bar(names, rates, yerr=errors, capsize=6, color="tab:blue")
    for i, r in enumerate(report["results"]):
        if r["target"] is not None:
            bottom.hlines(r["target"], i - 0.4, i + 0.4, colors="tab:red", linestyles="--")
    bottom.set_ylim(0.0, 1.0)
    bottom.set_ylabel("final win rate (95% CI); dashed: target")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def table(folder: Path) -> str:
    """The Markdown reference table of every ``reference.json`` below ``folder``."""
    lines = ["| env | players | teacher games | PPO steps | train CPU min | vs random | vs scripted | vs mcts |",
             "|---|---|---|---|---|---|---|---|"]
    for path in sorted(folder.rglob(REFERENCE_FILE)):
        report = json.loads(path.read_text())
        cells = {r["opponent"]: f"{r['win_rate']:.2f} [{r['ci95'][0]:.2f}, {r['ci95'][1]:.2f}] ({r['games']})"
                 for r in report["results"]}
        budget = report["budget"]
        lines.append(f"| {report['env']} | {report['players']} | {budget['teacher_games']:,} | "
                     f"{budget['timesteps']:,} | {budget['train_cpu_minutes']:.0f} | "
                     + " | ".join(cells.get(o, "-") for o in OPPONENTS) + " |")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Run the reference job (or print the table with --show)."""
    if args.show is not None:
        print(table(args.show))
        return 0
    if args.env is None:
        raise ConfigError("--env is required (or --show DIR)")
    for flag, value in (("--eval-games", args.eval_games), ("--mcts-games", args.mcts_games)):
        if value < 0:
            raise ConfigError(f"{flag} must be at least 0, got {value}")
    report = run_reference(args)
    print(table_row_text(report))
    return 0


def table_row_text(report: dict[str, Any]) -> str:
    """One line per opponent: win rate, interval, games and the target."""
    lines = [f"{report['env']} {report['players']}p: {report['budget']['train_cpu_minutes']:.0f} CPU min training"]
    for r in report["results"]:
        target = "" if r["target"] is None else f" (target {r['target']:.2f}: {'met' if r['met'] else 'missed'})"
        lines.append(f"  vs {r['opponent']}: {r['win_rate']:.3f} [{r['ci95'][0]:.3f}, {r['ci95'][1]:.3f}] "
                     f"over {r['games']} games{target}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    return common.run_cli(run, build_parser(), argv)


if __name__ == "__main__":
    sys.exit(main())
