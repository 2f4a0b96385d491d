"""The Gnome Village table as a picture: every village grid, the forest card, the market, scores.

Each village is its 7x7 grid: roads with their paths (a red bar marks a blockade), houses (a
lit window when the lights are on), workshops in their colours (faded while inactive),
businesses with their name, icon and earnings, and the gnomes standing on them in their
owner's colour (``z`` resting, ``c`` held by a Chapel or Prison, ``a`` flown in, ``m``
guarding). The common area shows the forest card, the two businesses on display, the stacks,
the bank, the Happy Gnome and the tile being placed; the bar on top names the pending decision.
Nothing in Gnome Village is hidden, so the picture shows the whole table.
"""

from __future__ import annotations

import numpy as np

from gnome_envs.core.picture import (
    GOLD,
    INK,
    MUTED,
    PAPER,
    Canvas,
    decision_text,
    seat_colour,
    shade,
    text_colour,
)
from gnome_envs.gnome_village.components import (
    BUSINESS_TILES,
    CODE_HOUSE_ON,
    CODE_INFO,
    FOREST_CARDS,
    GRID_SIZE,
    ROAD_SHAPES,
    BusinessIcon,
    Direction,
    TileKind,
    WorkshopType,
)
from gnome_envs.gnome_village.state import NOT_PLACED, GnomeStatus, GnomeVillageState

WIDTH, HEIGHT = 1280, 656
BANNER_H = 34
MARGIN = 10
HEADER_H = 62
CELL_BY_PLAYERS = {2: 54, 3: 50, 4: 40}
GRASS = (150, 190, 110)
GRASS_EDGE = (128, 168, 92)
ROAD = (196, 170, 128)
ROAD_EDGE = (120, 96, 64)
BLOCKADE = (200, 40, 40)
HOUSE_WALL = (214, 120, 80)
WINDOW_LIT = (255, 226, 90)
WINDOW_DARK = (70, 70, 80)
BUSINESS_FILL = (236, 222, 246)
GAP_MARK = (220, 40, 40)
WORKSHOP_COLOURS = {
    WorkshopType.PAINTER: (220, 80, 120), WorkshopType.CARPENTER: (150, 98, 50),
    WorkshopType.SCHOOL: (70, 120, 210), WorkshopType.GARDENER: (60, 160, 80),
}
WORKSHOP_SHORT = {WorkshopType.PAINTER: "Pai", WorkshopType.CARPENTER: "Car",
                  WorkshopType.SCHOOL: "Sch", WorkshopType.GARDENER: "Gar"}
STATUS_MARK = {GnomeStatus.FREE: "", GnomeStatus.RESTING: "z", GnomeStatus.CHAPEL: "c",
               GnomeStatus.PRISON: "c", GnomeStatus.ABROAD: "a"}
ICON_MARK = {BusinessIcon.NONE: "", BusinessIcon.RESTAURANT: "R", BusinessIcon.HAT: "H"}
ICON_COLOUR = {BusinessIcon.RESTAURANT: (230, 120, 40), BusinessIcon.HAT: (80, 60, 160)}
# unit vectors of the four sides (N, E, S, W) in picture coordinates
SIDE_VECTOR = {Direction.N: (0, -1), Direction.E: (1, 0), Direction.S: (0, 1), Direction.W: (-1, 0)}
DISPLAY_CARD = (170, 96)


def draw(state: GnomeVillageState) -> np.ndarray:
    """The table as an HxWx3 uint8 picture."""
    canvas = Canvas(WIDTH, HEIGHT)
    n = state.game.num_players
    cell = CELL_BY_PLAYERS.get(n, min(CELL_BY_PLAYERS.values()))
    gnomes = _gnomes_by_cell(state)
    panel_w = GRID_SIZE * cell + 2 * MARGIN
    gap = (WIDTH - n * panel_w) / (n + 1)
    for p in range(n):
        x = gap + p * (panel_w + gap)
        _village(canvas, state, p, x, BANNER_H + MARGIN, cell, gnomes)
    top = BANNER_H + MARGIN + HEADER_H + GRID_SIZE * cell + 2 * MARGIN + 8
    _common_area(canvas, state, top)
    marker = seat_colour(state.current_player) if not state.is_terminal() else None
    head = f"Gnome Village  turn {state.turn_number}"
    if state.end_triggered:
        head += " (last round" + (", the bank ran dry)" if state.bank_ran_dry else ")")
    canvas.banner((0, 0, WIDTH, BANNER_H), f"{head}   |   {decision_text(state)}", marker=marker)
    return canvas.array()


