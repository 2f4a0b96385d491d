"""Shared fixtures of the conformance suite.

Every test that takes a ``case`` argument runs once per registered env and variant config
(``gnome_envs.ENV_IDS`` x ``EnvSpec.variant_configs()``), with readable ids such as
``gnome_village_v1-3p-deluxe``. A :class:`Case` builds the game, states and envs of its config
and carries the small drivers the tests share (random legal play with failure messages that
name the case, seed and step). Nothing here is specific to one game.
"""

from __future__ import annotations

import importlib.util
import sys
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import gnome_envs
from gnome_envs.core.engine import Game, State
from gnome_envs.core.registry import EnvSpec, get_spec, make_game

TESTS_DIR = Path(__file__).resolve().parent
MAX_GAME_STEPS = 5000  # a random game that has not ended after this many decisions is a bug


def _load_golden():
    """tests/golden.py, loaded by path (tests/ is not a package; it also runs as tests.golden)."""
    name = "_gnome_envs_tests_golden"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, TESTS_DIR / "golden.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


golden = _load_golden()


class Case:
    """One (env_id, variant config) under test, with helpers to drive it."""

    def __init__(self, env_id: str, config: dict[str, Any]) -> None:
        self.env_id = env_id
        self.config = dict(config)
        self.id = golden.case_id(env_id, config)
        self.spec: EnvSpec = get_spec(env_id)
        self.num_players: int = config["num_players"]
        self.golden_path: Path = golden.golden_path(env_id, config)
        self._game: Game | None = None

    def __repr__(self) -> str:
        return f"Case({self.id})"

    # ------------------------------------------------------------------ building
    @property
    def game(self) -> Game:
        """The Game of this config (built once)."""
        if self._game is None:
            self._game = make_game(self.env_id, **self.config)
        return self._game

    def new_state(self, seed: int) -> State:
        """A fresh engine state."""
        return self.game.new_state(seed)

    def make_env(self, **adapter: Any) -> gnome_envs.GnomeAECEnv:
        """The AEC env of this config with adapter options."""
        return gnome_envs.make(self.env_id, **self.config, **adapter)

    def seeds(self, label: str, count: int) -> list[int]:
        """``count`` fixed seeds for the test ``label`` (stable across runs and processes)."""
        base = zlib.crc32(f"{self.id}/{label}".encode()) % (2**31)
        return [base + i for i in range(count)]

    def where(self, seed: int, step: int | None = None, **extra: Any) -> str:
        """Context for failure messages: case, seed, step and anything else given."""
        parts = [self.id, f"seed={seed}"]
        if step is not None:
            parts.append(f"step={step}")
        parts += [f"{key}={value!r}" for key, value in extra.items()]
        return " ".join(parts)

    # ------------------------------------------------------------------ playing
    @staticmethod
    def random_action(mask: np.ndarray, rng: np.random.Generator) -> int:
        """A uniformly random legal action of ``mask``."""
        legal = np.flatnonzero(mask)
        return int(legal[rng.integers(legal.size)])

    def apply(self, state: State, action: int, seed: int, step: int) -> None:
        """``state.apply(action)``; any error fails with the case, seed, step and action."""
        try:
            state.apply(action)
        except Exception as err:  # noqa: BLE001 - re-raised as a located failure
            pytest.fail(
                f"{self.where(seed, step, action=action)} decision={state.decision_name()!r}: "
                f"apply raised {type(err).__name__}: {err}"
            )

    def play(
        self,
        state: State,
        rng: np.random.Generator,
        seed: int,
        *,
        start_step: int = 0,
        stop: Callable[[State, int], bool] | None = None,
        after: Callable[[State, int], None] | None = None,
    ) -> int:
        """Play random legal actions until the end (or ``stop(state, step)``); return the step.

        ``after(state, step)`` runs after every applied action.
        """
        step = start_step
        while not state.is_terminal():
            if stop is not None and stop(state, step):
                return step
            assert step < start_step + MAX_GAME_STEPS, (
                f"{self.where(seed, step)}: no end after {MAX_GAME_STEPS} random decisions"
            )
            action = self.random_action(state.legal_action_mask(), rng)
            self.apply(state, action, seed, step)
            step += 1
            if after is not None:
                after(state, step)
        return step

    def segment_at(self, index: int) -> str:
        """Name of the observation segment holding vector entry ``index``."""
        for segment in self.game.observation_layout:
            if segment.start <= index < segment.stop:
                return f"{segment.name}[{index - segment.start}]"
        return f"<no segment>[{index}]"

    def check_observation(self, obs: Any, context: str, size: int | None = None) -> None:
        """``obs`` is a float32 vector of the right size, finite and within [0, 1]."""
        size = self.game.observation_size if size is None else size
        assert isinstance(obs, np.ndarray), f"{context}: observation is {type(obs).__name__}, not ndarray"
        assert obs.dtype == np.float32, f"{context}: observation dtype {obs.dtype}, expected float32"
        assert obs.shape == (size,), f"{context}: observation shape {obs.shape}, expected ({size},)"
        bad = np.flatnonzero(~np.isfinite(obs))
        assert bad.size == 0, (
            f"{context}: non-finite observation entries at {[self.segment_at(i) for i in bad[:5]]}"
        )
        bad = np.flatnonzero((obs < 0.0) | (obs > 1.0))
        assert bad.size == 0, (
            f"{context}: observation entries outside [0, 1]: "
            + ", ".join(f"{self.segment_at(i)}={obs[i]!r}" for i in bad[:5])
        )

    def observations(self, state: State) -> list[np.ndarray]:
        """Copies of every seat's observation."""
        return [np.array(state.observation(seat), copy=True) for seat in range(self.num_players)]

    def snapshot(self, state: State) -> tuple[str, np.ndarray, list[np.ndarray], int]:
        """Hash, mask, observations and current player: what must not change."""
        return (
            state.state_hash(),
            np.array(state.legal_action_mask(), copy=True),
            self.observations(state),
            state.current_player,
        )

    def assert_unchanged(self, state: State, before: tuple, context: str) -> None:
        """Fail if ``state`` differs from its ``snapshot`` ``before``."""
        hash_, mask, observations, player = before
        assert state.state_hash() == hash_, f"{context}: state hash changed"
        assert np.array_equal(state.legal_action_mask(), mask), f"{context}: legal mask changed"
        assert state.current_player == player, f"{context}: current player changed"
        for seat, expected in enumerate(observations):
            assert np.array_equal(state.observation(seat), expected), (
                f"{context}: observation of seat {seat} changed"
            )


CASES: list[Case] = [Case(env_id, config) for env_id, config in golden.all_cases()]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrise every test that asks for ``case`` over all registered configs."""
    if "case" not in metafunc.fixturenames:
        return
    for marker in metafunc.definition.iter_markers("parametrize"):
        names = marker.args[0]
        names = names.split(",") if isinstance(names, str) else names
        if "case" in (name.strip() for name in names):
            return  # the test chose its own cases
    metafunc.parametrize("case", CASES, ids=[c.id for c in CASES])


@pytest.fixture(scope="session")
def golden_module():
    """tests/golden.py (case enumeration, file naming and recording of golden replays)."""
    return golden


def pytest_report_header(config: pytest.Config) -> str:
    """Show which configs the conformance suite covers."""
    return "gnome_envs conformance cases: " + ", ".join(c.id for c in CASES)
