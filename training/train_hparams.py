"""PPO hyperparameters of ``training.train`` and their command-line options.

    --learning-rate 1e-3 --lr-schedule constant --n-steps 512 --batch-size 128 --n-epochs 10
    --target-kl 0 --ent-coef 0.01 --net-arch 256,256

The defaults are the recipe that learned fastest in short runs: small rollouts and several
epochs so that a 2-core CPU learns something in 20,000 steps within a few minutes (at 3e-4 the
argmax policy often stayed weaker than random there; 1e-3 makes it learn too). That recipe takes
large steps: on Mighty Gnomes 2p it moved the policy by an approximate KL of 0.3-0.45 per update,
with 30-60% of the ratios clipped. Smaller steps (``--learning-rate 3e-4 --lr-schedule linear
--n-steps 2048 --batch-size 256 --target-kl 0.03``, an update's epochs stop once its KL passes
1.5 x the target) kept the KL near 0.03 and the entropy high, but with the same reward and
opponents they ended 250,000 steps as far behind the scripted agent as the 1e-3 recipe (mean
margin -30.9 against -32.2 points over 200 games, ``training/results/baselines/``): no measured
gain at that budget, so they are options, not defaults.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from gnome_envs.core.errors import ConfigError

LEARNING_RATE = 1e-3
LR_SCHEDULES = ("constant", "linear")
LR_SCHEDULE = "constant"
LEARNING_RATE_FINAL = 0.0  # where --lr-schedule linear ends
N_STEPS = 512  # rollout length per env between updates
BATCH_SIZE = 128
N_EPOCHS = 10
TARGET_KL = 0.0  # 0: no limit
GAMMA = 0.99
GAE_LAMBDA = 0.95
CLIP_RANGE = 0.2
ENT_COEF = 0.01
VF_COEF = 0.5
MAX_GRAD_NORM = 0.5
NET_ARCH = (256, 256)  # hidden layers of both the policy and the value network


@dataclass(frozen=True)
class LinearDecay:
    """A value (the learning rate; the entropy coefficient's schedule) going linearly from ``start``
    to ``final`` (default 0) as sb3's progress_remaining goes 1 -> 0 (``final`` is also a class
    attribute, so a decay pickled before it existed still falls to 0)."""

    start: float
    final: float = 0.0

    def __call__(self, progress_remaining: float) -> float:
        """The value at ``progress_remaining`` (1 at the start of learn(), 0 at its end)."""
        return self.final + (self.start - self.final) * max(progress_remaining, 0.0)


def parse_net_arch(text: str) -> list[int]:
    """Hidden layer sizes from ``256,256``."""
    try:
        sizes = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"--net-arch takes comma-separated integers, got {text!r}") from None
    if not sizes or min(sizes) < 1:
        raise argparse.ArgumentTypeError(f"--net-arch needs positive layer sizes, got {text!r}")
    return sizes


def add_ppo_arguments(parser: argparse.ArgumentParser) -> None:
    """The PPO options of a fresh run (a resumed model keeps its own unless they are given:
    ``override_resumed``)."""
    add = parser.add_argument
    add("--learning-rate", type=float, default=LEARNING_RATE,
        help=f"initial learning rate (default: {LEARNING_RATE:g})")
    add("--lr-schedule", choices=LR_SCHEDULES, default=LR_SCHEDULE,
        help=f"learning rate constant, or going linearly to --learning-rate-final over the run (default: {LR_SCHEDULE})")
    add("--learning-rate-final", type=float, default=LEARNING_RATE_FINAL,
        help=f"with --lr-schedule linear: the learning rate at the end of the run (default: {LEARNING_RATE_FINAL:g})")
    add("--n-steps", type=int, default=N_STEPS, help=f"rollout length per env between updates (default: {N_STEPS})")
    add("--batch-size", type=int, default=BATCH_SIZE, help=f"minibatch size (default: {BATCH_SIZE})")
    add("--n-epochs", type=int, default=N_EPOCHS, help=f"passes over each rollout (default: {N_EPOCHS})")
    add("--target-kl", type=float, default=TARGET_KL,
        help=f"stop an update's epochs once its approximate KL passes 1.5 x this, 0: never (default: {TARGET_KL:g})")
    add("--ent-coef", type=float, default=ENT_COEF, help=f"entropy bonus coefficient (default: {ENT_COEF:g})")
    add("--ent-coef-final", type=float, default=None,
        help="the entropy coefficient at the end of the run, reached linearly from the one it starts with "
             "(--ent-coef, or a resumed model's own) over --timesteps (default: constant)")
    add("--net-arch", type=parse_net_arch, default=list(NET_ARCH),
        help=f"hidden layers of the policy and value networks (default: {','.join(map(str, NET_ARCH))})")


# the PPO options a resumed model takes from the command line when they are given there (the
# network cannot change: its weights are restored)
RESUME_OVERRIDES = ("learning_rate", "lr_schedule", "learning_rate_final", "n_steps", "batch_size", "n_epochs",
                    "target_kl", "ent_coef")


def explicit_ppo(argv: list[str]) -> set[str]:
    """The PPO options spelled out in ``argv`` (``learning_rate``, ...), defaults not counted."""
    parser = argparse.ArgumentParser(add_help=False, argument_default=argparse.SUPPRESS)
    add_ppo_arguments(parser)
    for action in parser._actions:
        action.default = argparse.SUPPRESS
    known, _rest = parser.parse_known_args(argv)
    return set(vars(known))


def override_resumed(model: Any, args: argparse.Namespace, given: set[str]) -> list[str]:
    """Set the PPO options ``given`` on the command line on a resumed ``model``; the names set.
    ConfigError for ``--net-arch`` (the restored weights fix the network)."""
    check_resume_options(given)
    chosen = [key for key in RESUME_OVERRIDES if key in given]
    if {"learning_rate", "lr_schedule", "learning_rate_final"} & given:
        rate = args.learning_rate if "learning_rate" in given else _initial_rate(model)
        linear = args.lr_schedule == "linear"
        model.learning_rate = LinearDecay(rate, args.learning_rate_final) if linear else rate
        model._setup_lr_schedule()
    for key in ("batch_size", "n_epochs", "ent_coef"):
        if key in given:
            setattr(model, key, getattr(args, key))
    if "target_kl" in given:
        model.target_kl = args.target_kl or None
    if "n_steps" in given and args.n_steps != model.n_steps:
        model.n_steps = args.n_steps
        old = model.rollout_buffer
        model.rollout_buffer = type(old)(args.n_steps, model.observation_space, model.action_space,
                                         device=model.device, gamma=model.gamma, gae_lambda=model.gae_lambda,
                                         n_envs=model.n_envs)
    return chosen


def check_resume_options(given: Iterable[str]) -> None:
    """ConfigError when the PPO options ``given`` on a resume include the network."""
    if "net_arch" in given:
        raise ConfigError("--net-arch cannot change on --resume: the network's weights are restored")


def _initial_rate(model: Any) -> float:
    """The resumed model's learning rate at the start of its schedule."""
    rate = model.learning_rate
    return float(rate(1.0)) if callable(rate) else float(rate)


