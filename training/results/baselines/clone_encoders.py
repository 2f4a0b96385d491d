"""Dwar7s Fall: does a convolutional encoder of the mat clone the scripted agent better than an MLP?

    python training/results/baselines/clone_encoders.py \
        > training/results/baselines/dwarfs_fall_v5-2p-clone-encoders.json

The scripted agent plays the learner's seat of 2,000 two-player games against itself
(``training.warm_start.collect``, the warm start's own data, seed 0). Two policies are fitted by
masked cross-entropy to its actions on 90% of the decisions, 8 epochs each:

* ``mlp``: the flat observation through two hidden layers of 512;
* ``conv``: the board segment as 8 x 8 planes (the per-cell features and the selected cell)
  through three 3 x 3 convolutions, joined with the rest of the observation, then 512 and 256.

Reported per policy: held-out agreement after each epoch and by decision kind, and 100 games of
its most probable legal action against the scripted agent (seat drawn per game): win rate and
goals (trading goals won plus a revealed secret goal) per game for it and for the scripted agent.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import torch
from torch import nn

from gnome_envs.dwarfs_fall import ENV_ID
from gnome_envs.dwarfs_fall.pending import DecisionKind
from training.warm_start import collect, demonstration_env

ENV = ENV_ID  # the reports in this folder were made on dwarfs_fall_v5 (v6 adds goal_progress)
TEACHER = "scripted"
GAMES = 2000
EPOCHS = 8
EVAL_GAMES = 100
BATCH = 256
LEARNING_RATE = 1e-3
HELDOUT_SHARE = 0.1
GRID = 8  # the mat is 8 x 8 cells
CELLS = GRID * GRID
SEED = 0


class ConvPolicy(nn.Module):
    """Logits from the mat as planes (three convolutions) and the rest of the vector."""

    def __init__(self, layout: dict[str, Any], size: int, actions: int) -> None:
        super().__init__()
        board, selected = layout["board"], layout["selected_cell"]
        self.board = (board.start, board.size)
        self.selected = selected.start
        self.channels = board.size // CELLS
        self.conv = nn.Sequential(nn.Conv2d(self.channels + 1, 64, 3, padding=1), nn.ReLU(),
                                  nn.Conv2d(64, 64, 3, padding=1), nn.ReLU(),
                                  nn.Conv2d(64, 32, 3, padding=1), nn.ReLU())
        self.head = nn.Sequential(nn.Linear(32 * CELLS + size - board.size, 512), nn.ReLU(),
                                  nn.Linear(512, 256), nn.ReLU(), nn.Linear(256, actions))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """Logits of every action."""
        start, size = self.board
        cells = x[:, start:start + size].reshape(-1, CELLS, self.channels)
        chosen = x[:, self.selected:self.selected + CELLS].reshape(-1, CELLS, 1)
        planes = torch.cat([cells, chosen], 2).transpose(1, 2).reshape(-1, self.channels + 1, GRID, GRID)
        rest = torch.cat([x[:, :start], x[:, start + size:]], 1)
        return self.head(torch.cat([self.conv(planes).flatten(1), rest], 1))


def mlp_policy(size: int, actions: int) -> nn.Module:
    """Two hidden layers of 512."""
    return nn.Sequential(nn.Linear(size, 512), nn.ReLU(), nn.Linear(512, 512), nn.ReLU(), nn.Linear(512, actions))


def masked_logits(net: nn.Module, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Logits with illegal actions at -1e9."""
    return net(x).masked_fill(~mask, -1e9)


def fit(net: nn.Module, data: dict[str, torch.Tensor], train: np.ndarray, held: np.ndarray,
        rng: np.random.Generator) -> list[float]:
    """Masked cross-entropy fit; held-out agreement after each epoch."""
    x, mask, action = data["x"], data["mask"], data["action"]
    optimizer = torch.optim.Adam(net.parameters(), lr=LEARNING_RATE)
    curve = []
    for _epoch in range(EPOCHS):
        net.train()
        order = torch.as_tensor(rng.permutation(train))
        for i in range(0, len(order), BATCH):
            rows = order[i:i + BATCH]
            loss = nn.functional.cross_entropy(masked_logits(net, x[rows], mask[rows]), action[rows])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        net.eval()
        with torch.no_grad():
            curve.append(float((masked_logits(net, x[held], mask[held]).argmax(1) == action[held]).float().mean()))
    return curve


