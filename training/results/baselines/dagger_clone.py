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


ce = _load("clone_encoders")
_dagger = _load("dagger_dwarfs_fall")
teacher_choice = _dagger.teacher_choice  # the deterministic teacher, any game
play_and_label = _dagger.play_and_label  # games of the teacher or a net, every decision labelled

SEED = 0
PLAYERS = 2


def win_rate(choose: Callable[[Any, np.ndarray], int], env: Any, games: int) -> dict[str, Any]:
    """``choose(env, obs)`` at the learner's seat against the scripted agent: wins (ties shared),
    the same game seeds for every chooser."""
    rng = np.random.default_rng(SEED + 1)
    wins = 0.0
    for _ in range(games):
        obs, _info = env.reset(seed=int(rng.integers(2**31)))
        done = False
        while not done:
            obs, _reward, terminated, truncated, _info = env.step(choose(env, obs))
            done = terminated or truncated
        state, seat = env.unwrapped.game_state, env.unwrapped.learner_seat
        if state.is_terminal() and state.truncated_by is None:
            wins += max(0.0, float(state.returns()[seat]))  # a tie for first shares the win
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
    parts = [play_and_label(env, teacher, None, teacher_games, rng)]
    for round_ in range(rounds + 1):
        x, mask, action = (torch.as_tensor(np.concatenate([p[i] for p in parts])) for i in range(3))
        net = ce.mlp_policy(x.shape[1], mask.shape[1])
        order = rng.permutation(len(action))
        held, train = order[:len(order) // 10], order[len(order) // 10:]
        curve = ce.fit(net, {"x": x, "mask": mask, "action": action}, train, held, rng)
        if out is not None:
            torch.save(net.state_dict(), f"{out}-round{round_}.pt")
        print(json.dumps({"env": env_id, "round": round_, "decisions": len(action), "epochs": ce.EPOCHS,
                          "heldout_agreement": round(curve[-1], 4),
                          "against_scripted": win_rate(ce.argmax_choice(net), env, eval_games),
                          "cpu_s": round(time.process_time() - start)}), flush=True)
        if round_ < rounds:
            parts.append(play_and_label(env, teacher, net, games, rng))
    return 0


if __name__ == "__main__":
    sys.exit(main())
