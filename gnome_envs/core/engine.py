"""The engine contract every game implements.

A game is split in two objects:

* :class:`Game` holds the immutable configuration and static facts: the flat action count,
  the observation layout (named ``Segment`` slices of the observation vector) and a factory
  for fresh states.
* :class:`State` is one position. All chance comes from the ``numpy.random.Generator`` the
  state owns, so a seed plus the sequence of decisions fully determines a game.

The base class implements the parts that are the same for every game: validating an action
against the legal mask before anything is touched, resolving forced decisions when the config
asks for it (``skip_forced``), hashing, and the win/loss and rank returns derived from a game's
``placements()``. A game implements the rest.

This module imports numpy only; the PettingZoo and gymnasium adapters live next to it.
"""

from __future__ import annotations

import abc
import hashlib
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
from numpy.random.bit_generator import ISeedSequence

from gnome_envs.core.errors import ConfigError, GameOverError, IllegalActionError

MAX_DESCRIBED_CHOICES = 24  # legal choices spelled out in an IllegalActionError message
# Forced-chain guard (see State.play_forced): after this many forced moves in one chain the
# state hash is watched for a repeat; a chain this long with no agent decision is cut off.
FORCED_CHAIN_WATCH_FROM = 512
FORCED_CHAIN_LIMIT = 20_000
TRUNCATED_BY_FORCED_CYCLE = "forced_cycle"  # a forced chain came back to a position it had left
TRUNCATED_BY_FORCED_CHAIN = "forced_chain_limit"  # a forced chain ran FORCED_CHAIN_LIMIT moves


def action_index(action: Any) -> int | None:
    """``action`` as a Python int (ints, numpy ints and 0-d integer arrays), or None if not one."""
    if type(action) is int:  # the common case first (a bool's type is bool, not int)
        return action
    if isinstance(action, np.ndarray):
        if action.ndim != 0 or action.dtype.kind not in "iu":
            return None
        return int(action)
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        return None
    return int(action)


