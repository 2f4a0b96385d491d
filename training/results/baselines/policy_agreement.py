"""Where a shipped policy plays unlike the scripted agent: per decision kind, how often the
policy's action (its most probable legal one) is the one the scripted agent would take, at the
policy's own decisions (those with more than one legal action) in games against scripted.

    python training/results/baselines/policy_agreement.py --env mighty_gnomes_v1 --games 200 \\
        > training/results/baselines/mighty_gnomes_v1-2p-policy-agreement.json

Game ``i`` (seed 1000 + i) puts the policy at seat ``i % 2``. The scripted agent is asked on
its own determinized view of the same position, as in play.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

import numpy as np

import gnome_envs
from agents import make
from agents.base import choose_action

SEED_BASE = 1000
QUERY_SEED = 7  # the scripted agent's generator when it is only asked, not played
PLAYERS = 2


def measure(env_id: str, name: str, games: int) -> dict:
    """Decisions and agreement per decision kind over ``games`` games of the policy against scripted."""
    policy = make(f"checkpoint:name={name}:deterministic=true", env_id)
    scripted = make("scripted", env_id)
    count: Counter[str] = Counter()
    same: Counter[str] = Counter()
    wins = 0.0
    for game in range(games):
        env = gnome_envs.make(env_id, num_players=PLAYERS)
        env.reset(seed=SEED_BASE + game)
        seat_of_policy = game % PLAYERS
        rng = np.random.default_rng(game)
        for _agent in env.agent_iter():
            _obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            state = env.unwrapped.game_state
            if state.current_player != seat_of_policy:
                env.step(choose_action(scripted, state, rng))
                continue
            action = choose_action(policy, state, rng)
            if len(state.legal_actions()) > 1:
                kind = state.decision_name()
                count[kind] += 1
                same[kind] += action == choose_action(scripted, state, np.random.default_rng(QUERY_SEED))
            env.step(action)
        wins += float(env.unwrapped.game_state.returns()[seat_of_policy] > 0)
    total = sum(count.values())
    return {"env": env_id, "policy": f"checkpoint:name={name}:deterministic=true", "games": games,
            "policy_wins": wins, "decisions": total, "agreement": round(sum(same.values()) / total, 3),
            "per_kind": {kind: {"decisions": n, "share": round(n / total, 3), "agreement": round(same[kind] / n, 3)}
                         for kind, n in count.most_common()}}


def main() -> None:
    """Print the measurement as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--env", default="mighty_gnomes_v1")
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    print(json.dumps(measure(args.env, args.env.rsplit("_v", 1)[0], args.games), indent=1))


if __name__ == "__main__":
    main()
