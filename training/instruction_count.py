"""Instructions per AEC step, of its observation and of a clone, counted by valgrind: a speed
measure that does not move with the machine's load.

    python -m training.instruction_count --env battle_gnomes_v1 [--players 2] [--games 20]
                                         [--config key=value] [--repeats 1] [--base REF] [--json]

The timing benchmark (``training.benchmark``) is what the README's speed table reports, but on a
shared machine two runs of one config can read 20% apart, more than most single changes move.
This tool plays the same seeded random games four times under ``valgrind --tool=callgrind`` and
reads the instructions each run executed:

=========  ==================================================================================
run        what it plays
=========  ==================================================================================
full       ``games`` games through the AEC API as the benchmark plays them: ``last()`` (the
           observation and the mask), a uniform pick among the legal actions, ``step``
noobs      the same games, the mask read from the state and no observation built
clone      the full run, cloning the state once at every position
none       making the env and one ``reset``, no game (the process's fixed cost)
=========  ==================================================================================

``(full - none) / steps`` is the instructions of one step, ``(full - noobs) / steps`` those of
its observation (with the adapter's dict and mask copy) and ``(clone - full) / steps`` those of a
clone. Instructions are not time (a cache miss costs many, a numpy call few for its work), and
these shares are not the benchmark's: compare a change with its base in instructions, and keep
time for the table. ``--base REF`` counts the same games on the code of git ref ``REF`` too
(unpacked with ``git archive``) and prints the change. Two runs of one code still differ (the
order of objects hashed by address, and when the garbage collector runs, are not fixed by a
seed): usually by a few million instructions, once by 20 million. So play enough games that this
is small against the steps, and with ``--repeats K`` keep the fewest instructions of K runs of
each kind (noise only adds work). Needs valgrind; one run of 20 two-player games takes about a
minute.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

import gnome_envs
from training import common

MODES = ("full", "noobs", "clone", "none")
COLLECTED = re.compile(r"Collected : (\d+)")
STEPS_LINE = "steps "


def play(env_id: str, players: int, games: int, mode: str, config: dict) -> int:
    """Play ``games`` seeded random games in ``mode`` (see the module table); return the steps."""
    env = gnome_envs.make(env_id, num_players=players, **config)
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    steps = 0
    for game in range(games if mode != "none" else 0):
        env.reset(seed=game)
        for agent in env.agent_iter():
            if mode != "noobs":
                obs, _reward, done, cut, _info = env.last()
                mask = obs["action_mask"]
                if mode == "clone" and not (done or cut):
                    env.unwrapped.game_state.clone()
            else:
                done, cut = env.terminations[agent], env.truncations[agent]
                mask = env.unwrapped.game_state.legal_action_mask()
            if done or cut:
                env.step(None)
                continue
            legal = np.flatnonzero(mask)
            env.step(int(legal[rng.integers(legal.size)]))
            steps += 1
    return steps


def count(args: argparse.Namespace, mode: str, code_dir: Path | None) -> tuple[int, int]:
    """(instructions, steps) of ``mode`` under callgrind on the code in ``code_dir`` (this
    checkout when None): the fewest instructions of ``args.repeats`` runs."""
    return min(count_once(args, mode, code_dir) for _ in range(args.repeats))


def count_once(args: argparse.Namespace, mode: str, code_dir: Path | None) -> tuple[int, int]:
    """(instructions, steps) of one ``mode`` run under callgrind."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-m",
               "training.instruction_count", "--play", mode, "--env", args.env, "--players", str(args.players),
               "--games", str(args.games), *sum((["--config", item] for item in args.config or ()), [])]
    env = {**os.environ, "PYTHONHASHSEED": "0"}  # the same string hashes in every run
    if code_dir is not None:
        env["PYTHONPATH"] = str(code_dir)
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=code_dir, check=False)
    found = COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"valgrind run failed ({mode}):\n{done.stderr[-2000:]}")
    steps = next((int(line.split()[1]) for line in done.stdout.splitlines() if line.startswith(STEPS_LINE)), 0)
    return int(found.group(1)), steps


def measure(args: argparse.Namespace, code_dir: Path | None) -> dict[str, float]:
    """Steps, instructions per step, per observation and per clone, and their shares of a step."""
    (full, steps), (noobs, _), (cloned, _), (none, _) = (count(args, mode, code_dir) for mode in MODES)
    step, observation, clone = (full - none) / steps, (full - noobs) / steps, (cloned - full) / steps
    return {"steps": steps, "instructions_per_step": step, "observation_per_step": observation,
            "observation_share": observation / step, "clone_per_step": clone, "clone_share": clone / step}


def base_checkout(ref: str, into: Path) -> Path:
    """The code of git ref ``ref``, unpacked into ``into``, with this counting module in it."""
    archive = subprocess.run(["git", "archive", ref], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    shutil.copy(Path(__file__), into / "training" / Path(__file__).name)
    return into


def render(name: str, row: dict[str, float]) -> str:
    """One line of results."""
    return (f"{name}: {row['steps']} steps, {row['instructions_per_step']:,.0f} instructions a step, "
            f"observation {row['observation_per_step']:,.0f} ({row['observation_share']:.1%}), "
            f"clone {row['clone_per_step']:,.0f} ({row['clone_share']:.1%})")


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    common.add_env_argument(parser)
    parser.add_argument("--players", type=int, default=2, help="player count (default: 2)")
    parser.add_argument("--games", type=int, default=20, help="seeded random games per run (default: 20)")
    common.add_config_argument(parser)
    parser.add_argument("--repeats", type=int, default=1,
                        help="runs of each kind, keeping the fewest instructions (default: 1)")
    parser.add_argument("--base", metavar="REF", help="also count the code of git ref REF and print the change")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--play", choices=MODES, help=argparse.SUPPRESS)  # one run, inside valgrind
    args = parser.parse_args(argv)
    config = common.parse_config(args.config)
    if args.repeats < 1 or args.games < 1:
        parser.error(f"--repeats and --games must be at least 1, got {args.repeats} and {args.games}")
    if args.play:
        print(f"{STEPS_LINE}{play(args.env, args.players, args.games, args.play, config)}")
        return 0
    results = {"env": args.env, "players": args.players, "games": args.games, "repeats": args.repeats,
               "config": config, "new": measure(args, None)}
    if args.base:
        with tempfile.TemporaryDirectory() as tmp:
            results["base"] = measure(args, base_checkout(args.base, Path(tmp)))
            results["base_ref"] = args.base
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(render("this checkout", results["new"]))
    if args.base:
        print(render(args.base, results["base"]))
        new, base = results["new"], results["base"]
        print(f"change: step {new['instructions_per_step'] / base['instructions_per_step'] - 1:+.1%}, "
              f"observation {new['observation_per_step'] / base['observation_per_step'] - 1:+.1%}, "
              f"clone {new['clone_per_step'] / base['clone_per_step'] - 1:+.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
