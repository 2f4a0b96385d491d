"""Train a MaskablePPO learner on a gnome env's single-agent adapter, then evaluate it seat by seat.

    python -m training.train --env gnome_village_v0 --timesteps 20000 [--players 2]
        [--opponents random] [--seed 0] [--eval-games 100] [--out runs/...] [--config k=v] [--json]

The learner sits at a random seat each episode (``SingleAgentEnv(..., seat="random")``); the
other seats are played by ``--opponents``. TensorBoard logs and Monitor CSVs go to the out
directory, the model to ``<out>/model.zip``. The evaluation then fixes the learner at every
seat in turn against random opponents and acts deterministically with its action mask.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import DummyVecEnv

from gnome_envs import SingleAgentEnv
from gnome_envs.core.aec import REWARD_MODES
from gnome_envs.core.errors import ConfigError
from training import common

DEFAULT_TIMESTEPS = 20_000
DEFAULT_PLAYERS = 2
DEFAULT_OPPONENTS = "random"
DEFAULT_EVAL_OPPONENTS = "random"
DEFAULT_EVAL_GAMES = 100
DEFAULT_SEED = 0
DEFAULT_N_ENVS = 1
# Dense victory-point gain: 20,000 steps are only ~140 two-player games, too few terminal +-1
# signals for win_loss to learn from reliably; the evaluation still counts wins.
DEFAULT_REWARD = "score"
RUNS_DIR = Path("runs")
MODEL_FILE = "model.zip"
REPORT_FILE = "report.json"
TENSORBOARD_DIR = "tb"
TB_RUN_NAME = "MaskablePPO"
OPPONENT_SEPARATOR = ","
EVAL_STREAM = 1  # SeedSequence key of the evaluation games (training uses the plain seed)
GAME_SEED_BOUND = 2**63
DEFAULT_MAX_EPISODE_STEPS = 1000  # learner decisions before truncation (typical 2p game: ~150)

# PPO hyperparameters: small rollouts and several epochs so that a 2-core CPU learns something
# in 20,000 steps within a few minutes. At 3e-4 the sampled policy improved but its argmax (what
# the evaluation plays) often stayed weaker than random; 1e-3 makes the argmax policy learn too.
LEARNING_RATE = 1e-3
N_STEPS = 512  # rollout length per env between updates
BATCH_SIZE = 128
N_EPOCHS = 10
GAMMA = 0.99
GAE_LAMBDA = 0.95
CLIP_RANGE = 0.2
ENT_COEF = 0.01
VF_COEF = 0.5
MAX_GRAD_NORM = 0.5
NET_ARCH = (256, 256)  # hidden layers of both the policy and the value network


def hyperparameters() -> dict[str, Any]:
    """The PPO hyperparameters this job uses (recorded in the report)."""
    return {"learning_rate": LEARNING_RATE, "n_steps": N_STEPS, "batch_size": BATCH_SIZE,
            "n_epochs": N_EPOCHS, "gamma": GAMMA, "gae_lambda": GAE_LAMBDA,
            "clip_range": CLIP_RANGE, "ent_coef": ENT_COEF, "vf_coef": VF_COEF,
            "max_grad_norm": MAX_GRAD_NORM, "net_arch": list(NET_ARCH)}


# ---------------------------------------------------------------------------- arguments
def build_parser() -> argparse.ArgumentParser:
    """The ``training.train`` argument parser."""
    parser = argparse.ArgumentParser(
        prog="python -m training.train",
        description="Train sb3-contrib MaskablePPO on gnome_envs.SingleAgentEnv (learner at a "
                    "random seat), save <out>/model.zip with TensorBoard logs, then evaluate it "
                    "at every seat against random opponents (win rate, 95% Wilson interval).",
    )
    common.add_env_argument(parser)
    parser.add_argument("--timesteps", type=int, default=DEFAULT_TIMESTEPS,
                        help=f"learner decisions to train for (default: {DEFAULT_TIMESTEPS})")
    parser.add_argument("--players", type=int, default=DEFAULT_PLAYERS,
                        help=f"number of players (default: {DEFAULT_PLAYERS})")
    parser.add_argument("--opponents", default=DEFAULT_OPPONENTS,
                        help="training opponents: one agent name for every other seat, or a comma "
                             f"list of players-1 names (default: {DEFAULT_OPPONENTS})")
    parser.add_argument("--eval-opponents", default=DEFAULT_EVAL_OPPONENTS,
                        help=f"evaluation opponents, same form (default: {DEFAULT_EVAL_OPPONENTS})")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED,
                        help=f"seed of training and evaluation (default: {DEFAULT_SEED})")
    parser.add_argument("--eval-games", type=int, default=DEFAULT_EVAL_GAMES,
                        help="evaluation games, split evenly over the seats "
                             f"(default: {DEFAULT_EVAL_GAMES}; 0 skips evaluation)")
    parser.add_argument("--n-envs", type=int, default=DEFAULT_N_ENVS,
                        help=f"environments in the DummyVecEnv (default: {DEFAULT_N_ENVS})")
    parser.add_argument("--reward", choices=REWARD_MODES, default=DEFAULT_REWARD,
                        help="reward of the adapter; the evaluation counts wins whatever it is "
                             f"(default: {DEFAULT_REWARD})")
    parser.add_argument("--max-episode-steps", type=int, default=DEFAULT_MAX_EPISODE_STEPS,
                        help="truncate an episode after this many learner decisions, in training "
                             "and evaluation: a stalling policy can otherwise keep a game going "
                             f"forever (default: {DEFAULT_MAX_EPISODE_STEPS}; "
                             "--config max_steps=... overrides)")
    parser.add_argument("--out", type=Path, default=None,
                        help="output directory (default: runs/<env>-<players>p-<seed>)")
    common.add_config_argument(parser)
    common.add_output_arguments(parser)
    return parser


def parse_opponents(text: str) -> str | list[str]:
    """A single agent name, or a list of names from a comma list."""
    names = [name.strip() for name in text.split(OPPONENT_SEPARATOR) if name.strip()]
    if not names:
        raise ConfigError("opponents need at least one agent name")
    return names[0] if len(names) == 1 else names


def adapter_config(args: argparse.Namespace) -> dict[str, Any]:
    """Keyword config of SingleAgentEnv: ``--config`` plus the reward and the step cap."""
    return {"max_steps": args.max_episode_steps, **args.config_kwargs, "reward": args.reward}


def default_out(env_id: str, players: int, seed: int) -> Path:
    """``runs/<env>-<players>p-<seed>``."""
    return RUNS_DIR / f"{env_id}-{players}p-{seed}"


# ---------------------------------------------------------------------------- training
class ProgressCallback(BaseCallback):
    """A tqdm bar over training timesteps (stderr), with recent episode stats after each rollout."""

    def __init__(self, total: int, disable: bool = False) -> None:
        super().__init__()
        self.total = total
        self.disable = disable
        self.bar: Any = None

    def _on_training_start(self) -> None:
        self.bar = common.progress_bar(self.total, "train", disable=self.disable, unit="step")

    def _on_step(self) -> bool:
        self.bar.update(min(self.model.num_timesteps, self.total) - self.bar.n)
        return True

    def _on_rollout_end(self) -> None:
        episodes = self.model.ep_info_buffer
        if episodes:
            mean_reward = float(np.mean([ep["r"] for ep in episodes]))
            self.bar.set_postfix(ep_rew=f"{mean_reward:+.3f}", episodes=len(episodes))

    def _on_training_end(self) -> None:
        self.bar.close()


def env_factory(env_id: str, opponents: str | list[str], players: int, config: dict[str, Any],
                monitor_file: Path | None) -> Callable[[], gymnasium.Env]:
    """A thunk building one Monitor-wrapped single-agent env (learner at a random seat)."""
    def build() -> gymnasium.Env:
        env = SingleAgentEnv(env_id, opponents=opponents, seat="random", num_players=players, **config)
        return Monitor(env, filename=str(monitor_file) if monitor_file else None)
    return build


def train_model(args: argparse.Namespace, out: Path) -> tuple[MaskablePPO, float]:
    """Train MaskablePPO; returns the model and the training wall time in seconds."""
    config = adapter_config(args)
    opponents = parse_opponents(args.opponents)
    factories = [env_factory(args.env, opponents, args.players, config, out / f"monitor_{i}")
                 for i in range(args.n_envs)]
    vec_env = DummyVecEnv(factories)
    kwargs = hyperparameters()
    net_arch = kwargs.pop("net_arch")
    model = MaskablePPO("MlpPolicy", vec_env, seed=args.seed, verbose=0,
                        tensorboard_log=str(out / TENSORBOARD_DIR),
                        policy_kwargs={"net_arch": net_arch}, **kwargs)
    callback = ProgressCallback(args.timesteps, disable=args.no_progress)
    start = time.perf_counter()
    model.learn(total_timesteps=args.timesteps, callback=callback, tb_log_name=TB_RUN_NAME)
    seconds = time.perf_counter() - start
    vec_env.close()
    return model, seconds


def training_summary(model: MaskablePPO, seconds: float) -> dict[str, Any]:
    """Timesteps, time, speed and recent episode stats of a finished training run."""
    episodes = list(model.ep_info_buffer)
    rewards = [float(ep["r"]) for ep in episodes]
    lengths = [float(ep["l"]) for ep in episodes]
    return {"timesteps": int(model.num_timesteps), "seconds": seconds,
            "steps_per_s": model.num_timesteps / seconds if seconds > 0 else 0.0,
            "recent_episodes": len(episodes), "recent_reward_mean": common.mean_std(rewards)[0],
            "recent_length_mean": common.mean_std(lengths)[0]}


# ---------------------------------------------------------------------------- evaluation
def games_per_seat(total: int, players: int) -> list[int]:
    """``total`` games split over the seats as evenly as possible (earlier seats get the rest)."""
    return [total // players + (1 if seat < total % players else 0) for seat in range(players)]


def play_eval_game(model: MaskablePPO, env: SingleAgentEnv, seed: int) -> tuple[float, int, bool]:
    """One deterministic, masked game: the learner's win share, its decisions, whether it ended."""
    obs, info = env.reset(seed=seed)
    done, decisions = False, 0
    while not done:
        action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
        obs, _reward, terminated, truncated, info = env.step(int(action))
        decisions += 1
        done = terminated or truncated
    if "placements" not in info:
        return 0.0, decisions, False  # truncated: nobody wins
    return common.win_shares(info["placements"])[info["learner_seat"]], decisions, True


