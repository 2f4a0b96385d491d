"""The Rise of the Gnomes table as a picture: the hex map of Brumanica, the boards and the cards.

The map shows every tile in play in its land's colour with its icon letter (face-down tiles
grey with a ``?``), the customer cubes of each owner with their count, breweries as houses,
boats, the dragon, and a ring in the colour of whoever controls the tile. Beside it: each
player's board (race, points, gold, beer, production, cubes and breweries out, brewers,
upgrades, allies; Gnome cards and judges face down with their counts), the Gnome Union, the
brewers on the action board, the eight action cards with the brewers on their spaces, the
allies on offer and the Gnome card in play. The bar on top names the turn, the phase and the
pending decision. Judges and Gnome cards in hand stay face down.
"""

from __future__ import annotations

import math

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
from gnome_envs.rise_of_the_gnomes.cards import ACTION_CARDS, ALLIES, MAX_CARD_SPACES
from gnome_envs.rise_of_the_gnomes.components import (
    HEX_COORDS,
    ICON_CODE,
    RACES,
    BoardAction,
    Colour,
    Icon,
    TileType,
    Upgrade,
    position_name,
)
from gnome_envs.rise_of_the_gnomes.render import PHASE_NAMES, gnome_card_text
from gnome_envs.rise_of_the_gnomes.state import RiseState

WIDTH, HEIGHT = 1280, 800
BANNER_H = 34
HEX_R = 50
MAP_CENTRE = (330, 110 + 6 * HEX_R)
SQRT3 = math.sqrt(3)
RIGHT_X = 660
TILE_COLOURS = {
    TileType.DRAGONKEEP: (120, 90, 110), TileType.PLAINS: (206, 214, 120), TileType.SWAMP: (120, 130, 80),
    TileType.FOREST: (56, 120, 60), TileType.MOUNTAIN: (150, 150, 156), TileType.HIGHLAND: (200, 160, 100),
    TileType.DESERT: (232, 208, 150), TileType.SEA: (80, 140, 210), TileType.SEA_LAIR: (40, 70, 140),
    TileType.GNOMELAND: (230, 150, 190), TileType.SPECIAL: (170, 120, 210),
}
FACE_DOWN = (110, 110, 116)
BOARD_COLOURS = {Colour.RED: (206, 54, 48), Colour.BLUE: (44, 98, 206), Colour.GREEN: (60, 170, 70),
                 Colour.PURPLE: (142, 74, 176), Colour.ORANGE: (238, 128, 30)}
UNCHOSEN = ((120, 120, 120), (160, 160, 160), (90, 90, 90), (190, 190, 190), (70, 70, 70))
GNOME_COLOUR = (245, 245, 240)
DRAGON = (200, 30, 30)
BOAT = (130, 80, 40)
ACTION_NAMES = {0: "Barrel Delivery", 1: "Beer Competition", 2: "Brew Festival", 3: "Caravan", 4: "Expand"}
BOARD_SHORT = {BoardAction.BUILD_BREWERY: "Build", BoardAction.DRAGON_TRIBUTE: "Tribute",
               BoardAction.EMPLOY_THUGS: "Thugs", BoardAction.HIRE_BARD: "Bard",
               BoardAction.BREWERY_UPGRADE: "Upgrade", BoardAction.ORCTOBERFEST: "Orctober",
               BoardAction.TAVERN_SALES: "Tavern"}


def owner_colour(state: RiseState, owner: int) -> tuple[int, int, int]:
    """The colour of an owner: the board colour of a player's race, white for the Gnomes."""
    if owner == state.n:
        return GNOME_COLOUR
    race = state.race[owner]
    return BOARD_COLOURS[RACES[race].colour] if race >= 0 else UNCHOSEN[owner % len(UNCHOSEN)]


def owner_label(state: RiseState, owner: int) -> str:
    """``P2`` or ``Gnomes``."""
    return "Gnomes" if owner == state.n else f"P{owner}"


