"""Distilling the rollout agent into a trained policy (DAgger with a search teacher).

    # 1. the trained policy plays the learner's seat against scripted; the rollout agent labels
    #    every decision it meets (games are sharded over worker processes)
    python training/results/baselines/distill_rollout.py collect --env mighty_gnomes_v1 \\
        --learner checkpoint:name=mighty_gnomes:deterministic=true --teacher rollout:rounds=4 \\
        --games 600 --workers 2 --out labels.jsonl
    # 2. replay the labelled games, fit the policy head to the teacher's choices
    python training/results/baselines/distill_rollout.py fit --env mighty_gnomes_v1 \\
        --model RUN/model.zip --labels labels.jsonl --out RUN-distilled/model.zip
    # 3. measure it as any checkpoint
    python -m training.evaluate --env mighty_gnomes_v1 --players 2 \\
        --agents checkpoint:path=RUN-distilled/model.zip:deterministic=true,scripted --games 200

The rollout agent (``agents/rollout.py``) beats the scripted one in every game at 0.1-0.25 s a
decision, while PPO from a scripted warm start stalls below it in Mighty Gnomes and Rise of the
Gnomes. One round of expert iteration: the policy plays, so the labels are on the positions the
policy reaches (DAgger), and the teacher says what search would have played there.

A collected game is one JSON line: its index, game seed, learner seat, every action played, and
per learner decision ``[decision number, teacher's action, learner's action]``. Game ``i`` is a
function of ``--seed`` and ``i`` alone (not of the worker or the timing), and the engine
replays it exactly from its seed and actions, so ``fit`` rebuilds the observations locally.
``--seconds`` stops a worker from starting new games after that much wall time.
An experiment, not a training recipe.
"""

from __future__ import annotations

import argparse
import gzip
import json
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import agents  # noqa: E402
from agents.base import choose_action  # noqa: E402
from gnome_envs.core.registry import make_game  # noqa: E402

SEED_STREAM = 9103  # separates these games from training's, evaluation's and warm start's
GAME_SEED_BOUND = 2**31 - 1
HELDOUT_SHARE = 0.1
FIT_BATCH = 256


def game_plan(seed: int, index: int, players: int) -> tuple[int, int, np.random.Generator]:
    """Game ``index``'s engine seed, learner seat and agents' generator."""
    rng = np.random.default_rng(np.random.SeedSequence([seed, SEED_STREAM, index]))
    return int(rng.integers(GAME_SEED_BOUND)), index % players, rng


def play_labelled(args: argparse.Namespace, index: int, cast: tuple[Any, Any, Any]) -> dict[str, Any]:
    """One game: the learner plays its seat, the teacher labels each of its decisions."""
    learner, teacher, opponent = cast
    game = make_game(args.env, num_players=args.players)
    game_seed, seat, rng = game_plan(args.seed, index, args.players)
    state = game.new_state(game_seed)
    actions: list[int] = []
    labels: list[list[int]] = []
    while not state.is_terminal():
        if state.current_player == seat:
            mine = choose_action(learner, state, rng)
            label = choose_action(teacher, state, rng)
            labels.append([len(actions), label, mine])
            action = label if rng.random() < args.beta else mine
        else:
            action = choose_action(opponent, state, rng)
        actions.append(int(action))
        state.apply(action)
    return {"index": index, "seed": game_seed, "seat": seat, "actions": actions, "labels": labels,
            "learner_score_lead": float(state.scores()[seat] - max(
                s for p, s in enumerate(state.scores()[: args.players]) if p != seat)),
            "learner_won": float(state.returns()[seat] > 0)}


def collect_worker(job: tuple[argparse.Namespace, int]) -> str:
    """Games ``worker, worker + workers, ...`` until ``--games`` or ``--seconds``, one JSON line
    each, appended to this worker's part file as they finish (returns its path)."""
    args, worker = job
    began = time.monotonic()
    cast = (agents.make(args.learner, args.env), agents.make(args.teacher, args.env),
            agents.make(args.opponent, args.env))
    part = f"{args.out}.part{worker}"
    with open(part, "w") as handle:
        for index in range(worker, args.games, args.workers):
            if args.seconds and time.monotonic() - began > args.seconds:
                break
            cpu = time.process_time()
            row = play_labelled(args, index, cast)
            row["cpu_s"] = time.process_time() - cpu
            handle.write(json.dumps(row) + "\n")
            handle.flush()
    return part


def collect(args: argparse.Namespace) -> int:
    """Write one JSON line per labelled game to ``--out`` (sorted by game index)."""
    jobs = [(args, worker) for worker in range(args.workers)]
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        parts = pool.map(collect_worker, jobs)
    rows = sorted((json.loads(line) for part in parts for line in Path(part).read_text().splitlines() if line),
                  key=lambda row: row["index"])
    with open(args.out, "w") as handle:
        for row in rows:
            handle.write(json.dumps(row) + "\n")
    for part in parts:
        Path(part).unlink()
    print(json.dumps(summary(rows)))
    return 0


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Games, labelled decisions, how often the learner already chose the teacher's action."""
    decisions = sum(len(row["labels"]) for row in rows)
    same = sum(label == mine for row in rows for _t, label, mine in row["labels"])
    return {"games": len(rows), "decisions": decisions,
            "learner_agrees_with_teacher": same / max(decisions, 1),
            "learner_win_rate": float(np.mean([row["learner_won"] for row in rows])) if rows else None,
            "cpu_s": sum(row["cpu_s"] for row in rows)}


