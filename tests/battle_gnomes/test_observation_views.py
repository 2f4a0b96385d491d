"""The observation kept up to date per seat equals one drawn afresh, however stale the seat's view.

A clone starts without views, so its observation is written from zeros; the original's views
are brought up to date from whatever they showed when that seat last looked (sometimes many
steps ago, sometimes after a pickle round trip).
"""

from __future__ import annotations

import pickle

import numpy as np

from .helpers import fresh

GAMES_PER_COUNT = 3
LOOK_CHANCE = 0.4  # the chance that a seat other than the mover also looks after a step
PICKLE_EVERY = 97  # steps between pickle round trips of the state (views included)


def test_views_equal_fresh_observations() -> None:
    rng = np.random.default_rng(7)
    for n in range(2, 7):
        for game in range(GAMES_PER_COUNT):
            state = fresh(seed=100 * n + game, num_players=n)
            step = 0
            while not state.is_terminal():
                seats = [state.current_player]
                if rng.random() < LOOK_CHANCE:
                    seats.append(int(rng.integers(n)))
                for seat in seats:
                    kept, drawn = state.observation(seat), state.clone().observation(seat)
                    assert np.array_equal(kept, drawn), f"{n}p game {game} step {step} seat {seat}"
                step += 1
                if step % PICKLE_EVERY == 0:
                    state = pickle.loads(pickle.dumps(state))
                legal = state.legal_actions()
                state.apply(legal[int(rng.integers(len(legal)))])
