"""The Dwar7s Fall table as a picture: the kingdom mat, the seats' tables, the gem piles and goals.

The mat is the 8x8 grid of kingdom cards: each card in its colour with its kind, its VP and the
height of its stack, thick dark edges for walls, its spots (empty rings) filled by the dwarfs on
it in their seat's colour, a crown on each castle and the troll where Troll's Bridge is played;
a seat's kingdom (the cards connected to its castle) is framed in its colour. Beside it, each
seat's table: the VP on the table, its kingdom, the dwarfs in its pile, the kingdom cards in its
hand (known to everyone), gems and ogre cards face down with their counts, its secret goal
face down until revealed, defeated monsters and trading goals won; then the trading goals on
offer, the gem piles and the ogre deck. The bar on top names the round, the seat to play, its
actions and the pending decision. Gem and ogre cards in hand and unrevealed goals stay hidden.
"""

from __future__ import annotations

import numpy as np

from gnome_envs.core.picture import (
    GOLD,
    INK,
    MUTED,
    PAPER,
    WHITE,
    Canvas,
    decision_text,
    shade,
    text_colour,
)
from gnome_envs.dwarfs_fall.components import (
    GEM_VP,
    GRID_SIZE,
    IS_CASTLE,
    LAYER_COLOUR,
    LAYER_KIND,
    LAYER_VP,
    LAYER_WALLS,
    NUM_GEMS,
    SPOTS,
    TRADING_GOALS,
    Colour,
)
from gnome_envs.dwarfs_fall.races import RACE_NAMES
from gnome_envs.dwarfs_fall.render import GEM_NAMES, KIND_LABEL, SECRET_NAMES

WIDTH, HEIGHT = 1280, 800
BANNER_H = 34
CELL = 88
MAT_X, MAT_Y = 14, BANNER_H + 26
RIGHT_X = MAT_X + GRID_SIZE * CELL + 16
COLOURS = {
    Colour.BLUE: (44, 98, 206), Colour.RED: (206, 54, 48), Colour.GREEN: (40, 150, 72),
    Colour.YELLOW: (232, 190, 36), Colour.PURPLE: (142, 74, 176), Colour.ORANGE: (238, 128, 30),
    Colour.BLACK: (52, 52, 60),
}
NEUTRAL = (120, 150, 170)  # the troll's lake and other cards of no colour
MAT = (94, 76, 60)
WALL = (30, 22, 16)
WALL_WIDTH = 6
COMPACT_SEAT = 80  # a seat strip lower than this puts its hidden cards beside its hand
GEM_COLOURS = ((230, 190, 40), (40, 170, 90), (200, 230, 250), (200, 30, 60))
TROLL = (90, 120, 60)
CARD_LABELS = ("Castle", "Gold", "Emerald", "Ruby", "Diamond", "Tavern", "Store", "Dragon", "Frost G.",
               "Lake", "Memorial", "Ogre castle", "F. dragon", "Wolf", "Treant")
# wall bits of a lying card: north, east, south, west
SIDES = ((0, "n"), (1, "e"), (2, "s"), (3, "w"))


def seat_rgb(state, p: int) -> tuple[int, int, int]:
    """The colour of seat ``p``'s dwarfs."""
    return COLOURS[Colour(state.game.colours[p])]


def card_rgb(colour: int) -> tuple[int, int, int]:
    """The colour of a card by its colour index (neutral cards grey-blue)."""
    return COLOURS[Colour(colour)] if colour < len(Colour) else NEUTRAL


def draw(state) -> np.ndarray:
    """The table as an HxWx3 uint8 picture."""
    canvas = Canvas(WIDTH, HEIGHT)
    _mat(canvas, state)
    y = _seats(canvas, state, BANNER_H + 8)
    y = _trading(canvas, state, y + 4)
    _supplies(canvas, state, y + 4)
    _banner(canvas, state)
    return canvas.array()


