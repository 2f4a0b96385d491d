"""Observation vector of Dwar7s Fall.

Public: the mat (every card, its walls, the stacks, every dwarf), every kingdom, the gem
piles, the ogre discard pile, the trading goals (face up, bought, and which are left in the
deck), revealed secret goals, hand sizes and the kingdom cards left in each hand (each colour
has one card of each kind, so they follow from the mat). Hidden: the other seats' secret goals,
the order of the decks, ogre cards drawn face down, and a gem taken by Thief (seen by thief
and victim only). For another seat's gems and ogre cards the observer sees what it knows for
sure (``hands.Hands`` bounds) and how many of that seat's cards it cannot name.

Seats are relative: block ``r`` describes the seat ``r`` places clockwise from the observer.
All values lie in [0, 1], and no amount reaches 1.0: a count with a known maximum is divided by
a ceiling above it (``/ (max + 1)``, written ``/ 21`` below for a pile of 20); an open-ended
count ``x`` is ``x / (x + k)`` (written ``~k``); a signed amount ``v`` is
``0.5 + v / (2 (|v| + k))`` (written ``+-k``). ``n`` is the number of players. Every segment is
written inside its own bounds.

=================  ====================  =======================================================
segment            size                  content
=================  ====================  =======================================================
decision           15                    one-hot kind of the pending decision
decider            n                     relative seat deciding now
turn_player        n                     relative seat whose turn it is
card_kind          9                     kind of the kingdom card being placed
selected_cell      64                    cell chosen earlier in this decision (ogre, dig), or the
                                         card an ogre card a Troll King may deny targets
selected_seat      n                     seat chosen earlier (Brute, Panic), or the seat an ogre
                                         card a Troll King may deny names
actions            3                     actions used ~4, actions left ~4, four actions this turn
progress           5                     round / 61 (the round limit is 60), end triggered, mat
                                         empty, idle rounds in a row / 3 and whether this round
                                         is busy so far (R10.4)
gem_piles          4                     cards left per gem pile / (pile size + 1)
ogre_cards         1 + 5                 deck size / 26; discard pile per kind / (copies + 1)
trading_row        3 x 14                face-up trading goal per slot (one-hot)
trading_deck       1 + 14                deck size / 12; goals still in the deck
goal_progress      28                    the observer's progress to each face-up trading goal:
                                         per slot the gems missing per type and in all, payable
                                         now, a monster missing; the closest slot and its
                                         missing gems (``observation_goals``)
own_secret         7                     the observer's secret goal
players            n x 53                per seat: kingdom cards in hand 9, gems known 4 (/ pile
                                         + 1), gems unknown ~9, ogres known 5 (/ copies + 1), ogres
                                         unknown ~5, hand size ~9, pile / 8, on the mat / 8,
                                         monsters ~4, trading goals ~3, trading VP ~30, revealed
                                         secret 7, goals ~3, castle in play, four actions, kingdom
                                         cards / 65, kingdom VP +-10, public VP +-30, trading goals
                                         won 14 (one flag per goal; 54 wide with Troll's Bridge:
                                         the Troll King is a sixth ogre kind)
board              64 x (17 + 8n)        per cell: kind 9, top card's seat n, walls N E S W, stack
                                         height / 5, dwarfs per seat (/6) n, free spots / 6, in the
                                         kingdom of seat n, dragon in its region, frost giant in
                                         its region; the cards below the top (public: played and
                                         dug in the open): per seat whose card lies there its depth
                                         below the top / 5 n, and its walls N, E, S, W 4 x n
royal              153 + 2n              Royal Decrees only: scenario 7, decrees 13, the axe (Hard
                                         Workers) n, night, Hired Hands actions ~4, cards a dwarf
                                         from the pile went to this turn 64, monster played from
                                         hand this turn n, battle memorials 64, store slot of a
                                         trade-in 3 (after the troll segment when both are in play)
troll              100 + kinds           Troll's Bridge only: troll's card 64, mood 4, toll step / 4,
                                         steps left / 4, the next three moods where known 3 x 4,
                                         toll paid this turn, roaming deck / 17, roaming cards used
                                         16, the ogre card offered for denial (one per ogre kind:
                                         6, or 7 with The Empires)
=================  ====================  =======================================================

With Troll's Bridge the decision segment has 17 kinds (``troll_dest``, ``troll_deny``), the ogre
segment 1 + 6 and the lake shows on the board as a card with no kind and no colour.

With The Empires (``observation_layout``, ``observation_empires``): decision 30 kinds, ogre
cards 1 + 7, trading row 3 x 20 and deck 1 + 20 (the dragon eggs), own secret 11, players
n x 65 (7 ogre kinds, 11 secret goals, 20 trading goals won; pile and mat counts / 9), board
64 x (29 + 8n): kind 13 (the ogres' castle, forest dragon, big bad wolf, treant after the nine),
stack height and depths / 8, and after the dragon columns a wolf and a treant in the region and
the class meeples on the card per class (/ 6); then the segment

=================  ====================  =======================================================
empires            30n + 80              per seat (relative): race 4, meeples / 9, pouches / 21,
                                         per class (alchemist ... dragon) not owned / in the pile
                                         / on the mat and (cell + 1) / 65; then race power used
                                         this turn, boxed monsters ~8, MEEPLE_TYPE context
                                         (placing, moving, destination 64, meeples offered 7),
                                         POWER_GEM budget / 5, ALCHEMY_TAKE gem given 4
=================  ====================  =======================================================

A seat's colour column is the seat playing that colour (colours follow ``races``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from gnome_envs.core.seat_view import BufferView
from gnome_envs.dwarfs_fall.components import NUM_GEMS
from gnome_envs.dwarfs_fall.observation_board import (  # the board block; re-exported
    board_features,
    cached_board,
    layer_rows,
    refresh_cell_dwarfs,
    write_board,
)
from gnome_envs.dwarfs_fall.observation_empires import empire_features
from gnome_envs.dwarfs_fall.observation_goals import progress_sources, progress_unchanged, write_goal_progress
from gnome_envs.dwarfs_fall.observation_layout import state_extra
from gnome_envs.dwarfs_fall.observation_players import (  # the player rows and the scales; re-exported
    BONUS_K,
    GEM_CEILING,
    MAX_ACTIONS,
    cached_private,
    hand_versions,
    player_features,
    private_features,
    public_entry,
    public_features,
    squash,
    write_player_rows,
)
from gnome_envs.dwarfs_fall.observation_table import (  # the table segments; re-exported
    cached_table,
    table_features,
    write_table,
)
from gnome_envs.dwarfs_fall.pending import DecisionKind

# decisions whose data starts with a cell / carries a seat as their second item
CELL_CONTEXT = frozenset(int(k) for k in (DecisionKind.BRUTE_SEAT, DecisionKind.BRUTE_OWN,
                                          DecisionKind.PANIC_SEAT, DecisionKind.PANIC_DEST,
                                          DecisionKind.DIG_STACK, DecisionKind.ROTATE_CARD,
                                          DecisionKind.TUNNEL_DEST, DecisionKind.WARRIOR_DEST))
SEAT_CONTEXT = frozenset(int(k) for k in (DecisionKind.BRUTE_OWN, DecisionKind.PANIC_DEST,
                                          DecisionKind.WARRIOR_DEST))
PLACE_CARD = int(DecisionKind.PLACE_CARD)
TROLL_DENY = int(DecisionKind.TROLL_DENY)
STORE_TRADE = int(DecisionKind.STORE_TRADE)


# ---------------------------------------------------------------------------- the vector
UNWRITTEN = -2  # a SeatView's secret before its first observation


class SeatView(BufferView):
    """One seat's last observation, and what its cached segments were written from."""

    VIEW_SLOT = "mv"
    view_of = staticmethod(memoryview)
    __slots__ = ("obs", "mv", "table", "secret", "players", "piles", "meeples", "rows", "board", "version",
                 "rows_seen", "tail", "tail_ones", "ones", "troll_ones", "goals")

    def __init__(self, layout, obs: np.ndarray | None = None) -> None:
        self.obs = np.zeros(layout.size, dtype=np.float32) if obs is None else obs
        # single entries are cheaper to write through a memoryview than through numpy, and making
        # one costs more than a few writes: the view keeps one of its buffer
        self.mv = self.view_of(self.obs)
        self.table: np.ndarray | None = None
        self.secret = UNWRITTEN
        self.players: tuple | None = None  # the versions the player rows were last checked against
        self.piles: list[int] | None = None  # and the piles
        self.meeples: list[int] | None = None  # and the meeples (The Empires)
        self.rows: list[tuple | None] = [None] * layout.num_players  # per relative seat: its sources
        self.board: np.ndarray | None = None
        self.version = -1
        self.rows_seen = 0  # board rows of ``state._board_rows`` already copied
        self.tail: tuple | None = None  # what the expansion segments were written from
        self.tail_ones: list[int] = []  # the entries before the board they set
        # the entries set to 1 before ``progress`` (the rest there is zero but the actions
        # segment), and in the troll segment (whose other entries its writer sets)
        self.ones: list[int] = []
        self.troll_ones: list[int] = []
        self.goals: tuple | None = None  # what the goal progress was written from


