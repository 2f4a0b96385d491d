"""Text rendering of a Rise of the Gnomes position and of every action index."""

from __future__ import annotations

from gnome_envs.rise_of_the_gnomes.actions import (
    ALLY_SPACE_BASE,
    CARD_SPACE_BASE,
    LAYOUTS,
    PLAYER_SPACE_BASE,
    Family,
)
from gnome_envs.rise_of_the_gnomes.cards import (
    ACTION_CARDS,
    ALLIES,
    GNOME_ACTION_CODE,
    GNOME_CARDS,
    JUDGES,
    MAX_CARD_SPACES,
    OPEN_CARD_SPACES,
    GnomeCard,
)
from gnome_envs.rise_of_the_gnomes.components import (
    HEX_COORDS,
    ICON_CODE,
    MAP_RADIUS,
    NUM_POSITIONS,
    NUM_TURNS,
    RACES,
    TYPE_CODE,
    TYPE_CODES,
    BoardAction,
    Icon,
    PlayerSpace,
    TileType,
    Upgrade,
    position_name,
)
from gnome_envs.rise_of_the_gnomes.flow import gnome_income, player_income
from gnome_envs.rise_of_the_gnomes.pending import DecisionKind
from gnome_envs.rise_of_the_gnomes.state import RiseState

PHASE_NAMES = ("setup / over", "allies draft", "brewer placement", "action cards", "Gnome cards",
               "scoring", "reset")
PASS_LABELS = {
    DecisionKind.PAY_ACTION: "decline the action", DecisionKind.TRIBUTE_STEP: "stop the dragon here",
    DecisionKind.ORCTOBERFEST_MORE: "keep the rest of the gold", DecisionKind.BRIBE: "do not bribe",
    DecisionKind.COMPETITION_REMOVE: "remove no more cubes", DecisionKind.CARAVAN_DEST: "move no more cubes",
    DecisionKind.MOVE_SOURCE: "move no cubes", DecisionKind.COMPETITION_ADD: "add no cubes",
}

# decisions whose choice another seat does not see: what it sees instead (R2.13)
ONLOOKER_TEXT = {DecisionKind.JUDGE_DISCARD: "return one of the dealt judges to the box face down"}


def owner_name(state: RiseState, owner: int) -> str:
    """``P2`` for a seat, ``Gnomes`` for the Gnome Union."""
    return "Gnomes" if owner == state.n else f"P{owner}"


def tile_text(state: RiseState, pos: int) -> str:
    """A position with its tile, if seen: ``y3 plains/lion``."""
    if not state.game.in_play[pos]:
        return f"{position_name(pos)} (not in play)"
    if not state.revealed[pos]:
        return f"{position_name(pos)} (face down)"
    kind = TileType(state.tile_type[pos]).name.lower()
    return f"{position_name(pos)} {kind}/{Icon(state.tile_icon[pos]).name.lower()}"


def space_text(state: RiseState, space: int, seat: int) -> str:
    """Name of brewer SPACE ``space`` for ``seat``."""
    if space < PLAYER_SPACE_BASE:
        return BoardAction(space).name.lower().replace("_", " ")
    if space < ALLY_SPACE_BASE:
        return f"own board: {PlayerSpace(space - PLAYER_SPACE_BASE).name.lower().replace('_', ' ')}"
    if space < CARD_SPACE_BASE:
        slot = space - ALLY_SPACE_BASE
        allies = state.allies[seat] if 0 <= seat < state.n else []
        name = ALLIES[allies[slot]].name if slot < len(allies) else "(no such ally)"
        return f"ally {slot + 1}: {name}"
    d, s = divmod(space - CARD_SPACE_BASE, MAX_CARD_SPACES)
    card = ACTION_CARDS[state.action_display[d]] if d < len(state.action_display) else None
    if card is None or s >= len(card.costs):
        return f"action card {d + 1}, space {s + 1} (none)"
    blocked = "" if s in OPEN_CARD_SPACES[state.n == 1][card.card_id] else ", not used solo"
    return f"action card {d + 1} {card.kind.name.lower().replace('_', ' ')}, space {s + 1} ({card.costs[s]} beer{blocked})"


def gnome_card_text(card_id: int) -> str:
    """One-line summary of a Gnome card."""
    card: GnomeCard = GNOME_CARDS[card_id]
    move = "move" if card.move == 0 else "fly"
    steps = " / ".join(
        GNOME_ACTION_CODE[s.action] + (":" + ",".join(TYPE_CODE[t] for t in s.tiles) if s.tiles else "")
        for s in card.steps
    )
    icons = "".join(ICON_CODE[i] for i in card.icon_order)
    return f"#{card_id} {move} {TYPE_CODE[card.dragon_type]} | {steps} | {icons}"


