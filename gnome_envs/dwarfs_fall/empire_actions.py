"""The Empires as decisions: class meeples, their abilities, the races' free actions, Wrecking Ball.

Action-phase families: CLASS (buy a class, an action), ABILITY (use a class ability, an action)
and POWER (the race's free action, once a turn). Decisions: ``MEEPLE_TYPE`` (which meeple a
placement or a move takes), ``WARRIOR_SEAT``/``WARRIOR_DEST``, ``OGRE_KING_SEAT``,
``ALCHEMY_GIVE``/``ALCHEMY_TAKE``, ``POWER_GEM`` (monster scales, pawnbroker; END stops),
and ``FROZEN_GEM`` (the Wrecking Ball is with the other ogre cards in ``ogres``). Clause numbers (X...) refer to ``seeds/dwarfs_fall.md``.
"""

from __future__ import annotations

from gnome_envs.dwarfs_fall.actions import ActionLayout, Decoded, Family
from gnome_envs.dwarfs_fall.board import LINKS, SPOTS_OF_LAYER
from gnome_envs.dwarfs_fall.components import GEM_VP, NUM_GEMS, Gem
from gnome_envs.dwarfs_fall.empires import pay_monsters, piece_cell, thievery
from gnome_envs.dwarfs_fall.ogres import enemies_at
from gnome_envs.dwarfs_fall.pending import (
    DECISIONS,
    Decision,
    DecisionKind,
    DecisionRule,
    offer,
)
from gnome_envs.dwarfs_fall.races import (
    ALCHEMY_FORBIDDEN,
    CLASSES,
    FREE_PLACING,
    IN_PILE,
    NOT_OWNED,
    NUM_CLASSES,
    PAWN_LIMIT,
    RACE_CLASSES,
    RACE_POWER,
    SCALES_BUDGET,
    Ability,
    Class,
    Power,
    class_cost,
)
from gnome_envs.dwarfs_fall.royal import placed_dwarf
from gnome_envs.dwarfs_fall.state import DwarfsFallState

PLACING, MOVING = 0, 1  # what a MEEPLE_TYPE decision is about
DIAMOND = int(Gem.DIAMOND)


def _layout(state: DwarfsFallState) -> ActionLayout:
    return state.game.action_layout


def _seat(state: DwarfsFallState, p: int, offset: int) -> int:
    return (p + offset) % state.game.num_players


def _offset(state: DwarfsFallState, p: int, q: int) -> int:
    return (q - p) % state.game.num_players


# ---------------------------------------------------------------------------- placing and moving (X5.8)
def placeable_types(state: DwarfsFallState, p: int, can_act: bool) -> list[int]:
    """Meeples seat ``p`` may place from its pile now: -1 a plain one (an action), or a class
    piece (an action, or free for the king, ogre king and dragon)."""
    out = [-1] if can_act and state.plain_in_pile(p) else []
    return out + [c for c in state.pieces_at(p, IN_PILE) if can_act or FREE_PLACING[c]]


def free_piece_in_pile(state: DwarfsFallState, p: int) -> bool:
    """Whether seat ``p``'s pile holds a class meeple placed without an action."""
    base = p * NUM_CLASSES
    pieces = state.pieces
    return IN_PILE in pieces[base:base + NUM_CLASSES] and any(
        FREE_PLACING[c] and pieces[base + c] == IN_PILE for c in range(NUM_CLASSES))


def place(state: DwarfsFallState, p: int, cell: int, can_act: bool) -> None:
    """The DWARF action: a plain meeple goes, or the player picks which (MEEPLE_TYPE)."""
    base = p * NUM_CLASSES
    if IN_PILE not in state.pieces[base:base + NUM_CLASSES]:  # no class meeple in the pile
        put(state, p, cell, -1)
        return
    types = placeable_types(state, p, can_act)
    if types == [-1]:
        put(state, p, cell, -1)
    else:
        offer(state, DecisionKind.MEEPLE_TYPE, p, (PLACING, cell, tuple(types)))


