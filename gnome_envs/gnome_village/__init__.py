"""Gnome Village: build a village of houses, workshops and businesses, 2-4 players."""

from gnome_envs.gnome_village.config import GnomeVillageConfig
from gnome_envs.gnome_village.game import ENV_ID, GnomeVillageGame, make_game

__all__ = ["ENV_ID", "GnomeVillageConfig", "GnomeVillageGame", "make_game"]
