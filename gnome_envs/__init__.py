"""gnome_envs: gnome board games as PettingZoo and gymnasium reinforcement-learning environments.

>>> from gnome_envs import gnome_village_v0
>>> env = gnome_village_v0.env(num_players=3)
>>> env = gnome_envs.make("gnome_village_v0", num_players=4)
>>> single = gnome_envs.SingleAgentEnv("gnome_village_v0", opponents="random")

Importing the package also registers the single-agent envs with gymnasium
(``gymnasium.make("gnome_envs/GnomeVillage-v0", opponents="random")``).
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import gymnasium

from gnome_envs.core.aec import GnomeAECEnv
from gnome_envs.core.env_module import build_env
from gnome_envs.core.errors import (
    ConfigError,
    GameOverError,
    GnomeEnvsError,
    IllegalActionError,
    InvariantError,
    ReplayMismatchError,
    ResetNeededError,
    UnknownEnvError,
)
from gnome_envs.core.registry import get_spec, register, registered_ids
from gnome_envs.core.single_agent import SingleAgentEnv

__version__ = "0.1.0"
NOT_GAMES = ("core",)


def _register_games() -> None:
    """Register every game package (a subpackage defining ``SPEC``), in name order."""
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.ispkg and info.name not in NOT_GAMES:
            spec = getattr(importlib.import_module(f"{__name__}.{info.name}"), "SPEC", None)
            if spec is not None:
                register(spec)


_register_games()

ENV_IDS: tuple[str, ...] = registered_ids()


def make(env_id: str, **kwargs: Any) -> GnomeAECEnv:
    """The PettingZoo AEC env ``env_id`` with keyword config."""
    get_spec(env_id)
    return build_env(env_id, **kwargs)


def _register_gymnasium() -> None:
    for env_id in ENV_IDS:
        spec = get_spec(env_id)
        if spec.gym_id not in gymnasium.registry:
            gymnasium.register(
                id=spec.gym_id,
                entry_point="gnome_envs.core.single_agent:SingleAgentEnv",
                kwargs={"env_id": env_id},
                disable_env_checker=True,
                order_enforce=False,
            )


_register_gymnasium()

__all__ = [
    "ENV_IDS",
    "ConfigError",
    "GameOverError",
    "GnomeEnvsError",
    "IllegalActionError",
    "InvariantError",
    "ReplayMismatchError",
    "ResetNeededError",
    "SingleAgentEnv",
    "UnknownEnvError",
    "make",
]
