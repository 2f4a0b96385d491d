"""Book actions, treasure chests, mighty gnomes, upgrades and the free actions.

Each effect is a plain function of the state and a seat; effects that need a choice offer a
decision (registered here) or queue a task. Clause numbers refer to ``seeds/mighty_gnomes.md``.
"""

from __future__ import annotations

from functools import cache

from gnome_envs.mighty_gnomes.actions import (
    BASIC_PAIRS,
    LAYOUTS,
    AlchemyTrade,
    Family,
    MagicTrade,
)
from gnome_envs.mighty_gnomes.components import (
    ALCHEMIST_COINS,
    CHEST_DRAW,
    CHESTS,
    GNOME_COST,
    GREEN_THUMB_GAIN,
    HARD_WORKING_GAIN,
    KEY_KRAFTER_KEYS,
    KEYHOLDER_KEYS,
    KEYS_PER_COLOUR,
    KNIGHT_STEPS,
    MAGIC_SAND,
    MAGIC_VP,
    MAGIC_WOOD,
    MAX_LEVEL,
    MONEY_COINS,
    NUM_BASIC,
    ONE_TIME_TYPES,
    ROBBER_COINS,
    SILVER_COST,
    TRACK_COST,
    TRACK_RESOURCE,
    TRACK_VP,
    TRAIL_LAST,
    VENTURE_STEPS,
    BookAction,
    Bundle,
    GnomeType,
    Res,
    Track,
)
from gnome_envs.mighty_gnomes.obs_updates import note_stack
from gnome_envs.mighty_gnomes.pending import (
    DECISIONS,
    TASKS,
    Decision,
    DecisionKind,
    DecisionRule,
    Task,
    offer,
    push,
)
from gnome_envs.mighty_gnomes.state import CRYSTAL, MightyGnomesState

WOOD, SAND, MUSHROOM = int(Res.WOOD), int(Res.SAND), int(Res.MUSHROOM)
INVITE_PAY, INVITE_FREE = 0, 1  # how an invitation is paid (decision data)
NOTHING = Bundle()
PAIR = 2  # basic resources converted at once
PAIR_CAPS = (PAIR,) * NUM_BASIC  # a held count above two changes no conversion
WAREHOUSE = int(Track.WAREHOUSE)
TRACK_PRICES = tuple((int(t), int(TRACK_RESOURCE[t]), TRACK_COST[t]) for t in Track)  # track, resource, cost by level


def add(a: Bundle, b: Bundle) -> Bundle:
    """The sum of two bundles."""
    return Bundle(a.coins + b.coins, tuple(x + y for x, y in zip(a.res, b.res)))


@cache
def invite_cost(before: Bundle, kind: int) -> Bundle:
    """``before`` plus the cost of a mighty gnome of ``kind`` (the last card too, R10.2)."""
    return add(before, GNOME_COST[kind])


# ---------------------------------------------------------------------------- mighty gnomes (R10)
def gnome_cost(state: MightyGnomesState, slot: int) -> Bundle:
    """What inviting from stack ``slot`` costs: its type's cost, the last card too (R10.2)."""
    return GNOME_COST[state.gnome_types[slot]]


def invite_slots(state: MightyGnomesState, p: int, how: int, before: Bundle = NOTHING) -> list[int]:
    """Stacks seat ``p`` can invite from (capacity, cards left, cost after paying ``before``)."""
    if len(state.gnomes[p]) >= state.gnome_capacity(p):
        return []
    slots = [s for s, left in enumerate(state.stack) if left > 0]
    if how == INVITE_FREE:
        return slots if state.can_pay(p, before) else []
    kinds = state.gnome_types
    return [s for s in slots if state.can_pay(p, invite_cost(before, kinds[s]))]


def _invite_options(state: MightyGnomesState, p: int, data: tuple) -> list[int]:
    base = LAYOUTS[state.game.num_players].base[Family.GNOME]
    return [base + s for s in invite_slots(state, p, data[0])]


def _invite(state: MightyGnomesState, d: Decision, action: int) -> None:
    """R10.1-R10.2: pay (unless free), seat the gnome in the next slot, trigger its ability."""
    p = d.player
    slot = LAYOUTS[state.game.num_players].decode(action).arg
    if d.data[0] == INVITE_PAY:
        state.pay(p, gnome_cost(state, slot))
    state.stack[slot] -= 1
    note_stack(state, slot)
    kind = state.gnome_types[slot]
    state.gnomes[p].append(kind)
    state.gnome_used[p].append(False)
    state.touch(p)
    if kind in ONE_TIME_TYPES or kind == GnomeType.DRUID:
        push(state, (Task.ABILITY, p, kind))


