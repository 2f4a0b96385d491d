"""Dwar7s Fall: does the clone reach goals when the observation spells out what each goal needs?

    python training/results/baselines/goal_features_dwarfs_fall.py plain|goals|cells|secrets [GAMES [EPOCHS]] > OUT.json
    python training/results/baselines/goal_features_dwarfs_fall.py teacher > OUT.json

The teacher is the scripted agent's deterministic choice (``dagger_dwarfs_fall.teacher_choice``)
at the learner's seat of GAMES (default 1,000) two-player games against the scripted agent; an
MLP of two layers of 512 is fitted to it (``clone_encoders.fit``, EPOCHS, default 8) and plays 100 games against the
scripted agent (most probable legal action). ``plain`` feeds it the observation; ``goals``
appends features derived from public facts the observation already holds, for the seat:

* per face-up trading goal (3 slots): the gems still missing per type (4, / 4), their total
  (/ 8), whether it can be paid now, whether a monster is missing (dragon eggs);
* the slot of the goal the seat is closest to paying for (one-hot, 3), and that goal's missing
  gems per type (4, / 4).

``cells`` adds, per cell of the mat (64 x 3), next to the action of that cell: the seat's dwarfs
still needed there to complete the card's task (/ 6), whether the card is a mine of a gem that
goal still needs, and whether enough spots are free for the seat to complete the task.

``secrets`` (run on v6, whose observation holds the goal features) appends the seat's progress
to its own secret goal (core game): in the goal's slot of 7, the share done (capped at 1) and
the share missing; the kingdom's cards and VP, monsters slain, gem types, ogre cards, trios on
monsters or emeralds, against what the goal needs.

``teacher`` plays the same 100 games with the teacher itself at the learner's seat, for scale.

If the clone's goals per game and win rate rise with them, the observation lacks a usable view
of goal progress (a new env version would add it); if not, the gap is elsewhere. An experiment,
run on dwarfs_fall_v5; dwarfs_fall_v6 added these features to the observation itself (the
``goal_progress`` segment), so under v6 ``plain`` already holds them and ``goals`` repeats them.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch

import agents
from gnome_envs.dwarfs_fall.components import (
    ALL_KINDS,
    ARCHITECT_CARDS,
    BERSERKER_MONSTERS,
    KING_VP,
    NUM_CELLS,
    NUM_GEMS,
    OGRE_IN_DISGUISE_CARDS,
    RESEARCHER_MONSTERS,
    RESEARCHER_TRIO,
    SPOTS,
    TRADING_GOALS,
    TRADING_ROW,
    WIZARD_EMERALDS,
    Gem,
    Job,
    Secret,
)


def _load(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ce = _load("clone_encoders")
dagger = _load("dagger_dwarfs_fall")

TEACHER_GAMES = 1000
EVAL_GAMES = 100
GEM_SCALE = 4.0
TOTAL_SCALE = 8.0
FEATURES = TRADING_ROW * (NUM_GEMS + 3) + TRADING_ROW + NUM_GEMS


def goal_features(state: Any, seat: int) -> np.ndarray:
    """What each face-up trading goal still needs from ``seat`` (see the module docstring)."""
    held = state.gems.of(seat)
    slain = len(state.defeated[seat])
    out = np.zeros(FEATURES, dtype=np.float32)
    best, best_key = -1, None
    for slot, goal in enumerate(state.trading_row):
        if goal < 0:
            continue
        info = TRADING_GOALS[goal]
        missing = [max(c - h, 0) for c, h in zip(info.cost, held)]
        monster = max(info.monsters - slain, 0)
        base = slot * (NUM_GEMS + 3)
        out[base:base + NUM_GEMS] = np.asarray(missing) / GEM_SCALE
        out[base + NUM_GEMS] = min(sum(missing) / TOTAL_SCALE, 1.0)
        out[base + NUM_GEMS + 1] = float(sum(missing) == 0 and monster == 0)
        out[base + NUM_GEMS + 2] = float(monster > 0)
        key = (sum(missing) + 2 * monster, -info.vp)
        if best_key is None or key < best_key:
            best, best_key = slot, key
    if best >= 0:
        start = TRADING_ROW * (NUM_GEMS + 3)
        out[start + best] = 1.0
        base = best * (NUM_GEMS + 3)
        out[start + TRADING_ROW:] = out[base:base + NUM_GEMS]
    return out


CELL_FEATURES = 3
DWARF_SCALE = 6.0


def cell_features(state: Any, seat: int, goals: np.ndarray) -> np.ndarray:
    """Per cell: dwarfs still needed for its task, a mine of a needed gem, room to complete it."""
    needed = goals[TRADING_ROW * (NUM_GEMS + 3) + TRADING_ROW:] > 0
    out = np.zeros((NUM_CELLS, CELL_FEATURES), dtype=np.float32)
    for cell in range(NUM_CELLS):
        kind = state.kind_at(cell)
        if kind < 0:
            continue
        info = ALL_KINDS[kind]
        if info.job == Job.MEMORIAL:
            continue
        still = max(state.required_at(cell, seat) - state.dwarfs_of(seat, cell), 0)
        out[cell, 0] = min(still / DWARF_SCALE, 1.0)
        out[cell, 1] = float(info.job == Job.MINE and info.gem >= 0 and bool(needed[info.gem]))
        out[cell, 2] = float(SPOTS[kind] - state.crowd[cell] >= still)
    return out.ravel()


def _trios(state: Any, p: int) -> int:
    n = state.game.num_players
    return sum(1 for c in state.regions.monsters if state.dwarfs[c * n + p] >= RESEARCHER_TRIO)


# per core secret goal: (what the seat has towards it, what it needs)
SECRET_PROGRESS = {
    Secret.ARCHITECT: (lambda st, p: st.kingdom_size(p), ARCHITECT_CARDS),
    Secret.BERSERKER: (lambda st, p: len(st.defeated[p]), BERSERKER_MONSTERS),
    Secret.KING: (lambda st, p: max(st.kingdom_vp(p), 0), KING_VP),
    Secret.MINER: (lambda st, p: sum(1 for g in range(NUM_GEMS) if st.gems.count(p, g)), NUM_GEMS),
    Secret.OGRE_IN_DISGUISE: (lambda st, p: st.ogres.size(p), OGRE_IN_DISGUISE_CARDS),
    Secret.RESEARCHER: (_trios, RESEARCHER_MONSTERS),
    Secret.WIZARD: (lambda st, p: st.gems.count(p, Gem.EMERALD), WIZARD_EMERALDS),
}
SECRET_FEATURES = 2 * len(SECRET_PROGRESS)


def secret_features(state: Any, seat: int) -> np.ndarray:
    """The seat's own secret goal: in its slot the share of it done (capped at 1) and what is
    still missing / needed; zeros for the other slots."""
    out = np.zeros(SECRET_FEATURES, dtype=np.float32)
    goal = state.secret[seat]
    if goal in SECRET_PROGRESS:
        have, need = SECRET_PROGRESS[goal]
        done = min(have(state, seat) / need, 1.0)
        out[2 * int(goal)] = done
        out[2 * int(goal) + 1] = 1.0 - done
    return out


def observe(env: Any, obs: np.ndarray, variant: str) -> np.ndarray:
    """The learner's input: the observation, and the derived features of ``variant``."""
    if variant == "plain":
        return obs
    unwrapped = env.unwrapped
    state, seat = unwrapped.game_state, unwrapped.learner_seat
    if variant == "secrets":
        return np.concatenate([obs, secret_features(state, seat)])
    goals = goal_features(state, seat)
    if variant == "goals":
        return np.concatenate([obs, goals])
    return np.concatenate([obs, goals, cell_features(state, seat, goals)])


