"""``describe_action(action, viewer=seat)`` never names a card hidden from ``viewer`` (issue 15 §5).

Random games run through each engine; before every move the names of the cards and tokens
hidden from each other seat are read from the state (other seats' judges, drawn or closed
chests, hands, secret goals, face-down stacks), less those the move itself turns face up and
those visible on the public table (``render_text()``). The text for every other seat names
none of them, while the full-information text and the actor's own text do name the hidden
card whenever the move is a hidden choice (a judge returned, a chest kept), so a leak fails.
The play tests drive ``training.play.main`` as a terminal user would.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest

from gnome_envs.core.engine import State
from gnome_envs.core.registry import make_game
from training import play

Names = set[str]


# ---------------------------------------------------------------------------- per game: what is hidden
def _rise_hidden(state: Any, viewer: int) -> Names:
    from gnome_envs.rise_of_the_gnomes.cards import JUDGES

    names: Names = set()
    for p in range(state.n):
        if p == viewer:
            continue
        judges = state.judges[p] + state.judge_hand[p]
        judges += [state.judge_discarded[p]] if state.judge_discarded[p] >= 0 else []
        names |= {JUDGES[j].name for j in judges}
        names |= {f"#{c} " for c in state.hands[p]}  # Gnome cards in a cutthroat hand
    return names


def _rise_revealed(state: Any, action: int) -> Names:
    from gnome_envs.rise_of_the_gnomes.actions import LAYOUTS, Family
    from gnome_envs.rise_of_the_gnomes.pending import DecisionKind

    d = LAYOUTS[state.n].decode(action)
    hand = state.hands[state.current_player]
    if state.pending.kind == DecisionKind.GNOME_CARD_PLAY and d.family == Family.SLOT and d.arg < len(hand):
        return {f"#{hand[d.arg]} "}  # a Gnome card is played face up
    return set()


def _mighty_hidden(state: Any, viewer: int) -> Names:
    from gnome_envs.mighty_gnomes.render import chest_name

    names: Names = set()
    for p in range(state.game.num_players):
        if p != viewer:
            names |= {chest_name(k) for k in state.closed[p]}
    if state.drawn and state.pending is not None and state.pending.player != viewer:
        names |= {chest_name(k) for k in state.drawn}
    return names


def _mighty_revealed(state: Any, action: int) -> Names:
    from gnome_envs.mighty_gnomes.actions import LAYOUTS, Family
    from gnome_envs.mighty_gnomes.render import chest_name

    d = LAYOUTS[state.game.num_players].decode(action)
    return {chest_name(d.arg)} if d.family == Family.OPEN_CHEST else set()  # opened face up


def _battle_hidden(state: Any, viewer: int) -> Names:
    from gnome_envs.battle_gnomes.render import card_name

    return {card_name(c) for p, hand in enumerate(state.hands) if p != viewer for c in hand}


def _battle_revealed(state: Any, action: int) -> Names:
    from gnome_envs.battle_gnomes.actions import Family
    from gnome_envs.battle_gnomes.render import card_name

    d = state.game.action_layout.decode(action)
    return {card_name(d.arg)} if d.family in (Family.CARD, Family.ITEM) else set()  # played or discarded face up


def _ogre_name(kind: int) -> str:
    from gnome_envs.dwarfs_fall.render import OGRE_NAMES

    return OGRE_NAMES[kind].replace("_", " ")


def _dwarfs_hidden(state: Any, viewer: int) -> Names:
    from gnome_envs.dwarfs_fall.render import SECRET_NAMES

    names: Names = set()
    for p in range(state.game.num_players):
        if p == viewer:
            continue
        if not state.secret_revealed[p]:
            names.add(SECRET_NAMES[state.secret[p]])
        held, known = state.ogres.of(p), state.ogres.bounds(viewer, p)
        names |= {_ogre_name(k) for k, (h, b) in enumerate(zip(held, known)) if h > b}
    return names


def _dwarfs_revealed(state: Any, action: int) -> Names:
    from gnome_envs.dwarfs_fall.actions import Family
    from gnome_envs.dwarfs_fall.components import NUM_GEMS, Ogre
    from gnome_envs.dwarfs_fall.pending import DecisionKind

    d = state.game.action_layout.decode(action)
    if state.pending.kind == DecisionKind.TROLL_DENY:  # the ogre card played, and a Troll King shown
        return {_ogre_name(state.pending.data[0]), _ogre_name(Ogre.TROLL_KING)}
    if d.family in (Family.OGRE, Family.HIRE):  # played or discarded face up
        return {_ogre_name(d.arg)}
    if state.pending.kind == DecisionKind.DISCARD and d.arg >= NUM_GEMS:
        return {_ogre_name(d.arg - NUM_GEMS)}
    return set()


def _village_hidden(state: Any, viewer: int) -> Names:
    from gnome_envs.gnome_village.components import BUSINESS_TILES

    return {BUSINESS_TILES[t].name for t in state.business_stack}  # face down, hidden from everyone


def _nothing_revealed(state: Any, action: int) -> Names:
    return set()


def _vocabulary(env_id: str) -> Names:
    """Every name of the game's hidden kinds (to tell 'Goldsmith' from 'Goldsmith Tavern')."""
    from gnome_envs.battle_gnomes.components import CARDS
    from gnome_envs.dwarfs_fall.render import OGRE_NAMES, SECRET_NAMES
    from gnome_envs.gnome_village.components import BUSINESS_TILES
    from gnome_envs.mighty_gnomes.components import ChestKind
    from gnome_envs.mighty_gnomes.render import chest_name
    from gnome_envs.rise_of_the_gnomes.cards import JUDGES

    names = {
        "rise_of_the_gnomes_v1": [j.name for j in JUDGES],
        "mighty_gnomes_v1": [chest_name(k) for k in ChestKind],
        "battle_gnomes_v1": [c.name for c in CARDS],
        "dwarfs_fall_v6": [x.replace("_", " ") for x in OGRE_NAMES + SECRET_NAMES],
        "gnome_village_v1": [b.name for b in BUSINESS_TILES],
    }
    return set(names[env_id])


