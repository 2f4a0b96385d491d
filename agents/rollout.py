"""Rollout search: the scripted opponent improved by Monte Carlo rollouts of itself.

One step of policy improvement (Tesauro & Galperin 1996, "On-line policy improvement using
Monte-Carlo search"), under hidden information. At a decision with more than one legal action:

1. the scripted opponent ranks the legal actions (``ranked``); the first ``candidates`` are
   searched (the scripted choice always among them);
2. each round draws one determinization of what the seat cannot see
   (``state.determinize(seat, rng)``) and one rollout seed, then plays every candidate on its
   own clone of that determinization and continues with the scripted opponent for every seat
   until the game ends (or ``max_rollout`` decisions, then the score heuristic). All candidates
   of a round meet the same hidden cards and the same rollout draws (common random numbers),
   so their difference is measured with far less noise than their values;
3. after the budget (``seconds`` of wall clock, or ``rounds``), the candidate with the best mean
   value is played; ties go to the scripted ranking.

A round's value for the searching seat mixes its win share with its score lead, both in [0, 1]
(``agents.mcts.heuristic_values``: rank among the rivals and a tanh of the lead over each), so
that rollouts that all lose still say by how much.

Agent spec: ``rollout[:candidates=3][:seconds=0.45][:rounds=N][:max_rollout=1000]``.
Without ``seconds`` the search runs exactly ``rounds`` rounds (default 16) and is deterministic
given the ``rng`` passed to ``act``; with ``seconds``, ``rounds`` is a cap (none by default).
"""

from __future__ import annotations

import time

import numpy as np

from agents import make as make_agent
from agents import register_agent
from agents.base import Policy
from agents.mcts import heuristic_values, terminal_values
from agents.params import check_int, check_number
from gnome_envs.core.engine import State
from gnome_envs.core.errors import ConfigError, GameOverError
from gnome_envs.core.registry import get_spec

DEFAULT_CANDIDATES = 3
DEFAULT_ROUNDS = 16  # rounds without a time budget
DEFAULT_MAX_ROLLOUT = 1000  # decisions per rollout before the score heuristic decides
UNLIMITED_ROUNDS = 10**9
SEED_BOUND = 2**63
AGENT = "rollout"
WIN_WEIGHT = 0.5  # a finished rollout's value: this much win share, the rest score lead


def rollout_value(state: State, seat: int) -> float:
    """Value in [0, 1] of a rollout's last position for ``seat``: win share and score lead."""
    lead = float(heuristic_values(state)[seat])
    if not state.is_terminal():
        return lead
    return WIN_WEIGHT * float(terminal_values(state)[seat]) + (1.0 - WIN_WEIGHT) * lead


class RolloutAgent:
    """The scripted opponent's best few actions, compared by paired scripted rollouts."""

    name = "rollout"
    needs_state = True

    def __init__(self, env_id: str, candidates: int = DEFAULT_CANDIDATES, seconds: float | None = None,
                 rounds: int | None = None, max_rollout: int = DEFAULT_MAX_ROLLOUT) -> None:
        get_spec(env_id)
        self.env_id = env_id
        self.candidates = check_int(AGENT, "candidates", candidates, 1)
        self.seconds = None if seconds is None else check_number(AGENT, "seconds", seconds, positive=True)
        if rounds is None:
            rounds = DEFAULT_ROUNDS if self.seconds is None else UNLIMITED_ROUNDS
        self.rounds = check_int(AGENT, "rounds", rounds, 1)
        self.max_rollout = check_int(AGENT, "max_rollout", max_rollout, 0)
        self._scripted: Policy = make_agent("scripted", env_id)
        if not hasattr(self._scripted, "ranked"):
            raise ConfigError(f"the scripted opponent of {env_id} cannot rank its actions")
        self.last_rounds = 0  # rounds run for the latest searched decision

    def act(self, state: State, seat: int, rng: np.random.Generator) -> int:
        """The candidate with the best mean rollout value (see the module docstring)."""
        ranked = self._scripted.ranked(state, seat)
        if not ranked:
            raise GameOverError(f"rollout was asked to act for seat {seat} in a finished game")
        shortlist = ranked[: self.candidates]
        if len(shortlist) == 1:
            self.last_rounds = 0
            return int(shortlist[0])
        totals, counts = np.zeros(len(shortlist)), np.zeros(len(shortlist))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while done < self.rounds and (deadline is None or done == 0 or time.perf_counter() < deadline):
            det = state.determinize(seat, rng)
            seed = int(rng.integers(SEED_BOUND))
            mask = det.legal_action_mask()
            for i, action in enumerate(shortlist):
                if mask[action]:  # an action the hidden cards drawn here rule out is not rolled out
                    totals[i] += self._rollout(det.clone(), seat, action, seed)
                    counts[i] += 1
            done += 1
        self.last_rounds = done
        means = np.where(counts > 0, totals / np.maximum(counts, 1), -np.inf)
        return int(shortlist[int(np.argmax(means))])  # argmax keeps the first of equal means

    def _rollout(self, det: State, seat: int, action: int, seed: int) -> float:
        """Play ``action``, then the scripted opponent for everyone; the value for ``seat``."""
        det.apply(action)
        rng = np.random.default_rng(seed)
        for _ in range(self.max_rollout):
            if det.is_terminal():
                break
            det.apply(int(self._scripted.act(det, det.current_player, rng)))
        return rollout_value(det, seat)

    def __repr__(self) -> str:
        budget = f"seconds={self.seconds}" if self.seconds is not None else f"rounds={self.rounds}"
        return f"RolloutAgent({self.env_id}, candidates={self.candidates}, {budget}, max_rollout={self.max_rollout})"


def make_rollout(env_id: str, candidates: int = DEFAULT_CANDIDATES, seconds: float | None = None,
                 rounds: int | None = None, max_rollout: int = DEFAULT_MAX_ROLLOUT) -> RolloutAgent:
    """Agent factory for the ``rollout`` spec (parameters as in the module docstring)."""
    return RolloutAgent(env_id, candidates=candidates, seconds=seconds, rounds=rounds, max_rollout=max_rollout)


register_agent("rollout", make_rollout)

__all__ = ["RolloutAgent", "make_rollout", "rollout_value"]