def put(state: DwarfsFallState, p: int, cell: int, piece: int) -> None:
    """A meeple leaves the pile for ``cell``; it costs an action unless it places freely."""
    state.place_from_pile(p, cell, piece)
    if piece < 0 or not FREE_PLACING[piece]:
        state.actions_used += 1
    if state.game.royal:
        placed_dwarf(state, cell)


def move(state: DwarfsFallState, p: int, src: int, dst: int) -> None:
    """The MOVE action: the only kind of meeple there goes, or the player picks (MEEPLE_TYPE)."""
    base = p * NUM_CLASSES
    if src not in state.pieces[base:base + NUM_CLASSES]:  # only plain meeples there
        state.move_meeple(p, src, dst, -1)
        state.actions_used += 1
        return
    pieces = state.pieces_at(p, src)
    types = ([-1] if state.plain_at(p, src) else []) + pieces
    if len(types) == 1:
        state.move_meeple(p, src, dst, types[0])
        state.actions_used += 1
    else:
        offer(state, DecisionKind.MEEPLE_TYPE, p, (MOVING, src, tuple(types), dst))


def _meeple_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.meeple(t) for t in data[2]]


def _meeple(state: DwarfsFallState, d: Decision, action: int) -> None:
    piece = _layout(state).decode(action).arg - 1
    if d.data[0] == PLACING:
        put(state, d.player, d.data[1], piece)
    else:
        state.move_meeple(d.player, d.data[1], d.data[3], piece)
        state.actions_used += 1


# ---------------------------------------------------------------------------- the action phase
def extra_actions(state: DwarfsFallState, p: int, can_act: bool) -> list[int]:
    """CLASS and ABILITY actions (when an action is left) and the race's POWER (free, once a turn)."""
    layout = _layout(state)
    legal: list[int] = []
    if can_act:
        if state.gems.sizes[p]:  # every class costs gems
            legal += [layout.buy_class(c) for c in buyable(state, p)]
        base = p * NUM_CLASSES
        if state.pieces[base:base + NUM_CLASSES].count(NOT_OWNED) < NUM_CLASSES:
            legal += [layout.ability(a) for a in usable_abilities(state, p)]
    if not state.power_used and power_ready(state, p):
        legal.append(layout.power())
    return legal


def buyable(state: DwarfsFallState, p: int) -> list[int]:
    """X5.1: classes of seat ``p``'s race it does not own yet and can pay for (an upgrade also
    needs a plain meeple in the pile)."""
    race = state.game.races[p]
    gems = state.gems.of(p)
    pieces, base = state.pieces, p * NUM_CLASSES
    plain = None  # plain meeples in the pile, counted once if needed
    out = []
    for c in RACE_CLASSES[race]:
        if pieces[base + c] != NOT_OWNED:  # (piece_cell)
            continue
        if not CLASSES[c].extra:
            if plain is None:
                plain = state.plain_in_pile(p)
            if not plain:
                continue
        if all(h >= k for h, k in zip(gems, class_cost(race, c))):
            out.append(c)
    return out


def buy(state: DwarfsFallState, p: int, cls: int) -> None:
    """X5.1: pay the gems and an action; an upgrade swaps a plain meeple of the pile, an extra
    class meeple joins the pile."""
    for gem, k in enumerate(class_cost(state.game.races[p], cls)):
        if k:
            state.gems.lose(p, gem, k)
            state.gem_pile[gem] += k
    state.pieces[p * NUM_CLASSES + cls] = IN_PILE
    if CLASSES[cls].extra:
        state.meeples[p] += 1
        state.pile[p] += 1
    state.actions_used += 1
    state.touch(p)


def alchemy_pairs(state: DwarfsFallState, p: int) -> list[tuple[int, int]]:
    """X5.2: (gem given, gem taken) pairs the alchemist may make."""
    gems = state.gems.of(p)
    pile = state.gem_pile
    return [(g, t) for g in range(NUM_GEMS) if gems[g] for t in range(NUM_GEMS)
            if t != g and pile[t] and (g, t) not in ALCHEMY_FORBIDDEN]


