"""Conformance suite: every registered env x player count x variant meets the shared contracts.

The contracts are those of DESIGN.md and ``gnome_envs/core`` (engine ``State``, the PettingZoo
adapter ``GnomeAECEnv``, replays). Every test is parametrised over the ``case`` fixture
(``tests/conftest.py``): one case per (env_id, variant config), ids like
``gnome_village_v1-3p-deluxe``. Nothing here knows the rules of any one game.

All randomness is seeded from the case id and the test's label (``Case.seeds``), so a failure
reproduces; failure messages name the case, the seed and the step.

The counts in ``helpers`` balance coverage against time: the whole ``tests/`` directory must run
well under 10 minutes with ``python -m pytest`` on a 2-core machine.

Modules: ``test_api`` (PettingZoo api/seed tests, spaces, text rendering and the state vector),
``test_random_play`` (random games checking invariants and observations), ``test_engine``
(clones, replays and golden replays, pickle/deepcopy), ``test_illegal`` (illegal actions and
finished games), ``test_hidden_information`` (determinize and render_text), ``test_rewards``
(AEC rewards and truncation), ``test_config`` (bad configs and env ids).
"""
