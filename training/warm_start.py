"""Warm start: behaviour cloning of a teacher agent before PPO (``training.train --warm-start``).

    python -m training.train --env mighty_gnomes_v1 --opponents scripted --warm-start scripted \
        [--warm-start-games 400] [--warm-start-epochs 10] --learning-rate 1e-4 --target-kl 0.02

Before the first PPO update, the teacher (an agent spec, usually ``scripted``) plays the
learner's seat of ``--warm-start-games`` games against ``--warm-start-opponent`` (default: the
same teacher) in every other seat,
through the same single-agent env the learner trains in (the learner at a random seat, the
training reward and step cap). Every learner decision becomes a sample: the observation, the
action mask, the teacher's action and the discounted return (``gamma`` of the model) that
followed it. The policy is then fitted by masked cross-entropy to the teacher's actions and the
value head by squared error to the returns, so PPO starts from the teacher's play with a value
function that already knows what that play earns, instead of from a uniform policy that must
first rediscover the scripted agent's plans.

What it reports (``report.json["warm_start"]``): samples, games, the teacher's agreement with
the fitted policy's most probable legal action on held-out samples (``heldout_accuracy``), the
final losses and the CPU seconds spent collecting and fitting.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from typing import Any

import numpy as np
import torch

from agents import make as make_agent
from agents.base import choose_action
from gnome_envs import SingleAgentEnv
from gnome_envs.core.errors import ConfigError
from training.common import DEFAULT_WARM_START_STORAGE, WARM_START_STORAGE
from training.shaping import ShapedReward

DEFAULT_WARM_START_GAMES = 400
DEFAULT_WARM_START_EPOCHS = 10
WARM_START_BATCH = 256
WARM_START_LR = 1e-3
HELDOUT_SHARE = 0.1  # samples kept out of the fit to measure agreement with the teacher
VALUE_WEIGHT = 0.5  # the value loss next to the cross-entropy (sb3's default vf_coef)
SEED_STREAM = 7001  # separates the demonstration games' seeds from training's and evaluation's
GAME_SEED_BOUND = 2**31 - 1
STORAGE_DTYPES = {name: np.dtype(name) for name in WARM_START_STORAGE}  # observations held for the fit


def add_warm_start_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``--warm-start`` options of ``training.train``."""
    add = parser.add_argument
    add("--warm-start", default=None, metavar="AGENT",
        help="clone this agent spec (e.g. scripted) into the policy and value heads before PPO; "
             "a fresh run only (default: none)")
    add("--warm-start-games", type=int, default=DEFAULT_WARM_START_GAMES,
        help=f"games the teacher plays at the learner's seat (default: {DEFAULT_WARM_START_GAMES})")
    add("--warm-start-epochs", type=int, default=DEFAULT_WARM_START_EPOCHS,
        help=f"passes over the demonstrations (default: {DEFAULT_WARM_START_EPOCHS})")
    add("--warm-start-dtype", choices=tuple(STORAGE_DTYPES), default=DEFAULT_WARM_START_STORAGE,
        help="how the demonstrations' observations are held in memory: float16 halves it (observations "
             f"with per-action rows are large); the fit reads them as float32 (default: {DEFAULT_WARM_START_STORAGE})")
    add("--warm-start-opponent", default=None, metavar="AGENT",
        help="agent spec in the other seats of the demonstration games (default: the teacher), "
             "e.g. --warm-start scripted:deterministic=true --warm-start-opponent scripted")


def validate_warm_start(args: argparse.Namespace) -> None:
    """ConfigError for warm-start options that cannot run."""
    if args.warm_start is None:
        return
    if args.resume is not None:
        raise ConfigError("--warm-start starts a fresh model; it cannot be combined with --resume")
    if args.warm_start_games < 1 or args.warm_start_epochs < 1:
        raise ConfigError("--warm-start-games and --warm-start-epochs must be positive")
    make_agent(args.warm_start, args.env)  # an unknown agent spec fails here, before any work
    if args.warm_start_opponent is not None:
        make_agent(args.warm_start_opponent, args.env)


