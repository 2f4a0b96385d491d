"""Train a MaskablePPO learner on a gnome env's single-agent adapter, then evaluate it seat by seat.

    python -m training.train --env gnome_village_v1 --timesteps 20000 [--players 2]
        [--opponents random,scripted,self] [--snapshot-every 10000] [--pool-size 5]
        [--n-envs 4] [--checkpoint-every 10000] [--eval-every 10000] [--resume runs/x/model.zip]
        [--seed 0] [--eval-games 100] [--eval-mode sampled] [--out runs/...] [--config k=v] [--json]
        [--reward shaped] [--shaping-fade STEPS] [--shaping-weight 1.0] [--unfinished loss]
        [--opponent-sampling prioritized] [--torch-threads 1]
        [--learning-rate 1e-3 --lr-schedule constant --n-steps 512 --batch-size 128 --n-epochs 10
         --target-kl 0 --ent-coef 0.01 --net-arch 256,256]   (training.train_hparams)

The learner sits at a random seat each episode. ``--opponents`` lists opponent kinds: at every
reset each opponent seat draws one of them (``training.selfplay_pool``); ``self`` is a frozen
snapshot of the learner from ``<out>/pool/``; ``--opponent-sampling prioritized`` draws a kind
in proportion to how often it still beats the learner. A single kind plays every seat, as does
``--fixed-seats`` with one name per opponent seat. One-player Rise of the Gnomes plays the Gnome
Union alone: opponents are ignored. ``--n-envs N`` runs N envs in SubprocVecEnv workers.

Reward (``--reward``): ``score`` (default) pays the learner's own victory-point gain per step;
``shaped`` pays win/loss at the end of the game plus the change of the learner's score margin
over the best opponent, weighted by a factor that fades linearly from ``--shaping-weight`` to 0
at ``--shaping-fade`` training steps (``training.shaping``); ``win_loss`` and ``rank`` are the
adapter's terminal rewards. ``score`` ignores what the opponents score, yet in 250,000-step
Mighty Gnomes runs it ended closest to the scripted agent (``training/results/baselines/``).
A game that a limit stops (the step cap, or a designed limit such as Dwar7s Fall's round limit)
is a truncation, whose value PPO bootstraps; ``--unfinished loss`` ends it for the learner as a
loss instead (``training.shaping.UnfinishedAsLoss``), since no evaluation counts it as a win.

Output in ``--out``: ``model.zip``, ``checkpoints/``, ``pool/``, TensorBoard logs (``tb/``),
Monitor CSVs, ``learning_curve.png`` (periodic evaluation win rates against ``--curve-opponents``
on fixed seeds, and the rolling training reward) and ``report.json`` (arguments,
hyperparameters, library versions, curves and the final seat-balanced evaluation).

``--resume PATH`` loads a saved model and trains ``--timesteps`` more; restored: the network
weights, the optimizer state, the hyperparameters and the timestep count (TensorBoard and the
periodic schedules continue from it). PPO options given on the command line replace the restored
ones (``--learning-rate``, ``--lr-schedule``, ``--learning-rate-final``, ``--n-steps``,
``--batch-size``, ``--n-epochs``, ``--target-kl``, ``--ent-coef``;
``report.json["resume"]["overrides"]`` lists them; a linear schedule then runs over the resumed
model's steps and the new ones together); ``--net-arch`` cannot change. ``--ent-coef-final``
moves the entropy coefficient linearly over this run's ``--timesteps``, fresh or resumed. Not
restored: the rollout buffer, the env and opponent random streams (seeded again from
``--seed``: pass a new seed to see new games), the earlier run's curves and episode history. The self-play pool is whatever snapshots lie in
``<out>/pool/``: resuming into the same ``--out`` keeps it, a new ``--out`` starts it afresh
from the resumed model.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import CallbackList
from stable_baselines3.common.vec_env import VecEnv

from agents.checkpoint import check_sizes, load_model, resolve_path
from gnome_envs.core.aec import REWARD_MODES
from gnome_envs.core.env_module import ADAPTER_OPTIONS, SINGLE_AGENT_OPTIONS
from gnome_envs.core.registry import make_game
from gnome_envs.core.errors import ConfigError
from training import common
from training.action_score_policy import ActionScorePolicy, row_layout
from training.learning_curve import plot_learning_curve
from training.selfplay_pool import SAMPLINGS, SnapshotPool, list_snapshots
from training.train_callbacks import (
    EntropySchedule,
    EpisodeLog,
    EvalCurveCallback,
    PeriodicCallback,
    PhaseClock,
    ProgressCallback,
)
from training.train_envs import (
    DEFAULT_OPPONENT_SAMPLING,
    DEFAULT_POOL_SIZE,
    DEFAULT_SEED,
    DEFAULT_SHAPING_FADE_SHARE,
    POOL_DIR,
    SHAPED_REWARD,
    adapter_config,
    build_vec_env,
    curve_evaluator,
    curve_lineups,
    env_factory,
    env_setup,
    parse_opponents,
)
from training.train_eval import (
    EVAL_STREAM,
    GAME_SEED_BOUND,
    UNION_NAME,
    evaluate_model,
    games_per_seat,
    play_eval_game,
)
from training.warm_start import add_warm_start_arguments, validate_warm_start, warm_start
from training.train_hparams import (
    N_STEPS,
    add_ppo_arguments,
    check_resume_options,
    explicit_ppo,
    hyperparameters,
    override_resumed,
    validate_ppo,
)
from training.train_report import (
    args_record,
    model_hyperparameters,
    render_text,
    versions,
)

DEFAULT_TIMESTEPS = 20_000
DEFAULT_PLAYERS = 2
DEFAULT_OPPONENTS = "random"
DEFAULT_EVAL_OPPONENTS = "random"
DEFAULT_CURVE_OPPONENTS = "random,scripted"
DEFAULT_EVAL_GAMES = 100
DEFAULT_CURVE_GAMES = 20  # per opponent and evaluation point
DEFAULT_N_ENVS = 1
DEFAULT_SNAPSHOT_EVERY = 10_000
DEFAULT_CHECKPOINT_EVERY = 10_000
DEFAULT_EVAL_EVERY = 10_000
EVAL_MODES = ("deterministic", "sampled")
DEFAULT_EVAL_MODE = "deterministic"
TRAIN_REWARDS = (SHAPED_REWARD, *REWARD_MODES)
# Dense victory-point gain: 20,000 steps are only ~140 two-player games, too few terminal +-1
# signals for win_loss to learn from reliably; the evaluation still counts wins. Over 250,000
# Mighty Gnomes steps it also beat 'shaped' against the scripted agent (mean margin -20.4 against
# -29.0 points), though it rewards points the opponent matches.
DEFAULT_REWARD = "score"
DEFAULT_SHAPING_WEIGHT = 1.0
UNFINISHED_MODES = ("bootstrap", "loss")
DEFAULT_UNFINISHED = "bootstrap"
DEFAULT_TORCH_THREADS = 1  # one core per learner process; the envs run in the same process
RUNS_DIR = Path("runs")
MODEL_FILE = "model.zip"
REPORT_FILE = "report.json"
CURVE_FILE = "learning_curve.png"
TENSORBOARD_DIR = "tb"
CHECKPOINT_DIR = "checkpoints"
TB_RUN_NAME = "MaskablePPO"
DEFAULT_MAX_EPISODE_STEPS = 1000  # learner decisions before truncation (typical 2p game: ~150)

# ---------------------------------------------------------------------------- arguments
def build_parser() -> argparse.ArgumentParser:
    """The ``training.train`` argument parser."""
    parser = argparse.ArgumentParser(
        prog="python -m training.train",
        description="Train sb3-contrib MaskablePPO on gnome_envs.SingleAgentEnv (learner at a random "
                    "seat) against a per-episode opponent mix with a self-play pool; save the model, "
                    "checkpoints, TensorBoard logs and a learning curve, then evaluate it seat by seat.")
    common.add_env_argument(parser)
    add = parser.add_argument
    add("--timesteps", type=int, default=DEFAULT_TIMESTEPS,
        help=f"learner decisions to train for, more with --resume (default: {DEFAULT_TIMESTEPS})")
    add("--players", type=int, default=DEFAULT_PLAYERS, help=f"number of players (default: {DEFAULT_PLAYERS})")
    add("--opponents", default=DEFAULT_OPPONENTS,
        help="opponent kinds, comma list of agent specs or 'self' (the snapshot pool); each opponent "
             f"seat draws one per episode (default: {DEFAULT_OPPONENTS})")
    add("--fixed-seats", action="store_true",
        help="read --opponents as a fixed lineup of players-1 names, one per opponent seat")
    add("--snapshot-every", type=int, default=DEFAULT_SNAPSHOT_EVERY,
        help=f"timesteps between self-play snapshots (default: {DEFAULT_SNAPSHOT_EVERY})")
    add("--pool-size", type=int, default=DEFAULT_POOL_SIZE,
        help=f"snapshots kept in the self-play pool (default: {DEFAULT_POOL_SIZE})")
    add("--n-envs", type=int, default=DEFAULT_N_ENVS,
        help=f"parallel envs; more than 1 runs SubprocVecEnv workers (default: {DEFAULT_N_ENVS})")
    add("--checkpoint-every", type=int, default=DEFAULT_CHECKPOINT_EVERY,
        help=f"timesteps between checkpoints in <out>/checkpoints, 0: none (default: {DEFAULT_CHECKPOINT_EVERY})")
    add("--resume", type=Path, default=None, help="continue training a saved model.zip (see the module doc)")
    add("--eval-every", type=int, default=DEFAULT_EVAL_EVERY,
        help=f"timesteps between learning-curve evaluations, 0: none (default: {DEFAULT_EVAL_EVERY})")
    add("--curve-opponents", default=DEFAULT_CURVE_OPPONENTS,
        help=f"opponents of the learning-curve evaluations, one curve each (default: {DEFAULT_CURVE_OPPONENTS})")
    add("--curve-games", type=int, default=DEFAULT_CURVE_GAMES,
        help=f"seat-balanced games per curve opponent and point (default: {DEFAULT_CURVE_GAMES})")
    add("--eval-opponents", default=DEFAULT_EVAL_OPPONENTS,
        help="final evaluation opponents: one name for every other seat, or a comma list of "
             f"players-1 names (default: {DEFAULT_EVAL_OPPONENTS})")
    add("--eval-mode", choices=EVAL_MODES, default=DEFAULT_EVAL_MODE,
        help="evaluations play the most probable legal action or sample the masked policy "
             f"(default: {DEFAULT_EVAL_MODE})")
    add("--seed", type=int, default=DEFAULT_SEED, help=f"seed of training and evaluation (default: {DEFAULT_SEED})")
    add("--eval-games", type=int, default=DEFAULT_EVAL_GAMES,
        help=f"final evaluation games, split evenly over the seats (default: {DEFAULT_EVAL_GAMES}; 0 skips)")
    add("--reward", choices=TRAIN_REWARDS, default=DEFAULT_REWARD,
        help="training reward: an adapter mode or 'shaped' (win/loss plus a fading score-margin "
             f"term); evaluations count wins whatever it is (default: {DEFAULT_REWARD})")
    add("--shaping-fade", type=int, default=None,
        help="training steps over which the shaped reward's margin term fades to 0 (default: "
             f"{DEFAULT_SHAPING_FADE_SHARE:g} x --timesteps, counted from a resumed model's steps too)")
    add("--shaping-weight", type=float, default=DEFAULT_SHAPING_WEIGHT,
        help=f"weight of the margin term at step 0 (default: {DEFAULT_SHAPING_WEIGHT:g})")
    add("--unfinished", choices=UNFINISHED_MODES, default=DEFAULT_UNFINISHED,
        help="a training game that a limit stops: a truncation whose value PPO bootstraps, or "
             f"the learner's loss (training.shaping.UnfinishedAsLoss) (default: {DEFAULT_UNFINISHED})")
    add("--opponent-sampling", choices=SAMPLINGS, default=DEFAULT_OPPONENT_SAMPLING,
        help="how each opponent seat draws from --opponents: uniformly, or by how often the kind "
             f"still beats the learner (default: {DEFAULT_OPPONENT_SAMPLING})")
    add("--torch-threads", type=int, default=DEFAULT_TORCH_THREADS,
        help=f"torch threads of the learner process (default: {DEFAULT_TORCH_THREADS})")
    add("--max-episode-steps", type=int, default=DEFAULT_MAX_EPISODE_STEPS,
        help="truncate an episode after this many learner decisions, in training and evaluation "
             f"(default: {DEFAULT_MAX_EPISODE_STEPS}; --config max_steps=... overrides)")
    add("--out", type=Path, default=None, help="output directory (default: runs/<env>-<players>p-<seed>)")
    add_ppo_arguments(parser)
    add_warm_start_arguments(parser)
    common.add_config_argument(parser)
    common.add_output_arguments(parser)
    return parser


def default_out(env_id: str, players: int, seed: int) -> Path:
    """``runs/<env>-<players>p-<seed>``."""
    return RUNS_DIR / f"{env_id}-{players}p-{seed}"


def validate(args: argparse.Namespace) -> None:
    """ConfigError for out-of-range numeric arguments."""
    if args.n_envs < 1 or args.players < 1:
        raise ConfigError("--n-envs and --players must be positive")
    if args.timesteps < (0 if getattr(args, "warm_start", None) else 1):
        raise ConfigError("--timesteps must be positive (0 only with --warm-start: the cloned policy alone)")
    if min(args.eval_games, args.curve_games, args.checkpoint_every, args.eval_every) < 0:
        raise ConfigError("--eval-games, --curve-games, --checkpoint-every and --eval-every must be >= 0")
    if args.snapshot_every < 1 or args.pool_size < 1:
        raise ConfigError("--snapshot-every and --pool-size must be positive")
    if (args.shaping_fade is not None and args.shaping_fade < 0) or args.shaping_weight < 0:
        raise ConfigError("--shaping-fade and --shaping-weight must be >= 0")
    if args.torch_threads < 1:
        raise ConfigError("--torch-threads must be positive")


# ---------------------------------------------------------------------------- training
@dataclass
class TrainResult:
    """What a training run leaves behind for the report."""

    model: MaskablePPO
    seconds: float
    start_timesteps: int
    episodes: EpisodeLog
    curve: EvalCurveCallback | None
    pool: SnapshotPool | None
    warm_start: dict[str, Any] | None = None
    phases: PhaseClock | None = None
    entropy: tuple[float, float] | None = None  # the entropy coefficient at the start and at the end


def policy_choice(args: argparse.Namespace, net_arch: list[int]) -> tuple[Any, dict[str, Any]]:
    """The MLP policy, or ``ActionScorePolicy`` when the observation ends with per-action rows."""
    game_config = {k: v for k, v in args.config_kwargs.items() if k not in (*ADAPTER_OPTIONS, *SINGLE_AGENT_OPTIONS)}
    layout = row_layout(make_game(args.env, num_players=args.players, **game_config))
    if layout is None:
        return "MlpPolicy", {"net_arch": net_arch}
    return ActionScorePolicy, {"net_arch": net_arch, "row_layout": asdict(layout)}


def build_model(args: argparse.Namespace, vec_env: VecEnv, out: Path) -> MaskablePPO:
    """A fresh MaskablePPO, or the ``--resume`` model attached to ``vec_env``."""
    if args.resume is None:
        kwargs = hyperparameters(args)
        policy, policy_kwargs = policy_choice(args, kwargs.pop("net_arch"))
        return MaskablePPO(policy, vec_env, seed=args.seed, verbose=0, device="cpu",
                           tensorboard_log=str(out / TENSORBOARD_DIR), policy_kwargs=policy_kwargs, **kwargs)
    try:
        model = MaskablePPO.load(resolve_path(args.resume), env=vec_env, device="cpu",
                                 tensorboard_log=str(out / TENSORBOARD_DIR))
    except ValueError as error:  # spaces that do not match the env
        raise ConfigError(f"cannot resume {str(args.resume)!r} on {args.env}: {error}") from None
    model.set_random_seed(args.seed)
    args.resume_overrides = override_resumed(model, args, set(getattr(args, "explicit_ppo", ())))
    return model


def build_callbacks(args: argparse.Namespace, out: Path, model: MaskablePPO,
                    pool: SnapshotPool | None) -> tuple[list[Any], EpisodeLog, EvalCurveCallback | None]:
    """Progress bar, episode log, pool snapshots, checkpoints and the learning-curve evaluations."""
    total = model.num_timesteps + args.timesteps
    episodes = EpisodeLog()
    clock = PhaseClock()  # first: its end-of-training hook runs before the final curve point
    callbacks: list[Any] = [clock, ProgressCallback(total, disable=args.no_progress, start=model.num_timesteps),
                            episodes]
    if args.ent_coef_final is not None:
        callbacks.append(EntropySchedule(args.ent_coef_final, args.timesteps))
    if pool is not None:
        callbacks.append(PeriodicCallback(args.snapshot_every, clock.timed(pool.save)))
    if args.checkpoint_every > 0:
        directory = out / CHECKPOINT_DIR

        def save_checkpoint(m: MaskablePPO) -> None:
            directory.mkdir(parents=True, exist_ok=True)
            m.save(directory / f"model_{m.num_timesteps:09d}.zip")
        callbacks.append(PeriodicCallback(args.checkpoint_every, clock.timed(save_checkpoint)))
    curve = None
    if args.eval_every > 0 and args.curve_games > 0:
        curve = EvalCurveCallback(args.eval_every, clock.timed(curve_evaluator(args)))
        callbacks.append(curve)
    return callbacks, episodes, curve


def train_model(args: argparse.Namespace, out: Path) -> TrainResult:
    """Train (or resume) MaskablePPO with the callbacks; returns the model and what was logged."""
    torch.set_num_threads(args.torch_threads)
    setup = env_setup(args, out)
    vec_env = build_vec_env(setup, args.n_envs, out)
    try:
        model = build_model(args, vec_env, out)
        start = int(model.num_timesteps)
        warm = None if args.warm_start is None else warm_start(
            model, args.env, args.players, setup.config, args.warm_start, args.warm_start_games,
            args.warm_start_epochs, args.seed, setup.shaping, args.warm_start_opponent, args.warm_start_dtype)
        if setup.shaping is not None:
            vec_env.env_method("set_step_offset", start)
        pool = SnapshotPool(setup.pool_dir, args.pool_size) if setup.pool_dir is not None else None
        if pool is not None:
            pool.save(model)  # 'self' plays the initial (or resumed) policy until the first snapshot
        callbacks, episodes, curve = build_callbacks(args, out, model, pool)
        entropy_start = float(model.ent_coef)
        began = time.perf_counter()
        if args.timesteps > 0:  # 0 (with --warm-start): keep the cloned policy as it is
            model.learn(total_timesteps=args.timesteps, callback=CallbackList(callbacks),
                        tb_log_name=TB_RUN_NAME, reset_num_timesteps=args.resume is None)
        seconds = time.perf_counter() - began
    finally:
        vec_env.close()
    clock = next(c for c in callbacks if isinstance(c, PhaseClock))
    return TrainResult(model, seconds, start, episodes, curve, pool, warm, clock,
                       (entropy_start, float(model.ent_coef)))


def training_summary(model: MaskablePPO, seconds: float, start: int = 0,
                     phases: PhaseClock | None = None) -> dict[str, Any]:
    """Timesteps, time, speed (overall, and of sampling and the learner apart when ``phases``
    timed them) and recent episode stats of a finished training run."""
    episodes = list(model.ep_info_buffer or [])  # None when --timesteps 0 never ran learn()
    rewards = [float(ep["r"]) for ep in episodes]
    lengths = [float(ep["l"]) for ep in episodes]
    trained = model.num_timesteps - start
    return {"timesteps": int(model.num_timesteps), "start_timesteps": start, "seconds": seconds,
            "steps_per_s": trained / seconds if seconds > 0 else 0.0,
            "recent_episodes": len(episodes), "recent_reward_mean": common.mean_std(rewards)[0],
            "recent_length_mean": common.mean_std(lengths)[0],
            **(phases.summary(trained) if phases is not None else {})}


# ---------------------------------------------------------------------------- evaluation
def evaluate(model: MaskablePPO, args: argparse.Namespace) -> dict[str, Any]:
    """Final seat-balanced evaluation against ``--eval-opponents`` (the Gnome Union for one player)."""
    return evaluate_model(model, args.env, args.players, adapter_config(args),
                          parse_opponents(args.eval_opponents), args.eval_games, args.seed,
                          args.eval_mode == "deterministic", show_progress=not args.no_progress)


# ---------------------------------------------------------------------------- output
def build_report(args: argparse.Namespace, argv: list[str], out: Path, result: TrainResult) -> dict[str, Any]:
    """The report.json document of a run."""
    setup = env_setup(args, out)
    curve_points = result.curve.points if result.curve is not None else []
    reward_curve = result.episodes.rolling_curve()
    title = f"{args.env}, {args.players} players, opponents {setup.kinds or setup.opponents or UNION_NAME}"
    reference = 1.0 / args.players if args.players > 1 else None
    picture = plot_learning_curve(curve_points, reward_curve, out / CURVE_FILE, title, reference)
    checkpoints = sorted(str(p) for p in (out / CHECKPOINT_DIR).glob("model_*.zip"))
    pool = None if result.pool is None else {
        "dir": str(result.pool.directory), "size": args.pool_size, "saved_at": result.pool.saved,
        "kept": [str(p) for p in list_snapshots(result.pool.directory)]}
    return {
        "job": "train", "env": args.env, "players": args.players, "seed": args.seed,
        "reward": args.reward, "unfinished": args.unfinished, "shaping": None if setup.shaping is None else {
            "fade_steps": setup.shaping[0], "weight": setup.shaping[1]},
        "opponent_sampling": args.opponent_sampling if setup.kinds else None,
        "opponents": setup.kinds or setup.opponents or UNION_NAME,
        "opponent_mode": "gnome_union" if args.players == 1 else ("mix" if setup.kinds else "fixed"),
        "config": args.config_kwargs, "n_envs": args.n_envs,
        "policy": type(result.model.policy).__name__,
        "hyperparameters": model_hyperparameters(result.model, result.entropy), "versions": versions(),
        "argv": argv, "args": args_record(args),
        "warm_start": result.warm_start,
        "resume": None if args.resume is None else {"from": str(args.resume), "start_timesteps": result.start_timesteps,
                                                    "overrides": args.resume_overrides},
        "training": training_summary(result.model, result.seconds, result.start_timesteps, result.phases),
        "model_path": str(out / MODEL_FILE), "tensorboard_dir": str(out / TENSORBOARD_DIR),
        "checkpoints": checkpoints, "pool": pool, "eval_mode": args.eval_mode,
        "eval_curve": curve_points, "reward_curve": reward_curve, "learning_curve": str(picture),
        "evaluation": evaluate(result.model, args) if args.eval_games > 0 else None,
    }


def check_before_start(args: argparse.Namespace) -> None:
    """Fail on bad arguments before anything is written: build one env, check a resumed model."""
    validate(args)
    validate_ppo(args)
    validate_warm_start(args)
    env = env_factory(env_setup(args, RUNS_DIR), 0, None)()
    curve_lineups(args)
    lineup = parse_opponents(args.eval_opponents)
    if isinstance(lineup, list) and args.eval_games > 0 and len(lineup) != args.players - 1:
        raise ConfigError(f"--eval-opponents lists {len(lineup)} names: {args.players} players need one name "
                          f"for every other seat or a comma list of {args.players - 1} (one per seat)")
    if args.resume is not None:
        check_resume_options(getattr(args, "explicit_ppo", ()))
        space = env.observation_space
        check_sizes(load_model(args.resume), int(space.shape[0]), int(env.action_space.n),
                    f"{args.env} with {args.players} players", str(args.resume))
    env.close()


def run(args: argparse.Namespace, argv: list[str] | None = None) -> int:
    """Run the training job for parsed arguments."""
    _note_explicit(args, list(argv or []))
    if "reward" in args.config_kwargs:  # --config reward=... overrides --reward
        args.reward = args.config_kwargs.pop("reward")
    check_before_start(args)
    out = args.out if args.out is not None else default_out(args.env, args.players, args.seed)
    out.mkdir(parents=True, exist_ok=True)
    result = train_model(args, out)
    result.model.save(out / MODEL_FILE)
    report = build_report(args, list(argv or []), out, result)
    (out / REPORT_FILE).write_text(common.to_json(report))
    return common.emit(report, args.json, render_text)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    argv = sys.argv[1:] if argv is None else list(argv)
    return common.run_cli(lambda args: run(args, argv), build_parser(), argv)


def _note_explicit(args: argparse.Namespace, argv: list[str]) -> argparse.Namespace:
    """Record which PPO options ``argv`` spells out (a resumed model takes those)."""
    args.explicit_ppo = sorted(explicit_ppo(argv))
    return args


__all__ = ["EVAL_STREAM", "GAME_SEED_BOUND", "N_STEPS", "POOL_DIR", "build_parser", "evaluate", "games_per_seat", "main",
           "play_eval_game", "run"]

if __name__ == "__main__":
    sys.exit(main())
