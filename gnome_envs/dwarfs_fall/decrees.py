"""Royal Decrees (D1-D15): the scenarios, the decrees they name, and the decrees' own rules.

State (only in Royal Decrees games): ``scenario``, ``decree_mask`` (bit ``d`` for decree ``d``),
``bonus_actions`` (Hired Hands), ``placed_cells`` (Crazy Balloonists: cards a dwarf from the
pile went to this turn), ``monster_played`` (per seat, Dragon King), ``first_player`` and
``night`` (Hard Workers). Most decrees are hooks in the core modules guarded by
``state.decree(d)``; the decisions they add live here: ``ROTATE_CARD`` (Fortress, a memorial),
``MEMORIAL_CARD`` (which empty card a memorial turns), ``TUNNEL_DEST`` (Hidden Tunnels) and
``STORE_TRADE`` (Charming Merchants). Clause numbers refer to ``seeds/dwarfs_fall.md``.
"""

from __future__ import annotations

from enum import IntEnum

from gnome_envs.dwarfs_fall.components import (
    ALL_KINDS,
    DISTINCT_ROTATIONS,
    IS_MONSTER,
    LAYER_KIND,
    MONSTER_VP,
    NUM_CELLS,
    NUM_LAYERS,
    Job,
    Kind,
    layer,
    layer_code,
    layer_rotation,
)
from gnome_envs.dwarfs_fall.board import SPOTS_OF_LAYER
from gnome_envs.dwarfs_fall.empires import can_complete, frost_voids_mines, party_bonus


class Decree(IntEnum):
    """The thirteen royal decrees."""

    HARD_WORKERS = 0
    DWARFS_WAY = 1
    CHARMING_MERCHANTS = 2
    FORTRESS = 3
    BEAST_HUNTERS = 4
    BATTLE_MEMORIAL = 5
    HIRED_HANDS = 6
    CRAZY_BALLOONISTS = 7
    GREEDY_LANDLORDS = 8
    BAR_FIGHTS = 9
    DRAGON_KING = 10
    HIGH_HO = 11
    HIDDEN_TUNNELS = 12


NUM_DECREES = len(Decree)
DRAGON_KING, GREEDY_LANDLORDS = int(Decree.DRAGON_KING), int(Decree.GREEDY_LANDLORDS)  # (plain ints: read often)
DRAGON_KING_BIT, GREEDY_LANDLORDS_BIT = 1 << DRAGON_KING, 1 << GREEDY_LANDLORDS
D = Decree
_SIEGE = (D.FORTRESS, D.BATTLE_MEMORIAL, D.GREEDY_LANDLORDS)
_BLOODTHIRSTY = (D.BAR_FIGHTS, D.HIRED_HANDS, D.BEAST_HUNTERS, D.BATTLE_MEMORIAL)
_CHAOS = (D.CRAZY_BALLOONISTS, D.DWARFS_WAY)
_DAMSEL = (D.DRAGON_KING, D.CHARMING_MERCHANTS) + _CHAOS  # "Dwarf Merchants" is Charming Merchants (O41)
FORTUNE_TELLER_DRAWS = 3
SCENARIOS: dict[str, tuple[Decree, ...]] = {  # D1.2; Fortune Teller draws its decrees (D1.3)
    "fortune_teller": (),
    "bloodthirsty": _BLOODTHIRSTY,
    "chaos_control": _CHAOS,
    "siege": _SIEGE,
    "axe_gospel": (D.HARD_WORKERS, D.CHARMING_MERCHANTS, D.GREEDY_LANDLORDS),
    "damsel_in_distress": _DAMSEL,
    "lords_of_the_arena": (D.HIDDEN_TUNNELS,) + _SIEGE + _BLOODTHIRSTY + _DAMSEL,
}
SCENARIO_NAMES = tuple(SCENARIOS)
NUM_SCENARIOS = len(SCENARIO_NAMES)
NO_SCENARIO = -1  # decrees in force without a scenario (crystal dwarfs' Frost Invasion, X4.6)
HIGH_HO_ACTIONS = 1  # D13: actions per turn instead of three
MIN_MONSTER_DWARFS = 3  # D6: Experienced Beast Hunters never go below three
BAR_FIGHT_DWARFS = 3  # D11: dwarfs on a tavern for two ogre cards
BAR_FIGHT_OGRES = 2
MINE_KINDS = frozenset(k for k, info in enumerate(ALL_KINDS) if info.job == Job.MINE)
DRAGON = int(Kind.DRAGON)
LAYER_MINE = tuple(LAYER_KIND[packed] in MINE_KINDS for packed in range(NUM_LAYERS))  # per packed layer


