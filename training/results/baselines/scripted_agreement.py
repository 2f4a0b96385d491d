"""How deterministic each scripted agent is: the ceiling a behaviour clone's accuracy can reach.

    python training/results/baselines/scripted_agreement.py \
        > training/results/baselines/scripted-agreement-2p.json

Per game, 30 scripted self-play games at 2 players: at every decision with more than one legal
action, the agent is asked again on a copy of the position with another random stream. Agreement
is the share of those decisions where both answers are the same action; an agent that breaks
near-ties at random agrees less, and a clone scored against its choices (``warm_start``'s
held-out accuracy) cannot do better than that share on average.
"""

from __future__ import annotations

import json
import sys

import numpy as np

import agents
from agents.base import choose_action
from gnome_envs import ENV_IDS
from gnome_envs.core.registry import make_game

GAMES = 30
PLAYERS = 2
SECOND_STREAM = 1_000_003  # seed offset of the second random stream


def agreement(env_id: str, games: int = GAMES) -> dict[str, float | int]:
    """Share of multi-choice decisions where two random streams give the same action."""
    agent = agents.make("scripted", env_id)
    same = asked = 0
    legal_counts = []
    for game in range(games):
        state = make_game(env_id, num_players=PLAYERS).new_state(game)
        rng = np.random.default_rng(game)
        while not state.is_terminal():
            legal = int(state.legal_action_mask().sum())
            action = choose_action(agent, state, rng)
            if legal > 1:
                again = choose_action(agent, state.clone(), np.random.default_rng(SECOND_STREAM + asked))
                same += action == again
                asked += 1
                legal_counts.append(legal)
            state.apply(action)
    return {"games": games, "decisions": asked, "agreement": same / asked,
            "mean_legal_actions": float(np.mean(legal_counts))}


def main() -> int:
    """Print one JSON document: the agreement of every game's scripted agent."""
    report = {"players": PLAYERS, "command": "python training/results/baselines/scripted_agreement.py",
              "envs": {env_id: agreement(env_id) for env_id in ENV_IDS}}
    json.dump(report, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
