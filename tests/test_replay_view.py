"""``python -m training.replay_view``: a recorded game as an HTML viewer or an animated GIF.

The HTML page is checked in a real browser: Debian's headless Chromium loads it, the viewer's
script opens the step named in the address (``#step=N``) and plays to the end (``#play``), and
the browser reports no console message. Where Chromium is not installed that test is skipped
and says so (``.ci/run`` installs it).
"""

from __future__ import annotations

import base64
import io
import json
import math
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import gnome_envs
from gnome_envs.core.registry import get_spec, make_game
from gnome_envs.core.replay import Replay, verify
from training import replay_view

PIL = pytest.importorskip("PIL", reason="the viewer draws with Pillow (pip install gnome_envs[render])")
from PIL import Image  # noqa: E402

GOLDEN = Path(__file__).parent / "data" / "golden"
EVERY = 40  # positions kept from a golden game (keeps the test short)
BROWSER_NAMES = ("chromium", "chromium-browser")
BROWSER_FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--enable-logging=stderr", "--v=0",
)
BROWSER_TIMEOUT = 120
SPARE_FRAMES = 4  # virtual time for #play: every kept position at the default fps, and a few more
DATA_URI = re.compile(r"data:image/png;base64,([A-Za-z0-9+/=]+)")


def first_golden(env_id: str) -> Path:
    """A golden replay file of ``env_id`` (the one of its first conformance config)."""
    config = get_spec(env_id).variant_configs()[0]
    for path in sorted(GOLDEN.glob(f"{env_id}__*.json")):
        if Replay.load(path).config == config:
            return path
    raise AssertionError(f"no golden replay for {env_id} {config}")


def kept_steps(total: int, every: int) -> list[int]:
    """The steps the viewer keeps: the start, every ``every``-th move, and the last."""
    return [0] + [s for s in range(1, total + 1) if s % every == 0 or s == total]


def frames_in(page: str) -> list[dict]:
    """The frame records embedded in a viewer page."""
    match = re.search(r"const FRAMES = (\[.*?\]);\n", page, re.S)
    assert match, "the page holds no frame list"
    return json.loads(match.group(1).replace("<\\/", "</"))


@pytest.mark.parametrize("env_id", gnome_envs.ENV_IDS)
def test_html_viewer_of_a_golden_replay(env_id, tmp_path):
    path = first_golden(env_id)
    replay = Replay.load(path)
    out = tmp_path / "game.html"
    assert replay_view.main([str(path), "--out", str(out), "--every", str(EVERY)]) == 0
    page = out.read_text(encoding="utf-8")
    frames = frames_in(page)
    assert [f["step"] for f in frames] == kept_steps(len(replay.actions), EVERY)
    final = verify(replay)
    image = Image.open(io.BytesIO(base64.b64decode(DATA_URI.match(frames[-1]["src"]).group(1)))).convert("RGB")
    expected = final.render_picture()
    assert image.size == (expected.shape[1], expected.shape[0])
    assert frames[0]["caption"].startswith("Start of the game")
    start = make_game(replay.env_id, **replay.config).new_state(replay.seed)  # captions: describe_action
    for action in replay.actions[:EVERY - 1]:
        start.apply(action)
    assert start.describe_action(replay.actions[EVERY - 1]) in frames[1]["caption"]
    assert frames[1]["caption"].startswith(f"Step {EVERY}/{len(replay.actions)}: P{start.current_player}")


def test_gif_of_a_replay(tmp_path):
    path = first_golden("battle_gnomes_v1")
    replay = Replay.load(path)
    out = tmp_path / "game.gif"
    assert replay_view.main([str(path), "--out", str(out), "--every", str(EVERY), "--scale", "0.25"]) == 0
    with Image.open(out) as gif:
        assert gif.format == "GIF"
        assert gif.n_frames == len(kept_steps(len(replay.actions), EVERY))
        full = verify(replay).render_picture()
        assert gif.size[0] == round(full.shape[1] * 0.25)
        assert gif.size[1] == round(full.shape[0] * 0.25) + replay_view.GIF_CAPTION_H