def observe(state, seat: int, out: np.ndarray | None = None) -> np.ndarray:
    """Observation vector of ``seat`` (a new array): the seat's last one with the decision, the
    expansion segments and every segment whose source changed since then rewritten; or every
    segment written into ``out`` (zeros of the layout's size), nothing kept."""
    layout = state.game.obs_layout
    if out is not None:
        return _write(state, seat, layout, SeatView(layout, out))
    view = state._seat_obs[seat]
    if view is None:
        view = state._seat_obs[seat] = SeatView(layout)
    return _write(state, seat, layout, view).copy()


def _write(state, seat: int, layout, view: SeatView) -> np.ndarray:
    """Write ``seat``'s observation into ``view.obs`` (a new view: over zeros, every segment)."""
    obs = view.obs
    at = layout.at
    ones: list[int] = []
    _decision(state, seat, view.mv, at, ones)
    secret = state.secret[seat]
    if secret != view.secret:
        _secret_part(obs, at["own_secret"], layout.num_secrets, secret, view)
    write_table(state, obs, layout, view)
    if not progress_unchanged(state, seat, view.goals):
        write_goal_progress(state, seat, obs, at["goal_progress"])
        view.goals = progress_sources(state, seat)
    write_player_rows(state, seat, obs, layout, view)
    write_board(state, seat, layout, view)
    if layout.trolls or layout.royal or layout.empires:
        _expansion_parts(state, seat, obs, layout, ones, view)
    if ones != view.ones:  # (often the same decision again: then nothing to do)
        _swap_ones(view.mv, view.ones, ones)
        view.ones = ones
    return obs


