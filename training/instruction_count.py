"""Instructions per AEC step, of its observation and of a clone, counted by valgrind: a speed
measure that does not move with the machine's load.

    python -m training.instruction_count --env battle_gnomes_v1 [--players 2] [--games 20]
                                         [--config key=value] [--base REF] [--json]
                                         [--function MODULE:NAME ...]

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
function     with ``--function MODULE:NAME`` (repeatable; ``NAME`` may be ``Class.method``), every
             call of that function while the games are played as in ``step``: it is rebound,
             in its module and wherever the package holds it (names imported from the module,
             handler tables and hook lists, the fields of the frozen rules in them), to a
             wrapper that makes the call through ``operator.methodcaller`` (a call made
             inside another is counted within the outer one); each call counts the wrapper's
             and the call's own cost (about 1,800 for a function that returns at once)
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
import dataclasses
import gc
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from operator import methodcaller
from pathlib import Path
from typing import Any

import numpy as np

import gnome_envs
from training import common

MODES = ("step", "observation", "clone")
FUNCTION_MODE = "function"
COUNTED_FUNCTION = "methodcaller_call"  # CPython's C function behind calling an operator.methodcaller
COLLECTED = re.compile(r"Collected : (\d+)")
STEPS_LINE = "steps "
CALLS_LINE = "calls "
PACKAGES = ("gnome_envs", "agents", "training")  # where references to a counted function are rebound
REPO_ROOT = Path(__file__).resolve().parents[1]
LAST = methodcaller("last")
CLONE = methodcaller("clone")


@contextmanager
def counting_calls(target: str) -> Iterator[list[int]]:
    """Route every call of ``target`` (``module:name`` or ``module:Class.name``) through
    ``operator.methodcaller`` while the block runs (see the module table); yields a one-item list
    counting the calls, and puts every reference back afterwards."""
    module_name, sep, path = target.partition(":")
    if not sep or not path:
        raise ValueError(f"--function takes MODULE:NAME, got {target!r}")
    owner = importlib.import_module(module_name)
    *outer, name = path.split(".")
    for part in outer:
        owner = getattr(owner, part)
    original = getattr(owner, name)
    if not callable(original):
        raise ValueError(f"{target} is not a function")
    calls, depth = [0], [0]

    def counted(*args: object, **kwargs: object) -> object:
        calls[0] += 1
        if depth[0]:  # a call inside a counted one: counted there (callgrind toggles at each entry)
            return original(*args, **kwargs)
        depth[0] = 1
        try:
            return methodcaller("__call__", *args, **kwargs)(original)
        finally:
            depth[0] = 0

    undo: list[Callable[[], None]] = []
    _swap(owner, name, counted, undo)
    for module in list(sys.modules.values()):
        if module is not None and module.__name__.split(".")[0] in PACKAGES:
            for key, value in list(vars(module).items()):
                if value is original:
                    _swap(module, key, counted, undo)
                elif isinstance(value, (dict, list)):
                    _rebind(value, original, counted, undo)
    try:
        yield calls
    finally:
        for restore in reversed(undo):
            restore()


def _swap(owner: object, name: str, value: object, undo: list[Callable[[], None]]) -> None:
    """Set ``owner.name`` to ``value``, and how to put it back into ``undo``."""
    old = vars(owner)[name] if name in vars(owner) else getattr(owner, name)
    setattr(owner, name, value)
    undo.append(lambda: setattr(owner, name, old))


def _rebind(table: dict | list, original: object, counted: object, undo: list[Callable[[], None]]) -> None:
    """Replace ``original`` by ``counted`` among the values of ``table`` and in the fields of the
    dataclass instances there (a game's decision rules are frozen: set as ``__init__`` does)."""
    for key, value in list(table.items() if isinstance(table, dict) else enumerate(table)):
        if value is original:
            table[key] = counted
            undo.append(lambda table=table, key=key: table.__setitem__(key, original))
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            for field in dataclasses.fields(value):
                if getattr(value, field.name) is original:
                    object.__setattr__(value, field.name, counted)
                    undo.append(lambda value=value, name=field.name: object.__setattr__(value, name, original))


def play(env_id: str, players: int, games: int, mode: str, config: dict, target: str = "",
         calls: list[int] | None = None) -> int:
    """Play ``games`` seeded random games, making ``mode``'s calls (see the module table)
    through ``operator.methodcaller``; return the steps (and append the calls of ``target`` to
    ``calls`` in the function mode)."""
    env = gnome_envs.make(env_id, num_players=players, **config)  # (the game's modules are loaded first)
    with counting_calls(target) if mode == FUNCTION_MODE else nullcontext([0]) as counter:
        steps = _play_games(env, players, games, mode)
    if mode == FUNCTION_MODE and calls is not None:
        calls.append(counter[0])
    return steps


def _play_games(env: Any, players: int, games: int, mode: str) -> int:
    """The games of ``play`` on ``env``; returns the steps."""
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


def count(args: argparse.Namespace, mode: str, code_dir: Path | None, target: str = "") -> tuple[int, int]:
    """(instructions inside the counted calls, steps) of one ``mode`` run under callgrind, on the
    code in ``code_dir`` (this checkout when None)."""
    instructions, out = run_counted(args, mode, code_dir, target)
    return instructions, _read(out, STEPS_LINE)


def count_function(args: argparse.Namespace, target: str, code_dir: Path | None) -> tuple[int, int, int]:
    """(instructions inside ``target``'s calls, steps, calls) of one function run."""
    instructions, out = run_counted(args, FUNCTION_MODE, code_dir, target)
    return instructions, _read(out, STEPS_LINE), _read(out, CALLS_LINE)


def _read(out: str, prefix: str) -> int:
    return next((int(line.split()[1]) for line in out.splitlines() if line.startswith(prefix)), 0)


def run_counted(args: argparse.Namespace, mode: str, code_dir: Path | None, target: str = "") -> tuple[int, str]:
    """(instructions inside the counted calls, the run's output) of one ``mode`` run under callgrind."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
               f"--toggle-collect={COUNTED_FUNCTION}", sys.executable, "-m",
               "training.instruction_count", "--play", mode, "--env", args.env, "--players", str(args.players),
               "--games", str(args.games), *sum((["--config", item] for item in args.config or ()), []),
               *(["--target", target] if target else [])]
    env = {**os.environ, "PYTHONHASHSEED": "0"}  # the same string hashes in every run
    if code_dir is not None:
        env["PYTHONPATH"] = str(code_dir)
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=code_dir, check=False)
    found = COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"valgrind run failed ({mode} {target}):\n{done.stderr[-2000:]}")
    return int(found.group(1)), done.stdout


def measure(args: argparse.Namespace, code_dir: Path | None) -> dict[str, float]:
    """Steps, instructions per step, per observation and per clone, and their shares of a step."""
    compile_package(code_dir or REPO_ROOT)
    (step_total, steps), (observed, _), (cloned, _) = (count(args, mode, code_dir) for mode in MODES)
    step, observation, clone = step_total / steps, observed / steps, cloned / steps
    row = {"steps": steps, "instructions_per_step": step, "observation_per_step": observation,
           "observation_share": observation / step, "clone_per_step": clone, "clone_share": clone / step}
    functions = {}
    for target in getattr(args, "function", None) or ():
        inside, played, calls = count_function(args, target, code_dir)
        per_step = inside / played
        functions[target] = {"calls_per_step": calls / played, "per_step": per_step,
                             "per_call": inside / calls if calls else 0.0, "share": per_step / step}
    if functions:
        row["functions"] = functions
    return row


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


def render(name: str, row: dict) -> str:
    """The results of one code: a line, and a line per counted function."""
    lines = [f"{name}: {row['steps']} steps, {row['instructions_per_step']:,.0f} instructions a step, "
             f"observation {row['observation_per_step']:,.0f} ({row['observation_share']:.1%}), "
             f"clone {row['clone_per_step']:,.0f} ({row['clone_share']:.1%})"]
    for target, found in row.get("functions", {}).items():
        lines.append(f"  {target}: {found['per_step']:,.0f} a step ({found['share']:.1%}), "
                     f"{found['calls_per_step']:.2f} calls a step, {found['per_call']:,.0f} a call")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    common.add_env_argument(parser)
    parser.add_argument("--players", type=int, default=2, help="player count (default: 2)")
    parser.add_argument("--games", type=int, default=20, help="seeded random games per run (default: 20)")
    common.add_config_argument(parser)
    parser.add_argument("--base", metavar="REF", help="also count the code of git ref REF and print the change")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--function", action="append", metavar="MODULE:NAME",
                        help="also count the instructions inside every call of this function, repeatable "
                             "(e.g. gnome_envs.dwarfs_fall.goals:check_secrets)")
    parser.add_argument("--play", choices=(*MODES, FUNCTION_MODE), help=argparse.SUPPRESS)  # one run, in valgrind
    parser.add_argument("--target", default="", help=argparse.SUPPRESS)  # the function run's function
    args = parser.parse_args(argv)
    config = common.parse_config(args.config)
    if args.games < 1:
        parser.error(f"--games must be at least 1, got {args.games}")
    if args.play:
        gc.disable()  # a collection would land in whichever counted call allocated last
        calls: list[int] = []
        print(f"{STEPS_LINE}{play(args.env, args.players, args.games, args.play, config, args.target, calls)}")
        if calls:
            print(f"{CALLS_LINE}{calls[0]}")
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
        for target, found in new.get("functions", {}).items():
            was = base.get("functions", {}).get(target)
            if was and was["per_step"]:
                print(f"change: {target} {found['per_step'] / was['per_step'] - 1:+.1%} a step")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
