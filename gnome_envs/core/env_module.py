"""Builders behind each ``<game>_vN`` module: ``env(**kwargs)`` and ``raw_env(**kwargs)``.

Keyword options are split into the adapter's (``render_mode``, ``reward``, ``illegal_action``,
``max_steps`` and its PettingZoo name ``max_cycles``) and the game's own config. An option that
is neither raises :class:`ConfigError` listing every accepted option.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from functools import cache
from typing import Any

from gnome_envs.core.aec import GnomeAECEnv
from gnome_envs.core.errors import ConfigError
from gnome_envs.core.registry import make_game

ADAPTER_OPTIONS = ("render_mode", "reward", "illegal_action", "max_steps")
MAX_STEPS_ALIAS = "max_cycles"  # PettingZoo's name for the step cap (pettingzoo.make passes it)
SINGLE_AGENT_OPTIONS = ("opponents", "seat", "observation_mode")


@cache
def game_options(env_id: str) -> tuple[str, ...]:
    """The game config options of ``env_id`` (the fields of its config dataclass)."""
    config = make_game(env_id).config
    return tuple(f.name for f in fields(config)) if is_dataclass(config) else ()


def check_options(env_id: str, kwargs: dict[str, Any], adapter: tuple[str, ...] = ADAPTER_OPTIONS) -> None:
    """Raise ConfigError naming every accepted option if ``kwargs`` holds an unknown one."""
    accepted = (*game_options(env_id), *adapter, MAX_STEPS_ALIAS)
    unknown = sorted(key for key in kwargs if key not in accepted)
    if unknown:
        raise ConfigError(
            f"unknown {env_id} option(s) {unknown}; accepted: game {sorted(game_options(env_id))}, "
            f"adapter {sorted((*adapter, MAX_STEPS_ALIAS))}"
        )


def take_max_cycles(kwargs: dict[str, Any]) -> None:
    """Fold PettingZoo's ``max_cycles`` into ``max_steps`` (both given must agree)."""
    if MAX_STEPS_ALIAS not in kwargs:
        return
    cycles = kwargs.pop(MAX_STEPS_ALIAS)
    if "max_steps" in kwargs and kwargs["max_steps"] != cycles:
        raise ConfigError(f"max_cycles={cycles!r} and max_steps={kwargs['max_steps']!r} disagree; give one")
    kwargs["max_steps"] = cycles


def build_env(env_id: str, **kwargs: Any) -> GnomeAECEnv:
    """The AEC env of ``env_id``: adapter options split from the game's own config."""
    check_options(env_id, kwargs)
    take_max_cycles(kwargs)
    adapter = {key: kwargs.pop(key) for key in ADAPTER_OPTIONS if key in kwargs}
    return GnomeAECEnv(make_game(env_id, **kwargs), **adapter)