def collect(env: Any, teacher: Any, games: int, rng: np.random.Generator, variant: str) -> tuple:
    """The teacher plays the learner's seat; every decision is a sample."""
    xs, masks, labels = [], [], []
    for _ in range(games):
        obs, _info = env.reset(seed=int(rng.integers(2**31)))
        done = False
        while not done:
            label = dagger.teacher_choice(teacher, env.unwrapped.game_state, rng)
            xs.append(observe(env, obs, variant))
            masks.append(env.unwrapped.action_masks().astype(bool))
            labels.append(label)
            obs, _reward, terminated, truncated, _info = env.step(label)
            done = terminated or truncated
    return np.asarray(xs, dtype=np.float32), np.asarray(masks), np.asarray(labels, dtype=np.int64)


def main() -> int:
    """Collect, fit, play; one JSON document."""
    variant = sys.argv[1] if len(sys.argv) > 1 else ""
    if variant not in ("plain", "goals", "cells", "secrets", "teacher"):
        raise SystemExit("usage: goal_features_dwarfs_fall.py plain|goals|cells|secrets|teacher [GAMES [EPOCHS]]")
    games = int(sys.argv[2]) if len(sys.argv) > 2 else TEACHER_GAMES
    ce.EPOCHS = int(sys.argv[3]) if len(sys.argv) > 3 else ce.EPOCHS
    torch.manual_seed(ce.SEED)
    torch.set_num_threads(1)
    teacher = agents.make("scripted", ce.ENV)
    env = ce.demonstration_env(ce.ENV, 2, {}, "scripted", None)
    rng = np.random.default_rng(ce.SEED)
    start = time.process_time()
    if variant == "teacher":
        teacher_rng = np.random.default_rng(ce.SEED + 2)
        result = ce.play_with(lambda env_, _obs: dagger.teacher_choice(teacher, env_.unwrapped.game_state, teacher_rng),
                              env, EVAL_GAMES)
        print(json.dumps({"variant": variant, "env": ce.ENV, "against_scripted": result,
                          "cpu_s": time.process_time() - start}, indent=2))
        return 0
    x, mask, action = collect(env, teacher, games, rng, variant)
    order = rng.permutation(len(action))
    held, train = order[: len(order) // 10], order[len(order) // 10:]
    net = ce.mlp_policy(x.shape[1], mask.shape[1])
    data = {"x": torch.as_tensor(x), "mask": torch.as_tensor(mask), "action": torch.as_tensor(action)}
    curve = ce.fit(net, data, train, held, rng)
    result = ce.play_with(ce.argmax_choice(net, lambda env_, obs: observe(env_, obs, variant)), env, EVAL_GAMES)
    print(json.dumps({"variant": variant, "env": ce.ENV, "teacher_games": games, "epochs": ce.EPOCHS, "decisions": int(action.size),
                      "inputs": int(x.shape[1]), "heldout_agreement_by_epoch": curve, "against_scripted": result,
                      "cpu_s": time.process_time() - start}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
