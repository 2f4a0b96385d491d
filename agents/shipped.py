"""Trained policies shipped with the package: ``checkpoint:name=GAME`` (numpy only, no torch).

    agents.make("checkpoint:name=mighty_gnomes", "mighty_gnomes_v1")
    python -m training.evaluate --env gnome_village_v1 --agents checkpoint:name=gnome_village,scripted

A shipped policy is the actor of a MaskablePPO model trained by ``training.train`` (the MLP
from the observation to the action logits; the value network is left behind), stored as
float16 arrays in ``agents/models/<game>.npz``. ``agents/models/manifest.json`` says, per game,
the env id and player count it was trained for, the command that trained it and its measured
win rates. Inference is plain numpy in float32, so playing one needs neither torch nor
stable-baselines3.

Layout of a ``.npz`` file (``L`` hidden layers)::

    w0 (obs_size, h1)  b0 (h1,)   ...  w{L-1} (h{L-1}, hL)  b{L-1} (hL,)    hidden layers, tanh
    head_w (hL, num_actions)  head_b (num_actions,)                         action logits
    meta: json {"env_id", "players", "observation_size", "num_actions", "activation"}

A policy trained on per-action feature rows (``training.action_score_policy``, e.g. Mighty
Gnomes with ``action_effects=True``) also stores its shared score network, and ``meta`` says
where the rows sit (``row_layout``: start, actions, width, and the action of the first row, 0
unless stored); the MLP then reads the observation up to ``start``, and each row's score is added
to its action's logit::

    score_w0 (width, 32)  score_b0 (32,)  score_w1 (32, 1)  score_b1 (1,)   relu in between

Playing a game built without the rows, the agent builds them itself (``agents.checkpoint.with_rows``).

Parameters: ``name`` (a game: the env id without its version, e.g. ``gnome_village``) and
``deterministic`` (as for ``checkpoint:path=``: default false samples the masked softmax with
the ``rng`` handed to ``act``; true plays the most probable legal action).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from agents.checkpoint import pick_legal, with_rows  # the same legal pick and rows as a torch checkpoint
from gnome_envs.core.engine import State
from gnome_envs.core.errors import ConfigError
from gnome_envs.core.registry import game_name

MODELS_DIR = Path(__file__).resolve().parent / "models"
MANIFEST_FILE = MODELS_DIR / "manifest.json"
SUFFIX = ".npz"
STORED_DTYPE = np.float16  # halves the files; logits are computed in float32
ACTIVATIONS = {"tanh": np.tanh, "relu": lambda x: np.maximum(x, 0.0)}
TORCH_ACTIVATIONS = {"Tanh": "tanh", "ReLU": "relu"}
SCORE_KEYS = ("score_w0", "score_b0", "score_w1", "score_b1")


@dataclass(frozen=True)
class PolicyWeights:
    """An MLP from the observation to the action logits, and what it was trained for."""

    layers: tuple[tuple[np.ndarray, np.ndarray], ...]  # (weight (in, out), bias (out,)) per hidden layer
    head: tuple[np.ndarray, np.ndarray]
    activation: str
    meta: dict[str, Any]
    score: tuple[np.ndarray, ...] = field(default=())  # the per-action row score (SCORE_KEYS), if any

    @property
    def table_size(self) -> int:
        """Entries of the observation the MLP reads (all of it unless rows follow)."""
        layout = self.meta.get("row_layout")
        return int(layout["start"]) if layout else int(self.meta["observation_size"])

    def logits(self, observation: np.ndarray) -> np.ndarray:
        """Action logits of one observation vector (float32)."""
        act = ACTIVATIONS[self.activation]
        x = np.asarray(observation, dtype=np.float32)
        if x.size != self.meta["observation_size"]:
            raise ConfigError(f"the policy reads {self.meta['observation_size']} entries, got {x.size}")
        rows = x[self.table_size:]
        x = x[:self.table_size]
        for weight, bias in self.layers:
            x = act(x @ weight + bias)
        out = x @ self.head[0] + self.head[1]
        if self.score:
            w0, b0, w1, b1 = self.score
            width = w0.shape[0]
            scores = (np.maximum(rows.reshape(-1, width) @ w0 + b0, 0.0) @ w1 + b1)[:, 0]
            first = int(self.meta["row_layout"].get("first", 0))
            out[first:first + scores.size] += scores
        return out


def export_policy(model: Any, path: Path, env_id: str, players: int) -> Path:
    """Write the actor of a MaskablePPO ``model`` to ``path`` (.npz, float16)."""
    policy = model.policy
    if not policy.share_features_extractor or type(policy.features_extractor).__name__ != "FlattenExtractor":
        raise ConfigError("only MlpPolicy models with the flatten feature extractor can be exported")
    arrays: dict[str, np.ndarray] = {}
    extra: dict[str, Any] = {}
    extractor = policy.mlp_extractor
    if hasattr(policy, "row_layout"):  # training.action_score_policy.ActionScorePolicy
        first, last = extractor.score[0], extractor.score[-1]
        for key, tensor in zip(SCORE_KEYS, (first.weight.T, first.bias, last.weight.T, last.bias)):
            arrays[key] = tensor.detach().cpu().numpy().astype(STORED_DTYPE)
        extra["row_layout"] = {"start": policy.row_layout.start, "actions": policy.row_layout.actions,
                               "width": policy.row_layout.width, "first": policy.row_layout.first}
        extractor = extractor.mlp
    activation = None
    linear = 0
    for module in extractor.policy_net:
        kind = type(module).__name__
        if kind == "Linear":
            arrays[f"w{linear}"] = module.weight.detach().cpu().numpy().T.astype(STORED_DTYPE)
            arrays[f"b{linear}"] = module.bias.detach().cpu().numpy().astype(STORED_DTYPE)
            linear += 1
        elif kind in TORCH_ACTIVATIONS and activation in (None, TORCH_ACTIVATIONS[kind]):
            activation = TORCH_ACTIVATIONS[kind]
        else:
            raise ConfigError(f"cannot export a policy network layer {kind}")
    arrays["head_w"] = policy.action_net.weight.detach().cpu().numpy().T.astype(STORED_DTYPE)
    arrays["head_b"] = policy.action_net.bias.detach().cpu().numpy().astype(STORED_DTYPE)
    meta = {"env_id": env_id, "players": players, "activation": activation or "tanh",
            "observation_size": int(np.prod(model.observation_space.shape)),
            "num_actions": int(model.action_space.n), **extra}
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, meta=np.array(json.dumps(meta)), **arrays)
    return path


def load_policy(path: Path) -> PolicyWeights:
    """The policy stored at ``path``; ConfigError if it is missing or not an exported policy."""
    try:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            hidden = sum(1 for key in data.files if key.startswith("w"))
            layers = tuple((data[f"w{i}"].astype(np.float32), data[f"b{i}"].astype(np.float32))
                           for i in range(hidden))
            head = (data["head_w"].astype(np.float32), data["head_b"].astype(np.float32))
            score = tuple(data[key].astype(np.float32) for key in SCORE_KEYS) if "row_layout" in meta else ()
    except (OSError, KeyError, ValueError) as error:
        raise ConfigError(f"cannot load a shipped policy from {str(path)!r}: {error}") from None
    if meta.get("activation") not in ACTIVATIONS:
        raise ConfigError(f"{str(path)!r}: unknown activation {meta.get('activation')!r}")
    return PolicyWeights(layers, head, meta["activation"], meta, score)


def manifest() -> dict[str, Any]:
    """The shipped models' manifest: game name -> env id, players, command, measured results."""
    if not MANIFEST_FILE.is_file():
        return {}
    return json.loads(MANIFEST_FILE.read_text())