def push_targets(state: DwarfsFallState, p: int) -> tuple[list[int], list[int]]:
    """X5.3: (enemy seats on the warrior's card, connected neighbouring cards with room)."""
    cell = piece_cell(state, p, Class.WARRIOR)
    if cell < 0:
        return [], []
    enemies = enemies_at(state, p, cell)
    if not enemies:
        return [], []
    passable, top, crowd = state.regions.passable[cell], state.top, state.crowd
    dests = [nb for bit, nb, _, _ in LINKS[cell] if passable & bit and crowd[nb] < SPOTS_OF_LAYER[top[nb]]]
    return (enemies, sorted(dests)) if dests else ([], [])


def usable_abilities(state: DwarfsFallState, p: int) -> list[int]:
    """Class abilities seat ``p`` can use now (each costs an action)."""
    base = p * NUM_CLASSES
    if state.pieces[base:base + NUM_CLASSES].count(NOT_OWNED) == NUM_CLASSES:
        return []
    out = []
    if piece_cell(state, p, Class.ALCHEMIST) != NOT_OWNED and alchemy_pairs(state, p):
        out.append(Ability.ALCHEMY)
    if push_targets(state, p)[0]:
        out.append(Ability.WARRIOR_PUSH)
    king = piece_cell(state, p, Class.OGRE_KING)
    if king >= 0 and enemies_at(state, p, king):
        out.append(Ability.OGRE_KING_DISCARD)
    return out


def power_ready(state: DwarfsFallState, p: int) -> bool:
    """Whether seat ``p``'s race has a free action with a use now (X3.4, X4.4, X4.7)."""
    power = RACE_POWER.get(state.game.races[p])
    pile = state.gem_pile
    if power == Power.MONSTER_SCALES:
        ok = bool(state.defeated[p]) and any(pile)
    elif power == Power.PAWNBROKER:
        ok = state.pouches[p] > 0 and any(pile[g] and GEM_VP[g] <= min(state.pouches[p], PAWN_LIMIT) for g in range(NUM_GEMS))
    elif power == Power.FROZEN_HEART:
        gems = state.gems.of(p)
        ok = bool(pile[DIAMOND]) and any(gems[g] for g in range(NUM_GEMS) if g != DIAMOND)
    else:
        ok = False
    return ok


def act(state: DwarfsFallState, p: int, decoded: Decoded) -> None:
    """Carry out an Empires action-phase family (CLASS, ABILITY, POWER)."""
    family = decoded.family
    if family == Family.CLASS:
        buy(state, p, decoded.arg)
    elif family == Family.ABILITY:
        state.actions_used += 1
        offer(state, ABILITY_DECISION[decoded.arg], p)
    else:
        state.power_used = True
        power = RACE_POWER[state.game.races[p]]
        if power == Power.FROZEN_HEART:
            offer(state, DecisionKind.FROZEN_GEM, p)
            return
        if power == Power.MONSTER_SCALES:  # X3.4: a defeated monster goes to the box
            pay_monsters(state, p, 1)
            budget = SCALES_BUDGET
        else:
            budget = min(state.pouches[p], PAWN_LIMIT)
        offer(state, DecisionKind.POWER_GEM, p, (power, budget))


ABILITY_DECISION = {Ability.ALCHEMY: DecisionKind.ALCHEMY_GIVE, Ability.WARRIOR_PUSH: DecisionKind.WARRIOR_SEAT,
                    Ability.OGRE_KING_DISCARD: DecisionKind.OGRE_KING_SEAT}


# ---------------------------------------------------------------------------- abilities (X5.2-X5.6)
def _give_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.gem(g) for g in sorted({g for g, _ in alchemy_pairs(state, p)})]


def _give(state: DwarfsFallState, d: Decision, action: int) -> None:
    offer(state, DecisionKind.ALCHEMY_TAKE, d.player, (_layout(state).decode(action).arg,))


def _take_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.gem(t) for g, t in alchemy_pairs(state, p) if g == data[0]]


def _take(state: DwarfsFallState, d: Decision, action: int) -> None:
    p, given, taken = d.player, d.data[0], _layout(state).decode(action).arg
    state.gems.lose(p, given, 1)
    state.gem_pile[given] += 1
    state.gem_pile[taken] -= 1
    state.gems.gain(p, taken, 1)


