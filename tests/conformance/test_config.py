"""Bad configs: wrong player counts, unknown or mistyped options and unknown env ids.

Every env rejects them through ``gnome_envs.make``, ``make_game`` and ``SingleAgentEnv`` with a
``ConfigError`` (``UnknownEnvError`` for an unknown id) whose message names the offending option.
"""

from __future__ import annotations

import pytest

import gnome_envs
from gnome_envs import ConfigError, UnknownEnvError
from gnome_envs.core.registry import get_spec, make_game

# ============================================================================ bad config


def _raises_config_error(build, *, exc=ConfigError, names: tuple[str, ...]):
    with pytest.raises(exc) as info:
        build()
    message = str(info.value)
    for name in names:
        assert name in message, f"{exc.__name__} message does not name {name!r}: {message!r}"
    return info.value


@pytest.mark.parametrize("env_id", gnome_envs.ENV_IDS)
def test_bad_player_counts(env_id):
    counts = get_spec(env_id).player_counts
    bad = [n for n in range(max(counts) + 2) if n not in counts]
    assert bad
    for n in bad:
        for build in (gnome_envs.make, make_game, gnome_envs.SingleAgentEnv):
            _raises_config_error(lambda b=build, n=n: b(env_id, num_players=n), names=("num_players",))


@pytest.mark.parametrize("env_id", gnome_envs.ENV_IDS)
def test_unknown_config_keyword(env_id):
    n = get_spec(env_id).player_counts[0]
    _raises_config_error(lambda: gnome_envs.make(env_id, num_players=n, no_such_option=1), names=("no_such_option",))
    _raises_config_error(lambda: make_game(env_id, num_players=n, colour_blind=True), names=("colour_blind",))


@pytest.mark.parametrize("env_id", gnome_envs.ENV_IDS)
def test_wrong_config_types(env_id):
    spec = get_spec(env_id)
    n = spec.player_counts[0]
    for wrong in (str(n), float(n), True, None):
        _raises_config_error(lambda w=wrong: gnome_envs.make(env_id, num_players=w), names=("num_players",))
    for variant in spec.variants:
        for key, value in variant:
            wrongs = [object()] + ([] if isinstance(value, str) else [f"{value}"])
            for wrong in wrongs:
                _raises_config_error(
                    lambda k=key, w=wrong: gnome_envs.make(env_id, num_players=n, **{k: w}), names=(key,)
                )


@pytest.mark.parametrize("env_id", gnome_envs.ENV_IDS)
@pytest.mark.parametrize(
    "option, value",
    [("reward", "points"), ("illegal_action", "ignore"), ("max_steps", 0), ("max_steps", "10"),
     ("render_mode", "rgb")],
)
def test_bad_adapter_options(env_id, option, value):
    n = get_spec(env_id).player_counts[0]
    _raises_config_error(lambda: gnome_envs.make(env_id, num_players=n, **{option: value}), names=(option,))


def test_unknown_env_id():
    for build in (
        lambda: gnome_envs.make("no_such_game_v0"),
        lambda: make_game("no_such_game_v0", num_players=2),
        lambda: get_spec("no_such_game_v0"),
        lambda: gnome_envs.SingleAgentEnv("no_such_game_v0"),
    ):
        err = _raises_config_error(build, exc=UnknownEnvError, names=("no_such_game_v0",))
        assert isinstance(err, ConfigError)


@pytest.mark.parametrize("env_id", gnome_envs.ENV_IDS)
def test_other_version_of_a_game_names_the_current_one(env_id):
    name, _, version = env_id.rpartition("_v")
    retired = f"{name}_v{int(version) - 1}" if int(version) > 0 else f"{name}_v{int(version) + 1}"
    err = _raises_config_error(lambda: gnome_envs.make(retired), exc=UnknownEnvError, names=(retired, env_id))
    assert "Versions" in str(err)
