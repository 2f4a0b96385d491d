"""Text rendering of Dwar7s Fall: the mat, each seat's table, and action names.

Each card is drawn 7 characters wide and 4 high. ``#`` on an edge is a wall, the second line
holds a 3-letter kind label (``Cas Gol Eme Rub Dia Tav Sto Dra Fro``) with the colour letter
of the card (``B R G Y``) and the stack height, and the third line the dwarfs on it as
colour letters (``BBY`` = two blue dwarfs and a yellow one).

Every hidden card an action names turns face up by that action (an ogre card played, denied
with or discarded face up; a gem going back to its pile), and Thief and Crown name no card, so
``describe_action`` reads the same for every viewer.
"""

from __future__ import annotations

from gnome_envs.dwarfs_fall.actions import Family
from gnome_envs.dwarfs_fall.components import (
    ALL_KINDS,
    COLOUR_LETTERS,
    GEM_VP,
    GRID_SIZE,
    LAYER_COLOUR,
    LAYER_KIND,
    LAYER_WALLS,
    MOOD_TRACK,
    NUM_GEMS,
    SPOTS,
    TRADING_GOALS,
    Colour,
    Gem,
    Mood,
    Ogre,
    Secret,
    cell_name,
)
from gnome_envs.dwarfs_fall.pending import DecisionKind
from gnome_envs.dwarfs_fall.races import (
    CLASSES,
    IN_PILE,
    NOT_OWNED,
    NUM_CLASSES,
    POWER_NAMES,
    RACE_NAMES,
)

# Lak: the troll's lake (Troll's Bridge); Mem: a battle memorial (Royal Decrees)
KIND_LABEL = ("Cas", "Gol", "Eme", "Rub", "Dia", "Tav", "Sto", "Dra", "Fro", "Lak", "Mem", "Ocs", "Fdr", "Wol", "Tre")
CARD_COLOUR_LETTERS = COLOUR_LETTERS + "-"  # the lake belongs to no colour
MOOD_NAMES = tuple(m.name.replace("_", " ").title() for m in Mood)
SIDE_NAMES = ("north", "east", "south", "west")
LINES_PER_CARD = 4
GEM_NAMES = tuple(g.name.lower() for g in Gem)
OGRE_NAMES = tuple(o.name.title() for o in Ogre)
SECRET_NAMES = tuple(s.name.replace("_", " ").title() for s in Secret)
CELL_VERBS = {
    DecisionKind.AMBUSH_CELL: "ambush (clear every dwarf from)",
    DecisionKind.BRUTE_CELL: "brute an enemy dwarf on",
    DecisionKind.BRUTE_OWN: "swap in your dwarf from",
    DecisionKind.PANIC_CELL: "panic a dwarf on",
    DecisionKind.PANIC_DEST: "send the panicked dwarf to",
    DecisionKind.RESOLVE_TASK: "complete the task of",
    DecisionKind.DIG_STACK: "dig the stack on",
    DecisionKind.TROLL_DEST: "move the troll to",
    DecisionKind.MEMORIAL_CARD: "let the memorial turn",
    DecisionKind.TUNNEL_DEST: "tunnel the dwarf to",
    DecisionKind.WARRIOR_DEST: "push the enemy meeple to",
    DecisionKind.WRECKING_CELL: "wreck (clear and dig)",
}
SEAT_VERBS = {
    DecisionKind.BRUTE_SEAT: "swap the dwarf of",
    DecisionKind.PANIC_SEAT: "move the dwarf of",
    DecisionKind.THIEF_SEAT: "steal a random gem from",
    DecisionKind.CROWN_SEAT: "take every ogre card of",
    DecisionKind.WARRIOR_SEAT: "push a meeple of",
    DecisionKind.OGRE_KING_SEAT: "send home a meeple of",
}


def card_name(packed: int) -> str:
    """``"red gold mine"`` for a packed layer."""
    colour = LAYER_COLOUR[packed]
    name = ALL_KINDS[LAYER_KIND[packed]].name
    return f"{Colour(colour).name.lower()} {name}" if colour < len(Colour) else f"the {name}"


def where(state, cell: int) -> str:
    """The card on ``cell`` and the cell's name."""
    top = state.top[cell]
    return f"{card_name(top)} at {cell_name(cell)}" if top >= 0 else f"empty {cell_name(cell)}"