def _push_seat_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.seat(_offset(state, p, q)) for q in push_targets(state, p)[0]]


def _push_seat(state: DwarfsFallState, d: Decision, action: int) -> None:
    enemy = _seat(state, d.player, _layout(state).decode(action).arg)
    offer(state, DecisionKind.WARRIOR_DEST, d.player, (piece_cell(state, d.player, Class.WARRIOR), enemy))


def _push_dest_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    return [layout.cell(c) for c in push_targets(state, p)[1]]


def _push_dest(state: DwarfsFallState, d: Decision, action: int) -> None:
    cell, enemy = d.data
    state.move_meeple(enemy, cell, _layout(state).decode(action).arg)


def _king_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    cell = piece_cell(state, p, Class.OGRE_KING)
    return [layout.seat(_offset(state, p, q)) for q in enemies_at(state, p, cell)]


def _king(state: DwarfsFallState, d: Decision, action: int) -> None:
    """X5.6: a meeple on the ogre king's card goes home; an ogre seat takes a pouch (X4.3)."""
    p = d.player
    enemy = _seat(state, p, _layout(state).decode(action).arg)
    state.return_to_pile(enemy, piece_cell(state, p, Class.OGRE_KING), 1)
    thievery(state, p)


# ---------------------------------------------------------------------------- the races' free actions
def _power_gem_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    budget = data[1]
    return [layout.end()] + [layout.gem(g) for g in range(NUM_GEMS) if state.gem_pile[g] and GEM_VP[g] <= budget]


def _power_gem(state: DwarfsFallState, d: Decision, action: int) -> None:
    """X3.4, X4.4: take one gem and pay its VP from the budget (pouches go back to their pile)."""
    decoded = _layout(state).decode(action)
    if decoded.family == Family.END:
        return
    p, (power, budget) = d.player, d.data
    gem = decoded.arg
    state.gem_pile[gem] -= 1
    state.gems.gain(p, gem, 1)
    if power == Power.PAWNBROKER:
        state.pouches[p] -= GEM_VP[gem]
        state.pouch_pile += GEM_VP[gem]
        state.touch(p)
    budget -= GEM_VP[gem]
    if any(state.gem_pile[g] and GEM_VP[g] <= budget for g in range(NUM_GEMS)):
        offer(state, DecisionKind.POWER_GEM, p, (power, budget))


def _frozen_options(state: DwarfsFallState, p: int, data: tuple) -> list[int]:
    layout = _layout(state)
    gems = state.gems.of(p)
    return [layout.gem(g) for g in range(NUM_GEMS) if g != DIAMOND and gems[g]]


def _frozen(state: DwarfsFallState, d: Decision, action: int) -> None:
    """X4.7 Frozen Heart: one gem becomes a diamond."""
    p, gem = d.player, _layout(state).decode(action).arg
    state.gems.lose(p, gem, 1)
    state.gem_pile[gem] += 1
    state.gem_pile[DIAMOND] -= 1
    state.gems.gain(p, DIAMOND, 1)


DECISIONS.update({
    DecisionKind.MEEPLE_TYPE: DecisionRule(_meeple_options, _meeple),
    DecisionKind.WARRIOR_SEAT: DecisionRule(_push_seat_options, _push_seat),
    DecisionKind.WARRIOR_DEST: DecisionRule(_push_dest_options, _push_dest),
    DecisionKind.OGRE_KING_SEAT: DecisionRule(_king_options, _king),
    DecisionKind.ALCHEMY_GIVE: DecisionRule(_give_options, _give),
    DecisionKind.ALCHEMY_TAKE: DecisionRule(_take_options, _take),
    DecisionKind.POWER_GEM: DecisionRule(_power_gem_options, _power_gem),
    DecisionKind.FROZEN_GEM: DecisionRule(_frozen_options, _frozen),
})

__all__ = ["act", "buy", "buyable", "extra_actions", "free_piece_in_pile", "move", "place", "placeable_types",
           "power_ready", "put"]
