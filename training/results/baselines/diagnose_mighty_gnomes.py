"""Checks of the Mighty Gnomes 2p training signal (no training); writes JSON to stdout.

    python training/results/baselines/diagnose_mighty_gnomes.py \
        > training/results/baselines/diagnosis-mighty_gnomes_v1-2p.json

* terminal_reward: win_loss reward of SingleAgentEnv against each outcome, learner at seat 0
  and 1, random and scripted opponents, and how many games an opponent's move ended;
* score_reward: in scripted-vs-scripted games, the 'score' return against the learner's final
  score, and how the own final score and the margin over the opponent correlate with winning;
* observation: at every decision of random games, the pending decision's kind is one-hot, the
  decider block says "me", and the own player row comes first (egocentric seats).
"""

from __future__ import annotations

import json

import numpy as np

import agents
from agents.base import choose_action
from gnome_envs import SingleAgentEnv
from gnome_envs.core.registry import make_game
from gnome_envs.core.single_agent import SingleAgentEnv as CoreSingleAgentEnv

ENV = "mighty_gnomes_v1"
GAMES_PER_CASE = 15
SCORE_GAMES = 40
OBS_GAMES = 5


def expected_win_loss(placements: list[int], seat: int) -> float:
    """The reward a correct adapter pays ``seat`` at the end (ties share +1)."""
    winners = [s for s, place in enumerate(placements) if place == 0]
    return 1.0 / len(winners) if seat in winners else -1.0


def terminal_reward_checks() -> dict:
    """Win/loss reward against the placements, per opponent and seat."""
    ended_by_opponent = {"flag": False}
    original = CoreSingleAgentEnv._play_opponents

    def spy(self: CoreSingleAgentEnv) -> None:
        state = self._state()
        before = state.is_terminal()
        moves = 0
        while not state.is_terminal() and state.current_player != self.learner_seat:
            state.apply(choose_action(self._opponent_for(state.current_player), state, self._opponent_rng))
            moves += 1
        ended_by_opponent["flag"] = not before and state.is_terminal() and moves > 0

    CoreSingleAgentEnv._play_opponents = spy
    result = {}
    try:
        for opponent in ("random", "scripted"):
            for seat in (0, 1):
                env = SingleAgentEnv(ENV, opponents=opponent, seat=seat, num_players=2, reward="win_loss")
                rng = np.random.default_rng(seat)
                row = {"correct": 0, "wrong": 0, "ended_by_opponent_move": 0}
                for game in range(GAMES_PER_CASE):
                    env.reset(seed=1000 * seat + game)
                    done, reward, info = False, 0.0, {}
                    while not done:
                        action = int(rng.choice(np.flatnonzero(env.action_masks())))
                        _obs, reward, terminated, truncated, info = env.step(action)
                        done = terminated or truncated
                    ok = reward == expected_win_loss(info["placements"], seat)
                    row["correct" if ok else "wrong"] += 1
                    row["ended_by_opponent_move"] += ended_by_opponent["flag"]
                result[f"{opponent}/seat{seat}"] = row
    finally:
        CoreSingleAgentEnv._play_opponents = original
    return result


def score_reward_checks() -> dict:
    """The 'score' return and what decides the game, over scripted-vs-scripted games."""
    scripted = agents.make("scripted", ENV)
    totals, own, other, won = [], [], [], []
    scale = 0.0
    for game in range(SCORE_GAMES):
        env = SingleAgentEnv(ENV, opponents="scripted", seat=game % 2, num_players=2, reward="score")
        env.reset(seed=game)
        rng = np.random.default_rng(game)
        done, total, info = False, 0.0, {}
        while not done:
            _obs, reward, terminated, truncated, info = env.step(choose_action(scripted, env.game_state, rng))
            total += reward
            done = terminated or truncated
        seat, scores = info["learner_seat"], info["scores"]
        totals.append(total), own.append(scores[seat]), other.append(scores[1 - seat])
        won.append(max(expected_win_loss(info["placements"], seat), 0.0))
        scale = env.game.score_scale
    own_a, other_a, won_a = np.array(own), np.array(other), np.array(won)
    margin = own_a - other_a
    return {"games": SCORE_GAMES, "score_scale": scale,
            "max_abs_score_return_minus_own_final_over_scale": float(np.max(np.abs(np.array(totals) - own_a / scale))),
            "own_final_mean": float(own_a.mean()), "own_final_sd": float(own_a.std()),
            "margin_sd": float(margin.std()),
            "corr_own_final_win": float(np.corrcoef(own_a, won_a)[0, 1]),
            "corr_margin_win": float(np.corrcoef(margin, won_a)[0, 1]),
            "corr_own_final_opponent_final": float(np.corrcoef(own_a, other_a)[0, 1])}


def observation_checks() -> dict:
    """Decision kind one-hot, decider = self, own player row first, at every decision point."""
    game = make_game(ENV, num_players=2)
    segments = {s.name: s for s in game.observation_layout}
    decision, decider, players = segments["decision"], segments["decider"], segments["players"]
    half = players.size // 2
    counts = {"decision_points": 0, "decision_kind_one_hot": 0, "decider_is_self": 0, "own_row_first": 0}
    for seed in range(OBS_GAMES):
        state = game.new_state(seed)
        rng = np.random.default_rng(seed)
        while not state.is_terminal():
            seat = state.current_player
            mine, theirs = state.observation(seat), state.observation(1 - seat)
            counts["decision_points"] += 1
            counts["decision_kind_one_hot"] += bool(abs(mine[decision.start:decision.stop].sum() - 1) < 1e-6)
            counts["decider_is_self"] += bool(mine[decider.start] == 1.0)
            counts["own_row_first"] += bool(np.array_equal(mine[players.start:players.start + half],
                                                           theirs[players.start + half:players.stop]))
            state.apply(int(rng.choice(np.flatnonzero(state.legal_action_mask()))))
    return counts


def main() -> None:
    """Print every check as one JSON document."""
    print(json.dumps({"env": ENV, "players": 2, "terminal_reward": terminal_reward_checks(),
                      "score_reward": score_reward_checks(), "observation": observation_checks()}, indent=1))


if __name__ == "__main__":
    main()