def _slot_text(state: RiseState, index: int, seat: int) -> str:
    kind = state.pending.kind if state.pending is not None else -1
    if kind == DecisionKind.JUDGE_DISCARD and 0 <= seat < state.n and index < len(state.judge_hand[seat]):
        return f"return judge {JUDGES[state.judge_hand[seat][index]].name}"
    if kind == DecisionKind.GNOME_CARD_PLAY and 0 <= seat < state.n and index < len(state.hands[seat]):
        return f"play Gnome card {gnome_card_text(state.hands[seat][index])}"
    if index < len(state.ally_row):
        return f"take ally {ALLIES[state.ally_row[index]].name}"
    return f"item {index + 1} (none)"


def describe_action(state: RiseState, action: int, viewer: int | None = None) -> str:
    """Meaning of ``action`` in the pending decision as seat ``viewer`` sees it (None: every fact)."""
    kind = state.pending.kind if state.pending is not None else -1
    if viewer is not None and viewer != state.current_player and kind in ONLOOKER_TEXT:
        return ONLOOKER_TEXT[kind]
    return _full_text(state, action)


def _full_text(state: RiseState, action: int) -> str:
    """Meaning of ``action`` with every fact named (any index of the layout)."""
    layout = LAYOUTS[state.n]
    decoded = layout.decode(action)
    family, arg = decoded.family, decoded.arg
    seat = state.current_player
    kind = state.pending.kind if state.pending is not None else -1
    if family == Family.PASS:
        return PASS_LABELS.get(kind, "pass")
    if family == Family.CONFIRM:
        return "bribe the dragon" if kind == DecisionKind.BRIBE else "discard 3 more gold for 1 point"
    if family == Family.RACE:
        race = RACES[arg]
        return f"play the {race.name} ({race.colour.name.lower()}, start {race.start_type.name.lower()})"
    if family == Family.UPGRADE:
        return f"upgrade token on {Upgrade(arg).name.lower().replace('_', ' ')}"
    if family == Family.SLOT:
        return _slot_text(state, arg, seat)
    if family == Family.SPACE:
        return f"brewer on {space_text(state, arg, seat)}"
    if family == Family.TILE:
        return f"tile {tile_text(state, arg)}"
    if family == Family.AMOUNT:
        if kind == DecisionKind.COMPETITION_ADD:
            return f"add {arg} cube{'s' if arg != 1 else ''}"
        return f"pay with {arg} gold (the rest in beer)"
    if arg == state.n:
        return "a Gnome cube"
    return f"a cube of {owner_name(state, (seat + arg) % state.n if seat >= 0 else arg)}"


# ============================================================================ the table
HEX_STEP = 4  # characters per half hex: neighbours in a row of the map are two steps apart
MAP_LEGEND = (
    "Map: each hex shows its name over its tile. Names: DK Dragonkeep, g1-g6 the green ring, "
    "y1-y12 the yellow ring, r1-r18 the red ring (the tile list uses the same names).",
    "Tiles: " + ", ".join(f"{code} {t.name.lower().replace('_', ' ')}" for code, t in TYPE_CODES.items())
    + "; ?? face down; a trailing D marks the dragon, B a boat.",
)


def _hex_label(state: RiseState, pos: int) -> str:
    if not state.revealed[pos]:
        return "??"
    label = TYPE_CODE[TileType(state.tile_type[pos])]
    return label + ("D" if state.dragon == pos else ("B" if state.boats[pos] else ""))


def hex_map(state: RiseState) -> list[str]:
    """The map as rows of hexes: each hex's name (``y3``) over its type code and D / B marks."""
    width = HEX_STEP * (4 * MAP_RADIUS + 2)
    names = [[" "] * width for _ in range(2 * MAP_RADIUS + 1)]
    labels = [[" "] * width for _ in range(2 * MAP_RADIUS + 1)]
    for pos in range(NUM_POSITIONS):
        if not state.game.in_play[pos]:
            continue
        q, r = HEX_COORDS[pos]
        column = HEX_STEP * (2 * q + r + 2 * MAP_RADIUS)
        name, label = position_name(pos), _hex_label(state, pos)
        names[r + MAP_RADIUS][column:column + len(name)] = list(name)
        labels[r + MAP_RADIUS][column:column + len(label)] = list(label)
    lines = []
    for name_row, label_row in zip(names, labels):
        lines += ["  " + "".join(name_row).rstrip(), "  " + "".join(label_row).rstrip()]
    return [line for line in lines if line.strip()]


