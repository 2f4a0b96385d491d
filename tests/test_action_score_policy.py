"""The per-action row policy (``training.action_score_policy``): its logits, its pick by
``training.train``, its export, and the shipped agent that builds the rows itself."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import numpy as np
import pytest
import torch
from sb3_contrib import MaskablePPO

import agents
import gnome_envs
from agents import shipped
from gnome_envs import SingleAgentEnv
from gnome_envs.core.errors import ConfigError
from gnome_envs.dwarfs_fall import action_effects as dwarf_rows
from gnome_envs.mighty_gnomes.action_effects import EFFECT_ACTIONS, EFFECT_WIDTH
from gnome_envs.rise_of_the_gnomes import action_effects as rise_rows
from training import train
from training.action_score_policy import ActionScorePolicy, RowLayout, row_layout

ENV = "mighty_gnomes_v1"
DWARFS = "dwarfs_fall_v6"  # its rows start at the first DWARF action
RISE = "rise_of_the_gnomes_v1"  # its rows start at the first SPACE action
TINY = "64"


def rich_game(players: int = 2, env: str = ENV):
    """The game with the effect rows in the observation."""
    return gnome_envs.make(env, num_players=players, action_effects=True).unwrapped.game


def tiny_model(env: str = ENV) -> MaskablePPO:
    """An untrained MaskablePPO with the row policy and a small MLP."""
    torch.manual_seed(0)
    layout = row_layout(rich_game(env=env))
    return MaskablePPO(ActionScorePolicy, SingleAgentEnv(env, num_players=2, action_effects=True), seed=0,
                       device="cpu", policy_kwargs={"net_arch": [32, 16], "row_layout": asdict(layout)})


def logits(model: MaskablePPO, obs: np.ndarray) -> np.ndarray:
    """The policy's action logits (before the mask) of one observation."""
    with torch.no_grad():
        latent = model.policy.mlp_extractor.forward_actor(torch.as_tensor(obs[None]))
        return model.policy._get_action_dist_from_latent(latent).distribution.logits[0].numpy()


def placing_observation(env: str = ENV) -> np.ndarray:
    """The deciding seat's first observation (of a fixed random game) whose rows are not all zero."""
    state, rng = rich_game(env=env).new_state(5), np.random.default_rng(5)
    start = row_layout(state.game).start
    while not state.observation(state.current_player)[start:].any():
        legal = state.legal_actions()
        state.apply(legal[rng.integers(len(legal))])
    return state.observation(state.current_player)


def test_row_layout_is_found_only_with_the_option():
    assert row_layout(rich_game(3)) == RowLayout(rich_game(3).observation_size - EFFECT_ACTIONS[3] * EFFECT_WIDTH,
                                                  EFFECT_ACTIONS[3], EFFECT_WIDTH)
    assert row_layout(gnome_envs.make(ENV).unwrapped.game) is None
    dwarfs = rich_game(env=DWARFS)
    rows = dwarf_rows.EFFECT_ACTIONS * dwarf_rows.EFFECT_WIDTH
    assert row_layout(dwarfs) == RowLayout(dwarfs.observation_size - rows, dwarf_rows.EFFECT_ACTIONS,
                                           dwarf_rows.EFFECT_WIDTH, dwarfs.action_layout.dwarf_base)
    rise = rich_game(env=RISE)
    assert row_layout(rise) == RowLayout(rise.observation_size - rise_rows.EFFECT_ACTIONS * rise_rows.EFFECT_WIDTH,
                                         rise_rows.EFFECT_ACTIONS, rise_rows.EFFECT_WIDTH, rise.action_layout.space_base)


def test_policy_starts_as_the_plain_mlp():
    """The score's last layer starts at zero: the rows change no logit before training."""
    model = tiny_model()
    obs = placing_observation()
    blank = obs.copy()
    blank[model.policy.row_layout.start:] = 0.0
    np.testing.assert_allclose(logits(model, obs), logits(model, blank), atol=1e-6)


