"""A MaskablePPO policy that also scores each action by its own row of features.

Some envs can end their observation with one feature row per action (the ``action_effects``
option: what each Mighty Gnomes placement would reach and cost, what each Dwar7s Fall dwarf
step would serve). An MLP on the flat vector has to learn the same geometry once per action;
this policy instead scores every row with one small network shared by all actions and adds that
score to the MLP's logit of the action::

    observation = [ table (start) | rows (actions x width) ]
    logits      = action_net(mlp(table)) + pad(score(rows)), score: width -> hidden -> 1
                  (the rows score actions first .. first + rows - 1; the other logits get 0)
    value       = value_net(mlp(table))

``training.train`` picks it on its own when the env's observation has an ``action_effects``
segment (``--config action_effects=true``). The score's last layer starts at zero, so before any
training the policy is the plain MLP policy; ``agents.shipped.export_policy`` stores the score
network next to the MLP, so a shipped copy plays without torch.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import torch
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.torch_layers import MlpExtractor
from torch import nn

from gnome_envs.core.engine import ACTION_EFFECTS_SEGMENT, Game
from gnome_envs.core.errors import ConfigError

SCORE_HIDDEN = 32


@dataclass(frozen=True)
class RowLayout:
    """Where the per-action rows sit in the observation (from ``start``, ``actions`` x ``width``) and
    which actions they score."""

    start: int
    actions: int
    width: int
    first: int = 0  # the action of the first row (rows cover actions first .. first + actions - 1)

    @property
    def stop(self) -> int:
        """End of the rows (the observation's size)."""
        return self.start + self.actions * self.width


def row_layout(game: Game) -> RowLayout | None:
    """The game's per-action rows, or None when its observation has none. A game whose observation
    ends with an ``action_effects`` segment says the width of one row in ``action_effect_width``
    and, when the rows do not start at action 0, the first row's action in ``action_effect_first``."""
    for segment in game.observation_layout:
        if segment.name == ACTION_EFFECTS_SEGMENT:
            width = getattr(game, "action_effect_width", None)
            if not width or segment.size % width or segment.stop != game.observation_size:
                raise ConfigError(f"{game.env_id}: the {ACTION_EFFECTS_SEGMENT} segment must end the observation "
                                  f"in rows of action_effect_width entries")
            return RowLayout(segment.start, segment.size // width, width, getattr(game, "action_effect_first", 0))
    return None


class RowScoredExtractor(nn.Module):
    """The MLP on the table, and the shared score of every action's row next to the actor's latent."""

    def __init__(self, layout: RowLayout, net_arch: Any, activation_fn: type[nn.Module], device: Any) -> None:
        super().__init__()
        self.layout = layout
        self.mlp = MlpExtractor(layout.start, net_arch=net_arch, activation_fn=activation_fn, device=device)
        self.score = nn.Sequential(nn.Linear(layout.width, SCORE_HIDDEN), nn.ReLU(), nn.Linear(SCORE_HIDDEN, 1))
        self.latent_dim_pi = self.mlp.latent_dim_pi  # the action head reads this part only
        self.latent_dim_vf = self.mlp.latent_dim_vf

    def scores(self, features: torch.Tensor) -> torch.Tensor:
        """One score per action with a row (batch, actions)."""
        rows = features[:, self.layout.start:self.layout.stop].reshape(-1, self.layout.actions, self.layout.width)
        return self.score(rows).squeeze(-1)

    def forward(self, features: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """(actor latent followed by the row scores, critic latent)."""
        return self.forward_actor(features), self.forward_critic(features)

    def forward_actor(self, features: torch.Tensor) -> torch.Tensor:
        """The MLP's actor latent with the row scores after it."""
        return torch.cat((self.mlp.forward_actor(features[:, :self.layout.start]), self.scores(features)), dim=1)

    def forward_critic(self, features: torch.Tensor) -> torch.Tensor:
        """The MLP's critic latent (the value reads the table only)."""
        return self.mlp.forward_critic(features[:, :self.layout.start])


class ActionScorePolicy(MaskableActorCriticPolicy):
    """MaskablePPO's MLP policy with a shared score of each action's feature row added to its logit."""

    def __init__(self, *args: Any, row_layout: dict[str, int] | RowLayout, **kwargs: Any) -> None:
        self.row_layout = row_layout if isinstance(row_layout, RowLayout) else RowLayout(**row_layout)
        super().__init__(*args, **kwargs)
        if self.features_dim != self.row_layout.stop:
            raise ConfigError(f"observation size {self.features_dim} does not end with the per-action rows "
                              f"{self.row_layout}")

    def _build_mlp_extractor(self) -> None:
        self.mlp_extractor = RowScoredExtractor(self.row_layout, self.net_arch, self.activation_fn, self.device)

    def _build(self, lr_schedule: Any) -> None:
        super()._build(lr_schedule)
        last = self.mlp_extractor.score[-1]
        nn.init.zeros_(last.weight)  # start as the plain MLP policy
        nn.init.zeros_(last.bias)

    def _get_action_dist_from_latent(self, latent_pi: torch.Tensor) -> Any:
        hidden = self.mlp_extractor.latent_dim_pi
        logits = self.action_net(latent_pi[:, :hidden])
        scores = latent_pi[:, hidden:]
        first = self.row_layout.first
        logits = logits + nn.functional.pad(scores, (first, logits.shape[1] - first - scores.shape[1]))
        return self.action_dist.proba_distribution(action_logits=logits)

    def _get_constructor_parameters(self) -> dict[str, Any]:
        data = super()._get_constructor_parameters()
        data["row_layout"] = asdict(self.row_layout)
        return data


__all__ = ["ActionScorePolicy", "RowLayout", "RowScoredExtractor", "row_layout"]
