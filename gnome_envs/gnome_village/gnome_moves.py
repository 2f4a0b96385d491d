"""Where the gnomes stand: queries over the flat gnome lists and the moves between cells.

Gnomes are indexed ``seat * gnomes_per_colour + k`` (see the ``state`` module docstring for
the statuses); every move forgets the owner's cached observation row.
"""

from __future__ import annotations

from gnome_envs.gnome_village.state import (
    NO_SEAT,
    NOT_PLACED,
    GnomeStatus,
    GnomeVillageState,
)


def placed_gnomes(state: GnomeVillageState, p: int) -> int:
    """Gnomes of seat ``p`` taken from the supply."""
    start = p * state.gnomes_per_colour
    return state.gnomes_per_colour - state.g_village[start:start + state.gnomes_per_colour].count(NOT_PLACED)


def gnomes_at(state: GnomeVillageState, v: int, cell: int) -> list[int]:
    """Flat indices of every gnome standing on ``cell`` of village ``v``."""
    return [i for i, (gv, gc) in enumerate(zip(state.g_village, state.g_cell)) if gv == v and gc == cell]


def gnome_of_at(state: GnomeVillageState, p: int, v: int, cell: int) -> int:
    """Seat ``p``'s gnome on ``cell`` of village ``v`` (-1 if none)."""
    for i in state.gnome_range(p):
        if state.g_village[i] == v and state.g_cell[i] == cell:
            return i
    return -1


def protected(state: GnomeVillageState, p: int) -> bool:
    """Whether one of seat ``p``'s gnomes guards a Military tile."""
    start = p * state.gnomes_per_colour
    return True in state.g_guard[start:start + state.gnomes_per_colour]


def relocate(state: GnomeVillageState, gnome: int, v: int, cell: int, status: GnomeStatus) -> None:
    """Put ``gnome`` on ``cell`` of village ``v``; moving ends any Military guard."""
    left = state.g_village[gnome]
    if left == NOT_PLACED or state.g_guard[gnome]:
        # the owner's placed gnomes or its protection change (its cached row shows nothing
        # else about its gnomes)
        state._player_rows[gnome // state.gnomes_per_colour] = None
    if left != v and left != NOT_PLACED:
        state.gnomes_changed(left)
    state.g_village[gnome] = v
    state.g_cell[gnome] = cell
    state.g_status[gnome] = int(status)
    state.g_guard[gnome] = False
    state.g_airport[gnome] = -1
    state.g_captor[gnome] = NO_SEAT
    state.gnomes_changed(v)


def send_home(state: GnomeVillageState, gnome: int) -> None:
    """Return ``gnome`` to its own house."""
    relocate(state, gnome, state.owner(gnome), state.g_home[gnome], GnomeStatus.FREE)


def set_guard(state: GnomeVillageState, gnome: int) -> None:
    """``gnome`` guards its player's village (Military)."""
    state.g_guard[gnome] = True
    state._player_rows[state.owner(gnome)] = None
    state.gnomes_changed(state.g_village[gnome])