def goal_text(goal: int) -> str:
    """A trading goal's cost and VP."""
    g = TRADING_GOALS[goal]
    cost = " + ".join(f"{k} {GEM_NAMES[i]}" for i, k in enumerate(g.cost) if k)
    if g.monsters:  # a dragon egg (The Empires)
        return f"dragon egg #{goal} ({cost} + {g.monsters} defeated monster for {g.vp} VP)"
    return f"trading goal #{goal} ({cost} for {g.vp} VP)"


def describe_action(state, action: int, viewer: int | None = None) -> str:
    """Meaning of ``action`` in the pending decision (every index; the same for every viewer)."""
    layout = state.game.action_layout
    d = layout.decode(action)
    pending = state.pending
    kind = DecisionKind(pending.kind) if pending else None
    player = pending.player if pending else state.turn_player
    n = state.game.num_players
    f = d.family
    if f in ROYAL_FAMILIES or kind == DecisionKind.STORE_TRADE:
        return _royal_action(state, d, pending)
    if f in EMPIRE_FAMILIES or (kind == DecisionKind.POWER_GEM and f == Family.END):
        return _empire_action(state, d, pending)
    if kind == DecisionKind.TROLL_DENY:
        you = pending.player if viewer is None else viewer
        played, target = f"player {pending.data[1]}'s {OGRE_NAMES[pending.data[0]]}", _deny_target(state, pending, you)
        if f == Family.OGRE and d.arg == Ogre.TROLL_KING:
            return f"deny {played}{target} with {'your' if you == pending.player else 'a'} Troll King"
        if f == Family.END:
            return f"let {played} happen{target}"
    if f == Family.END:
        return "end the action phase"
    if f == Family.CARD:
        return f"play your {_slot_name(state, player, d.arg)} from hand"
    if f == Family.PLACE:
        if kind == DecisionKind.ROTATE_CARD:
            return f"turn {where(state, d.arg)} to {90 * d.arg2} degrees"
        what = _slot_name(state, player, pending.data[0]) if kind == DecisionKind.PLACE_CARD else "the card"
        onto = "stack on" if state.top[d.arg] >= 0 else "put on"
        return f"{onto} {where(state, d.arg)} the {what} turned {90 * d.arg2} degrees"
    if f == Family.DWARF:
        return f"place a dwarf on {where(state, d.arg)}"
    if f == Family.MOVE:
        return f"move a dwarf from {where(state, d.arg)} {SIDE_NAMES[d.arg2]}"
    if f == Family.OGRE:
        return f"play the ogre card {OGRE_NAMES[d.arg]}"
    if f == Family.CELL:
        return f"{CELL_VERBS.get(kind, 'choose')} {where(state, d.arg)}"
    if f == Family.SEAT:
        return f"{SEAT_VERBS.get(kind, 'choose')} player {(player + d.arg) % n}"
    if f == Family.GOAL:
        goal = state.trading_row[d.arg]
        return f"buy {goal_text(goal)}" if goal >= 0 else f"buy from empty slot {d.arg}"
    index = d.arg
    if index < NUM_GEMS:
        return f"discard a {GEM_NAMES[index]} gem"
    return f"discard the ogre card {OGRE_NAMES[index - NUM_GEMS]}"


ROYAL_FAMILIES = (Family.ROTATE, Family.TUNNEL, Family.HIRE, Family.TRADE_IN)
EMPIRE_FAMILIES = (Family.CLASS, Family.MEEPLE, Family.ABILITY, Family.POWER, Family.GEM)
ABILITY_TEXTS = ("turn a gem into another with the alchemist", "push an enemy meeple with the warrior",
                 "send an enemy meeple home with the ogre king")
GEM_VERBS = {DecisionKind.ALCHEMY_GIVE: "turn your", DecisionKind.ALCHEMY_TAKE: "into a",
             DecisionKind.POWER_GEM: "take a", DecisionKind.FROZEN_GEM: "freeze your"}


def _deny_target(state, pending, you: int) -> str:
    """`` on <card> against player <seat>`` (``you`` for seat ``you``): what a Troll King may deny."""
    cell, seat = pending.data[3], pending.data[4]
    text = f" on {where(state, cell)}" if cell >= 0 else ""
    if seat >= 0:
        text += " against you" if seat == you else f" against player {seat}"
    return text


