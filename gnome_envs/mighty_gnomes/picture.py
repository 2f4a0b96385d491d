"""The Mighty Gnomes table as a picture: the forest, the attic, the adventure trail and the boards.

The forest is drawn top glade first: each cell shows its icon (compass, wood, sand, mushroom,
chamomile, crystal, chest) in its colour, or the colour of the player whose gnome tile covers
it (dark green for a Druid tile). The attic shows the two columns of books (golden or silver,
with their action), the ladders in play with the gnome tiles on their rungs, and the display
books. The adventure trail carries every player's marker; beside it the open chests, the bag,
the mighty gnome stacks and this round's reward boxes. Each player's board shows VP, coins,
keys, resources, warehouse and dining levels, mighty gnomes, the bedroom, opened chests and
closed chests face down with their count. The bar on top names the round and the decision.
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
    seat_colour,
    shade,
    text_colour,
)
from gnome_envs.mighty_gnomes.components import (
    ATTIC_ROWS,
    BOOKS,
    FOREST_COLS,
    ICON_LETTERS,
    LADDER_WIDTH,
    LADDERS,
    RES_NAMES,
    ROUND_REWARDS,
    ROUNDS,
    TRAIL_LAST,
    TRAIL_TREASURES,
    TRAIL_VP,
    WAREHOUSE_CAPACITY,
    BookAction,
    GnomeType,
    Icon,
    Reward,
)
from gnome_envs.mighty_gnomes.render import chest_name, tile_name
from gnome_envs.mighty_gnomes.state import EMPTY, NEUTRAL, NO_TILE, MightyGnomesState

WIDTH, HEIGHT = 1280, 624
BANNER_H = 34
FOREST_X, FOREST_Y = 14, BANNER_H + 30
FOREST_CELL = 50
ATTIC_X = FOREST_X + FOREST_COLS * FOREST_CELL + 24
ATTIC_Y = FOREST_Y
RUNG_H = 48
BOOK_W = 112
LADDER_CELL = 24
RIGHT_X = 850
ICON_COLOURS = {
    Icon.COMPASS: (170, 170, 180), Icon.WOOD: (140, 96, 56), Icon.SAND: (226, 200, 140),
    Icon.MUSHROOM: (200, 60, 50), Icon.CHAMOMILE: (250, 246, 200), Icon.CRYSTAL: (120, 210, 230),
    Icon.CHEST: (222, 178, 48),
}
RES_COLOURS = ((140, 96, 56), (226, 200, 140), (200, 60, 50), (250, 246, 200), (120, 210, 230))
DRUID_GREEN = (30, 90, 50)
GOLDEN_BOOK = (232, 196, 80)
SILVER_BOOK = (196, 200, 210)
ATTIC_WOOD = (120, 90, 62)
TRAIL_STEP = 40


def owner_rgb(owner: int) -> tuple[int, int, int]:
    """A covered cell's colour: the seat's, or dark green for a Druid tile."""
    return DRUID_GREEN if owner == NEUTRAL else seat_colour(owner)


def book_label(book: int) -> str:
    """``money`` for a book's action."""
    return BookAction(BOOKS[book].action).name.lower().replace("silver_", "").replace("_", " ")


def draw(state: MightyGnomesState) -> np.ndarray:
    """The table as an HxWx3 uint8 picture."""
    canvas = Canvas(WIDTH, HEIGHT)
    _forest(canvas, state)
    _attic(canvas, state)
    _players(canvas, state, BANNER_H + 8)
    _trail(canvas, state, ATTIC_Y + ATTIC_ROWS * RUNG_H + 62)
    _banner(canvas, state)
    return canvas.array()


def _banner(canvas: Canvas, state: MightyGnomesState) -> None:
    head = f"Mighty Gnomes  round {state.round}/{ROUNDS}  first player P{state.first_player}"
    marker = seat_colour(state.current_player) if not state.is_terminal() else None
    canvas.banner((0, 0, WIDTH, BANNER_H), f"{head}   |   {decision_text(state)}", marker=marker)


# ----------------------------------------------------------------------------- forest
def _forest(canvas: Canvas, state: MightyGnomesState) -> None:
    icons = state.forest_layout()[0]
    rows = len(icons) // FOREST_COLS
    canvas.text((FOREST_X, FOREST_Y - 22), "Forest", 16, WHITE)
    for row in range(rows):
        y = FOREST_Y + (rows - 1 - row) * FOREST_CELL  # the top glade is drawn first
        for col in range(FOREST_COLS):
            cell = row * FOREST_COLS + col
            x = FOREST_X + col * FOREST_CELL
            _forest_cell(canvas, Icon(icons[cell]), state.forest_owner[cell], x, y)
    for row in range(0, rows, 2):  # glade borders: two rows each
        y = FOREST_Y + (rows - row) * FOREST_CELL
        canvas.line([(FOREST_X, y), (FOREST_X + FOREST_COLS * FOREST_CELL, y)], WHITE, 2)


