"""The engine-wide contract: forced chains, masks, seeds, action types, finished games, config
values, replays and designed-limit truncation.

Most tests run over every registered env through the public API. The forced-chain and
truncation rules are shown on ``CounterGame``, a tiny two-seat game built on the shared decision
loop: seat 0 picks a branch, and the branch is a chain of forced moves (one legal action each)
that either cycles, runs on forever, or stops at a designed limit.
"""

from __future__ import annotations

import json
from enum import IntEnum

import gymnasium
import numpy as np
import pytest

import gnome_envs
from gnome_envs import ConfigError, GameOverError, IllegalActionError, ReplayMismatchError
from gnome_envs.core.aec import TRUNCATED_BY_MAX_STEPS, GnomeAECEnv
from gnome_envs.core import decision_state
from gnome_envs.core.decision_state import DecisionLoopState
from gnome_envs.core.engine import (
    FORCED_CHAIN_LIMIT,
    TRUNCATED_BY_FORCED_CHAIN,
    TRUNCATED_BY_FORCED_CYCLE,
    Game,
    new_rng,
)
from gnome_envs.core.errors import ReplayFormatError
from gnome_envs.core.loop import DecisionRule, RuleTable
from gnome_envs.core.registry import get_spec, make_game
from gnome_envs.core.replay import REPLAY_FORMAT, Recorder, Replay, verify

ENV_IDS = gnome_envs.ENV_IDS
SEED = 11
LIMIT_NAME = "round_limit"


# ---------------------------------------------------------------------------- CounterGame
class Branch(IntEnum):
    """Seat 0's first choice in CounterGame."""

    CYCLE = 0  # forced moves toggle a flag: the position repeats
    RUN_ON = 1  # forced moves count up forever: no position repeats
    LIMIT = 2  # the rules stop the game at a designed limit
    FINISH = 3  # the rules end the game normally


class CounterKind(IntEnum):
    """CounterGame's decision kinds."""

    BRANCH = 0
    TICK = 1


def _branch_options(state, player, data):
    return [int(b) for b in Branch]


def _resolve_branch(state, decision, action):
    state.branch = action
    if action == Branch.LIMIT:
        state.end_by_limit(LIMIT_NAME)
    elif action != Branch.FINISH:
        state.tasks.append((0,))


def _tick_options(state, player, data):
    return [0]


def _resolve_tick(state, decision, action):
    state.counter = 1 - state.counter if state.branch == Branch.CYCLE else state.counter + 1
    state.tasks.append((0,))


COUNTER_RULES = RuleTable(
    decisions={CounterKind.BRANCH: DecisionRule(_branch_options, _resolve_branch),
               CounterKind.TICK: DecisionRule(_tick_options, _resolve_tick)},
    tasks={0: lambda state: COUNTER_RULES.offer(state, CounterKind.TICK, 1)},
)


class CounterState(DecisionLoopState):
    """CounterGame's state."""

    DECISION_KINDS = CounterKind
    RULES = COUNTER_RULES

    def __init__(self, game: Game, seed: int | None) -> None:
        self.game = game
        self.decisions = 0
        self._mask = None
        self.rng = new_rng(seed)
        self.tasks: list[tuple] = []
        self.finished = False
        self.pending = None
        self.branch = -1
        self.counter = 0
        COUNTER_RULES.offer(self, CounterKind.BRANCH, 0)

    def scores(self):
        return np.array([float(self.counter), 0.0])

    def placements(self):
        return (0, 1)

    def observation(self, seat):
        return np.zeros(1, dtype=np.float32)

    def state_vector(self):
        return np.zeros(1, dtype=np.float32)

    def determinize(self, seat, rng):
        return self.clone()

    def describe_action(self, action):
        return f"action {action}"

    def render_text(self, seat=None):
        return f"counter {self.counter}"

    def check_invariants(self):
        return None


class CounterGame(Game):
    """Two seats, four actions, one observation entry."""

    env_id = "counter_test"
    num_players = 2
    num_actions = len(Branch)
    observation_size = 1
    state_size = 1
    config = "counter"
    observation_layout = ()

    def new_state(self, seed=None):
        return CounterState(self, seed)


def counter_env(**adapter) -> GnomeAECEnv:
    """The AEC env of CounterGame (not registered, so ``max_steps`` is given)."""
    adapter.setdefault("max_steps", None)
    return GnomeAECEnv(CounterGame(), **adapter)


# ---------------------------------------------------------------------------- 1. forced chains
def test_forced_chain_that_cycles_stops_as_truncation():
    state = CounterGame().new_state(SEED)
    state.apply(Branch.CYCLE)  # returns: the cycle is detected
    assert state.is_terminal() and state.truncated_by == TRUNCATED_BY_FORCED_CYCLE
    assert state.returns().tolist() == [0.0, 0.0]
    with pytest.raises(GameOverError):
        state.apply(0)


