"""Rise of the Gnomes as a PettingZoo AEC environment (``rise_of_the_gnomes_v1``).

An area-control game on a hex map: win customers and build breweries across Brumanica over
five turns while the Gnome Union automaton and its dragon race you; if the Gnomes end with the
most points (ties included) every player loses.

| item | value |
|---|---|
| import | ``from gnome_envs import rise_of_the_gnomes_v1`` |
| agents | ``player_0`` ... ``player_{n-1}``, n = 1-5 (the Gnome Union is the engine's own automaton) |
| actions | ``Discrete(107 + n)``: 108 / 109 / 110 / 111 / 112 (layout: ``rise_of_the_gnomes/actions.py``) |
| observations | ``Dict(observation=Box(0, 1, float32), action_mask=Box(0, 1, int8))`` (layout: ``rise_of_the_gnomes/observation.py``) |
| config | ``num_players`` (2), ``mode`` ("competitive"/"cutthroat", cutthroat needs 2+), ``difficulty`` (None: suggested per player count; "very_easy" ... "difficult"), ``skip_forced`` (True), ``action_effects`` (False: True appends each brewer space's and map choice's effect row, ``rise_of_the_gnomes/action_effects.py``) |
| adapter | ``render_mode`` ("ansi"/"human"), ``reward`` ("win_loss"/"rank"/"score"), ``illegal_action`` ("raise"/"terminate"), ``max_steps`` |
| scores | ``state.scores()``: the players' points, then the Gnomes' |
| single agent | ``gnome_envs.SingleAgentEnv("rise_of_the_gnomes_v1", num_players=1)``: beat the Gnome Union |

Rules specification: ``seeds/rise_of_the_gnomes.md``.
"""

from __future__ import annotations

from typing import Any

from gnome_envs.core.aec import GnomeAECEnv
from gnome_envs.core.env_module import build_env
from gnome_envs.rise_of_the_gnomes import ENV_ID


def raw_env(**kwargs: Any) -> GnomeAECEnv:
    """The AEC environment (no wrappers)."""
    return build_env(ENV_ID, **kwargs)


def env(**kwargs: Any) -> GnomeAECEnv:
    """The AEC environment; it validates order and actions itself, so no wrappers are added."""
    return raw_env(**kwargs)
