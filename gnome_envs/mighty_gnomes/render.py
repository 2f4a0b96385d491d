"""Text rendering of Mighty Gnomes: the table and the meaning of every action.

The forest is drawn top glade first, one character per cell: the icon letter
(``C`` compass, ``W`` wood, ``S`` sand, ``M`` mushroom, ``H`` chamomile, ``X`` crystal,
``T`` treasure chest) when free, the owner's seat digit (``D`` for a Druid tile) when covered.
Ladders are drawn top rung first, two cells each, ``.`` for an empty cell.
"""

from __future__ import annotations

from gnome_envs.mighty_gnomes.actions import (
    BASIC_PAIRS,
    LAYOUTS,
    AlchemyTrade,
    Family,
    MagicTrade,
    Mode,
)
from gnome_envs.mighty_gnomes.components import (
    ATTIC_ROWS,
    BOOKS,
    CHESTS,
    FOREST_COLS,
    ICON_LETTERS,
    LADDER_SIDES,
    LADDER_WIDTH,
    LADDERS,
    RES_NAMES,
    ROUND_REWARDS,
    SILVER_COST,
    TILE_SIZES,
    BookAction,
    ChestKind,
    GnomeType,
    Reward,
    Track,
)
from gnome_envs.mighty_gnomes.geometry import MAX_ORIENTATIONS
from gnome_envs.mighty_gnomes.pending import DecisionKind
from gnome_envs.mighty_gnomes.state import (
    DRUID_INDEX,
    EMPTY,
    NEUTRAL,
    NO_TILE,
    MightyGnomesState,
)

SIDE_NAMES = ("left", "right")
DRAWN_POSITIONS = {0: "first", 1: "second"}
MODE_TEXT = {Mode.GATHER: "gather in the forest", Mode.ATTIC: "climb to the attic", Mode.COINS: "take coins"}
# decisions whose choice another seat does not see: what it sees instead (R4.5)
ONLOOKER_TEXT = {DecisionKind.KEEP_CHEST: "keep one drawn chest face down, return the other to the bag"}
PASS_TEXT = {
    DecisionKind.BOOKS: "stop reading books",
    DecisionKind.TURN_END: "end the turn",
    DecisionKind.DRUID_START: "skip the Druid turn",
}


def tile_name(tile: int) -> str:
    """Readable name of a tile index."""
    if tile == DRUID_INDEX:
        return "the Druid tile"
    size = TILE_SIZES[tile]
    return f"the {size}-gnome tile"


def book_name(book: int) -> str:
    """Readable name of a book tile."""
    info = BOOKS[book]
    action = BookAction(info.action).name.lower().replace("silver_", "").replace("_", " ")
    if info.golden:
        return f"golden {action}"
    return f"silver {action} (pay {SILVER_COST[info.action].label()})"


def short_book(book: int) -> str:
    """A book as ``G money`` (golden) or ``S money`` (silver), for the attic drawing."""
    info = BOOKS[book]
    action = BookAction(info.action).name.lower().replace("silver_", "").replace("_", " ")
    return f"{'G' if info.golden else 'S'} {action}"


def chest_name(kind: int) -> str:
    """Readable name of a chest kind."""
    return ChestKind(kind).name.lower().replace("_", " ")


def cell_name(cell: int) -> str:
    """A forest cell as ``r<row>c<col>`` (row 1 at the bottom)."""
    row, col = divmod(cell, FOREST_COLS)
    return f"r{row + 1}c{col + 1}"


def _book_ref_text(state: MightyGnomesState, ref: int) -> str:
    if ref < 2 * ATTIC_ROWS:
        col, row = divmod(ref, ATTIC_ROWS)
        book = state.columns[col][row] if state.columns[col] else -1
        where = f"{SIDE_NAMES[col]} column rung {row + 1}"
    else:
        slot = ref - 2 * ATTIC_ROWS
        book = state.book_display[slot] if slot < len(state.book_display) else -1
        where = f"display slot {slot}"
    return f"activate {book_name(book) if book >= 0 else 'no book'} at the {where}"