def _tile_lines(state: RiseState) -> list[str]:
    lines = []
    for pos in state.game.positions:
        parts = []
        for o in range(state.owners):
            c, b = state.cubes_at(pos, o), state.brews_at(pos, o)
            if c or b:
                parts.append(f"{owner_name(state, o)} {c}c" + (f"+{b}B" if b else ""))
        marks = (" [dragon]" if state.dragon == pos else "") + (" [boat]" if state.boats[pos] else "")
        if parts or marks:
            control = state.controller(pos)
            who = f" -> {owner_name(state, control)}" if control >= 0 else ""
            lines.append(f"  {tile_text(state, pos)}: {', '.join(parts)}{marks}{who}")
    return lines


def _player_lines(state: RiseState) -> list[str]:
    lines = []
    for p in range(state.n):
        race = RACES[state.race[p]].name if state.race[p] >= 0 else "(no race)"
        upgrades = [Upgrade(u).name.lower() for u in range(len(Upgrade)) if state.upgrades[p] >> u & 1]
        allies = ", ".join(ALLIES[a].name for a in state.allies[p]) or "-"
        income = player_income(state, p) if state.race[p] >= 0 else (0, 0)
        lines.append(
            f"  P{p} {race}: {state.vp[p]} VP, {state.gold[p]} gold, {state.beer[p]} beer, "
            f"production {state.production(p) if state.race[p] >= 0 else 0}, cubes out {state.cubes_out[p]}, "
            f"breweries out {state.brews_out[p]}, brewers {state.brewers[p]}/{state.brewers_owned[p]}, "
            f"income {income[0]} VP {income[1]} gold"
        )
        lines.append(f"     upgrades {upgrades or '-'}; allies {allies}; hand {len(state.hands[p])} Gnome cards")
    return lines


def stage_text(state: RiseState) -> str:
    """Where the game stands: ``setup``, ``turn 2, phase action cards ...`` or ``game over``."""
    if state.is_terminal():
        return "game over"
    starter = f", starting player P{state.start_player}" if 0 <= state.start_player < state.n else ""
    if state.phase == 0:
        return f"setup{starter}"
    return f"turn {state.turn} of {NUM_TURNS}, phase {PHASE_NAMES[state.phase]}{starter}"


def render_text(state: RiseState, seat: int | None = None) -> str:
    """The table as text: public information, plus ``seat``'s judges and Gnome cards when given."""
    game = f"{state.n}p, {state.game.config.mode}, {state.game.level.name.lower()}"
    head = f"Rise of the Gnomes ({game}): {stage_text(state)}"
    g_income = gnome_income(state)
    gnome = (f"  Gnomes: {state.g_vp} VP, {state.g_gold} gold, cubes out {state.g_cubes_out}, "
             f"breweries out {state.g_brews_out}, income {g_income[0]} VP {g_income[1]} gold")
    display = ", ".join(
        f"{d + 1}:{ACTION_CARDS[c].kind.name.lower()}{list(ACTION_CARDS[c].costs)}"
        for d, c in enumerate(state.action_display)
    )
    lines = [head, *MAP_LEGEND, *hex_map(state), "Tiles:", *_tile_lines(state), "Players:", *_player_lines(state), gnome,
             f"Action cards: {display}",
             f"Allies on offer: {', '.join(ALLIES[a].name for a in state.ally_row) or '-'}"]
    if state.gnome_card >= 0:
        lines.append(f"Gnome card in play: {gnome_card_text(state.gnome_card)}")
    if state.is_terminal():
        winner = "the Gnomes" if state.gnomes_win() else ", ".join(
            f"P{p}" for p, place in enumerate(state.placements()) if place == 0)
        lines.append(f"Game over: winner {winner}; scores {state.scores().tolist()}")
    elif state.pending is not None:
        lines.append(f"P{state.pending.player} decides: {state.decision_name()}")
    if seat is not None and 0 <= seat < state.n:
        lines += _private_lines(state, seat)
    return "\n".join(lines)


def _private_lines(state: RiseState, seat: int) -> list[str]:
    """What only ``seat`` sees: its judges (kept and being chosen) and its Gnome cards."""
    kept = ", ".join(JUDGES[j].name for j in state.judges[seat]) or "-"
    lines = [f"Your judges (P{seat}): {kept}"]
    if state.judge_hand[seat]:
        lines.append("  being chosen: " + ", ".join(JUDGES[j].name for j in state.judge_hand[seat]))
    if state.hands[seat]:
        lines.append("Your Gnome cards: " + "; ".join(gnome_card_text(c) for c in state.hands[seat]))
    return lines