def read_text(path: str) -> str:
    """A labels file, plain or gzipped (``.gz``)."""
    if path.endswith(".gz"):
        return gzip.decompress(Path(path).read_bytes()).decode()
    return Path(path).read_text()


def replay(env: str, players: int, rows: list[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Observations, masks, teacher labels and game index of every labelled decision."""
    observations, masks, labels, games = [], [], [], []
    for row in rows:
        state = make_game(env, num_players=players).new_state(row["seed"])
        marks = {t: label for t, label, _mine in row["labels"]}
        for t, action in enumerate(row["actions"]):
            if t in marks:
                observations.append(state.observation(row["seat"]).astype(np.float32))
                masks.append(state.legal_action_mask().astype(bool))
                labels.append(marks[t])
                games.append(row["index"])
            state.apply(action)
    return (np.asarray(observations), np.asarray(masks), np.asarray(labels, dtype=np.int64),
            np.asarray(games))


def fit(args: argparse.Namespace) -> int:
    """Fine-tune the policy head of ``--model`` on the teacher's labels; save to ``--out``."""
    import torch
    from sb3_contrib import MaskablePPO

    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    rows = [json.loads(line) for path in args.labels for line in read_text(path).splitlines() if line]
    obs, masks, labels, games = replay(args.env, args.players, rows)
    model = MaskablePPO.load(args.model, device="cpu")
    policy = model.policy
    rng = np.random.default_rng(np.random.SeedSequence([args.seed, SEED_STREAM, 1]))
    held_games = set(rng.permutation(sorted(set(games.tolist())))[: max(1, int(HELDOUT_SHARE * len(rows)))].tolist())
    held = np.flatnonzero(np.isin(games, list(held_games)))
    train = np.flatnonzero(~np.isin(games, list(held_games)))

    def agreement(rows_: np.ndarray) -> float:
        with torch.no_grad():
            chosen, _ = policy.predict(obs[rows_], deterministic=True, action_masks=masks[rows_])
        return float(np.mean(np.asarray(chosen) == labels[rows_]))

    before = {"heldout": agreement(held), "train": agreement(train)}
    optimizer = torch.optim.Adam(policy.parameters(), lr=args.lr)
    policy.set_training_mode(True)
    for _ in range(args.epochs):
        order = train[rng.permutation(train.size)]
        for start in range(0, order.size, FIT_BATCH):
            batch = order[start:start + FIT_BATCH]
            _values, log_prob, _entropy = policy.evaluate_actions(
                torch.as_tensor(obs[batch]), torch.as_tensor(labels[batch]), action_masks=masks[batch])
            loss = -log_prob.mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    policy.set_training_mode(False)
    after = {"heldout": agreement(held), "train": agreement(train)}
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    model.save(args.out)
    print(json.dumps({"games": len(rows), "decisions": int(labels.size), "heldout_games": len(held_games),
                      "agreement_before": before, "agreement_after": after, "epochs": args.epochs,
                      "lr": args.lr, "model": args.model, "out": args.out}))
    return 0


def agree(args: argparse.Namespace) -> int:
    """How predictable the labels are: the teacher asked again (another generator) and the
    scripted agent, on every ``--every``-th labelled decision of the first ``--games`` games."""
    rows = [json.loads(line) for line in read_text(args.labels).splitlines() if line][: args.games]
    teacher = agents.make(args.teacher, args.env)
    scripted = agents.make("scripted", args.env)
    rng = np.random.default_rng(np.random.SeedSequence([args.seed, SEED_STREAM, 2]))
    asked = again = scripted_same = 0
    for row in rows:
        state = make_game(args.env, num_players=args.players).new_state(row["seed"])
        marks = {t: label for t, label, _mine in row["labels"]}
        for t, action in enumerate(row["actions"]):
            if t in marks and t % args.every == 0:
                asked += 1
                again += choose_action(teacher, state, rng) == marks[t]
                scripted_same += choose_action(scripted, state, rng) == marks[t]
            state.apply(action)
    print(json.dumps({"games": len(rows), "decisions": asked, "teacher_agrees_with_itself": again / max(asked, 1),
                      "scripted_agrees_with_teacher": scripted_same / max(asked, 1), "teacher": args.teacher}))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The two sub-commands and their options."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--env", required=True)
    common.add_argument("--players", type=int, default=2)
    common.add_argument("--seed", type=int, default=0)
    sub = parser.add_subparsers(dest="command", required=True)
    one = sub.add_parser("collect", parents=[common])
    one.add_argument("--learner", required=True)
    one.add_argument("--teacher", default="rollout:rounds=4")
    one.add_argument("--opponent", default="scripted")
    one.add_argument("--games", type=int, default=600)
    one.add_argument("--workers", type=int, default=2)
    one.add_argument("--seconds", type=float, default=0.0, help="no new game after this wall time (0: none)")
    one.add_argument("--beta", type=float, default=0.0, help="chance the teacher's label is played")
    one.add_argument("--out", required=True)
    two = sub.add_parser("fit", parents=[common])
    two.add_argument("--model", required=True)
    two.add_argument("--labels", nargs="+", required=True)
    two.add_argument("--epochs", type=int, default=4)
    two.add_argument("--lr", type=float, default=1e-4)
    two.add_argument("--out", required=True)
    three = sub.add_parser("agree", parents=[common])
    three.add_argument("--labels", required=True)
    three.add_argument("--teacher", default="rollout:rounds=4")
    three.add_argument("--games", type=int, default=40)
    three.add_argument("--every", type=int, default=4, help="ask on every N-th decision of a game")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one sub-command."""
    args = build_parser().parse_args(argv)
    return {"collect": collect, "fit": fit, "agree": agree}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
