"""The caches of a Rise of the Gnomes state and the marks that keep them right.

Map caches (bodies of water, reaches, tiles by type, occupied tiles, face-down neighbours and
the answers of ``targets.map_query`` functions) are dropped whenever what they read changes;
they are replaced, never changed in place, so clones share them. The observation vector is
kept up to date in place: each ``touch_*`` method marks the part of it that went stale
(``observation.public_part`` rewrites it); nothing is marked while there is no vector (the
first observation builds it all). ``check_invariants`` compares every cache with a fresh build.
"""

from __future__ import annotations

import numpy as np

from gnome_envs.rise_of_the_gnomes.obs_blocks import STALE_CARDS, STALE_SPACES, STALE_TILES
from gnome_envs.rise_of_the_gnomes.observation import LAYOUTS


class CacheMarks:
    """The cache fields of a RiseState and the methods that mark them stale."""

    n: int

    def init_caches(self) -> None:
        """Every cache empty (a new state)."""
        self._bodies: list[int] | None = None  # body id per position (-1: not a sea tile)
        self._reach: dict[int, list[int]] | None = None  # board.action_neighbors per position
        self._by_type: list[list[int]] | None = None  # face-up positions per tile type
        self._occupied: dict[int, list[int]] | None = None  # targets.occupied_sources per owner
        # answers of targets.map_query functions: forgotten when a piece, the map, a boat, the
        # dragon or an ability changes (everything those queries read)
        self._memo: dict[tuple, object] | None = None
        self._hidden_near: dict[int, list[int]] | None = None  # board.hidden_next_to per position
        # the public observation vector and what went stale in it (observation.public_part)
        self._obs_public: np.ndarray | None = None
        self._obs_shared = False  # the vector is shared with a clone: copy before writing
        self._stale_parts = 0  # obs_blocks.STALE_* parts to rewrite in full
        self._dirty_tiles: tuple[int, ...] = ()  # positions whose pieces changed
        self._dirty_faces: tuple[int, ...] = ()  # positions turned face up (the face-down mix too)
        self._dirty_rows: tuple[int, ...] = ()  # seats whose amounts changed
        self._dirty_spaces: tuple[int, ...] = ()  # seats whose own board or allies spaces changed
        self._dirty_static: tuple[int, ...] = ()  # seats whose race, upgrades, abilities or allies changed
        self._obs_gnome: tuple | None = None  # the Gnome counts the vector shows
        self._obs_stacks: tuple | None = None  # the stack sizes the vector shows

    # Every change that shows in the observation marks its part of the public vector stale
    # here; nothing is marked while there is no vector (the first observation builds it all).
    def touch_tiles(self) -> None:
        """Forget the cached map features."""
        self._stale_parts |= STALE_TILES

    def touch_tile(self, pos: int) -> None:
        """Mark the cached features of map position ``pos`` stale (pieces there changed)."""
        self._occupied = None
        self._memo = None
        if self._obs_public is not None and pos not in self._dirty_tiles:
            self._dirty_tiles += (pos,)

    def touch_face(self, pos: int) -> None:
        """Forget bodies of water and reaches, and mark the face of ``pos`` stale (a reveal)."""
        self._forget_geometry()
        if self._obs_public is not None and pos not in self._dirty_faces:
            self._dirty_faces += (pos,)

    def touch_boat(self, pos: int) -> None:
        """Forget bodies of water and reaches, and mark the boat of ``pos`` stale."""
        self._forget_geometry()
        self.touch_tile(pos)

    def touch_player(self, p: int) -> None:
        """Mark seat ``p``'s cached features stale (after a change on its board or in its hand)."""
        if self._obs_public is not None and p not in self._dirty_rows:
            self._dirty_rows += (p,)

    def touch_player_static(self, p: int) -> None:
        """Mark seat ``p``'s cached race, upgrades, abilities and allies features stale too."""
        if self._obs_public is not None:
            if p not in self._dirty_static:
                self._dirty_static += (p,)
            self.touch_player(p)

    def touch_player_spaces(self, p: int) -> None:
        """Mark seat ``p``'s cached own board and allies spaces stale (a brewer went there)."""
        if self._obs_public is not None and p not in self._dirty_spaces:
            self._dirty_spaces += (p,)

    def touch_players(self) -> None:
        """Mark every seat's cached amounts and spaces stale."""
        if self._obs_public is not None:
            self._dirty_rows = self._dirty_spaces = tuple(range(self.n))

    def touch_spaces(self) -> None:
        """Forget the cached brewer-space features (action board and action cards)."""
        self._stale_parts |= STALE_SPACES

    def note_space(self, index: int, value: float) -> None:
        """Set one entry of the cached brewer-space features (the vector copied first if shared)."""
        public = self._obs_public
        if public is not None:
            if self._obs_shared:
                public = self._obs_public = public.copy()
                self._obs_shared = False
            public[LAYOUTS[self.n].at["board_spaces"] + index] = value

    def touch_cards(self) -> None:
        """Forget the cached card features (draft row, Gnome card in play, discards, hands)."""
        self._stale_parts |= STALE_CARDS

    def _forget_geometry(self) -> None:
        self._bodies = None
        self._reach = None
        self._by_type = None
        self._occupied = None
        self._memo = None
        self._hidden_near = None

    def touch_geometry(self) -> None:
        """Forget bodies of water and reaches (after a reveal or a boat change) and the map features."""
        self._forget_geometry()
        self.touch_tiles()

    def touch_all(self) -> None:
        """Forget every cache (after the state was edited directly)."""
        self._forget_geometry()
        self._obs_public = None
        self._obs_shared = False
