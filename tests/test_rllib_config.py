"""The Ray-free half of the RLlib integration: env config checks, policy mapping, CLI parsing.

These run without Ray installed; tests/test_rllib.py covers the env, module and training."""

from __future__ import annotations

from collections import Counter

import pytest

import agents
import gnome_envs
from gnome_envs import ConfigError, UnknownEnvError
from gnome_envs.core.registry import get_spec
from gnome_envs.integrations.rllib_config import (
    LEARNER_MODULE,
    SHARED_MODULE,
    SnapshotMapping,
    mapping_fn,
    module_ids,
    parse_env_config,
    snapshot_id,
    trained_module,
)
from training.rllib_train import build_parser, parse_seat_specs, validate

ENV_ID = gnome_envs.ENV_IDS[0]


def three_player_env() -> str:
    """An env that seats three players."""
    return next(env_id for env_id in gnome_envs.ENV_IDS if 3 in get_spec(env_id).player_counts)


def test_config_passes_game_options_and_finds_learning_seats():
    env_id = three_player_env()
    config = parse_env_config({"env": env_id, "num_players": 3, "opponents": {"2": "scripted", 0: "random"},
                               "reward": "rank", "max_steps": 50})
    assert config.env_id == env_id and config.game_options == {"num_players": 3}
    assert config.opponents == {0: "random", 2: "scripted"}
    assert config.learning_seats == (1,) and config.num_players == 3
    assert (config.reward, config.max_steps, config.illegal_action) == ("rank", 50, "terminate")


def test_config_keeps_a_list_of_opponents_to_draw_from():
    config = parse_env_config({"env": ENV_ID, "num_players": 2, "opponents": {1: ["scripted", "random"]}})
    assert config.opponents == {1: ("scripted", "random")} and config.learning_seats == (0,)


def test_config_defaults_to_the_env_step_cap_and_rotating_seats():
    config = parse_env_config({"env": ENV_ID})
    assert config.max_steps == get_spec(ENV_ID).max_steps and config.seats == "random"
    assert config.learning_seats == tuple(range(config.num_players)) and config.opponents == {}


@pytest.mark.parametrize(("config", "message"), [
    ({}, "needs an env id"),
    ({"env": ENV_ID, "not_an_option": 1}, "unknown"),
    ({"env": ENV_ID, "reward": "gold"}, "reward must be one of"),
    ({"env": ENV_ID, "illegal_action": "ignore"}, "illegal_action must be one of"),
    ({"env": ENV_ID, "seats": "shuffled"}, "seats must be one of"),
    ({"env": ENV_ID, "num_players": 2, "opponents": {5: "random"}}, "not a seat"),
    ({"env": ENV_ID, "num_players": 2, "opponents": {"one": "random"}}, "not a seat"),
    ({"env": ENV_ID, "num_players": 2, "opponents": {0: "random", 1: "random"}}, "leave at least one"),
    ({"env": ENV_ID, "opponents": ["random"]}, "must be a dict"),
    ({"env": ENV_ID, "num_players": 2, "opponents": {1: []}}, "lists no agent"),
])
def test_bad_configs_raise_config_error(config, message):
    with pytest.raises(ConfigError, match=message):
        parse_env_config(config)


def test_unknown_env_and_non_dict_config():
    with pytest.raises(UnknownEnvError):
        parse_env_config({"env": "chess_v9"})
    with pytest.raises(ConfigError, match="must be a dict"):
        parse_env_config(["gnome_village_v1"])


def test_shared_mapping_maps_every_seat_to_one_module():
    mapping = mapping_fn("shared", num_learning_seats=3)
    assert {mapping(f"player_{seat}", None) for seat in range(3)} == {SHARED_MODULE}
    assert module_ids("shared", 4) == (SHARED_MODULE,) and trained_module("shared") == SHARED_MODULE


def test_snapshot_mapping_gives_each_episode_one_learner_at_every_position():
    mapping = SnapshotMapping(num_learning_seats=3, pool_size=2, seed=7)
    positions = Counter()
    slots = Counter()
    for episode in range(300):
        modules = [mapping(f"player_{seat}", episode) for seat in range(3)]
        assert modules.count(LEARNER_MODULE) == 1
        positions[modules.index(LEARNER_MODULE)] += 1
        slots.update(m for m in modules if m != LEARNER_MODULE)
    assert set(positions) == {0, 1, 2} and min(positions.values()) > 60
    assert set(slots) == {snapshot_id(0), snapshot_id(1)}
    first, second = SnapshotMapping(3, 2, seed=7), SnapshotMapping(3, 2, seed=7)
    assert [first("player_0", e) for e in range(20)] == [second("player_0", e) for e in range(20)]


def test_mapping_modes_and_sizes_are_checked():
    assert module_ids("snapshots", 2) == (LEARNER_MODULE, snapshot_id(0), snapshot_id(1))
    with pytest.raises(ConfigError, match="policy mode"):
        mapping_fn("league", 2)
    with pytest.raises(ConfigError, match="at least one"):
        SnapshotMapping(num_learning_seats=0, pool_size=1)


def test_cli_seat_specs_and_numeric_checks():
    assert parse_seat_specs("1=scripted, 2=mcts:iterations=20") == {1: "scripted", 2: "mcts:iterations=20"}
    assert parse_seat_specs("") == {}
    assert parse_seat_specs("1=scripted|random") == {1: ["scripted", "random"]}
    for text in ("scripted", "x=random", "1=", "1=random,1=scripted", "1=random|"):
        with pytest.raises(ConfigError):
            parse_seat_specs(text)
    for flags in (["--iterations", "0"], ["--num-env-runners", "-1"], ["--pool-size", "0"],
                  ["--curve-games", "-1"], ["--torch-threads", "0"]):
        with pytest.raises(ConfigError):
            validate(build_parser().parse_args(flags))


def test_rllib_agent_spec_needs_a_checkpoint(tmp_path):
    with pytest.raises(ConfigError, match="needs a checkpoint"):
        agents.make("rllib", ENV_ID)
    with pytest.raises(ConfigError, match="not an RLlib checkpoint"):
        agents.make(f"rllib:path={tmp_path}", ENV_ID)
    assert "rllib" in agents.available(ENV_ID)


def test_curve_point_rotates_seats_and_repeats_its_games():
    from training.rllib_eval import curve_point

    first = curve_point(ENV_ID, {"num_players": 2}, None, "scripted", ["random"], games=6, seed=3)
    again = curve_point(ENV_ID, {"num_players": 2}, None, "scripted", ["random"], games=6, seed=3)
    assert first == again and first["random"]["games"] == 6
    assert first["random"]["wins"] > 3  # the scripted agent beats random play most of the time
    capped = curve_point(ENV_ID, {"num_players": 2}, 3, "scripted", ["random"], games=2, seed=3)
    assert capped["random"]["wins"] == 0  # a game cut by max_steps counts as no win


def test_bad_arguments_fail_before_ray_starts(capsys):
    from training import rllib_train

    assert rllib_train.main(["--env", ENV_ID, "--curve-opponents", "nobody"]) == 2
    assert "unknown agent 'nobody'" in capsys.readouterr().err
    assert rllib_train.main(["--env", ENV_ID, "--opponents", "0=random,1=random"]) == 2
