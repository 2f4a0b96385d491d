"""The Battle Gnomes! table as a picture: every household, the selection, the decks and the battle.

Each household shows its gnome cards (name, strength, ability), the weapon and defence attached
to each gnome, its yard items, the hand face down with its count and limit, and the defeated
gnomes it has won (its score). Battling gnomes are framed red; the attacking and defending
households are marked. The common strip shows the three selection gnomes face up, the gnome
deck, the player deck and the discard pile (its top card face up), the running battle with
its totals and the cards in view, the declared plays awaiting responses, and a card in transit.
The bar on top names the turn and the pending decision. Hands stay face down.
"""

from __future__ import annotations

import numpy as np

from gnome_envs.battle_gnomes.components import CARDS, GNOMES, MAX_GNOMES, CardType, Slot
from gnome_envs.battle_gnomes.state import BattleGnomesState
from gnome_envs.core.picture import (
    GOLD,
    INK,
    MUTED,
    PAPER,
    Canvas,
    decision_text,
    seat_colour,
    shade,
)

WIDTH = 1280
BANNER_H = 34
STRIP_Y = BANNER_H + 6
STRIP_H = 150
HOUSE_Y = STRIP_Y + STRIP_H + 8
COLUMNS = {2: 2, 3: 3, 4: 2}  # households per row by player count (3 beyond)
MAX_COLUMNS = 3
HOUSE_H = 300
GNOME_CARD = (92, 104)  # the selection's gnome cards
MAX_GNOME_W = 124
GNOME_ASPECT = 1.1
ROUND_TO = 16  # picture sizes are multiples of 16 (video encoders' macro blocks)
ATTACH_H = 24
BATTLE_RED = (214, 40, 40)
TYPE_COLOURS = {
    CardType.ACTION: (120, 80, 170), CardType.WEAPON: (200, 70, 50), CardType.DEFENCE: (60, 110, 200),
    CardType.BATTLE_ITEM: (220, 150, 40), CardType.YARD: (70, 150, 70),
}
GNOME_ACCENT = (110, 84, 60)
SLOT_LABEL = {Slot.WEAPON: "W", Slot.DEFENCE: "D"}
SOURCE_GNOME = 2  # a declared play whose key is a gnome (responses.Play.source)


def draw(state: BattleGnomesState) -> np.ndarray:
    """The table as an HxWx3 uint8 picture."""
    canvas = Canvas(WIDTH, picture_height(state.game.num_players))
    battling = {g for side in state.b_sides for g in side}
    _common_strip(canvas, state)
    n = state.game.num_players
    columns = COLUMNS.get(n, MAX_COLUMNS)
    w = (WIDTH - 10 * (columns + 1)) / columns
    h = HOUSE_H
    for p in range(n):
        row, col = divmod(p, columns)
        x = 10 + col * (w + 10)
        y = HOUSE_Y + row * (h + 8)
        _household(canvas, state, p, (x, y, x + w, y + h), battling)
    _banner(canvas, state)
    return canvas.array()


