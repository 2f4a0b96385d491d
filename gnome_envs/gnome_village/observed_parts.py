"""The parts of a Gnome Village state's observation that the state caches: the observation
itself (built by ``observation``), tile features and gnome markers per village, a row per
seat. A cached part is replaced when what it shows changes, never edited: clones share them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from gnome_envs.gnome_village.components import CODE_FEATURES, TILE_FEATURES


def _observe(state: ObservedParts, seat: int) -> np.ndarray:
    """observation.observe, imported on first use (it imports the state module); the import
    then replaces this function, so that later calls skip it."""
    global _observe
    from gnome_envs.gnome_village.observation import observe

    _observe = observe
    return observe(state, seat)


def _lazy(name: str) -> Callable:
    """A stand-in for ``obs_parts.<name>`` (obs_parts imports the state module): its first call
    imports obs_parts and puts the real function in its place, so later calls skip the import."""

    def first_call(*args: Any) -> Any:
        from gnome_envs.gnome_village import obs_parts

        function = getattr(obs_parts, name)
        globals()["_" + name] = function
        return function(*args)

    return first_call


_village_gnome_marks = _lazy("village_gnome_marks")
_player_counts = _lazy("player_counts")
_village_tile_features = _lazy("village_tile_features")


class ObservedParts:
    """The observation of a GnomeVillageState and the accessors of its cached parts (built by
    ``obs_parts``; the state's mutations forget or update them)."""

    def observation(self, seat: int) -> np.ndarray:
        """Everything ``seat`` may see (see observation.py for the layout)."""
        return _observe(self, seat)

    def state_vector(self) -> np.ndarray:
        """Full-information vector: seat 0's view plus the tops of the hidden stacks."""
        from gnome_envs.gnome_village.observation import full_state

        return full_state(self)

    def _update_tile_features(self, p: int, cell: int, code: int) -> None:
        """Rewrite the cached tile features of ``cell`` in village ``p`` (when cached)."""
        features = self._tile_features[p]
        if features is not None:  # copy first: clones share the cached array
            features = features.copy()
            features[cell * TILE_FEATURES:(cell + 1) * TILE_FEATURES] = CODE_FEATURES[code]
            self._tile_features[p] = features

    def tile_features(self, p: int) -> np.ndarray:
        """Cached flat tile features of village ``p`` (read-only)."""
        features = self._tile_features[p]
        if features is None:
            features = self._tile_features[p] = _village_tile_features(self.grid[p])
        return features

    def gnomes_changed(self, v: int | None = None) -> None:
        """Forget the cached gnome markers of village ``v`` (None: of every village): a gnome,
        a used business or a gap there changed."""
        if v is None:
            self._gnome_marks = [None] * self.game.num_players
        else:
            self._gnome_marks[v] = None

    def gnome_marks(self, v: int) -> tuple[np.ndarray, np.ndarray]:
        """Cached village_gnomes markers of village ``v`` as seat 0 sees them (see
        obs_parts.village_gnome_marks; read-only)."""
        marks = self._gnome_marks[v]
        if marks is None:
            marks = self._gnome_marks[v] = _village_gnome_marks(self, v)
        return marks

    def player_row(self, p: int) -> list[float]:
        """Cached scaled observation features of seat ``p`` (see obs_parts.player_counts)."""
        row = self._player_rows[p]
        if row is None:
            row = self._player_rows[p] = _player_counts(self, p)
        return row


__all__ = ["ObservedParts"]