def test_record_a_fresh_game_then_view_it(tmp_path):
    saved, out = tmp_path / "game.json", tmp_path / "game.html"
    args = ["--env", "mighty_gnomes_v1", "--players", "2", "--agents", "random", "--seed", "3",
            "--save-replay", str(saved), "--out", str(out), "--every", "50"]
    assert replay_view.main(args) == 0
    replay = Replay.load(saved)
    assert replay.env_id == "mighty_gnomes_v1" and replay.seed == 3 and replay.config == {"num_players": 2}
    final = verify(replay)
    assert final.is_terminal()
    assert [f["step"] for f in frames_in(out.read_text())] == kept_steps(len(replay.actions), 50)


def test_a_replay_that_no_longer_matches_the_rules_is_refused(tmp_path, capsys):
    replay = Replay.load(first_golden("gnome_village_v1"))
    hashes = list(replay.hashes)
    hashes[5] = "0" * len(hashes[5])
    bad = tmp_path / "bad.json"
    Replay(replay.env_id, replay.config, replay.seed, replay.actions, tuple(hashes)).save(bad)
    out = tmp_path / "game.html"
    assert replay_view.main([str(bad), "--out", str(out)]) == 2
    assert "diverged at step 5" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--out", "game.txt", "--env", "gnome_village_v1"], "--out must end in .html or .gif"),
        (["--out", "game.html"], "either a replay file or --env"),
        (["no_such_replay.json", "--out", "game.html"], "no replay file"),
        (["--env", "gnome_village_v1", "--out", "game.html", "--every", "0"], "--every"),
        (["--env", "gnome_village_v1", "--agents", "random,random,random", "--out", "game.html"], "one per seat"),
    ],
)
def test_bad_arguments_exit_with_a_message(args, message, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert replay_view.main(args) == 2
    assert message in capsys.readouterr().err
    assert not any(tmp_path.glob("game.*"))


# ---------------------------------------------------------------------------- the browser
def browser() -> str | None:
    """Path of a Chromium executable, or None."""
    for name in BROWSER_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def load_in_browser(executable: str, url: str, profile: Path, extra: tuple[str, ...] = ()) -> tuple[str, list[str]]:
    """The DOM after ``url`` loaded in headless Chromium, and every console message it logged."""
    result = subprocess.run(
        [executable, *BROWSER_FLAGS, f"--user-data-dir={profile}", *extra, "--dump-dom", url],
        capture_output=True, text=True, timeout=BROWSER_TIMEOUT,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    console = [line for line in result.stderr.splitlines() if ":CONSOLE" in line or "Uncaught" in line]
    return result.stdout, console


def test_html_viewer_runs_in_headless_chromium_without_console_messages(tmp_path):
    executable = browser()
    if executable is None:
        pytest.skip("Chromium is not installed (Debian: apt-get install chromium); .ci/run installs it")
    # the check can fail: a page with a script error is caught
    broken = tmp_path / "broken.html"
    broken.write_text("<!DOCTYPE html><html><body><script>noSuchFunction();</script></body></html>")
    _, console = load_in_browser(executable, broken.as_uri(), tmp_path / "profile0")
    assert any("noSuchFunction" in line for line in console), "the console check saw no error"

    path = first_golden("rise_of_the_gnomes_v1")
    replay = Replay.load(path)
    out = tmp_path / "game.html"
    assert replay_view.main([str(path), "--out", str(out), "--every", str(EVERY)]) == 0
    frames = frames_in(out.read_text(encoding="utf-8"))
    wanted = frames[2]
    dom, console = load_in_browser(executable, f"{out.as_uri()}#step={wanted['step']}", tmp_path / "profile1")
    assert console == [], f"console messages: {console}"
    assert f'data-step="{wanted["step"]}"' in dom
    assert f'position 3 / {len(frames)}' in dom
    caption = re.search(r'<div id="caption">(.*?)</div>', dom, re.S).group(1)
    assert caption == wanted["caption"].replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    assert re.search(r'<img id="board"[^>]*src="data:image/png;base64,', dom)
    # playing runs to the last position
    budget = math.ceil((len(frames) + SPARE_FRAMES) * 1000 / replay_view.DEFAULT_FPS)
    dom, console = load_in_browser(executable, f"{out.as_uri()}#play", tmp_path / "profile2",
                                   (f"--virtual-time-budget={budget}",))
    assert console == [], f"console messages: {console}"
    assert f'data-step="{frames[-1]["step"]}"' in dom
