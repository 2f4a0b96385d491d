"""Pictures: ``render_mode="rgb_array"`` draws every game's table as an HxWx3 uint8 image.

Checked for every env and two configs (the first and the last the conformance suite covers):
shape, dtype and real content; one size through a whole game (videos need it); the same state
draws the same picture (twice, from a clone, from a replayed game, in another process); the
board part of the picture changes whenever the board changes; nothing hidden shows (a
determinized state draws the same picture for every seat); the AEC and gymnasium adapters
return it; gymnasium's checker and RecordVideo accept it; SB3's ``make_vec_env`` (which asks
for ``rgb_array``) trains MaskablePPO in SubprocVecEnv workers; a missing Pillow says how to
install it.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import gymnasium
import numpy as np
import pytest

import gnome_envs
from gnome_envs.core import picture
from gnome_envs.core.errors import ConfigError
from gnome_envs.core.registry import get_spec, make_game

pytest.importorskip("PIL", reason="pictures need Pillow (pip install gnome_envs[render])")

RANDOM_MOVES = 40
GAME_MOVES = 120  # moves of the longer walks (size, board changes, hidden information)
MIN_SIDE = 400
MIN_COLOURS = 256  # a drawn table, not text in a box
VIDEO_BLOCK = 16  # video encoders' macro block: both sides are multiples of it
DETERMINIZE_EVERY = 15
SIZE_EVERY = 5  # moves between the size checks of a walk (a multiple of it is also checked for hidden facts)
MIN_BOARD_CHANGES = 3
PPO_STEPS = 128
BANNER_H = 34  # the title / decision bar every picture draws on top
# per game: what its board is made of (public state attributes) and where the picture draws it
# (x0, y0, x1, y1 in pixels; None for the picture's edge)
BOARD_VIEWS = {
    "gnome_village_v1": (("grid", "g_village", "g_cell"), (0, BANNER_H, None, 480)),
    "rise_of_the_gnomes_v1": (("cubes", "brews", "boats", "dragon", "revealed"), (0, BANNER_H, 650, None)),
    "dwarfs_fall_v6": (("stacks", "dwarfs"), (0, BANNER_H, 725, None)),
    "battle_gnomes_v1": (("households", "weapon", "defence", "yard"), (0, 198, None, None)),
    "mighty_gnomes_v1": (("forest_owner", "ladder_cells"), (0, BANNER_H, 845, None)),
}


def cases() -> list[tuple[str, dict]]:
    """(env_id, config): the first and the last config of every env."""
    out = []
    for env_id in gnome_envs.ENV_IDS:
        configs = get_spec(env_id).variant_configs()
        out += [(env_id, configs[0])] + ([(env_id, configs[-1])] if len(configs) > 1 else [])
    return out


CASES = cases()
CASE_IDS = [f"{env_id}-{'-'.join(f'{k}={v}' for k, v in config.items())}" for env_id, config in CASES]


def random_walk(env_id: str, config: dict, moves: int, seed: int = 0):
    """Yield the state after each of up to ``moves`` uniform random moves (the start first)."""
    state = make_game(env_id, **config).new_state(seed)
    rng = np.random.default_rng(seed)
    yield state
    for _ in range(moves):
        if state.is_terminal():
            return
        legal = np.flatnonzero(state.legal_action_mask())
        state.apply(int(legal[rng.integers(legal.size)]))
        yield state


def played(env_id: str, config: dict, moves: int, seed: int = 0):
    """The state after ``moves`` random moves (or the end)."""
    state = None
    for state in random_walk(env_id, config, moves, seed):
        pass
    return state


def packed_rgb(image: np.ndarray) -> np.ndarray:
    """Each pixel's colour as one 24-bit integer (np.unique over rows of three is far slower)."""
    red, green, blue = (image[..., channel].astype(np.uint32) for channel in range(3))
    return (red << 16) | (green << 8) | blue


def digest(image: np.ndarray) -> str:
    """A short fingerprint of a picture (shape included)."""
    return hashlib.sha256(repr(image.shape).encode() + image.tobytes()).hexdigest()[:16]


# ---------------------------------------------------------------------------- the picture itself
@pytest.mark.parametrize(("env_id", "config"), CASES, ids=CASE_IDS)
def test_picture_shape_dtype_and_content(env_id, config):
    for state in (make_game(env_id, **config).new_state(0), played(env_id, config, RANDOM_MOVES)):
        image = state.render_picture()
        assert isinstance(image, np.ndarray) and image.dtype == np.uint8
        assert image.ndim == 3 and image.shape[2] == 3
        height, width = image.shape[:2]
        assert height >= MIN_SIDE and width >= MIN_SIDE
        assert height % VIDEO_BLOCK == 0 and width % VIDEO_BLOCK == 0
        colours = np.unique(packed_rgb(image))
        assert len(colours) >= MIN_COLOURS, f"{len(colours)} colours: not a drawn table"
        image[:] = 0  # the caller owns its copy: the next picture is drawn afresh
        assert state.render_picture().any()