@dataclass
class Demonstrations:
    """The teacher's decisions at the learner's seat, one row per decision."""

    observations: np.ndarray  # float32 or float16 (n, observation_size)
    masks: np.ndarray  # bool (n, num_actions)
    actions: np.ndarray  # int64 (n,)
    returns: np.ndarray  # float32 (n,): discounted return from that decision on
    games: int

    def __len__(self) -> int:
        return int(self.actions.size)


def demonstration_env(env_id: str, players: int, config: dict[str, Any], teacher: str,
                      shaping: tuple[int, float] | None, opponent: str | None = None) -> Any:
    """The learner's single-agent env with ``opponent`` (default: the teacher) in every other
    seat (shaped like training)."""
    opponents = [] if players == 1 else (opponent or teacher)
    env = SingleAgentEnv(env_id, opponents=opponents, seat="random", num_players=players, **config)
    return ShapedReward(env, shaping[0], shaping[1]) if shaping is not None else env


def discounted(rewards: list[float], gamma: float) -> list[float]:
    """Return from each step on: ``G_t = r_t + gamma * G_{t+1}``."""
    out, total = [0.0] * len(rewards), 0.0
    for t in range(len(rewards) - 1, -1, -1):
        total = rewards[t] + gamma * total
        out[t] = total
    return out


class RowBuffer:
    """Rows of one width and dtype gathered in fixed blocks, then joined into one array with only
    a block at a time held twice (a list of rows joined by ``np.asarray`` holds all of them twice:
    about 6 GB for 6,000 Dwar7s Fall games)."""

    BLOCK_ROWS = 4096

    def __init__(self, dtype: Any) -> None:
        self.dtype = dtype
        self.blocks: list[np.ndarray | None] = []
        self.filled = self.BLOCK_ROWS  # rows used in the last block (full: a new one is needed)

    def append(self, row: np.ndarray) -> None:
        """Add one row (copied)."""
        if self.filled == self.BLOCK_ROWS:
            self.blocks.append(np.empty((self.BLOCK_ROWS, row.size), dtype=self.dtype))
            self.filled = 0
        self.blocks[-1][self.filled] = row
        self.filled += 1

    def join(self) -> np.ndarray:
        """Every row in order, as one array; the buffer is emptied block by block meanwhile."""
        if not self.blocks:
            return np.empty((0, 0), dtype=self.dtype)
        total = (len(self.blocks) - 1) * self.BLOCK_ROWS + self.filled
        out = np.empty((total, self.blocks[0].shape[1]), dtype=self.dtype)
        for i, block in enumerate(self.blocks):
            start = i * self.BLOCK_ROWS
            stop = min(start + self.BLOCK_ROWS, total)
            out[start:stop] = block[:stop - start]
            self.blocks[i] = None
        self.blocks, self.filled = [], self.BLOCK_ROWS
        return out


def collect(env: Any, teacher: str, env_id: str, games: int, seed: int, gamma: float,
            storage: str = DEFAULT_WARM_START_STORAGE) -> Demonstrations:
    """Play ``games`` with the teacher at the learner's seat and record every decision (the
    observations as ``storage``, a STORAGE_DTYPES name)."""
    if games < 1:
        raise ConfigError("--warm-start-games must be positive")
    policy = make_agent(teacher, env_id)
    rng = np.random.default_rng(np.random.SeedSequence([seed, SEED_STREAM]))
    observations, masks = RowBuffer(STORAGE_DTYPES[storage]), RowBuffer(bool)
    actions: list[int] = []
    returns: list[float] = []
    for _ in range(games):
        obs, _info = env.reset(seed=int(rng.integers(GAME_SEED_BOUND)))
        rewards, done = [], False
        while not done:
            state = env.unwrapped.game_state
            action = choose_action(policy, state, rng)
            observations.append(obs)
            masks.append(env.unwrapped.action_masks())
            actions.append(action)
            obs, reward, terminated, truncated, _info = env.step(action)
            rewards.append(float(reward))
            done = terminated or truncated
        returns.extend(discounted(rewards, gamma))
    return Demonstrations(observations.join(), masks.join(), np.asarray(actions, dtype=np.int64),
                          np.asarray(returns, dtype=np.float32), games)


