"""Turn a recorded game into a move-by-move viewer: one HTML page, or an animated GIF.

    python -m training.replay_view REPLAY.json --out game.html
    python -m training.replay_view REPLAY.json --out game.gif [--scale 0.5] [--fps 2]
    python -m training.replay_view --env gnome_village_v1 --players 3 --agents scripted \\
        --seed 7 --save-replay game.json --out game.html

A replay (``gnome_envs.core.replay.Replay``: env id, config, seed, actions and the state hash
after each one; ``tests/data/golden/*.json`` are replays) is played again, every state hash
checked, and the table drawn after every move with the game's own picture
(``render_mode="rgb_array"``). With ``--env`` instead of a replay file, a fresh game is played
by ``--agents`` (one agent spec for every seat, or a comma list with one per seat) and
recorded first; ``--save-replay`` keeps it.

The HTML page is self-contained (every picture is embedded as a PNG data URI): previous / next
/ play buttons, a slider, the arrow keys; ``#step=N`` in the address opens step N and ``#play``
starts playing. Under the
picture is the move that led to it, as ``describe_action`` words it. ``--every N`` keeps every
N-th position (the first and the last are always kept) for very long games.
"""

from __future__ import annotations

import argparse
import base64
import html
import io
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

import gnome_envs
from gnome_envs.core.errors import ConfigError, IllegalActionError, ReplayMismatchError
from gnome_envs.core.picture import pillow
from gnome_envs.core.registry import get_spec, make_game
from gnome_envs.core.replay import Recorder, Replay
from training import common

OUTPUT_SUFFIXES = (".html", ".gif")
DEFAULT_AGENTS = "scripted"
DEFAULT_FPS = 2.0
PALETTE_COLOURS = 256  # HTML frames are stored as palette PNGs (flat drawings lose nothing visible)
GIF_CAPTION_H = 28
GIF_CAPTION_SIZE = 15
CAPTION_INK = (250, 250, 250)
CAPTION_BACK = (28, 30, 40)
MAX_AGENT_DECISIONS = 100_000  # a recorded game that runs longer than this is stopped


@dataclass(frozen=True)
class Frame:
    """One position of the game: its step number, the move that led to it, its picture."""

    step: int
    caption: str
    image: np.ndarray


# ---------------------------------------------------------------------------- recording
def record_game(env_id: str, config: dict[str, Any], agents_spec: str, seed: int) -> Replay:
    """Play one game with ``agents_spec`` (one spec, or one per seat) and return its replay."""
    import agents
    from agents.base import choose_action

    recorder = Recorder(env_id, seed, **config)
    n = recorder.state.game.num_players
    specs = [s.strip() for s in agents_spec.split(",")]
    if len(specs) == 1:
        specs = specs * n
    if len(specs) != n:
        raise ConfigError(f"--agents needs one spec or {n} (one per seat), got {len(specs)}")
    policies = [agents.make(spec, env_id) for spec in specs]
    rng = np.random.default_rng(seed)
    while not recorder.state.is_terminal():
        if len(recorder.actions) >= MAX_AGENT_DECISIONS:
            raise ConfigError(f"the game did not end within {MAX_AGENT_DECISIONS} decisions")
        state = recorder.state
        recorder.apply(choose_action(policies[state.current_player], state, rng))
    return recorder.replay()


# ---------------------------------------------------------------------------- frames
def move_caption(state, action: int, step: int, total: int) -> str:
    """``Step 3/120: P1 (brewer placement) brewer on build brewery``."""
    decision = state.decision_name().replace("_", " ")
    return f"Step {step}/{total}: P{state.current_player} ({decision}) {state.describe_action(action)}"


def replay_frames(replay: Replay, every: int = 1) -> list[Frame]:
    """The start and the position after each move of ``replay`` (every ``every``-th, the last
    always), each state hash checked against the recording."""
    if every < 1:
        raise ConfigError(f"--every must be a positive integer, got {every}")
    state = make_game(replay.env_id, **replay.config).new_state(replay.seed)
    total = len(replay.actions)
    _check_hash(replay, 0, state)
    frames = [Frame(0, f"Start of the game (seed {replay.seed}, {total} moves)", state.render_picture())]
    for step, action in enumerate(replay.actions, start=1):
        caption = move_caption(state, action, step, total)
        try:
            state.apply(action)
        except IllegalActionError as err:
            raise ReplayMismatchError(f"replay step {step}: action {action} is illegal: {err}") from err
        _check_hash(replay, step, state)
        if step % every == 0 or step == total:
            frames.append(Frame(step, caption, state.render_picture()))
    return frames


def _check_hash(replay: Replay, step: int, state) -> None:
    if step < len(replay.hashes) and replay.hashes[step] != state.state_hash():
        raise ReplayMismatchError(
            f"{replay.env_id} replay diverged at step {step}: the rules changed since it was recorded"
        )