def _ability(state: MightyGnomesState, p: int, kind: int) -> None:
    """R10.3-R10.10: the immediate abilities (run again by Refresh Spirit, R9.11)."""
    if kind == GnomeType.ROBBER:
        state.gain_coins(p, ROBBER_COINS)
    elif kind == GnomeType.KNIGHT:
        push(state, (Task.MOVE, p, KNIGHT_STEPS))
    elif kind == GnomeType.KEYHOLDER:
        state.gain_keys(p, KEYHOLDER_KEYS)
    elif kind == GnomeType.BANDITO:
        push(state, (Task.DRAW_KEEP, p))
    elif kind == GnomeType.FARMER:
        push(state, (Task.UPGRADE, p, True))
    elif kind == GnomeType.DRUID:
        state.druid_tiles[p] += 1
        state.touch(p)


def ability_can_act(state: MightyGnomesState, p: int, kind: int) -> bool:
    """Whether running the one-time ability of ``kind`` again would do something for ``p``."""
    if kind == GnomeType.KNIGHT:
        return state.trail[p] < TRAIL_LAST
    if kind == GnomeType.KEYHOLDER:
        return state.keys[p] < KEYS_PER_COLOUR
    if kind == GnomeType.BANDITO:
        return bool(state.chest_bag)
    if kind == GnomeType.FARMER:
        return bool(upgrade_tracks(state, p, True))
    return kind == GnomeType.ROBBER


def refresh_targets(state: MightyGnomesState, p: int) -> list[int]:
    """Stack slots of seat ``p``'s gnomes whose one-time ability can run again usefully (R9.11)."""
    return [s for s, kind in enumerate(state.gnome_types)
            if kind in ONE_TIME_TYPES and kind in state.gnomes[p] and ability_can_act(state, p, kind)]


def _refresh_options(state: MightyGnomesState, p: int, data: tuple) -> list[int]:
    base = LAYOUTS[state.game.num_players].base[Family.GNOME]
    return [base + s for s in refresh_targets(state, p)]


def _refresh(state: MightyGnomesState, d: Decision, action: int) -> None:
    slot = LAYOUTS[state.game.num_players].decode(action).arg
    push(state, (Task.ABILITY, d.player, state.gnome_types[slot]))


# ---------------------------------------------------------------------------- upgrades (R8.3)
def upgrade_tracks(state: MightyGnomesState, p: int, free: bool) -> list[int]:
    """Tracks seat ``p`` can move its steward along (paying sand / wood unless free)."""
    held = state.res[p]
    out = []
    for track, resource, cost in TRACK_PRICES:
        level = state.warehouse[p] if track == WAREHOUSE else state.dining[p]
        if level < MAX_LEVEL and (free or held[resource] >= cost[level + 1]):
            out.append(track)
    return out


def _upgrade_options(state: MightyGnomesState, p: int, data: tuple) -> list[int]:
    base = LAYOUTS[state.game.num_players].base[Family.TRACK]
    return [base + t for t in upgrade_tracks(state, p, data[0])]


def _upgrade(state: MightyGnomesState, d: Decision, action: int) -> None:
    p = d.player
    track = Track(LAYOUTS[state.game.num_players].decode(action).arg)
    levels = state.warehouse if track == Track.WAREHOUSE else state.dining
    levels[p] += 1
    if not d.data[0]:
        state.spend_res(p, TRACK_RESOURCE[track], TRACK_COST[track][levels[p]])
    state.upgrades[p] += 1
    state.touch(p)
    state.gain_vp(p, TRACK_VP[track][levels[p]])


def _upgrade_task(state: MightyGnomesState, p: int, free: bool) -> None:
    offer(state, DecisionKind.UPGRADE, p, (free,))


# ---------------------------------------------------------------------------- chests (R12)
def open_effect(state: MightyGnomesState, p: int, kind: int) -> None:
    """The immediate reward of a chest of ``kind``."""
    chest = CHESTS[kind]
    if chest.vp:
        state.gain_vp(p, chest.vp)
    state.receive(p, chest.gain)
    for _ in range(chest.draw):
        drawn = state.draw_chest()
        if drawn >= 0:
            state.vault_closed(p, drawn)


