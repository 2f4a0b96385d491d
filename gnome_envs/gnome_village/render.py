"""Text rendering of Gnome Village: the table, each village as a grid, and action names.

Village cells are drawn 5 characters wide and 3 high. Roads show their paths (``#`` in the
middle marks a blockade); buildings are boxed with a 3-letter label (``H*`` lit house, ``h``
dark house, workshops in capitals when active) and the seats of the gnomes on them
(``r`` resting, ``c`` held by a Chapel or Prison, ``a`` flown in by Airport, ``m`` guarding).

Nothing a move names is hidden: the face-down stacks are never read before a tile is drawn
and shown (a Construction Site is chosen before its tile is drawn, O26), so
``describe_action`` reads the same for every viewer.
"""

from __future__ import annotations

from gnome_envs.gnome_village import gnome_moves
from gnome_envs.gnome_village.actions import (
    LAYOUTS,
    Family,
    SetupPiece,
    SourceKind,
    WorkAction,
)
from gnome_envs.gnome_village.components import (
    BUSINESS_TILES,
    CODE_HOUSE_ON,
    CODE_INFO,
    FOREST_CARDS,
    GRID_SIZE,
    ROAD_SHAPES,
    BusinessAction,
    Direction,
    TileKind,
    WorkshopType,
    cell_name,
)
from gnome_envs.gnome_village.pending import DecisionKind
from gnome_envs.gnome_village.state import NOT_PLACED, GnomeStatus, GnomeVillageState

CELL_WIDTH = 5
WORKSHOP_LABEL = {WorkshopType.PAINTER: "pai", WorkshopType.CARPENTER: "car",
                  WorkshopType.SCHOOL: "sch", WorkshopType.GARDENER: "gar"}
STATUS_MARK = {GnomeStatus.FREE: "", GnomeStatus.RESTING: "r", GnomeStatus.CHAPEL: "c",
               GnomeStatus.PRISON: "c", GnomeStatus.ABROAD: "a"}
PASS_TEXT = {
    DecisionKind.WORK_BUY: "end Work & Buy",
    DecisionKind.MOVE_SELECT: "end the Move phase",
    DecisionKind.ARCHITECT_PICK: "stop rearranging",
}
CELL_VERBS = {
    DecisionKind.SETUP_LIGHTS: "light the house and put the first gnome on",
    DecisionKind.ACTIVATE: "activate",
    DecisionKind.ANGRY: "send home the gnome on",
    DecisionKind.SOURCE: "turn over",
    DecisionKind.NEW_GNOME_HOUSE: "put the new gnome in",
    DecisionKind.MOVE_SELECT: "move the gnome on",
    DecisionKind.MOVE_DEST: "walk to",
    DecisionKind.COURIER_WORKSHOP: "sell the product of",
    DecisionKind.DOCTOR_WORKSHOP: "activate",
    DecisionKind.SWIMMING_POOL: "activate",
    DecisionKind.ARCHITECT_PICK: "pick up",
    DecisionKind.CONSTRUCTION_SITE: "draw and build a face-down business with the",
}
OPP_CELL_VERBS = {
    DecisionKind.REMOVAL: "remove",
    DecisionKind.CHAPEL: "bring to the Chapel the gnome on",
    DecisionKind.PRISON: "imprison the gnome on",
    DecisionKind.AIRPORT: "fly to",
    DecisionKind.CONSTRUCTION_SITE: "draw and build a face-down business with the",
}


def tile_name(code: int) -> str:
    """Readable name of a tile code."""
    info = CODE_INFO[code]
    if info.kind == TileKind.EMPTY:
        return "empty cell"
    if info.kind == TileKind.ROAD:
        return f"{ROAD_SHAPES[info.sub].name} road turned {90 * info.rotation}"
    if info.kind == TileKind.HOUSE:
        return "house (lights on)" if info.flag else "house (lights off)"
    if info.kind == TileKind.WORKSHOP:
        side = "active" if info.flag else "inactive"
        return f"{side} {WorkshopType(info.sub).name.lower()} workshop"
    return BUSINESS_TILES[info.sub].name


def describe_action(state: GnomeVillageState, action: int, viewer: int | None = None) -> str:
    """Meaning of ``action`` in the pending decision (the same for every viewer: see the module doc)."""
    layout = LAYOUTS[state.game.num_players]
    d = layout.decode(action)
    pending = state.pending
    kind = DecisionKind(pending.kind) if pending else None
    player = pending.player if pending else state.turn_player
    n = state.game.num_players
    if d.family == Family.PASS:
        return PASS_TEXT.get(kind, "decline")
    if d.family == Family.CELL:
        verb = CELL_VERBS.get(kind, "choose")
        return f"{verb} {tile_name(state.grid[player][d.arg])} at {cell_name(d.arg)}"
    if d.family == Family.PLACE:
        code = state.hand
        if not code and kind == DecisionKind.ARCHITECT_PLACE:
            code = state.grid[player][pending.data[0]]
        if not code:
            return f"place a tile at {cell_name(d.arg)} turned {90 * d.arg2}"
        turned = f" turned {90 * d.arg2}" if CODE_INFO[code].kind == TileKind.ROAD else ""
        name = tile_name(code).split(" turned")[0]
        return f"place the {name} at {cell_name(d.arg)}{turned}"
    if d.family == Family.OPP_CELL:
        other = (player + d.arg) % n
        verb = OPP_CELL_VERBS.get(kind, "choose")
        return f"{verb} {tile_name(state.grid[other][d.arg2])} at {cell_name(d.arg2)} of player {other}"
    if d.family == Family.OPPONENT:
        return f"choose player {(player + d.arg) % n}"
    if d.family == Family.WORK:
        return {WorkAction.HOUSE: "work: build a house (painter + carpenter)",
                WorkAction.GNOME: "work: place a new gnome (school)",
                WorkAction.ROAD: "work: place a road (gardener)"}[WorkAction(d.arg)]
    if d.family == Family.BUY_BUSINESS:
        tile = state.display[d.arg]
        name = BUSINESS_TILES[tile].name if tile >= 0 else "nothing"
        return f"buy {name} from display slot {d.arg} for 1 coin"
    if d.family == Family.BUY_WORKSHOP:
        return f"buy a {WorkshopType(d.arg).name.lower()} workshop for 2 coins"
    if d.family == Family.SOURCE:
        need = WorkshopType(pending.data[0]).name.lower() if kind == DecisionKind.SOURCE else "workshop"
        return f"spend a {need} product" if d.arg == SourceKind.PRODUCT else f"pay 3 coins for the {need}"
    if d.family == Family.AMOUNT:
        return f"take {d.arg} coin{'s' if d.arg > 1 else ''}"
    return f"place a starting {SetupPiece(d.arg).name.lower().replace('_', '-')} next"


