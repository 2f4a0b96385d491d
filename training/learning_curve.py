"""The learning-curve picture of a training run (matplotlib, Agg backend, no display needed).

    plot_learning_curve(eval_points, reward_curve, "runs/x/learning_curve.png", title="...")

Top: periodic evaluation win rate per opponent with its 95% Wilson interval against timesteps
(dashed: the equal-skill share 1/players). Bottom: rolling mean training episode reward.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

FIGURE_SIZE = (8.0, 7.0)
DPI = 110
BAND_ALPHA = 0.2


def plot_learning_curve(eval_points: list[dict[str, Any]], reward_curve: list[dict[str, float]],
                        path: Path, title: str, reference: float | None = None) -> Path:
    """Write the two-panel learning curve PNG to ``path`` and return it."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (top, bottom) = plt.subplots(2, 1, figsize=FIGURE_SIZE, sharex=True)
    names = list(dict.fromkeys(name for point in eval_points for name in point["results"]))
    for name in names:
        rows = [(p["timesteps"], p["results"][name]) for p in eval_points if name in p["results"]]
        steps = [s for s, _ in rows]
        top.plot(steps, [r["win_rate"] for _, r in rows], marker="o", label=f"vs {name}")
        top.fill_between(steps, [r["ci95"][0] for _, r in rows], [r["ci95"][1] for _, r in rows],
                         alpha=BAND_ALPHA)
    if reference is not None:
        top.axhline(reference, linestyle="--", color="grey", label="equal share")
    top.set_ylim(0.0, 1.0)
    top.set_ylabel("eval win rate (95% CI)")
    top.set_title(title)
    if names:
        top.legend(loc="best")
    bottom.plot([p["timesteps"] for p in reward_curve], [p["reward_mean"] for p in reward_curve])
    bottom.set_ylabel("training episode reward\n(rolling mean)")
    bottom.set_xlabel("timesteps")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return path
