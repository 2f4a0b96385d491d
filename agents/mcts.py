"""Information-set Monte Carlo tree search for every gnome_envs game.

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012, "Information Set Monte Carlo Tree
Search"), built only on the public :class:`~gnome_envs.core.engine.State` API. The searching
seat is handed ``state.determinize(seat, rng)`` by :func:`agents.base.choose_action`; it never
sees more. One tree is grown over the seat's information set; each iteration

1. **determinizes**: ``view.determinize(seat, rng)`` resamples everything the seat cannot see
   (other hands, deck orders, the engine's own chance generator) with the policy's ``rng``;
2. **selects**: from the root, while every legal action of the determinization has a child,
   picks the child maximising ``mean + c * sqrt(ln(availability) / visits)`` among the children
   legal *in this determinization*; each of them has its availability count raised by one;
3. **expands** one untried legal action (drawn uniformly with ``rng``);
4. **rolls out** up to ``max_rollout`` decisions with the ``rollout`` policy, then evaluates;
5. **backpropagates** a per-seat value vector: each node adds the value of the seat that chose
   the action leading to it. Children are keyed by ``(seat to move, action)``, so out-of-turn
   decisions (reactions) and decisions whose chooser depends on hidden cards are kept apart.

Values lie in [0, 1]. A finished game pays each seat its win share: ``1 / k`` to each of the
``k`` seats placed first, ``0`` to the others (``max(returns(), 0)``; when an automated rival
such as the Gnome Union wins, every seat gets 0). A rollout stopped by ``max_rollout`` is scored
from ``scores()``, whose entries past ``num_players`` are automated rivals: for seat ``s`` with
score ``x_s`` and rivals ``R`` (every other entry)

    rank_s   = (#{j in R: x_j < x_s} + 0.5 * #{j in R: x_j == x_s}) / |R|
    margin_s = mean_{j in R} (0.5 + 0.5 * tanh((x_s - x_j) / (MARGIN_FRACTION * score_scale)))
    value_s  = (rank_s + margin_s) / 2

with ``score_scale`` the game's typical final score (``Game.score_scale``) and MARGIN_FRACTION
0.25. The margin is averaged over rivals (not taken against the leader only) so that it stays
informative when one rival, such as the Gnome Union, is far ahead. A lone seat with no rival
uses ``rank_s = 0.5`` and its own score as the margin.

The move played is the most-visited root action (ties: higher mean value, then lower index).
A decision with a single legal action is answered at once without searching.

Parameters (agent spec ``mcts:iterations=200:rollout=scripted:c=0.7:max_rollout=60``):

* ``iterations`` (default 200): iterations per decision. With ``seconds`` it becomes a cap
  and, when not given, no cap applies.
* ``seconds`` (default none): wall-clock budget per decision. Search then stops when the time
  is spent, so the number of iterations, and hence the move, depends on machine speed: a fixed
  ``rng`` no longer guarantees the same move. Without ``seconds`` the search is deterministic
  given the ``rng`` passed to ``act``.
* ``c`` (default 0.7): UCB exploration constant (values are in [0, 1]).
* ``rollout`` (default ``random``): ``random`` (uniform over the legal mask) or ``scripted``
  (the env's scripted opponent for every seat; 2-25x slower per rollout decision).
* ``max_rollout`` (default 24): rollout decisions before the heuristic evaluation; 0
  evaluates the expanded node directly.

The defaults take roughly 0.1-0.2 s of CPU per searched decision on one core (measured at 2
players: about 0.09 s in battle_gnomes_v1, 0.16 s in gnome_village_v1 and dwarfs_fall_v6, 0.2 s
in rise_of_the_gnomes_v1), so a game costs about 10-30 s of search for the seat that uses it.
"""

from __future__ import annotations

import math
import time

import numpy as np

from agents import make as make_agent
from agents import register_agent
from agents.base import Policy
from agents.params import check_int, check_number
from gnome_envs.core.engine import State
from gnome_envs.core.errors import ConfigError, GameOverError, InvariantError
from gnome_envs.core.registry import get_spec

DEFAULT_ITERATIONS = 200
DEFAULT_C = 0.7
DEFAULT_ROLLOUT = "random"
DEFAULT_MAX_ROLLOUT = 24
ROLLOUT_POLICIES = ("random", "scripted")
MARGIN_FRACTION = 0.25  # the score lead worth tanh(1) in the heuristic, as a share of score_scale
NO_RIVAL_RANK = 0.5
AGENT = "mcts"
UNLIMITED_ITERATIONS = 10**9  # cap when only a time budget is given