def _losses(policy: Any, data: Demonstrations, rows: np.ndarray) -> tuple[torch.Tensor, torch.Tensor]:
    """Mean masked cross-entropy and value squared error over ``rows``."""
    obs = torch.as_tensor(data.observations[rows], dtype=torch.float32)
    values, log_prob, _entropy = policy.evaluate_actions(
        obs, torch.as_tensor(data.actions[rows]), action_masks=data.masks[rows])
    value_loss = torch.mean((values.flatten() - torch.as_tensor(data.returns[rows])) ** 2)
    return -log_prob.mean(), value_loss


def agreement(policy: Any, data: Demonstrations, rows: np.ndarray) -> float:
    """Share of ``rows`` where the policy's most probable legal action is the teacher's."""
    if rows.size == 0:
        return float("nan")
    with torch.no_grad():
        chosen, _state = policy.predict(data.observations[rows].astype(np.float32, copy=False), deterministic=True,
                                        action_masks=data.masks[rows])
    return float(np.mean(np.asarray(chosen) == data.actions[rows]))


def fit(policy: Any, data: Demonstrations, epochs: int, seed: int) -> dict[str, float]:
    """Fit the policy and value heads to the demonstrations; returns the final losses and accuracy."""
    if epochs < 1:
        raise ConfigError("--warm-start-epochs must be positive")
    rng = np.random.default_rng(np.random.SeedSequence([seed, SEED_STREAM, 1]))
    order = rng.permutation(len(data))
    heldout = order[: int(HELDOUT_SHARE * len(data))]
    train = order[heldout.size:]
    optimizer = torch.optim.Adam(policy.parameters(), lr=WARM_START_LR)
    policy.set_training_mode(True)
    cross_entropy = value_loss = torch.tensor(0.0)
    for _ in range(epochs):
        train = train[rng.permutation(train.size)]
        for start in range(0, train.size, WARM_START_BATCH):
            cross_entropy, value_loss = _losses(policy, data, train[start:start + WARM_START_BATCH])
            optimizer.zero_grad()
            (cross_entropy + VALUE_WEIGHT * value_loss).backward()
            optimizer.step()
    policy.set_training_mode(False)
    return {"cross_entropy": cross_entropy.item(), "value_mse": value_loss.item(),
            "train_accuracy": agreement(policy, data, train[: heldout.size or train.size]),
            "heldout_accuracy": agreement(policy, data, heldout)}


def warm_start(model: Any, env_id: str, players: int, config: dict[str, Any], teacher: str,
               games: int, epochs: int, seed: int, shaping: tuple[int, float] | None,
               opponent: str | None = None, storage: str = DEFAULT_WARM_START_STORAGE) -> dict[str, Any]:
    """Clone ``teacher`` into ``model``'s policy and value heads; returns what the report records."""
    began = time.process_time()
    env = demonstration_env(env_id, players, config, teacher, shaping, opponent)
    try:
        data = collect(env, teacher, env_id, games, seed, float(model.gamma), storage)
    finally:
        env.close()
    collected = time.process_time()
    result = fit(model.policy, data, epochs, seed)
    return {"teacher": teacher, "opponent": opponent or teacher, "games": data.games, "samples": len(data), "epochs": epochs,
            "storage": storage,
            **result, "collect_cpu_s": collected - began, "fit_cpu_s": time.process_time() - collected}
