"""Playing a tournament's games, in one process or a spawn-safe worker pool, reproducibly.

    from training.tournament import TournamentSpec, play_tournament
    spec = TournamentSpec("battle_gnomes_v1", 2, ("random", "scripted"), {"max_steps": 10_000}, seed=0)
    records = play_tournament(spec, make_schedule(2, 2), games=10, workers=2)

Seeds: game g draws everything from ``SeedSequence(seed, spawn_key=(g,))``: its first spawned
child seeds the game, child ``1 + s`` the generator that seat s's agent uses in that game. A
game's outcome therefore depends only on (seed, g, its lineup), never on the other games or on
how they are spread over workers; results come back in game order. Policies are built once per
process and must keep no state between games (the ``act(state, seat, rng)`` protocol).
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import agents
import gnome_envs
from agents.base import Policy, choose_action
from gnome_envs.core.aec import GnomeAECEnv
from training import common
from training.schedule import Schedule


@dataclass(frozen=True)
class TournamentSpec:
    """Everything a process needs to play any game of the tournament."""

    env_id: str
    players: int
    agent_specs: tuple[str, ...]
    config: dict[str, Any] = field(default_factory=dict)
    seed: int = 0


@dataclass
class GameRecord:
    """What one finished (or truncated) game produced."""

    game: int
    table: int
    seed: int
    seat_agents: list[str]
    scores: list[float]
    automaton_scores: list[float]  # scores listed after the seats' (Rise: the Gnome Union)
    placements: list[int] | None  # 0 = first; None when truncated
    win_shares: list[float]
    decisions: int
    finished: bool
    think_s: list[float] = field(default_factory=list)  # per seat: CPU seconds its agent spent choosing
    think_max_s: list[float] = field(default_factory=list)  # per seat: its slowest single decision
    seat_decisions: list[int] = field(default_factory=list)  # per seat: decisions it took


def game_seeds(seed: int, game: int, players: int) -> tuple[int, list[np.random.Generator]]:
    """Game ``game``'s env seed and one generator per seat, from ``SeedSequence(seed, (game,))``."""
    children = np.random.SeedSequence(seed, spawn_key=(game,)).spawn(players + 1)
    env_seed = int(children[0].generate_state(1, np.uint64)[0] >> np.uint64(1))  # below 2**63
    return env_seed, [np.random.default_rng(child) for child in children[1:]]


class GamePlayer:
    """One process's env and policies; plays any game of the tournament by its index."""

    def __init__(self, spec: TournamentSpec, schedule: Schedule) -> None:
        """Build the env and one policy per agent spec."""
        self.spec = spec
        self.schedule = schedule
        self.env: GnomeAECEnv = gnome_envs.make(spec.env_id, num_players=spec.players, **spec.config)
        self.policies: list[Policy] = [agents.make(name, spec.env_id) for name in spec.agent_specs]

    def play(self, game: int) -> GameRecord:
        """Play game ``game`` (table ``game mod cycle``) through the AEC API."""
        table = game % len(self.schedule.tables)
        lineup = self.schedule.tables[table]
        env_seed, rngs = game_seeds(self.spec.seed, game, self.spec.players)
        seat_policies = [self.policies[agent] for agent in lineup]
        self.env.reset(seed=env_seed)
        players = self.spec.players
        think, slowest, taken = [0.0] * players, [0.0] * players, [0] * players
        for _agent in self.env.agent_iter():
            _obs, _reward, terminated, truncated, _info = self.env.last()
            if terminated or truncated:
                self.env.step(None)
                continue
            state = self.env.unwrapped.game_state
            seat = state.current_player
            start = time.process_time()
            action = choose_action(seat_policies[seat], state, rngs[seat])
            spent = time.process_time() - start
            think[seat] += spent
            slowest[seat] = max(slowest[seat], spent)
            taken[seat] += 1
            self.env.step(action)
        names = [self.spec.agent_specs[agent] for agent in lineup]
        record = self._record(game, table, env_seed, names, sum(taken))
        record.think_s, record.think_max_s, record.seat_decisions = think, slowest, taken
        return record

    def _record(self, game: int, table: int, env_seed: int, names: list[str], decisions: int) -> GameRecord:
        state = self.env.unwrapped.game_state
        players = self.spec.players
        finished = bool(state.is_terminal()) and not state.is_truncated()
        all_scores = [float(x) for x in state.scores()]
        placements = [int(p) for p in state.placements()[:players]] if finished else None
        shares = common.win_shares(placements) if placements is not None else [0.0] * players
        return GameRecord(game, table, env_seed, names, all_scores[:players], all_scores[players:],
                          placements, shares, decisions, finished)

    def close(self) -> None:
        """Close the env."""
        self.env.close()


_WORKER: dict[str, GamePlayer] = {}  # this worker process's player, set by _init_worker


def _init_worker(spec: TournamentSpec, schedule: Schedule) -> None:
    _WORKER["player"] = GamePlayer(spec, schedule)


def _play_in_worker(game: int) -> GameRecord:
    return _WORKER["player"].play(game)


def check_setup(spec: TournamentSpec, schedule: Schedule) -> None:
    """Build the env and every policy once here, so bad input fails before any worker starts."""
    GamePlayer(spec, schedule).close()


def play_tournament(spec: TournamentSpec, schedule: Schedule, games: int, workers: int = 1,
                    on_game: Callable[[GameRecord], None] | None = None) -> list[GameRecord]:
    """Play games ``0 .. games-1``; the records come back in game order whatever ``workers`` is."""
    records = []
    for record in _iter_games(spec, schedule, games, workers):
        records.append(record)
        if on_game is not None:
            on_game(record)
    return records


def _iter_games(spec: TournamentSpec, schedule: Schedule, games: int, workers: int) -> Iterator[GameRecord]:
    if workers <= 1 or games <= 1:
        player = GamePlayer(spec, schedule)
        try:
            yield from (player.play(game) for game in range(games))
        finally:
            player.close()
        return
    context = multiprocessing.get_context("spawn")
    # one game per task: games cost milliseconds to minutes (search agents), so handing them out
    # singly keeps the workers evenly busy; results are still merged in game order
    with context.Pool(workers, initializer=_init_worker, initargs=(spec, schedule)) as pool:
        yield from pool.imap(_play_in_worker, range(games), chunksize=1)
