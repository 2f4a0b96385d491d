"""Golden replays: one recorded game per registered (env_id, config), and one scripted outcome.

Each file ``tests/data/golden/<env_id>__<config-slug>.json`` is a :class:`Replay` (seed,
config, the decisions taken and the state hash after each). ``tests/conformance/test_engine.py``
replays every one and fails, naming the env, config and step, when a hash diverges: the
rules (or the hashed state) changed.

When a rules change is deliberate, bump the env's version and regenerate on purpose::

    python -m tests.golden            # (re)write every golden replay
    python -m tests.golden --check    # verify the stored ones, write nothing
    python -m tests.golden --prune    # also delete files no registered config produces
    python -m tests.golden --env gnome_village_v1   # only one env

The games are uniformly random over the legal mask with a seed derived from the file name
(crc32, stable across processes), played to the end: a few hundred decisions, which covers
setup, the turn structure and the final scoring.

Random play rarely reaches what a values table scores (a secret goal's VP, a card's VP): the
hashed state does not hold such constants, and a random game seldom completes the goal. So
``tests/data/golden_outcomes.json`` also keeps, per (env_id, config), the outcome of one game
of the scripted agent in every seat on the same seed: its length, a digest of its actions and
its final scores. A change of rules, values or the scripted agent that this game meets shows
there (the crystal dwarfs' castle VP did, in four configs; a goal that no such game reveals
can still change unseen).

This module imports only gnome_envs and numpy (the scripted outcomes import ``agents`` when
they are played), so it runs without pytest.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import zlib
from pathlib import Path
from typing import Any

import numpy as np

import gnome_envs
from gnome_envs.core.registry import get_spec
from gnome_envs.core.replay import Recorder, Replay, verify

GOLDEN_DIR = Path(__file__).resolve().parent / "data" / "golden"
GOLDEN_MAX_ACTIONS = 5000  # a recorded game that has not ended by then is an engine bug
OUTCOMES_PATH = GOLDEN_DIR.parent / "golden_outcomes.json"
OUTCOME_AGENT = "scripted"  # plays every seat of the outcome game


def config_slug(config: dict[str, Any]) -> str:
    """Readable, file-name-safe name of a config: ``2p``, ``3p-deluxe``, ``4p-depth-3``."""
    parts = [f"{config['num_players']}p"]
    for key in sorted(k for k in config if k != "num_players"):
        value = config[key]
        if value is True:
            parts.append(key)
        elif value is False:
            parts.append(f"no-{key}")
        else:
            parts.append(f"{key}-{value}")
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", "-".join(parts))


def case_id(env_id: str, config: dict[str, Any]) -> str:
    """The pytest id of a case: ``gnome_village_v1-3p-deluxe``."""
    return f"{env_id}-{config_slug(config)}"


def all_cases() -> list[tuple[str, dict[str, Any]]]:
    """Every (env_id, config) the conformance suite covers, in registration order."""
    return [
        (env_id, dict(config))
        for env_id in gnome_envs.ENV_IDS
        for config in get_spec(env_id).variant_configs()
    ]


def golden_path(env_id: str, config: dict[str, Any]) -> Path:
    """Where the golden replay of (env_id, config) is stored."""
    return GOLDEN_DIR / f"{env_id}__{config_slug(config)}.json"


def golden_seed(env_id: str, config: dict[str, Any]) -> int:
    """The fixed seed of the golden game of (env_id, config) (and of its action choices)."""
    return zlib.crc32(golden_path(env_id, config).name.encode())


def record(env_id: str, config: dict[str, Any]) -> Replay:
    """Play the golden game of (env_id, config): uniform random legal actions to the end."""
    seed = golden_seed(env_id, config)
    recorder = Recorder(env_id, seed, **config)
    rng = np.random.default_rng(seed)
    while not recorder.state.is_terminal():
        if len(recorder.actions) >= GOLDEN_MAX_ACTIONS:
            raise RuntimeError(
                f"{case_id(env_id, config)} seed={seed}: no end after {GOLDEN_MAX_ACTIONS} actions"
            )
        legal = np.flatnonzero(recorder.state.legal_action_mask())
        recorder.apply(int(legal[rng.integers(legal.size)]))
    return recorder.replay()


def scripted_outcome(env_id: str, config: dict[str, Any]) -> dict[str, Any]:
    """The golden outcome of (env_id, config): the scripted agent in every seat on the golden seed."""
    import agents  # the agents build on gnome_envs; only the outcomes need them
    from agents.base import choose_action

    seed = golden_seed(env_id, config)
    state = get_spec(env_id).make_game(**config).new_state(seed)
    policy = agents.make(OUTCOME_AGENT, env_id)
    rng = np.random.default_rng(seed)
    digest = hashlib.sha256()
    decisions = 0
    while not state.is_terminal():
        if decisions >= GOLDEN_MAX_ACTIONS:
            raise RuntimeError(f"{case_id(env_id, config)} seed={seed}: no end after {GOLDEN_MAX_ACTIONS} actions")
        action = choose_action(policy, state, rng)
        digest.update(f"{action},".encode())
        state.apply(action)
        decisions += 1
    return {"seed": seed, "decisions": decisions, "actions_sha256": digest.hexdigest(),
            "scores": [float(x) for x in state.scores()], "truncated_by": state.truncated_by}


def load_outcomes() -> dict[str, dict[str, Any]]:
    """The stored scripted outcomes by case id (empty when none are stored)."""
    return json.loads(OUTCOMES_PATH.read_text()) if OUTCOMES_PATH.exists() else {}


def stale_files() -> list[Path]:
    """Stored golden files that no registered (env_id, config) produces."""
    expected = {golden_path(env_id, config) for env_id, config in all_cases()}
    return sorted(p for p in GOLDEN_DIR.glob("*.json") if p not in expected)


def main(argv: list[str] | None = None) -> int:
    """Regenerate (or with --check, verify) every golden replay."""
    parser = argparse.ArgumentParser(prog="python -m tests.golden", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="verify the stored replays, write nothing")
    parser.add_argument("--prune", action="store_true", help="delete golden files of unregistered configs")
    parser.add_argument("--env", action="append", metavar="ENV_ID",
                        help="only this env (repeatable; default: every registered env)")
    args = parser.parse_args(argv)
    failures = 0
    outcomes = load_outcomes()
    for env_id, config in all_cases():
        if args.env and env_id not in args.env:
            continue
        name = case_id(env_id, config)
        played = scripted_outcome(env_id, config)
        if args.check and outcomes.get(name) != played:
            failures += 1
            print(f"FAIL {OUTCOMES_PATH.name} {name}: stored {outcomes.get(name)}, played {played}")
        outcomes[name] = played
        path = golden_path(env_id, config)
        if args.check:
            try:
                verify(Replay.load(path))
            except Exception as err:  # noqa: BLE001 - report every file, then fail
                failures += 1
                print(f"FAIL {path}: {type(err).__name__}: {err}")
            else:
                print(f"ok   {path}")
            continue
        replay = record(env_id, config)
        path.parent.mkdir(parents=True, exist_ok=True)
        replay.save(path)
        print(f"wrote {path} ({len(replay.actions)} actions, seed {replay.seed})")
    if not args.check:
        known = {case_id(env_id, config) for env_id, config in all_cases()}
        kept = {k: v for k, v in sorted(outcomes.items()) if k in known or not args.prune}
        OUTCOMES_PATH.write_text(json.dumps(kept, indent=1) + "\n")
        print(f"wrote {OUTCOMES_PATH} ({len(kept)} scripted outcomes)")
    for path in stale_files():
        if args.prune and not args.check:
            path.unlink()
            print(f"removed stale {path}")
        else:
            print(f"stale {path}: no registered config produces it (--prune deletes it)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