def _draw_keep(state: MightyGnomesState, p: int) -> None:
    """R4.5: draw two chests, keep one face down, return the other (one left: keep it)."""
    drawn = [state.draw_chest() for _ in range(CHEST_DRAW)]
    drawn = [k for k in drawn if k >= 0]
    if len(drawn) == 1:
        state.vault_closed(p, drawn[0])
    elif drawn:
        state.drawn = drawn
        offer(state, DecisionKind.KEEP_CHEST, p)


def _keep_options(state: MightyGnomesState, p: int, data: tuple) -> list[int]:
    base = LAYOUTS[state.game.num_players].base[Family.CHEST_PICK]
    return [base + i for i in range(len(state.drawn))]


def _keep(state: MightyGnomesState, d: Decision, action: int) -> None:
    i = LAYOUTS[state.game.num_players].decode(action).arg
    drawn, state.drawn = state.drawn, []
    state.vault_closed(d.player, drawn[i])
    for j, kind in enumerate(drawn):
        if j != i:
            state.return_chest(kind)


def _treasure_options(state: MightyGnomesState, p: int, data: tuple) -> list[int]:
    base = LAYOUTS[state.game.num_players].base[Family.CHEST_PICK]
    return [base + i for i, kind in enumerate(state.chest_display) if kind >= 0]


def _treasure(state: MightyGnomesState, d: Decision, action: int) -> None:
    """R11.3: an open chest of the trail is used at once, then goes back into the bag."""
    i = LAYOUTS[state.game.num_players].decode(action).arg
    kind = state.chest_display[i]
    state.chest_display[i] = -1
    state.touch_table()
    open_effect(state, d.player, kind)
    state.return_chest(kind)


# ---------------------------------------------------------------------------- books (R9)
def book_usable(state: MightyGnomesState, p: int, action: BookAction) -> bool:
    """Whether seat ``p`` can pay for book ``action`` and it would do something."""
    cost = SILVER_COST.get(action)
    if cost is not None and not state.can_pay(p, cost):
        return False
    if action == BookAction.INVITE:
        return bool(invite_slots(state, p, INVITE_PAY))
    if action == BookAction.INVITE_FREE:
        return bool(invite_slots(state, p, INVITE_FREE, cost))
    if action == BookAction.INVITE_PAY:
        return bool(invite_slots(state, p, INVITE_PAY, cost))
    if action == BookAction.VENTURE:
        return state.trail[p] < TRAIL_LAST
    if action == BookAction.UPGRADE:
        return bool(upgrade_tracks(state, p, False))
    if action in (BookAction.SECRET, BookAction.KEY_KRAFTER):
        return state.keys[p] < KEYS_PER_COLOUR
    if action == BookAction.GREEN_THUMB:
        return bool(state.supply[MUSHROOM] or state.supply[Res.CHAMOMILE])
    if action == BookAction.HARD_WORKING:
        return bool(state.supply[WOOD] or state.supply[SAND])
    if action == BookAction.REFRESH_SPIRIT:
        return bool(refresh_targets(state, p))
    return True  # MONEY, SILVER_MONEY


def apply_book(state: MightyGnomesState, p: int, action: BookAction) -> None:
    """Pay a silver book's cost and carry out the book's action."""
    cost = SILVER_COST.get(action)
    if cost is not None:
        state.pay(p, cost)
    if action in (BookAction.INVITE, BookAction.INVITE_PAY):
        offer(state, DecisionKind.INVITE, p, (INVITE_PAY,))
    elif action == BookAction.INVITE_FREE:
        offer(state, DecisionKind.INVITE, p, (INVITE_FREE,))
    elif action == BookAction.VENTURE:
        push(state, (Task.MOVE, p, VENTURE_STEPS))
    elif action == BookAction.UPGRADE:
        offer(state, DecisionKind.UPGRADE, p, (False,))
    elif action in (BookAction.MONEY, BookAction.SILVER_MONEY):
        state.gain_coins(p, MONEY_COINS)
    elif action == BookAction.SECRET:
        state.gain_keys(p, 1)
    elif action == BookAction.KEY_KRAFTER:
        state.gain_keys(p, KEY_KRAFTER_KEYS)
    elif action == BookAction.GREEN_THUMB:
        state.receive(p, GREEN_THUMB_GAIN)
    elif action == BookAction.HARD_WORKING:
        state.receive(p, HARD_WORKING_GAIN)
    else:  # REFRESH_SPIRIT
        offer(state, DecisionKind.REFRESH, p)


# ---------------------------------------------------------------------------- free actions (R7)
def _unused_card(state: MightyGnomesState, p: int, kind: GnomeType) -> int:
    for i, k in enumerate(state.gnomes[p]):
        if k == kind and not state.gnome_used[p][i]:
            return i
    return -1


