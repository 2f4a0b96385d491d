"""Builders behind each ``<game>_v0`` module: ``env(**kwargs)`` and ``raw_env(**kwargs)``."""

from __future__ import annotations

from typing import Any

from gnome_envs.core.aec import GnomeAECEnv
from gnome_envs.core.registry import make_game

ADAPTER_OPTIONS = ("render_mode", "reward", "illegal_action", "max_steps")


def build_env(env_id: str, **kwargs: Any) -> GnomeAECEnv:
    """The AEC env of ``env_id``: adapter options split from the game's own config."""
    adapter = {key: kwargs.pop(key) for key in ADAPTER_OPTIONS if key in kwargs}
    return GnomeAECEnv(make_game(env_id, **kwargs), **adapter)