def describe_action(state: MightyGnomesState, action: int, viewer: int | None = None) -> str:
    """Meaning of ``action`` in the pending decision as seat ``viewer`` sees it (None: every fact)."""
    kind = DecisionKind(state.pending.kind) if state.pending is not None else None
    if viewer is not None and viewer != state.current_player and kind in ONLOOKER_TEXT:
        return ONLOOKER_TEXT[kind]
    return _full_text(state, action, kind)


def _full_text(state: MightyGnomesState, action: int, kind: DecisionKind | None) -> str:
    """Meaning of ``action`` with every fact named (any index, legal or not)."""
    d = LAYOUTS[state.game.num_players].decode(action)
    family = d.family
    if family == Family.PASS:
        return PASS_TEXT.get(kind, "pass")
    if family == Family.TILE_MODE:
        return f"use {tile_name(d.arg)} to {MODE_TEXT[Mode(d.arg2)]}"
    if family == Family.FOREST:
        return f"lay the tile in the forest at {cell_name(d.arg)}, orientation {d.arg2}"
    if family == Family.ATTIC:
        ladder, column = LADDER_SIDES[d.arg]
        orientation, offset = divmod(d.arg2, LADDER_WIDTH)
        return (f"lay the tile on ladder {ladder} (reading the {SIDE_NAMES[column]} books), "
                f"orientation {orientation}, column {offset}")
    if family == Family.BOOK:
        return _book_ref_text(state, d.arg)
    if family == Family.GNOME:
        name = GnomeType(state.gnome_types[d.arg]).name.title() if d.arg < len(state.gnome_types) else "?"
        verb = "use again the ability of" if kind == DecisionKind.REFRESH else "invite"
        return f"{verb} the {name} gnome (stack {d.arg})"
    if family == Family.TRACK:
        return f"upgrade the {Track(d.arg).name.lower()}"
    if family == Family.CHEST_PICK:
        return _chest_pick_text(state, kind, d.arg)
    if family == Family.OPEN_CHEST:
        return f"spend a key to open a closed {chest_name(d.arg)} chest"
    if family == Family.CONVERT_CRYSTAL:
        return f"discard a crystal for 1 {RES_NAMES[d.arg]}"
    if family == Family.CONVERT_PAIR:
        a, b = BASIC_PAIRS[d.arg]
        return f"discard 1 {RES_NAMES[a]} and 1 {RES_NAMES[b]} for 1 {RES_NAMES[d.arg2]}"
    if family == Family.MAGIC:
        paid = "2 wood" if d.arg == MagicTrade.WOOD else "1 sand"
        return f"Magic gnome: {paid} for 1 VP"
    if family == Family.ALCHEMIST:
        gain = "5 coins" if d.arg == AlchemyTrade.COINS else "a treasure chest"
        return f"Alchemist: a crystal for {gain}"
    if family == Family.DISCARD:
        return f"discard 1 {RES_NAMES[d.arg]} (over the warehouse capacity)"
    boxes = ROUND_REWARDS.get(state.round)
    name = Reward(boxes[d.arg]).name.lower().replace("_", " ") if boxes else "?"
    return f"claim reward box {d.arg}: {name}"


def _chest_pick_text(state: MightyGnomesState, kind: DecisionKind | None, index: int) -> str:
    if kind == DecisionKind.KEEP_CHEST:  # the drawn chests: named for their drawer, hidden from onlookers
        return _keep_text(state, index)
    chest = state.chest_display[index] if index < len(state.chest_display) else -1
    return f"take the open chest {index} ({chest_name(chest) if chest >= 0 else 'gone'}) of the trail"


def _keep_text(state: MightyGnomesState, index: int) -> str:
    """``keep the first drawn chest (gold) face down, return the other (key)``."""
    drawn = state.drawn
    kept = f" ({chest_name(drawn[index])})" if index < len(drawn) else ""
    others = [chest_name(k) for i, k in enumerate(drawn) if i != index]
    returned = f", return the other ({', '.join(others)})" if others else ""
    return f"keep the {DRAWN_POSITIONS.get(index, f'#{index}')} drawn chest{kept} face down{returned}"