def stage_text(state: GnomeVillageState) -> str:
    """``setup: player 0 places``, ``turn 7, player 1 to play (last round)`` or ``GAME OVER after turn 36``."""
    if state.finished:
        return f"GAME OVER after turn {state.turn_number}" + (" (the bank ran dry)" if state.bank_ran_dry else "")
    if state.turn_number == 0:
        return f"setup: player {state.current_player} places a starting piece"
    last = " (last round" + (": the bank ran dry)" if state.bank_ran_dry else ")") if state.end_triggered else ""
    return f"turn {state.turn_number}, player {state.turn_player} to play{last}"


def _cell_lines(state: GnomeVillageState, v: int, cell: int) -> tuple[str, str, str]:
    code = state.grid[v][cell]
    info = CODE_INFO[code]
    if info.kind == TileKind.EMPTY:
        return "     ", "  .  ", "     "
    if info.kind == TileKind.ROAD:
        arm = [g >= 0 for g in info.arm_group]
        centre = "#" if ROAD_SHAPES[info.sub].has_blockade else "+"
        top = "  |  " if arm[Direction.N] else "     "
        mid = ("--" if arm[Direction.W] else "  ") + centre + ("--" if arm[Direction.E] else "  ")
        bottom = "  |  " if arm[Direction.S] else "     "
        return top, mid, bottom
    if info.kind == TileKind.HOUSE:
        label = "H* " if code == CODE_HOUSE_ON else "h  "
    elif info.kind == TileKind.WORKSHOP:
        text = WORKSHOP_LABEL[WorkshopType(info.sub)]
        label = text.upper() if info.flag else text
    else:
        label = BusinessAction(BUSINESS_TILES[info.sub].action).name[:3].title()
    marks = ""
    for i in gnome_moves.gnomes_at(state, v, cell):
        marks += str(state.owner(i)) + STATUS_MARK[GnomeStatus(state.g_status[i])]
        if state.g_guard[i]:
            marks += "m"
    return "+---+", f"|{label}|", f"|{marks[:3]:<3}|"


def render_village(state: GnomeVillageState, v: int) -> list[str]:
    """Lines drawing village ``v``."""
    header = "    " + "".join(f"  {'abcdefg'[c]}  " for c in range(GRID_SIZE))
    lines = [header]
    for row in range(GRID_SIZE):
        cells = [_cell_lines(state, v, row * GRID_SIZE + col) for col in range(GRID_SIZE)]
        for part in range(3):
            prefix = f" {row + 1}  " if part == 1 else "    "
            lines.append(prefix + "".join(c[part] for c in cells))
    return lines


def render_text(state: GnomeVillageState, seat: int | None = None) -> str:
    """The table as text; nothing in Gnome Village is private to a seat, so ``seat`` changes nothing."""
    n = state.game.num_players
    card = FOREST_CARDS[state.revealed].label() if state.revealed >= 0 else "-"
    display = ", ".join(BUSINESS_TILES[t].name if t >= 0 else "-" for t in state.display)
    lines = [
        f"Gnome Village - {stage_text(state)}",
        (f"forest card: {card} | deck {len(state.forest_deck)} | roads left {len(state.road_stack)} "
         f"| businesses face down {len(state.business_stack)} | bank {state.bank}"),
        f"display: {display} | happy gnome: {'player ' + str(state.happy) if state.happy >= 0 else 'nobody'}",
    ]
    if state.pending is not None:
        lines.append(f"deciding: player {state.pending.player} - {state.decision_name()}")
    for p in range(n):
        placed = sum(1 for i in state.gnome_range(p) if state.g_village[i] != NOT_PLACED)
        products = "/".join(str(x) for x in state.products[p])
        lines.append("")
        lines.append(f"player {p}: {state.score_of(p)} points, {state.coins[p]} coins, "
                     f"products P/C/S/G {products}, gnomes {placed}/{state.gnomes_per_colour}"
                     + (", protected" if gnome_moves.protected(state, p) else "")
                     + (f", gap at {[cell_name(c) for c in state.holes[p]]}" if state.holes[p] else ""))
        lines += render_village(state, p)
    return "\n".join(lines)