def _secret_part(obs: np.ndarray, start: int, size: int, secret: int, view: SeatView) -> None:
    """The observer's secret goal (before one is dealt the entry before the segment is set,
    as it always was, and the table segments are rewritten next time)."""
    obs[start:start + size] = 0.0
    if view.secret < 0 <= secret:
        view.table = None
    obs[start + secret] = 1.0
    view.secret = secret



def _expansion_parts(state, seat: int, obs: np.ndarray, layout, ones: list[int], view: SeatView) -> None:
    """The troll, royal and empires segments (after the board), each rewritten when what it
    reads (``troll_key``, ``royal_key``, ``empire_key``) changed since ``view`` was written: the
    troll segment by its amounts (always written) and its ones (the old ones zeroed), the royal
    segment by the parts of its key that changed, the empires segment over zeros; the entries
    the empires segment sets before the board (a MEEPLE_TYPE decision's cell) go into ``ones``
    every time."""
    old = view.tail or (None, None, None)
    at = layout.at
    troll = royal = empire = None
    if layout.trolls:
        troll = expansions.troll_key(state)
        if troll != old[0]:
            written: list[int] = []
            expansions.troll_features(state, obs, at["troll"], written)
            _swap_ones(view.mv, view.troll_ones, written)
            view.troll_ones = written
    if layout.royal:
        royal = expansions.royal_key(state)
        if royal != old[1]:
            expansions.write_royal(obs, at["royal"], seat, layout.num_players, old[1], royal)
    if layout.empires:
        empire = expansions.empire_key(state)
        if empire != old[2]:
            written = []
            _clear(obs, at, layout, "empires")
            empire_features(state, seat, obs, at, written)
            tail = at["board"] + layout.sizes["board"]
            _swap_ones(view.mv, (), [i for i in written if i >= tail])
            view.tail_ones = [i for i in written if i < tail]
        ones += view.tail_ones
    view.tail = (troll, royal, empire)


