"""Play a game in the terminal against agents, or hot-seat with several humans.

    python -m training.play --env rise_of_the_gnomes_v1 --players 2 --human 0 \\
        --opponents scripted [--seed S] [--config key=value ...]

The game runs through the PettingZoo AEC env. A setup header names who chooses first. Before
each human decision the board as that seat may see it (``state.render_text(seat)``: the public
table plus its own cards), the pending decision and its legal choices numbered 0, 1, ...
(``describe_action(a, viewer=seat)``) are shown; type a number to choose, ``q`` to quit (end of
input quits too). ``--human`` may be repeated or given as a comma list (hot-seat). Every other
seat is played by ``--opponents``: one agent spec for all of them or a comma list, one spec per
computer seat in seat order (e.g. ``scripted,mcts:iterations=64``); their moves are printed as
the human whose screen it is sees them (the last human to decide; a card hidden from that seat
is named generically). A finished game shows the final table, then the scores and placements.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

import agents
import gnome_envs
from agents.base import Policy, choose_action
from gnome_envs.core.engine import State
from gnome_envs.core.errors import ConfigError
from gnome_envs.core.registry import get_spec
from training import common

DEFAULT_OPPONENT = "scripted"
LIST_SEPARATOR = ","
QUIT_WORDS = ("q", "quit", "exit")
SEED_BOUND = 2**63
SCORE_DIGITS = 1
RULE = "-" * 60

InputFn = Callable[[str], str]
OutputFn = Callable[[str], None]


@dataclass
class PlayResult:
    """How a terminal game ended."""

    seed: int
    finished: bool
    quit: bool
    decisions: int
    scores: list[float]
    placements: list[int] | None


# ---------------------------------------------------------------------------- arguments
def build_parser() -> argparse.ArgumentParser:
    """The ``training.play`` argument parser."""
    parser = argparse.ArgumentParser(
        prog="python -m training.play",
        description="Play a game in the terminal: choose your moves by number, agents play the "
                    "other seats. 'q' quits.",
    )
    common.add_env_argument(parser)
    parser.add_argument("--players", type=int, default=None,
                        help="number of players (default: the env's smallest player count)")
    parser.add_argument("--human", action="append", default=[], metavar="SEAT[,SEAT...]",
                        help="seat played from the keyboard; repeat it or give a comma list for "
                             "hot-seat (default: seat 0)")
    parser.add_argument("--opponents", default=DEFAULT_OPPONENT,
                        help="agent spec for every other seat, or a comma list with one spec per "
                             f"computer seat in seat order (default: {DEFAULT_OPPONENT})")
    parser.add_argument("--seed", type=int, default=None,
                        help="game seed (default: a fresh one, printed so the game can be replayed)")
    common.add_config_argument(parser)
    return parser


def parse_humans(values: list[str], players: int) -> list[int]:
    """Sorted distinct human seats from repeated / comma-separated ``--human`` values."""
    seats: list[int] = []
    for value in values or ["0"]:
        for part in value.split(LIST_SEPARATOR):
            part = part.strip()
            try:
                seat = int(part)
            except ValueError:
                raise ConfigError(f"--human expects seat numbers, got {part!r}") from None
            if not 0 <= seat < players:
                raise ConfigError(f"--human seat {seat} is out of range for {players} players")
            if seat not in seats:
                seats.append(seat)
    return sorted(seats)


def resolve_opponents(env_id: str, text: str, players: int,
                      humans: list[int]) -> dict[int, tuple[str, Policy]]:
    """Agent spec and policy for every computer seat."""
    computers = [seat for seat in range(players) if seat not in humans]
    specs = [spec.strip() for spec in text.split(LIST_SEPARATOR) if spec.strip()]
    if not specs and computers:
        raise ConfigError("--opponents needs at least one agent spec")
    if len(specs) == 1:
        specs = specs * len(computers)
    if len(specs) != len(computers):
        raise ConfigError(f"--opponents names {len(specs)} agents for {len(computers)} computer "
                          f"seat(s) {computers}; give one spec for all or one per computer seat")
    built: dict[str, Policy] = {}
    for spec in dict.fromkeys(specs):
        built[spec] = agents.make(spec, env_id)
    return {seat: (spec, built[spec]) for seat, spec in zip(computers, specs)}


# ---------------------------------------------------------------------------- human input
def read_choice(state: State, seat: int, input_fn: InputFn, out: OutputFn) -> int | None:
    """Show the decision and its numbered choices; the chosen action, or None to quit."""
    legal = state.legal_actions()
    out(f"Player {seat} to decide: {state.decision_name()}")
    for number, action in enumerate(legal):
        out(f"  [{number}] {state.describe_action(action, viewer=seat)}")
    while True:
        try:
            text = input_fn(f"player {seat}, choose 0-{len(legal) - 1} (q quits): ").strip()
        except EOFError:
            return None
        if text.lower() in QUIT_WORDS:
            return None
        try:
            number = int(text)
        except ValueError:
            number = -1
        if 0 <= number < len(legal):
            return legal[number]
        out(f"invalid choice {text!r}: enter a number from 0 to {len(legal) - 1}, or q to quit")


# ---------------------------------------------------------------------------- the game
def play_game(env_id: str, players: int, humans: list[int], opponents: dict[int, tuple[str, Policy]],
              seed: int, config: dict[str, Any], input_fn: InputFn = input,
              out: OutputFn = print) -> PlayResult:
    """Play one game through the AEC env with humans at ``humans``; returns how it ended."""
    env = gnome_envs.make(env_id, num_players=players, render_mode="ansi", **config)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    decisions, quit_game, screen = 0, False, humans[0]
    out(setup_header(env.unwrapped.game_state))
    for _agent in env.agent_iter():
        _obs, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        state = env.unwrapped.game_state
        seat = state.current_player
        if seat in humans:
            out(RULE)
            out(state.render_text(seat))
            action = read_choice(state, seat, input_fn, out)
            if action is None:
                quit_game = True
                break
            screen = seat
            out(f"player {seat} (you): {state.describe_action(action, viewer=seat)}")
        else:
            spec, policy = opponents[seat]
            action = choose_action(policy, state, rng)
            out(f"player {seat} ({spec}) {state.decision_name()}: {state.describe_action(action, viewer=screen)}")
        env.step(action)
        decisions += 1
    final = env.unwrapped.game_state
    if final.is_terminal():
        out(RULE)
        out(f"Game over: the final table as player {screen} sees it")
        out(final.render_text(screen))
    result = _result(final, seed, decisions, quit_game)
    env.close()
    return result


def setup_header(state: State) -> str:
    """The line shown before the first decision: who chooses first, and what."""
    if state.is_terminal():
        return "Setup: the game is over before any decision"
    return f"Setup: player {state.current_player} to choose first ({state.decision_name()})"


def _result(state: State, seed: int, decisions: int, quit_game: bool) -> PlayResult:
    finished = state.is_terminal()
    placements = [int(p) for p in state.placements()] if finished else None
    return PlayResult(seed, finished, quit_game, decisions, [float(x) for x in state.scores()], placements)


def final_report(result: PlayResult, players: int, humans: list[int]) -> str:
    """Scores, placements and the winners (or why there are none) as text."""
    if result.quit:
        head = f"Game quit after {result.decisions} decisions (seed {result.seed})."
    elif not result.finished:
        head = f"Game truncated after {result.decisions} decisions (seed {result.seed})."
    else:
        head = f"Game over after {result.decisions} decisions (seed {result.seed})."
    lines = [RULE, head, "Scores:"]
    for index, score in enumerate(result.scores):
        who = f"player {index}" + (" (you)" if index in humans else "") if index < players else "automaton"
        place = ""
        if result.placements is not None and index < players:
            place = f", place {result.placements[index] + 1}"
        lines.append(f"  {who}: {score:.{SCORE_DIGITS}f}{place}")
    if result.placements is not None:
        winners = [seat for seat, place in enumerate(result.placements) if place == 0]
        lines.append(f"Winner(s): {', '.join(f'player {w}' for w in winners)}" if winners
                     else "No player won (an automated rival did).")
    return "\n".join(lines)


def run(args: argparse.Namespace, input_fn: InputFn = input, out: OutputFn = print) -> int:
    """Run the play job for parsed arguments."""
    players = args.players if args.players is not None else get_spec(args.env).player_counts[0]
    if "render_mode" in args.config_kwargs or "num_players" in args.config_kwargs:
        raise ConfigError("--config cannot set render_mode or num_players here (use --players)")
    humans = parse_humans(args.human, players)
    opponents = resolve_opponents(args.env, args.opponents, players, humans)
    seed = args.seed if args.seed is not None else int(np.random.default_rng().integers(SEED_BOUND))
    lineup = ", ".join(f"player {s}: " + ("you" if s in humans else opponents[s][0]) for s in range(players))
    out(f"{args.env}, {players} players, seed {seed} ({lineup})")
    result = play_game(args.env, players, humans, opponents, seed, args.config_kwargs, input_fn, out)
    out(final_report(result, players, humans))
    return common.EXIT_OK


def main(argv: list[str] | None = None, input_fn: InputFn = input, out: OutputFn = print) -> int:
    """Command-line entry point (``input_fn`` / ``out`` replace the terminal in tests)."""
    return common.run_cli(lambda args: run(args, input_fn, out), build_parser(), argv)


if __name__ == "__main__":
    sys.exit(main())