@pytest.mark.parametrize("env", [ENV, DWARFS, RISE])
def test_each_rows_score_moves_its_own_actions_logit(env):
    """Row ``i`` moves the logit of action ``first + i``; actions without a row keep theirs."""
    model = tiny_model(env)
    torch.nn.init.normal_(model.policy.mlp_extractor.score[-1].weight)
    obs = placing_observation(env)
    layout = model.policy.row_layout
    blank = obs.copy()
    blank[layout.start:] = 0.0
    with torch.no_grad():
        score = model.policy.mlp_extractor.score
        rows = torch.as_tensor(obs[layout.start:].reshape(layout.actions, layout.width))
        expected = (score(rows) - score(torch.zeros_like(rows))).squeeze(-1).numpy()
    shift = logits(model, obs) - logits(model, blank)
    shift -= shift[-1]  # log-softmax moves every logit by one constant; the last action has no row
    rowed = slice(layout.first, layout.first + layout.actions)
    np.testing.assert_allclose(shift[rowed], expected, atol=1e-4)
    np.testing.assert_allclose(np.delete(shift, np.arange(rowed.start, rowed.stop)), 0.0, atol=1e-4)
    assert np.abs(expected).max() > 1e-3


def test_policy_rejects_an_observation_without_the_rows():
    with pytest.raises(ConfigError, match="does not end with the per-action rows"):
        MaskablePPO(ActionScorePolicy, SingleAgentEnv(ENV, num_players=2), device="cpu",
                    policy_kwargs={"row_layout": {"start": 10, "actions": 208, "width": EFFECT_WIDTH}})


def test_train_picks_the_row_policy_for_the_option_and_resumes_it(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]):
    out = tmp_path / "rows"
    argv = ["--env", ENV, "--config", "action_effects=true", "--timesteps", TINY, "--n-steps", TINY,
            "--batch-size", "32", "--eval-games", "0", "--eval-every", "0", "--checkpoint-every", "0",
            "--json", "--no-progress"]
    assert train.main([*argv, "--net-arch", "32,16", "--out", str(out)]) == 0
    model = MaskablePPO.load(out / train.MODEL_FILE, device="cpu")
    assert isinstance(model.policy, ActionScorePolicy)
    assert model.policy.row_layout == row_layout(rich_game())
    agent = agents.make(f"checkpoint:path={out / train.MODEL_FILE}:deterministic=true:players=2", ENV)
    rich, plain = rich_game().new_state(2), gnome_envs.make(ENV).unwrapped.game.new_state(2)
    for _ in range(20):  # the agent builds the rows a game without the option lacks
        seat, rng = rich.current_player, np.random.default_rng(0)
        action = agent.act(rich, seat, rng)
        assert agent.act(plain, seat, rng) == action
        rich.apply(action)
        plain.apply(action)
    capsys.readouterr()
    assert train.main([*argv, "--resume", str(out / train.MODEL_FILE), "--out", str(tmp_path / "more")]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["training"]["timesteps"] == 2 * int(TINY) and report["policy"] == "ActionScorePolicy"
    plain = tmp_path / "plain"
    assert train.main([*argv[:2], *argv[4:], "--net-arch", "32,16", "--out", str(plain)]) == 0
    assert not isinstance(MaskablePPO.load(plain / train.MODEL_FILE, device="cpu").policy, ActionScorePolicy)


@pytest.mark.parametrize("env", [ENV, DWARFS, RISE])
def test_shipped_copy_keeps_the_logits_and_builds_the_rows_itself(env, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch):
    """Exported, the row policy plays the same on a game without the option (the agent builds
    the rows) as the torch policy does on the game with it."""
    model = tiny_model(env)
    torch.nn.init.normal_(model.policy.mlp_extractor.score[-1].weight)
    monkeypatch.setattr(shipped, "MODELS_DIR", tmp_path)
    weights = shipped.load_policy(shipped.export_policy(model, tmp_path / "rows.npz", env, 2))
    assert weights.meta["row_layout"] == asdict(model.policy.row_layout)
    agent = agents.make("checkpoint:name=rows:deterministic=true", env)
    rich, plain = rich_game(env=env).new_state(9), gnome_envs.make(env).unwrapped.game.new_state(9)
    rng = np.random.default_rng(0)
    with_rows = 0
    for _ in range(60):
        seat = rich.current_player
        obs = rich.observation(seat)
        with_rows += bool(obs[weights.table_size:].any())
        torch_logits = logits(model, obs)
        np.testing.assert_allclose(weights.logits(obs) - weights.logits(obs).max(),
                                   torch_logits - torch_logits.max(), atol=3e-2)  # float16 storage
        legal = np.flatnonzero(rich.legal_action_mask())
        assert agent.act(plain, seat, rng) == legal[np.argmax(weights.logits(obs)[legal])]
        action = int(rng.choice(legal))
        rich.apply(action)
        plain.apply(action)
    assert with_rows > 0