def validate_ppo(args: argparse.Namespace) -> None:
    """ConfigError for out-of-range PPO options."""
    if args.learning_rate <= 0 or min(args.n_steps, args.batch_size, args.n_epochs) < 1:
        raise ConfigError("--learning-rate, --n-steps, --batch-size and --n-epochs must be positive")
    if args.target_kl < 0 or args.ent_coef < 0 or (args.ent_coef_final or 0.0) < 0:
        raise ConfigError("--target-kl, --ent-coef and --ent-coef-final must be >= 0")
    if args.learning_rate_final < 0:
        raise ConfigError("--learning-rate-final must be >= 0")
    if args.learning_rate_final and args.lr_schedule != "linear":
        raise ConfigError("--learning-rate-final needs --lr-schedule linear")


def hyperparameters(args: argparse.Namespace | None = None) -> dict[str, Any]:
    """MaskablePPO keyword arguments of a fresh run (the defaults without ``args``)."""
    defaults = {"learning_rate": LEARNING_RATE, "lr_schedule": LR_SCHEDULE, "learning_rate_final": LEARNING_RATE_FINAL,
                "n_steps": N_STEPS,
                "batch_size": BATCH_SIZE, "n_epochs": N_EPOCHS, "target_kl": TARGET_KL,
                "ent_coef": ENT_COEF, "net_arch": list(NET_ARCH)}
    chosen = defaults if args is None else {key: getattr(args, key) for key in defaults}
    rate = chosen["learning_rate"]
    linear = chosen["lr_schedule"] == "linear"
    return {"learning_rate": LinearDecay(rate, chosen["learning_rate_final"]) if linear else rate,
            "n_steps": chosen["n_steps"], "batch_size": chosen["batch_size"], "n_epochs": chosen["n_epochs"],
            "target_kl": chosen["target_kl"] or None, "gamma": GAMMA, "gae_lambda": GAE_LAMBDA,
            "clip_range": CLIP_RANGE, "ent_coef": chosen["ent_coef"], "vf_coef": VF_COEF,
            "max_grad_norm": MAX_GRAD_NORM, "net_arch": list(chosen["net_arch"])}
