"""Dwar7s Fall: a trained policy fine-tuned on a search teacher's choices at the states it meets
(DAgger with rollout labels: expert iteration, one step).

    python training/results/baselines/search_dagger_dwarfs_fall.py MODEL TEACHER GAMES ROUNDS EPOCHS LR OUT

MODEL is a ``training.train`` model.zip on ``action_effects=true`` (the shipped recipe's), TEACHER
an agent spec (e.g. ``rollout:rounds=1:candidates=2:max_rollout=20``). Each of ROUNDS rounds: the
current policy (its most probable legal action) plays GAMES games at the learner's seat against
the scripted agent, TEACHER labels every learner decision on what that seat may know
(``choose_action``), and the policy and value heads are fitted to every label so far
(``training.warm_start.fit`` with the value loss weighted 0: masked cross-entropy only) for
EPOCHS passes with Adam at LR; the fitted model is saved as OUT/round-K.zip and plays 200
seat-balanced games against scripted on seed 1 (the reference table's games are seed 0). One
line per round. An experiment, not a training recipe.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import torch
from sb3_contrib import MaskablePPO

from agents import make as make_agent
from agents.base import choose_action
from gnome_envs import SingleAgentEnv
from training import warm_start
from training.warm_start import Demonstrations, RowBuffer, discounted, fit

ENV = "dwarfs_fall_v6"
CONFIG = {"action_effects": True}
SEED = 11
GAMMA = 0.99
EVAL_GAMES = 200
EVAL_SEED = 1


def play_and_label(model: MaskablePPO, teacher: object, env: SingleAgentEnv, games: int,
                   rng: np.random.Generator) -> Demonstrations:
    """``games`` games of ``model`` at the learner's seat, every decision labelled by ``teacher``."""
    observations, masks = RowBuffer(np.float32), RowBuffer(bool)
    labels: list[int] = []
    returns: list[float] = []
    for _ in range(games):
        obs, _info = env.reset(seed=int(rng.integers(2**31 - 1)))
        rewards, done = [], False
        while not done:
            mask = env.action_masks()
            labels.append(choose_action(teacher, env.unwrapped.game_state, rng))
            observations.append(obs)
            masks.append(mask)
            action, _state = model.predict(obs, deterministic=True, action_masks=mask)
            obs, reward, terminated, truncated, _info = env.step(int(action))
            rewards.append(float(reward))
            done = terminated or truncated
        returns.extend(discounted(rewards, GAMMA))
    return Demonstrations(observations.join(), masks.join(), np.asarray(labels, dtype=np.int64),
                          np.asarray(returns, dtype=np.float32), games)


def join(parts: list[Demonstrations]) -> Demonstrations:
    """Every round's labels as one set."""
    return Demonstrations(np.concatenate([p.observations for p in parts]), np.concatenate([p.masks for p in parts]),
                          np.concatenate([p.actions for p in parts]), np.concatenate([p.returns for p in parts]),
                          sum(p.games for p in parts))


def against_scripted(path: Path) -> str:
    """200 seat-balanced games of the saved model against scripted: the evaluate job's head-to-head line."""
    out = subprocess.run([sys.executable, "-m", "training.evaluate", "--env", ENV, "--players", "2",
                          "--agents", f"checkpoint:path={path}:deterministic=true,scripted", "--games", str(EVAL_GAMES),
                          "--seed", str(EVAL_SEED), "--workers", "2", "--no-progress"],
                         capture_output=True, text=True, check=True).stdout
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Head-to-head"))
    return lines[start + 4].strip()


def main() -> int:
    """Rounds of play, label and fit; one line per round."""
    model_path, teacher_spec = sys.argv[1], sys.argv[2]
    games, rounds, epochs, rate = int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), float(sys.argv[6])
    out = Path(sys.argv[7])
    out.mkdir(parents=True, exist_ok=True)
    torch.manual_seed(SEED)
    torch.set_num_threads(1)
    warm_start.WARM_START_LR = rate
    warm_start.VALUE_WEIGHT = 0.0  # the policy only: argmax play does not read the value head
    model = MaskablePPO.load(model_path, device="cpu")
    teacher = make_agent(teacher_spec, ENV)
    env = SingleAgentEnv(ENV, opponents="scripted", seat="random", num_players=2, **CONFIG)
    rng = np.random.default_rng(SEED)
    parts: list[Demonstrations] = []
    began = time.process_time()
    for round_ in range(1, rounds + 1):
        parts.append(play_and_label(model, teacher, env, games, rng))
        labelled = time.process_time()
        data = join(parts)
        played = np.asarray(model.predict(parts[-1].observations, deterministic=True,
                                          action_masks=parts[-1].masks)[0])
        same = float(np.mean(played == parts[-1].actions))
        result = fit(model.policy, data, epochs, SEED + round_)
        path = out / f"round-{round_}.zip"
        model.save(path)
        print(f"round {round_}: {len(data)} labels ({games} new games; the policy played the teacher's choice on "
              f"{same:.3f} of the new ones), held-out agreement {result['heldout_accuracy']:.3f}, label cpu "
              f"{labelled - began:.0f} s, total cpu {time.process_time() - began:.0f} s; against scripted: "
              f"{against_scripted(path)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