def free_options(state: MightyGnomesState, p: int) -> list[int]:
    """Every free action seat ``p`` can take now (R7.1, R7.2, R10.3, R10.4)."""
    base = LAYOUTS[state.game.num_players].base
    out: list[int] = []
    if state.keys[p] and state.closed[p]:
        out += [base[Family.OPEN_CHEST] + k for k in dict.fromkeys(state.closed[p])]
    res = state.res[p]
    supply = state.supply
    if res[CRYSTAL]:
        out += [base[Family.CONVERT_CRYSTAL] + t for t in range(NUM_BASIC) if supply[t]]
    if res[0] + res[1] + res[2] + res[3] >= PAIR:
        held = tuple(map(min, res[:NUM_BASIC], PAIR_CAPS))
        out += pair_options(base[Family.CONVERT_PAIR], held, tuple(map(bool, supply[:NUM_BASIC])))
    if state.gnomes[p]:
        out += _gnome_trades(state, p, base)
    return out


@cache
def pair_options(pair_base: int, held: tuple[int, ...], supplied: tuple[bool, ...]) -> tuple[int, ...]:
    """Conversions of two basic resources into a third: ``held`` counts each basic resource up
    to two (all that matters), ``supplied`` says which the supply still has."""
    out: list[int] = []
    for i, (a, b) in enumerate(BASIC_PAIRS):
        if held[a] >= 1 + (a == b) and held[b]:
            out += [pair_base + i * NUM_BASIC + t for t in range(NUM_BASIC) if supplied[t] and t != a and t != b]
    return tuple(out)


def _gnome_trades(state: MightyGnomesState, p: int, base: tuple[int, ...]) -> list[int]:
    out = []
    res = state.res[p]
    if _unused_card(state, p, GnomeType.MAGIC) >= 0:
        if res[WOOD] >= MAGIC_WOOD:
            out.append(base[Family.MAGIC] + MagicTrade.WOOD)
        if res[SAND] >= MAGIC_SAND:
            out.append(base[Family.MAGIC] + MagicTrade.SAND)
    if _unused_card(state, p, GnomeType.ALCHEMIST) >= 0 and res[CRYSTAL]:
        out.append(base[Family.ALCHEMIST] + AlchemyTrade.COINS)
        if state.chest_bag:
            out.append(base[Family.ALCHEMIST] + AlchemyTrade.CHEST)
    return out


def apply_free(state: MightyGnomesState, p: int, family: Family, arg: int, arg2: int) -> None:
    """Carry out a free action (already known to be legal)."""
    if family == Family.OPEN_CHEST:
        state.keys[p] -= 1
        state.closed[p].remove(arg)
        state.opened[p].append(arg)
        state.opened[p].sort()
        state.touch(p)
        open_effect(state, p, arg)
    elif family == Family.CONVERT_CRYSTAL:
        state.spend_res(p, CRYSTAL)
        state.gain_res(p, arg)
    elif family == Family.CONVERT_PAIR:
        a, b = BASIC_PAIRS[arg]
        state.spend_res(p, a)
        state.spend_res(p, b)
        state.gain_res(p, arg2)
    elif family == Family.MAGIC:
        state.gnome_used[p][_unused_card(state, p, GnomeType.MAGIC)] = True
        state.touch(p)
        if arg == MagicTrade.WOOD:
            state.spend_res(p, WOOD, MAGIC_WOOD)
        else:
            state.spend_res(p, SAND, MAGIC_SAND)
        state.gain_vp(p, MAGIC_VP)
    else:  # ALCHEMIST
        state.gnome_used[p][_unused_card(state, p, GnomeType.ALCHEMIST)] = True
        state.touch(p)
        state.spend_res(p, CRYSTAL)
        if arg == AlchemyTrade.COINS:
            state.gain_coins(p, ALCHEMIST_COINS)
        else:
            state.vault_closed(p, state.draw_chest())


DECISIONS.update({
    DecisionKind.INVITE: DecisionRule(_invite_options, _invite),
    DecisionKind.UPGRADE: DecisionRule(_upgrade_options, _upgrade),
    DecisionKind.KEEP_CHEST: DecisionRule(_keep_options, _keep),
    DecisionKind.TREASURE: DecisionRule(_treasure_options, _treasure),
    DecisionKind.REFRESH: DecisionRule(_refresh_options, _refresh),
})
TASKS.update({
    Task.ABILITY: _ability,
    Task.DRAW_KEEP: _draw_keep,
    Task.UPGRADE: _upgrade_task,
})