def _gnomes_by_cell(state: GnomeVillageState) -> dict[tuple[int, int], list[int]]:
    """Placed gnomes keyed by (village, cell), in gnome order."""
    out: dict[tuple[int, int], list[int]] = {}
    for i, (v, c) in enumerate(zip(state.g_village, state.g_cell)):
        if v != NOT_PLACED:
            out.setdefault((v, c), []).append(i)
    return out


# ----------------------------------------------------------------------------- a village
def _village(canvas: Canvas, state: GnomeVillageState, p: int, x: float, y: float, cell: int,
             gnomes: dict[tuple[int, int], list[int]]) -> None:
    colour = seat_colour(p)
    w = GRID_SIZE * cell + 2 * MARGIN
    h = HEADER_H + GRID_SIZE * cell + 2 * MARGIN
    turn = p == state.turn_player and not state.finished
    canvas.rect((x, y, x + w, y + h), shade(colour, 1.75), outline=GOLD if turn else shade(colour, 0.6),
                width=4 if turn else 2, radius=8)
    _header(canvas, state, p, x + 8, y + 6, w - 16)
    gx, gy = x + MARGIN, y + HEADER_H
    holes = set(state.holes[p])
    for index in range(GRID_SIZE * GRID_SIZE):  # grass first, so that roads join across cells
        row, col = divmod(index, GRID_SIZE)
        canvas.rect((gx + col * cell, gy + row * cell, gx + (col + 1) * cell, gy + (row + 1) * cell), GRASS,
                    outline=GRASS_EDGE)
    for index, code in enumerate(state.grid[p]):
        row, col = divmod(index, GRID_SIZE)
        cx, cy = gx + col * cell, gy + row * cell
        _tile(canvas, code, cx, cy, cell, grass=False)
        if index in holes:
            canvas.rect((cx + 2, cy + 2, cx + cell - 2, cy + cell - 2), None, outline=GAP_MARK, width=2)
        standing = gnomes.get((p, index))
        if standing:
            _gnomes_on(canvas, state, standing, cx, cy, cell)


def _header(canvas: Canvas, state: GnomeVillageState, p: int, x: float, y: float, width: float) -> None:
    colour = seat_colour(p)
    placed = sum(1 for i in state.gnome_range(p) if state.g_village[i] != NOT_PLACED)
    canvas.badge((x + 11, y + 11), 11, colour, f"P{p}", size=11)
    canvas.text((x + 28, y + 2), f"{state.score_of(p)} points", 17, INK)
    right = x + 28 + canvas.text_width(f"{state.score_of(p)} points", 17) + 10
    right = canvas.counter(right, y + 2, "coins", state.coins[p], GOLD)
    if state.happy == p:
        canvas.counter(right + 6, y + 2, "", "Happy Gnome", (250, 160, 200))
    x2 = x
    for kind in WorkshopType:
        fill = WORKSHOP_COLOURS[kind]
        x2 = canvas.counter(x2, y + 28, WORKSHOP_SHORT[kind], state.products[p][kind], fill, size=11) + 4
    canvas.gnome(x2 + 2, y + 25, 20, colour)
    canvas.text((x2 + 26, y + 30), f"{placed}/{state.gnomes_per_colour}", 12, INK, width=width - (x2 - x) - 30)