def decree_mask(decrees) -> int:
    """Bit mask of a collection of decrees."""
    mask = 0
    for d in decrees:
        mask |= 1 << int(d)
    return mask


def setup_decrees(state, scenario: str | None) -> None:
    """D1.1: the scenario (named in config or drawn at random) and its decrees."""
    rng = state.rng
    if state.game.royal_decrees:
        if scenario is None:
            scenario = SCENARIO_NAMES[int(rng.integers(NUM_SCENARIOS))]
        decrees = SCENARIOS[scenario]
        if not decrees:  # D1.3: Fortune Teller
            decrees = tuple(int(d) for d in sorted(rng.choice(NUM_DECREES, FORTUNE_TELLER_DRAWS, replace=False)))
        state.scenario = SCENARIO_NAMES.index(scenario)
    else:  # no Royal Decrees: crystal dwarfs' Frost Invasion (X4.6) and the High Ho switch (D13.2) alone
        decrees = ()
        state.scenario = NO_SCENARIO
    if state.game.crystal:  # X4.6: crystal dwarfs always bring Frost Invasion
        decrees = tuple(decrees) + (Decree.DRAGON_KING,)
    if state.game.config.high_ho:  # D13.2: the switch for big tables
        decrees = tuple(decrees) + (Decree.HIGH_HO,)
    n = state.game.num_players
    state.decree_mask = decree_mask(decrees)
    state.bonus_actions = 0
    state.placed_cells = ()
    state.monster_played = [False] * n
    state.first_player = 0
    state.night = False


# ---------------------------------------------------------------------------- rules as queries
def monster_required(state, p: int) -> int:
    """D6: dwarfs seat ``p`` needs on a monster (five, one fewer per monster it defeated, at least three)."""
    return max(MIN_MONSTER_DWARFS, ALL_KINDS[DRAGON].required - len(state.defeated[p]))


def may_place_on(state, p: int, cell: int) -> bool:
    """D4: with Fortress, dwarfs from the pile go only into one's own kingdom or into no kingdom."""
    region = state.region_at(cell)
    return not region.castles or state.game.colours[p] in region.castles


def fortress_cells(state, p: int, cells: tuple[int, ...] | list[int]) -> list[int]:
    """The ``cells`` Fortress lets seat ``p`` place a dwarf on (``may_place_on`` for many cells;
    the last answer for a tuple ``cells`` is kept, for the same regions, seat and tuple)."""
    regions = state.regions
    cached = state._fortress
    if cached[0] is not regions:  # per seat, per region: whether its dwarfs may go there
        colours = state.game.colours
        cached = (regions, tuple(
            tuple(not r.castles or colour in r.castles for r in regions.regions) for colour in colours), None, -1, ())
    elif cached[2] is cells and cached[3] == p:
        return list(cached[4])
    allowed = cached[1][p]
    region_of = regions.region_of
    out = [c for c in cells if allowed[region_of[c]]]
    if type(cells) is tuple:  # (a list could change under the same identity)
        cached = (regions, cached[1], cells, p, tuple(out))
    state._fortress = cached
    return out


def rotatable(state) -> list[int]:
    """Cards with no meeple on them (no dwarf, not the troll) that another turn would change (D4.2)."""
    top, crowd = state.top, state.crowd
    troll = state.troll_cell if state.game.trolls else -1
    return [c for c in state.regions.occupied
            if not crowd[c] and c != troll and len(DISTINCT_ROTATIONS[layer_code(top[c])]) > 1]


