"""The player rows of the Dwar7s Fall observation (the ``players`` segment, see the table in
``observation.py``) and the scales every segment shares.

A seat's row is its public part (kingdom cards in hand, monsters, trading goals, revealed secret
goal, kingdom and VP: the same for every observer, cached per seat until what it reads changes),
the private columns (what the observer knows of that seat's gems and ogre cards, cached per
observer and seat by the seat's hand versions), and the hand size, pile and dwarfs on the mat,
written with every change. ``write_player_rows`` copies into a seat's view only the rows whose
sources changed since that view was written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from gnome_envs.dwarfs_fall.components import (
    BASE_ACTIONS,
    CASTLE_EXTRA_ACTIONS,
    DWARFS_PER_COLOUR,
    GEM_PILE,
    GOALS_TO_END,
    HAND_LIMIT,
    MONSTER_VP,
    NUM_KINDS,
    TRADING_GOALS,
)

if TYPE_CHECKING:
    from gnome_envs.dwarfs_fall.observation import SeatView

MAX_ACTIONS = BASE_ACTIONS + CASTLE_EXTRA_ACTIONS
# Amounts are scaled so that none reaches the Box bound 1.0: a count with a known maximum is
# divided by a ceiling above it (maximum + 1); an open-ended count x becomes x / (x + k), and a
# signed one v becomes 0.5 + v / (2 (|v| + k)), with k a typical value.
MONSTERS_K = 4.0  # defeated monsters
TRADING_VP_K = 30.0
HAND_K = float(HAND_LIMIT)  # cards in hand, gems or ogre cards nobody can name
KINGDOM_VP_K = 10.0
PUBLIC_VP_K = 30.0
OGRE_K = 5.0  # ogre cards nobody can name
BONUS_K = float(MAX_ACTIONS)  # actions used or left (Hired Hands adds actions without a cap)


def squash(x: float, k: float) -> float:
    """``x / (x + k)`` for an open-ended count ``x >= 0`` (0 at 0, below 1 for every ``x``)."""
    return x / (x + k)


def signed_squash(v: float, k: float) -> float:
    """``0.5 + v / (2 (|v| + k))``: a signed amount in (0, 1), 0.5 at 0."""
    return 0.5 + v / (2.0 * (abs(v) + k))


GEM_CEILING = tuple(1.0 / (pile + 1) for pile in GEM_PILE)  # gems of a type in one hand: at most its pile
# per in-hand mask: its bits as a row
HAND_ROWS = np.array([[mask >> k & 1 for k in range(NUM_KINDS)] for mask in range(1 << NUM_KINDS)], dtype=np.float32)
# after the private columns: hand size, pile, on the mat, monsters, trading goals, trading VP
HAND_SIZE_AT, MONSTERS_AT, TRADING_AT, SECRET_AT = 0, 3, 4, 6


def public_features(state, p: int) -> np.ndarray:
    """Scaled features of seat ``p`` every seat sees (the private columns left zero)."""
    row = _public_part(state, p).copy()
    row[state.game.obs_layout.private.stop + HAND_SIZE_AT] = squash(state.hand_size(p), HAND_K)
    return row


def _public_part(state, p: int) -> np.ndarray:
    """``public_features`` without the hand size (written with the pile and the meeples on the
    mat, which change more often: ``write_player_rows``)."""
    layout = state.game.obs_layout
    row = np.zeros(layout.player_features, dtype=np.float32)
    row[:NUM_KINDS] = HAND_ROWS[state.in_hand[p]]
    s = layout.private.stop
    won = state.trading_won[p]
    monsters = len(state.defeated[p])
    trading_vp = sum(TRADING_GOALS[g].vp for g in won)
    secret_vp = 0
    if state.secret_revealed[p]:
        row[s + SECRET_AT + state.secret[p]] = 1.0
        secret_vp = state.game.secret_vp[state.secret[p]]
    kingdom = state.kingdom(p)
    kingdom_vp = state.kingdom_vp(p)
    public_vp = trading_vp + secret_vp + MONSTER_VP * monsters + kingdom_vp  # (clean shot, classes: empires segment)
    row[s + MONSTERS_AT] = squash(monsters, MONSTERS_K)
    row[s + TRADING_AT] = squash(len(won), GOALS_TO_END)
    row[s + TRADING_AT + 1] = squash(trading_vp, TRADING_VP_K)
    g = s + SECRET_AT + layout.num_secrets  # goals, castle in play, four actions, kingdom, VP, goals won
    row[g] = squash(state.goals(p), GOALS_TO_END)
    row[g + 1] = float(kingdom is not None)
    row[g + 2] = float(state.action_limit(p) == MAX_ACTIONS)
    row[g + 3] = (len(kingdom.cells) if kingdom is not None else 0) / layout.kingdom_scale
    row[g + 4] = signed_squash(kingdom_vp, KINGDOM_VP_K)
    row[g + 5] = signed_squash(public_vp, PUBLIC_VP_K)
    for goal in won:
        row[g + 6 + goal] = 1.0
    return row


def public_entry(state, p: int) -> tuple:
    """Seat ``p``'s cached (public row without the hand size, layout version, kingdom, kingdom
    VP). The state drops it whenever what it reads changes (``DwarfsFallState.touch``); after
    the mat changed the kingdom and its VP are checked: the row reads the mat only through those
    (with Royal Decrees the VP also reads the cards of the kingdom)."""
    entry = state._public[p]
    version = state._layout_version
    if entry is not None:
        if entry[1] == version:
            return entry
        kingdom = state.kingdom(p)
        if kingdom == entry[2] and (not state.game.royal or state.kingdom_vp(p) == entry[3]):
            entry = state._public[p] = (entry[0], version, kingdom, entry[3])
            return entry
    entry = state._public[p] = (_public_part(state, p), version, state.kingdom(p), state.kingdom_vp(p))
    return entry


def hand_versions(state, p: int) -> tuple[int, int]:
    """What seat ``p``'s private columns are cached by: its gem and ogre hands' versions."""
    return state.gems.seat_versions[p], state.ogres.seat_versions[p]


def cached_private(state, observer: int, p: int) -> np.ndarray:
    """``private_features`` as a vector, recomputed only after seat ``p``'s gems or ogre cards changed."""
    index = observer * state.game.num_players + p
    entry = state._private[index]
    versions = hand_versions(state, p)
    if entry is None or entry[0] != versions:
        entry = state._private[index] = (versions, np.array(private_features(state, observer, p), dtype=np.float32))
    return entry[1]


