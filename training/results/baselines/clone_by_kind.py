"""How often a fitted clone (``dagger_clone.py ... OUT``) picks the scripted agent's action, by decision kind.

    python training/results/baselines/clone_by_kind.py ENV WEIGHTS.pt GAMES > OUT.txt

The deterministic teacher of ``dagger_clone.py`` plays the learner's seat of GAMES two-player
games against the scripted agent (game seeds from generator seed 123, not the fit's); at every
decision the clone's most probable legal action is compared with the teacher's. One line per
decision kind: its share of the decisions and the clone's agreement there.
"""

from __future__ import annotations

import collections
import importlib.util
import sys
from pathlib import Path

import numpy as np
import torch

import agents

_SPEC = importlib.util.spec_from_file_location("dagger_clone", Path(__file__).with_name("dagger_clone.py"))
dc = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(dc)
GAME_SEED = 123


def main() -> int:
    """Print the agreement per decision kind."""
    env_id, weights, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
    torch.set_num_threads(1)
    teacher = agents.make("scripted", env_id)
    env = dc.ce.demonstration_env(env_id, dc.PLAYERS, {}, "scripted", None)
    obs, _info = env.reset(seed=0)
    net = dc.ce.mlp_policy(obs.shape[0], env.unwrapped.action_masks().shape[0])
    net.load_state_dict(torch.load(weights))
    net.eval()
    rng = np.random.default_rng(GAME_SEED)
    total, agreed = collections.Counter(), collections.Counter()
    for _ in range(games):
        obs, _info = env.reset(seed=int(rng.integers(2**31)))
        done = False
        while not done:
            state = env.unwrapped.game_state
            kind = state.decision_name()
            mask = torch.as_tensor(env.unwrapped.action_masks()[None].astype(bool))
            label = dc.teacher_choice(teacher, state, rng)
            with torch.no_grad():
                chosen = int(dc.ce.masked_logits(net, torch.as_tensor(obs[None]), mask).argmax())
            total[kind] += 1
            agreed[kind] += chosen == label
            obs, _reward, terminated, truncated, _info = env.step(label)
            done = terminated or truncated
    decisions = sum(total.values())
    print(f"{env_id}, {Path(weights).name}, {games} teacher games, {decisions} decisions")
    for kind, count in total.most_common():
        print(f"{kind:16s} share {count / decisions:.3f}  agreement {agreed[kind] / count:.3f}")
    print(f"{'all':16s} share 1.000  agreement {sum(agreed.values()) / decisions:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