def by_kind(net: nn.Module, data: dict[str, torch.Tensor], held: np.ndarray, decision: Any) -> dict[str, Any]:
    """Held-out agreement per decision kind, with the number of decisions."""
    x, mask, action = data["x"][held], data["mask"][held], data["action"][held]
    with torch.no_grad():
        right = masked_logits(net, x, mask).argmax(1) == action
    kinds = x[:, decision.start:decision.start + decision.size].argmax(1)
    return {DecisionKind(k).name.lower(): {"decisions": int((kinds == k).sum()),
                                           "agreement": float(right[kinds == k].float().mean())}
            for k in torch.unique(kinds).tolist()}


def finished_games(choose: Callable[[Any, np.ndarray], int], env: Any, games: int) -> Iterator[tuple[Any, int]]:
    """Play ``choose(env, obs)`` at the learner's seat against the scripted agent; yield each
    finished game's state and the learner's seat (the same game seeds for every chooser)."""
    rng = np.random.default_rng(SEED + 1)
    for _ in range(games):
        obs, _info = env.reset(seed=int(rng.integers(2**31)))
        done = False
        while not done:
            obs, _reward, terminated, truncated, _info = env.step(choose(env, obs))
            done = terminated or truncated
        yield env.unwrapped.game_state, env.unwrapped.learner_seat


def learner_win(state: Any, seat: int) -> float:
    """The learner's share of the win (a tie for first shares it; an unfinished game is none)."""
    if state.is_terminal() and state.truncated_by is None:
        return max(0.0, float(state.returns()[seat]))
    return 0.0


def play_with(choose: Callable[[Any, np.ndarray], int], env: Any, games: int) -> dict[str, float]:
    """``choose(env, obs)`` at the learner's seat against the scripted agent: win rate and goals
    per game (the same game seeds for every chooser)."""
    wins, goals = 0.0, np.zeros(2)
    for state, seat in finished_games(choose, env, games):
        wins += learner_win(state, seat)
        goals += [state.goals(p) for p in (seat, 1 - seat)]
    return {"games": games, "win_rate": wins / games, "goals_per_game": float(goals[0] / games),
            "scripted_goals_per_game": float(goals[1] / games)}


def argmax_choice(net: nn.Module, features: Callable[[Any, np.ndarray], np.ndarray] | None = None
                  ) -> Callable[[Any, np.ndarray], int]:
    """A chooser playing ``net``'s most probable legal action on ``features(env, obs)`` (default: obs)."""
    def choose(env: Any, obs: np.ndarray) -> int:
        x = obs if features is None else features(env, obs)
        mask = torch.as_tensor(env.unwrapped.action_masks()[None].astype(bool))
        with torch.no_grad():
            return int(masked_logits(net, torch.as_tensor(x[None]), mask).argmax())
    return choose


def play(net: nn.Module, env: Any, games: int) -> dict[str, float]:
    """Most probable legal action against the scripted agent: win rate and goals per game."""
    return play_with(argmax_choice(net), env, games)


def main() -> int:
    """Collect, fit both encoders, play; print one JSON document."""
    torch.manual_seed(SEED)
    torch.set_num_threads(1)
    env = demonstration_env(ENV, 2, {}, TEACHER, None)
    layout = {s.name: s for s in env.unwrapped.game.observation_layout}
    demos = collect(env, TEACHER, ENV, GAMES, SEED, 0.99)
    data = {"x": torch.as_tensor(demos.observations), "mask": torch.as_tensor(demos.masks),
            "action": torch.as_tensor(demos.actions)}
    size, actions = demos.observations.shape[1], demos.masks.shape[1]
    rng = np.random.default_rng(SEED)
    order = rng.permutation(len(demos))
    held, train = order[:int(len(order) * HELDOUT_SHARE)], order[int(len(order) * HELDOUT_SHARE):]
    report: dict[str, Any] = {"env": ENV, "teacher": TEACHER, "games": GAMES, "decisions": len(demos),
                              "epochs": EPOCHS, "command": "python training/results/baselines/clone_encoders.py",
                              "policies": {}}
    for name, net in (("mlp", mlp_policy(size, actions)), ("conv", ConvPolicy(layout, size, actions))):
        curve = fit(net, data, train, held, rng)
        report["policies"][name] = {"heldout_agreement_by_epoch": curve,
                                    "by_decision_kind": by_kind(net, data, held, layout["decision"]),
                                    "against_scripted": play(net, env, EVAL_GAMES)}
    json.dump(report, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
