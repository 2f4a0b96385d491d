"""Seat-balanced evaluation of a MaskablePPO model on a gnome env (used by ``training.train``).

    result = evaluate_model(model, "gnome_village_v1", players=2, config={...},
                            opponents="scripted", games=100, seed=0, deterministic=False)
    result["overall"]["win_rate"], result["overall"]["ci95"]

The learner is fixed at each seat in turn (games split evenly over the seats) against fixed
opponents; it acts from its observation and action mask, either with the most probable legal
action (deterministic) or sampling the masked distribution with a generator seeded from the
game seed. The game seeds come from ``SeedSequence([seed, EVAL_STREAM])``: the same seed gives
the same games at every call, so periodic evaluations are comparable.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from agents.checkpoint import masked_action
from gnome_envs import SingleAgentEnv
from training import common

EVAL_STREAM = 1  # SeedSequence key of the evaluation games (training uses the plain seed)
ACTION_STREAM = 3  # SeedSequence key of the learner's sampled actions in an evaluation game
GAME_SEED_BOUND = 2**63
UNION_NAME = "gnome_union"  # what a one-player Rise of the Gnomes evaluation plays against


def games_per_seat(total: int, players: int) -> list[int]:
    """``total`` games split over the seats as evenly as possible (earlier seats get the rest)."""
    return [total // players + (1 if seat < total % players else 0) for seat in range(players)]


def play_eval_game(model: Any, env: SingleAgentEnv, seed: int,
                   deterministic: bool = True) -> tuple[float, int, bool]:
    """One masked game: the learner's win share, its decisions, whether the game ended."""
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(np.random.SeedSequence([seed, ACTION_STREAM]))
    done, decisions = False, 0
    while not done:
        action = masked_action(model, obs, env.action_masks(), rng, deterministic)
        obs, _reward, terminated, truncated, info = env.step(action)
        decisions += 1
        done = terminated or truncated
    if "placements" not in info:
        return 0.0, decisions, False  # truncated: nobody wins
    return common.win_shares(info["placements"])[info["learner_seat"]], decisions, True


def evaluate_model(model: Any, env_id: str, players: int, config: dict[str, Any],
                   opponents: str | list[str], games: int, seed: int, deterministic: bool = True,
                   show_progress: bool = False, desc: str = "evaluate") -> dict[str, Any]:
    """Seat-balanced evaluation: the learner fixed at each seat in turn against ``opponents``."""
    opponents = [] if players == 1 else opponents
    seed_rng = np.random.default_rng(np.random.SeedSequence([seed, EVAL_STREAM]))
    bar = common.progress_bar(games, desc, disable=not show_progress, unit="game")
    per_seat, lengths, truncated = [], [], 0
    for seat, count in enumerate(games_per_seat(games, players)):
        env = SingleAgentEnv(env_id, opponents=opponents, seat=seat, num_players=players, **config)
        wins = 0.0
        for _ in range(count):
            game_seed = int(seed_rng.integers(GAME_SEED_BOUND))
            share, decisions, finished = play_eval_game(model, env, game_seed, deterministic)
            wins += share
            lengths.append(decisions)
            truncated += not finished
            bar.update(1)
        per_seat.append({"seat": seat, **common.rate_summary(wins, count)})
    bar.close()
    total_wins = sum(row["wins"] for row in per_seat)
    return {"opponents": opponents if players > 1 else UNION_NAME,
            "deterministic": deterministic, "overall": common.rate_summary(total_wins, games),
            "per_seat": per_seat, "reference_win_rate": 1.0 / players if players > 1 else None,
            "learner_decisions_mean": common.mean_std(lengths)[0], "truncated_games": truncated}
