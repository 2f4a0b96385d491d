"""Mighty Gnomes (v0.95) as a PettingZoo AEC environment (``mighty_gnomes_v1``).

Five rounds of three turns: each turn a player lays one of four polyomino gnome tiles on the
forest (gathering what it covers) or on an attic ladder (activating the books it reaches), or
turns it in for coins; mighty gnomes, treasure chests and the adventure trail add abilities
and points. Most points after round five win (tie: furthest on the adventure trail).

| item | value |
|---|---|
| import | ``from gnome_envs import mighty_gnomes_v1`` |
| agents | ``player_0`` ... ``player_{n-1}``, n = 2-4 |
| actions | ``Discrete(161 + 48 (n + 1))``: 305 / 353 / 401 (layout: ``mighty_gnomes/actions.py``) |
| observations | ``Dict(observation=Box(0, 1, float32), action_mask=Box(0, 1, int8))`` (layout: ``mighty_gnomes/observation.py``) |
| config | ``num_players`` (2), ``mighty_gnomes`` (None: five types drawn at random, or five names), ``skip_forced`` (True), ``action_effects`` (False: True appends each placement action's effect row, ``mighty_gnomes/action_effects.py``) |
| adapter | ``render_mode`` ("ansi"/"human"), ``reward`` ("win_loss"/"rank"/"score"), ``illegal_action`` ("raise"/"terminate"), ``max_steps`` |
| hidden information | the chest bag, face-down chests in other vaults, another player's two drawn chests |

Rules specification: ``seeds/mighty_gnomes.md``.
"""

from __future__ import annotations

from typing import Any

from gnome_envs.core.aec import GnomeAECEnv
from gnome_envs.core.env_module import build_env
from gnome_envs.mighty_gnomes import ENV_ID


def raw_env(**kwargs: Any) -> GnomeAECEnv:
    """The AEC environment (no wrappers)."""
    return build_env(ENV_ID, **kwargs)


def env(**kwargs: Any) -> GnomeAECEnv:
    """The AEC environment; it validates order and actions itself, so no wrappers are added."""
    return raw_env(**kwargs)