def _tile(canvas: Canvas, code: int, x: float, y: float, cell: int, grass: bool = True) -> None:
    """One village cell: a road, a house, a workshop or a business (on grass when ``grass``)."""
    if grass:
        canvas.rect((x, y, x + cell, y + cell), GRASS, outline=GRASS_EDGE)
    info = CODE_INFO[code]
    if info.kind == TileKind.EMPTY:
        return
    if info.kind == TileKind.ROAD:
        _road(canvas, info, x, y, cell)
    elif info.kind == TileKind.HOUSE:
        _house(canvas, code == CODE_HOUSE_ON, x, y, cell)
    elif info.kind == TileKind.WORKSHOP:
        _workshop(canvas, WorkshopType(info.sub), info.flag, x, y, cell)
    else:
        _business(canvas, info.sub, x, y, cell)


def _road(canvas: Canvas, info, x: float, y: float, cell: int) -> None:
    cx, cy = x + cell / 2, y + cell / 2
    half = cell / 2
    lane = max(6, int(cell * 0.28))
    for direction, group in enumerate(info.arm_group):
        if group < 0:
            continue
        dx, dy = SIDE_VECTOR[Direction(direction)]
        canvas.line([(cx, cy), (cx + dx * half, cy + dy * half)], ROAD_EDGE, lane + 2)
    for direction, group in enumerate(info.arm_group):
        if group < 0:
            continue
        dx, dy = SIDE_VECTOR[Direction(direction)]
        canvas.line([(cx, cy), (cx + dx * half, cy + dy * half)], ROAD, lane)
    canvas.rect((cx - lane / 2, cy - lane / 2, cx + lane / 2, cy + lane / 2), ROAD, outline=None)
    if ROAD_SHAPES[info.sub].has_blockade:
        s = lane * 0.7
        canvas.rect((cx - s, cy - s / 2.5, cx + s, cy + s / 2.5), BLOCKADE, outline=INK)


def _house(canvas: Canvas, lit: bool, x: float, y: float, cell: int) -> None:
    pad = cell * 0.14
    size = cell - 2 * pad
    canvas.house(x + pad, y + pad, size, HOUSE_WALL)
    win = size * 0.22
    wx, wy = x + cell / 2 - win / 2, y + pad + size * 0.55
    canvas.rect((wx, wy, wx + win, wy + win), WINDOW_LIT if lit else WINDOW_DARK, outline=INK)


