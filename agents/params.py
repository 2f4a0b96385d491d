"""Checks of the numeric parameters in agent specs (``mcts:iterations=200``, ``rollout:rounds=4``)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from gnome_envs.core.errors import ConfigError


def check_int(agent: str, name: str, value: Any, minimum: int) -> int:
    """``value`` as an int of at least ``minimum``, else a ConfigError naming ``agent``'s parameter."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
        raise ConfigError(f"{agent} parameter {name} must be an integer >= {minimum}, got {value!r}")
    return int(value)


def check_number(agent: str, name: str, value: Any, positive: bool) -> float:
    """``value`` as a finite float, > 0 when ``positive`` else >= 0, or a ConfigError."""
    ok = not isinstance(value, bool) and isinstance(value, (int, float, np.integer, np.floating))
    if not ok or not math.isfinite(float(value)) or float(value) < 0 or (positive and float(value) == 0):
        bound = "> 0" if positive else ">= 0"
        raise ConfigError(f"{agent} parameter {name} must be a finite number {bound}, got {value!r}")
    return float(value)


__all__ = ["check_int", "check_number"]