def test_forced_chain_that_never_repeats_stops_at_the_chain_limit():
    state = CounterGame().new_state(SEED)
    state.apply(Branch.RUN_ON)
    assert state.truncated_by == TRUNCATED_BY_FORCED_CHAIN
    assert state.counter == FORCED_CHAIN_LIMIT


def test_forced_chain_truncation_reaches_the_aec_env_as_truncation():
    env = counter_env()
    env.reset(seed=SEED)
    env.step(Branch.CYCLE)
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert {info["truncated_by"] for info in env.infos.values()} == {TRUNCATED_BY_FORCED_CYCLE}


# ---------------------------------------------------------------------------- designed limits
@pytest.mark.parametrize("reward", ["win_loss", "rank"])  # the outcome modes ("score" pays score changes)
def test_designed_limit_is_a_truncation_paid_as_neither_win_nor_loss(reward):
    env = counter_env(reward=reward)
    env.reset(seed=SEED)
    env.step(Branch.LIMIT)
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert {info["truncated_by"] for info in env.infos.values()} == {LIMIT_NAME}
    assert set(env.rewards.values()) == {0.0}
    for agent in env.agent_iter():
        assert env.last()[3], "every agent leaves truncated"
        env.step(None)


def test_a_normal_end_is_a_termination_with_rewards():
    env = counter_env()
    env.reset(seed=SEED)
    env.step(Branch.FINISH)
    assert all(env.terminations.values()) and not any(env.truncations.values())
    assert env.rewards == {"player_0": 1.0, "player_1": -1.0}
    assert all("truncated_by" not in info for info in env.infos.values())


def test_max_steps_truncation_names_max_steps():
    env = gnome_envs.make(ENV_IDS[0], max_steps=1)
    env.reset(seed=SEED)
    mask = env.observe(env.agent_selection)["action_mask"]
    env.step(int(np.flatnonzero(mask)[0]))
    assert all(env.truncations.values())
    assert {info["truncated_by"] for info in env.infos.values()} == {TRUNCATED_BY_MAX_STEPS}


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_default_max_steps_is_the_envs_own(env_id):
    env = gnome_envs.make(env_id)
    assert env.max_steps == get_spec(env_id).max_steps
    single = gymnasium.make(get_spec(env_id).gym_id, opponents="random")
    assert single.unwrapped.max_steps == get_spec(env_id).max_steps
    assert gnome_envs.make(env_id, max_steps=None).max_steps is None


# ---------------------------------------------------------------------------- 2. masks
@pytest.mark.parametrize("env_id", ENV_IDS)
def test_legal_action_mask_cannot_be_written_through(env_id):
    state = make_game(env_id).new_state(SEED)
    clone = state.clone()
    legal = state.legal_actions()
    mask = state.legal_action_mask()
    with pytest.raises(ValueError):
        mask[:] = 0
    assert state.legal_actions() == legal and clone.legal_actions() == legal
    edited = mask.copy()
    edited[:] = 0  # a copy is the caller's own
    assert state.legal_actions() == legal


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_an_observed_mask_is_the_callers_own(env_id):
    """The observation's mask is a new writable array, whether built for it (no mask kept yet)
    or copied from the state's: editing it changes neither the legal actions nor the next mask."""
    env = gnome_envs.make(env_id)
    env.reset(seed=SEED)
    agent = env.agent_selection
    first = env.observe(agent)["action_mask"]
    legal = env.unwrapped.game_state.legal_actions()
    assert first.flags.writeable and np.flatnonzero(first).tolist() == legal
    first[:] = 0
    second = env.observe(agent)["action_mask"]  # the state keeps a mask now
    assert second.flags.writeable and second is not first and np.flatnonzero(second).tolist() == legal
    second[:] = 0
    assert env.unwrapped.game_state.legal_actions() == legal
    assert np.flatnonzero(env.observe(agent)["action_mask"]).tolist() == legal


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_masks_from_the_memo_equal_masks_built_afresh(env_id, monkeypatch):
    """Decisions offering a legal tuple met before share its mask; a memo of three masks
    (emptied when full) still gives every position the mask of its own legal actions, whether
    the state's mask or the observation's copy asks first."""
    monkeypatch.setattr(decision_state, "MASK_MEMO_ENTRIES", 3)
    monkeypatch.setattr(decision_state, "_MASK_MEMO", {})
    rng = np.random.default_rng(SEED)
    state = make_game(env_id).new_state(SEED)
    memoised = type(state).legal_action_mask is DecisionLoopState.legal_action_mask
    shared = 0
    for step in range(300):
        if state.is_terminal():
            break
        fresh = np.zeros(state.game.num_actions, dtype=np.int8)
        fresh[list(state.pending.legal)] = 1
        memo = decision_state._MASK_MEMO.get(state.game.num_actions, {})
        shared += memo.get(state.pending.legal) is not None
        if step % 2:  # the observation's call first: it finds or builds the shared mask too
            own = state.caller_action_mask()
            assert np.array_equal(own, fresh) and own.flags.writeable
        mask = state.legal_action_mask()
        assert np.array_equal(mask, fresh) and not mask.flags.writeable
        assert len(decision_state._MASK_MEMO.get(state.game.num_actions, ())) <= (3 if memoised else 0)
        legal = np.flatnonzero(mask)
        state.apply(int(legal[rng.integers(legal.size)]))
    assert shared > 0 or not memoised  # some position found its mask in the memo


