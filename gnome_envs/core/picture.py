"""Shared drawing helpers for the games' pictures (``render_mode="rgb_array"``).

Every game draws its own table in ``gnome_envs/<game>/picture.py`` with a function
``draw(state) -> numpy.ndarray`` (an HxWx3 uint8 image of what the public sees);
:func:`draw_state` finds that module next to the game's :class:`~gnome_envs.core.engine.Game`
class. This module holds what the games share: a :class:`Canvas` (text, boxes, hexagons,
cubes, houses, gnomes, cards face up and face down, counters, the decision banner), a
palette and the seat colours.

Pillow is imported only when a picture is drawn (``pip install gnome_envs[render]``); a
missing Pillow raises :class:`~gnome_envs.core.errors.ConfigError` saying so. Nothing here
keeps state between calls but the loaded fonts.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from gnome_envs.core.errors import ConfigError

INSTALL_HINT = "pip install gnome_envs[render]"
PICTURE_MODULE = "picture"  # gnome_envs/<game>/picture.py
Colour = tuple[int, int, int]
Box = tuple[float, float, float, float]

# ----------------------------------------------------------------------------- palette
INK: Colour = (34, 30, 28)
PAPER: Colour = (250, 245, 232)
FELT: Colour = (46, 84, 62)  # the table
PANEL: Colour = (236, 228, 208)
PANEL_EDGE: Colour = (120, 100, 76)
MUTED: Colour = (128, 122, 112)
WHITE: Colour = (255, 255, 255)
GOLD: Colour = (222, 178, 48)
BANNER: Colour = (40, 44, 60)
HIGHLIGHT: Colour = (255, 214, 64)
CARD_BACK: Colour = (92, 62, 120)
CARD_BACK_EDGE: Colour = (200, 180, 220)
# seat colours (player 0, 1, ...): red, blue, green, yellow, purple, orange
SEAT_COLOURS: tuple[Colour, ...] = (
    (206, 54, 48), (44, 98, 206), (40, 150, 72), (232, 190, 36), (142, 74, 176), (238, 128, 30),
)
LUMA_WEIGHTS = (0.299, 0.587, 0.114)
LIGHT_TEXT_BELOW = 150  # fill luma under which text is drawn white
ELLIPSIS = "…"
DEFAULT_SIZE = 13
BANNER_SIZE = 16


def seat_colour(seat: int) -> Colour:
    """The colour of player ``seat``."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def text_colour(fill: Colour) -> Colour:
    """Ink that reads on ``fill``: white on dark colours, dark ink on light ones."""
    luma = sum(w * c for w, c in zip(LUMA_WEIGHTS, fill))
    return WHITE if luma < LIGHT_TEXT_BELOW else INK


def shade(colour: Colour, factor: float) -> Colour:
    """``colour`` darkened (factor < 1) or lightened towards white (factor > 1)."""
    if factor <= 1.0:
        return tuple(int(c * factor) for c in colour)  # type: ignore[return-value]
    t = min(factor - 1.0, 1.0)
    return tuple(int(c + (255 - c) * t) for c in colour)  # type: ignore[return-value]


# ----------------------------------------------------------------------------- Pillow
def pillow() -> tuple[Any, Any, Any]:
    """Pillow's ``Image``, ``ImageDraw`` and ``ImageFont`` modules, or ConfigError if missing."""
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:
        raise ConfigError(f"pictures (render_mode='rgb_array') are drawn with Pillow: {INSTALL_HINT}") from None
    return Image, ImageDraw, ImageFont


@lru_cache(maxsize=32)
def font(size: int) -> Any:
    """Pillow's bundled font at ``size`` pixels (the bitmap font where FreeType is missing)."""
    _, _, image_font = pillow()
    try:
        return image_font.load_default(size=size)
    except (TypeError, ImportError, OSError):  # Pillow < 10.1 or built without FreeType
        return image_font.load_default()


