"""Dwar7s Fall as a PettingZoo AEC environment (``dwarfs_fall_v6``): core game, Troll's Bridge, Royal
Decrees, The Empires.

Dwarf kings play kingdom cards onto a shared 8 x 8 game mat, send dwarfs to work on them
(mines, taverns, the general store, castles that dig, monsters to slay), hire ogres to do
their dirty work, and race to three completed goals; the round is finished and the most VP
win (ties: the bigger kingdom, then more dwarfs on the mat). With ``expansions=("trolls_bridge",)``
a troll on his lake card roams the mat in changing moods unless players pay his toll; with
``expansions=("royal_decrees",)`` a scenario (``scenario=...``, or drawn) puts royal decrees in force.
With ``expansions=("empires",)`` up to seven play, seats may be elves, ogres or crystal dwarfs
(``races``), classes upgrade meeples and four more secret goals join the deck.

| item | value |
|---|---|
| import | ``from gnome_envs import dwarfs_fall_v6`` |
| agents | ``player_0`` ... ``player_{n-1}``, n = 2-4, 2-7 with The Empires (dwarf seats play blue, red, green, yellow; elves purple, ogres orange, crystal dwarfs black) |
| actions | ``Discrete(667 + n)``: 669 / 670 / 671; Troll's Bridge 671 / 672 / 673; Royal Decrees 816 / 817 / 818; both 819 / 820 / 821; The Empires 694-854 (layout: ``dwarfs_fall/actions.py``) |
| observations | ``Dict(observation=Box(0, 1, float32), action_mask=Box(0, 1, int8))``; sizes 2,422 / 2,990 / 3,558; Troll's Bridge 2,533 / 3,102 / 3,671; Royal Decrees 2,585 / 3,155 / 3,725; both 2,694 / 3,265 / 3,836; The Empires 3,399-6,723 (layout: ``dwarfs_fall/observation.py``) |
| config | ``num_players`` (2), ``skip_forced`` (True), ``expansions`` (any of "trolls_bridge", "royal_decrees", "empires"), ``scenario`` (None: drawn; or fortune_teller, bloodthirsty, chaos_control, siege, axe_gospel, damsel_in_distress, lords_of_the_arena), ``races`` (with The Empires, one per seat of "dwarfs", "elves", "ogres", "crystal_dwarfs"; empty: dwarfs, then elves, ogres, crystal dwarfs from the fifth seat) |
| adapter | ``render_mode`` ("ansi"/"human"), ``reward`` ("win_loss"/"rank"/"score"), ``illegal_action`` ("raise"/"terminate"), ``max_steps`` |

Hidden information: the other seats' secret goals, ogre cards drawn face down, a gem taken by
Thief (seen by thief and victim), and the order of the ogre and trading-goal decks (with
Troll's Bridge also the roaming deck and the mood cards not yet seen on top).

Rules specification: ``seeds/dwarfs_fall.md``.
"""

from __future__ import annotations

from typing import Any

from gnome_envs.core.aec import GnomeAECEnv
from gnome_envs.core.env_module import build_env
from gnome_envs.dwarfs_fall import ENV_ID


def raw_env(**kwargs: Any) -> GnomeAECEnv:
    """The AEC environment (no wrappers)."""
    return build_env(ENV_ID, **kwargs)


def env(**kwargs: Any) -> GnomeAECEnv:
    """The AEC environment; it validates order and actions itself, so no wrappers are added."""
    return raw_env(**kwargs)
