"""Build a Rise of the Gnomes position from a readable description (tests, puzzles, curricula).

The map starts as the seed's own setup; ``tiles`` overrides positions by name (``DK``,
``g1``-``g6``, ``y1``-``y12``, ``r1``-``r18``, see ``components.position_name``)::

    tiles={"g1": "PL/L", "y3": "SE", "r2": "?LA"}   # type[/icon]; a leading ? keeps it face down

Each override takes a physical tile of that type (and icon, if given) from the box or from a
position not named in ``tiles`` (swapping the two), so the 43 tiles stay conserved. ``pieces`` puts cubes and breweries on the map, ``(cubes,
breweries)`` per owner (a seat, or ``"G"`` for the Gnomes)::

    pieces={"g1": {0: (3, 1), "G": (2, 0)}}

Counts on the boards follow (breweries come off a board top-down, so the boxes they leave
empty are the first ones). Brewers not in hand (``brewers``) stand on the owner's Brew Beer
space, as do those not claiming an action card space in ``claims`` ({(display position,
space): seat}). The position starts at ``phase`` ("allies", "placement", "cards",
"gnomes", "score", "reset" or "none") of ``turn``; ``queue`` adds tasks to run first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gnome_envs.core.errors import ConfigError
from gnome_envs.rise_of_the_gnomes import board
from gnome_envs.rise_of_the_gnomes.cards import (
    ALLIES,
    JUDGES,
    MAX_CARD_SPACES,
    NUM_GNOME_CARDS,
)
from gnome_envs.rise_of_the_gnomes.components import (
    BOARD_UPGRADE_TOKENS,
    BOATS,
    BREWERY_BOXES,
    FLIP_TURN,
    ICON_CODES,
    NUM_POSITIONS,
    PHYSICAL_TILES,
    RACES,
    SUPPLY_UPGRADE_TOKENS,
    TYPE_CODES,
    PlayerSpace,
    TileType,
    Upgrade,
    position_name,
)
from gnome_envs.rise_of_the_gnomes.flow import clear_spaces, place_upgrade, setup
from gnome_envs.rise_of_the_gnomes.game import make_game
from gnome_envs.rise_of_the_gnomes.pending import Task, advance, push
from gnome_envs.rise_of_the_gnomes.state import OFF_BOARD, PROD_PREFIX, RiseState

POSITION = {position_name(pos): pos for pos in range(NUM_POSITIONS)}
PHASE_TASKS = ("allies", "placement", "cards", "gnomes", "score", "reset")
GNOMES = "G"


def pos_of(name: str | int) -> int:
    """A map position from its name (``"y3"``) or index."""
    if isinstance(name, int):
        return name
    if name not in POSITION:
        raise ConfigError(f"unknown map position {name!r}")
    return POSITION[name]


def race_id(name: str) -> int:
    """Race id from its name (case-insensitive)."""
    for race in RACES:
        if race.name.lower() == name.lower():
            return race.race_id
    raise ConfigError(f"unknown race {name!r}")


def ally_id(name: str) -> int:
    """Allies card id from its name (case-insensitive)."""
    for ally in ALLIES:
        if ally.name.lower() == name.lower():
            return ally.ally_id
    raise ConfigError(f"unknown allies card {name!r}")


def judge_id(name: str) -> int:
    """Judge card id from its name (case-insensitive)."""
    for judge in JUDGES:
        if judge.name.lower() == name.lower():
            return judge.judge_id
    raise ConfigError(f"unknown judge {name!r}")


def build_position(
    num_players: int = 2,
    *,
    tiles: dict[str, str] | None = None,
    pieces: dict[str, dict[Any, tuple[int, int]]] | None = None,
    races: Sequence[str] | None = None,
    gold: Sequence[int] | None = None,
    beer: Sequence[int] | None = None,
    vp: Sequence[int] | None = None,
    production: Sequence[int] | None = None,
    upgrades: dict[int, Sequence[str]] | None = None,
    allies: dict[int, Sequence[str]] | None = None,
    judges: dict[int, Sequence[str]] | None = None,
    gnome_gold: int = 2,
    gnome_vp: int = 0,
    dragon: str | None = None,
    boats: Sequence[str] = (),
    turn: int = 1,
    phase: str = "placement",
    start_player: int = 0,
    action_display: Sequence[int] | None = None,
    gnome_deck_top: Sequence[int] = (),
    ally_deck_top: Sequence[int] = (),
    hands: dict[int, Sequence[int]] | None = None,
    brewers: Sequence[int] | None = None,
    claims: dict[tuple[int, int], int] | None = None,
    queue: Sequence[tuple] = (),
    seed: int = 0,
    **config: Any,
) -> RiseState:
    """A position at the start of ``phase`` of ``turn`` (see the module docstring)."""
    config.setdefault("skip_forced", False)
    game = make_game(num_players=num_players, **config)
    state = RiseState(game, seed)
    setup(state)  # a full random setup, then everything is overwritten
    state.tasks.clear()
    state.pending = None
    n = num_players
    _set_tiles(state, tiles or {})
    _set_players(state, races, gold, beer, vp)
    _set_pieces(state, pieces or {})
    _set_boards(state, production, upgrades or {}, allies or {}, judges or {})
    _set_map_extras(state, dragon, boats)
    state.g_gold, state.g_vp = gnome_gold, gnome_vp
    state.turn, state.start_player, state.first_player = turn, start_player, start_player
    _set_decks(state, action_display, gnome_deck_top, ally_deck_top, hands or {})
    if turn >= FLIP_TURN:
        state.brewers_owned = [o + r for o, r in zip(state.brewers_owned, state.brewer_reserve)]
        state.brewer_reserve = [0] * n
    clear_spaces(state)
    state.brewers = list(brewers) if brewers is not None else state.brewers_owned[:]
    for (d, space), seat in (claims or {}).items():
        state.card_spaces[d * MAX_CARD_SPACES + space] = seat
    for p in range(n):  # other brewers already out stand on the player's own Brew Beer oval
        out = state.brewers_owned[p] - state.brewers[p] - state.card_spaces.count(p)
        if out < 0:
            raise ConfigError(f"seat {p} has more brewers in hand and on cards than it owns")
        state.player_spaces[p * len(PlayerSpace) + PlayerSpace.BREW_BEER] = out
    _queue(state, phase, queue)
    state.touch_all()
    advance(state)
    state.check_invariants()
    return state


def _set_tiles(state: RiseState, tiles: dict[str, str]) -> None:
    for pos in {pos_of(name) for name in tiles}:
        if not state.game.in_play[pos]:
            raise ConfigError(f"position {position_name(pos)} is not in play for {state.n} players")
    pinned: set[int] = set()
    specs = sorted(tiles.items(), key=lambda item: "/" not in item[1])  # icons first
    for name, spec in specs:
        pos = pos_of(name)
        type_code, _, icon_code = spec.lstrip("?").partition("/")
        if type_code not in TYPE_CODES or (icon_code and icon_code not in ICON_CODES):
            raise ConfigError(f"bad tile {spec!r} for {name}")
        icon = ICON_CODES[icon_code] if icon_code else None
        _take_tile(state, pos, TYPE_CODES[type_code], icon, pinned)
        state.revealed[pos] = not spec.startswith("?")
        pinned.add(pos)
    state.touch_geometry()


def _take_tile(state: RiseState, pos: int, tile_type: int, icon: int | None, pinned: set[int]) -> None:
    matches = [t.tile_id for t in PHYSICAL_TILES if t.type == tile_type and icon in (None, t.icon)]
    if state.tile_phys[pos] in matches:
        return
    for tile_id in matches:
        if tile_id in state.unused_tiles:
            state.unused_tiles.remove(tile_id)
            state.unused_tiles.append(state.tile_phys[pos])
            state.unused_tiles.sort()
            _put(state, pos, tile_id)
            return
        where = state.tile_phys.index(tile_id)
        if where not in pinned:
            old = state.tile_phys[pos]
            _put(state, where, old)
            _put(state, pos, tile_id)
            return
    raise ConfigError(f"no free tile of type {tile_type} with icon {icon} for position {position_name(pos)}")


def _put(state: RiseState, pos: int, tile_id: int) -> None:
    tile = PHYSICAL_TILES[tile_id]
    state.tile_phys[pos] = tile_id
    state.tile_type[pos] = int(tile.type)
    state.tile_icon[pos] = int(tile.icon)


def _set_players(state: RiseState, races, gold, beer, vp) -> None:
    n = state.n
    chosen = [race_id(r) for r in races] if races is not None else [2 * p for p in range(n)]
    if len({RACES[r].colour for r in chosen}) != n:
        raise ConfigError("each seat needs a race of a different colour")
    state.race = chosen
    state.abilities = [0] * len(state.abilities)
    for p, r in enumerate(chosen):
        state.add_ability(p, RACES[r].ability)
    state.gold = list(gold) if gold is not None else [RACES[r].gold for r in chosen]
    state.beer = list(beer) if beer is not None else [RACES[r].beer for r in chosen]
    state.vp = list(vp) if vp is not None else [0] * n


def _owner(state: RiseState, key: Any) -> int:
    return state.n if key == GNOMES else int(key)


def _set_pieces(state: RiseState, pieces: dict[str, dict[Any, tuple[int, int]]]) -> None:
    s = state.owners
    state.cubes = bytearray(len(state.cubes))
    state.brews = bytearray(len(state.brews))
    for name, owners in pieces.items():
        pos = pos_of(name)
        for key, (cubes, brews) in owners.items():
            o = _owner(state, key)
            state.cubes[pos * s + o] = cubes
            state.brews[pos * s + o] = brews
    for o in range(s):
        cubes = sum(state.cubes[pos * s + o] for pos in range(NUM_POSITIONS))
        brews = sum(state.brews[pos * s + o] for pos in range(NUM_POSITIONS))
        if o == state.n:
            state.g_cubes_out, state.g_brews_out = cubes, brews
        else:
            state.cubes_out[o], state.brews_out[o] = cubes, brews
            state.tokens_used[o] = sum(1 << b for b in range(brews) if BREWERY_BOXES[b].upgrade_token)


def _set_boards(state: RiseState, production, upgrades, allies, judges) -> None:
    n = state.n
    state.upgrades = [0] * n
    state.prod_bonus = [0] * n
    for p, names in upgrades.items():
        for name in names:
            place_upgrade(state, p, int(Upgrade[name.upper()]))
    placed = sum(len(names) for names in upgrades.values())
    unreleased = sum(BOARD_UPGRADE_TOKENS - t.bit_count() for t in state.tokens_used)
    state.upgrade_supply = BOARD_UPGRADE_TOKENS * n + SUPPLY_UPGRADE_TOKENS - placed - unreleased
    if state.upgrade_supply < 0:
        raise ConfigError("more upgrade tokens placed than the game has")
    state.ally_deck += state.ally_row + [a for hand in state.allies for a in hand]
    state.ally_row, state.allies = [], [[] for _ in range(n)]
    for p, names in allies.items():
        for name in names:
            card = ally_id(name)
            state.ally_deck.remove(card)
            state.allies[p].append(card)
            if ALLIES[card].ability is not None:
                state.add_ability(p, ALLIES[card].ability)
    if production is not None:
        for p, value in enumerate(production):
            state.prod_bonus[p] = value - RACES[state.race[p]].production - PROD_PREFIX[state.brews_out[p]]
    _set_judges(state, judges)


def _set_judges(state: RiseState, judges: dict[int, Sequence[str]]) -> None:
    pool = sorted(state.judge_deck + state.judge_box + [j for hand in state.judges for j in hand]
                  + [j for hand in state.judge_hand for j in hand])
    state.judges = [[] for _ in range(state.n)]
    state.judge_hand = [[] for _ in range(state.n)]
    state.judge_box = []
    state.judge_discarded = [-1] * state.n
    for p, names in judges.items():
        state.judges[p] = sorted(judge_id(name) for name in names)
        for j in state.judges[p]:
            pool.remove(j)
    state.judge_deck = pool


def _set_map_extras(state: RiseState, dragon: str | None, boats: Sequence[str]) -> None:
    state.boats = [False] * NUM_POSITIONS
    for name in boats:
        state.boats[pos_of(name)] = True
    state.boat_supply = BOATS - len(boats)
    lair = [pos for pos in state.game.positions
            if state.tile_type[pos] == TileType.SEA_LAIR and state.revealed[pos]]
    state.dragon = pos_of(dragon) if dragon is not None else (lair[0] if lair else OFF_BOARD)
    state.touch_geometry()


def _set_decks(state: RiseState, display, gnome_top, ally_top, hands) -> None:
    if display is not None:
        cards = state.action_display + state.action_hidden
        state.action_display = list(display)
        state.action_hidden = sorted(c for c in cards if c not in display)
    deck = [c for c in range(NUM_GNOME_CARDS)
            if c not in gnome_top and not any(c in h for h in hands.values())]
    state.rng.shuffle(deck)
    state.gnome_deck = deck + list(reversed(gnome_top))
    state.gnome_discard = []
    state.hands = [list(hands.get(p, ())) for p in range(state.n)]
    for card in reversed(ally_top):
        state.ally_deck.remove(card)
        state.ally_deck.append(card)


def _queue(state: RiseState, phase: str, queue: Sequence[tuple]) -> None:
    if phase != "none" and phase not in PHASE_TASKS:
        raise ConfigError(f"phase must be one of {PHASE_TASKS} or 'none', got {phase!r}")
    steps = [(Task.ALLY_PHASE,), (Task.PLACE_NEXT, state.start_player, 0), (Task.CARD_PHASE,),
             (Task.GNOME_PHASE,), (Task.SCORE_PHASE,), (Task.RESET,)]
    later = [] if phase == "none" else steps[PHASE_TASKS.index(phase):]
    state.phase = 0 if phase == "none" else PHASE_TASKS.index(phase) + 1
    push(state, *queue, *later)
    board.bodies(state)
