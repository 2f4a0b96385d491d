"""The table segments of the Dwar7s Fall observation (progress, gem piles, ogre cards, the
trading row and deck): the same for every seat, cached on the state (see ``observation``)."""

from __future__ import annotations

import numpy as np

from gnome_envs.dwarfs_fall.components import GEM_PILE, IDLE_ROUNDS_TO_END, ROUND_LIMIT, TRADING_ROW

ROUND_CEILING = float(ROUND_LIMIT + 1)  # the round limit (R10.5) ends every game by then
IDLE_CEILING = float(IDLE_ROUNDS_TO_END + 1)
TABLE_SEGMENTS = ("progress", "gem_piles", "ogre_cards", "trading_row", "trading_deck")


def write_table(state, obs: np.ndarray, layout, view) -> None:
    """The five table segments, when they changed since ``view`` (``observation.SeatView``) was written."""
    table = cached_table(state)
    if table is view.table:
        return
    at = layout.at
    start = at["progress"]
    last = TABLE_SEGMENTS[-1]
    if at[last] + layout.sizes[last] - start == table.size:  # the five table segments lie side by side
        obs[start:start + table.size] = table
    else:
        lo = 0
        for name in TABLE_SEGMENTS:
            hi = lo + layout.sizes[name]
            obs[at[name]:at[name] + hi - lo] = table[lo:hi]
            lo = hi
    view.table = table


# gems of a type in the pile / (pile size + 1), as float32 factors (the products round as before)
GEM_SCALE = tuple(float(x) for x in 1.0 / (np.array(GEM_PILE, dtype=np.float32) + 1))


def table_features(state) -> np.ndarray:
    """Progress (with the R10.4 stall clock), gem piles, ogre cards and trading goals (the same
    for every seat), the five table segments one after the other."""
    game = state.game
    goals = game.obs_layout.num_goals
    t = [state.round / ROUND_CEILING, float(state.end_triggered), float(state.regions.empty),
         state.idle_rounds / IDLE_CEILING, float(state.busy_round)]
    t += [g * scale for g, scale in zip(state.gem_pile, GEM_SCALE)]
    t.append(len(state.ogre_deck) / (game.num_ogre_cards + 1))
    t += [d / (copies + 1) for d, copies in zip(state.ogre_discard, game.ogre_counts)]
    row = [0.0] * (TRADING_ROW * goals)
    for slot, goal in enumerate(state.trading_row):
        if goal >= 0:
            row[slot * goals + goal] = 1.0
    t += row
    t.append(len(state.trading_deck) / (len(game.trading_goals) - TRADING_ROW + 1))
    deck = [0.0] * goals
    for goal in state.trading_deck:
        deck[goal] = 1.0
    t += deck
    return np.array(t, dtype=np.float32)


def cached_table(state) -> np.ndarray:
    """The table features, recomputed only when what they read changed."""
    # the gem piles change only with a hand's gems, the ogre deck and discards only with a hand's
    # ogre cards (each bumps that family's version); the fuzz tests check the cache (invariants)
    row = state.trading_row
    key = (state.round, state.end_triggered, state.regions.empty, state.idle_rounds, state.busy_round,
           state.gems.version, state.ogres.version, row)
    entry = state._table
    if entry is None or entry[0] != key:
        entry = state._table = (key[:-1] + (row[:],), _table_vector(state, entry))
    return entry[1]


def _table_vector(state, entry: tuple | None) -> np.ndarray:
    """``table_features`` written as its head (progress, gem piles, ogre cards: they change often)
    over the trading segments of the last vector ``entry`` holds when the trading row is the same
    (a goal leaves the deck only to fill the row)."""
    game = state.game
    t = [state.round / ROUND_CEILING, float(state.end_triggered), float(state.regions.empty),
         state.idle_rounds / IDLE_CEILING, float(state.busy_round)]
    t += [g * scale for g, scale in zip(state.gem_pile, GEM_SCALE)]
    t.append(len(state.ogre_deck) / (game.num_ogre_cards + 1))
    t += [d / (copies + 1) for d, copies in zip(state.ogre_discard, game.ogre_counts)]
    if entry is None or entry[0][-1] != state.trading_row:
        return table_features(state)
    head = len(t)
    table = entry[1].copy()
    table[:head] = t
    return table


__all__ = ["cached_table", "table_features", "write_table"]