def _forest_cell(canvas: Canvas, icon: Icon, owner: int, x: float, y: float) -> None:
    box = (x + 1, y + 1, x + FOREST_CELL - 1, y + FOREST_CELL - 1)
    if owner == EMPTY:
        fill = ICON_COLOURS[icon]
        canvas.rect(box, shade(fill, 1.3), outline=shade(fill, 0.6))
        canvas.circle((x + FOREST_CELL / 2, y + FOREST_CELL / 2), 13, fill, outline=shade(fill, 0.5))
        canvas.text((x + FOREST_CELL / 2, y + FOREST_CELL / 2), ICON_LETTERS[icon], 13, text_colour(fill), anchor="mm")
        return
    fill = owner_rgb(owner)
    canvas.rect(box, fill, outline=INK)
    canvas.gnome(x + 10, y + 8, 28, shade(fill, 1.4))
    canvas.text((x + 4, y + 2), ICON_LETTERS[icon], 10, text_colour(fill))


# ----------------------------------------------------------------------------- attic
def _attic(canvas: Canvas, state: MightyGnomesState) -> None:
    from gnome_envs.mighty_gnomes.placement import ladder_in_play

    canvas.text((ATTIC_X, ATTIC_Y - 22), "Attic", 16, WHITE)
    ladders = [ladder for ladder in LADDERS if ladder_in_play(state, ladder.slot)]
    inner = len(ladders) * (LADDER_WIDTH * LADDER_CELL + 8)
    right_x = ATTIC_X + BOOK_W + 8 + inner + 8
    bottom = ATTIC_Y + ATTIC_ROWS * RUNG_H
    canvas.rect((ATTIC_X - 4, ATTIC_Y - 4, right_x + BOOK_W + 4, bottom + 4), ATTIC_WOOD, outline=INK, radius=6)
    for rung in range(ATTIC_ROWS):
        y = bottom - (rung + 1) * RUNG_H
        _book(canvas, state.columns[0], rung, ATTIC_X, y)
        _book(canvas, state.columns[1], rung, right_x, y)
    for k, ladder in enumerate(ladders):
        x = ATTIC_X + BOOK_W + 8 + k * (LADDER_WIDTH * LADDER_CELL + 8) + 4
        _ladder(canvas, state, ladder, x, bottom)
    y = bottom + 14
    if state.book_display:
        canvas.text((ATTIC_X, y), "Display books", 13, WHITE)
        for slot, book in enumerate(state.book_display):
            used = " (used)" if state.display_used[slot] else ""
            _book_box(canvas, book, ATTIC_X + 110 + slot * (BOOK_W + 60), y - 4, BOOK_W + 50, used)


def _book(canvas: Canvas, column: list[int], rung: int, x: float, y: float) -> None:
    if rung < len(column) and column[rung] >= 0:
        _book_box(canvas, column[rung], x, y + 4, BOOK_W, "")
    else:
        canvas.rect((x, y + 4, x + BOOK_W, y + RUNG_H - 4), None, outline=shade(ATTIC_WOOD, 1.4), radius=4)


def _book_box(canvas: Canvas, book: int, x: float, y: float, w: float, suffix: str) -> None:
    golden = BOOKS[book].golden
    fill = GOLDEN_BOOK if golden else SILVER_BOOK
    canvas.rect((x, y, x + w, y + RUNG_H - 8), fill, outline=INK, radius=4)
    canvas.text((x + 4, y + 3), "golden" if golden else "silver", 9, MUTED)
    canvas.text((x + 4, y + 16), book_label(book) + suffix, 12, INK, width=w - 8)


def _ladder(canvas: Canvas, state: MightyGnomesState, ladder, x: float, bottom: float) -> None:
    top = bottom - ladder.height * RUNG_H
    w = LADDER_WIDTH * LADDER_CELL
    closed = state.ladder_closed[ladder.slot]
    rail = shade(ATTIC_WOOD, 0.6) if not closed else MUTED
    canvas.line([(x - 2, top), (x - 2, bottom)], rail, 3)
    canvas.line([(x + w + 2, top), (x + w + 2, bottom)], rail, 3)
    cells = state.ladder_cells[ladder.slot]
    for rung in range(ladder.height):
        y = bottom - (rung + 1) * RUNG_H
        canvas.line([(x - 2, y + RUNG_H - 2), (x + w + 2, y + RUNG_H - 2)], rail, 2)
        for c in range(LADDER_WIDTH):
            owner = cells[rung * LADDER_WIDTH + c]
            box = (x + c * LADDER_CELL + 1, y + 6, x + (c + 1) * LADDER_CELL - 1, y + RUNG_H - 6)
            if owner == EMPTY:
                canvas.rect(box, None, outline=shade(ATTIC_WOOD, 1.3))
            else:
                canvas.rect(box, owner_rgb(owner), outline=INK)
                canvas.gnome(box[0] + 1, box[1] + 8, LADDER_CELL - 4, shade(owner_rgb(owner), 1.4))