def evaluate(model: MaskablePPO, args: argparse.Namespace) -> dict[str, Any]:
    """Seat-balanced evaluation: the learner fixed at each seat in turn against the eval opponents."""
    config = adapter_config(args)
    opponents = parse_opponents(args.eval_opponents)
    seed_rng = np.random.default_rng(np.random.SeedSequence([args.seed, EVAL_STREAM]))
    bar = common.progress_bar(args.eval_games, "evaluate", disable=args.no_progress, unit="game")
    per_seat, lengths, truncated = [], [], 0
    for seat, count in enumerate(games_per_seat(args.eval_games, args.players)):
        env = SingleAgentEnv(args.env, opponents=opponents, seat=seat, num_players=args.players, **config)
        wins = 0.0
        for _ in range(count):
            share, decisions, finished = play_eval_game(model, env, int(seed_rng.integers(GAME_SEED_BOUND)))
            wins += share
            lengths.append(decisions)
            truncated += not finished
            bar.update(1)
        per_seat.append({"seat": seat, **common.rate_summary(wins, count)})
    bar.close()
    total_wins = sum(row["wins"] for row in per_seat)
    return {"opponents": opponents, "overall": common.rate_summary(total_wins, args.eval_games),
            "per_seat": per_seat, "reference_win_rate": 1.0 / args.players,
            "learner_decisions_mean": common.mean_std(lengths)[0], "truncated_games": truncated}