def _image(frame: Frame, scale: float):
    """The frame as a Pillow image, resized by ``scale``."""
    image_module = pillow()[0]
    image = image_module.fromarray(frame.image)
    if scale != 1.0:
        size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
        image = image.resize(size, image_module.Resampling.LANCZOS)
    return image


def png_data_uri(frame: Frame, scale: float = 1.0) -> str:
    """The frame as a ``data:image/png;base64,...`` URI (a palette PNG)."""
    image_module = pillow()[0]
    image = _image(frame, scale).quantize(PALETTE_COLOURS, method=image_module.Quantize.FASTOCTREE)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


# ---------------------------------------------------------------------------- HTML
PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
body {{ font-family: sans-serif; background: #1f2430; color: #eee; margin: 16px; }}
h1 {{ font-size: 18px; margin: 0 0 8px 0; }}
#controls {{ display: flex; gap: 8px; align-items: center; margin: 8px 0; }}
#slider {{ flex: 1; }}
#caption {{ font-size: 15px; min-height: 1.4em; margin: 6px 0; }}
#board {{ max-width: 100%; border: 1px solid #555; }}
button {{ font-size: 14px; padding: 4px 10px; }}
</style>
</head>
<body>
<h1>{heading}</h1>
<div id="controls">
<button id="first" title="first position (Home)">|&lt;</button>
<button id="prev" title="previous move (left arrow)">&lt;</button>
<button id="play" title="play / pause (space)">play</button>
<button id="next" title="next move (right arrow)">&gt;</button>
<button id="last" title="last position (End)">&gt;|</button>
<input id="slider" type="range" min="0" max="0" value="0">
<span id="counter"></span>
</div>
<div id="caption"></div>
<img id="board" alt="the table">
<script>
"use strict";
const FRAMES = {frames};
const FPS = {fps};
let index = 0;
let timer = null;
const board = document.getElementById("board");
const caption = document.getElementById("caption");
const slider = document.getElementById("slider");
const counter = document.getElementById("counter");
const playButton = document.getElementById("play");
slider.max = String(FRAMES.length - 1);
function show(i) {{
  index = Math.max(0, Math.min(FRAMES.length - 1, i));
  const frame = FRAMES[index];
  board.src = frame.src;
  caption.textContent = frame.caption;
  slider.value = String(index);
  counter.textContent = "position " + (index + 1) + " / " + FRAMES.length;
  document.body.dataset.step = String(frame.step);
}}
function stop() {{
  if (timer !== null) {{ clearInterval(timer); timer = null; }}
  playButton.textContent = "play";
}}
function play() {{
  if (timer !== null) {{ stop(); return; }}
  if (index === FRAMES.length - 1) {{ show(0); }}
  playButton.textContent = "pause";
  timer = setInterval(function () {{
    if (index >= FRAMES.length - 1) {{ stop(); return; }}
    show(index + 1);
  }}, 1000 / FPS);
}}
document.getElementById("first").addEventListener("click", function () {{ stop(); show(0); }});
document.getElementById("prev").addEventListener("click", function () {{ stop(); show(index - 1); }});
document.getElementById("next").addEventListener("click", function () {{ stop(); show(index + 1); }});
document.getElementById("last").addEventListener("click", function () {{ stop(); show(FRAMES.length - 1); }});
playButton.addEventListener("click", play);
slider.addEventListener("input", function () {{ stop(); show(Number(slider.value)); }});
document.addEventListener("keydown", function (event) {{
  const moves = {{ ArrowLeft: -1, ArrowRight: 1 }};
  if (event.key in moves) {{ stop(); show(index + moves[event.key]); event.preventDefault(); }}
  else if (event.key === "Home") {{ stop(); show(0); }}
  else if (event.key === "End") {{ stop(); show(FRAMES.length - 1); }}
  else if (event.key === " ") {{ play(); event.preventDefault(); }}
}});
function fromAddress() {{
  const match = /step=(\\d+)/.exec(window.location.hash);
  if (!match) {{ return 0; }}
  const wanted = Number(match[1]);
  let best = 0;
  FRAMES.forEach(function (frame, i) {{ if (frame.step <= wanted) {{ best = i; }} }});
  return best;
}}
show(fromAddress());
if (/play/.test(window.location.hash)) {{ play(); }}
</script>
</body>
</html>
"""


def html_page(replay: Replay, frames: list[Frame], scale: float = 1.0, fps: float = DEFAULT_FPS) -> str:
    """The self-contained viewer page of ``frames``."""
    title = get_spec(replay.env_id).title
    config = ", ".join(f"{k}={v}" for k, v in replay.config.items())
    heading = f"{title} ({replay.env_id}{', ' + config if config else ''}), seed {replay.seed}"
    data = [{"step": f.step, "caption": f.caption, "src": png_data_uri(f, scale)} for f in frames]
    frames_json = json.dumps(data).replace("</", "<\\/")  # never closes the script element early
    return PAGE.format(title=html.escape(title), heading=html.escape(heading), frames=frames_json, fps=fps)


# ---------------------------------------------------------------------------- GIF
def write_gif(frames: list[Frame], path: Path, scale: float = 1.0, fps: float = DEFAULT_FPS) -> None:
    """An animated GIF of ``frames``, each with its move written under the picture."""
    from gnome_envs.core.picture import font

    image_module, draw_module, _ = pillow()
    pictures = []
    for frame in frames:
        board = _image(frame, scale)
        page = image_module.new("RGB", (board.width, board.height + GIF_CAPTION_H), CAPTION_BACK)
        page.paste(board, (0, 0))
        draw = draw_module.Draw(page)
        draw.text((8, board.height + GIF_CAPTION_H / 2), frame.caption, font=font(GIF_CAPTION_SIZE),
                  fill=CAPTION_INK, anchor="lm")
        pictures.append(page.quantize(PALETTE_COLOURS, method=image_module.Quantize.FASTOCTREE))
    duration = max(20, round(1000 / fps))
    pictures[0].save(path, format="GIF", save_all=True, append_images=pictures[1:], duration=duration, loop=0)


# ---------------------------------------------------------------------------- command line
def build_parser() -> argparse.ArgumentParser:
    """The ``training.replay_view`` argument parser."""
    parser = argparse.ArgumentParser(
        prog="python -m training.replay_view",
        description="Draw a recorded game move by move: an HTML viewer or an animated GIF.",
    )
    parser.add_argument("replay", nargs="?", type=Path, help="replay file (JSON, gnome_envs.core.replay)")
    parser.add_argument("--out", type=Path, required=True, help="output file: .html (viewer) or .gif")
    parser.add_argument("--env", choices=gnome_envs.ENV_IDS, default=None,
                        help="play and record a fresh game of this env instead of reading a replay")
    parser.add_argument("--players", type=int, default=None, help="with --env: number of players")
    parser.add_argument("--agents", default=DEFAULT_AGENTS,
                        help=f"with --env: agent spec for every seat, or one per seat, comma separated "
                             f"(default: {DEFAULT_AGENTS})")
    parser.add_argument("--seed", type=int, default=0, help="with --env: game seed (default: 0)")
    parser.add_argument("--save-replay", type=Path, default=None, help="with --env: also write the replay here")
    parser.add_argument("--every", type=int, default=1, help="keep every N-th position (default: 1, every move)")
    parser.add_argument("--scale", type=float, default=1.0, help="picture scale (default: 1.0)")
    parser.add_argument("--fps", type=float, default=DEFAULT_FPS,
                        help=f"positions per second when playing (default: {DEFAULT_FPS})")
    common.add_config_argument(parser)
    return parser


def load_or_record(args: argparse.Namespace) -> Replay:
    """The replay named on the command line, or a fresh game recorded with ``--env``."""
    if (args.replay is None) == (args.env is None):
        raise ConfigError("give either a replay file or --env (to record a fresh game), not both")
    if args.replay is not None:
        if not args.replay.is_file():
            raise ConfigError(f"no replay file {str(args.replay)!r}")
        return Replay.load(args.replay)
    config = dict(args.config_kwargs)
    if args.players is not None:
        config["num_players"] = args.players
    replay = record_game(args.env, config, args.agents, args.seed)
    if args.save_replay is not None:
        replay.save(args.save_replay)
    return replay


def run(args: argparse.Namespace) -> int:
    """Write the viewer (or GIF) and report what was written."""
    suffix = args.out.suffix.lower()
    if suffix not in OUTPUT_SUFFIXES:
        raise ConfigError(f"--out must end in {' or '.join(OUTPUT_SUFFIXES)}, got {args.out.name!r}")
    if not args.scale > 0 or not args.fps > 0:
        raise ConfigError("--scale and --fps must be positive")
    replay = load_or_record(args)
    frames = replay_frames(replay, args.every)
    if suffix == ".html":
        args.out.write_text(html_page(replay, frames, args.scale, args.fps), encoding="utf-8")
    else:
        write_gif(frames, args.out, args.scale, args.fps)
    print(f"wrote {args.out}: {len(frames)} positions of {replay.env_id} "
          f"({len(replay.actions)} moves, seed {replay.seed})")
    return common.EXIT_OK


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    return common.run_cli(run, build_parser(), argv)


if __name__ == "__main__":
    sys.exit(main())
