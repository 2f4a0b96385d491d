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


HAND_PAIRS = [  # (shown, new): sorted hands of designs with three copies (3, 9, 11, 12, 17, 18, 33, 35)
    ((), (3,)),  # the first card
    ((3, 9, 9, 18), (3, 9, 9, 9, 18)),  # one more of a design held twice
    ((3, 9, 9, 18), (3, 9, 18)),  # one fewer of a design held twice
    ((3, 9, 18), (3, 9, 12, 18)),  # a new design in the middle
    ((3, 18), (9, 11, 12)),  # one card more, the sums 11 apart, but not 11 added
    ((9, 33), (3, 12, 17)),  # one card more, the sums differ by 10 (no design with three copies)
    ((11, 33), (33,)),  # one fewer: the first card played
    ((9, 12, 17), (3, 35)),  # one card fewer, not one card apart
    ((11, 11), (9, 12)),  # as many cards, not the same
    ((3, 9, 11, 12, 17), (18, 33)),  # a change of several cards
]



def test_hand_counts_written_from_the_shown_hand_equal_counts_written_afresh() -> None:
    from gnome_envs.battle_gnomes.observation_parts import float32_zeros, write_counts

    for shown, new in HAND_PAIRS:
        kept = float32_zeros(40)
        write_counts(kept, 1, (), shown)
        write_counts(kept, 1, shown, new)
        drawn = float32_zeros(40)
        write_counts(drawn, 1, (), new)
        assert kept == drawn, (shown, new)
