"""How often a fitted clone (``dagger_clone.py ... OUT``) picks the scripted agent's action, by decision kind.

    python training/results/baselines/clone_by_kind.py ENV WEIGHTS.pt GAMES > OUT.txt
    python training/results/baselines/clone_by_kind.py ENV AGENT_SPEC GAMES > OUT.txt

WEIGHTS.pt is a plain MLP clone; an agent spec (``checkpoint:name=dwarfs_fall:deterministic=true``)
is compared the same way, its action taken from the agent itself.

The deterministic teacher of ``dagger_clone.py`` plays the learner's seat of GAMES two-player
games against the scripted agent (game seeds from generator seed 123, not the fit's); at every
decision the clone's most probable legal action is compared with the teacher's. One line per
decision kind: its share of the decisions and the clone's agreement there; then the same per
action family of the teacher's choice within a kind.
"""

from __future__ import annotations

import collections
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import torch

import agents

_SPEC = importlib.util.spec_from_file_location("dagger_clone", Path(__file__).with_name("dagger_clone.py"))
dc = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(dc)
GAME_SEED = 123


def family_name(state: Any, action: int) -> str:
    """The action family of ``action`` (its layout's decode), or "-" for a layout without one."""
    decode = getattr(state.game.action_layout, "decode", None)
    return decode(action).family.name if decode is not None else "-"


def net_choice(weights: str, env: Any) -> Callable[[Any, np.ndarray, torch.Tensor], int]:
    """The most probable legal action of the MLP clone saved in ``weights``."""
    obs, _info = env.reset(seed=0)
    net = dc.ce.mlp_policy(obs.shape[0], env.unwrapped.action_masks().shape[0])
    net.load_state_dict(torch.load(weights))
    net.eval()

    def choose(_env: Any, obs: np.ndarray, mask: torch.Tensor) -> int:
        with torch.no_grad():
            return int(dc.ce.masked_logits(net, torch.as_tensor(obs[None]), mask).argmax())
    return choose


def agent_choice(spec: str, env_id: str) -> Callable[[Any, np.ndarray, torch.Tensor], int]:
    """The action of the agent ``spec`` (deterministic agents only, so the comparison is fair)."""
    agent = agents.make(spec, env_id)
    rng = np.random.default_rng(0)

    def choose(env: Any, _obs: np.ndarray, _mask: torch.Tensor) -> int:
        state = env.unwrapped.game_state
        return int(agent.act(state, state.current_player, rng))
    return choose


def main() -> int:
    """Print the agreement per decision kind."""
    env_id, weights, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
    torch.set_num_threads(1)
    teacher = agents.make("scripted", env_id)
    env = dc.ce.demonstration_env(env_id, dc.PLAYERS, {}, "scripted", None)
    choose = agent_choice(weights, env_id) if ":" in weights else net_choice(weights, env)
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
            chosen = choose(env, obs, mask)
            for key in (kind, f"{kind}/{family_name(state, label)}"):
                total[key] += 1
                agreed[key] += chosen == label
            obs, _reward, terminated, truncated, _info = env.step(label)
            done = terminated or truncated
    kinds = [key for key in total if "/" not in key]
    decisions = sum(total[kind] for kind in kinds)
    print(f"{env_id}, {Path(weights).name}, {games} teacher games, {decisions} decisions")
    for kind in sorted(kinds, key=lambda k: -total[k]):
        print(f"{kind:16s} share {total[kind] / decisions:.3f}  agreement {agreed[kind] / total[kind]:.3f}")
    print(f"{'all':16s} share 1.000  agreement {sum(agreed[kind] for kind in kinds) / decisions:.3f}")
    print("by the teacher's action family within a kind (families of one kind with 1% of the decisions or more):")
    for key in sorted((k for k in total if "/" in k and total[k] >= decisions / 100), key=lambda k: -total[k]):
        print(f"{key:24s} share {total[key] / decisions:.3f}  agreement {agreed[key] / total[key]:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