def private_features(state, observer: int, p: int) -> list[float]:
    """What ``observer`` knows of seat ``p``'s gems and ogre cards, scaled (the private columns)."""
    gems = state.gems.bounds(observer, p)
    ogres = state.ogres.bounds(observer, p)
    gem_unknown = state.gems.sizes[p] - sum(gems)
    ogre_unknown = state.ogres.sizes[p] - sum(ogres)
    return ([g * c for g, c in zip(gems, GEM_CEILING)] + [squash(gem_unknown, HAND_K)]
            + [o / (copies + 1) for o, copies in zip(ogres, state.game.ogre_counts)]
            + [squash(ogre_unknown, OGRE_K)])


def player_features(state, observer: int, p: int) -> np.ndarray:
    """Scaled features of seat ``p`` as ``observer`` sees them (see the module table)."""
    layout = state.game.obs_layout
    row = public_features(state, p)
    row[layout.private] = private_features(state, observer, p)
    pile_at = layout.private.stop + 1
    row[pile_at:pile_at + 2] = state.pile[p] / layout.meeple_scale, state.on_board(p) / layout.meeple_scale
    return row


def write_player_rows(state, seat: int, obs: np.ndarray, layout, view: SeatView) -> None:
    """Every seat's row, observer first, rewritten where its sources changed (the checks of
    ``public_entry`` and ``cached_private`` inlined: this runs on every observation)."""
    gems, ogres = state.gems, state.ogres
    pile, meeples = state.pile, state.meeples if layout.empires else None
    # every row's sources: a public entry dropped (the version), the mat, hands, piles, meeples
    versions = (state._public_version, state._layout_version, gems.version, ogres.version)
    if versions == view.players:
        if pile != view.piles or meeples != view.meeples:
            _pile_columns(seat, layout, view, pile, meeples)
        return
    view.players, view.piles, view.meeples = versions, pile[:], meeples and meeples[:]
    n = layout.num_players
    width = layout.player_features
    start = layout.at["players"]
    private = layout.private
    hand_at = private.stop + HAND_SIZE_AT  # the hand size, pile and meeples on the mat: not cached
    scale = layout.meeple_scale
    gem_sizes, ogre_sizes, in_hand = gems.sizes, ogres.sizes, state.in_hand
    gem_versions, ogre_versions = gems.seat_versions, ogres.seat_versions
    layout_version = state._layout_version
    sources = view.rows
    mv = view.mv  # single entries: cheaper through the view's memoryview
    publics, privates = state._public, state._private
    for r in range(n):
        p = (seat + r) % n
        entry = publics[p]
        if entry is None or entry[1] != layout_version:
            entry = public_entry(state, p)
        public = entry[0]
        hidden = None
        held = gem_sizes[p] + ogre_sizes[p]
        if held:
            hand = (gem_versions[p], ogre_versions[p])
            entry = privates[seat * n + p]
            if entry is None or entry[0] != hand:
                entry = privates[seat * n + p] = (hand, np.array(private_features(state, seat, p), dtype=np.float32))
            hidden = entry[1]
        size = held + in_hand[p].bit_count()
        left = pile[p]
        total = meeples[p] if meeples else DWARFS_PER_COLOUR
        counts = (size, left, total)
        old = sources[r]
        i = start + r * width
        if old is not None and old[0] is public:  # the public part is there: only what else changed
            if old[1] is not hidden:
                obs[i + private.start:i + private.stop] = hidden if hidden is not None else 0.0
            elif old[2] == counts:
                continue
        else:
            row = obs[i:i + width]
            row[:] = public
            if hidden is not None:
                row[private] = hidden
        i += hand_at
        mv[i] = squash(size, HAND_K)
        mv[i + 1] = left / scale
        mv[i + 2] = (total - left) / scale
        sources[r] = (public, hidden, counts)


