"""Adapters for other libraries: ``gnome_envs.integrations.<library>``, each installed by an extra of
the same name and importing that library only there."""
