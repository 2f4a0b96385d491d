"""Determinization: resample everything one seat cannot see, consistently with what it saw.

Hidden from ``seat``: the cards of other hands it cannot name (``Hands.unknown``), the order
of the ogre deck and of the trading goal deck, the other seats' unrevealed secret goals and
the secret goals nobody was dealt. The unknown cards are redealt from the pool the seat cannot
account for; secret goals are redealt so that no unrevealed goal is met (a met goal would
already have been revealed, R9.2). The clone's generator is reseeded from ``rng``.
"""

from __future__ import annotations

import numpy as np

from gnome_envs.core.errors import InvariantError
from gnome_envs.dwarfs_fall.components import GEM_PILE, NUM_GEMS, NUM_OGRES, OGRE_COUNTS
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
    for viewer in range(n):  # other seats' bounds stay true lower bounds
        for o in range(n):
            if viewer not in (seat, o):
                base = (viewer * n + o) * w
                for t in range(w):
                    hands.known[base + t] = min(hands.known[base + t], hands.counts[o * w + t])
    return cards


def _redeal_hands(det, seat: int, rng: np.random.Generator) -> None:
    ogre_totals = [OGRE_COUNTS[k] - det.ogre_discard[k] for k in range(NUM_OGRES)]
    det.ogre_deck = _redeal(det.ogres, seat, _pool(det.ogres, seat, ogre_totals), rng)
    gem_totals = [GEM_PILE[g] - det.gem_pile[g] for g in range(NUM_GEMS)]
    left = _redeal(det.gems, seat, _pool(det.gems, seat, gem_totals), rng)
    if left:
        raise InvariantError(f"gem pool of seat {seat} has {len(left)} cards nobody holds")


def _redeal_secrets(det, seat: int, rng: np.random.Generator) -> bool:
    """Redeal the hidden secret goals so none is met; False if this try failed."""
    n = det.game.num_players
    hidden = [o for o in range(n) if o != seat and not det.secret_revealed[o]]
    pool = [det.secret[o] for o in hidden] + list(det.secret_box)
    for _ in range(SECRET_TRIES):
        order = list(pool)
        rng.shuffle(order)
        if all(not secret_met(det, o, goal) for o, goal in zip(hidden, order)):
            for o, goal in zip(hidden, order):
                det.secret[o] = goal
            det.secret_box = sorted(order[len(hidden):])
            return True
    return False


def determinize(state, seat: int, rng: np.random.Generator):
    """A clone of ``state`` with everything ``seat`` cannot see resampled consistently."""
    for _ in range(HAND_TRIES):
        det = state.clone()
        _redeal_hands(det, seat, rng)
        if _redeal_secrets(det, seat, rng):
            break
    else:  # no consistent redeal found: keep the true hidden cards, shuffle only the decks
        det = state.clone()
        rng.shuffle(det.ogre_deck)
    rng.shuffle(det.trading_deck)
    det.rng = np.random.Generator(np.random.PCG64(int(rng.integers(SEED_BOUND))))
    return det


__all__ = ["determinize"]