def _clear(obs: np.ndarray, at: dict[str, int], layout, name: str) -> None:
    """Zero the segment ``name``."""
    obs[at[name]:at[name] + layout.sizes[name]] = 0.0


def _swap_ones(obs: memoryview, old: Sequence[int], new: list[int]) -> None:
    """Zero the entries ``old`` of ``obs``, then set the entries ``new`` to 1 (a few: cheaper one
    by one than as a fancy index)."""
    for i in old:
        obs[i] = 0.0
    for i in new:
        obs[i] = 1.0


def _rel(state, seat: int, other: int) -> int:
    return (other - seat) % state.game.num_players


def _decision(state, seat: int, obs: memoryview, at: dict[str, int], ones: list[int]) -> None:
    n = state.game.num_players
    turn_player = state.turn_player
    ones.append(at["turn_player"] + (turn_player - seat) % n)
    limit = state.action_limit(turn_player)
    used = state.actions_used
    left = limit - used if limit > used else 0
    s = at["actions"]
    obs[s] = used / (used + BONUS_K)  # squash; Hired Hands can go past four (D8.1)
    obs[s + 1] = left / (left + BONUS_K)
    obs[s + 2] = float(limit == MAX_ACTIONS)
    d = state.pending
    if d is None:
        return
    kind = d.kind
    ones += (at["decision"] + kind, at["decider"] + (d.player - seat) % n)
    if kind == PLACE_CARD:
        ones.append(at["card_kind"] + d.data[0])
    elif kind == TROLL_DENY:  # the ogre card's target: its card and the seat it names (T6.2)
        cell, target = d.data[3], d.data[4]
        if cell >= 0:
            ones.append(at["selected_cell"] + cell)
        if target >= 0:
            ones.append(at["selected_seat"] + (target - seat) % n)
    elif kind in CELL_CONTEXT:
        ones.append(at["selected_cell"] + d.data[0])
        if kind in SEAT_CONTEXT:
            ones.append(at["selected_seat"] + (d.data[1] - seat) % n)


def full_state(state) -> np.ndarray:
    """Seat 0's observation plus every hand, every secret goal and the tops of the decks."""
    n = state.game.num_players
    k = state.game.num_ogres
    layout = state.game.obs_layout
    extra = np.zeros(state_extra(n, k, layout.num_secrets, layout.num_goals), dtype=np.float32)
    i = 0
    for p in range(n):
        extra[i:i + NUM_GEMS] = [g * c for g, c in zip(state.gems.of(p), GEM_CEILING)]
        i += NUM_GEMS
        extra[i:i + k] = [o / (copies + 1) for o, copies in zip(state.ogres.of(p), state.game.ogre_counts)]
        i += k
        extra[i + state.secret[p]] = 1.0
        i += layout.num_secrets
    if state.ogre_deck:
        extra[i + state.ogre_deck[-1]] = 1.0
    i += k
    if state.trading_deck:
        extra[i + state.trading_deck[-1]] = 1.0
    return np.concatenate([state.observation(0), extra])


# the expansion segments' module reads this module's helpers, so it comes last (its functions
# are looked up when called)
from gnome_envs.dwarfs_fall import observation_expansions as expansions  # noqa: E402

__all__ = ["BONUS_K", "board_features", "cached_board", "cached_private", "cached_table", "full_state",
           "hand_versions", "layer_rows", "observe", "player_features", "private_features", "public_entry",
           "public_features", "refresh_cell_dwarfs", "squash", "table_features"]
