"""The segments of the Battle Gnomes! observation vector per player count (see ``observation``)."""

from __future__ import annotations

from dataclasses import dataclass

from gnome_envs.battle_gnomes.components import (
    CARD_COPIES,
    MAX_YARD,
    NUM_DESIGNS,
    NUM_GNOMES,
    RESPONSE_CARDS,
    SELECTION_SIZE,
)
from gnome_envs.battle_gnomes.flow import turn_limit
from gnome_envs.battle_gnomes.observation_battle import BATTLE_FLAGS, BATTLERS_SIZE, NUM_SIDES, NUM_STAGES, NUM_VIEW
from gnome_envs.battle_gnomes.observation_parts import HOUSE_FEATURES
from gnome_envs.battle_gnomes.pending import NUM_DECISION_KINDS
from gnome_envs.core.engine import LayoutBuilder, Segment

NUM_PURPOSES = 6
NUM_SOURCES = 3
TARGET_SLOTS = max(2, MAX_YARD)  # an attachment slot (weapon, defence) or a yard position
MAX_RESPONSES = sum(CARD_COPIES[d] for d in RESPONSE_CARDS)  # every response uses up a card
MAX_STACK = 1 + MAX_RESPONSES


def play_features(n: int) -> int:
    """Entries describing the declared play at the bottom of the response stack."""
    return NUM_SOURCES + NUM_DESIGNS + NUM_GNOMES + n + NUM_SIDES + 1 + n + NUM_GNOMES + TARGET_SLOTS + n


def response_features(n: int) -> int:
    """Entries describing one response on the stack."""
    return len(RESPONSE_CARDS) + n + 1 + n


def state_extra(n: int) -> int:
    """Entries the full-information vector adds: every hand, the top card, the top gnome."""
    return n * NUM_DESIGNS + NUM_DESIGNS + NUM_GNOMES


@dataclass(frozen=True, slots=True)
class ObservationLayout:
    """Segments of the observation vector for one player count, and the first entry of each
    segment the assembly writes (attributes, read on every observation)."""

    num_players: int
    segments: tuple[Segment, ...]
    size: int
    at: dict[str, int]
    house_at: tuple[tuple[int, ...], ...]  # per observer: where each (absolute) household's block starts
    turn_scale: int  # the turn number is shown as turn / turn_scale
    decision: int
    decider: int
    turn_player: int
    progress: int
    context_card: int
    context_purpose: int
    context_seat: int
    context_side: int
    context_passes: int
    hand: int
    selection: int
    player_deck: int
    discard: int
    households: int
    battle: int
    in_view: int
    stack: int


def build_layout(n: int) -> ObservationLayout:
    """The observation layout for ``n`` players."""
    b = LayoutBuilder()
    for name, size in (
        ("decision", NUM_DECISION_KINDS), ("decider", n), ("turn_player", n), ("progress", 4),
        ("context_card", NUM_DESIGNS), ("context_purpose", NUM_PURPOSES), ("context_seat", n),
        ("context_side", 2), ("context_passes", 1), ("hand", NUM_DESIGNS),
        ("selection", SELECTION_SIZE * NUM_GNOMES), ("gnome_deck", 1 + NUM_GNOMES),
        ("player_deck", 1), ("discard", NUM_DESIGNS), ("households", n * HOUSE_FEATURES),
        ("battle", NUM_STAGES + 2 * n + BATTLE_FLAGS + BATTLERS_SIZE), ("in_view", n * NUM_VIEW),
        ("stack", 1 + play_features(n) + MAX_RESPONSES * response_features(n)),
    ):
        b.add(name, size)
    segments = b.build()
    at = {s.name: s.start for s in segments}
    house_at = tuple(tuple(at["households"] + (p - seat) % n * HOUSE_FEATURES for p in range(n)) for seat in range(n))
    written = {name: at[name] for name in ObservationLayout.__dataclass_fields__ if name in at}
    return ObservationLayout(n, segments, b.size, at, house_at, turn_limit(n) + 1, **written)


LAYOUTS = {n: build_layout(n) for n in range(2, 7)}

__all__ = ["LAYOUTS", "MAX_STACK", "NUM_SOURCES", "TARGET_SLOTS", "ObservationLayout", "play_features",
           "response_features", "state_extra"]
