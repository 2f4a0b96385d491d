"""Gnome Village as a PettingZoo AEC environment (``gnome_village_v1``).

Build a gnome village of houses, workshops and businesses; the first village with five gnomes
(or the bank running out of coins) ends the game at the end of the round, and the most points
win (tie: most tiles).

| item | value |
|---|---|
| import | ``from gnome_envs import gnome_village_v1`` |
| agents | ``player_0`` ... ``player_{n-1}``, n = 2-4 |
| actions | ``Discrete(262 + 50 (n - 1))``: 312 / 362 / 412 (layout: ``gnome_village/actions.py``) |
| observations | ``Dict(observation=Box(0, 1, float32), action_mask=Box(0, 1, int8))`` (layout: ``gnome_village/observation.py``) |
| config | ``num_players`` (2), ``deluxe`` (False), ``children`` (False), ``skip_forced`` (True) |
| adapter | ``render_mode`` ("ansi"/"human"), ``reward`` ("win_loss"/"rank"/"score"), ``illegal_action`` ("raise"/"terminate"), ``max_steps`` (default 2,000, a safety cap: every game ends by the rules) |

Rules specification: ``seeds/gnome_village.md``.
"""

from __future__ import annotations

from typing import Any

from gnome_envs.core.aec import GnomeAECEnv
from gnome_envs.core.env_module import build_env
from gnome_envs.gnome_village import ENV_ID


def raw_env(**kwargs: Any) -> GnomeAECEnv:
    """The AEC environment (no wrappers)."""
    return build_env(ENV_ID, **kwargs)


def env(**kwargs: Any) -> GnomeAECEnv:
    """The AEC environment; it validates order and actions itself, so no wrappers are added."""
    return raw_env(**kwargs)