@dataclass(frozen=True)
class Case:
    """One game: its config, the names hidden from a viewer, those a move turns face up."""

    env_id: str
    hidden: Callable[[Any, int], Names]
    revealed: Callable[[Any, int], Names]
    config: dict[str, Any] = field(default_factory=dict)
    hidden_choices: bool = False  # some moves are choices hidden from the other seats
    seeds: tuple[int, ...] = (0, 1)


CASES = (
    Case("rise_of_the_gnomes_v1", _rise_hidden, _rise_revealed, {"num_players": 3, "mode": "cutthroat"},
         hidden_choices=True),
    Case("mighty_gnomes_v1", _mighty_hidden, _mighty_revealed, {"num_players": 3}, hidden_choices=True),
    Case("battle_gnomes_v1", _battle_hidden, _battle_revealed, {"num_players": 3}),
    Case("dwarfs_fall_v6", _dwarfs_hidden, _dwarfs_revealed, {"num_players": 3, "expansions": ("trolls_bridge",)},
         seeds=(0,)),
    Case("gnome_village_v1", _village_hidden, _nothing_revealed, {"num_players": 3}),
)


# ---------------------------------------------------------------------------- the check
def mentions(text: str, name: str, vocabulary: Names) -> bool:
    """Whether ``text`` names ``name`` as a word, not inside a longer known name (frog / golden frog)."""
    for longer in vocabulary:
        if name != longer and name in longer:
            text = text.replace(longer, "")
    if name.endswith(" "):  # a Gnome card id, '#12 '
        return name in text
    return re.search(rf"\b{re.escape(name)}\b", text) is not None


@dataclass
class Tally:
    """What one random game checked."""

    checked: int = 0  # (move, other seat) pairs with at least one hidden name to look for
    named_for_actor: int = 0  # moves whose full and actor texts name a card hidden from the others


def check_game(case: Case, seed: int) -> Tally:
    """Play one random game; assert no other seat's text names a card hidden from it."""
    state: State = make_game(case.env_id, **case.config).new_state(seed)
    n = state.game.num_players
    rng = np.random.default_rng(seed)
    tally, vocabulary = Tally(), _vocabulary(case.env_id)
    while not state.is_terminal():
        action = int(rng.choice(state.legal_actions()))
        actor = state.current_player
        public, revealed = state.render_text(), case.revealed(state, action)
        full, own = state.describe_action(action), state.describe_action(action, viewer=actor)
        for viewer in range(n):
            if viewer == actor:
                continue
            names = {x for x in case.hidden(state, viewer) - revealed if not mentions(public, x, vocabulary)}
            text = state.describe_action(action, viewer=viewer)
            leaked = sorted(x for x in names if mentions(text, x, vocabulary))
            assert not leaked, f"{case.env_id} seed {seed}: seat {viewer} reads {text!r}, naming {leaked}"
            tally.checked += bool(names)
            if any(mentions(full, x, vocabulary) and mentions(own, x, vocabulary) for x in names):
                tally.named_for_actor += 1
                assert text != full, f"{case.env_id}: {full!r} shown to seat {viewer}"
        state.apply(action)
    return tally


@pytest.mark.parametrize("case", CASES, ids=[c.env_id for c in CASES])
def test_moves_name_no_card_hidden_from_the_viewer(case: Case) -> None:
    """Every move, every other seat: no hidden name; the actor's own text names its hidden choice."""
    tally = Tally()
    for seed in case.seeds:
        game = check_game(case, seed)
        tally.checked += game.checked
        tally.named_for_actor += game.named_for_actor
    assert tally.checked > 0, "no move had a hidden card to look for"
    if case.hidden_choices:
        assert tally.named_for_actor > 0, "no hidden choice was met, or the full text hides it too"
    else:
        assert tally.named_for_actor == 0