def picture_height(n: int) -> int:
    """Height of the picture for ``n`` households (rows of households below the common strip)."""
    columns = COLUMNS.get(n, MAX_COLUMNS)
    rows = (n + columns - 1) // columns
    height = HOUSE_Y + rows * (HOUSE_H + 8)
    return -(-height // ROUND_TO) * ROUND_TO


def _banner(canvas: Canvas, state: BattleGnomesState) -> None:
    head = f"Battle Gnomes!  turn {state.turn_number} (P{state.turn_player})" if state.turn_player >= 0 \
        else "Battle Gnomes!  setup"
    if state.final_round:
        head += f", final round ({state.final_turns_left} left)"
    marker = seat_colour(state.current_player) if not state.is_terminal() else None
    canvas.banner((0, 0, WIDTH, BANNER_H), f"{head}   |   {decision_text(state)}", marker=marker)


# ----------------------------------------------------------------------------- cards
def gnome_card(canvas: Canvas, gnome: int, x: float, y: float, w: float = GNOME_CARD[0],
               h: float = GNOME_CARD[1], outline: tuple[int, int, int] = INK, width: int = 1) -> None:
    """A gnome card face up: name, strength and ability text."""
    design = GNOMES[gnome]
    canvas.card((x, y, x + w, y + h), design.name, (), PAPER, accent=GNOME_ACCENT, size=10,
                outline=outline, width=width)
    canvas.gnome(x + 4, y + 20, 24, (60, 140, 70))
    canvas.badge((x + w - 14, y + 32), 11, GOLD, str(design.strength), size=13)
    size = 10 if w >= MAX_GNOME_W else 9
    canvas.lines(x + 4, y + 50, canvas.wrap(design.text, size, w - 8, 4), size, INK, gap=1)


def item_card(canvas: Canvas, design: int, x: float, y: float, w: float, h: float) -> None:
    """A player card face up in its type's colour, with its value when it has one."""
    card = CARDS[design]
    accent = TYPE_COLOURS[CardType(card.type)]
    value = f" +{card.value}" if card.value and card.type in (CardType.WEAPON, CardType.DEFENCE) else ""
    value = f" {card.value}" if card.value and not value else value
    canvas.card((x, y, x + w, y + h), f"{card.name}{value}", (), shade(accent, 1.7), accent=accent, size=10)


# ----------------------------------------------------------------------------- common strip
def _common_strip(canvas: Canvas, state: BattleGnomesState) -> None:
    y = STRIP_Y
    canvas.panel((10, y, WIDTH - 10, y + STRIP_H), "")
    canvas.text((20, y + 6), "Selection", 13, INK)
    for slot, gnome in enumerate(state.selection):
        x = 20 + slot * (GNOME_CARD[0] + 6)
        if gnome >= 0:
            gnome_card(canvas, gnome, x, y + 24)
        else:
            canvas.rect((x, y + 24, x + GNOME_CARD[0], y + 24 + GNOME_CARD[1]), None, outline=MUTED, radius=4)
    x = 20 + 3 * (GNOME_CARD[0] + 6) + 10
    canvas.text((x, y + 6), "Decks", 13, INK)
    canvas.card_back((x, y + 24, x + 56, y + 84), str(len(state.gnome_deck)))
    canvas.text((x + 28, y + 88), "gnomes", 11, INK, anchor="ma")
    canvas.card_back((x + 62, y + 24, x + 118, y + 84), str(len(state.deck)))
    canvas.text((x + 90, y + 88), "cards", 11, INK, anchor="ma")
    if state.discard:
        item_card(canvas, state.discard[-1], x + 124, y + 24, 96, 60)
    else:
        canvas.rect((x + 124, y + 24, x + 220, y + 84), None, outline=MUTED, radius=4)
    canvas.text((x + 172, y + 88), f"discard {len(state.discard)}", 11, INK, anchor="ma")
    if state.held >= 0:
        canvas.text((x, y + 108), "on its way:", 11, INK)
        item_card(canvas, state.held, x + 70, y + 104, 150, 24)
    _battle(canvas, state, x + 236, y)


def _battle(canvas: Canvas, state: BattleGnomesState, x: float, y: float) -> None:
    right = WIDTH - 20
    canvas.text((x, y + 6), "Battle", 13, INK)
    if state.b_att < 0:
        canvas.text((x, y + 28), "no battle running", 12, MUTED)
    else:
        from gnome_envs.battle_gnomes.totals import totals

        line = f"P{state.b_att} attacks P{state.b_def}"
        if state.b_sides[0]:
            attack, defence = totals(state)
            line += f":  {attack}  vs  {defence}"
        canvas.badge((x + 8, y + 34), 8, seat_colour(state.b_att), "")
        canvas.badge((x + 26, y + 34), 8, seat_colour(state.b_def), "")
        canvas.text((x + 40, y + 26), line, 15, BATTLE_RED)
        cx = x
        for design in state.b_area[:8]:
            item_card(canvas, design, cx, y + 50, 86, 24)
            cx += 90
            if cx + 86 > right:
                break
    sy = y + 82
    for frame in state.stack[-3:]:
        play = frame.play
        what = GNOMES[play.key].name if play.source == SOURCE_GNOME else CARDS[play.key].name
        cancelled = " (cancelled)" if frame.cancelled else ""
        canvas.badge((x + 8, sy + 8), 7, seat_colour(play.seat), "")
        canvas.text((x + 20, sy + 1), f"declared by P{play.seat}: {what}{cancelled}", 12, INK, width=right - x - 24)
        sy += 18


# ----------------------------------------------------------------------------- households
def _household(canvas: Canvas, state: BattleGnomesState, p: int, box: tuple[float, float, float, float],
               battling: set[int]) -> None:
    x0, y0, x1, y1 = box
    colour = seat_colour(p)
    turn = p == state.turn_player
    canvas.rect(box, shade(colour, 1.75), outline=GOLD if turn else shade(colour, 0.6), width=4 if turn else 2,
                radius=8)
    canvas.badge((x0 + 16, y0 + 16), 11, colour, f"P{p}", size=11)
    role = " attacking" if p == state.b_att else (" defending" if p == state.b_def else "")
    canvas.text((x0 + 32, y0 + 7), f"defeated {len(state.defeated[p])}{role}", 15,
                BATTLE_RED if role else INK)
    canvas.hidden_hand(x1 - 120, y0 + 5, len(state.hands[p]), (14, 20),
                       label=f"hand {len(state.hands[p])}/{state.hand_limit(p)}")
    gw = min(MAX_GNOME_W, (x1 - x0 - 16) / MAX_GNOMES - 4)
    gh = min(gw * GNOME_ASPECT, y1 - y0 - 36 - 2 * ATTACH_H - 40)
    for k, gnome in enumerate(state.households[p]):
        gx, gy = x0 + 8 + k * (gw + 4), y0 + 32
        fighting = gnome in battling
        gnome_card(canvas, gnome, gx, gy, gw, gh, BATTLE_RED if fighting else INK, 3 if fighting else 1)
        for s, slot in enumerate(Slot):
            design = state.attachment(gnome, slot)
            ay = gy + gh + 2 + s * (ATTACH_H + 2)
            if design >= 0:
                item_card(canvas, design, gx, ay, gw, ATTACH_H)
            else:
                canvas.rect((gx, ay, gx + gw, ay + ATTACH_H), None, outline=shade(colour, 1.2), radius=4)
                canvas.text((gx + gw / 2, ay + ATTACH_H / 2), SLOT_LABEL[slot], 10, shade(colour, 1.2), anchor="mm")
    _yard_and_defeated(canvas, state, p, x0, y1 - 30, x1)


def _yard_and_defeated(canvas: Canvas, state: BattleGnomesState, p: int, x0: float, y: float, x1: float) -> None:
    canvas.text((x0 + 8, y + 6), "yard", 11, INK)
    x = x0 + 40
    for design in state.yard[p]:
        item_card(canvas, design, x, y, 100, 24)
        x += 104
    if not state.yard[p]:
        canvas.text((x, y + 6), "-", 11, MUTED)
    if state.defeated[p]:
        names = ", ".join(GNOMES[g].name.split()[0] for g in state.defeated[p])
        canvas.text((x1 - 8, y + 6), f"won: {names}", 10, INK, anchor="ra",
                    width=max(40, x1 - x - 16))
