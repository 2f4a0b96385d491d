"""The Ray-free half of the RLlib integration: env config parsing and per-seat policy mapping.

``gnome_envs.integrations.rllib`` builds on these; they import nothing from Ray so that a config
can be checked (and tested) where Ray is not installed.

Env config (a plain dict, as RLlib hands ``env_config`` to an env creator)::

    {"env": "gnome_village_v1", "num_players": 3,          # env id and any game option
     "opponents": {2: "scripted"},                          # seats played inside the env
                                                            # ({2: ["scripted", "random"]}: one drawn
                                                            # per episode)
     "seats": "random",                                     # rotate the seats every episode
     "reward": "win_loss", "max_steps": 1000, "illegal_action": "terminate"}

Policy mapping (``mapping_fn``): ``"shared"`` maps every learning seat to one module trained by
all of them; ``"snapshots"`` maps one learning seat per episode to ``learner`` and every other
learning seat to a frozen snapshot ``snapshot_<k>`` drawn from the pool.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from gnome_envs.core.aec import validate_adapter_options
from gnome_envs.core.engine import integer_value
from gnome_envs.core.env_module import ADAPTER_OPTIONS, check_options
from gnome_envs.core.errors import ConfigError
from gnome_envs.core.registry import get_spec, make_game

ENV_KEY = "env"
OPPONENTS_KEY = "opponents"
SEATS_KEY = "seats"
SEAT_MODES = ("random", "fixed")  # rotate the seat layout every episode, or keep it as given
DEFAULT_SEATS = "random"
# RLlib's env pre-check and unmasked algorithms may send an illegal action: end the game with -1
# for the offender (as the gymnasium ids do) rather than raise out of the env runner.
DEFAULT_ILLEGAL_ACTION = "terminate"
RLLIB_ADAPTER_OPTIONS = tuple(option for option in ADAPTER_OPTIONS if option != "render_mode")
AGENT_PREFIX = "player_"
SHARED_MODULE = "shared"
LEARNER_MODULE = "learner"
SNAPSHOT_PREFIX = "snapshot_"
POLICY_MODES = ("shared", "snapshots")
REMEMBERED_EPISODES = 4096  # episodes whose mapping a SnapshotMapping keeps (oldest dropped)


def agent_id(seat: int) -> str:
    """``player_<seat>``, the agent ids of the AEC env."""
    return f"{AGENT_PREFIX}{seat}"


def seat_of(agent: str) -> int:
    """The seat of agent id ``player_<seat>``."""
    return int(agent[len(AGENT_PREFIX):])


def snapshot_id(index: int) -> str:
    """``snapshot_<index>``: the module id of pool slot ``index``."""
    return f"{SNAPSHOT_PREFIX}{index}"


@dataclass(frozen=True)
class EnvConfig:
    """A checked env config: the env id, game options, adapter options and inside opponents."""

    env_id: str
    game_options: dict[str, Any]
    opponents: dict[int, Any]  # seat -> agent spec (or policy object) played inside the env, or
    # a tuple of them: one drawn per episode
    seats: str = DEFAULT_SEATS
    reward: str = "win_loss"
    illegal_action: str = DEFAULT_ILLEGAL_ACTION
    max_steps: Any = None  # None here means the env's own cap (EnvSpec.max_steps)
    num_players: int = 0
    learning_seats: tuple[int, ...] = field(default=())


def parse_env_config(config: Mapping[str, Any]) -> EnvConfig:
    """An :class:`EnvConfig` from a plain dict; ConfigError on any bad or unknown value."""
    if not isinstance(config, Mapping):
        raise ConfigError(f"the env config must be a dict, got {type(config).__name__}")
    options = dict(config)
    env_id = options.pop(ENV_KEY, None)
    if not isinstance(env_id, str):
        raise ConfigError(f"the env config needs an env id under {ENV_KEY!r}, e.g. {{'env': 'gnome_village_v1'}}")
    spec = get_spec(env_id)
    opponents = options.pop(OPPONENTS_KEY, None) or {}
    seats = options.pop(SEATS_KEY, DEFAULT_SEATS)
    adapter = {key: options.pop(key) for key in RLLIB_ADAPTER_OPTIONS if key in options}
    check_options(env_id, options, RLLIB_ADAPTER_OPTIONS)
    reward = adapter.get("reward", "win_loss")
    illegal_action = adapter.get("illegal_action", DEFAULT_ILLEGAL_ACTION)
    max_steps = adapter.get("max_steps", spec.max_steps)
    validate_adapter_options(reward, illegal_action, max_steps, None)
    if seats not in SEAT_MODES:
        raise ConfigError(f"{SEATS_KEY} must be one of {SEAT_MODES}, got {seats!r}")
    num_players = make_game(env_id, **options).num_players
    inside = parse_opponents(opponents, num_players)
    learning = tuple(seat for seat in range(num_players) if seat not in inside)
    return EnvConfig(env_id, options, inside, seats, reward, illegal_action, max_steps,
                     num_players, learning)


def parse_opponents(opponents: Any, num_players: int) -> dict[int, Any]:
    """``{seat: spec}`` with integer seats in range, leaving at least one learning seat."""
    if not isinstance(opponents, Mapping):
        raise ConfigError(f"opponents must be a dict {{seat: agent spec}}, got {opponents!r}")
    parsed: dict[int, Any] = {}
    for key, spec in opponents.items():
        seat = _int_or_none(key) if isinstance(key, str) else integer_value(key)
        if seat is None or not 0 <= seat < num_players:
            raise ConfigError(f"opponent seat {key!r} is not a seat of a {num_players}-player game")
        if seat in parsed:
            raise ConfigError(f"opponent seat {seat} is given twice")
        if isinstance(spec, (list, tuple)):
            if not spec:
                raise ConfigError(f"opponent seat {seat} lists no agent to draw from")
            spec = tuple(spec)
        parsed[seat] = spec
    if len(parsed) >= num_players:
        raise ConfigError(f"opponents fill all {num_players} seats; leave at least one seat to learn")
    return dict(sorted(parsed.items()))


def _int_or_none(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


# ---------------------------------------------------------------------------- policy mapping
def shared_mapping(agent: Any, episode: Any = None, **kwargs: Any) -> str:
    """Every learning seat plays and trains the one ``shared`` module."""
    return SHARED_MODULE


class SnapshotMapping:
    """Per episode: one learning seat (drawn uniformly) is ``learner``, the others frozen snapshots.

    ``num_learning_seats`` is how many seats RLlib plays per episode; the k-th of them to appear
    in an episode is the learner, k drawn from the mapping's own seeded generator, so the learner
    is not always the seat that moves first. Each other seat draws a pool slot uniformly.
    """

    def __init__(self, num_learning_seats: int, pool_size: int, seed: int = 0) -> None:
        if num_learning_seats < 1 or pool_size < 1:
            raise ConfigError("a snapshot mapping needs at least one learning seat and one pool slot")
        self.num_learning_seats = num_learning_seats
        self.pool_size = pool_size
        self._rng = np.random.default_rng(seed)
        self._episodes: OrderedDict[Any, list[int]] = OrderedDict()  # episode -> [learner index, seen]

    def __call__(self, agent: Any, episode: Any = None, **kwargs: Any) -> str:
        """The module id that plays ``agent`` in ``episode``."""
        key = getattr(episode, "id_", episode)
        if key not in self._episodes:
            self._episodes[key] = [int(self._rng.integers(self.num_learning_seats)), 0]
            while len(self._episodes) > REMEMBERED_EPISODES:
                self._episodes.popitem(last=False)
        record = self._episodes[key]
        position = record[1]
        record[1] += 1
        if position == record[0]:
            return LEARNER_MODULE
        return snapshot_id(int(self._rng.integers(self.pool_size)))


def module_ids(mode: str, pool_size: int) -> tuple[str, ...]:
    """The module ids of a policy mode: ``shared``, or ``learner`` and the snapshot slots."""
    if mode == "shared":
        return (SHARED_MODULE,)
    if mode == "snapshots":
        return (LEARNER_MODULE, *(snapshot_id(i) for i in range(pool_size)))
    raise ConfigError(f"policy mode must be one of {POLICY_MODES}, got {mode!r}")


def mapping_fn(mode: str, num_learning_seats: int, pool_size: int = 1,
               seed: int = 0) -> Callable[..., str]:
    """The agent-to-module mapping of a policy mode."""
    module_ids(mode, pool_size)
    if mode == "shared":
        return shared_mapping
    return SnapshotMapping(num_learning_seats, pool_size, seed)


def trained_module(mode: str) -> str:
    """The one module id a policy mode trains."""
    module_ids(mode, 1)
    return SHARED_MODULE if mode == "shared" else LEARNER_MODULE