# ---------------------------------------------------------------------------- 3. seeds
def _first_game_hash(env: GnomeAECEnv) -> str:
    return env.unwrapped.game_state.state_hash()


@pytest.mark.parametrize("bad_seed", [[1, 2], -1, True, 1.5, "7"])
def test_bad_reset_seed_raises_config_error_and_keeps_the_seed_stream(bad_seed):
    reference = gnome_envs.make(ENV_IDS[0])
    reference.reset(seed=SEED)
    reference.reset()
    expected = _first_game_hash(reference)
    env = gnome_envs.make(ENV_IDS[0])
    env.reset(seed=SEED)
    with pytest.raises(ConfigError, match="seed"):
        env.reset(seed=bad_seed)
    env.reset()
    assert _first_game_hash(env) == expected


def test_numpy_seeds_equal_int_seeds():
    a, b = gnome_envs.make(ENV_IDS[0]), gnome_envs.make(ENV_IDS[0])
    a.reset(seed=SEED)
    b.reset(seed=np.int64(SEED))
    assert _first_game_hash(a) == _first_game_hash(b)


def test_single_agent_env_rejects_bad_seeds_first():
    env = gymnasium.make(get_spec(ENV_IDS[0]).gym_id, opponents="random")
    for bad in ([1, 2], -1, True):
        with pytest.raises(ConfigError, match="seed"):
            env.reset(seed=bad)
    obs, _ = env.reset(seed=np.uint32(SEED))
    again, _ = env.reset(seed=SEED)
    assert np.array_equal(obs, again)


# ---------------------------------------------------------------------------- 4. 0-d actions
@pytest.mark.parametrize("env_id", ENV_IDS)
def test_zero_d_integer_arrays_are_actions(env_id):
    state = make_game(env_id).new_state(SEED)
    other = state.clone()
    action = state.legal_actions()[0]
    state.apply(np.array(action))
    other.apply(action)
    assert state.state_hash() == other.state_hash()
    with pytest.raises(IllegalActionError):
        other.apply(np.array([action]))  # a 1-element vector is not an action
    with pytest.raises(IllegalActionError):
        other.apply(np.array(float(action)))


def test_zero_d_arrays_through_both_adapters():
    env = gnome_envs.make(ENV_IDS[0])
    env.reset(seed=SEED)
    mask = env.observe(env.agent_selection)["action_mask"]
    assert env.action_space(env.agent_selection).contains(np.array(int(np.flatnonzero(mask)[0])))
    env.step(np.array(int(np.flatnonzero(mask)[0])))
    single = gymnasium.make(get_spec(ENV_IDS[0]).gym_id, opponents="random")
    single.reset(seed=SEED)
    single.step(np.array(int(np.flatnonzero(single.unwrapped.action_masks())[0])))


# ---------------------------------------------------------------------------- 5. finished games
def test_aec_env_stepping_a_finished_game_raises_game_over():
    env = counter_env()
    env.reset(seed=SEED)
    env.step(Branch.FINISH)
    with pytest.raises(GameOverError):
        env.step(0)
    for _ in env.agent_iter():
        env.step(None)
    with pytest.raises(GameOverError):
        env.step(0)


def test_single_agent_env_stops_after_truncation():
    env = gymnasium.make(get_spec(ENV_IDS[0]).gym_id, opponents="random", max_steps=1)
    env.reset(seed=SEED)
    mask = env.unwrapped.action_masks()
    *_, terminated, truncated, info = env.step(int(np.flatnonzero(mask)[0]))
    assert truncated and not terminated and info["truncated_by"] == TRUNCATED_BY_MAX_STEPS
    assert not env.unwrapped.action_masks().any()
    decisions = env.unwrapped.game_state.decisions
    with pytest.raises(GameOverError):
        env.step(int(np.flatnonzero(mask)[0]))
    assert env.unwrapped.game_state.decisions == decisions