def _slot_name(state, p: int, slot: int) -> str:
    """Name of the kingdom card in ``slot`` of seat ``p``'s colour."""
    return ALL_KINDS[state.game.seat_kinds[p][slot]].name


def _empire_action(state, d, pending) -> str:
    """Texts of The Empires' families (and of END when picking gems)."""
    f = d.family
    kind = DecisionKind(pending.kind) if pending else None
    if f == Family.CLASS:
        return f"buy the {CLASSES[d.arg].name} (one action and its gems)"
    if f == Family.MEEPLE:
        return "send a plain meeple" if d.arg == 0 else f"send your {CLASSES[d.arg - 1].name}"
    if f == Family.ABILITY:
        return f"{ABILITY_TEXTS[d.arg]} (one action)"
    if f == Family.POWER:
        return f"use your race's free action ({POWER_NAMES[state.game.races[state.turn_player]]})"
    if f == Family.END:
        return "take no more gems"
    return f"{GEM_VERBS.get(kind, 'choose a')} {GEM_NAMES[d.arg]}"


def _royal_action(state, d, pending) -> str:
    """Texts of the Royal Decrees families (and of END when trading in)."""
    f = d.family
    if f == Family.ROTATE:
        return f"turn {where(state, d.arg)} (Fortress, one action)"
    if f == Family.TUNNEL:
        return f"send a dwarf through the tunnels from {where(state, d.arg)} (one action)"
    if f == Family.HIRE:
        return f"discard the ogre card {OGRE_NAMES[d.arg]} for one more action (Hired Hands)"
    if f == Family.TRADE_IN:
        return f"trade in your {goal_text(d.arg)}"
    if f == Family.END:
        return "buy it with gems alone"
    return f"(no meaning in {DecisionKind(pending.kind).name.lower()})"


def _cell_lines(state, cell: int) -> tuple[str, str, str, str]:
    top = state.top[cell]
    if top < 0:
        return "       ", "   .   ", "       ", "       "
    walls = LAYER_WALLS[top]
    north = "#######" if walls & 1 else "+-----+"
    south = "#######" if walls >> 2 & 1 else "+-----+"
    west = "#" if walls >> 3 & 1 else "|"
    east = "#" if walls >> 1 & 1 else "|"
    label = f"{KIND_LABEL[LAYER_KIND[top]]}{CARD_COLOUR_LETTERS[LAYER_COLOUR[top]]}{len(state.stacks[cell])}"
    if state.game.trolls and cell == state.troll_cell:  # the troll, drawn on the north edge
        north = north[:3] + "T" + north[4:]
    n = state.game.num_players
    colours = state.game.colours
    marks = "".join(COLOUR_LETTERS[colours[p]] * state.dwarfs_of(p, cell) for p in range(n))
    marks += "." * (SPOTS[LAYER_KIND[top]] - len(marks))
    return north, f"{west}{label:<5}{east}", f"{west}{marks:<5}{east}", south


def render_mat(state) -> list[str]:
    """Lines drawing the game mat (4 text lines per row of cards)."""
    lines = ["    " + "".join(f"   {chr(97 + c)}   " for c in range(GRID_SIZE))]
    for row in range(GRID_SIZE):
        cells = [_cell_lines(state, row * GRID_SIZE + col) for col in range(GRID_SIZE)]
        for part in range(LINES_PER_CARD):
            prefix = f" {row + 1}  " if part == 1 else "    "
            lines.append(prefix + "".join(c[part] for c in cells))
    return lines


def stage_text(state) -> str:
    """``round 3, player 1 to play, actions used 1/3`` or ``GAME OVER after round 15``."""
    if state.finished:
        return f"GAME OVER after round {state.round}"
    return (f"round {state.round}, player {state.turn_player} to play, actions used "
            f"{state.actions_used}/{state.action_limit(state.turn_player)}"
            + (" (last round)" if state.end_triggered else ""))