def _forest_lines(state: MightyGnomesState) -> list[str]:
    icons = state.forest_layout()[0]
    rows = len(icons) // FOREST_COLS
    lines = []
    for row in reversed(range(rows)):
        chars = []
        for col in range(FOREST_COLS):
            cell = row * FOREST_COLS + col
            owner = state.forest_owner[cell]
            chars.append(ICON_LETTERS[icons[cell]] if owner == EMPTY else ("D" if owner == NEUTRAL else str(owner)))
        lines.append(f"  r{row + 1:<2} {' '.join(chars)}")
    return lines


def _attic_lines(state: MightyGnomesState) -> list[str]:
    from gnome_envs.mighty_gnomes.placement import ladder_in_play

    lines = []
    for row in reversed(range(ATTIC_ROWS)):
        parts = [f"  {row + 1} {short_book(state.columns[0][row]):>16} |"]
        for ladder in LADDERS:
            if not ladder_in_play(state, ladder.slot):
                continue
            if row >= ladder.height:
                parts.append("   ")
                continue
            cells = state.ladder_cells[ladder.slot][row * LADDER_WIDTH:(row + 1) * LADDER_WIDTH]
            parts.append("".join("." if c == EMPTY else ("D" if c == NEUTRAL else str(c)) for c in cells) + " ")
        parts.append(f"| {short_book(state.columns[1][row])}")
        lines.append(" ".join(parts))
    return lines


def render_text(state: MightyGnomesState, seat: int | None = None) -> str:
    """The table as text: public information, plus ``seat``'s closed chests when given."""
    n = state.game.num_players
    head = f"Mighty Gnomes - round {state.round}/5, first player {state.first_player}"
    if state.finished:
        head += " - GAME OVER"
    lines = [head]
    if state.pending is not None:
        lines.append(f"deciding: player {state.pending.player} - {state.decision_name()}")
    lines.append("forest (top glade first):")
    lines += _forest_lines(state)
    lines.append("attic (top rung first; G golden, S silver books; ladders in play, two cells each):")
    lines += _attic_lines(state)
    if state.book_display:
        used = ["used" if u else "ready" for u in state.display_used]
        lines.append("display: " + ", ".join(f"{book_name(b)} ({u})" for b, u in zip(state.book_display, used)))
    display = ", ".join(chest_name(k) if k >= 0 else "-" for k in state.chest_display)
    lines.append(f"open chests: {display} | chests in the bag: {len(state.chest_bag)}")
    stacks = ", ".join(f"{GnomeType(t).name.title()} x{s}" for t, s in zip(state.gnome_types, state.stack))
    lines.append(f"mighty gnomes: {stacks}")
    for p in range(n):
        res = ", ".join(f"{state.res[p][r]} {RES_NAMES[r]}" for r in range(len(RES_NAMES)))
        gnomes = ", ".join(GnomeType(k).name.title() for k in state.gnomes[p]) or "none"
        bedroom = tile_name(state.bedroom[p]) if state.bedroom[p] != NO_TILE else "empty"
        lines.append(f"player {p}: {state.vp[p]} VP (final {int(state.scores()[p])}), {state.coins[p]} coins, "
                     f"{state.keys[p]} keys, {res}; trail {state.trail[p]}; gnomes {gnomes}; "
                     f"bedroom {bedroom}; chests {len(state.closed[p])} closed, "
                     f"{', '.join(chest_name(k) for k in state.opened[p]) or 'none'} opened")
    if seat is not None and 0 <= seat < n:
        lines.append(f"your closed chests (player {seat}): "
                     f"{', '.join(chest_name(k) for k in state.closed[seat]) or 'none'}")
        if state.drawn and state.pending is not None and state.pending.player == seat:
            lines.append(f"drawn chests: {', '.join(chest_name(k) for k in state.drawn)}")
    return "\n".join(lines)


__all__ = ["CHESTS", "MAX_ORIENTATIONS", "book_name", "chest_name", "describe_action", "render_text", "tile_name"]
