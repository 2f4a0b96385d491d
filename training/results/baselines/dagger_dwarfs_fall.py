"""Dwar7s Fall: behaviour cloning of the scripted agent's ranking, then DAgger rounds.

    python training/results/baselines/dagger_dwarfs_fall.py ITER GAMES [TEACHER_GAMES [EPOCHS]] > OUT.txt
    (v5, 3 600: dwarfs_fall_v5-2p-dagger.txt; v6, 2 1000 3000 20: dwarfs_fall_v6-2p-dagger-3000-20.txt)

The teacher is the scripted agent's deterministic choice (``ranked(...)[0]``, near-ties by the
lower index, so its labels never disagree with themselves), asked on a determinization of what
the seat cannot see, as ``choose_action`` asks every agent. It plays the learner's seat of TEACHER_GAMES
(1,000) games against the scripted agent and an MLP (``clone_encoders.mlp_policy``) is fitted to it
for EPOCHS (``clone_encoders.EPOCHS``, 8).
Each of ITER rounds then lets the clone play GAMES games, labels every decision it met with the
teacher's choice and refits on all the data (DAgger). After each fit: held-out agreement, and
100 games against the scripted agent (``clone_encoders.play``: win rate, goals per game).
An experiment, not a training recipe.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import torch

import agents

_SPEC = importlib.util.spec_from_file_location("clone_encoders", Path(__file__).with_name("clone_encoders.py"))
ce = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(ce)

TEACHER_GAMES = 1000
EVAL_GAMES = 100


def teacher_choice(teacher: Any, state: Any, rng: np.random.Generator) -> int:
    """The scripted agent's first-ranked action on a determinization of the mover's view."""
    seat = state.current_player
    return int(teacher.ranked(state.determinize(seat, rng), seat)[0])


def play_and_label(env: Any, teacher: Any, net: Any, games: int, rng: np.random.Generator) -> tuple:
    """``games`` games of ``net`` (None: the teacher) at the learner's seat, every decision labelled."""
    observations, masks, labels = [], [], []
    for _ in range(games):
        obs, _info = env.reset(seed=int(rng.integers(2**31)))
        done = False
        while not done:
            mask = env.unwrapped.action_masks().astype(bool)
            label = teacher_choice(teacher, env.unwrapped.game_state, rng)
            observations.append(obs)
            masks.append(mask)
            labels.append(label)
            action = label
            if net is not None:
                with torch.no_grad():
                    action = int(ce.masked_logits(net, torch.as_tensor(obs[None]), torch.as_tensor(mask[None])).argmax())
            obs, _reward, terminated, truncated, _info = env.step(action)
            done = terminated or truncated
    return (np.asarray(observations, dtype=np.float32), np.asarray(masks), np.asarray(labels, dtype=np.int64))


def dagger_fits(env: Any, teacher: Any, teacher_games: int, rounds: int, games: int,
                rng: np.random.Generator) -> Iterator[tuple[int, Any, int, float]]:
    """The clone of ``teacher_games`` teacher games, then a refit on all the data after each of
    ``rounds`` DAgger rounds of ``games`` games of the last fit: (round, net, decisions,
    held-out agreement) per fit, the next round played once the caller has taken it."""
    parts = [play_and_label(env, teacher, None, teacher_games, rng)]
    for round_ in range(rounds + 1):
        x, mask, action = (torch.as_tensor(np.concatenate([p[i] for p in parts])) for i in range(3))
        net = ce.mlp_policy(x.shape[1], mask.shape[1])
        order = rng.permutation(len(action))
        held, train = order[:len(order) // 10], order[len(order) // 10:]
        curve = ce.fit(net, {"x": x, "mask": mask, "action": action}, train, held, rng)
        yield round_, net, len(action), curve[-1]
        if round_ < rounds:
            parts.append(play_and_label(env, teacher, net, games, rng))


def main() -> int:
    """Clone, then ITER DAgger rounds of GAMES games; one line per fit."""
    rounds, games = int(sys.argv[1]), int(sys.argv[2])
    teacher_games = int(sys.argv[3]) if len(sys.argv) > 3 else TEACHER_GAMES
    ce.EPOCHS = int(sys.argv[4]) if len(sys.argv) > 4 else ce.EPOCHS
    torch.manual_seed(ce.SEED)
    torch.set_num_threads(1)
    teacher = agents.make("scripted", ce.ENV)
    env = ce.demonstration_env(ce.ENV, 2, {}, "scripted", None)
    rng = np.random.default_rng(ce.SEED)
    start = time.process_time()
    for round_, net, decisions, agreement in dagger_fits(env, teacher, teacher_games, rounds, games, rng):
        result = ce.play(net, env, EVAL_GAMES)
        print(f"round {round_}: {decisions} decisions, held-out agreement {agreement:.3f}, "
              f"against scripted {result}, cpu {time.process_time() - start:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