def _banner(canvas: Canvas, state) -> None:
    p = state.turn_player
    head = f"Dwar7s Fall  round {state.round}"
    if state.end_triggered:
        head += " (last round)"
    if not state.is_terminal():
        head += f"  P{p} to play, actions {state.actions_used}/{state.action_limit(p)}"
    marker = seat_rgb(state, state.current_player) if not state.is_terminal() else None
    if state.is_terminal() and not state.is_truncated():
        winners = ", ".join(f"P{s}" for s, place in enumerate(state.placements()) if place == 0)
        status = f"Game over: {winners} first; final VP {' / '.join(str(int(v)) for v in state.scores())}"
    else:
        status = decision_text(state)
    canvas.banner((0, 0, WIDTH, BANNER_H), f"{head}   |   {status}", marker=marker)


# ----------------------------------------------------------------------------- the mat
def _mat(canvas: Canvas, state) -> None:
    size = GRID_SIZE * CELL
    canvas.rect((MAT_X - 4, MAT_Y - 4, MAT_X + size + 4, MAT_Y + size + 4), MAT, outline=INK, radius=6)
    for c in range(GRID_SIZE):
        canvas.text((MAT_X + c * CELL + CELL / 2, MAT_Y - 8), "abcdefgh"[c], 12, WHITE, anchor="mb")
        canvas.text((MAT_X - 6, MAT_Y + c * CELL + CELL / 2), str(c + 1), 12, WHITE, anchor="rm")
    kingdoms = _kingdom_cells(state)
    for cell in range(GRID_SIZE * GRID_SIZE):
        row, col = divmod(cell, GRID_SIZE)
        x, y = MAT_X + col * CELL, MAT_Y + row * CELL
        if state.top[cell] < 0:
            canvas.rect((x + 2, y + 2, x + CELL - 2, y + CELL - 2), None, outline=shade(MAT, 1.25))
            continue
        _card(canvas, state, cell, x, y, kingdoms.get(cell, ()))
    if state.game.trolls and state.troll_cell >= 0:
        row, col = divmod(state.troll_cell, GRID_SIZE)
        _troll(canvas, MAT_X + col * CELL + CELL - 20, MAT_Y + row * CELL + 4)


def _kingdom_cells(state) -> dict[int, list[int]]:
    """The seats whose kingdom each cell belongs to."""
    out: dict[int, list[int]] = {}
    for p in range(state.game.num_players):
        region = state.kingdom(p)
        if region is not None:
            for cell in region.cells:
                out.setdefault(cell, []).append(p)
    return out


def _card(canvas: Canvas, state, cell: int, x: float, y: float, owners: list[int]) -> None:
    top = state.top[cell]
    kind, colour, walls = LAYER_KIND[top], LAYER_COLOUR[top], LAYER_WALLS[top]
    fill = shade(card_rgb(colour), 1.55)
    pad = 3
    box = (x + pad, y + pad, x + CELL - pad, y + CELL - pad)
    canvas.rect(box, fill, outline=INK)
    for k, p in enumerate(owners[:2]):
        inset = pad + 3 + 3 * k
        canvas.rect((x + inset, y + inset, x + CELL - inset, y + CELL - inset), None,
                    outline=seat_rgb(state, p), width=3)
    strip = card_rgb(colour)
    canvas.rect((x + pad + 1, y + pad + 1, x + CELL - pad - 1, y + pad + 17), strip, outline=None)
    label = CARD_LABELS[kind] if kind < len(CARD_LABELS) else KIND_LABEL[kind]
    canvas.text((x + pad + 4, y + pad + 3), label, 11, text_colour(strip), width=CELL - 34)
    vp = LAYER_VP[top]
    canvas.text((x + CELL - pad - 4, y + pad + 3), f"{vp:+d}", 11, text_colour(strip), anchor="ra")
    height = len(state.stacks[cell])
    if height > 1:
        canvas.text((x + CELL - pad - 4, y + CELL - pad - 3), f"x{height}", 11, INK, anchor="rd")
    if IS_CASTLE[kind]:
        _crown(canvas, x + pad + 6, y + CELL - pad - 20)
    _walls(canvas, walls, box)
    _spots(canvas, state, cell, kind, x, y)


