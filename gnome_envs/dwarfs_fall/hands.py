"""Hidden hand cards (gems and ogre cards) and what every other seat knows about them.

A hand of one card family is a flat list ``counts[p * width + t]`` (seat ``p`` holds that many
cards of type ``t``). Seats see each other's hand sizes, and every card that changes hands in
the open (a gem taken from its face-up pile, a card discarded or played face up). Some moves
are seen by a few seats only: an ogre card drawn from the face-down deck (only its taker), a
gem taken by Thief (thief and victim), the ogre cards taken by Crown (thief and victim).

``known[(o * n + p) * width + t]`` is a lower bound observer ``o`` holds on seat ``p``'s count of
type ``t``: ``p`` surely holds at least that many. The bounds are exact for what was seen in
the open and lose only what a hidden move could have changed; the rest of ``p``'s hand
(``size - sum(bounds)`` cards) is unknown to ``o``. Determinization refills exactly those
unknown cards (``State.determinize``).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np


class Hands:
    """Counts and knowledge bounds of one family of hidden cards for ``n`` seats."""

    __slots__ = ("counts", "known", "n", "seat_versions", "sizes", "version", "width")

    def __init__(self, n: int, width: int) -> None:
        self.n = n
        self.width = width
        self.counts = [0] * (n * width)
        self.known = [0] * (n * n * width)
        self.sizes = [0] * n  # cards per seat (kept equal to the sums of ``counts``)
        self.version = 0  # bumped by every change (keys observation caches)
        self.seat_versions = [0] * n  # per seat: bumped when its cards or what others know of them change

    def copy(self) -> Hands:
        """An independent copy."""
        other = object.__new__(Hands)
        other.n, other.width = self.n, self.width
        other.counts = self.counts[:]
        other.known = self.known[:]
        other.sizes = self.sizes[:]
        other.version = self.version
        other.seat_versions = self.seat_versions[:]
        return other

    def __repr__(self) -> str:
        return f"Hands({self.counts!r}, {self.known!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hands) and (self.counts, self.known) == (other.counts, other.known)

    def set_counts(self, p: int, counts: list[int]) -> None:
        """Replace seat ``p``'s counts (determinization); the caller keeps the bounds valid."""
        w = self.width
        self.counts[p * w:(p + 1) * w] = counts
        self.sizes[p] = sum(counts)
        self.version += 1
        self.seat_versions[p] += 1

    # ------------------------------------------------------------------ reading
    def of(self, p: int) -> list[int]:
        """Seat ``p``'s counts per type."""
        w = self.width
        return self.counts[p * w:(p + 1) * w]

    def count(self, p: int, t: int) -> int:
        """Cards of type ``t`` seat ``p`` holds."""
        return self.counts[p * self.width + t]

    def size(self, p: int) -> int:
        """Cards seat ``p`` holds."""
        return self.sizes[p]

    def bounds(self, observer: int, p: int) -> list[int]:
        """What ``observer`` knows about seat ``p``'s hand: exact for itself, lower bounds otherwise."""
        if observer == p:
            return self.of(p)
        w = self.width
        start = (observer * self.n + p) * w
        return self.known[start:start + w]

    def unknown(self, observer: int, p: int) -> int:
        """Cards of seat ``p`` whose type ``observer`` does not know."""
        return self.size(p) - sum(self.bounds(observer, p))

    # ------------------------------------------------------------------ changes
    def gain(self, p: int, t: int, k: int, seen_by: Iterable[int] | None = None) -> None:
        """Seat ``p`` takes ``k`` cards of type ``t``; ``seen_by`` None means every seat saw it."""
        w, n = self.width, self.n
        self.counts[p * w + t] += k
        self.sizes[p] += k
        self.version += 1
        self.seat_versions[p] += 1
        watchers = range(n) if seen_by is None else seen_by
        for o in watchers:
            if o != p:
                self.known[(o * n + p) * w + t] += k

    def lose(self, p: int, t: int, k: int, seen_by: Iterable[int] | None = None) -> None:
        """Seat ``p`` gives up ``k`` cards of type ``t``; seats that did not see which lose bounds."""
        w, n = self.width, self.n
        self.counts[p * w + t] -= k
        self.sizes[p] -= k
        self.version += 1
        self.seat_versions[p] += 1
        watchers = set(range(n)) if seen_by is None else set(seen_by)
        for o in range(n):
            if o == p:
                continue
            base = (o * n + p) * w
            if o in watchers:
                self.known[base + t] = max(0, self.known[base + t] - k)
            else:  # any of the bounded cards might have been the one taken
                for s in range(w):
                    self.known[base + s] = max(0, self.known[base + s] - k)

    def take_all(self, thief: int, victim: int) -> None:
        """``thief`` takes every card of ``victim`` (Crown); both see them, others see only sizes."""
        w, n = self.width, self.n
        taken = self.of(victim)
        for o in range(n):
            to_thief = (o * n + thief) * w
            if o == victim:
                add = taken
            elif o == thief:
                continue
            else:
                add = self.known[(o * n + victim) * w:(o * n + victim + 1) * w]
            for t in range(w):
                self.known[to_thief + t] += add[t]
        for o in range(n):
            base = (o * n + victim) * w
            self.known[base:base + w] = [0] * w
        for t in range(w):
            self.counts[thief * w + t] += taken[t]
            self.counts[victim * w + t] = 0
        self.sizes[thief] += self.sizes[victim]
        self.sizes[victim] = 0
        self.version += 1
        self.seat_versions[thief] += 1
        self.seat_versions[victim] += 1

    def problems(self) -> list[str]:
        """Broken structure: negative counts or a bound above the true count."""
        out = []
        w = self.width
        if self.sizes != [sum(self.counts[p * w:(p + 1) * w]) for p in range(self.n)]:
            out.append(f"stale hand sizes {self.sizes}")
        if min(self.counts, default=0) < 0:
            out.append(f"negative hand counts {self.counts}")
        n = self.n
        known = np.array(self.known).reshape(n, n, w)  # [observer, seat, type]
        broken = ((known > np.array(self.counts).reshape(1, n, w)) | (known < 0)).any(axis=2)
        np.fill_diagonal(broken, False)  # a seat's own entries are not bounds
        for o, p in zip(*map(np.ndarray.tolist, np.nonzero(broken))):
            out.append(f"seat {o}'s bounds {self.bounds(o, p)} on seat {p} exceed its hand {self.of(p)}")
        return out


__all__ = ["Hands"]