class Node:
    """One edge of the tree: statistics of the seat that chose the action leading here."""

    __slots__ = ("avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[tuple[int, int], Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1

    def mean(self) -> float:
        """Average value for ``seat`` (0 before the first visit)."""
        return self.total / self.visits if self.visits else 0.0


# ---------------------------------------------------------------------------- evaluation
def terminal_values(state: State) -> np.ndarray:
    """Win share per seat of a finished game: 1/k for each of k winners, else 0."""
    return np.maximum(state.returns()[: state.game.num_players], 0.0)


def heuristic_values(state: State) -> np.ndarray:
    """Per-seat value in [0, 1] from score ranks and leads (see the module docstring)."""
    n = state.game.num_players
    scores = np.asarray(state.scores(), dtype=np.float64)
    scale = MARGIN_FRACTION * (state.game.score_scale if state.game.score_scale > 0 else 1.0)
    values = np.empty(n)
    for seat in range(n):
        rivals = np.delete(scores, seat)
        mine = scores[seat]
        if rivals.size == 0:
            rank, margin = NO_RIVAL_RANK, 0.5 + 0.5 * math.tanh(mine / scale)
        else:
            rank = (np.count_nonzero(rivals < mine) + 0.5 * np.count_nonzero(rivals == mine)) / rivals.size
            margin = float(np.mean(0.5 + 0.5 * np.tanh((mine - rivals) / scale)))
        values[seat] = 0.5 * (rank + margin)
    return values


def evaluate(state: State) -> np.ndarray:
    """Per-seat value of ``state``: the win share when finished, else the score heuristic."""
    return terminal_values(state) if state.is_terminal() else heuristic_values(state)


# ---------------------------------------------------------------------------- parameters
class MCTSAgent:
    """Single-observer information-set MCTS (see the module docstring)."""

    name = "mcts"
    needs_state = True

    def __init__(self, env_id: str, iterations: int | None = None, seconds: float | None = None,
                 c: float = DEFAULT_C, rollout: str = DEFAULT_ROLLOUT,
                 max_rollout: int = DEFAULT_MAX_ROLLOUT) -> None:
        get_spec(env_id)
        self.env_id = env_id
        self.seconds = None if seconds is None else check_number(AGENT, "seconds", seconds, positive=True)
        if iterations is None:
            iterations = DEFAULT_ITERATIONS if self.seconds is None else UNLIMITED_ITERATIONS
        self.iterations = check_int(AGENT, "iterations", iterations, 1)
        self.c = check_number(AGENT, "c", c, positive=False)
        if rollout not in ROLLOUT_POLICIES:
            raise ConfigError(f"mcts parameter rollout must be one of {ROLLOUT_POLICIES}, got {rollout!r}")
        self.rollout = rollout
        self.max_rollout = check_int(AGENT, "max_rollout", max_rollout, 0)
        self._scripted: Policy | None = make_agent("scripted", env_id) if rollout == "scripted" else None
        self.last_iterations = 0  # iterations run for the latest searched decision

    # ------------------------------------------------------------------ public
    def act(self, state: State, seat: int, rng: np.random.Generator) -> int:
        """The most-visited root action after searching from ``seat``'s information set."""
        legal = np.flatnonzero(state.legal_action_mask())
        if legal.size == 0:
            raise GameOverError(f"mcts was asked to act for seat {seat} in a finished game")
        if legal.size == 1:
            self.last_iterations = 0
            return int(legal[0])
        root = Node(seat)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while done < self.iterations:
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            self._iterate(root, state.determinize(seat, rng), rng)
            done += 1
        self.last_iterations = done
        return self._best_root_action(root, seat, legal)

    # ------------------------------------------------------------------ search
    def _iterate(self, root: Node, det: State, rng: np.random.Generator) -> None:
        """One select / expand / roll out / backpropagate pass on determinization ``det``."""
        node, path = root, []
        while not det.is_terminal():
            player = det.current_player
            legal = np.flatnonzero(det.legal_action_mask())
            untried = [int(a) for a in legal if (player, int(a)) not in node.children]
            if untried:
                action = untried[int(rng.integers(len(untried)))]
                child = node.children[(player, action)] = Node(player)
                det.apply(action)
                path.append(child)
                break
            action, node = self._select(node, player, legal)
            det.apply(action)
            path.append(node)
        values = self._rollout(det, rng)
        for visited in path:
            visited.visits += 1
            visited.total += float(values[visited.seat])

    def _select(self, node: Node, player: int, legal: np.ndarray) -> tuple[int, Node]:
        """UCB choice among the children legal in this determinization (raises availability)."""
        best_action, best_child, best_score = -1, None, -math.inf
        for a in legal:
            child = node.children[(player, int(a))]
            child.avail += 1
            score = child.mean() + self.c * math.sqrt(math.log(child.avail) / max(child.visits, 1))
            if score > best_score:
                best_action, best_child, best_score = int(a), child, score
        if best_child is None:
            raise InvariantError("mcts selection found no legal child")
        return best_action, best_child

    def _rollout(self, det: State, rng: np.random.Generator) -> np.ndarray:
        """Play up to ``max_rollout`` decisions with the rollout policy, then evaluate."""
        if self._scripted is not None:
            for _ in range(self.max_rollout):
                if det.is_terminal():
                    break
                det.apply(int(self._scripted.act(det, det.current_player, rng)))
            return evaluate(det)
        draws = rng.random(self.max_rollout)
        for u in draws:
            if det.is_terminal():
                break
            legal = np.flatnonzero(det.legal_action_mask())
            det.apply(int(legal[int(u * legal.size)]))
        return evaluate(det)

    @staticmethod
    def _best_root_action(root: Node, seat: int, legal: np.ndarray) -> int:
        """Most-visited legal root action; ties go to the higher mean, then the lower index."""
        best, best_key = int(legal[0]), (-1, -math.inf)
        for a in legal:
            child = root.children.get((seat, int(a)))
            key = (child.visits, child.mean()) if child is not None else (0, -math.inf)
            if key > best_key:
                best, best_key = int(a), key
        return best

    def __repr__(self) -> str:
        budget = f"seconds={self.seconds}" if self.seconds is not None else f"iterations={self.iterations}"
        return (f"MCTSAgent({self.env_id}, {budget}, c={self.c}, rollout={self.rollout}, "
                f"max_rollout={self.max_rollout})")


def make_mcts(env_id: str, iterations: int | None = None, seconds: float | None = None,
              c: float = DEFAULT_C, rollout: str = DEFAULT_ROLLOUT,
              max_rollout: int = DEFAULT_MAX_ROLLOUT) -> MCTSAgent:
    """Agent factory for the ``mcts`` spec (parameters as in the module docstring)."""
    return MCTSAgent(env_id, iterations=iterations, seconds=seconds, c=c, rollout=rollout,
                     max_rollout=max_rollout)


register_agent("mcts", make_mcts)
