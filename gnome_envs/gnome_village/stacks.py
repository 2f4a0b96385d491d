"""The face-down stacks of Gnome Village (forest deck, road stack, business stack with the
display) and the cached observation features of their contents, recounted draw by draw."""

from __future__ import annotations

import numpy as np

FOREST_PART, ROAD_PART, BUSINESS_PART = 0, 1, 2  # the parts of the cached stack features
NO_TILE = -1  # an empty display slot


class FaceDownStacks:
    """Draws from the stacks of a GnomeVillageState (its ``forest_deck``, ``road_stack``,
    ``business_stack``, ``display`` and ``_stack_features``); everything random comes from
    ``self.rng``."""

    def draw_forest_card(self) -> int:
        """Top forest card to the discard pile (the discards are reshuffled when the deck is out)."""
        if not self.forest_deck:
            self.forest_deck, self.forest_discard = self.forest_discard, []
            self.rng.shuffle(self.forest_deck)
            self._drop_stack_part(FOREST_PART)
        card_id = self.forest_deck.pop()
        self.forest_discard.append(card_id)
        self.revealed = card_id
        self._recount_stack_part(FOREST_PART, card_id)
        return card_id

    def draw_road(self) -> int:
        """Shape of the top road tile of the stack."""
        shape = self.road_stack.pop()
        self._recount_stack_part(ROAD_PART, shape)
        return shape

    def return_road(self, shape: int) -> None:
        """Put a road tile under the stack."""
        self.road_stack.insert(0, shape)
        self._recount_stack_part(ROAD_PART, shape)

    def draw_business(self) -> int:
        """Top face-down business tile."""
        tile_id = self.business_stack.pop()
        self._recount_stack_part(BUSINESS_PART, tile_id)
        return tile_id

    def take_display(self, slot: int) -> int:
        """Take the face-up business in ``slot`` and refill the slot from the stack."""
        tile_id = self.display[slot]
        drawn = self.business_stack.pop() if self.business_stack else NO_TILE
        self.display[slot] = drawn
        self._recount_stack_part(BUSINESS_PART, drawn, slot, tile_id)
        return tile_id

    def _drop_stack_part(self, part: int) -> None:
        """Forget the cached features of one stack part (the tuple is shared by clones: replaced)."""
        parts = self._stack_features
        if parts is not None:
            self._stack_features = (*parts[:part], None, *parts[part + 1:])

    def _recount_stack_part(self, part: int, *change: int) -> None:
        """Bring the cached features of one stack part up to date after ``change`` (see
        obs_parts.STACK_RECOUNTS); the tuple and the arrays are shared by clones: replaced."""
        parts = self._stack_features
        if parts is not None and parts[part] is not None:
            from gnome_envs.gnome_village.obs_parts import STACK_RECOUNTS

            features = STACK_RECOUNTS[part](self, parts[part], *change)
            self._stack_features = (*parts[:part], features, *parts[part + 1:])

    def stack_features(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Cached observation features of the forest deck, the road stack, and the business
        stack with the display (contents, never order), rebuilt part by part."""
        parts = self._stack_features
        if parts is None or parts[0] is None or parts[1] is None or parts[2] is None:
            from gnome_envs.gnome_village.obs_parts import STACK_PARTS

            parts = parts or (None, None, None)
            parts = self._stack_features = tuple(
                STACK_PARTS[i](self) if part is None else part for i, part in enumerate(parts))
        return parts


__all__ = ["BUSINESS_PART", "FOREST_PART", "NO_TILE", "ROAD_PART", "FaceDownStacks"]