def integer_value(value: Any) -> int | None:
    """``value`` as a Python int if it is an integer (numpy ints included, bools excluded)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        return None
    return int(value)


def integer_field(config: Any, name: str) -> int | None:
    """A frozen config's integer field as a Python int (a numpy int is stored back as one).

    Returns None when the field is not an integer (bools are not), for the caller's ConfigError.
    """
    value = integer_value(getattr(config, name))
    if value is not None:
        object.__setattr__(config, name, value)
    return value


@dataclass(frozen=True)
class Segment:
    """A named slice ``[start, stop)`` of a flat vector."""

    name: str
    start: int
    stop: int

    @property
    def size(self) -> int:
        """Number of entries in the segment."""
        return self.stop - self.start


class LayoutBuilder:
    """Accumulates named segments into a flat layout."""

    def __init__(self) -> None:
        self._segments: list[Segment] = []
        self.size = 0

    def add(self, name: str, size: int) -> Segment:
        """Append a segment of ``size`` entries and return it."""
        segment = Segment(name, self.size, self.size + size)
        self._segments.append(segment)
        self.size += size
        return segment

    def build(self) -> tuple[Segment, ...]:
        """The finished layout."""
        return tuple(self._segments)


ACTION_EFFECTS_SEGMENT = "action_effects"  # the observation segment of per-action effect rows


class Game(abc.ABC):
    """Immutable configuration and static facts of one game variant."""

    env_id: ClassVar[str]
    config: Any
    num_players: int
    num_actions: int
    observation_layout: tuple[Segment, ...]
    observation_size: int
    state_size: int
    score_scale: float = 10.0
    skip_forced: bool = True
    # Actions that decline, pass, stop or end a turn in any decision where they are legal (the
    # pass-biased audit policy prefers them; a game whose stall rules hold must still end).
    pass_actions: frozenset[int] = frozenset()

    @abc.abstractmethod
    def new_state(self, seed: int | None = None) -> State:
        """A fresh game, all chance drawn from a generator seeded with ``seed``."""

    def add_action_effects(self, enabled: bool, first: int, actions: int, width: int) -> None:
        """Set the per-action effect rows of an ``action_effects`` option (rows of ``width``
        entries for actions ``first`` .. ``first + actions - 1``, after the table's segments when
        ``enabled``) and ``observation_size``; call once ``observation_layout`` holds the table."""
        self.action_effects = enabled
        self.action_effect_width = width
        self.action_effect_first = first
        if enabled:
            table = self.observation_layout[-1].stop
            self.observation_layout += (Segment(ACTION_EFFECTS_SEGMENT, table, table + actions * width),)
        self.observation_size = self.observation_layout[-1].stop

    def segment(self, name: str) -> Segment:
        """The observation segment called ``name``."""
        for segment in self.observation_layout:
            if segment.name == name:
                return segment
        raise KeyError(name)


class State(abc.ABC):
    """One position of a game. Subclasses implement the rules."""

    game: Game
    decisions: int  # decisions taken by agents so far (forced ones excluded)
    _mask: np.ndarray | None
    # Set (to the limit's name) when a designed limit, not the rules, stopped the game: the
    # game is over (is_terminal() is True) but it is a truncation, paid as neither win nor loss.
    truncated_by: str | None = None

    # ----------------------------------------------------------------- rules hooks
    @property
    @abc.abstractmethod
    def current_player(self) -> int:
        """Seat that must decide now, or -1 when the game is over."""

    @abc.abstractmethod
    def _compute_mask(self) -> np.ndarray:
        """The int8 legal-action mask of the pending decision (never all zero), a new array."""

    @abc.abstractmethod
    def _apply_legal(self, action: int) -> None:
        """Play an action already known to be legal."""

    @abc.abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game has ended."""

    @abc.abstractmethod
    def scores(self) -> np.ndarray:
        """Victory points per seat as they stand now (float array)."""

    @abc.abstractmethod
    def placements(self) -> tuple[int, ...]:
        """Final placement per seat after tie-breaks: 0 is first; tied seats share a value."""

    @abc.abstractmethod
    def observation(self, seat: int) -> np.ndarray:
        """float32 vector of everything ``seat`` may know, nothing more."""

    @abc.abstractmethod
    def state_vector(self) -> np.ndarray:
        """float32 full-information vector (for centralised critics)."""

    @abc.abstractmethod
    def clone(self) -> State:
        """A deep, independent copy, random generator included."""

    @abc.abstractmethod
    def determinize(self, seat: int, rng: np.random.Generator) -> State:
        """A clone with everything ``seat`` cannot see resampled consistently."""

    @abc.abstractmethod
    def describe_action(self, action: int, viewer: int | None = None) -> str:
        """Meaning of ``action`` in the pending decision as seat ``viewer`` sees it (None: every fact)."""

    @abc.abstractmethod
    def render_text(self, seat: int | None = None) -> str:
        """The table as text: only public information, plus ``seat``'s own hidden cards if given."""

    @abc.abstractmethod
    def _hash_payload(self) -> bytes:
        """Canonical bytes of the full state (random generator included)."""

    @abc.abstractmethod
    def check_invariants(self) -> None:
        """Raise ``InvariantError`` if components were created or lost."""

    def decision_name(self) -> str:
        """Name of the pending decision (for messages and rendering)."""
        return "decision"

    def render_picture(self) -> np.ndarray:
        """The table as the public sees it: an HxWx3 uint8 image (needs Pillow).

        Drawn by ``draw(state)`` in the ``picture`` module of the game's package.
        """
        from gnome_envs.core.picture import draw_state  # Pillow is imported only to draw

        return draw_state(self)

    def end_by_limit(self, reason: str) -> None:
        """Stop the game at a designed limit: over, but a truncation named ``reason``."""
        raise NotImplementedError(f"{type(self).__name__} cannot stop at a limit ({reason})")

    def is_truncated(self) -> bool:
        """Whether a designed limit (not the rules) ended the game."""
        return self.truncated_by is not None

    # ------------------------------------------------------------- audit hooks
    def audit_tags(self, seat: int) -> dict[str, str]:
        """What ``seat`` played with, for win rates by attribute (``training.audit balance``).

        E.g. ``{"secret_goal": "king", "race": "ogres"}``; read at the end of a game.
        """
        return {}

    def audit_events(self) -> dict[str, float]:
        """Facts of a finished game that ``training.audit balance`` averages over games.

        E.g. ``{"revealed:king": 1.0, "chest_3_claimed": 0.0}``; read at the end of a game.
        """
        return {}

    # --------------------------------------------------------------- shared machinery
    def legal_action_mask(self) -> np.ndarray:
        """int8 mask of the legal actions (all zero once the game is over), read-only."""
        if self._mask is None:
            if self.is_terminal():
                mask = np.zeros(self.game.num_actions, dtype=np.int8)
            else:
                mask = self._compute_mask()
            mask.setflags(write=False)  # shared by clones: callers copy before editing
            self._mask = mask
        return self._mask

    def caller_action_mask(self) -> np.ndarray:
        """The legal action mask as a new writable array, the caller's own (what an observation
        hands out); a game may build it without making a read-only mask only to copy it."""
        return self.legal_action_mask().copy()

    def legal_actions(self) -> list[int]:
        """Indices of the legal actions."""
        return np.flatnonzero(self.legal_action_mask()).tolist()

    def apply(self, action: int) -> None:
        """Play one decision; an illegal one raises and leaves the state untouched."""
        index = self._validated(action)
        self._apply_legal(index)
        self._mask = None
        self.decisions += 1
        if self.game.skip_forced:
            self.play_forced()

    def play_forced(self) -> None:
        """Resolve every pending decision that has exactly one legal action.

        A chain of forced moves that returns to a position it already passed through would
        never end; so would one that never reaches an agent's choice. After
        ``FORCED_CHAIN_WATCH_FROM`` forced moves the chain is watched: a repeated state hash
        stops the game as a truncation (``forced_cycle``), and so does a chain of
        ``FORCED_CHAIN_LIMIT`` moves (``forced_chain_limit``).
        """
        chain = 0
        seen: set[str] | None = None
        while not self.is_terminal():
            only = self._only_legal_action()
            if only < 0:
                return
            self._apply_legal(only)
            self._mask = None
            chain += 1
            if chain < FORCED_CHAIN_WATCH_FROM:
                continue
            if chain >= FORCED_CHAIN_LIMIT:
                self._stop_forced_chain(TRUNCATED_BY_FORCED_CHAIN)
                return
            seen = set() if seen is None else seen
            digest = self.state_hash()
            if digest in seen:
                self._stop_forced_chain(TRUNCATED_BY_FORCED_CYCLE)
                return
            seen.add(digest)

    def _stop_forced_chain(self, reason: str) -> None:
        self.end_by_limit(reason)
        self._mask = None

    def _only_legal_action(self) -> int:
        """The single legal action, or -1 when there are several (games may answer faster)."""
        legal = np.flatnonzero(self.legal_action_mask())
        return int(legal[0]) if legal.size == 1 else -1

    def _is_legal(self, index: int) -> bool:
        """Whether ``index`` is legal now (games may answer faster than the mask)."""
        mask = self.legal_action_mask()
        return 0 <= index < mask.size and bool(mask[index])

    def _validated(self, action: Any) -> int:
        if self.is_terminal():
            raise GameOverError("the game is over; no action can be applied")
        index = action if type(action) is int else action_index(action)  # a Python int: the common case
        if index is None:
            raise IllegalActionError(self._illegal_message(action))
        if self._is_legal(index):
            return index
        raise IllegalActionError(self._illegal_message(index))

    def _illegal_message(self, action: Any) -> str:
        legal = self.legal_actions()
        if action_index(action) is None:
            what = f"not an integer in [0, {self.game.num_actions})"
        elif 0 <= action < self.game.num_actions:
            what = self.describe_action(int(action))
        else:
            what = f"out of range [0, {self.game.num_actions})"
        shown = ", ".join(
            f"{a}: {self.describe_action(a)}" for a in legal[:MAX_DESCRIBED_CHOICES]
        )
        more = f" ... and {len(legal) - MAX_DESCRIBED_CHOICES} more" if len(legal) > MAX_DESCRIBED_CHOICES else ""
        return (
            f"illegal action {action!r} ({what}) for player {self.current_player} in decision "
            f"'{self.decision_name()}'; {len(legal)} legal choices: {shown}{more}"
        )

    def returns(self) -> np.ndarray:
        """Win/loss reward per seat: winners share +1 equally, everyone else -1 (0 if truncated)."""
        if not self.is_terminal() or self.truncated_by is not None:
            return np.zeros(self.game.num_players, dtype=np.float64)
        places = self.placements()
        winners = [seat for seat, place in enumerate(places) if place == 0]
        result = np.full(self.game.num_players, -1.0)
        for seat in winners:
            result[seat] = 1.0 / len(winners)
        return result

    def rank_returns(self) -> np.ndarray:
        """Rank reward per seat in [-1, 1]: (seats beaten - seats beating you) / (n - 1)."""
        n = self.game.num_players
        if not self.is_terminal() or n < 2 or self.truncated_by is not None:
            return self.returns()
        places = self.placements()
        result = np.zeros(n)
        for seat, place in enumerate(places):
            beaten = sum(1 for other in places if other > place)
            beating = sum(1 for other in places if other < place)
            result[seat] = (beaten - beating) / (n - 1)
        return result

    def state_hash(self) -> str:
        """Stable hex digest of the full state, equal across processes and hash seeds."""
        return hashlib.blake2b(self._hash_payload(), digest_size=16).hexdigest()


