"""The policies shipped with the package (``checkpoint:name=GAME``) and their export."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import pytest
import torch
from sb3_contrib import MaskablePPO

import agents
import gnome_envs
from agents.base import choose_action
from agents.shipped import MODELS_DIR, export_policy, game_name, load_policy, manifest
from gnome_envs import SingleAgentEnv
from gnome_envs.core.errors import ConfigError

MAX_GAME_DECISIONS = 20_000
GAMES = [game_name(env_id) for env_id in gnome_envs.ENV_IDS]


def tiny_model(env_id: str = "battle_gnomes_v1") -> MaskablePPO:
    """An untrained MaskablePPO with a small MLP on ``env_id``'s 2-player single-agent env."""
    torch.manual_seed(0)
    return MaskablePPO("MlpPolicy", SingleAgentEnv(env_id, num_players=2), seed=0, device="cpu",
                       policy_kwargs={"net_arch": [32, 16]})


def test_export_keeps_the_policy_logits(tmp_path: Path) -> None:
    model = tiny_model()
    weights = load_policy(export_policy(model, tmp_path / "p.npz", "battle_gnomes_v1", 2))
    state = gnome_envs.make("battle_gnomes_v1", num_players=2).unwrapped.game.new_state(5)
    obs = state.observation(state.current_player)
    with torch.no_grad():
        features = model.policy.extract_features(torch.as_tensor(obs[None]), model.policy.pi_features_extractor)
        expected = model.policy.action_net(model.policy.mlp_extractor.forward_actor(features))[0].numpy()
    np.testing.assert_allclose(weights.logits(obs), expected, atol=2e-2)  # float16 storage
    assert weights.meta == {"env_id": "battle_gnomes_v1", "players": 2, "activation": "tanh",
                            "observation_size": obs.size, "num_actions": state.game.num_actions}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_ships_a_policy_that_plays_a_legal_game(game: str) -> None:
    entry = manifest()[game]
    path = MODELS_DIR / entry["file"]
    assert hashlib.sha256(path.read_bytes()).hexdigest() == entry["sha256"]
    env_id = next(e for e in gnome_envs.ENV_IDS if game_name(e) == game)
    policy = agents.make(f"checkpoint:name={game}", env_id)
    state = gnome_envs.make(env_id, num_players=entry["players"]).unwrapped.game.new_state(11)
    rng = np.random.default_rng(0)
    decisions = 0
    while not state.is_terminal() and decisions < MAX_GAME_DECISIONS:
        action = choose_action(policy, state, rng)
        assert state.legal_action_mask()[action]
        state.apply(action)
        decisions += 1
    assert state.is_terminal()
    assert {r["opponent"] for r in entry["results"]} == {"random", "scripted"}


def test_shipped_policy_is_reproducible_and_deterministic_on_request() -> None:
    state = gnome_envs.make("mighty_gnomes_v1", num_players=2).unwrapped.game.new_state(3)
    sampled = agents.make("checkpoint:name=mighty_gnomes", "mighty_gnomes_v1")
    picks = [sampled.act(state, state.current_player, np.random.default_rng(7)) for _ in range(2)]
    assert picks[0] == picks[1]
    greedy = agents.make("checkpoint:name=mighty_gnomes:deterministic=true", "mighty_gnomes_v1")
    logits = greedy.policy.logits(greedy.policy_input(state, state.current_player))
    legal = np.flatnonzero(state.legal_action_mask())
    assert greedy.act(state, state.current_player, np.random.default_rng(1)) == legal[np.argmax(logits[legal])]


