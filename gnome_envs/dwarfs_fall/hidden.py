"""Determinization: resample everything one seat cannot see, consistently with what it saw.

Hidden from ``seat``: the cards of other hands it cannot name (``Hands.unknown``), the order
of the ogre deck and of the trading goal deck (with Troll's Bridge also the roaming deck and the
mood cards that have not yet been on top), the other seats' unrevealed secret goals and
the secret goals nobody was dealt. The unknown cards are redealt from the pool the seat cannot
account for; secret goals are redealt so that no unrevealed goal is met (a met goal would
already have been revealed, R9.2). The clone's generator is reseeded from ``rng``.
"""

from __future__ import annotations

import numpy as np

from gnome_envs.core.errors import InvariantError
from gnome_envs.dwarfs_fall.components import GEM_PILE, NUM_GEMS, NUM_MOODS
from gnome_envs.dwarfs_fall.goals import secret_met
from gnome_envs.dwarfs_fall.hands import Hands

SEED_BOUND = 2**63
SECRET_TRIES = 20  # secret-goal redeals tried per hand redeal
HAND_TRIES = 5  # hand redeals tried before the seat gets the true hidden cards back


def _pool(hands: Hands, seat: int, totals: list[int]) -> list[int]:
    """Cards of each type the seat cannot place (``totals`` = cards outside the seat's view)."""
    n = hands.n
    pool = []
    for t in range(hands.width):
        left = totals[t] - hands.count(seat, t)
        for o in range(n):
            if o != seat:
                left -= hands.bounds(seat, o)[t]
        pool += [t] * left
    return pool


def _redeal(hands: Hands, seat: int, pool: list[int], rng: np.random.Generator) -> list[int]:
    """Refill every unknown card of the other seats from ``pool``; return the cards left over."""
    n, w = hands.n, hands.width
    cards = list(pool)
    rng.shuffle(cards)
    for o in range(n):
        if o == seat:
            continue
        bounds = hands.bounds(seat, o)
        missing = hands.size(o) - sum(bounds)
        counts = list(bounds)
        for t in cards[:missing]:
            counts[t] += 1
        del cards[:missing]
        hands.set_counts(o, counts)
    for viewer in range(n):  # other seats' bounds: true lower bounds the seat can name
        for o in range(n):
            if viewer in (seat, o):
                continue
            base = (viewer * n + o) * w
            if o == seat:  # what others know of the seat's own hand follows from the seat's own view
                continue
            mine = (seat * n + o) * w  # what another knows of a third hand is hidden: use the seat's bounds
            hands.known[base:base + w] = hands.known[mine:mine + w]
    return cards


def _redeal_hands(det, seat: int, rng: np.random.Generator) -> None:
    counts = det.game.ogre_counts
    ogre_totals = [counts[k] - det.ogre_discard[k] for k in range(len(counts))]
    det.ogre_deck = _redeal(det.ogres, seat, _pool(det.ogres, seat, ogre_totals), rng)
    gem_totals = [GEM_PILE[g] - det.gem_pile[g] for g in range(NUM_GEMS)]
    left = _redeal(det.gems, seat, _pool(det.gems, seat, gem_totals), rng)
    if left:
        raise InvariantError(f"gem pool of seat {seat} has {len(left)} cards nobody holds")


def _redeal_secrets(det, seat: int, rng: np.random.Generator) -> bool:
    """Redeal the hidden secret goals so none is met; False if this try failed."""
    n = det.game.num_players
    hidden = [o for o in range(n) if o != seat and not det.secret_revealed[o]]
    pool = sorted([det.secret[o] for o in hidden] + list(det.secret_box))  # the seat cannot tell the order
    for _ in range(SECRET_TRIES):
        order = list(pool)
        rng.shuffle(order)
        if all(not secret_met(det, o, goal) for o, goal in zip(hidden, order)):
            for o, goal in zip(hidden, order):
                det.secret[o] = goal
            det.secret_box = sorted(order[len(hidden):])
            return True
    return False


def _shuffled(cards: list[int], rng: np.random.Generator) -> list[int]:
    """The cards in a random order that depends on which cards they are, not on their true order."""
    out = sorted(cards)
    rng.shuffle(out)
    return out


def _shuffle_troll_decks(det, rng: np.random.Generator) -> None:
    """Troll's Bridge: the roaming deck and the mood cards not yet seen on top are hidden."""
    det.roaming_deck = _shuffled(det.roaming_deck, rng)
    unseen = NUM_MOODS - det.moods_seen  # deck[1:1 + unseen] have never been on top
    if unseen > 1:
        hidden = _shuffled(det.mood_deck[1:1 + unseen], rng)
        det.mood_deck = det.mood_deck[:1] + hidden + det.mood_deck[1 + unseen:]


def determinize(state, seat: int, rng: np.random.Generator):
    """A clone of ``state`` with everything ``seat`` cannot see resampled consistently."""
    for _ in range(HAND_TRIES):
        det = state.clone()
        _redeal_hands(det, seat, rng)
        if _redeal_secrets(det, seat, rng):
            break
    else:  # no consistent redeal found: keep the true hidden cards, shuffle only the decks
        det = state.clone()
        det.ogre_deck = _shuffled(det.ogre_deck, rng)
    det.trading_deck = _shuffled(det.trading_deck, rng)
    if det.game.trolls:
        _shuffle_troll_decks(det, rng)
    det.rng = np.random.Generator(np.random.PCG64(int(rng.integers(SEED_BOUND))))
    return det


__all__ = ["determinize"]
