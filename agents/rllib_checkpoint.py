"""An RLlib checkpoint's trained module as a policy: the ``rllib`` agent.

    agents.make("rllib:path=runs/rllib-gnome_village_v1-2p-0", "gnome_village_v1")
    python -m training.evaluate --agents rllib:path=runs/rllib-gnome_village_v1-2p-0,scripted

Parameters: ``path`` (a ``training.rllib_train`` output directory, its ``checkpoint/``, or any
algorithm checkpoint written by ``Algorithm.save_to_path``; required), ``module`` (the module id
to play; default ``shared`` or else ``learner``, whichever the checkpoint holds) and
``deterministic`` (default false: sample the masked distribution with the ``rng`` handed to
``act``; true: the most probable legal action).

Like the ``checkpoint`` agent it acts from ``state.observation(seat)`` and the legal mask only
(``needs_state = False``), and a module whose sizes do not fit the game raises ConfigError.
Needs the ``rllib`` extra (Ray and torch); nothing of Ray is imported before the agent is built.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

import agents
from agents.checkpoint import pick_legal
from gnome_envs.core.engine import State
from gnome_envs.core.errors import ConfigError

AGENT_NAME = "rllib"
MODULE_PATH = Path("learner_group") / "learner" / "rl_module"
CHECKPOINT_DIR = "checkpoint"  # where training.rllib_train writes its checkpoint
DEFAULT_MODULES = ("shared", "learner")  # tried in this order when no module is named


def module_directory(path: str | Path, module: str | None) -> Path:
    """The saved module directory inside an algorithm checkpoint; ConfigError if missing."""
    root = Path(path).expanduser()
    for checkpoint in (root, root / CHECKPOINT_DIR):
        modules = checkpoint / MODULE_PATH
        if modules.is_dir():
            names = (module,) if module is not None else DEFAULT_MODULES
            for name in names:
                if (modules / name).is_dir():
                    return (modules / name).resolve()
            found = sorted(p.name for p in modules.iterdir() if p.is_dir())
            raise ConfigError(f"no module {' or '.join(names)} in RLlib checkpoint {str(path)!r}; "
                              f"it holds {found}")
    raise ConfigError(f"not an RLlib checkpoint: {str(path)!r} (expected {MODULE_PATH} in it or in "
                      f"its {CHECKPOINT_DIR}/; relative paths start at {Path.cwd()})")


def load_module(directory: Path) -> Any:
    """The RLModule saved in ``directory`` (CPU, inference)."""
    try:
        from ray.rllib.core.rl_module.rl_module import RLModule
    except ImportError as error:
        raise ConfigError(f"the rllib agent needs Ray: pip install -e '.[rllib]' ({error})") from None
    try:
        module = RLModule.from_checkpoint(str(directory))
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RuntimeError) as error:
        raise ConfigError(f"cannot load an RLModule from {str(directory)!r}: "
                          f"{type(error).__name__}: {error}") from None
    module.eval()
    return module


class RLlibAgent:
    """Plays an RLlib module from the seat's own observation and legal mask."""

    name = AGENT_NAME
    needs_state = False  # observation(seat) already hides what the seat may not know

    def __init__(self, env_id: str, path: str | Path, module: str | None = None,
                 deterministic: bool = False) -> None:
        if not isinstance(deterministic, bool):
            raise ConfigError(f"rllib parameter deterministic must be true or false, got {deterministic!r}")
        self.env_id = env_id
        self.path = str(path)
        self.deterministic = deterministic
        self.directory = module_directory(path, None if module is None else str(module))
        self.module = load_module(self.directory)
        self.sizes = (int(self.module.observation_space["observation"].shape[0]),
                      int(self.module.action_space.n))

    def act(self, state: State, seat: int, rng: np.random.Generator) -> int:
        """The module's action for ``seat``: sampled with ``rng``, or the argmax if deterministic."""
        import torch

        observation = state.observation(seat)
        mask = state.legal_action_mask()
        if (observation.size, mask.size) != self.sizes:
            raise ConfigError(f"RLlib module {str(self.directory)!r} was trained with observation size "
                              f"{self.sizes[0]} and {self.sizes[1]} actions, but this {self.env_id} game has "
                              f"{observation.size} and {mask.size} (train on the same env and config)")
        batch = {"obs": {"observation": torch.as_tensor(observation[None], dtype=torch.float32),
                         "action_mask": torch.tensor(mask[None])}}  # a copy: the mask is read-only
        with torch.no_grad():
            logits = self.module.forward_inference(batch)["action_dist_inputs"][0].numpy()
        return pick_legal(logits.astype(np.float64), mask, rng, self.deterministic)

    def __repr__(self) -> str:
        return f"RLlibAgent(path={self.path!r}, module={self.directory.name!r}, deterministic={self.deterministic})"


def make_rllib_agent(env_id: str, path: str | None = None, module: str | None = None,
                     deterministic: bool = False) -> RLlibAgent:
    """Agent factory: ``rllib:path=...[:module=learner][:deterministic=true]``."""
    if path is None:
        raise ConfigError("the rllib agent needs a checkpoint: rllib:path=runs/rllib-gnome_village_v1-2p-0")
    return RLlibAgent(env_id, str(path), module=module, deterministic=deterministic)


agents.register_agent(AGENT_NAME, make_rllib_agent)
