"""Cubes and breweries moving between the owners' boards and the markets on the map.

Every move keeps the board counts (``cubes_out``, ``brews_out`` and the Gnomes' ``g_*``) and
the state's caches right. Owners are ``0..n-1`` for the players and ``n`` for the Gnomes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gnome_envs.rise_of_the_gnomes.components import (
    BREWERIES_PER_PLAYER,
    BREWERY_BOXES,
    CUBES_PER_BOX,
    CUBES_PER_PLAYER,
    GNOME_BREWERIES,
    GNOME_CUBES,
    GNOME_CUBES_PER_BOX,
)

if TYPE_CHECKING:  # state.py imports this module
    from gnome_envs.rise_of_the_gnomes.state import RiseState


# ------------------------------------------------------------------ cubes
def board_cubes(state: RiseState, owner: int) -> int:
    """Cubes still on ``owner``'s board."""
    if owner == state.n:
        return GNOME_CUBES - state.g_cubes_out
    return CUBES_PER_PLAYER - state.cubes_out[owner]


def _count_cubes(state: RiseState, owner: int, delta: int) -> None:
    if owner == state.n:
        state.g_cubes_out += delta
    else:
        state.cubes_out[owner] += delta
        state.touch_player(owner)


def add_cubes(state: RiseState, owner: int, pos: int, count: int, reveal: bool = True) -> int:
    """Move up to ``count`` cubes from ``owner``'s board onto ``pos`` (left to right);
    returns how many moved. Reveals what the new cubes make adjacent (R3.4) unless ``reveal``
    is False (a preview on a copy, ``action_effects``)."""
    count = min(count, board_cubes(state, owner))
    if count <= 0:
        return 0
    state.cubes[pos * state.owners + owner] += count
    _count_cubes(state, owner, count)
    state.touch_tile(pos)
    if not reveal:
        return count
    from gnome_envs.rise_of_the_gnomes.board import reveal_around

    reveal_around(state, pos)
    return count


def remove_cubes(state: RiseState, owner: int, pos: int, count: int) -> int:
    """Return up to ``count`` of ``owner``'s cubes on ``pos`` to its board (right to left)."""
    i = pos * state.owners + owner
    count = min(count, state.cubes[i])
    if count <= 0:
        return 0
    state.cubes[i] -= count
    _count_cubes(state, owner, -count)
    state.touch_tile(pos)
    return count


def move_cubes(state: RiseState, owner: int, src: int, dst: int, count: int, reveal: bool = True) -> int:
    """Move up to ``count`` of ``owner``'s cubes from ``src`` to ``dst``; returns how many
    (reveals around ``dst`` as ``add_cubes`` does, unless ``reveal`` is False)."""
    i = src * state.owners + owner
    count = min(count, state.cubes[i])
    if count <= 0:
        return 0
    state.cubes[i] -= count
    state.cubes[dst * state.owners + owner] += count
    state.touch_tile(src)
    state.touch_tile(dst)
    if reveal:
        from gnome_envs.rise_of_the_gnomes.board import reveal_around

        reveal_around(state, dst)
    return count


def customer_boxes_emptied(state: RiseState, owner: int) -> int:
    """Customer boxes of ``owner`` with every cube taken out."""
    if owner == state.n:
        return state.g_cubes_out // GNOME_CUBES_PER_BOX
    return state.cubes_out[owner] // CUBES_PER_BOX


# ------------------------------------------------------------------ breweries
def board_breweries(state: RiseState, owner: int) -> int:
    """Breweries still on ``owner``'s board."""
    if owner == state.n:
        return GNOME_BREWERIES - state.g_brews_out
    return BREWERIES_PER_PLAYER - state.brews_out[owner]


def place_brewery(state: RiseState, owner: int, pos: int) -> bool:
    """Take ``owner``'s next brewery from its board (top-down) onto ``pos``; returns whether
    the emptied box releases an upgrade token (R4.2)."""
    state.brews[pos * state.owners + owner] += 1
    state.touch_tile(pos)
    if owner == state.n:
        state.g_brews_out += 1
        return False
    state.touch_player(owner)
    box = state.brews_out[owner]
    state.brews_out[owner] += 1
    if BREWERY_BOXES[box].upgrade_token and not state.tokens_used[owner] >> box & 1:
        state.tokens_used[owner] |= 1 << box
        state.touch_player_static(owner)  # the released token shows in the observation
        return True
    return False


def return_brewery(state: RiseState, owner: int, pos: int) -> None:
    """Send one of ``owner``'s breweries on ``pos`` back to its board (bottom-up)."""
    state.brews[pos * state.owners + owner] -= 1
    if owner == state.n:
        state.g_brews_out -= 1
    else:
        state.brews_out[owner] -= 1
        state.touch_player(owner)
    state.touch_tile(pos)


def shift_brewery(state: RiseState, owner: int, src: int, dst: int) -> None:
    """Move one of ``owner``'s breweries from ``src`` to ``dst`` (no box changes)."""
    state.brews[src * state.owners + owner] -= 1
    state.brews[dst * state.owners + owner] += 1
    state.touch_tile(src)
    state.touch_tile(dst)