# ---------------------------------------------------------------------------- output
def render_text(report: dict[str, Any]) -> str:
    """Human-readable summary of a training run and its evaluation."""
    train = report["training"]
    lines = [
        (f"Trained MaskablePPO on {report['env']} ({report['players']} players, seed {report['seed']}, "
        f"reward {report['reward']}, opponents {report['opponents']}, config {report['config'] or '{}'})"),
        (f"{train['timesteps']:,} timesteps in {train['seconds']:.1f} s ({train['steps_per_s']:,.0f} steps/s); "
        f"recent {train['recent_episodes']} episodes: mean reward {train['recent_reward_mean']:+.3f}, "
        f"mean length {train['recent_length_mean']:.1f}"),
        f"Model: {report['model_path']}    TensorBoard: {report['tensorboard_dir']}",
    ]
    evaluation = report.get("evaluation")
    if evaluation is None:
        return "\n".join(lines + ["Evaluation skipped (--eval-games 0)."])
    rows = [[f"seat {r['seat']}", r["games"], common.format_wins(r["wins"]), common.format_rate(r)]
            for r in evaluation["per_seat"]]
    overall = evaluation["overall"]
    rows.append(["overall", overall["games"], common.format_wins(overall["wins"]), common.format_rate(overall)])
    rows.append(["random vs random", "-", "-", f"{evaluation['reference_win_rate']:.3f}"])
    if evaluation["truncated_games"]:
        rows.append(["truncated (no win)", evaluation["truncated_games"], "-", "-"])
    lines += ["", (f"Evaluation against {evaluation['opponents']} (deterministic, masked; "
                  "a tie for first shares the win)"),
              common.format_table(["learner", "games", "wins", "win rate [95% CI]"], rows)]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Run the training job for parsed arguments."""
    if args.timesteps < 1 or args.n_envs < 1 or args.eval_games < 0:
        raise ConfigError("--timesteps and --n-envs must be positive, --eval-games non-negative")
    if "reward" in args.config_kwargs:  # --config reward=... overrides --reward
        args.reward = args.config_kwargs.pop("reward")
    # build one env first, so that a bad config fails before the out dir is created
    env_factory(args.env, parse_opponents(args.opponents), args.players, adapter_config(args), None)()
    out = args.out if args.out is not None else default_out(args.env, args.players, args.seed)
    out.mkdir(parents=True, exist_ok=True)
    model, seconds = train_model(args, out)
    model_path = out / MODEL_FILE
    model.save(model_path)
    report: dict[str, Any] = {
        "job": "train", "env": args.env, "players": args.players, "seed": args.seed,
        "reward": args.reward, "opponents": parse_opponents(args.opponents),
        "config": args.config_kwargs, "n_envs": args.n_envs, "hyperparameters": hyperparameters(),
        "training": training_summary(model, seconds), "model_path": str(model_path),
        "tensorboard_dir": str(out / TENSORBOARD_DIR),
        "evaluation": evaluate(model, args) if args.eval_games > 0 else None,
    }
    (out / REPORT_FILE).write_text(common.to_json(report))
    return common.emit(report, args.json, render_text)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    return common.run_cli(run, build_parser(), argv)


if __name__ == "__main__":
    sys.exit(main())