def rng_state_bytes(rng: np.random.Generator | dict) -> bytes:
    """Canonical bytes of a generator's state (PCG64 and friends), or of its state dict."""
    state = rng if isinstance(rng, dict) else rng.bit_generator.state
    inner = state["state"]
    parts = [state["bit_generator"], str(inner.get("state")), str(inner.get("inc"))]
    parts.append(str(state.get("has_uint32")))
    parts.append(str(state.get("uinteger")))
    return "|".join(parts).encode()


def validate_seed(seed: Any) -> int | None:
    """``seed`` as a Python int (numpy ints accepted) or None; ConfigError naming it otherwise."""
    if seed is None:
        return None
    value = integer_value(seed)
    if value is None or value < 0:
        raise ConfigError(f"seed must be a non-negative integer or None, got {seed!r}")
    return value


def new_rng(seed: int | None) -> np.random.Generator:
    """The generator every state owns: PCG64 seeded with ``seed`` (fresh entropy if None)."""
    return np.random.Generator(np.random.PCG64(validate_seed(seed)))


class _PresetSeed(ISeedSequence):
    """Seed material for a bit generator whose whole state is set right after it is built:
    a real SeedSequence would hash entropy only for the result to be overwritten."""

    def generate_state(self, n_words: int, dtype: Any = np.uint32) -> np.ndarray:
        """``n_words`` zero words (any value does: the state is replaced next)."""
        return np.zeros(n_words, dtype=dtype)


_PRESET_SEED = _PresetSeed()


def restore_rng(snapshot: dict[str, Any]) -> np.random.Generator:
    """A new generator in the state ``snapshot`` (a ``bit_generator.state`` dict): it draws
    exactly what the generator the snapshot was taken from would draw next."""
    bit_generator = getattr(np.random, snapshot["bit_generator"])(_PRESET_SEED)
    bit_generator.state = snapshot
    return np.random.Generator(bit_generator)
