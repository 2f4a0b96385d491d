"""Policies for gnome_envs: the protocol, the registry and the built-in agents.

``agents.make(name, env_id)`` builds a policy by name. Built in: ``random`` for every env;
each game adds its scripted opponent under ``scripted``.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Callable

from agents.base import Policy, choose_action
from agents.random_agent import RandomAgent
from gnome_envs.core.errors import ConfigError
from gnome_envs.core.registry import get_spec

_GENERIC: dict[str, Callable[[str], Policy]] = {"random": lambda env_id: RandomAgent()}
_SCRIPTED: dict[str, Callable[[], Policy]] = {}
SCRIPTED_SUFFIX = "_scripted"


def register_scripted(env_id: str, factory: Callable[[], Policy]) -> None:
    """Register the scripted opponent of ``env_id``."""
    _SCRIPTED[env_id] = factory


def available(env_id: str) -> tuple[str, ...]:
    """Agent names that ``make`` accepts for ``env_id``."""
    _load_game_agents()
    names = list(_GENERIC)
    if env_id in _SCRIPTED:
        names.append("scripted")
    return tuple(names)


def make(name: str, env_id: str) -> Policy:
    """The policy called ``name`` for ``env_id``."""
    get_spec(env_id)
    _load_game_agents()
    if name in _GENERIC:
        return _GENERIC[name](env_id)
    if name == "scripted" and env_id in _SCRIPTED:
        return _SCRIPTED[env_id]()
    raise ConfigError(f"unknown agent {name!r} for {env_id}; available: {', '.join(available(env_id))}")


def _load_game_agents() -> None:
    """Import the per-game scripted agents (``agents/<game>_scripted.py``); they register themselves."""
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.endswith(SCRIPTED_SUFFIX):
            importlib.import_module(f"{__name__}.{info.name}")


__all__ = ["Policy", "RandomAgent", "available", "choose_action", "make", "register_scripted"]