# ---------------------------------------------------------------------------- training.play
BAD_HEADERS = ("seat -1", "P-1", "player -1", "turn 0 (", "setup / over")


def play_text(argv: list[str], seed: int = 0) -> str:
    """Everything ``training.play`` prints for a game whose human picks random valid numbers."""
    rng = np.random.default_rng(seed)

    def input_fn(prompt: str) -> str:  # a random valid number, read from "choose 0-K"
        top = int(prompt.split("choose 0-")[1].split(" ")[0])
        return str(int(rng.integers(top + 1)))

    lines: list[str] = []
    assert play.main(argv, input_fn=input_fn, out=lines.append) == 0
    return "\n".join(lines)


def test_play_rise_hides_the_opponents_judges_and_shows_a_map_legend() -> None:
    """Rise: a setup and a game-over header, no negative seat; the map has hex names and a
    legend; the human's own judges are named, the opponent's returned judge is not."""
    from gnome_envs.rise_of_the_gnomes.cards import JUDGES

    text = play_text(["--env", "rise_of_the_gnomes_v1", "--players", "2", "--human", "1",
                      "--opponents", "random", "--seed", "3"])
    lines = text.splitlines()
    assert lines[1].startswith("Setup: player ") and "to choose first" in lines[1]
    assert not [bad for bad in BAD_HEADERS if bad in text]
    assert "Rise of the Gnomes (2p, competitive, normal): setup" in text
    assert "Map: each hex shows its name" in text and "DK dragonkeep, PL plains" in text
    assert any({"g1", "g2", "y4"} <= set(line.split()) for line in lines)  # a row of hex names
    judges = {j.name for j in JUDGES}
    mine = [line for line in lines if line.startswith("  [") and "return judge" in line]
    assert mine and all(any(name in line for name in judges) for line in mine)
    theirs = [line for line in lines if line.startswith("player 0 (random)")]
    assert "player 0 (random) judge_discard: return one of the dealt judges to the box face down" in theirs
    assert not [line for line in theirs if any(name in line for name in judges)]
    assert "Game over: the final table as player 1 sees it" in text
    assert "Rise of the Gnomes (2p, competitive, normal): game over" in text


def test_play_battle_gnomes_lists_each_hand_card_with_its_effect() -> None:
    """Battle Gnomes!: the setup header has no 'turn 0 (seat -1)'; every card in the human's
    hand is shown with its kind and its effect from the card table."""
    from gnome_envs.battle_gnomes.components import CARDS

    text = play_text(["--env", "battle_gnomes_v1", "--players", "2", "--human", "0",
                      "--opponents", "random", "--seed", "5"])
    lines = text.splitlines()
    assert not [bad for bad in BAD_HEADERS if bad in text]
    assert "Battle Gnomes! setup: decision draft by seat 0" in text
    effects = {f"    {c.name} ({kind}): {c.text}" for c in CARDS
               for kind in ("weapon", "defence", "battle item", "yard item", "battle action", "turn action",
                            "response")}
    starts = [k for k, line in enumerate(lines) if line == "  your hand:"]
    assert starts
    shown = 0
    for k in starts:
        for line in lines[k + 1:]:
            if not line.startswith("    "):
                break
            assert line in effects, line
            shown += 1
    assert shown >= 5 * len(starts) // 2
    assert "Game over after" in text
    assert "Game over: the final table as player 0 sees it" in text and "Battle Gnomes! game over after turn" in text


@pytest.mark.parametrize("case", CASES, ids=[c.env_id for c in CASES])
def test_a_seats_text_is_the_same_in_every_world_it_cannot_tell_apart(case: Case) -> None:
    """``describe_action(a, viewer=v)`` is unchanged when everything ``v`` cannot see is resampled
    (``determinize(v)``): for the actor every legal action, for the other seats every one that
    turns no card face up; the full-information text of a hidden choice does change."""
    state: State = make_game(case.env_id, **case.config).new_state(case.seeds[0])
    n = state.game.num_players
    rng = np.random.default_rng(0)
    differs = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        for viewer in range(n):
            det = state.determinize(viewer, np.random.default_rng(int(rng.integers(2**31))))
            shown = [a for a in legal if viewer == state.current_player or not case.revealed(state, a)]
            for action in shown:
                text = state.describe_action(action, viewer=viewer)
                assert det.describe_action(action, viewer=viewer) == text, (case.env_id, viewer, text)
                differs += det.describe_action(action) != state.describe_action(action)
        state.apply(int(rng.choice(legal)))
    assert (differs > 0) == case.hidden_choices
