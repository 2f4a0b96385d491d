"""Build a Dwar7s Fall position from a readable description (for tests, puzzles, curricula).

The mat is a dict from cell names (``"d4"``: column a-h, row 1-8 from the top) to card tokens.
A card token is a colour letter (``B R G Y``, and The Empires' ``P O K``: purple elves, orange
ogres, black crystal dwarfs), a kind (``cas gol eme rub dia tav sto dra fro``; ``ocs`` the ogres'
castle, ``fdr`` forest dragon, ``wol`` big bad wolf, ``tre`` treant)
and an optional rotation in quarter turns clockwise: ``"Rgol/1"`` is the red gold mine turned
90 degrees. Stacks list their cards bottom to top joined by ``+``: ``"Bgol+Rgol/2"``.
Dwarfs are a dict from cell names to colour letters: ``{"d4": "BBY"}``. ``"Nmem"`` is a battle
memorial (Royal Decrees; name the slain monsters in ``defeated``).

Every card of a player's colour that is not on the mat (nor among ``defeated``) is in hand.
Gems are dealt from their piles in the open; ogre cards are dealt from the deck face down (only
their holder knows them). Unnamed trading goals form the deck; unnamed secret goals go to the
box. The position starts at the beginning of ``phase`` ("actions", "resolve", "discard" or
"end") of ``turn_player``'s turn; secret goals that are met are revealed at once (R9.2).

With ``expansions=("trolls_bridge",)`` the lake lies on d4 (leave that square out of ``mat``);
``troll`` names the troll's card, ``moods`` the mood deck from the current mood on (all four),
``toll`` the chip's step and ``roaming`` the roaming deck (top card last). With
``expansions=("royal_decrees",)`` ``decrees`` (``decrees.Decree`` values) replaces the
scenario's decrees; under Hard Workers the position starts at ``turn_player``'s morning, the
axe in its hands. With ``expansions=("empires",)`` (seats' colours follow ``races``)
``classes`` maps a seat to ``{class name: cell name or "pile"}`` (a class piece on a cell is one
of that seat's meeples named in ``dwarfs``) and ``pouches`` gives seats' stolen pouches.
The round so far counts as busy (a card was played), unless ``idle_round=True`` (R10.4).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gnome_envs.core.errors import ConfigError
from gnome_envs.dwarfs_fall.components import (
    BIG_BAD_WOLF,
    CASTLE_SLOT,
    COLOUR_LETTERS,
    FOREST_DRAGON,
    GEM_PILE,
    MEMORIAL_CODE,
    NUM_MOODS,
    NUM_ROAMING,
    NUM_ROTATIONS,
    OGRE_CASTLE,
    SLOT_KINDS,
    SPOTS,
    TRADING_ROW,
    TREANT,
    Kind,
    card_code,
    cell_index,
    layer,
)
from gnome_envs.dwarfs_fall.decrees import Decree, decree_mask, setup_decrees
from gnome_envs.dwarfs_fall.flow import completable  # noqa: F401  (registers the steps)
from gnome_envs.dwarfs_fall.game import make_game
from gnome_envs.dwarfs_fall.goals import check_secrets
from gnome_envs.dwarfs_fall.pending import Step, advance, push
from gnome_envs.dwarfs_fall.races import (
    CLASSES,
    IN_PILE,
    NUM_CLASSES,
    RACE_CLASSES,
    Class,
)

CLASS_NAMES = {c.name.lower(): int(c) for c in Class}
from gnome_envs.dwarfs_fall.state import DwarfsFallState
from gnome_envs.dwarfs_fall.troll import setup_troll

KIND_TOKENS = {"cas": Kind.CASTLE, "gol": Kind.GOLD_MINE, "eme": Kind.EMERALD_MINE, "rub": Kind.RUBY_MINE,
               "dia": Kind.DIAMOND_MINE, "tav": Kind.TAVERN, "sto": Kind.STORE, "dra": Kind.DRAGON,
               "fro": Kind.FROST_GIANT, "ocs": OGRE_CASTLE, "fdr": FOREST_DRAGON, "wol": BIG_BAD_WOLF,
               "tre": TREANT}
PILE = "pile"
PHASES = ("actions", "resolve", "discard", "end")
MEMORIAL_TOKEN = "Nmem"
PHASE_STEPS = (Step.ACTION_PHASE, Step.RESOLVE_PHASE, Step.DISCARD_PHASE, Step.END_TURN)


def parse_card(token: str) -> tuple[int, int, int]:
    """(colour, kind, rotation) of a card token such as ``"Rgol/1"``."""
    body, _, turn = token.strip().partition("/")
    if len(body) != 4 or body[0] not in COLOUR_LETTERS or body[1:] not in KIND_TOKENS:
        raise ConfigError(f"bad card token {token!r} (like 'Rgol' or 'Bcas/2')")
    rotation = int(turn) if turn else 0
    if not 0 <= rotation < NUM_ROTATIONS:
        raise ConfigError(f"bad rotation in {token!r}")
    return COLOUR_LETTERS.index(body[0]), int(KIND_TOKENS[body[1:]]), rotation


def build_position(
    num_players: int = 2,
    mat: Mapping[str, str] | None = None,
    *,
    dwarfs: Mapping[str, str] | None = None,
    gems: Mapping[int, Sequence[int]] | None = None,
    ogres: Mapping[int, Sequence[int]] | None = None,
    secrets: Sequence[int] | None = None,
    trading_row: Sequence[int] | None = None,
    trading_won: Mapping[int, Sequence[int]] | None = None,
    defeated: Mapping[int, Sequence[str]] | None = None,
    turn_player: int = 0,
    phase: str = "actions",
    actions_used: int = 0,
    round: int = 1,
    seed: int = 0,
    troll: str | None = None,
    decrees: Sequence[int] | None = None,
    moods: Sequence[int] | None = None,
    toll: int = 0,
    roaming: Sequence[int] | None = None,
    classes: Mapping[int, Mapping[str, str]] | None = None,
    pouches: Mapping[int, int] | None = None,
    idle_round: bool = False,
    **config: Any,
) -> DwarfsFallState:
    """A position at the start of ``phase`` of ``turn_player``'s turn (see the module docstring)."""
    config.setdefault("skip_forced", False)
    game = make_game(num_players=num_players, **config)
    state = DwarfsFallState(game, seed)
    if game.trolls:
        setup_troll(state)
    _lay_mat(state, mat or {})
    if game.trolls:
        _set_troll(state, troll, moods, toll, roaming)
    hard_workers = False
    if game.royal:
        setup_decrees(state, game.config.scenario)
        if decrees is not None:
            state.decree_mask = decree_mask(decrees)
        state.first_player = turn_player
        hard_workers = state.decree(Decree.HARD_WORKERS)
    for p, tokens in (defeated or {}).items():
        for token in tokens:
            colour, kind, _ = parse_card(token)
            state.defeated[p] = state.defeated[p] + (_take_from_hand(state, colour, kind)[2],)
    if classes or pouches:
        _buy_classes(state, classes or {}, pouches or {})
    _place_dwarfs(state, dwarfs or {})
    if classes:
        _place_classes(state, classes)
    _deal_gems(state, gems or {})
    _deal_ogres(state, ogres or {})
    _deal_goals(state, secrets, trading_row, trading_won or {})
    if phase not in PHASES:
        raise ConfigError(f"phase must be one of {PHASES}, got {phase!r}")
    state.turn_player, state.round, state.actions_used = turn_player, round, actions_used
    state.busy_round = not idle_round  # R10.4: has this round seen a card played or a task done?
    if hard_workers:  # D3: a round from the axe holder's morning (``phase`` must be "actions")
        state.round -= 1
        push(state, (Step.HW_ROUND, turn_player))
        check_secrets(state)
        advance(state)
        state.check_invariants()
        return state
    steps = PHASE_STEPS[PHASES.index(phase):]
    if game.trolls and Step.RESOLVE_PHASE in steps:  # T3.1: the troll may roam after resolving
        steps = steps[:-2] + (Step.TROLL_ROAM,) + steps[-2:]
    push(state, *[(step, turn_player) for step in steps])
    check_secrets(state)
    advance(state)
    state.check_invariants()
    return state