def shipped_path(name: str) -> Path:
    """The file of the shipped policy ``name``; ConfigError naming the shipped ones if absent."""
    path = MODELS_DIR / f"{name}{SUFFIX}"
    if not path.is_file():
        names = sorted(p.stem for p in MODELS_DIR.glob(f"*{SUFFIX}"))
        raise ConfigError(f"no shipped model named {name!r}; shipped: {', '.join(names) or 'none'}")
    return path


class ShippedAgent:
    """Plays a shipped policy from the seat's own observation and legal mask."""

    name = "checkpoint"
    needs_state = False  # observation(seat) already hides what the seat may not know

    def __init__(self, env_id: str, name: str, deterministic: bool = False) -> None:
        if not isinstance(deterministic, bool):
            raise ConfigError(f"checkpoint parameter deterministic must be true or false, got {deterministic!r}")
        self.policy = load_policy(shipped_path(name))
        if game_name(self.policy.meta["env_id"]) != game_name(env_id):
            raise ConfigError(f"shipped model {name!r} plays {self.policy.meta['env_id']}, not {env_id}")
        self.env_id, self.model_name, self.deterministic = env_id, name, deterministic

    def policy_input(self, state: State, seat: int) -> np.ndarray:
        """``seat``'s observation as the policy reads it (with its per-action rows, if it uses them)."""
        rows_start = self.policy.table_size if self.policy.score else None
        observation = with_rows(state.observation(seat), rows_start, self.env_id, state, seat)
        if observation.size != self.policy.meta["observation_size"]:
            raise ConfigError(
                f"shipped model {self.model_name!r} was trained with {self.policy.meta['players']} players "
                f"(observation size {self.policy.meta['observation_size']}); this game's observation has "
                f"size {observation.size}")
        return observation

    def act(self, state: State, seat: int, rng: np.random.Generator) -> int:
        """The policy's action for ``seat``: sampled with ``rng``, or the argmax if deterministic."""
        logits = self.policy.logits(self.policy_input(state, seat)).astype(np.float64)
        return pick_legal(logits, state.legal_action_mask(), rng, self.deterministic)

    def __repr__(self) -> str:
        return f"ShippedAgent(name={self.model_name!r}, deterministic={self.deterministic})"
