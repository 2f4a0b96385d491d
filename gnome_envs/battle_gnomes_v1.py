"""Battle Gnomes! as a PettingZoo AEC environment (``battle_gnomes_v1``).

Gnome households battle for control of the block: draft gnomes, arm them, fortify the yard,
and battle. Defeating a third gnome wins at once; when the gnome deck cannot refill the
selection, every household has one more turn and the most defeated gnomes wins (tie: most
items in play); a stalled table ends the same way after 30 turns of every household. Hands
are hidden; reactions come in and out of turn.

| item | value |
|---|---|
| import | ``from gnome_envs import battle_gnomes_v1`` |
| agents | ``player_0`` ... ``player_{n-1}``, n = 2-6 |
| actions | ``Discrete(90 + (n - 1))``: 91 / 92 / 93 / 94 / 95 (layout: ``battle_gnomes/actions.py``) |
| observations | ``Dict(observation=Box(0, 1, float32), action_mask=Box(0, 1, int8))``: 960 / 1191 / 1422 / 1653 / 1884 entries (layout: ``battle_gnomes/observation.py``) |
| hidden | other hands, deck and gnome deck order (``state.determinize(seat, rng)`` resamples them) |
| config | ``num_players`` (2), ``skip_forced`` (True) |
| limits | round limit 30 (a rules ending, R9.4); adapters' ``max_steps`` 2,500 |
| adapter | ``render_mode`` ("ansi"/"human"), ``reward`` ("win_loss"/"rank"/"score"), ``illegal_action`` ("raise"/"terminate"), ``max_steps`` |

Who decides when: ``agent_selection`` is always the seat the rules ask, in turn or out of it:
the drafting seat, the turn player, the defender choosing its gnomes, every household in
turn during a battle's reaction loop (households outside the battle may play battle items
only), and the households asked to respond to a declared card or gnome function.

Rules specification: ``seeds/battle_gnomes.md``.
"""

from __future__ import annotations

from typing import Any

from gnome_envs.battle_gnomes import ENV_ID
from gnome_envs.core.aec import GnomeAECEnv
from gnome_envs.core.env_module import build_env


def raw_env(**kwargs: Any) -> GnomeAECEnv:
    """The AEC environment (no wrappers)."""
    return build_env(ENV_ID, **kwargs)


def env(**kwargs: Any) -> GnomeAECEnv:
    """The AEC environment; it validates order and actions itself, so no wrappers are added."""
    return raw_env(**kwargs)