def _workshop(canvas: Canvas, kind: WorkshopType, active: bool, x: float, y: float, cell: int) -> None:
    fill = WORKSHOP_COLOURS[kind] if active else shade(WORKSHOP_COLOURS[kind], 1.55)
    pad = cell * 0.1
    canvas.rect((x + pad, y + pad, x + cell - pad, y + cell - pad), fill, outline=INK, radius=4)
    label = WORKSHOP_SHORT[kind] if active else WORKSHOP_SHORT[kind].lower()
    canvas.text((x + cell / 2, y + cell * 0.4), label, max(10, cell // 4), text_colour(fill), anchor="mm")


def _business(canvas: Canvas, tile_id: int, x: float, y: float, cell: int) -> None:
    tile = BUSINESS_TILES[tile_id]
    pad = cell * 0.06
    canvas.rect((x + pad, y + pad, x + cell - pad, y + cell - pad), BUSINESS_FILL, outline=INK, radius=3)
    size = max(8, cell // 6)
    lines = canvas.wrap(tile.name, size, cell - 2 * pad - 4, max_lines=2)
    canvas.lines(x + pad + 2, y + pad + 1, lines, size, INK, gap=0)
    _earn_and_icon(canvas, tile, x + cell - pad - 2, y + pad + 2 * size + 2, size)


def _earn_and_icon(canvas: Canvas, tile, right: float, y: float, size: int) -> None:
    """The coins a gnome earns on ``tile`` and its scoring icon, right-aligned at ``right``."""
    canvas.badge((right - size * 0.7, y + size * 0.7), size * 0.7, GOLD, str(tile.earn), size=size)
    mark = ICON_MARK[BusinessIcon(tile.icon)]
    if mark:
        canvas.badge((right - size * 2.3, y + size * 0.7), size * 0.7, ICON_COLOUR[BusinessIcon(tile.icon)],
                     mark, size=size)


def _gnomes_on(canvas: Canvas, state: GnomeVillageState, standing: list[int], x: float, y: float,
               cell: int) -> None:
    size = cell * 0.42
    for k, gnome in enumerate(standing[:3]):
        gx = x + 1 + k * size * 0.7  # bottom left: a business shows its earnings on the right
        gy = y + cell - size - 1
        canvas.gnome(gx, gy, size, seat_colour(state.owner(gnome)))
        mark = STATUS_MARK[GnomeStatus(state.g_status[gnome])] + ("m" if state.g_guard[gnome] else "")
        if mark:
            canvas.text((gx + size / 2, gy - 1), mark, max(9, int(size * 0.5)), INK, anchor="mb")


# ----------------------------------------------------------------------------- common area
def _common_area(canvas: Canvas, state: GnomeVillageState, top: float) -> None:
    bottom = HEIGHT - MARGIN
    canvas.panel((MARGIN, top, WIDTH - MARGIN, bottom), "")
    y = top + 10
    x = MARGIN + 12
    cw, ch = DISPLAY_CARD
    # forest deck and the card in play
    canvas.text((x, y), "Forest", 13, INK)
    canvas.card_back((x, y + 18, x + 54, y + 18 + ch), str(len(state.forest_deck)))
    x += 62
    if state.revealed >= 0:
        label = FOREST_CARDS[state.revealed].label()
        canvas.card((x, y + 18, x + cw, y + 18 + ch), "Forest card", canvas.wrap(label, 12, cw - 8, 4),
                    accent=(60, 120, 70), size=12)
    else:
        canvas.rect((x, y + 18, x + cw, y + 18 + ch), None, outline=MUTED, radius=4)
    x += cw + 22
    # the market: display and the face-down businesses
    canvas.text((x, y), "Businesses on display (1 coin)", 13, INK)
    for slot, tile_id in enumerate(state.display):
        bx = x + slot * (cw + 8)
        if tile_id >= 0:
            _display_card(canvas, tile_id, bx, y + 18, cw, ch)
        else:
            canvas.rect((bx, y + 18, bx + cw, y + 18 + ch), None, outline=MUTED, radius=4)
    x += 2 * (cw + 8)
    canvas.card_back((x, y + 18, x + 54, y + 18 + ch), str(len(state.business_stack)))
    x += 72
    _stocks(canvas, state, x, y)


def _display_card(canvas: Canvas, tile_id: int, x: float, y: float, w: float, h: float) -> None:
    tile = BUSINESS_TILES[tile_id]
    lines = [f"earns {tile.earn} per gnome"]
    if tile.icon != BusinessIcon.NONE:
        lines.append(f"icon: {BusinessIcon(tile.icon).name.lower()}")
    canvas.card((x, y, x + w, y + h), tile.name, lines, BUSINESS_FILL, accent=(120, 80, 160), size=12)


def _stocks(canvas: Canvas, state: GnomeVillageState, x: float, y: float) -> None:
    """Roads left, the bank, supplies, the Happy Gnome and the tile in hand."""
    happy = f"P{state.happy}" if state.happy >= 0 else "nobody"
    rows = [
        ("roads left", len(state.road_stack)), ("bank", f"{state.bank} coins"),
        ("houses in supply", state.house_supply), ("Happy Gnome", happy),
    ]
    for i, (label, value) in enumerate(rows):
        canvas.counter(x + (i % 2) * 190, y + 18 + (i // 2) * 26, label, value, PAPER)
    workshops = "  ".join(f"{WORKSHOP_SHORT[k]} {state.workshop_supply[k]}" for k in WorkshopType)
    canvas.text((x, y + 74), f"workshops in supply: {workshops}", 12, INK)
    if state.hand:
        canvas.text((x, y + 96), "placing:", 13, INK)
        _tile(canvas, state.hand, x + 64, y + 92, 40)
