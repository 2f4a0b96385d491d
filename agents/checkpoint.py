"""A saved sb3-contrib MaskablePPO model as a policy: the ``checkpoint`` agent.

    agents.make("checkpoint:path=runs/x/model.zip", "gnome_village_v1")
    agents.make("checkpoint:path=runs/x/model.zip:deterministic=true", "gnome_village_v1")
    python -m training.selfplay --agents checkpoint:path=runs/x/model.zip,scripted

``checkpoint:name=GAME`` plays a policy shipped with the package instead (``agents.shipped``:
numpy only, see ``agents/models/manifest.json``).

Parameters: ``path`` (the ``.zip`` written by ``model.save``; or ``name``), ``deterministic``
(default false: sample from the masked action distribution with the ``rng`` handed to ``act``,
so games stay reproducible; true: the most probable legal action) and ``players`` (optional:
check the model against that player count when the agent is built instead of at its first move).

A model trained on per-action feature rows (``training.action_score_policy``, e.g. Mighty Gnomes
with ``action_effects=True``) also plays a game built without them: the agent builds the rows
from the seat's view itself (``ROW_FUNCTIONS``).

The agent acts from ``state.observation(seat)`` and ``state.legal_action_mask()`` only. That
observation holds only what ``seat`` may know (the engine contract), so the policy sets
``needs_state = False`` and the harness skips the determinization. The observation size
depends on the env and its player count; the model's observation and action sizes are checked
against the game it plays, and a mismatch raises ConfigError. Loaded models are cached per file
(path, modification time and size) within a process, least recently used dropped first.
"""

from __future__ import annotations

import importlib
import pickle
import zipfile
from collections import OrderedDict
from pathlib import Path
from typing import Any

import numpy as np

import agents
from gnome_envs.core.engine import State
from gnome_envs.core.errors import ConfigError
from gnome_envs.core.registry import game_name, make_game

AGENT_NAME = "checkpoint"
ZIP_SUFFIX = ".zip"
MAX_CACHED_MODELS = 16  # loaded models kept per process (a self-play pool reloads its snapshots)
# Inference needs no training schedules; replacing them avoids unpickling saved lambdas.
INFERENCE_OBJECTS: dict[str, Any] = {"learning_rate": 0.0, "lr_schedule": lambda _: 0.0,
                                     "clip_range": lambda _: 0.0}

LOAD_ERRORS = (OSError, ValueError, KeyError, TypeError, AttributeError, RuntimeError,
               EOFError, zipfile.BadZipFile, pickle.UnpicklingError)

_CACHE: OrderedDict[tuple[str, int, int], Any] = OrderedDict()
# games whose per-action rows a policy may read: module and function (state, seat) -> rows
ROW_FUNCTIONS = {"mighty_gnomes": ("gnome_envs.mighty_gnomes.action_effects", "effect_rows"),
                 "dwarfs_fall": ("gnome_envs.dwarfs_fall.action_effects", "effect_rows"),
                 "rise_of_the_gnomes": ("gnome_envs.rise_of_the_gnomes.action_effects", "effect_rows")}


def with_rows(observation: np.ndarray, rows_start: int | None, env_id: str, state: State, seat: int) -> np.ndarray:
    """``observation`` ended with ``seat``'s per-action rows when a policy reads rows from
    ``rows_start`` on and the game's observation stops there (built without them)."""
    if rows_start is None or observation.size != rows_start:
        return observation
    game = game_name(env_id)
    if game not in ROW_FUNCTIONS:
        raise ConfigError(f"a policy reads per-action rows that {env_id} cannot build")
    module, function = ROW_FUNCTIONS[game]
    rows = getattr(importlib.import_module(module), function)(state, seat)
    return np.concatenate((observation, rows.ravel()))


def resolve_path(path: str | Path) -> Path:
    """The model file ``path`` names (``.zip`` may be left out); ConfigError if it is missing."""
    candidate = Path(path).expanduser()
    for option in (candidate, candidate.with_name(candidate.name + ZIP_SUFFIX)):
        if option.is_file():
            return option.resolve()
    raise ConfigError(f"checkpoint model file not found: {str(path)!r} (looked for {candidate} "
                      f"and {candidate.name + ZIP_SUFFIX}; relative paths start at {Path.cwd()})")


def load_model(path: str | Path) -> Any:
    """The MaskablePPO model saved at ``path`` (CPU, inference only), cached per file."""
    file = resolve_path(path)
    stat = file.stat()
    key = (str(file), stat.st_mtime_ns, stat.st_size)
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    from sb3_contrib import (
        MaskablePPO,  # local import: only this agent needs torch and sb3
    )

    try:
        model = MaskablePPO.load(file, device="cpu", custom_objects=INFERENCE_OBJECTS)
    except LOAD_ERRORS as error:  # a broken zip, another algorithm, a pickle error ...
        raise ConfigError(f"cannot load a MaskablePPO model from {str(file)!r}: "
                          f"{type(error).__name__}: {error}") from None
    model.policy.set_training_mode(False)
    _CACHE[key] = model
    while len(_CACHE) > MAX_CACHED_MODELS:
        _CACHE.popitem(last=False)
    return model


