"""gnome_envs: gnome board games as PettingZoo and gymnasium reinforcement-learning environments.

>>> from gnome_envs import gnome_village_v1
>>> env = gnome_village_v1.env(num_players=3)
>>> env = gnome_envs.make("gnome_village_v1", num_players=4)
>>> single = gnome_envs.SingleAgentEnv("gnome_village_v1", opponents="random")

Importing the package also registers the single-agent envs with gymnasium
(``gymnasium.make("gnome_envs/GnomeVillage-v1", opponents="random")``; these ids default to
``illegal_action="terminate"`` so that checkers and unmasked algorithms can sample any action,
and carry the env's ``max_steps`` as ``max_episode_steps``), and the AEC envs with PettingZoo's
registry where the installed PettingZoo has one
(``pettingzoo.make("aec", "gnome_envs/gnome_village-v1")``).
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import gymnasium
import pettingzoo

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


GYM_ILLEGAL_ACTION = "terminate"  # the gymnasium ids' default: checkers sample unmasked actions
PETTINGZOO_NAMESPACE = "gnome_envs"


def pettingzoo_id(env_id: str) -> str:
    """The PettingZoo registry id of ``env_id``: ``gnome_envs/gnome_village-v1``."""
    name, _, version = env_id.rpartition("_v")
    return f"{PETTINGZOO_NAMESPACE}/{name}-v{version}"


def _register_gymnasium() -> None:
    for env_id in ENV_IDS:
        spec = get_spec(env_id)
        if spec.gym_id not in gymnasium.registry:
            gymnasium.register(
                id=spec.gym_id,
                entry_point="gnome_envs.core.single_agent:SingleAgentEnv",
                kwargs={"env_id": env_id, "illegal_action": GYM_ILLEGAL_ACTION},
                max_episode_steps=spec.max_steps,
                disable_env_checker=True,
                order_enforce=False,
            )


def _register_pettingzoo() -> None:
    """Add every env to PettingZoo's registry (PettingZoo 1.27+; older versions have none)."""
    register_aec = getattr(pettingzoo, "register", None)
    registry = getattr(pettingzoo, "aec_registry", None)
    if register_aec is None or registry is None:
        return
    for env_id in ENV_IDS:
        if pettingzoo_id(env_id) not in registry:
            register_aec("aec", pettingzoo_id(env_id), entry_point=f"gnome_envs.{env_id}:env")


_register_gymnasium()
_register_pettingzoo()

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
    "pettingzoo_id",
]
