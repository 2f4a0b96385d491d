"""Tests of the generic search agent (``agents/mcts.py``), the scripted opponents' deterministic
form (``scripted:deterministic=true``) and the terminal player (``training/play.py``)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import agents
import gnome_envs
from agents.base import choose_action
from agents.mcts import evaluate, heuristic_values
from gnome_envs.core.engine import State
from gnome_envs.core.errors import ConfigError
from gnome_envs.core.registry import get_spec
from training import play

TINY_SPEC = "mcts:iterations=8:max_rollout=10"
DECISIONS_PER_ENV = 3
PREFIX_STEPS = 25  # random decisions played before the positions under test


def random_position(env_id: str, steps: int, seed: int, players: int = 2) -> State:
    """A position reached by ``steps`` random decisions (fewer if the game ends first)."""
    state = get_spec(env_id).make_game(num_players=players).new_state(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        if state.is_terminal() or len(legal) < 2:
            break
        state.apply(legal[rng.integers(len(legal))])
    return state


# ---------------------------------------------------------------------------- legality, determinism
@pytest.mark.parametrize("env_id", gnome_envs.ENV_IDS)
def test_mcts_returns_legal_actions_in_every_env(env_id: str) -> None:
    policy = agents.make(TINY_SPEC, env_id)
    assert policy.name == "mcts" and policy.needs_state is True
    state = get_spec(env_id).make_game(num_players=2).new_state(seed=3)
    rng = np.random.default_rng(0)
    searched = 0
    while not state.is_terminal() and searched < DECISIONS_PER_ENV:
        action = choose_action(policy, state, rng)
        assert state.legal_action_mask()[action] == 1, state.describe_action(action)
        searched += policy.last_iterations > 0
        state.apply(action)
    assert searched == DECISIONS_PER_ENV


@pytest.mark.parametrize("env_id, players", [("rise_of_the_gnomes_v1", 1), ("battle_gnomes_v1", 4)])
def test_mcts_plays_one_seat_against_the_automaton_and_many_seats(env_id: str, players: int) -> None:
    state = get_spec(env_id).make_game(num_players=players).new_state(seed=8)
    policy, rng = agents.make(TINY_SPEC, env_id), np.random.default_rng(0)
    for _ in range(2 * DECISIONS_PER_ENV):
        if state.is_terminal():
            break
        action = choose_action(policy, state, rng)
        assert state.legal_action_mask()[action] == 1
        state.apply(action)
    assert heuristic_values(state).shape == (players,)


@pytest.mark.parametrize("env_id", ["gnome_village_v1", "dwarfs_fall_v6"])
def test_mcts_is_deterministic_for_a_fixed_rng(env_id: str) -> None:
    state = random_position(env_id, PREFIX_STEPS, seed=11)
    seat = state.current_player
    view = state.determinize(seat, np.random.default_rng(1))
    picks = {agents.make(TINY_SPEC, env_id).act(view.clone(), seat, np.random.default_rng(42))
             for _ in range(3)}
    assert len(picks) == 1


def test_mcts_answers_a_forced_decision_without_searching() -> None:
    game = get_spec("gnome_village_v1").make_game(num_players=2, skip_forced=False)
    state = game.new_state(seed=0)
    rng = np.random.default_rng(0)
    policy = agents.make(TINY_SPEC, "gnome_village_v1")
    for _ in range(400):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        if len(legal) == 1:
            assert policy.act(state, state.current_player, rng) == legal[0]
            assert policy.last_iterations == 0
            return
        state.apply(legal[rng.integers(len(legal))])
    pytest.fail("the fixed game never reached a forced decision: pick another seed")


def test_mcts_time_budget_and_scripted_rollouts_work() -> None:
    state = random_position("mighty_gnomes_v1", 10, seed=5)
    seat = state.current_player
    rng = np.random.default_rng(0)
    timed = agents.make("mcts:seconds=0.05:max_rollout=5", "mighty_gnomes_v1")
    assert state.legal_action_mask()[timed.act(state.determinize(seat, rng), seat, rng)] == 1
    assert timed.last_iterations >= 1
    scripted = agents.make("mcts:iterations=4:rollout=scripted:max_rollout=5", "mighty_gnomes_v1")
    assert state.legal_action_mask()[scripted.act(state.determinize(seat, rng), seat, rng)] == 1


@pytest.mark.parametrize("spec, fragment", [
    ("mcts:iterations=0", "iterations"),
    ("mcts:iterations=2.5", "iterations"),
    ("mcts:iterations=true", "iterations"),
    ("mcts:rollout=greedy", "rollout"),
    ("mcts:c=-1", "c must"),
    ("mcts:c=abc", "c must"),
    ("mcts:seconds=0", "seconds"),
    ("mcts:max_rollout=-1", "max_rollout"),
    ("mcts:depth=3", "bad parameters"),
])
def test_mcts_rejects_bad_parameters(spec: str, fragment: str) -> None:
    with pytest.raises(ConfigError, match=fragment):
        agents.make(spec, "battle_gnomes_v1")


# ---------------------------------------------------------------------------- scripted:deterministic=true
@pytest.mark.parametrize("env_id", gnome_envs.ENV_IDS)
def test_deterministic_scripted_plays_its_first_ranked_action(env_id: str) -> None:
    scripted = agents.make("scripted", env_id)
    first = agents.make("scripted:deterministic=true", env_id)
    for seed in range(DECISIONS_PER_ENV):
        state = random_position(env_id, PREFIX_STEPS, seed)
        if state.is_terminal():
            continue
        seat = state.current_player
        answers = {first.act(state, seat, np.random.default_rng(draw)) for draw in range(4)}
        assert answers == {scripted.ranked(state, seat)[0]}
        assert answers <= set(state.legal_actions())


def test_dwarfs_fall_scripted_breaks_near_ties_at_random_and_its_deterministic_form_does_not() -> None:
    env_id = "dwarfs_fall_v6"
    scripted = agents.make("scripted", env_id)
    first = agents.make("scripted:deterministic=true", env_id)
    tied = 0
    for seed in range(40):
        state = random_position(env_id, PREFIX_STEPS, seed)
        if state.is_terminal():
            continue
        seat = state.current_player
        tied += len({scripted.act(state, seat, np.random.default_rng(d)) for d in range(8)}) > 1
        assert len({first.act(state, seat, np.random.default_rng(d)) for d in range(8)}) == 1
    assert tied > 0  # the plain agent does answer some positions in more than one way


@pytest.mark.parametrize(("spec", "fragment"), [
    ("scripted:deterministic=1", "true or false"),
    ("scripted:ties=first", "only deterministic"),
])
def test_scripted_rejects_other_parameters(spec: str, fragment: str) -> None:
    with pytest.raises(ConfigError, match=fragment):
        agents.make(spec, "dwarfs_fall_v6")


# ---------------------------------------------------------------------------- evaluation
def test_values_lie_in_the_unit_interval_and_follow_the_scores() -> None:
    state = random_position("gnome_village_v1", 120, seed=2)
    values = heuristic_values(state)
    assert values.shape == (2,) and np.all((values >= 0) & (values <= 1))
    scores = state.scores()
    if scores[0] != scores[1]:
        assert (values[0] > values[1]) == (scores[0] > scores[1])
    final = random_position("battle_gnomes_v1", 10_000, seed=2)
    assert final.is_terminal()
    assert sorted(evaluate(final).tolist()) in ([0.0, 1.0], [0.5, 0.5])


# ---------------------------------------------------------------------------- hidden information
class PublicView:
    """A view of ``state`` that answers only public questions; ``determinize`` comes from ``base``.

    ``base`` is a fixed member of the same information set, so two views that differ only in
    another seat's hidden cards resample identically, and any read of hidden state fails.
    """

    PUBLIC = ("legal_action_mask", "legal_actions", "current_player", "game", "is_terminal",
              "decision_name", "describe_action", "observation")

    def __init__(self, state: State, base: State) -> None:
        self._state, self._base = state, base

    def determinize(self, seat: int, rng: np.random.Generator) -> State:
        return self._base.determinize(seat, rng)

    def __getattr__(self, name: str) -> Any:
        if name not in self.PUBLIC:
            raise AttributeError(f"search read non-public state attribute {name!r}")
        return getattr(self._state, name)


@pytest.mark.parametrize("env_id", ["battle_gnomes_v1", "dwarfs_fall_v6"])
def test_mcts_ignores_other_seats_hidden_cards(env_id: str) -> None:
    state = random_position(env_id, PREFIX_STEPS, seed=4)
    seat = state.current_player
    s1 = state.determinize(seat, np.random.default_rng(1))
    s2 = state.determinize(seat, np.random.default_rng(2))
    assert s1.state_hash() != s2.state_hash()
    assert np.array_equal(s1.observation(seat), s2.observation(seat))
    policy = agents.make("mcts:iterations=24:max_rollout=10", env_id)
    a1 = policy.act(PublicView(s1, state), seat, np.random.default_rng(9))
    a2 = policy.act(PublicView(s2, state), seat, np.random.default_rng(9))
    assert a1 == a2


def test_mcts_same_action_on_equal_information_sets() -> None:
    # mighty_gnomes resamples hidden chests canonically at this position: equal information and
    # equal rng give equal determinizations, so the search must pick the same move on both.
    env_id = "mighty_gnomes_v1"
    state = random_position(env_id, 12, seed=6)
    seat = state.current_player
    s1 = state.determinize(seat, np.random.default_rng(1))
    s2 = state.determinize(seat, np.random.default_rng(2))
    assert np.array_equal(s1.observation(seat), s2.observation(seat))
    canonical = s1.determinize(seat, np.random.default_rng(3)).state_hash() == \
        s2.determinize(seat, np.random.default_rng(3)).state_hash()
    assert canonical, "determinize is not canonical at this fixed position: pick another one"
    policy = agents.make("mcts:iterations=24:max_rollout=10", env_id)
    assert policy.act(s1, seat, np.random.default_rng(9)) == policy.act(s2, seat, np.random.default_rng(9))


# ---------------------------------------------------------------------------- strength
def test_mcts_beats_random_in_battle_gnomes() -> None:
    env_id = "battle_gnomes_v1"
    game = get_spec(env_id).make_game(num_players=2)
    search, rand = agents.make("mcts:iterations=24:max_rollout=16", env_id), agents.make("random", env_id)
    rng = np.random.default_rng(0)
    wins, games = 0.0, 6
    for g in range(games):
        state = game.new_state(seed=100 + g)
        mcts_seat = g % 2
        while not state.is_terminal():
            policy = search if state.current_player == mcts_seat else rand
            state.apply(choose_action(policy, state, rng))
        wins += max(state.returns()[mcts_seat], 0.0)
    assert wins >= games - 1


# ---------------------------------------------------------------------------- training.play
def scripted_input(lines: list[str]):
    """An ``input_fn`` that answers with ``lines`` and then reaches end of input."""
    answers = iter(lines)
    prompts: list[str] = []

    def input_fn(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    return input_fn, prompts


def test_play_shows_choices_rejects_bad_input_and_quits() -> None:
    input_fn, prompts = scripted_input(["banana", "99", "0", "0", "q"])
    lines: list[str] = []
    argv = ["--env", "battle_gnomes_v1", "--players", "2", "--human", "0", "--opponents", "random",
            "--seed", "3"]
    assert play.main(argv, input_fn=input_fn, out=lines.append) == 0
    text = "\n".join(lines)
    assert "Player 0 to decide: draft" in text and "[0] recruit selection gnome 0" in text
    assert "invalid choice 'banana'" in text and "invalid choice '99'" in text
    assert text.count("player 0 (you): recruit") == 2
    assert "player 1 (random)" in text
    assert "Game quit after" in text and len(prompts) == 5


def test_play_hot_seat_reaches_the_end_and_reports_placements() -> None:
    rng = np.random.default_rng(0)

    def input_fn(prompt: str) -> str:  # a random valid number, read from "choose 0-K"
        top = int(prompt.split("choose 0-")[1].split(" ")[0])
        return str(int(rng.integers(top + 1)))

    lines: list[str] = []
    argv = ["--env", "battle_gnomes_v1", "--players", "3", "--human", "0,2", "--human", "1", "--seed", "1"]
    assert play.main(argv, input_fn=input_fn, out=lines.append) == 0
    text = "\n".join(lines)
    assert "Game over after" in text and "place 1" in text and "Winner(s): player" in text
    assert "Player 2 to decide" in text


def test_play_end_of_input_quits_cleanly_and_bad_seats_fail() -> None:
    input_fn, _ = scripted_input([])
    lines: list[str] = []
    argv = ["--env", "gnome_village_v1", "--players", "2", "--opponents", "mcts:iterations=4", "--seed", "0"]
    assert play.main(argv, input_fn=input_fn, out=lines.append) == 0
    assert "Game quit after" in "\n".join(lines)
    assert play.main(["--env", "gnome_village_v1", "--players", "2", "--human", "5"],
                     input_fn=input_fn, out=lines.append) == 2
    assert play.main(["--env", "gnome_village_v1", "--players", "3", "--opponents", "random,random,random"],
                     input_fn=input_fn, out=lines.append) == 2
