"""Shared helpers of the Gnome Village rules tests (``seeds/gnome_village.md``).

Positions are drawn with ``gnome_envs.gnome_village.scenario.build_position`` (villages as rows
of tokens, see that module); decisions are played through the public engine API
(``legal_actions``, ``apply``, ``describe_action``, ``decision_name``). Cells are named like
``"d4"`` (column a-g, row 1-7 from the top); ``d4`` is the centre cell.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

import numpy as np

from gnome_envs.core.registry import make_game
from gnome_envs.gnome_village.actions import Family, SourceKind, WorkAction
from gnome_envs.gnome_village.components import (
    BUSINESS_TILES,
    CODE_HOUSE_ON,
    CODE_INFO,
    FOREST_CARDS,
    NUM_CELLS,
    ROAD_SHAPES,
    TOTAL_COINS,
    BusinessAction,
    BusinessIcon,
    ForestKind,
    TileKind,
    WorkshopType,
    cell_name,
)
from gnome_envs.gnome_village.pending import DecisionKind
from gnome_envs.gnome_village.scenario import build_position, business_id, cell_index
from gnome_envs.gnome_village.state import NOT_PLACED, GnomeStatus

ENV_ID = "gnome_village_v1"
P, C, S, G = (int(t) for t in WorkshopType)  # painter, carpenter, school, gardener
MAX_STEPS = 5000

__all__ = [
    "BUSINESS_TILES",
    "ENV_ID",
    "B",
    "BusinessAction",
    "BusinessIcon",
    "C",
    "DecisionKind",
    "Family",
    "ForestKind",
    "G",
    "GnomeStatus",
    "P",
    "S",
    "SourceKind",
    "WorkAction",
    "WorkshopType",
    "act",
    "biz",
    "build",
    "card",
    "cell",
    "cell_name",
    "choose",
    "coins_card",
    "complies",
    "conservation_problems",
    "decision",
    "fresh",
    "full_village",
    "gnome_cells",
    "layout",
    "legal_cells",
    "legal_opp_cells",
    "legal_opponents",
    "legal_places",
    "play_until",
    "prefer_pass",
    "quiet_cards",
    "random_game",
    "rule_problems",
    "tile_at",
    "workshop_active",
]


# ---------------------------------------------------------------------------- building
def build(villages, num_players: int | None = None, **kwargs):
    """``build_position`` with villages given as a list or dict (every decision visible)."""
    if not isinstance(villages, dict):
        villages = dict(enumerate(villages))
    n = num_players if num_players is not None else len(villages)
    return build_position(n, villages, **kwargs)


def fresh(seed: int = 0, **config):
    """A fresh game after ``new_state`` (setup decisions visible unless skip_forced)."""
    config.setdefault("num_players", 2)
    return make_game(ENV_ID, **config).new_state(seed)


def cell(name) -> int:
    """Cell index of ``"d4"`` (or an index)."""
    return cell_index(name)


def biz(name: str) -> int:
    """Business tile id by the start of its name."""
    return business_id(name)


def B(name: str) -> str:
    """Village token of the business called exactly ``name`` (``"B16"`` for the Goldsmith)."""
    hits = [t.tile_id for t in BUSINESS_TILES if t.name == name]
    assert len(hits) == 1, f"no business called {name!r}"
    return f"B{hits[0]}"


def card(kind: ForestKind, *, icons: Iterable[int] | None = None, coins: int | None = None,
         all_players: bool = False) -> int:
    """Id of the first forest card of that design (the engine's card table, O6)."""
    for card_id, c in enumerate(FOREST_CARDS):
        if c.kind != kind or c.all_players != all_players:
            continue
        if icons is not None and tuple(sorted(c.icons)) != tuple(sorted(int(i) for i in icons)):
            continue
        if coins is not None and c.coins != coins:
            continue
        return card_id
    raise LookupError(f"no forest card {kind.name} icons={icons} coins={coins} all={all_players}")


def coins_card(amount: int = 1, all_players: bool = False) -> int:
    """A Coins card (no decision): keeps scripted turns free of forest decisions."""
    return card(ForestKind.COINS, coins=amount, all_players=all_players)


def quiet_cards(count: int) -> list[int]:
    """``count`` distinct one-player Coins cards (forest_top must not repeat a card id)."""
    ids = [i for i, c in enumerate(FOREST_CARDS) if c.kind == ForestKind.COINS and not c.all_players]
    assert count <= len(ids)
    return ids[:count]


# ---------------------------------------------------------------------------- reading
def layout(state):
    """The flat action layout of ``state``'s game."""
    return state.game.action_layout


def decision(state) -> str:
    """Name of the pending decision."""
    return state.decision_name()


def _decoded(state):
    lay = layout(state)
    return [(a, lay.decode(a)) for a in state.legal_actions()]




def legal_cells(state) -> set[str]:
    """Names of the own-village cells among the legal actions (CELL family)."""
    return {cell_name(d.arg) for _, d in _decoded(state) if d.family == Family.CELL}


def legal_places(state) -> set[tuple[str, int]]:
    """(cell name, rotation) of the legal PLACE actions."""
    return {(cell_name(d.arg), d.arg2) for _, d in _decoded(state) if d.family == Family.PLACE}


def legal_opp_cells(state) -> set[tuple[int, str]]:
    """(seat offset, cell name) of the legal OPP_CELL actions."""
    return {(d.arg, cell_name(d.arg2)) for _, d in _decoded(state) if d.family == Family.OPP_CELL}


def legal_opponents(state) -> set[int]:
    """Seat offsets of the legal OPPONENT actions."""
    return {d.arg for _, d in _decoded(state) if d.family == Family.OPPONENT}


def tile_at(state, seat: int, name) -> int:
    """Tile code on a cell."""
    return state.grid[seat][cell(name)]


def workshop_active(state, seat: int, name) -> bool:
    """Whether the workshop on ``name`` is on its active side."""
    info = CODE_INFO[tile_at(state, seat, name)]
    assert info.kind == TileKind.WORKSHOP, f"no workshop on {name}"
    return info.flag


def gnome_cells(state, seat: int) -> list[tuple[int, str, str]]:
    """(village, cell name, status name) of every placed gnome of ``seat``, sorted."""
    out = []
    for i in state.gnome_range(seat):
        if state.g_village[i] != NOT_PLACED:
            out.append((state.g_village[i], cell_name(state.g_cell[i]),
                        GnomeStatus(state.g_status[i]).name.lower()))
    return sorted(out)








# ---------------------------------------------------------------------------- playing
def act(state, action: int, expect: str | None = None) -> None:
    """Apply ``action``, first checking the pending decision is ``expect``."""
    if expect is not None:
        assert decision(state) == expect, f"expected decision {expect!r}, pending {decision(state)!r}"
    assert action in state.legal_actions(), (
        f"{action} ({state.describe_action(action)}) is not legal in {decision(state)}: "
        f"{[state.describe_action(a) for a in state.legal_actions()]}"
    )
    state.apply(action)


def choose(state, fragment: str, expect: str | None = None) -> None:
    """Apply the one legal action whose description contains ``fragment``."""
    if expect is not None:
        assert decision(state) == expect, f"expected decision {expect!r}, pending {decision(state)!r}"
    texts = {a: state.describe_action(a) for a in state.legal_actions()}
    hits = [a for a, text in texts.items() if fragment in text]
    assert len(hits) == 1, f"{fragment!r} matches {len(hits)} of {list(texts.values())}"
    state.apply(hits[0])


def prefer_pass(state) -> int:
    """PASS when legal, otherwise the first legal action."""
    legal = state.legal_actions()
    p = layout(state).pass_()
    return p if p in legal else legal[0]


def play_until(state, done: Callable, policy: Callable = prefer_pass, limit: int = 400) -> None:
    """Apply ``policy`` actions until ``done(state)`` holds (fails after ``limit`` steps)."""
    for _ in range(limit):
        if done(state):
            return
        assert not state.is_terminal(), "the game ended before the awaited point"
        state.apply(policy(state))
    raise AssertionError("the awaited point was not reached")


def random_game(state, rng: np.random.Generator, after: Callable | None = None) -> int:
    """Play random legal actions to the end; ``after(state)`` runs after each step."""
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, f"no legal action in {decision(state)}"
        state.apply(legal[rng.integers(len(legal))])
        steps += 1
        assert steps < MAX_STEPS, "a random game did not end"
        if after is not None:
            after(state)
    return steps


# ---------------------------------------------------------------------------- conservation (R1.1)
def conservation_problems(state) -> list[str]:
    """Independent recount of every component (R1.1, R1.2, R1.3): a list of what is off."""
    game = state.game
    n = game.num_players
    cfg = game.config
    out = []
    if state.bank + sum(state.coins) != TOTAL_COINS or min(state.coins) < 0 or state.bank < 0:
        out.append(f"coins: bank {state.bank} + players {state.coins} != {TOTAL_COINS}")
    for kind in range(4):
        held = sum(state.products[p][kind] for p in range(n))
        if held + state.product_supply[kind] != 2 or state.product_supply[kind] < 0:
            out.append(f"product {kind}: supply {state.product_supply[kind]} + held {held} != 2")
    codes = [c for grid in state.grid for c in grid if c]
    if state.hand:
        codes.append(state.hand)
    kinds = Counter(CODE_INFO[c].kind for c in codes)
    roads = Counter(CODE_INFO[c].sub for c in codes if CODE_INFO[c].kind == TileKind.ROAD)
    roads.update(state.road_stack)
    for p in range(n):
        roads[0] += state.setup_hand[p][0]
        roads[1] += state.setup_hand[p][1]
    for shape, info in enumerate(ROAD_SHAPES):
        if roads[shape] != info.count:
            out.append(f"road shape {info.name}: {roads[shape]} != {info.count}")
    houses = kinds[TileKind.HOUSE] + state.house_supply + sum(h[2] for h in state.setup_hand)
    if houses != 5 * n:
        out.append(f"houses {houses} != {5 * n}")
    per_type = {2: 3, 3: 4, 4: 5}[n]
    for kind in range(4):
        placed = sum(1 for c in codes if CODE_INFO[c].kind == TileKind.WORKSHOP and CODE_INFO[c].sub == kind)
        if placed + state.workshop_supply[kind] != per_type:
            out.append(f"workshops of type {kind}: {placed} + {state.workshop_supply[kind]} != {per_type}")
    businesses = [CODE_INFO[c].sub for c in codes if CODE_INFO[c].kind == TileKind.BUSINESS]
    businesses += list(state.business_stack) + [t for t in state.display if t >= 0] + list(state.business_discard)
    expected = sorted(t.tile_id for t in BUSINESS_TILES if cfg.deluxe or not t.deluxe)
    if sorted(businesses) != expected:
        out.append(f"business tiles {sorted(businesses)} != {expected}")
    if sorted(state.forest_deck + state.forest_discard) != list(range(45)):
        out.append("forest cards are not exactly the 45")
    per_colour = 4 if cfg.children else 5
    if len(state.g_village) != n * per_colour:
        out.append(f"{len(state.g_village)} gnomes for {n} colours of {per_colour}")
    for p in range(n):
        placed = sum(1 for i in state.gnome_range(p) if state.g_village[i] != NOT_PLACED)
        lit = sum(1 for c in state.grid[p] if c == CODE_HOUSE_ON)
        if placed != lit:
            out.append(f"seat {p}: {placed} gnomes placed but {lit} lit houses (O12)")
    if not -1 <= state.happy < n:
        out.append(f"the Happy Gnome is with seat {state.happy}")
    return out


def full_village(tokens: list[str]) -> str:
    """A village drawing from up to 49 tokens in row-major order (missing ones empty)."""
    tokens = tokens + ["."] * (NUM_CELLS - len(tokens))
    return "\n".join(" ".join(tokens[r * 7:(r + 1) * 7]) for r in range(7))


def complies(grid: list[int]) -> bool:
    """R3.2 written out independently: every building borders a road path facing it, every
    road borders a tile, all tiles form one orthogonally connected group."""
    tiles = [c for c in range(NUM_CELLS) if grid[c]]
    if not tiles:
        return False

    def neighbours(c):
        r, k = divmod(c, 7)
        for d, (dr, dk) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
            if 0 <= r + dr < 7 and 0 <= k + dk < 7:
                yield d, (r + dr) * 7 + k + dk

    for c in tiles:
        info = CODE_INFO[grid[c]]
        if info.kind == TileKind.ROAD:
            if not any(grid[n] for _, n in neighbours(c)):
                return False
        elif not any(CODE_INFO[grid[n]].kind == TileKind.ROAD and CODE_INFO[grid[n]].arm_group[(d + 2) % 4] >= 0
                     for d, n in neighbours(c)):
            return False
    seen = {tiles[0]}
    stack = [tiles[0]]
    while stack:
        c = stack.pop()
        for _, n in neighbours(c):
            if grid[n] and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(tiles)


def rule_problems(state) -> list[str]:
    """Independent checks of standing rules on a position: R3.2 (or a recorded gap, R5.2),
    R3.5, R9.3, O12, O19, R13.2 and where each kind of gnome may stand."""
    n = state.game.num_players
    out = []
    for p in range(n):
        grid = state.grid[p]
        if state.turn_number > 0 and not complies(grid) and not state.holes[p]:
            out.append(f"seat {p}: village breaks R3.2 without a gap")
        houses = sum(1 for c in grid if c and CODE_INFO[c].kind == TileKind.HOUSE)
        if houses > 5:
            out.append(f"seat {p}: {houses} houses (R3.5)")
    hats = [sum(1 for c in state.grid[p] if c and CODE_INFO[c].kind == TileKind.BUSINESS
                and BUSINESS_TILES[CODE_INFO[c].sub].icon == BusinessIcon.HAT) for p in range(n)]
    best = max(hats)
    if best > 0 and hats.count(best) == 1 and state.happy != hats.index(best):
        out.append(f"Happy Gnome with {state.happy}, hats {hats} (R9.3)")
    if state.happy >= 0 and hats[state.happy] == 0:
        out.append(f"Happy Gnome with {state.happy} who has no hat (R9.3)")
    on_workplace = Counter()
    prisoners = Counter()
    for i in range(len(state.g_village)):
        v = state.g_village[i]
        if v == NOT_PLACED:
            continue
        owner = i // state.gnomes_per_colour
        code = state.grid[v][state.g_cell[i]]
        status = GnomeStatus(state.g_status[i])
        info = CODE_INFO[code]
        where = f"gnome {i} of seat {owner} ({status.name}) on village {v} {cell_name(state.g_cell[i])}"
        if not code or info.kind == TileKind.ROAD:
            out.append(f"{where}: not on a building")
            continue
        if status in (GnomeStatus.FREE, GnomeStatus.RESTING) and v != owner:
            out.append(f"{where}: outside its village")
        if status == GnomeStatus.RESTING and state.g_cell[i] != state.g_home[i]:
            out.append(f"{where}: rests away from its house (O12)")
        if info.kind == TileKind.HOUSE and state.g_cell[i] != state.g_home[i]:
            out.append(f"{where}: on a house that is not its own (O12)")
        workplace = info.kind in (TileKind.WORKSHOP, TileKind.BUSINESS)
        if status == GnomeStatus.ABROAD and (v == owner or not workplace):
            out.append(f"{where}: a visitor must be on another village's workplace")
        if status in (GnomeStatus.CHAPEL, GnomeStatus.PRISON):
            wanted = BusinessAction.CHAPEL if status == GnomeStatus.CHAPEL else BusinessAction.PRISON
            if info.kind != TileKind.BUSINESS or BUSINESS_TILES[info.sub].action != wanted:
                out.append(f"{where}: not held on a {wanted.name}")
            if status == GnomeStatus.PRISON:
                prisoners[(v, state.g_cell[i])] += 1
        if status in (GnomeStatus.FREE, GnomeStatus.ABROAD) and workplace:
            on_workplace[(owner, v, state.g_cell[i])] += 1
    out += [f"two gnomes of seat {k[0]} share a workplace {k}" for k, c in on_workplace.items() if c > 1]
    out += [f"a Prison holds {c} gnomes (R13.2)" for c in prisoners.values() if c > 1]
    return out
