"""Any game at 2 players: behaviour cloning of the scripted agent's first-ranked action, then DAgger.

    python training/results/baselines/dagger_clone.py ENV ROUNDS GAMES TEACHER_GAMES EPOCHS EVAL_GAMES [OUT]

``dagger_dwarfs_fall.py`` for any env (its teacher and labelling loop): the teacher is the scripted agent's deterministic choice
(``ranked(...)[0]`` on a determinization of what the seat cannot see, as ``choose_action`` asks
every agent). It plays the learner's seat of TEACHER_GAMES games against the scripted agent, and
an MLP of two layers of 512 (``clone_encoders.mlp_policy``) is fitted to its choices for EPOCHS
epochs (masked cross-entropy, 90% of the decisions; agreement on the other 10%). Each of ROUNDS
rounds lets the clone play GAMES games, labels every decision it met with the teacher's choice
and refits a new network on all the data (DAgger). After each fit: EVAL_GAMES games of the
clone's most probable legal action against the scripted agent (the learner's seat drawn per
game, the same game seeds after every fit), as a win rate with its 95% Wilson interval. With
OUT, each fitted network's weights are saved as ``OUT-round<R>.pt``. One JSON line per fit.
An experiment, not a training recipe.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import torch

import agents
from training.common import wilson_interval

_DIR = Path(__file__).parent


def _load(name: str) -> Any:
    """A sibling experiment script as a module."""
    spec = importlib.util.spec_from_file_location(name, _DIR / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_dagger = _load("dagger_dwarfs_fall")
ce = _dagger.ce  # one clone_encoders module: the fits read its EPOCHS
teacher_choice = _dagger.teacher_choice  # the deterministic teacher, any game
play_and_label = _dagger.play_and_label  # games of the teacher or a net, every decision labelled

SEED = 0
PLAYERS = 2


def win_rate(choose: Callable[[Any, np.ndarray], int], env: Any, games: int) -> dict[str, Any]:
    """``choose(env, obs)`` at the learner's seat against the scripted agent: wins (ties shared),
    the same game seeds for every chooser."""
    wins = sum(ce.learner_win(state, seat) for state, seat in ce.finished_games(choose, env, games))
    low, high = wilson_interval(wins, games)
    return {"games": games, "win_rate": wins / games, "ci95": [low, high]}


def main() -> int:
    """Clone, then ROUNDS DAgger rounds of GAMES games; one JSON line per fit."""
    env_id, rounds, games, teacher_games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    ce.EPOCHS, eval_games = int(sys.argv[5]), int(sys.argv[6])
    out = sys.argv[7] if len(sys.argv) > 7 else None
    torch.manual_seed(SEED)
    torch.set_num_threads(1)
    teacher = agents.make("scripted", env_id)
    env = ce.demonstration_env(env_id, PLAYERS, {}, "scripted", None)
    rng = np.random.default_rng(SEED)
    start = time.process_time()
    for round_, net, decisions, agreement in _dagger.dagger_fits(env, teacher, teacher_games, rounds, games, rng):
        if out is not None:
            torch.save(net.state_dict(), f"{out}-round{round_}.pt")
        print(json.dumps({"env": env_id, "round": round_, "decisions": decisions, "epochs": ce.EPOCHS,
                          "heldout_agreement": round(agreement, 4),
                          "against_scripted": win_rate(ce.argmax_choice(net), env, eval_games),
                          "cpu_s": round(time.process_time() - start)}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