def draw(state: RiseState) -> np.ndarray:
    """The table as an HxWx3 uint8 picture."""
    canvas = Canvas(WIDTH, HEIGHT)
    _map(canvas, state)
    y = _players(canvas, state, BANNER_H + 8)
    y = _board_actions(canvas, state, y + 6)
    y = _action_cards(canvas, state, y + 6)
    _allies_and_gnome_card(canvas, state, y + 6)
    _banner(canvas, state)
    return canvas.array()


def _banner(canvas: Canvas, state: RiseState) -> None:
    head = (f"Rise of the Gnomes  turn {state.turn}/5  {PHASE_NAMES[state.phase]}  "
            f"({state.game.config.mode}, {state.game.level.name.lower()})")
    if state.is_terminal() and not state.is_truncated() and state.gnomes_win():
        status = f"Game over: the Gnome Union wins; scores {' / '.join(str(int(s)) for s in state.scores())}"
    else:
        status = decision_text(state)
    marker = owner_colour(state, state.current_player) if not state.is_terminal() else None
    canvas.banner((0, 0, WIDTH, BANNER_H), f"{head}   |   {status}", marker=marker)


# ----------------------------------------------------------------------------- the map
def hex_centre(pos: int) -> tuple[float, float]:
    """Pixel centre of map position ``pos`` (pointy-top axial layout)."""
    q, r = HEX_COORDS[pos]
    return MAP_CENTRE[0] + HEX_R * SQRT3 * (q + r / 2), MAP_CENTRE[1] + HEX_R * 1.5 * r


def _map(canvas: Canvas, state: RiseState) -> None:
    canvas.text((20, BANNER_H + 10), "Brumanica", 18, WHITE)
    for pos in state.game.positions:
        _hex(canvas, state, pos)
    legend = "ring: who controls the tile   cube: customers (count)   house: brewery   D: the dragon   ?: face down"
    canvas.text((20, HEIGHT - 24), legend, 12, WHITE)
    if state.dragon < 0:
        canvas.text((20, HEIGHT - 44), "The dragon waits on the score board", 13, WHITE)


def _hex(canvas: Canvas, state: RiseState, pos: int) -> None:
    cx, cy = hex_centre(pos)
    if not state.revealed[pos]:
        canvas.hexagon((cx, cy), HEX_R - 1, FACE_DOWN, outline=INK)
        canvas.text((cx, cy), "?", 24, WHITE, anchor="mm")
        canvas.text((cx, cy + HEX_R * 0.62), position_name(pos), 10, WHITE, anchor="mm")
        return
    kind = TileType(state.tile_type[pos])
    fill = TILE_COLOURS[kind]
    control = state.controller(pos)
    canvas.hexagon((cx, cy), HEX_R - 1, fill, outline=INK)
    if control >= 0:
        canvas.hexagon((cx, cy), HEX_R - 5, None, outline=owner_colour(state, control), width=4)
    ink = text_colour(fill)
    name = kind.name.replace("_", " ").title()[:10]
    canvas.text((cx, cy - HEX_R * 0.62), f"{name} {ICON_CODE[Icon(state.tile_icon[pos])]}", 10, ink, anchor="mm")
    canvas.text((cx, cy + HEX_R * 0.66), position_name(pos), 9, ink, anchor="mm")
    _pieces(canvas, state, pos, cx, cy)
    if state.boats[pos]:
        _boat(canvas, cx - HEX_R * 0.55, cy + HEX_R * 0.18)
    if state.dragon == pos:
        canvas.badge((cx + HEX_R * 0.5, cy + HEX_R * 0.3), 11, DRAGON, "D", size=13, outline=WHITE)