def render_text(state, seat: int | None = None) -> str:
    """The whole table as text: public information, plus ``seat``'s own view of the hidden cards."""
    n = state.game.num_players
    row = ", ".join(goal_text(g) if g >= 0 else "-" for g in state.trading_row)
    lines = [
        f"Dwar7s Fall - {stage_text(state)}",
        f"trading goals: {row} | deck {len(state.trading_deck)}",
        "gem piles: " + ", ".join(f"{GEM_NAMES[g]} {state.gem_pile[g]}" for g in range(NUM_GEMS))
        + f" | ogre deck {len(state.ogre_deck)}, discards {state.ogre_discard}",
    ]
    if state.pending is not None:
        lines.append(f"deciding: player {state.pending.player} - {state.decision_name()}")
    if state.game.royal:
        from gnome_envs.dwarfs_fall.decrees import SCENARIO_NAMES, Decree

        decrees = ", ".join(d.name.lower() for d in Decree if state.decree(d))
        scenario = SCENARIO_NAMES[state.scenario] if state.scenario >= 0 else "no scenario"
        lines.append(f"royal decrees ({scenario}): {decrees}; axe: player "
                     f"{state.first_player}{' (night)' if state.night else ''}")
    if state.game.trolls:
        lines.append(
            f"troll: on {where(state, state.troll_cell)} (T on the mat), mood {MOOD_NAMES[state.mood_deck[0]]}, "
            f"toll {state.toll}/{MOOD_TRACK[state.mood_deck[0]]}, toll paid this turn: {state.toll_paid}, "
            f"roaming deck {len(state.roaming_deck)}")
    lines += [_player_line(state, p, seat) for p in range(n)]
    lines += render_mat(state)
    return "\n".join(lines)


def _empire_line(state, p: int) -> str:
    """The Empires: race, class pieces (where they are) and stolen pouches."""
    owned = []
    for c in range(NUM_CLASSES):
        where = state.pieces[p * NUM_CLASSES + c]
        if where != NOT_OWNED:
            owned.append(f"{CLASSES[c].name} {'pile' if where == IN_PILE else cell_name(where)}")
    return (f", race {RACE_NAMES[state.game.races[p]]}, classes [{', '.join(owned) or '-'}], "
            f"pouches {state.pouches[p]}")


def _cards(counts, names) -> str:
    return ", ".join(f"{k} {names[t]}" for t, k in enumerate(counts) if k) or "none"


def _player_line(state, p: int, seat: int | None) -> str:
    """One seat's table: public facts; its hidden cards only for itself, bounds for others (R12)."""
    revealed = state.secret_revealed[p]
    slots = state.game.seat_kinds[p]
    hand = " ".join(KIND_LABEL[slots[k]] for k in state.in_hand_kinds(p)) or "-"
    public_vp = state.score_of(p) - sum(a * b for a, b in zip(state.gems.of(p), GEM_VP))
    line = (f"player {p} ({Colour(state.game.colours[p]).name.lower()}): {public_vp} VP on the table, goals {state.goals(p)}, "
            f"pile {state.pile[p]}, hand [{hand}], {state.gems.size(p)} gems, {state.ogres.size(p)} ogre cards, "
            f"monsters {len(state.defeated[p])}, secret "
            + (f"{SECRET_NAMES[state.secret[p]]} (revealed, {state.game.secret_vp[state.secret[p]]} VP)" if revealed else "hidden")
            + f", trading goals {list(state.trading_won[p])}, kingdom {state.kingdom_size(p)} cards / "
            f"{state.kingdom_vp(p)} VP")
    if state.game.empires:
        line += _empire_line(state, p)
    if seat is None:
        return line
    if seat == p:
        gems = state.gems.of(p)
        return (line + f" | yours: gems {_cards(gems, GEM_NAMES)} ({sum(a * b for a, b in zip(gems, GEM_VP))} VP), "
                f"ogres {_cards(state.ogres.of(p), OGRE_NAMES)}, secret {SECRET_NAMES[state.secret[p]]}, "
                f"{state.score_of(p)} VP")
    return (line + f" | you know: gems at least {_cards(state.gems.bounds(seat, p), GEM_NAMES)}, "
            f"ogres at least {_cards(state.ogres.bounds(seat, p), OGRE_NAMES)}")


__all__ = ["card_name", "describe_action", "goal_text", "render_mat", "render_text", "stage_text", "where"]