def _pile_columns(seat: int, layout, view: SeatView, pile: list[int],
                  meeples: list[int] | None) -> None:
    """Only piles or meeple counts changed since ``view`` was written (every version the rows
    read is the same): rewrite the pile and on-the-mat entries of the seats whose counts moved."""
    n = layout.num_players
    width = layout.player_features
    at = layout.at["players"] + layout.private.stop + HAND_SIZE_AT + 1
    scale = layout.meeple_scale
    old_piles, old_meeples, sources, mv = view.piles, view.meeples, view.rows, view.mv
    for r in range(n):
        p = (seat + r) % n
        left = pile[p]
        total = meeples[p] if meeples else DWARFS_PER_COLOUR
        if left == old_piles[p] and (not meeples or total == old_meeples[p]):
            continue
        i = at + r * width
        mv[i] = left / scale
        mv[i + 1] = (total - left) / scale
        source = sources[r]
        sources[r] = (source[0], source[1], (source[2][0], left, total))
    view.piles, view.meeples = pile[:], meeples and meeples[:]


__all__ = ["BONUS_K", "GEM_CEILING", "MAX_ACTIONS", "cached_private", "hand_versions",
           "player_features", "private_features", "public_entry", "public_features", "signed_squash", "squash",
           "write_player_rows"]
