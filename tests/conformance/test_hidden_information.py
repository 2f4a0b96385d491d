"""Hidden information: determinizations keep what a seat knows and reveal nothing else.

``State.determinize(seat, rng)`` must leave the seat's own observation, the current player and
the deciding seat's mask unchanged and give a playable game; it must depend only on the seat's
information set; and ``render_text()`` / ``render_text(seat)`` must not show what the public /
that seat cannot know.
"""

from __future__ import annotations

import numpy as np

from gnome_envs.core.engine import State

from .helpers import DETERMINIZE_RNGS, HIDDEN_EVERY, HIDDEN_GAMES, check_final_state

# ============================================================================ hidden information


def test_determinize_keeps_what_the_seat_knows(case):
    n = case.num_players
    for seed in case.seeds("hidden", HIDDEN_GAMES):
        rng = np.random.default_rng(seed)
        state = case.new_state(seed)
        played_one = [False]

        def probe(state: State, step: int, seed=seed, rng=rng, played_one=played_one) -> bool:
            if step % HIDDEN_EVERY:
                return False
            before = case.snapshot(state)
            observations = before[2]
            for seat in range(n):
                for k in range(DETERMINIZE_RNGS):
                    det_seed = int(rng.integers(2**31))
                    context = f"{case.where(seed, step, seat=seat, determinize_seed=det_seed)}"
                    det = state.determinize(seat, np.random.default_rng(det_seed))
                    assert det is not state
                    seen = det.observation(seat)
                    diff = np.flatnonzero(seen != observations[seat])
                    assert diff.size == 0, (
                        f"{context}: determinize changed the seat's own observation at "
                        f"{[case.segment_at(i) for i in diff[:8]]}"
                    )
                    assert det.current_player == state.current_player, f"{context}: current_player changed"
                    if seat == state.current_player:
                        assert np.array_equal(det.legal_action_mask(), before[1]), (
                            f"{context}: the deciding seat's mask differs in its determinization"
                        )
                    det.check_invariants()
                    if not played_one[0] and k == 0 and seat == n - 1:
                        # a determinization is a playable game of its own
                        played_one[0] = True
                        case.play(det, np.random.default_rng(det_seed), det_seed, start_step=step,
                                  after=lambda s, _step: s.check_invariants())
                        check_final_state(case, det, f"{context} (determinization played out)")
                case.assert_unchanged(state, before, f"{case.where(seed, step, seat=seat)}: determinize")
            return False

        case.play(state, rng, seed, stop=probe)
        assert played_one[0]


def test_determinize_depends_only_on_what_the_seat_knows(case):
    """Two states a seat cannot tell apart determinize identically under the same rng: the
    resample is a function of the seat's information set, so a policy that knows its own rng
    learns nothing from the sample about how the hidden cards really lie."""
    n = case.num_players
    for seed in case.seeds("information-set", 1):
        rng = np.random.default_rng(seed)
        state = case.new_state(seed)
        resampled = [False] * n  # per seat: some determinization differed from the true state

        def probe(state: State, step: int, seed=seed, rng=rng, resampled=resampled) -> bool:
            if step % HIDDEN_EVERY:
                return False
            for seat in range(n):
                first, second = (state.determinize(seat, np.random.default_rng(int(rng.integers(2**31))))
                                 for _ in range(2))
                truth = state.state_hash()
                resampled[seat] = resampled[seat] or first.state_hash() != truth or second.state_hash() != truth
                assert np.array_equal(first.observation(seat), second.observation(seat))
                again = int(rng.integers(2**31))
                a = first.determinize(seat, np.random.default_rng(again))
                b = second.determinize(seat, np.random.default_rng(again))
                assert a.state_hash() == b.state_hash(), (
                    f"{case.where(seed, step, seat=seat, determinize_seed=again)}: the same rng "
                    "resampled two indistinguishable states differently"
                )
            return False

        case.play(state, rng, seed, stop=probe)
        # every game hides something from every seat (decks, other hands, secret goals): a
        # determinization that resamples nothing would pass the check above trivially
        assert all(resampled), f"{case.where(seed, 0)}: no determinization of seats {resampled} resampled anything"


def test_render_text_shows_only_what_the_seat_knows(case):
    """``render_text()`` is the same for every determinization (nothing hidden in it) and
    ``render_text(seat)`` is the same for every determinization by that seat."""
    n = case.num_players
    for seed in case.seeds("render-hidden", 1):
        rng = np.random.default_rng(seed)
        state = case.new_state(seed)

        def probe(state: State, step: int, seed=seed, rng=rng) -> bool:
            if step % HIDDEN_EVERY:
                return False
            public = state.render_text()
            for seat in range(n):
                det = state.determinize(seat, np.random.default_rng(int(rng.integers(2**31))))
                where = case.where(seed, step, seat=seat)
                assert det.render_text() == public, f"{where}: render_text() shows hidden information"
                assert det.render_text(seat) == state.render_text(seat), (
                    f"{where}: render_text({seat}) shows what seat {seat} cannot know"
                )
            return False

        case.play(state, rng, seed, stop=probe)
