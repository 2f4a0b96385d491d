"""Determinization: resample everything one seat cannot see, consistently with what it saw.

Hidden from ``seat``: the cards of other hands it cannot name (``Hands.unknown``), the order
of the ogre deck and of the trading goal deck (with Troll's Bridge also the roaming deck and the
mood cards that have not yet been on top), the other seats' unrevealed secret goals and
the secret goals nobody was dealt. The unknown cards are redealt from the pool the seat cannot
account for; secret goals are redealt so that no unrevealed goal is met (a met goal would
already have been revealed, R9.2). The clone's generator is reseeded from ``rng``.

The redeal draws from the deals consistent with what the seat saw, each as likely as under a
fresh shuffle of what it cannot see: ogre card types decide no secret goal (Ogre in Disguise
counts cards, which is public), so the ogre cards are always redealt freely. Gems and secret
goals are drawn together by rejection: a few quick tries (a gem redeal and one shuffle of the
goals, kept when no unrevealed goal is met), then an exact sampler that counts the goal deals
allowed by a gem redeal, keeps that redeal with probability count / (the count without the
gem-decided goals) and draws one of its goal deals uniformly. Only if that keeps failing does
the seat's view keep the true unknown gems (never the true hands or goals wholesale).
"""

from __future__ import annotations

import numpy as np

from gnome_envs.core.errors import InvariantError
from gnome_envs.dwarfs_fall.components import GEM_PILE, NUM_GEMS, NUM_MOODS, Secret
from gnome_envs.dwarfs_fall.goals import secret_met
from gnome_envs.dwarfs_fall.hands import Hands

SEED_BOUND = 2**63
QUICK_TRIES = 24  # gem redeal + one shuffle of the hidden goals, kept when valid (exact rejection)
EXACT_TRIES = 64  # gem redeals the exact sampler weighs before the true unknown gems are kept
GEM_GOALS = frozenset({int(Secret.MINER), int(Secret.WIZARD), int(Secret.WARLOCK)})  # decided by gem types


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
            hands.seat_versions[o] += 1
    return cards


def _redeal_ogres(det, seat: int, rng: np.random.Generator) -> None:
    """The other seats' ogre cards the seat cannot name, and the deck, from the unseen ogre cards."""
    counts = det.game.ogre_counts
    ogre_totals = [counts[k] - det.ogre_discard[k] for k in range(len(counts))]
    det.ogre_deck = _redeal(det.ogres, seat, _pool(det.ogres, seat, ogre_totals), rng)


def _redeal_gems(det, seat: int, rng: np.random.Generator) -> None:
    """The other seats' gems the seat cannot name (taken by Thief), from the gems nobody shows."""
    gem_totals = [GEM_PILE[g] - det.gem_pile[g] for g in range(NUM_GEMS)]
    left = _redeal(det.gems, seat, _pool(det.gems, seat, gem_totals), rng)
    if left:
        raise InvariantError(f"gem pool of seat {seat} has {len(left)} cards nobody holds")


def _deal_secrets(det, hidden: list[int], pool: list[int], goals: list[int]) -> None:
    """Seat ``hidden[i]`` gets ``goals[i]``; the rest of ``pool`` goes to the box."""
    for o, goal in zip(hidden, goals):
        det.secret[o] = goal
    det.secret_box = sorted(set(pool) - set(goals))


def _quick(det, seat: int, hidden: list[int], pool: list[int], rng: np.random.Generator) -> bool:
    """Rejection: a gem redeal and a shuffle of the hidden goals, kept when no hidden goal is met."""
    for _ in range(QUICK_TRIES):
        _redeal_gems(det, seat, rng)
        order = list(pool)
        rng.shuffle(order)
        if all(not secret_met(det, o, goal) for o, goal in zip(hidden, order)):
            _deal_secrets(det, hidden, pool, order[:len(hidden)])
            return True
    return False


def _allowed(det, hidden: list[int], pool: list[int], gem_goals_free: bool = False) -> list[int]:
    """Per hidden seat, the bit mask of the pool goals it may hold (not met; gem-decided goals
    counted as allowed when ``gem_goals_free``)."""
    return [sum(1 << i for i, goal in enumerate(pool)
                if (gem_goals_free and goal in GEM_GOALS) or not secret_met(det, o, goal)) for o in hidden]


def _count(allowed: list[int], i: int, used: int, memo: dict) -> int:
    """Ways to give seats ``i..`` distinct allowed goals outside ``used``."""
    if i == len(allowed):
        return 1
    key = (i, used)
    if key not in memo:
        total = 0
        free = allowed[i] & ~used
        while free:
            bit = free & -free
            total += _count(allowed, i + 1, used | bit, memo)
            free ^= bit
        memo[key] = total
    return memo[key]


def _sample(allowed: list[int], pool: list[int], memo: dict, rng: np.random.Generator) -> list[int]:
    """One of the goal deals counted by ``_count``, each equally likely."""
    goals, used = [], 0
    for i in range(len(allowed)):
        free = allowed[i] & ~used
        options = [1 << b for b in range(len(pool)) if free >> b & 1]
        weights = np.array([_count(allowed, i + 1, used | bit, memo) for bit in options], dtype=np.float64)
        bit = options[int(rng.choice(len(options), p=weights / weights.sum()))]
        used |= bit
        goals.append(pool[bit.bit_length() - 1])
    return goals


def _exact(det, state, seat: int, hidden: list[int], pool: list[int], rng: np.random.Generator) -> None:
    """Gem redeals weighed by how many goal deals they allow, then one of those deals."""
    envelope = _count(_allowed(det, hidden, pool, gem_goals_free=True), 0, 0, {})
    for _ in range(EXACT_TRIES):
        _redeal_gems(det, seat, rng)
        allowed = _allowed(det, hidden, pool)
        memo: dict = {}
        count = _count(allowed, 0, 0, memo)
        if count and rng.random() * envelope < count:
            _deal_secrets(det, hidden, pool, _sample(allowed, pool, memo, rng))
            return
    det.gems = state.gems.copy()  # last resort: the true unknown gems, which allow the true goals
    allowed = _allowed(det, hidden, pool)
    memo = {}
    if not _count(allowed, 0, 0, memo):
        raise InvariantError(f"no deal of the hidden secret goals fits seat {seat}'s view")
    _deal_secrets(det, hidden, pool, _sample(allowed, pool, memo, rng))


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
    det = state.clone()
    _redeal_ogres(det, seat, rng)
    hidden = [o for o in range(det.game.num_players) if o != seat and not det.secret_revealed[o]]
    pool = sorted([det.secret[o] for o in hidden] + list(det.secret_box))  # the seat cannot tell the order
    if not _quick(det, seat, hidden, pool, rng):
        _exact(det, state, seat, hidden, pool, rng)
    det.trading_deck = _shuffled(det.trading_deck, rng)
    if det.game.trolls:
        _shuffle_troll_decks(det, rng)
    det.rng = np.random.Generator(np.random.PCG64(int(rng.integers(SEED_BOUND))))
    det._secrets_checked = None  # other goals were dealt: the next check looks at every seat
    return det


__all__ = ["determinize"]