def rotations_of(state, cell: int) -> list[int]:
    """The turns the card on ``cell`` may be given (its distinct wall patterns but the current one)."""
    packed = state.top[cell]
    current = layer_rotation(packed)
    code = layer_code(packed)
    from gnome_envs.dwarfs_fall.components import WALLS

    return [r for r in DISTINCT_ROTATIONS[code] if WALLS[code][r] != WALLS[code][current]]


def rotate(state, cell: int, rotation: int) -> None:
    """The top card of ``cell`` is turned to ``rotation`` (the cards beneath stay as they are)."""
    stack = state.stacks[cell]
    state.set_stack(cell, stack[:-1] + (layer(layer_code(stack[-1]), rotation),))


def tunnel_sources(state, p: int) -> list[int]:
    """D14: mines holding one of seat ``p``'s dwarfs, if some other mine can take it."""
    top = state.top
    held = [c for c in state._seat_cells[p] if LAYER_MINE[top[c]]]  # (the cells holding its dwarfs, in order)
    if not held:
        return held
    crowd = state.crowd
    target = -1  # the one mine with a free spot found so far
    for c in _safe_mines(state):
        if crowd[c] < SPOTS_OF_LAYER[top[c]]:
            if target >= 0:  # two targets: every held mine can send to one that is not itself
                return held
            target = c
    if target < 0:
        return []
    return [c for c in held if c != target]


def _safe_mines(state) -> tuple[int, ...]:
    """The mines on the mat whose region holds no dragon, in cell order (found again only when
    the regions change)."""
    regions = state.regions
    cached = state._mines
    if cached[0] is not regions:
        top, found, region_of = state.top, regions.regions, regions.region_of
        cached = state._mines = (regions, tuple(
            c for c in regions.occupied if LAYER_MINE[top[c]] and not found[region_of[c]].dragon))
    return cached[1]


def tunnel_targets(state, src: int) -> list[int]:
    """D14: other mines with a free spot whose region holds no dragon."""
    top, crowd = state.top, state.crowd
    return [c for c in _safe_mines(state) if c != src and crowd[c] < SPOTS_OF_LAYER[top[c]]]


def kingdom_score(state, p: int) -> int:
    """D10, D9: kingdom VP without mines in a monster's region, split among the castles sharing it."""
    k = state.kingdom(p)
    if k is None:
        return 0
    vp = k.vp + party_bonus(state, p, k)  # X4.2: the ogres' party (0 for other races)
    decrees = state.decree_mask  # (a Royal Decrees game: ``state.decree`` inlined)
    if decrees & DRAGON_KING_BIT and frost_voids_mines(state, p, k):
        vp -= sum(ALL_KINDS[LAYER_KIND[state.top[c]]].vp for c in k.cells
                  if LAYER_KIND[state.top[c]] in MINE_KINDS)
    if decrees & GREEDY_LANDLORDS_BIT:
        vp //= len(k.castles)
    return vp


def full_and_idle(state) -> list[int]:
    """D2: non-monster cards with every spot taken on which no player has a task to complete."""
    n = state.game.num_players
    able = can_complete if state.game.empires else _has_required
    out = []
    for c in state.regions.occupied:
        kind = LAYER_KIND[state.top[c]]
        if IS_MONSTER[kind] or state.crowd[c] < ALL_KINDS[kind].spots:
            continue
        if not any(able(state, c, q) for q in range(n)):
            out.append(c)
    return out


def _has_required(state, cell: int, p: int) -> bool:
    """Whether seat ``p`` has the dwarfs the task on ``cell`` needs (the core rule, R7.1)."""
    return state.dwarfs_of(p, cell) >= state.required_at(cell, p)


__all__ = [
    "BAR_FIGHT_DWARFS", "BAR_FIGHT_OGRES", "HIGH_HO_ACTIONS", "MINE_KINDS", "MONSTER_VP", "NUM_CELLS",
    "NUM_DECREES", "NUM_SCENARIOS", "SCENARIOS", "SCENARIO_NAMES", "Decree", "decree_mask", "full_and_idle",
    "kingdom_score", "may_place_on", "monster_required", "rotatable", "rotate", "rotations_of", "setup_decrees",
    "tunnel_sources", "tunnel_targets",
]