@pytest.mark.parametrize(("env_id", "config"), CASES, ids=CASE_IDS)
def test_same_state_draws_the_same_picture(env_id, config):
    state = played(env_id, config, RANDOM_MOVES)
    first = state.render_picture()
    assert np.array_equal(first, state.render_picture())
    assert np.array_equal(first, state.clone().render_picture())
    assert np.array_equal(first, played(env_id, config, RANDOM_MOVES).render_picture())


def test_pictures_are_the_same_in_another_process():
    here = {env_id: digest(played(env_id, config, RANDOM_MOVES).render_picture()) for env_id, config in CASES[::2]}
    script = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); import test_pictures as t; "
        "print(json.dumps({e: t.digest(t.played(e, c, t.RANDOM_MOVES).render_picture()) for e, c in t.CASES[::2]}))"
    )
    out = subprocess.run([sys.executable, "-c", script, str(Path(__file__).parent)], capture_output=True,
                         text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "123"})
    assert json.loads(out.stdout.strip().splitlines()[-1]) == here


@pytest.mark.parametrize("env_id", gnome_envs.ENV_IDS)
def test_the_picture_changes_when_the_board_changes(env_id):
    names, (x0, y0, x1, y1) = BOARD_VIEWS[env_id]
    config = get_spec(env_id).variant_configs()[0]
    before_board, before_image, changes = None, None, 0
    for state in random_walk(env_id, config, GAME_MOVES, seed=2):
        board = repr([getattr(state, name) for name in names])
        image = state.render_picture()[y0:y1, x0:x1]
        if before_board is not None and board != before_board:
            changes += 1
            assert not np.array_equal(image, before_image), (
                f"{env_id}: the board changed after move {state.decisions} but its picture did not"
            )
        before_board, before_image = board, image
    assert changes >= MIN_BOARD_CHANGES, f"{env_id}: only {changes} board changes in {GAME_MOVES} moves"


@pytest.mark.parametrize(("env_id", "config"), CASES, ids=CASE_IDS)
def test_along_a_game_the_picture_keeps_its_size_and_shows_only_public_information(env_id, config):
    """Videos need one size; whatever a seat cannot see is resampled by determinize, and the
    picture must not move."""
    checked, shapes = 0, set()
    for state in random_walk(env_id, config, GAME_MOVES, seed=3):
        if state.decisions % SIZE_EVERY and not state.is_terminal():
            continue
        image = state.render_picture()
        shapes.add(image.shape)
        if state.decisions % DETERMINIZE_EVERY or state.is_terminal():
            continue
        for seat in range(state.game.num_players):
            resampled = state.determinize(seat, np.random.default_rng(seat + 7 * state.decisions))
            assert np.array_equal(image, resampled.render_picture()), (
                f"{env_id}: the picture after move {state.decisions} shows something seat {seat} cannot see"
            )
        checked += 1
    assert checked >= 2
    assert len(shapes) == 1, f"the picture changes size during a game: {shapes}"


def test_missing_pillow_raises_config_error_with_the_install_hint(monkeypatch):
    state = make_game("gnome_village_v1", num_players=2).new_state(0)
    env = gnome_envs.make("gnome_village_v1", num_players=2, render_mode="rgb_array")  # no Pillow needed yet
    env.reset(seed=0)
    monkeypatch.setitem(sys.modules, "PIL", None)  # "import PIL" now fails
    with pytest.raises(ConfigError, match=r"pip install gnome_envs\[render\]"):
        state.render_picture()
    with pytest.raises(ConfigError, match=r"pip install gnome_envs\[render\]"):
        env.render()
    assert picture.INSTALL_HINT == "pip install gnome_envs[render]"


def test_a_game_without_a_picture_module_says_so():
    class NoPictureGame:
        env_id = "no_picture_v0"

    NoPictureGame.__module__ = "gnome_envs.no_such_game.game"
    with pytest.raises(ConfigError, match="no_picture_v0 has no picture"):
        picture.picture_module(NoPictureGame())