@pytest.mark.parametrize("spec, env_id, message", [
    ("checkpoint:name=no_such_game", "mighty_gnomes_v1", "no shipped model named 'no_such_game'"),
    ("checkpoint:name=mighty_gnomes", "gnome_village_v1", "plays mighty_gnomes"),
    ("checkpoint:name=mighty_gnomes:path=x.zip", "mighty_gnomes_v1", "one of them"),
    ("checkpoint", "mighty_gnomes_v1", "one of them"),
    ("checkpoint:name=mighty_gnomes:players=2", "mighty_gnomes_v1", "takes no players"),
])
def test_bad_shipped_specs_raise(spec: str, env_id: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        agents.make(spec, env_id)


def test_a_shipped_policy_refuses_another_player_count() -> None:
    policy = agents.make("checkpoint:name=mighty_gnomes", "mighty_gnomes_v1")
    state = gnome_envs.make("mighty_gnomes_v1", num_players=3).unwrapped.game.new_state(0)
    with pytest.raises(ConfigError, match="trained with 2 players"):
        policy.act(state, state.current_player, np.random.default_rng(0))


def test_game_name_strips_the_version() -> None:
    assert game_name("gnome_village_v1") == "gnome_village"
    assert game_name("dwarfs_fall_v12") == "dwarfs_fall"
    assert game_name("plain") == "plain"


def test_ship_table_says_how_each_policy_was_trained() -> None:
    from training.ship import table

    entry = {"env_id": "mighty_gnomes_v1", "players": 2, "bytes": 1_500_000,
             "results": [{"opponent": "scripted", "win_rate": 0.6, "ci95": [0.53, 0.67], "games": 200}],
             "trained": {"warm_start": {"teacher": "scripted", "games": 3000}, "training": {"timesteps": 602_112},
                         "config": {"action_effects": True}}}
    row = table({"mighty_gnomes": entry}).splitlines()[-1]
    assert row == ("| `checkpoint:name=mighty_gnomes` | mighty_gnomes_v1 | 2 | 1.5 MB | - | 0.60 [0.53, 0.67] (200) | - | "
                   "warm start scripted x3000 games, 602,112 PPO steps, action_effects=True |")


def test_a_policy_is_shipped_under_its_game_and_player_count() -> None:
    from training.ship import model_name

    assert model_name("mighty_gnomes_v1", 2) == "mighty_gnomes"
    assert model_name("rise_of_the_gnomes_v1", 1) == "rise_of_the_gnomes_1p"
    assert model_name("gnome_village_v1", 4) == "gnome_village_4p"


@pytest.mark.parametrize("name", [n for n, entry in manifest().items() if entry["players"] == 1])
def test_a_one_player_policy_plays_alone_and_is_measured_by_difficulty(name: str) -> None:
    from training.ship import SOLO_PREFIX

    entry = manifest()[name]
    assert hashlib.sha256((MODELS_DIR / entry["file"]).read_bytes()).hexdigest() == entry["sha256"]
    policy = agents.make(f"checkpoint:name={name}:deterministic=true", entry["env_id"])
    state = gnome_envs.make(entry["env_id"], num_players=1, difficulty="normal").unwrapped.game.new_state(4)
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        action = choose_action(policy, state, rng)
        assert state.legal_action_mask()[action]
        state.apply(action)
    assert [r["opponent"] for r in entry["results"]] == [SOLO_PREFIX + level for level in ("easy", "normal")]
    assert all("--players 1" in r["command"] and "difficulty=" in r["command"] for r in entry["results"])


def test_ship_measures_a_one_player_policy_alone_at_each_level(tmp_path: Path, monkeypatch, capsys) -> None:
    """Export, two games alone at each of two levels, and the manifest entry, in a scratch
    models folder."""
    import agents.shipped as shipped
    from training import ship

    torch.manual_seed(0)
    model = MaskablePPO("MlpPolicy", SingleAgentEnv("rise_of_the_gnomes_v1", num_players=1), seed=0, device="cpu",
                        policy_kwargs={"net_arch": [16]})
    model.save(tmp_path / "model.zip")
    models = tmp_path / "models"
    for module in (shipped, ship):
        monkeypatch.setattr(module, "MODELS_DIR", models)
        monkeypatch.setattr(module, "MANIFEST_FILE", models / "manifest.json")
    argv = ["--env", "rise_of_the_gnomes_v1", "--players", "1", "--model", str(tmp_path / "model.zip"),
            "--games", "2", "--levels", "easy,normal", "--no-progress"]
    assert ship.main(argv) == 0
    entry = shipped.manifest()["rise_of_the_gnomes_1p"]
    assert entry["players"] == 1 and (models / "rise_of_the_gnomes_1p.npz").is_file()
    assert [(r["opponent"], r["games"]) for r in entry["results"]] == [
        ("alone:difficulty=easy", 2), ("alone:difficulty=normal", 2)]
    assert "--config difficulty=normal" in entry["results"][1]["command"]
    row = ship.table({"rise_of_the_gnomes_1p": entry}).splitlines()[-1]
    assert "| - | - | easy " in row and "; normal " in row
    assert ship.main([*argv[:-3], "--levels", " , ", "--no-progress"]) == 2
    assert "--levels must name at least one difficulty" in capsys.readouterr().err