def picture_module(game: Any) -> Any:
    """The ``picture`` module of the package that defines ``game``'s class."""
    package = type(game).__module__.rpartition(".")[0]
    name = f"{package}.{PICTURE_MODULE}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name is None or not (name == err.name or name.startswith(err.name + ".")):
            raise  # the module exists but something it imports is missing
        raise ConfigError(f"{getattr(game, 'env_id', package)} has no picture ({name} is missing)") from None


def draw_state(state: Any) -> np.ndarray:
    """The picture of ``state`` drawn by its game's picture module: HxWx3 uint8."""
    return picture_module(state.game).draw(state)


# ----------------------------------------------------------------------------- canvas
class Canvas:
    """An RGB image with the drawing primitives the games share."""

    def __init__(self, width: int, height: int, background: Colour = FELT) -> None:
        image, image_draw, _ = pillow()
        self.width, self.height = width, height
        self.image = image.new("RGB", (width, height), background)
        self.draw = image_draw.Draw(self.image)

    # --------------------------------------------------------------- text
    def text(self, xy: tuple[float, float], text: str, size: int = DEFAULT_SIZE, fill: Colour = INK,
             anchor: str = "la", width: float | None = None) -> None:
        """Draw one line of ``text``; cut with an ellipsis to ``width`` pixels when given."""
        if width is not None:
            text = self.fit(text, size, width)
        self.draw.text(xy, text, font=font(size), fill=fill, anchor=anchor)

    def text_width(self, text: str, size: int = DEFAULT_SIZE) -> float:
        """Width of ``text`` in pixels."""
        return font(size).getlength(text)

    def fit(self, text: str, size: int, width: float) -> str:
        """``text`` cut with an ellipsis so that it fits ``width`` pixels."""
        f = font(size)
        if f.getlength(text) <= width:
            return text
        low, high = 0, len(text)
        while low < high:  # longest prefix that fits with the ellipsis
            mid = (low + high + 1) // 2
            if f.getlength(text[:mid] + ELLIPSIS) <= width:
                low = mid
            else:
                high = mid - 1
        return text[:low] + ELLIPSIS

    def lines(self, x: float, y: float, lines: Sequence[str], size: int = DEFAULT_SIZE,
              fill: Colour = INK, width: float | None = None, gap: int = 3) -> float:
        """Draw ``lines`` top down from (x, y); returns the y below the last one."""
        for line in lines:
            self.text((x, y), line, size, fill, width=width)
            y += size + gap
        return y

    def wrap(self, text: str, size: int, width: float, max_lines: int = 3) -> list[str]:
        """``text`` broken into lines of at most ``width`` pixels (the last one cut if needed)."""
        words, out, line = text.split(), [], ""
        for word in words:
            candidate = f"{line} {word}".strip()
            if line and self.text_width(candidate, size) > width:
                out.append(line)
                line = word
            else:
                line = candidate
        if line:
            out.append(line)
        if len(out) > max_lines:
            out = out[:max_lines - 1] + [" ".join(out[max_lines - 1:])]
        return [self.fit(one, size, width) for one in out]

    # --------------------------------------------------------------- shapes
    def rect(self, box: Box, fill: Colour | None = None, outline: Colour | None = INK,
             width: int = 1, radius: int = 0) -> None:
        """A (rounded) rectangle."""
        if radius:
            self.draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
        else:
            self.draw.rectangle(box, fill=fill, outline=outline, width=width)

    def circle(self, centre: tuple[float, float], radius: float, fill: Colour | None,
               outline: Colour | None = INK, width: int = 1) -> None:
        """A circle."""
        x, y = centre
        self.draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill, outline=outline, width=width)

    def polygon(self, points: Sequence[tuple[float, float]], fill: Colour | None,
                outline: Colour | None = INK, width: int = 1) -> None:
        """A closed polygon."""
        self.draw.polygon(list(points), fill=fill, outline=outline, width=width)

    def line(self, points: Sequence[tuple[float, float]], fill: Colour = INK, width: int = 1) -> None:
        """A polyline."""
        self.draw.line(list(points), fill=fill, width=width)

    def hexagon(self, centre: tuple[float, float], radius: float, fill: Colour | None,
                outline: Colour | None = INK, width: int = 1) -> None:
        """A pointy-top hexagon of circumradius ``radius``."""
        self.draw.regular_polygon((centre[0], centre[1], radius), 6, rotation=30, fill=fill,
                                  outline=outline, width=width)

    def cube(self, x: float, y: float, size: float, fill: Colour) -> None:
        """A small cube seen from above and in front, top-left corner (x, y)."""
        top = size * 0.3
        self.polygon([(x, y + top), (x + top, y), (x + size + top, y), (x + size, y + top)],
                     shade(fill, 1.35), outline=shade(fill, 0.5))
        self.polygon([(x + size, y + top), (x + size + top, y), (x + size + top, y + size),
                      (x + size, y + size + top)], shade(fill, 0.7), outline=shade(fill, 0.5))
        self.rect((x, y + top, x + size, y + size + top), fill, outline=shade(fill, 0.5))

    def house(self, x: float, y: float, size: float, fill: Colour, outline: Colour = INK) -> None:
        """A house (brewery, building) with its roof, top-left corner (x, y)."""
        roof = size * 0.45
        self.polygon([(x, y + roof), (x + size / 2, y), (x + size, y + roof), (x + size, y + size),
                      (x, y + size)], fill, outline=outline)

    def gnome(self, x: float, y: float, size: float, fill: Colour, outline: Colour = INK) -> None:
        """A gnome figure (pointed hat, face, body) in a ``size`` square, top-left (x, y)."""
        s = size
        self.polygon([(x + s * 0.18, y + s * 0.78), (x + s * 0.5, y + s * 0.4), (x + s * 0.82, y + s * 0.78),
                      (x + s * 0.82, y + s), (x + s * 0.18, y + s)], fill, outline=outline)
        self.circle((x + s * 0.5, y + s * 0.5), s * 0.17, (246, 214, 180), outline=outline)
        self.polygon([(x + s * 0.28, y + s * 0.42), (x + s * 0.5, y), (x + s * 0.72, y + s * 0.42)],
                     fill, outline=outline)

    def badge(self, centre: tuple[float, float], radius: float, fill: Colour, label: str,
              size: int | None = None, outline: Colour = INK) -> None:
        """A round token with a centred label."""
        self.circle(centre, radius, fill, outline=outline)
        if label:
            self.text(centre, label, size or max(8, int(radius * 1.1)), text_colour(fill), anchor="mm")

    # --------------------------------------------------------------- cards and panels
    def card(self, box: Box, title: str, lines: Sequence[str] = (), fill: Colour = PAPER,
             accent: Colour | None = None, size: int = 11, outline: Colour = INK, width: int = 1) -> None:
        """A face-up card: a coloured title strip (``accent``), its title and text lines."""
        x0, y0, x1, y1 = box
        self.rect(box, fill, outline=outline, width=width, radius=4)
        strip = size + 6
        if accent is not None:
            self.rect((x0 + 1, y0 + 1, x1 - 1, y0 + strip), accent, outline=None, radius=3)
        ink = text_colour(accent) if accent is not None else INK
        inner = x1 - x0 - 6
        self.text((x0 + 3, y0 + 3), title, size, ink, width=inner)
        y = y0 + strip + 3
        for line in lines:
            if y + size > y1 - 2:
                break
            self.text((x0 + 3, y), line, size - 1, INK, width=inner)
            y += size + 1

    def card_back(self, box: Box, label: str = "", size: int = 12) -> None:
        """A face-down card, with an optional label (a count) in the middle."""
        x0, y0, x1, y1 = box
        self.rect(box, CARD_BACK, outline=INK, radius=4)
        self.rect((x0 + 3, y0 + 3, x1 - 3, y1 - 3), None, outline=CARD_BACK_EDGE, radius=3)
        if label:
            self.text(((x0 + x1) / 2, (y0 + y1) / 2), label, size, WHITE, anchor="mm")

    def hidden_hand(self, x: float, y: float, count: int, card: tuple[float, float] = (18, 26),
                    label: str | None = None) -> float:
        """A fan of face-down cards for a hidden hand of ``count`` and its count; returns the right edge."""
        w, h = card
        shown = min(count, 5)
        for i in range(shown):
            self.card_back((x + i * w * 0.4, y, x + i * w * 0.4 + w, y + h))
        right = x + (shown - 1) * w * 0.4 + w if shown else x
        self.text((right + 4, y + h / 2), label if label is not None else f"x{count}", 12, INK, anchor="lm")
        return right + 4 + self.text_width(label if label is not None else f"x{count}", 12)

    def panel(self, box: Box, title: str = "", fill: Colour = PANEL, accent: Colour | None = None,
              size: int = 14, outline: Colour = PANEL_EDGE, width: int = 1) -> float:
        """A rounded panel with a title; returns the y where its content starts."""
        x0, y0, x1, _ = box
        self.rect(box, fill, outline=outline, width=width, radius=6)
        if not title:
            return y0 + 6
        if accent is not None:
            self.rect((x0 + 2, y0 + 2, x1 - 2, y0 + size + 8), accent, outline=None, radius=5)
        ink = text_colour(accent) if accent is not None else INK
        self.text((x0 + 8, y0 + 4), title, size, ink, width=x1 - x0 - 16)
        return y0 + size + 12

    def counter(self, x: float, y: float, label: str, value: Any, fill: Colour = PAPER, size: int = 12) -> float:
        """A small ``label value`` chip; returns its right edge."""
        text = f"{label} {value}" if label else str(value)
        w = self.text_width(text, size) + 10
        self.rect((x, y, x + w, y + size + 6), fill, outline=shade(fill, 0.55), radius=4)
        self.text((x + 5, y + 3), text, size, text_colour(fill))
        return x + w

    def banner(self, box: Box, text: str, fill: Colour = BANNER, size: int = BANNER_SIZE,
               marker: Colour | None = None) -> None:
        """The title / decision bar; ``marker`` is a colour chip at its left (the deciding seat)."""
        x0, y0, x1, y1 = box
        self.rect(box, fill, outline=None)
        x = x0 + 10
        if marker is not None:
            self.circle((x + 8, (y0 + y1) / 2), 8, marker, outline=WHITE, width=2)
            x += 24
        self.text((x, (y0 + y1) / 2), text, size, text_colour(fill), anchor="lm", width=x1 - x - 10)

    def array(self) -> np.ndarray:
        """The picture as an HxWx3 uint8 array (a fresh copy)."""
        return np.array(self.image, dtype=np.uint8)


def seat_label(seat: int) -> str:
    """``P0`` for seat 0."""
    return f"P{seat}"


def decision_text(state: Any, who: str | None = None) -> str:
    """``P1 decides: pay action`` (or the end of the game) for a banner."""
    if state.is_terminal():
        if state.is_truncated():
            return f"Game stopped ({state.truncated_by}); scores {format_scores(state.scores())}"
        winners = [seat_label(s) for s, place in enumerate(state.placements()) if place == 0]
        return f"Game over: {', '.join(winners) or '-'} first; scores {format_scores(state.scores())}"
    seat = state.current_player
    name = state.decision_name().replace("_", " ")
    return f"{who or seat_label(seat)} decides: {name}"


def format_scores(scores: Sequence[float]) -> str:
    """``12 / 9 / 7`` (integers shown without decimals)."""
    return " / ".join(f"{float(s):g}" for s in scores)


__all__ = [
    "BANNER", "FELT", "GOLD", "INK", "MUTED", "PANEL", "PAPER", "SEAT_COLOURS", "WHITE",
    "Canvas", "decision_text", "draw_state", "font", "picture_module", "pillow",
    "seat_colour", "seat_label", "shade", "text_colour",
]