# ---------------------------------------------------------------------------- adapters
@pytest.mark.parametrize("env_id", gnome_envs.ENV_IDS)
def test_aec_env_renders_rgb_array(env_id):
    config = get_spec(env_id).variant_configs()[0]
    env = gnome_envs.make(env_id, render_mode="rgb_array", **config)
    assert "rgb_array" in env.metadata["render_modes"] and env.metadata["render_fps"] > 0
    env.reset(seed=4)
    for _ in range(5):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    image = env.render()
    assert np.array_equal(image, env.unwrapped.game_state.render_picture())
    assert isinstance(gnome_envs.make(env_id, render_mode="ansi", **config), gnome_envs.GnomeAECEnv)


@pytest.mark.parametrize("env_id", gnome_envs.ENV_IDS)
def test_pettingzoo_render_test_passes_for_every_render_mode(env_id, capsys):
    from pettingzoo.test import render_test

    config = get_spec(env_id).variant_configs()[0]
    render_test(lambda render_mode=None: gnome_envs.make(env_id, render_mode=render_mode, **config))
    assert capsys.readouterr().out  # "human" printed the table


@pytest.mark.parametrize("env_id", gnome_envs.ENV_IDS)
def test_gymnasium_id_renders_rgb_array_and_passes_the_checker(env_id):
    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make(get_spec(env_id).gym_id, render_mode="rgb_array")
    assert env.render_mode == "rgb_array"
    _, info = env.reset(seed=5)
    image = env.render()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert np.array_equal(image, env.unwrapped.game_state.render_picture())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(gymnasium.make(get_spec(env_id).gym_id, render_mode="rgb_array").unwrapped)


def test_record_video_writes_a_video(tmp_path):
    pytest.importorskip("moviepy", reason="gymnasium's RecordVideo needs moviepy (not a gnome_envs dependency)")
    from gymnasium.wrappers import RecordVideo

    env = gymnasium.make("gnome_envs/GnomeVillage-v1", render_mode="rgb_array")
    folder = tmp_path / "videos"  # a folder of its own: RecordVideo warns when it exists already
    env = RecordVideo(env, str(folder), episode_trigger=lambda episode: True, disable_logger=True)
    _, info = env.reset(seed=6)
    for _ in range(10):
        _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        if terminated or truncated:
            break
    env.close()
    videos = list(folder.glob("*.mp4"))
    assert videos and videos[0].stat().st_size > 0


@pytest.mark.parametrize("env_id", gnome_envs.ENV_IDS)
def test_make_vec_env_subproc_trains_maskable_ppo(env_id):
    """SB3's make_vec_env asks every env for render_mode="rgb_array" by default. Its workers are
    fresh processes: ``gnome_envs:<gym id>`` has gymnasium import gnome_envs there first."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.env_util import make_vec_env
    from stable_baselines3.common.vec_env import SubprocVecEnv

    torch.set_num_threads(1)
    venv = make_vec_env(f"gnome_envs:{get_spec(env_id).gym_id}", n_envs=2, seed=0, vec_env_cls=SubprocVecEnv)
    try:
        assert venv.get_attr("render_mode") == ["rgb_array", "rgb_array"]
        model = MaskablePPO("MlpPolicy", venv, n_steps=PPO_STEPS // 2, batch_size=PPO_STEPS // 2, n_epochs=1,
                            seed=0, device="cpu", policy_kwargs={"net_arch": [32]})
        model.learn(total_timesteps=PPO_STEPS)
        assert model.num_timesteps >= PPO_STEPS
        images = venv.get_images()
        assert len(images) == 2 and all(i.dtype == np.uint8 and i.ndim == 3 for i in images)
    finally:
        venv.close()


SB3_SCRIPT = """
import gnome_envs
from sb3_contrib import MaskablePPO
from stable_baselines3.common.env_util import make_vec_env
from stable_baselines3.common.vec_env import SubprocVecEnv

if __name__ == "__main__":
    venv = make_vec_env("gnome_envs/GnomeVillage-v1", n_envs=2, seed=0, vec_env_cls=SubprocVecEnv)
    model = MaskablePPO("MlpPolicy", venv, n_steps=64, batch_size=64, n_epochs=1, seed=0, device="cpu")
    model.learn(total_timesteps=128)
    print("trained", model.num_timesteps, venv.get_images()[0].shape)
    venv.close()
"""


def test_a_script_trains_with_the_plain_gym_id_in_subprocess_workers(tmp_path):
    """The README's pattern: a script that imports gnome_envs and passes the bare gymnasium id."""
    script = tmp_path / "train_village.py"
    script.write_text(SB3_SCRIPT)
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path,
                         env={**os.environ, "OMP_NUM_THREADS": "1"})
    assert out.returncode == 0, out.stderr[-2000:]
    assert "trained 128" in out.stdout
