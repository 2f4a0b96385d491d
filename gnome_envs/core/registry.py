"""The table of registered environments.

Each game package registers one :class:`EnvSpec`: its env id, its gymnasium id, a factory that
turns keyword config into a :class:`~gnome_envs.core.engine.Game`, and the player counts and
variants the conformance suite must cover.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gnome_envs.core.engine import Game
from gnome_envs.core.errors import UnknownEnvError


@dataclass(frozen=True)
class LazyFactory:
    """A game factory imported on its first call (``module``'s function ``name``), so that
    ``import gnome_envs`` registers every game without loading its rules engine."""

    module: str
    name: str = "make_game"

    def __call__(self, **config: Any) -> Game:
        """Build the game: import the engine module (once) and call its factory."""
        return getattr(importlib.import_module(self.module), self.name)(**config)


def engine_exports(package: str, names: tuple[str, ...]) -> Callable[[str], Any]:
    """A game package's module ``__getattr__``: ``names`` come from its ``game`` module, which is
    imported on first use (the package itself only registers the game)."""

    def __getattr__(name: str) -> Any:
        if name in names:
            return getattr(importlib.import_module(f"{package}.game"), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__


@dataclass(frozen=True)
class EnvSpec:
    """Static description of one registered environment."""

    env_id: str
    gym_id: str
    title: str
    make_game: Callable[..., Game]
    player_counts: tuple[int, ...]
    variants: tuple[tuple[tuple[str, Any], ...], ...] = field(default=((),))
    fuzz_games: int = 160  # random games per config in the conformance suite (invariants each step)
    # default step cap of the adapters (truncation): a few times the longest games that scripted
    # play produces at any player count, so that a stalled episode costs little
    max_steps: int = 10_000
    # explicit configs to cover instead of player_counts x variants (when not every pair is valid)
    configs: tuple[tuple[tuple[str, Any], ...], ...] | None = None

    def variant_configs(self) -> list[dict[str, Any]]:
        """Every config the conformance suite covers (``num_players`` first)."""
        if self.configs is not None:
            return [dict(config) for config in self.configs]
        return [
            {"num_players": n, **dict(variant)}
            for n in self.player_counts
            for variant in self.variants
        ]


_SPECS: dict[str, EnvSpec] = {}


def register(spec: EnvSpec) -> None:
    """Add ``spec`` to the table (idempotent for the same id)."""
    _SPECS[spec.env_id] = spec


def get_spec(env_id: str) -> EnvSpec:
    """The spec registered under ``env_id``."""
    try:
        return _SPECS[env_id]
    except KeyError:
        known = ", ".join(sorted(_SPECS))
        hint = _other_version_hint(env_id)
        raise UnknownEnvError(f"unknown env id {env_id!r}{hint}; registered: {known}") from None


def game_name(env_id: str) -> str:
    """The game an env id names, without its version: ``gnome_village_v1`` -> ``gnome_village``."""
    base, _sep, version = str(env_id).rpartition("_v")
    return base if base and version.isdigit() else str(env_id)


def _other_version_hint(env_id: str) -> str:
    """A pointer to the registered version of the same game, if ``env_id`` names another one."""
    name = game_name(env_id)
    if name == str(env_id):
        return ""
    current = [known for known in _SPECS if game_name(known) == name]
    if not current:
        return ""
    return f" (this release has {current[0]!r}: the README's 'Versions' section says what changed)"


def registered_ids() -> tuple[str, ...]:
    """Registered env ids in registration order."""
    return tuple(_SPECS)


def make_game(env_id: str, **config: Any) -> Game:
    """Build the Game for ``env_id`` from keyword config (raises ConfigError on bad values)."""
    return get_spec(env_id).make_game(**config)