def _set_troll(state: DwarfsFallState, troll: str | None, moods: Sequence[int] | None, toll: int,
               roaming: Sequence[int] | None) -> None:
    """Troll's Bridge: where the troll stands, the mood deck, the toll chip, the roaming deck."""
    if troll is not None:
        state.troll_cell = cell_index(troll)
    if moods is not None:
        if sorted(moods) != list(range(NUM_MOODS)):
            raise ConfigError(f"moods must order all {NUM_MOODS} mood cards, got {moods}")
        state.mood_deck = list(moods)
    state.toll = toll
    if roaming is not None:
        if len(set(roaming)) != len(roaming) or not all(0 <= r < NUM_ROAMING for r in roaming):
            raise ConfigError(f"roaming cards named twice or unknown: {roaming}")
        state.roaming_deck = list(roaming)
        state.roaming_discard = sorted(set(range(NUM_ROAMING)) - set(roaming))


def _take_from_hand(state: DwarfsFallState, colour: int, kind: int) -> tuple[int, int, int]:
    """Take a card from its owner's hand: (seat, slot, card code)."""
    seat = state.game.colour_seat[colour]
    if seat < 0:
        raise ConfigError(f"colour {COLOUR_LETTERS[colour]} has no seat in this game")
    if kind not in SLOT_KINDS[colour]:
        raise ConfigError(f"colour {COLOUR_LETTERS[colour]} has no card of kind {kind}")
    slot = SLOT_KINDS[colour].index(kind)
    if not state.in_hand[seat] >> slot & 1:
        raise ConfigError(f"the {COLOUR_LETTERS[colour]} card of kind {kind} is used twice")
    state.in_hand[seat] &= ~(1 << slot)
    return seat, slot, card_code(colour, slot)


