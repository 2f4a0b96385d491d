"""The training envs of ``training.train``: the opponents of a run, the env each worker builds
(SingleAgentEnv with the opponent mix, the unfinished-as-loss rule, the shaped reward and
Monitor) and the learning-curve evaluations."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import gymnasium
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv, VecEnv

from gnome_envs import SingleAgentEnv
from gnome_envs.core.errors import ConfigError
from training.selfplay_pool import SELF_KIND, OpponentMix, parse_kinds
from training.shaping import ShapedReward, UnfinishedAsLoss
from training.train_eval import UNION_NAME, evaluate_model

DEFAULT_SEED = 0
DEFAULT_POOL_SIZE = 5
SHAPED_REWARD = "shaped"  # win/loss plus the fading margin shaping of training.shaping
DEFAULT_SHAPING_FADE_SHARE = 0.5  # the shaping fades out over the first half of the run by default
DEFAULT_OPPONENT_SAMPLING = "uniform"  # prioritized gave no measured gain (training/results/baselines/)
POOL_DIR = "pool"
OPPONENT_SEPARATOR = ","


def parse_opponents(text: str) -> str | list[str]:
    """A single agent name, or a list of names from a comma list."""
    names = [name.strip() for name in text.split(OPPONENT_SEPARATOR) if name.strip()]
    if not names:
        raise ConfigError("opponents need at least one agent name")
    return names[0] if len(names) == 1 else names


def adapter_config(args: argparse.Namespace) -> dict[str, Any]:
    """Keyword config of SingleAgentEnv: ``--config`` plus the reward and the step cap."""
    reward = "win_loss" if args.reward == SHAPED_REWARD else args.reward
    return {"max_steps": args.max_episode_steps, **args.config_kwargs, "reward": reward}


def shaping_fade(args: argparse.Namespace) -> int:
    """Steps over which the margin shaping fades: ``--shaping-fade`` or a share of ``--timesteps``."""
    if args.shaping_fade is not None:
        return args.shaping_fade
    return int(DEFAULT_SHAPING_FADE_SHARE * args.timesteps)


@dataclass(frozen=True)
class EnvSetup:
    """Everything an env process needs to build its training env (picklable)."""

    env_id: str
    players: int
    config: dict[str, Any]
    opponents: str | list[str]  # what SingleAgentEnv gets at construction
    kinds: list[str] | None = None  # per-episode opponent kinds (None: fixed opponents)
    pool_dir: Path | None = None
    pool_size: int = DEFAULT_POOL_SIZE
    seed: int = DEFAULT_SEED
    sampling: str = DEFAULT_OPPONENT_SAMPLING
    shaping: tuple[int, float] | None = None  # (fade steps, weight) of the shaped reward
    n_envs: int = 1
    unfinished_as_loss: bool = False


def env_setup(args: argparse.Namespace, out: Path) -> EnvSetup:
    """The opponents of a run: Gnome Union only, a fixed lineup, one kind, or a per-episode mix."""
    shaping = (shaping_fade(args), args.shaping_weight) if args.reward == SHAPED_REWARD else None
    base = {"env_id": args.env, "players": args.players, "config": adapter_config(args),
            "pool_size": args.pool_size, "seed": args.seed, "sampling": args.opponent_sampling,
            "shaping": shaping, "n_envs": args.n_envs, "unfinished_as_loss": args.unfinished == "loss"}
    if args.players == 1:
        return EnvSetup(opponents=[], **base)
    kinds = parse_kinds(args.opponents)
    if args.fixed_seats or (len(kinds) == 1 and kinds[0] != SELF_KIND):
        if SELF_KIND in kinds:
            raise ConfigError("'self' needs the opponent mix; drop --fixed-seats")
        return EnvSetup(opponents=parse_opponents(args.opponents), **base)
    return EnvSetup(opponents="random", kinds=kinds, pool_dir=out / POOL_DIR, **base)


def env_factory(setup: EnvSetup, index: int, monitor_file: Path | None,
                single_thread: bool = False) -> Callable[[], gymnasium.Env]:
    """A thunk building env number ``index``: SingleAgentEnv (+ OpponentMix) under Monitor."""
    def build() -> gymnasium.Env:
        if single_thread:  # a SubprocVecEnv worker: self-play inference on one core
            import torch

            torch.set_num_threads(1)
        env: gymnasium.Env = SingleAgentEnv(setup.env_id, opponents=setup.opponents, seat="random",
                                            num_players=setup.players, **setup.config)
        if setup.kinds is not None:
            env = OpponentMix(env, setup.kinds, setup.pool_dir, setup.pool_size, setup.seed, index,
                              sampling=setup.sampling)
        if setup.unfinished_as_loss:
            env = UnfinishedAsLoss(env)
        if setup.shaping is not None:  # outside Monitor: the episode reward it logs is win/loss
            return ShapedReward(Monitor(env, filename=str(monitor_file) if monitor_file else None),
                                setup.shaping[0], setup.shaping[1], setup.n_envs)
        return Monitor(env, filename=str(monitor_file) if monitor_file else None)
    return build


def build_vec_env(setup: EnvSetup, n_envs: int, out: Path) -> VecEnv:
    """DummyVecEnv for one env, SubprocVecEnv workers for more."""
    factories = [env_factory(setup, i, out / f"monitor_{i}", single_thread=n_envs > 1) for i in range(n_envs)]
    return DummyVecEnv(factories) if n_envs == 1 else SubprocVecEnv(factories)


def curve_lineups(args: argparse.Namespace) -> dict[str, str | list[str]]:
    """Name -> opponents of each learning-curve evaluation (the Gnome Union alone for one player)."""
    if args.players == 1:
        return {UNION_NAME: []}
    return {kind: kind for kind in parse_kinds(args.curve_opponents)}


def curve_evaluator(args: argparse.Namespace) -> Callable[[Any], dict[str, dict[str, Any]]]:
    """``evaluate(model) -> {opponent: rate_summary}`` on the fixed evaluation seeds."""
    lineups = curve_lineups(args)

    def evaluate(model: Any) -> dict[str, dict[str, Any]]:
        return {name: evaluate_model(model, args.env, args.players, adapter_config(args), opponents,
                                     args.curve_games, args.seed, args.eval_mode == "deterministic")["overall"]
                for name, opponents in lineups.items()}
    return evaluate


__all__ = ["DEFAULT_OPPONENT_SAMPLING", "DEFAULT_POOL_SIZE", "DEFAULT_SEED", "DEFAULT_SHAPING_FADE_SHARE",
           "POOL_DIR", "SHAPED_REWARD", "EnvSetup", "adapter_config", "build_vec_env", "curve_evaluator",
           "curve_lineups", "env_factory", "env_setup", "parse_opponents", "shaping_fade"]
