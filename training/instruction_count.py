"""Instructions per AEC step, of its observation and of a clone, counted by valgrind: a speed
measure that does not move with the machine's load.

    python -m training.instruction_count --env battle_gnomes_v1 [--players 2] [--games 20]
                                         [--config key=value] [--base REF] [--json]

The timing benchmark (``training.benchmark``) is what the README's speed table reports, but on a
shared machine two runs of one config can read 20% apart, more than most single changes move.
This tool plays the same seeded random games three times under ``valgrind --tool=callgrind``,
each time making the calls it measures through ``operator.methodcaller``; callgrind's
``--toggle-collect=methodcaller_call`` counts the instructions inside those calls and nothing
else (no start-up, no picking of actions):

===========  ==================================================================================
run          what is counted, at every position of ``games`` games
===========  ==================================================================================
step         the AEC API as the benchmark plays it: ``last()`` (the observation and the mask)
             and ``step(action)``
observation  the mover's ``observation()`` of the game state, first thing after the step that
             led there (as ``last()`` meets it; the adapter's dict and mask copy are not in it)
clone        one ``clone()`` of the game state
===========  ==================================================================================

The garbage collector is off while the games run, so a collection's cost lands in no call;
string hashes are fixed (``PYTHONHASHSEED=0``) and the package is byte-compiled first, so that a
module imported inside a counted call is not compiled there. Two runs of one code from one folder
count the same instructions; from two folders (a base checkout is unpacked into a new temporary
folder each time) they agree within about 1% (a clone's count moved 0.9%, the step's and the
observation's less than 0.2%). ``--base REF`` counts the same games on the code
of git ref ``REF`` too (unpacked with ``git archive``) and prints the change.

Instructions are not time. A cache miss costs many cycles and counts one; a numpy call does much
work in few instructions; and valgrind counts a ``rep movs`` block copy one instruction per
iteration, so a numpy array copy counts about one instruction per byte (Gnome Village's
observation at 4 players is 44.8 KB, and its copy counts about 47,000 of the observation's
140,000 instructions). Compare a change with its base here, and keep time for the table. One run
of 20 two-player games takes about half a minute.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from operator import methodcaller
from pathlib import Path

import numpy as np

import gnome_envs
from training import common

MODES = ("step", "observation", "clone")
COUNTED_FUNCTION = "methodcaller_call"  # CPython's C function behind calling an operator.methodcaller
COLLECTED = re.compile(r"Collected : (\d+)")
STEPS_LINE = "steps "
REPO_ROOT = Path(__file__).resolve().parents[1]
LAST = methodcaller("last")
CLONE = methodcaller("clone")


def play(env_id: str, players: int, games: int, mode: str, config: dict) -> int:
    """Play ``games`` seeded random games, making ``mode``'s calls (see the module table)
    through ``operator.methodcaller``; return the steps."""
    env = gnome_envs.make(env_id, num_players=players, **config)
    rng = np.random.default_rng(0)
    observe = [methodcaller("observation", seat) for seat in range(players)]
    steps = 0
    for game in range(games):
        env.reset(seed=game)
        for agent in env.agent_iter():
            state = env.unwrapped.game_state
            live = not (env.terminations[agent] or env.truncations[agent])
            if live and mode == "observation":
                observe[state.current_player](state)
            elif live and mode == "clone":
                CLONE(state)
            obs, _reward, done, cut, _info = LAST(env) if mode == "step" else env.last()
            action = None
            if not (done or cut):
                legal = np.flatnonzero(obs["action_mask"])
                action = int(legal[rng.integers(legal.size)])
                steps += 1
            if mode == "step":
                methodcaller("step", action)(env)
            else:
                env.step(action)
    return steps


def count(args: argparse.Namespace, mode: str, code_dir: Path | None) -> tuple[int, int]:
    """(instructions inside the counted calls, steps) of one ``mode`` run under callgrind, on the
    code in ``code_dir`` (this checkout when None)."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
               f"--toggle-collect={COUNTED_FUNCTION}", sys.executable, "-m",
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
    compile_package(code_dir or REPO_ROOT)
    (step_total, steps), (observed, _), (cloned, _) = (count(args, mode, code_dir) for mode in MODES)
    step, observation, clone = step_total / steps, observed / steps, cloned / steps
    return {"steps": steps, "instructions_per_step": step, "observation_per_step": observation,
            "observation_share": observation / step, "clone_per_step": clone, "clone_share": clone / step}


def compile_package(code_dir: Path) -> None:
    """Byte-compile the package in ``code_dir`` first: a module imported on first use inside a
    counted call (a game's observation module, say) would otherwise count its compilation when
    its source is new (a fresh base checkout, a file just edited) and not otherwise."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(code_dir / "gnome_envs")], check=True)


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
    parser.add_argument("--base", metavar="REF", help="also count the code of git ref REF and print the change")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--play", choices=MODES, help=argparse.SUPPRESS)  # one run, inside valgrind
    args = parser.parse_args(argv)
    config = common.parse_config(args.config)
    if args.games < 1:
        parser.error(f"--games must be at least 1, got {args.games}")
    if args.play:
        gc.disable()  # a collection would land in whichever counted call allocated last
        print(f"{STEPS_LINE}{play(args.env, args.players, args.games, args.play, config)}")
        return 0
    results = {"env": args.env, "players": args.players, "games": args.games, "config": config,
               "new": measure(args, None)}
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
