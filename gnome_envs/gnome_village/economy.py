"""Coins, product tokens and the Happy Gnome: moves between the seats, the bank and the supply.

Each mutation updates (coins, products) or forgets (the Happy Gnome) the cached observation
rows of the seats it touches.
"""

from __future__ import annotations

from gnome_envs.gnome_village.obs_parts import refresh_coins, refresh_product
from gnome_envs.gnome_village.state import NO_SEAT, GnomeVillageState


def pay_bank(state: GnomeVillageState, p: int, amount: int) -> None:
    """Seat ``p`` pays ``amount`` coins to the bank (counts toward the advisor's check)."""
    state.coins[p] -= amount
    state.bank += amount
    refresh_coins(state, p)
    if p == state.turn_player:
        state.spent_this_turn += amount


def receive(state: GnomeVillageState, p: int, amount: int) -> int:
    """Seat ``p`` takes up to ``amount`` coins from the bank (R1.2); returns what was paid.

    The bank emptying triggers the end of the game (R12.4, the stall rule of O10)."""
    paid = min(amount, state.bank)
    state.bank -= paid
    state.coins[p] += paid
    refresh_coins(state, p)
    if state.bank == 0 and paid > 0 and not state.bank_ran_dry:
        state.bank_ran_dry = True
        state.end_triggered = True
    return paid


def transfer(state: GnomeVillageState, payer: int, payee: int, amount: int) -> int:
    """Move up to ``amount`` coins between seats; returns what moved."""
    moved = min(amount, state.coins[payer])
    state.coins[payer] -= moved
    state.coins[payee] += moved
    refresh_coins(state, payer)
    refresh_coins(state, payee)
    return moved


def give_product(state: GnomeVillageState, p: int, kind: int) -> bool:
    """Seat ``p`` takes a product token of ``kind`` from the supply if one is left."""
    if state.product_supply[kind] == 0:
        return False
    state.product_supply[kind] -= 1
    state.products[p][kind] += 1
    refresh_product(state, p, kind)
    return True


def spend_product(state: GnomeVillageState, p: int, kind: int) -> None:
    """Seat ``p`` returns a product token of ``kind`` to the supply."""
    state.products[p][kind] -= 1
    state.product_supply[kind] += 1
    refresh_product(state, p, kind)


def update_happy_gnome(state: GnomeVillageState) -> None:
    """R9.3: the Happy Gnome goes to a strict hat leader; ties keep it; none returns it."""
    hats = [state.hat_count(p) for p in range(state.game.num_players)]
    best = max(hats)
    leaders = [p for p, h in enumerate(hats) if h == best]
    holder = state.happy
    if best > 0 and len(leaders) == 1:
        holder = leaders[0]
    elif holder != NO_SEAT and hats[holder] == 0:
        holder = NO_SEAT
    if holder != state.happy:
        state.happy = holder
        state._player_rows = [None] * state.game.num_players
