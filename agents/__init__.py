"""Policies for gnome_envs: the protocol, the registry and the built-in agents.

``agents.make(spec, env_id)`` builds a policy from an agent spec: a name, optionally followed by
parameters, ``name[:key=value[:key=value ...]]``, e.g. ``random``, ``scripted``,
``mcts:iterations=200:rollout=scripted``, ``rollout:rounds=4``, ``checkpoint:path=runs/x/model.zip``,
``rllib:path=runs/rllib-x``. Values are read as bool (true/false), int, float, or else kept as
strings.

Built in: ``random`` for every env; each game adds its scripted opponent under ``scripted``
(``agents/<game>_scripted.py`` registers it; its ``ranked(state, seat)`` lists the legal actions
best first, which the ``rollout`` search builds on). ``scripted:deterministic=true`` always plays
the first-ranked action: where the scripted opponent breaks near-ties at random (Dwar7s Fall),
it answers one position one way, which makes it a teacher a network can imitate. Generic agents
in their own modules (``LAZY_AGENTS``) are imported on first use, so optional dependencies load
only when asked for.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Callable
from typing import Any

from agents.base import Policy, choose_action
from agents.random_agent import RandomAgent
from gnome_envs.core.errors import ConfigError
from gnome_envs.core.registry import get_spec

AgentFactory = Callable[..., Policy]  # factory(env_id, **params) -> Policy

SCRIPTED_SUFFIX = "_scripted"
PARAM_SEPARATOR = ":"
ASSIGN = "="
LAZY_AGENTS: dict[str, str] = {  # agent name -> module that registers it when imported
    "mcts": "agents.mcts",
    "rollout": "agents.rollout",
    "checkpoint": "agents.checkpoint",
    "rllib": "agents.rllib_checkpoint",
}

_GENERIC: dict[str, AgentFactory] = {"random": lambda env_id: RandomAgent()}
_SCRIPTED: dict[str, Callable[[], Policy]] = {}


class FirstRanked:
    """The scripted opponent's first-ranked action, with no random tie-break
    (``scripted:deterministic=true``)."""

    name = "scripted:deterministic=true"
    needs_state = True

    def __init__(self, scripted: Policy) -> None:
        self.scripted = scripted

    def act(self, state: Any, seat: int, rng: Any) -> int:
        """``ranked(state, seat)[0]`` (``rng`` unused: the answer is a function of ``state``)."""
        return int(self.scripted.ranked(state, seat)[0])


def _scripted(env_id: str, spec: str, params: dict[str, Any]) -> Policy:
    """The scripted opponent of ``env_id``, or its first-ranked form with ``deterministic=true``."""
    scripted = _SCRIPTED[env_id]()
    unknown = set(params) - {"deterministic"}
    if unknown:
        raise ConfigError(f"the scripted agent takes only deterministic=true|false, got {spec!r}")
    deterministic = params.get("deterministic", False)
    if not isinstance(deterministic, bool):
        raise ConfigError(f"deterministic must be true or false, got {spec!r}")
    return FirstRanked(scripted) if deterministic else scripted


def register_scripted(env_id: str, factory: Callable[[], Policy]) -> None:
    """Register the scripted opponent of ``env_id``."""
    _SCRIPTED[env_id] = factory


def register_agent(name: str, factory: AgentFactory) -> None:
    """Register a generic agent: ``factory(env_id, **params)`` builds it for any env."""
    _GENERIC[name] = factory


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split an agent spec ``name[:key=value...]`` into its name and typed parameters."""
    if not isinstance(spec, str) or not spec.strip():
        raise ConfigError(f"an agent spec must be a non-empty string, got {spec!r}")
    name, *pairs = spec.strip().split(PARAM_SEPARATOR)
    params: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition(ASSIGN)
        if not sep or not key:
            raise ConfigError(f"agent parameter {pair!r} in {spec!r} is not key=value")
        if key in params:
            raise ConfigError(f"agent parameter {key!r} given twice in {spec!r}")
        params[key] = _typed(value)
    return name, params


def _typed(value: str) -> Any:
    lowered = value.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    for kind in (int, float):
        try:
            return kind(value)
        except ValueError:
            pass
    return value


def available(env_id: str) -> tuple[str, ...]:
    """Agent names that ``make`` accepts for ``env_id``."""
    _load_game_agents()
    names = list(dict.fromkeys([*_GENERIC, *LAZY_AGENTS]))
    if env_id in _SCRIPTED:
        names.append("scripted")
    return tuple(names)


def make(spec: str, env_id: str) -> Policy:
    """The policy that agent spec ``spec`` names for ``env_id``."""
    get_spec(env_id)
    _load_game_agents()
    name, params = parse_spec(spec)
    if name == "scripted" and env_id in _SCRIPTED:
        return _scripted(env_id, spec, params)
    if name not in _GENERIC and name in LAZY_AGENTS:
        importlib.import_module(LAZY_AGENTS[name])
    if name not in _GENERIC:
        raise ConfigError(f"unknown agent {name!r} for {env_id}; available: {', '.join(available(env_id))}")
    factory = _GENERIC[name]
    try:
        inspect.signature(factory).bind(env_id, **params)
    except TypeError as error:
        raise ConfigError(f"bad parameters for agent {name!r} in {spec!r}: {error}") from None
    return factory(env_id, **params)


def _load_game_agents() -> None:
    """Import the per-game scripted agents (``agents/<game>_scripted.py``); they register themselves."""
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.endswith(SCRIPTED_SUFFIX):
            importlib.import_module(f"{__name__}.{info.name}")


__all__ = ["AgentFactory", "FirstRanked", "Policy", "RandomAgent", "available", "choose_action", "make",
           "parse_spec", "register_agent", "register_scripted"]