def _pieces(canvas: Canvas, state: RiseState, pos: int, cx: float, cy: float) -> None:
    """Cubes (with counts) and breweries of every owner on the tile."""
    present = [o for o in range(state.owners) if state.cubes_at(pos, o) or state.brews_at(pos, o)]
    if not present:
        return
    step = 26
    columns = 3
    x0 = cx - step * min(len(present), columns) / 2 + 2
    for k, owner in enumerate(present):
        col, row = k % columns, k // columns
        x, y = x0 + col * step, cy - 19 + row * 24
        colour = owner_colour(state, owner)
        cubes, brews = state.cubes_at(pos, owner), state.brews_at(pos, owner)
        if cubes:
            canvas.cube(x, y, 9, colour)
            canvas.text((x + 5, y + 14), str(cubes), 10, text_colour(TILE_COLOURS[TileType(state.tile_type[pos])]),
                        anchor="mt")
        if brews:
            canvas.house(x + 12, y - 2, 11, colour)
            if brews > 1:
                canvas.text((x + 17, y + 14), f"x{brews}", 9, INK, anchor="mt")


def _boat(canvas: Canvas, x: float, y: float) -> None:
    canvas.polygon([(x - 10, y), (x + 10, y), (x + 6, y + 6), (x - 6, y + 6)], BOAT)
    canvas.line([(x, y), (x, y - 12)], INK, 2)
    canvas.polygon([(x + 1, y - 12), (x + 9, y - 3), (x + 1, y - 3)], WHITE)


# ----------------------------------------------------------------------------- boards
def _players(canvas: Canvas, state: RiseState, y: float) -> float:
    """One strip per player, then the Gnome Union; returns the y below them."""
    x0, x1 = RIGHT_X, WIDTH - 10
    for p in range(state.n):
        _player_strip(canvas, state, p, x0, y, x1)
        y += 64
    _gnome_strip(canvas, state, x0, y, x1)
    return y + 40


def _player_strip(canvas: Canvas, state: RiseState, p: int, x0: float, y: float, x1: float) -> None:
    colour = owner_colour(state, p)
    deciding = state.current_player == p
    canvas.rect((x0, y, x1, y + 58), shade(colour, 1.7), outline=GOLD if deciding else shade(colour, 0.6),
                width=3 if deciding else 1, radius=6)
    race = RACES[state.race[p]].name if state.race[p] >= 0 else "no race yet"
    first = " (start)" if state.start_player == p else ""
    canvas.badge((x0 + 14, y + 14), 10, colour, f"P{p}", size=10)
    canvas.text((x0 + 30, y + 5), f"{race}{first}", 14, INK, width=120)
    x = canvas.counter(x0 + 152, y + 4, "VP", state.vp[p], GOLD)
    x = canvas.counter(x + 4, y + 4, "gold", state.gold[p], (250, 220, 120))
    x = canvas.counter(x + 4, y + 4, "beer", state.beer[p], (230, 170, 80))
    prod = state.production(p) if state.race[p] >= 0 else 0
    x = canvas.counter(x + 4, y + 4, "prod", prod, PAPER)
    x = canvas.counter(x + 4, y + 4, "brewers", f"{state.brewers[p]}/{state.brewers_owned[p]}", PAPER)
    canvas.hidden_hand(x1 - 100, y + 4, len(state.hands[p]), (12, 18), label=f"Gnome cards {len(state.hands[p])}")
    upgrades = sum(1 for u in range(len(Upgrade)) if state.upgrades[p] >> u & 1)
    canvas.cube(x0 + 10, y + 34, 9, colour)
    canvas.text((x0 + 26, y + 35), f"{state.cubes_out[p]} out", 11, INK)
    canvas.house(x0 + 78, y + 32, 13, colour)
    canvas.text((x0 + 96, y + 35), f"{state.brews_out[p]} out", 11, INK)
    judges = len(state.judges[p]) + len(state.judge_hand[p])
    allies = ", ".join(ALLIES[a].name for a in state.allies[p]) or "-"
    canvas.text((x0 + 150, y + 35), f"upgrades {upgrades}  judges {judges} (hidden)  allies: {allies}", 11, INK,
                width=x1 - x0 - 160)