def _buy_classes(state: DwarfsFallState, classes: Mapping[int, Mapping[str, str]], pouches: Mapping[int, int]) -> None:
    """The Empires: class pieces owned (extra ones join the pile) and stolen pouches."""
    if not state.game.empires:
        raise ConfigError("classes and pouches need the 'empires' expansion")
    for p, owned in classes.items():
        for name in owned:
            if name not in CLASS_NAMES or CLASS_NAMES[name] not in RACE_CLASSES[state.game.races[p]]:
                raise ConfigError(f"seat {p} cannot own a {name!r}")
            cls = CLASS_NAMES[name]
            state.pieces[p * NUM_CLASSES + cls] = IN_PILE
            if CLASSES[cls].extra:
                state.meeples[p] += 1
                state.pile[p] += 1
    for p, k in pouches.items():
        state.pouches[p] += k
        state.pouch_pile -= k
        if state.pouch_pile < 0:
            raise ConfigError(f"more stolen pouches than the pile holds: {dict(pouches)}")


def _place_classes(state: DwarfsFallState, classes: Mapping[int, Mapping[str, str]]) -> None:
    for p, owned in classes.items():
        for name, where in owned.items():
            if where == PILE:
                continue
            cell = cell_index(where)
            if state.plain_at(p, cell) < 1:
                raise ConfigError(f"seat {p}'s {name} on {where} needs one of its meeples there (dwarfs)")
            state.pieces[p * NUM_CLASSES + CLASS_NAMES[name]] = cell


def _lay_mat(state: DwarfsFallState, mat: Mapping[str, str]) -> None:
    for name, tokens in mat.items():
        cell = cell_index(name)
        stack = []
        if tokens == MEMORIAL_TOKEN:  # Royal Decrees: a battle memorial (one per monster in ``defeated``)
            state.set_stack(cell, (layer(MEMORIAL_CODE, 0),))
            continue
        for token in tokens.split("+"):
            colour, kind, rotation = parse_card(token)
            seat, slot, code = _take_from_hand(state, colour, kind)
            stack.append(layer(code, rotation))
            if slot == CASTLE_SLOT:
                state.castle_cell[seat] = cell
        state.set_stack(cell, tuple(stack))


def _place_dwarfs(state: DwarfsFallState, dwarfs: Mapping[str, str]) -> None:
    for name, letters in dwarfs.items():
        cell = cell_index(name)
        kind = state.kind_at(cell)
        if kind < 0 or len(letters) > SPOTS[kind]:
            raise ConfigError(f"{name}: {len(letters)} dwarfs do not fit there")
        for letter in letters:
            p = state.game.colour_seat[COLOUR_LETTERS.index(letter)]
            if p < 0 or state.pile[p] == 0:
                raise ConfigError(f"{name}: no {letter} dwarf left")
            state.place_from_pile(p, cell)


def _deal_gems(state: DwarfsFallState, gems: Mapping[int, Sequence[int]]) -> None:
    state.gem_pile = list(GEM_PILE)
    for p, counts in gems.items():
        for g, k in enumerate(counts):
            if k > state.gem_pile[g]:
                raise ConfigError(f"not enough gems of type {g} for seat {p}")
            state.gem_pile[g] -= k
            if k:
                state.gems.gain(p, g, k)


def _deal_ogres(state: DwarfsFallState, ogres: Mapping[int, Sequence[int]]) -> None:
    totals = state.game.ogre_counts
    deck = [k for k in range(len(totals)) for _ in range(totals[k])]
    for p, counts in ogres.items():
        for k, count in enumerate(counts):
            for _ in range(count):
                if k not in deck:
                    raise ConfigError(f"not enough ogre cards of kind {k} for seat {p}")
                deck.remove(k)
                state.ogres.gain(p, k, 1, seen_by=())
    state.rng.shuffle(deck)
    state.ogre_deck = deck


def _deal_goals(state: DwarfsFallState, secrets: Sequence[int] | None, row: Sequence[int] | None,
                won: Mapping[int, Sequence[int]]) -> None:
    n = state.game.num_players
    chosen = list(secrets) if secrets is not None else list(range(n))
    if len(chosen) != n or len(set(chosen)) != n or not all(0 <= s < state.game.num_secrets for s in chosen):
        raise ConfigError(f"secrets must name {n} different secret goals, got {chosen}")
    state.secret = chosen
    state.secret_box = sorted(set(range(state.game.num_secrets)) - set(chosen))
    used = [g for goals in won.values() for g in goals]
    face_up = list(row) if row is not None else [g for g in state.game.trading_goals if g not in used][:TRADING_ROW]
    named = used + [g for g in face_up if g >= 0]
    if len(set(named)) != len(named) or not all(g in state.game.trading_goals for g in named):
        raise ConfigError(f"trading goals named twice or unknown: {named}")
    for p, goals in won.items():
        state.trading_won[p] = tuple(goals)
    state.trading_row = face_up + [-1] * (TRADING_ROW - len(face_up))
    deck = [g for g in state.game.trading_goals if g not in named]
    state.rng.shuffle(deck)
    state.trading_deck = deck


__all__ = ["KIND_TOKENS", "build_position", "parse_card"]
