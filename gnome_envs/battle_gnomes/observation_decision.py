"""The decision entries of the Battle Gnomes! observation: the pending decision's kind and decider,
the card in transit and what the decision is about (see the module table of ``observation``).

A seat's view remembers the entries its buffer shows; ``decision_entries`` is a pure function
of the decision's facts, cached, so a decision offered again (a new object with the same facts)
usually gives back the very entries shown and nothing is written.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from gnome_envs.battle_gnomes.observation_layout import LAYOUTS
from gnome_envs.battle_gnomes.pending import DecisionKind

NO_KIND = -1  # no decision pending
PURPOSE_KINDS = frozenset(int(k) for k in (DecisionKind.TARGET_HOUSEHOLD, DecisionKind.TARGET_OWN_GNOME,
                                           DecisionKind.FUNCTION_DISCARD))
TARGET_KINDS = frozenset(int(k) for k in (DecisionKind.TARGET_ATTACHMENT, DecisionKind.TARGET_YARD))
WHOLE, GIVE, REACT = int(DecisionKind.WHOLE_BATTLE), int(DecisionKind.GIVE_GNOME), int(DecisionKind.REACT)
WHOLE_PASSES_SCALE = 2  # passes in a row in the whole-battle window are shown as passes / 2
DECISION_ENTRIES = 4096  # entry tuples remembered (seat, card in transit, decision)

Entries = tuple[tuple[int, float], ...]


@lru_cache(maxsize=DECISION_ENTRIES)
def decision_entries(n: int, seat: int, held: int, kind: int, player: int, data: tuple) -> Entries:
    """(index, value) of every non-zero entry of the decision block seen by ``seat`` of ``n``:
    the decision ``kind`` of ``player`` (``NO_KIND``: none) with ``data``, the card ``held``."""
    layout = LAYOUTS[n]
    entries = []
    if kind != NO_KIND:
        entries.append((layout.decision + kind, 1.0))
        entries.append((layout.decider + (player - seat) % n, 1.0))
    if held >= 0:
        entries.append((layout.context_card + held, 1.0))
    if kind in PURPOSE_KINDS:
        entries.append((layout.context_purpose + data[0], 1.0))
    elif kind in TARGET_KINDS:
        entries.append((layout.context_purpose + data[0], 1.0))
        entries.append((layout.context_seat + (data[1] - seat) % n, 1.0))
    elif kind == WHOLE:
        entries.append((layout.context_side + data[0], 1.0))
        entries.append((layout.context_passes, data[1] / WHOLE_PASSES_SCALE))
    elif kind == GIVE:
        entries.append((layout.context_side + data[0], 1.0))
    elif kind == REACT:
        entries.append((layout.context_passes, data[0] / n))
    return tuple(entries)


def write_entries(obs: np.ndarray, old: Entries, new: Entries) -> None:
    """Bring the entries ``old`` shows to ``new``: zeros first, then the new values (a few
    entries each: writing them all again costs less than finding the ones that differ)."""
    for index, _ in old:
        obs[index] = 0.0
    for index, value in new:
        obs[index] = value


__all__ = ["NO_KIND", "decision_entries", "write_entries"]
