"""Report pieces of ``training.train``: versions, hyperparameters, arguments and the text summary.

    versions()                      # {"python": "3.11.7", "torch": "2.13.0", ...}
    model_hyperparameters(model)    # what a fresh or resumed MaskablePPO trains with
    print(render_text(report))      # the human-readable form of report.json
"""

from __future__ import annotations

import argparse
import platform
from importlib import metadata
from pathlib import Path
from typing import Any

from training import common

VERSIONED_PACKAGES = ("gnome_envs", "torch", "stable_baselines3", "sb3_contrib", "gymnasium", "numpy")


def model_hyperparameters(model: Any, entropy: tuple[float, float] | None = None) -> dict[str, Any]:
    """The hyperparameters a (possibly resumed) model actually trains with (recorded in the report);
    ``entropy``: the entropy coefficient at the run's start and end (default: the model's, constant)."""
    clip = model.clip_range(1.0) if callable(model.clip_range) else model.clip_range
    rate = model.learning_rate
    ent_start, ent_final = entropy if entropy is not None else (model.ent_coef, model.ent_coef)
    return {"learning_rate": float(rate(1.0)) if callable(rate) else rate,
            "learning_rate_final": float(rate(0.0)) if callable(rate) else rate,
            "target_kl": model.target_kl, "n_steps": model.n_steps,
            "batch_size": model.batch_size, "n_epochs": model.n_epochs, "gamma": model.gamma,
            "gae_lambda": model.gae_lambda, "clip_range": float(clip), "ent_coef": ent_start,
            "ent_coef_final": ent_final,
            "vf_coef": model.vf_coef, "max_grad_norm": model.max_grad_norm,
            "net_arch": list(model.policy_kwargs.get("net_arch", []))}


def versions() -> dict[str, str]:
    """Python and library versions (recorded in the report)."""
    found = {"python": platform.python_version()}
    for package in VERSIONED_PACKAGES:
        try:
            found[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            found[package] = "unavailable"
    return found


def args_record(args: argparse.Namespace) -> dict[str, Any]:
    """The parsed arguments as JSON-ready values."""
    return {key: str(value) if isinstance(value, Path) else value for key, value in vars(args).items()}


def render_text(report: dict[str, Any]) -> str:
    """Human-readable summary of a training run and its evaluation."""
    train = report["training"]
    lines = [
        (f"Trained MaskablePPO on {report['env']} ({report['players']} players, seed {report['seed']}, "
         f"reward {report['reward']}, opponents {report['opponents']} ({report['opponent_mode']}), "
         f"config {report['config'] or '{}'})"),
        (f"{train['timesteps']:,} timesteps ({train['timesteps'] - train['start_timesteps']:,} this run) in "
         f"{train['seconds']:.1f} s ({train['steps_per_s']:,.0f} steps/s); recent {train['recent_episodes']} "
         f"episodes: mean reward {train['recent_reward_mean']:+.3f}, mean length {train['recent_length_mean']:.1f}"),
        (f"Sampling (env steps and policy forward passes) {train.get('sampling_seconds', 0.0):.1f} s, "
         f"{train.get('sampling_steps_per_s', 0.0):,.0f} env steps/s; learner (PPO updates) "
         f"{train.get('update_seconds', 0.0):.1f} s, {train.get('learner_steps_per_s', 0.0):,.0f} steps/s; "
         f"curve evaluations and saves {train.get('side_seconds', 0.0):.1f} s"),
        f"Model: {report['model_path']}    TensorBoard: {report['tensorboard_dir']}",
        f"Learning curve: {report['learning_curve']}    checkpoints: {len(report['checkpoints'])}",
    ]
    for point in report["eval_curve"]:
        rates = ", ".join(f"{name} {common.format_rate(r)}" for name, r in point["results"].items())
        lines.append(f"  curve @ {point['timesteps']:>9,}: {rates}")
    evaluation = report.get("evaluation")
    if evaluation is None:
        return "\n".join(lines + ["Evaluation skipped (--eval-games 0)."])
    rows = [[f"seat {r['seat']}", r["games"], common.format_wins(r["wins"]), common.format_rate(r)]
            for r in evaluation["per_seat"]]
    overall = evaluation["overall"]
    rows.append(["overall", overall["games"], common.format_wins(overall["wins"]), common.format_rate(overall)])
    if evaluation["reference_win_rate"] is not None:
        rows.append(["equal skill", "-", "-", f"{evaluation['reference_win_rate']:.3f}"])
    if evaluation["truncated_games"]:
        rows.append(["truncated (no win)", evaluation["truncated_games"], "-", "-"])
    lines += ["", (f"Evaluation against {evaluation['opponents']} ({report['eval_mode']}, masked; "
                   "a tie for first shares the win)"),
              common.format_table(["learner", "games", "wins", "win rate [95% CI]"], rows)]
    return "\n".join(lines)
