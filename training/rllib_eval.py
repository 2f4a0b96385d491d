"""The learning-curve evaluation of ``training.rllib_train``: a checkpoint's module against fixed opponents.

    curve_point(env_id, {"num_players": 2}, max_steps, "rllib:path=runs/x", ["random", "scripted"],
                games=20, seed=0)
    -> {"random": {"games": 20, "wins": 14.0, "win_rate": 0.7, "ci95": [...]}, "scripted": {...}}

Game ``g`` seats the module at seat ``g mod players`` and the opponent agent at every other seat,
with the env seed and per-seat generators of ``training.tournament.game_seeds(seed, g)``, so every
point of a curve plays the same games. One-player Rise of the Gnomes plays the Gnome Union alone
(one curve, ``gnome_union``). A game that reaches ``max_steps`` decisions or a designed limit
counts as no win.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import agents
from agents.base import choose_action
from gnome_envs.core.registry import make_game
from training import common
from training.tournament import game_seeds

UNION_NAME = "gnome_union"  # the one curve of a one-player game


def play_game(game: Any, policies: Sequence[Any], learner_seat: int, index: int, seed: int,
              max_steps: int | None) -> float:
    """The learner seat's win share in game ``index`` (0 for a truncated game)."""
    env_seed, rngs = game_seeds(seed, index, game.num_players)
    state = game.new_state(env_seed)
    decisions = 0
    while not state.is_terminal() and (max_steps is None or decisions < max_steps):
        seat = state.current_player
        state.apply(choose_action(policies[seat], state, rngs[seat]))
        decisions += 1
    if not state.is_terminal() or state.is_truncated():
        return 0.0
    return common.win_shares(list(state.placements()))[learner_seat]


def curve_point(env_id: str, game_options: dict[str, Any], max_steps: int | None, learner_spec: str,
                opponents: Sequence[str], games: int, seed: int) -> dict[str, dict[str, Any]]:
    """Win rate (95% Wilson interval) of ``learner_spec`` against each opponent, seats rotated."""
    game = make_game(env_id, **game_options)
    players = game.num_players
    learner = agents.make(learner_spec, env_id)
    lineups = {UNION_NAME: None} if players == 1 else {name: agents.make(name, env_id) for name in opponents}
    results = {}
    for name, opponent in lineups.items():
        wins = 0.0
        for index in range(games):
            seat = index % players
            policies = [learner if s == seat else opponent for s in range(players)]
            wins += play_game(game, policies, seat, index, seed, max_steps)
        results[name] = common.rate_summary(wins, games)
    return results