# ----------------------------------------------------------------------------- players
def _players(canvas: Canvas, state: MightyGnomesState, y: float) -> float:
    n = state.game.num_players
    height = 104 if n <= 3 else 90
    scores = state.scores()
    for p in range(n):
        _player(canvas, state, p, y, height, float(scores[p]))
        y += height + 6
    return y


def _player(canvas: Canvas, state: MightyGnomesState, p: int, y: float, height: float, final: float) -> None:
    x0, x1 = RIGHT_X, WIDTH - 10
    colour = seat_colour(p)
    deciding = state.current_player == p
    canvas.rect((x0, y, x1, y + height), shade(colour, 1.7), outline=GOLD if deciding else shade(colour, 0.6),
                width=3 if deciding else 1, radius=6)
    canvas.badge((x0 + 14, y + 14), 10, colour, f"P{p}", size=10)
    x = canvas.counter(x0 + 30, y + 5, "VP", state.vp[p], GOLD)
    x = canvas.counter(x + 4, y + 5, "coins", state.coins[p], (250, 220, 120))
    x = canvas.counter(x + 4, y + 5, "keys", state.keys[p], PAPER)
    canvas.text((x + 6, y + 7), f"final {final:g}", 12, INK)
    x = x0 + 8
    for r, name in enumerate(RES_NAMES):
        x = canvas.counter(x, y + 28, name[:4], state.res[p][r], RES_COLOURS[r], size=11) + 3
    capacity = WAREHOUSE_CAPACITY[state.warehouse[p]]
    canvas.text((x + 4, y + 30), f"store {capacity}  plate {state.dining[p] + 1}", 11, INK, width=x1 - x - 8)
    gnomes = ", ".join(GnomeType(k).name.title() for k in state.gnomes[p]) or "no mighty gnome"
    bedroom = tile_name(state.bedroom[p]) if state.bedroom[p] != NO_TILE else "empty"
    canvas.text((x0 + 8, y + 50), f"{gnomes}; bedroom {bedroom}", 11, INK, width=x1 - x0 - 16)
    cx = canvas.hidden_hand(x0 + 8, y + height - 22, len(state.closed[p]), (11, 16),
                            label=f"closed {len(state.closed[p])}")
    opened = ", ".join(chest_name(k) for k in state.opened[p]) or "-"
    canvas.text((cx + 10, y + height - 20), f"opened: {opened}", 11, INK, width=x1 - cx - 16)


# ----------------------------------------------------------------------------- trail and supplies
def _trail(canvas: Canvas, state: MightyGnomesState, y: float) -> None:
    x0 = ATTIC_X
    canvas.text((x0, y), "Adventure trail", 13, WHITE)
    y += 18
    for space in range(TRAIL_LAST + 1):
        x = x0 + space * TRAIL_STEP
        fill = GOLD if space in TRAIL_TREASURES else PAPER
        canvas.rect((x, y, x + TRAIL_STEP - 4, y + 34), fill, outline=INK, radius=4)
        label = f"{space}" + (f" +{TRAIL_VP[space]}" if space in TRAIL_VP else "")
        canvas.text((x + 3, y + 2), label, 10, INK)
        here = [p for p in range(state.game.num_players) if state.trail[p] == space]
        for k, p in enumerate(here):
            canvas.circle((x + 7 + k * 8, y + 24), 5, seat_colour(p))
    y += 42
    display = ", ".join(chest_name(k) if k >= 0 else "-" for k in state.chest_display) or "-"
    canvas.text((x0, y), f"Open chests: {display}", 12, WHITE, width=RIGHT_X - x0 - 10)
    canvas.text((x0, y + 18), f"Chests in the bag: {len(state.chest_bag)}", 12, WHITE)
    stacks = ", ".join(f"{GnomeType(t).name.title()} x{s}" for t, s in zip(state.gnome_types, state.stack))
    canvas.text((x0, y + 36), f"Mighty gnomes: {stacks or '-'}", 12, WHITE, width=RIGHT_X - x0 - 10)
    boxes = ROUND_REWARDS.get(state.round)
    if boxes:
        rewards = ", ".join(Reward(b).name.lower().replace("_", " ") + (" (taken)" if state.rewards_claimed[i] else "")
                            for i, b in enumerate(boxes))
        canvas.text((x0, y + 54), f"Round rewards: {rewards}", 12, WHITE, width=RIGHT_X - x0 - 10)