def _gnome_strip(canvas: Canvas, state: RiseState, x0: float, y: float, x1: float) -> None:
    canvas.rect((x0, y, x1, y + 34), GNOME_COLOUR, outline=INK, radius=6)
    canvas.gnome(x0 + 6, y + 4, 26, (200, 40, 40))
    canvas.text((x0 + 38, y + 9), "Gnome Union", 14, INK)
    x = canvas.counter(x0 + 152, y + 8, "VP", state.g_vp, GOLD)
    x = canvas.counter(x + 4, y + 8, "gold", state.g_gold, (250, 220, 120))
    canvas.cube(x + 10, y + 10, 9, GNOME_COLOUR)
    canvas.text((x + 26, y + 10), f"{state.g_cubes_out} out", 11, INK)
    canvas.house(x + 80, y + 8, 13, GNOME_COLOUR)
    canvas.text((x + 98, y + 10), f"{state.g_brews_out} out   Gnome deck {len(state.gnome_deck)}", 11, INK)


def _board_actions(canvas: Canvas, state: RiseState, y: float) -> float:
    """The action board's spaces with the brewers on them."""
    canvas.text((RIGHT_X, y), "Action board", 13, WHITE)
    y += 18
    w = (WIDTH - 10 - RIGHT_X) / len(BoardAction)
    for action in BoardAction:
        x = RIGHT_X + action * w
        canvas.rect((x + 1, y, x + w - 2, y + 36), PAPER, outline=INK, radius=4)
        canvas.text((x + w / 2, y + 3), BOARD_SHORT[action], 11, INK, anchor="mt")
        brewers = [p for p in range(state.n) for _ in range(state.board_brewers[action * state.n + p])] \
            if state.board_brewers else []
        for k, p in enumerate(brewers[:8]):
            canvas.circle((x + 9 + k * 9, y + 26), 4, owner_colour(state, p))
    return y + 40


def _action_cards(canvas: Canvas, state: RiseState, y: float) -> float:
    """The action-card display, two rows of four, with the brewers on their spaces."""
    canvas.text((RIGHT_X, y), "Action cards (barrels per space)", 13, WHITE)
    y += 18
    w, h = (WIDTH - 10 - RIGHT_X) / 4, 56
    for d, card_id in enumerate(state.action_display):
        card = ACTION_CARDS[card_id]
        x = RIGHT_X + (d % 4) * w
        top = y + (d // 4) * (h + 4)
        canvas.card((x + 1, top, x + w - 3, top + h), f"{d + 1} {ACTION_NAMES[int(card.kind)]}", (),
                    accent=(150, 100, 60), size=11)
        for s, cost in enumerate(card.costs):
            sx = x + 8 + s * 44
            seat = state.card_spaces[d * MAX_CARD_SPACES + s] if state.card_spaces else -1
            fill = owner_colour(state, seat) if seat >= 0 else WHITE
            canvas.circle((sx + 8, top + 38), 8, fill)
            canvas.text((sx + 20, top + 32), f"{cost}b", 11, INK)
    rows = (len(state.action_display) + 3) // 4
    return y + rows * (h + 4)


def _allies_and_gnome_card(canvas: Canvas, state: RiseState, y: float) -> None:
    canvas.text((RIGHT_X, y), "Allies on offer", 13, WHITE)
    x = RIGHT_X
    for ally in state.ally_row[:6]:
        canvas.card((x, y + 18, x + 98, y + 58), ALLIES[ally].name, (f"{ALLIES[ally].vp} VP",),
                    accent=(70, 110, 150), size=10)
        x += 102
    if not state.ally_row:
        canvas.text((x, y + 22), "-", 12, MUTED)
    y += 66
    if state.gnome_card >= 0:
        who = f" (played by P{state.gnome_card_player})" if state.gnome_card_player >= 0 else ""
        canvas.card((RIGHT_X, y, WIDTH - 10, y + 40), f"Gnome card in play{who}",
                    (gnome_card_text(state.gnome_card),), accent=(200, 40, 40), size=11)