def clear_cache() -> None:
    """Forget every loaded model."""
    _CACHE.clear()


def model_sizes(model: Any) -> tuple[int, int]:
    """The observation length and the number of actions a model was trained with."""
    return int(np.prod(model.observation_space.shape)), int(model.action_space.n)


def check_sizes(model: Any, observation_size: int, num_actions: int, where: str, path: str) -> None:
    """ConfigError unless the model's observation and action sizes are the given ones."""
    obs_size, actions = model_sizes(model)
    if (obs_size, actions) != (observation_size, num_actions):
        raise ConfigError(
            f"checkpoint {path!r} was trained with observation size {obs_size} and {actions} actions, "
            f"but {where} has observation size {observation_size} and {num_actions} actions "
            "(the observation depends on the env, its player count and variants: load a model "
            "trained on the same env and config)")


def masked_action(model: Any, observation: np.ndarray, mask: np.ndarray,
                  rng: np.random.Generator | None, deterministic: bool) -> int:
    """A legal action from the model: argmax, or sampled with ``rng`` from the masked distribution."""
    import torch

    legal = np.flatnonzero(mask)
    if legal.size == 0:
        raise ValueError("no legal action in the mask")
    with torch.no_grad():
        obs_tensor, _ = model.policy.obs_to_tensor(np.asarray(observation, dtype=np.float32))
        distribution = model.policy.get_distribution(obs_tensor)
        logits = distribution.distribution.logits[0].cpu().numpy().astype(np.float64)
    return pick_legal(logits, mask, rng, deterministic)


def pick_legal(logits: np.ndarray, mask: np.ndarray, rng: np.random.Generator | None,
               deterministic: bool) -> int:
    """The legal action with the largest logit, or one sampled with ``rng`` from the legal softmax."""
    legal = np.flatnonzero(mask)
    if legal.size == 0:
        raise ValueError("no legal action in the mask")
    legal_logits = logits[legal]
    if deterministic or rng is None:
        return int(legal[int(np.argmax(legal_logits))])
    probs = np.exp(legal_logits - legal_logits.max())
    probs /= probs.sum()
    return int(legal[int(rng.choice(legal.size, p=probs))])


class CheckpointAgent:
    """Plays a saved MaskablePPO model from the seat's own observation and legal mask."""

    name = AGENT_NAME
    needs_state = False  # observation(seat) already hides what the seat may not know

    def __init__(self, env_id: str, path: str | Path, deterministic: bool = False,
                 players: int | None = None) -> None:
        if not isinstance(deterministic, bool):
            raise ConfigError(f"checkpoint parameter deterministic must be true or false, got {deterministic!r}")
        self.env_id = env_id
        self.path = str(path)
        self.deterministic = deterministic
        self.model = load_model(path)
        self._checked: set[tuple[int, int]] = set()
        layout = getattr(self.model.policy, "row_layout", None)  # training.action_score_policy
        self.rows_start = None if layout is None else layout.start
        if players is not None:
            game = make_game(env_id, num_players=players)
            size = game.observation_size
            size = layout.stop if layout is not None and size == layout.start else size
            self.check_game(size, game.num_actions, f"{env_id} with {players} players")

    def check_game(self, observation_size: int, num_actions: int, where: str) -> None:
        """ConfigError unless the model fits a game with these sizes (remembered once checked)."""
        if (observation_size, num_actions) not in self._checked:
            check_sizes(self.model, observation_size, num_actions, where, self.path)
            self._checked.add((observation_size, num_actions))

    def act(self, state: State, seat: int, rng: np.random.Generator) -> int:
        """The model's action for ``seat``: sampled with ``rng``, or the argmax if deterministic."""
        observation = with_rows(state.observation(seat), self.rows_start, self.env_id, state, seat)
        mask = state.legal_action_mask()
        self.check_game(observation.size, mask.size, f"this {self.env_id} game")
        return masked_action(self.model, observation, mask, rng, self.deterministic)

    def __repr__(self) -> str:
        return f"CheckpointAgent(path={self.path!r}, deterministic={self.deterministic})"


def make_checkpoint_agent(env_id: str, path: str | None = None, deterministic: bool = False,
                          players: int | None = None, name: str | None = None) -> Any:
    """Agent factory: ``checkpoint:path=...[:deterministic=true][:players=N]``, or
    ``checkpoint:name=GAME`` for a policy shipped with the package (``agents.shipped``)."""
    if (path is None) == (name is None):
        raise ConfigError("the checkpoint agent needs a model file or a shipped model, one of them: "
                          "checkpoint:path=runs/x/model.zip or checkpoint:name=gnome_village")
    if name is not None:
        from agents.shipped import ShippedAgent

        if players is not None:
            raise ConfigError("checkpoint:name= takes no players: a shipped model knows its own")
        return ShippedAgent(env_id, str(name), deterministic=deterministic)
    return CheckpointAgent(env_id, str(path), deterministic=deterministic, players=players)


agents.register_agent(AGENT_NAME, make_checkpoint_agent)