def _walls(canvas: Canvas, walls: int, box: tuple[float, float, float, float]) -> None:
    x0, y0, x1, y1 = box
    edges = {0: ((x0, y0), (x1, y0)), 1: ((x1, y0), (x1, y1)), 2: ((x0, y1), (x1, y1)), 3: ((x0, y0), (x0, y1))}
    for bit, _ in SIDES:
        if walls >> bit & 1:
            canvas.line(list(edges[bit]), WALL, WALL_WIDTH)


def _spots(canvas: Canvas, state, cell: int, kind: int, x: float, y: float) -> None:
    """The card's spots: its dwarfs in their colours first, then empty rings."""
    meeples = [p for p in range(state.game.num_players) for _ in range(state.dwarfs_of(p, cell))]
    spots = max(SPOTS[kind], len(meeples))
    size = 17
    per_row = 4
    x0 = x + CELL / 2 - min(spots, per_row) * (size + 1) / 2
    for k in range(spots):
        sx = x0 + (k % per_row) * (size + 1)
        sy = y + 26 + (k // per_row) * (size + 3)
        if k < len(meeples):
            canvas.gnome(sx, sy, size, seat_rgb(state, meeples[k]))
        else:
            canvas.circle((sx + size / 2, sy + size / 2), size / 2 - 3, None, outline=shade(INK, 1.6))


def _crown(canvas: Canvas, x: float, y: float) -> None:
    canvas.polygon([(x, y + 12), (x, y + 2), (x + 5, y + 7), (x + 9, y), (x + 13, y + 7), (x + 18, y + 2),
                    (x + 18, y + 12)], GOLD)


def _troll(canvas: Canvas, x: float, y: float) -> None:
    canvas.circle((x + 8, y + 8), 9, TROLL, outline=INK)
    canvas.text((x + 8, y + 8), "T", 12, WHITE, anchor="mm")


# ----------------------------------------------------------------------------- the seats
def _seats(canvas: Canvas, state, y: float) -> float:
    n = state.game.num_players
    height = min(96, (430 - 8 * n) // n)
    for p in range(n):
        _seat(canvas, state, p, RIGHT_X, y, WIDTH - 10, height)
        y += height + 6
    return y


def _seat(canvas: Canvas, state, p: int, x0: float, y: float, x1: float, height: float) -> None:
    colour = seat_rgb(state, p)
    deciding = state.current_player == p
    canvas.rect((x0, y, x1, y + height), shade(colour, 1.7), outline=GOLD if deciding else shade(colour, 0.6),
                width=3 if deciding else 1, radius=6)
    public_vp = state.score_of(p) - sum(a * b for a, b in zip(state.gems.of(p), GEM_VP))
    canvas.badge((x0 + 14, y + 14), 10, colour, f"P{p}", size=10)
    x = canvas.counter(x0 + 30, y + 5, "VP on the table", public_vp, GOLD)
    x = canvas.counter(x + 4, y + 5, "kingdom", f"{state.kingdom_size(p)} cards / {state.kingdom_vp(p)} VP", PAPER)
    canvas.gnome(x + 6, y + 3, 18, colour)
    race = "  " + RACE_NAMES[state.game.races[p]].replace("_", " ") if state.game.empires else ""
    canvas.text((x + 26, y + 7), f"pile {state.pile[p]}{race}", 12, INK, width=x1 - x - 30)
    compact = height < COMPACT_SEAT
    card_w = 28 if compact else 38
    # the kingdom cards in hand are known to everyone (each colour holds one card of each kind)
    slots = state.game.seat_kinds[p]
    hx = x0 + 8
    for k in state.in_hand_kinds(p):
        canvas.card((hx, y + 28, hx + card_w, y + 48), KIND_LABEL[slots[k]], (), shade(colour, 1.3), size=10)
        hx += card_w + 2
    if hx == x0 + 8:
        canvas.text((hx, y + 32), "no kingdom card in hand", 11, MUTED)
        hx += 150
    line_x, line_y = (hx + 8, y + 30) if compact else (x0 + 8, y + 56)
    gx = canvas.hidden_hand(line_x, line_y, state.gems.size(p), (11, 16), label=f"gems {state.gems.size(p)}")
    ox = canvas.hidden_hand(gx + 8, line_y, state.ogres.size(p), (11, 16), label=f"ogres {state.ogres.size(p)}")
    if state.secret_revealed[p]:
        secret = f"secret: {SECRET_NAMES[state.secret[p]]} ({state.game.secret_vp[state.secret[p]]} VP)"
    else:
        secret = "secret hidden"
    won = len(state.trading_won[p])
    canvas.text((ox + 10, line_y + 2), f"{secret}; monsters {len(state.defeated[p])}; goals won {won}", 11, INK,
                width=x1 - ox - 16)


# ----------------------------------------------------------------------------- goals and supplies
def _trading(canvas: Canvas, state, y: float) -> float:
    canvas.text((RIGHT_X, y), f"Trading goals (deck {len(state.trading_deck)})", 13, WHITE)
    y += 18
    w = (WIDTH - 10 - RIGHT_X) / max(1, len(state.trading_row))
    for slot, goal in enumerate(state.trading_row):
        x = RIGHT_X + slot * w
        if goal < 0:
            canvas.rect((x + 2, y, x + w - 4, y + 54), None, outline=MUTED, radius=4)
            continue
        g = TRADING_GOALS[goal]
        canvas.card((x + 2, y, x + w - 4, y + 54), f"#{goal}  {g.vp} VP", (), PAPER, accent=(90, 70, 50), size=12)
        gx = x + 8
        for gem, count in enumerate(g.cost):
            for _ in range(count):
                _gem(canvas, gx, y + 26, gem)
                gx += 18
        if g.monsters:
            canvas.text((gx + 2, y + 28), f"+{g.monsters} monster", 11, INK)
    return y + 58


def _gem(canvas: Canvas, x: float, y: float, gem: int, size: float = 14) -> None:
    h = size / 2
    canvas.polygon([(x + h, y), (x + size, y + h), (x + h, y + size), (x, y + h)], GEM_COLOURS[gem])


def _supplies(canvas: Canvas, state, y: float) -> None:
    canvas.text((RIGHT_X, y), "Gem piles", 13, WHITE)
    x = RIGHT_X
    for g in range(NUM_GEMS):
        _gem(canvas, x, y + 20, g, 16)
        canvas.text((x + 20, y + 21), f"{GEM_NAMES[g]} {state.gem_pile[g]} ({GEM_VP[g]} VP)", 12, WHITE)
        x += 132
    y += 42
    canvas.card_back((RIGHT_X, y, RIGHT_X + 30, y + 40), str(len(state.ogre_deck)), 11)
    discards = sum(state.ogre_discard)
    canvas.text((RIGHT_X + 38, y + 12), f"ogre deck {len(state.ogre_deck)}, discards {discards}", 12, WHITE)
    extra = _expansion_line(state)
    if extra:
        canvas.text((RIGHT_X, y + 48), extra, 12, WHITE, width=WIDTH - RIGHT_X - 16)


def _expansion_line(state) -> str:
    """The troll's mood and toll, or the decrees in force, in one line."""
    parts = []
    if state.game.trolls and state.mood_deck:
        from gnome_envs.dwarfs_fall.render import MOOD_NAMES

        parts.append(f"troll mood {MOOD_NAMES[state.mood_deck[0]]}, toll {state.toll}")
    if state.game.royal:
        from gnome_envs.dwarfs_fall.decrees import Decree

        decrees = ", ".join(d.name.lower().replace("_", " ") for d in Decree if state.decree(d))
        parts.append(f"decrees: {decrees or '-'}")
    if state.game.empires:
        parts.append("pouches " + "/".join(str(k) for k in state.pouches))
    return "; ".join(parts)


__all__ = ["draw"]