# ---------------------------------------------------------------------------- 6. config values
@pytest.mark.parametrize("env_id", ENV_IDS)
def test_numpy_player_counts_are_accepted_and_bools_rejected(env_id):
    n = get_spec(env_id).player_counts[-1]
    game = make_game(env_id, num_players=np.int64(n))
    assert type(game.config.num_players) is int
    assert game.new_state(SEED).state_hash() == make_game(env_id, num_players=n).new_state(SEED).state_hash()
    with pytest.raises(ConfigError, match="num_players"):
        make_game(env_id, num_players=True)


@pytest.mark.parametrize("value", [True, False, 0, -3, 2.0, "10"])
def test_bad_max_steps_is_rejected(value):
    with pytest.raises(ConfigError, match="max_steps"):
        gnome_envs.make(ENV_IDS[0], max_steps=value)
    with pytest.raises(ConfigError, match="max_steps"):
        gymnasium.make(get_spec(ENV_IDS[0]).gym_id, opponents="random", max_steps=value)


def test_numpy_max_steps_is_accepted():
    assert gnome_envs.make(ENV_IDS[0], max_steps=np.int64(7)).max_steps == 7


# ---------------------------------------------------------------------------- 7. replays
def _recorded(steps: int = 6) -> Replay:
    recorder = Recorder(ENV_IDS[0], SEED)
    for _ in range(steps):
        recorder.apply(recorder.state.legal_actions()[-1])
    return recorder.replay()


def test_replay_verify_needs_exactly_one_more_hash_than_actions():
    replay = _recorded()
    verify(replay)
    longer = Replay(replay.env_id, replay.config, replay.seed, replay.actions, replay.hashes + (replay.hashes[-1],))
    with pytest.raises(ReplayMismatchError, match="one hash more"):
        verify(longer)


@pytest.mark.parametrize("field,value,match", [
    ("actions", [1, "2"], "action 2"), ("actions", [1, 2.5], "action 2"), ("actions", [True], "action 1"),
    ("format", REPLAY_FORMAT + 1, "format"), ("seed", -4, "seed"), ("hashes", "abc", "lists"),
])
def test_replay_loading_rejects_malformed_documents(field, value, match):
    document = json.loads(_recorded().to_json())
    document[field] = value
    with pytest.raises(ReplayFormatError, match=match):
        Replay.from_json(json.dumps(document))


def test_recorder_takes_numpy_seeds_and_refuses_none():
    a = Recorder(ENV_IDS[0], np.int64(SEED))
    assert type(a.seed) is int and a.state.state_hash() == Recorder(ENV_IDS[0], SEED).state.state_hash()
    with pytest.raises(ConfigError, match="seed"):
        Recorder(ENV_IDS[0], None)


def test_tampered_replay_names_the_illegal_step():
    replay = _recorded()
    state = make_game(replay.env_id).new_state(replay.seed)
    for action in replay.actions[:3]:
        state.apply(action)
    illegal = int(np.flatnonzero(state.legal_action_mask() == 0)[0])
    actions = replay.actions[:3] + (illegal,) + replay.actions[4:]
    with pytest.raises(ReplayMismatchError, match="step 4"):
        verify(Replay(replay.env_id, replay.config, replay.seed, actions, replay.hashes))


def test_importing_the_package_registers_every_game_without_loading_its_engine():
    """``import gnome_envs`` (every process of a vector env pays it) registers the specs; a
    game's engine loads when its first game is made, and a spec pickles by the module's name."""
    import pickle
    import subprocess
    import sys

    script = (
        "import sys, gnome_envs\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('gnome_envs.') and m.endswith('.game'))\n"
        "print(len(gnome_envs.ENV_IDS), loaded)\n"
        "gnome_envs.make('mighty_gnomes_v1', num_players=3)\n"
        "print(sorted(m for m in sys.modules if m.startswith('gnome_envs.') and m.endswith('.game')))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["5 []", "['gnome_envs.mighty_gnomes.game']"]
    spec = pickle.loads(pickle.dumps(get_spec("gnome_village_v1")))
    assert spec.make_game(num_players=3).num_players == 3
    from gnome_envs.gnome_village import GnomeVillageGame
    from gnome_envs.gnome_village import make_game as village_factory

    assert isinstance(village_factory(num_players=2), GnomeVillageGame)
    with pytest.raises(AttributeError, match="has no attribute 'NoSuchGame'"):
        gnome_envs.gnome_village.NoSuchGame
