"""Mighty Gnomes: does a clone place tiles like the scripted agent when each placement's effect is an input?

    python training/results/baselines/placement_preview_clone.py plain|preview|preview_best GAMES EPOCHS EVAL_GAMES > OUT.json

``dagger_clone.py`` found the clone's errors in the turn's opening choice (0.66 agreement) and
the attic placements (0.53). The teacher ranks those by what each placement would reach. This
experiment hands the network those effects per action. They are worked out from public facts
and the deciding seat's own coins and resources, with the calls the scripted agent's
``attic_value`` and ``forest_value`` make:

* an attic placement (pending ATTIC_PLACE): per book action, how many usable books it reaches;
  whether it closes the ladder; how many players it pays;
* a forest placement (pending FOREST_PLACE): how many cells of each icon it covers; how many
  other players' tiles it touches (each a fee);
* a tile and its use (pending TURN_START): the tile's size and the use, and over that tile's
  legal placements the most usable books an attic placement reaches and the fewest players it
  pays, or the most icons a forest placement covers and the fewest tiles it touches.

``preview_best`` also writes, in a tile and use's row, the whole effect (the columns of an attic
or forest placement) of that tile's placement reaching the most usable books or covering the
most icons (fewest fees first).

``preview`` and ``preview_best`` add to the 512x512 MLP's logits (``clone_encoders.mlp_policy``) a score of each
action's effect row, by one small network shared across actions (its effect rows, 32 hidden,
1 out); ``plain`` is the MLP alone. Both fit to the same GAMES teacher games (the deterministic
teacher of ``dagger_clone.py`` at the learner's seat against the scripted agent, seed 0) for
EPOCHS, and then play EVAL_GAMES games against the scripted agent (most probable legal
action, ``dagger_clone.win_rate``). Reported: held-out agreement by decision kind and
the win rate with its 95% Wilson interval. An experiment: the env's observation is unchanged.
"""

from __future__ import annotations

import collections
import importlib.util
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

import agents
from gnome_envs.mighty_gnomes.action_effects import attic_effect, forest_effect  # what each placement does
from gnome_envs.mighty_gnomes.actions import LAYOUTS, Family, Mode
from gnome_envs.mighty_gnomes.components import NUM_BOOK_ACTIONS, NUM_ICONS
from gnome_envs.mighty_gnomes.pending import DecisionKind
from gnome_envs.mighty_gnomes.placement import attic_options, forest_options
from gnome_envs.mighty_gnomes.state import tile_size

_SPEC = importlib.util.spec_from_file_location("dagger_clone", Path(__file__).with_name("dagger_clone.py"))
dc = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(dc)
ce = dc.ce

ENV = "mighty_gnomes_v1"
LAYOUT = LAYOUTS[dc.PLAYERS]
PREVIEW_ACTIONS = LAYOUT.base[Family.BOOK]  # pass, tile and use, forest and attic placements come first
COUNT_SCALE = 4.0
# effect row columns
ATTIC_FLAG, BOOKS_AT, CLOSES, PAYS = 0, 1, 1 + NUM_BOOK_ACTIONS, 2 + NUM_BOOK_ACTIONS
FOREST_FLAG = PAYS + 1
ICONS_AT = FOREST_FLAG + 1
TOUCHED = ICONS_AT + NUM_ICONS
TILE_FLAG = TOUCHED + 1
SIZE, MODE_AT = TILE_FLAG + 1, TILE_FLAG + 2
BEST_BOOKS, FEWEST_PAYS, BEST_ICONS, FEWEST_TOUCHED = MODE_AT + 3, MODE_AT + 4, MODE_AT + 5, MODE_AT + 6
WIDTH = FEWEST_TOUCHED + 1
HIDDEN = 32
BEST_EFFECT = False  # set by the preview_best variant
ATTIC_KINDS = {int(DecisionKind.ATTIC_PLACE), int(DecisionKind.FOREST_PLACE), int(DecisionKind.TURN_START)}


def preview(state: Any) -> np.ndarray | None:
    """The effect rows of the pending decision's actions (None for other decisions)."""
    d = state.pending
    if d is None or d.kind not in ATTIC_KINDS:
        return None
    seat, rows = d.player, np.zeros((PREVIEW_ACTIONS, WIDTH), dtype=np.float32)
    for action in d.legal:
        if action >= PREVIEW_ACTIONS:
            continue
        row = rows[action]
        if d.kind == DecisionKind.ATTIC_PLACE:
            books, closes, paid = attic_effect(state, seat, d.data[0], action)
            row[ATTIC_FLAG], row[CLOSES], row[PAYS] = 1.0, closes, paid / COUNT_SCALE
            row[BOOKS_AT:BOOKS_AT + NUM_BOOK_ACTIONS] = np.asarray(books) / COUNT_SCALE
        elif d.kind == DecisionKind.FOREST_PLACE:
            covered, touched = forest_effect(state, seat, d.data[0], action)
            row[FOREST_FLAG], row[TOUCHED] = 1.0, touched / COUNT_SCALE
            row[ICONS_AT:ICONS_AT + NUM_ICONS] = np.asarray(covered) / COUNT_SCALE
        else:
            _tile_mode_row(state, seat, action, row)
    return rows


def _tile_mode_row(state: Any, seat: int, action: int, row: np.ndarray) -> None:
    """A tile and its use at the turn's start: the best of that tile's placements (``preview``:
    the most books and fewest fees over them; ``preview_best``: also the whole effect of the
    placement reaching the most usable books, or covering the most icons, fewest fees first)."""
    decoded = LAYOUT.decode(action)
    if decoded.family != Family.TILE_MODE:
        return
    tile, mode = decoded.arg, Mode(decoded.arg2)
    row[TILE_FLAG], row[SIZE], row[MODE_AT + mode] = 1.0, tile_size(tile) / COUNT_SCALE, 1.0
    if BEST_EFFECT:
        _best_effect(state, seat, tile, mode, row)
    if mode == Mode.ATTIC:
        effects = [attic_effect(state, seat, tile, a) for a in attic_options(state, seat, tile)]
        if effects:
            row[BEST_BOOKS] = max(sum(books) for books, _c, _p in effects) / COUNT_SCALE
            row[FEWEST_PAYS] = min(paid for _b, _c, paid in effects) / COUNT_SCALE
    elif mode == Mode.GATHER:
        effects = [forest_effect(state, seat, tile, a) for a in forest_options(state, seat, tile)]
        if effects:
            row[BEST_ICONS] = max(sum(covered) for covered, _t in effects) / COUNT_SCALE
            row[FEWEST_TOUCHED] = min(touched for _c, touched in effects) / COUNT_SCALE


def _best_effect(state: Any, seat: int, tile: int, mode: Mode, row: np.ndarray) -> None:
    """The effect columns of the tile's best placement for ``mode`` (most usable books or icons
    covered, then fewest players paid or tiles touched)."""
    if mode == Mode.ATTIC:
        effects = [attic_effect(state, seat, tile, a) for a in attic_options(state, seat, tile)]
        if effects:
            books, closes, paid = max(effects, key=lambda e: (sum(e[0]), -e[2]))
            row[BOOKS_AT:BOOKS_AT + NUM_BOOK_ACTIONS] = np.asarray(books) / COUNT_SCALE
            row[CLOSES], row[PAYS] = closes, paid / COUNT_SCALE
    elif mode == Mode.GATHER:
        effects = [forest_effect(state, seat, tile, a) for a in forest_options(state, seat, tile)]
        if effects:
            covered, touched = max(effects, key=lambda e: (sum(e[0]), -e[1]))
            row[ICONS_AT:ICONS_AT + NUM_ICONS] = np.asarray(covered) / COUNT_SCALE
            row[TOUCHED] = touched / COUNT_SCALE


class PreviewPolicy(nn.Module):
    """The MLP's logits plus a shared score of each action's effect row."""

    def __init__(self, size: int, actions: int) -> None:
        super().__init__()
        self.body = ce.mlp_policy(size, actions)
        self.score = nn.Sequential(nn.Linear(WIDTH, HIDDEN), nn.ReLU(), nn.Linear(HIDDEN, 1))
        self.pad = actions - PREVIEW_ACTIONS

    def forward(self, x: torch.Tensor, rows: torch.Tensor) -> torch.Tensor:
        """Logits of every action."""
        return self.body(x) + nn.functional.pad(self.score(rows).squeeze(-1), (0, self.pad))


def logits(net: nn.Module, x: torch.Tensor, rows: torch.Tensor | None, mask: torch.Tensor) -> torch.Tensor:
    """Masked logits of either variant."""
    out = net(x, rows) if isinstance(net, PreviewPolicy) else net(x)
    return out.masked_fill(~mask, -1e9)


def collect(env: Any, teacher: Any, games: int, rng: np.random.Generator) -> dict[str, Any]:
    """The teacher's games: observations, masks, labels, kinds and the effect rows (sparse)."""
    obs_rows, masks, labels, kinds, index, previews = [], [], [], [], [], []
    for _ in range(games):
        obs, _info = env.reset(seed=int(rng.integers(2**31)))
        done = False
        while not done:
            state = env.unwrapped.game_state
            rows = preview(state)
            index.append(-1 if rows is None else len(previews))
            if rows is not None:
                previews.append(rows.astype(np.float16))
            kinds.append(state.decision_name())
            masks.append(env.unwrapped.action_masks().astype(bool))
            label = dc.teacher_choice(teacher, state, rng)
            obs_rows.append(obs)
            labels.append(label)
            obs, _reward, terminated, truncated, _info = env.step(label)
            done = terminated or truncated
    return {"x": torch.as_tensor(np.asarray(obs_rows, dtype=np.float32)), "mask": torch.as_tensor(np.asarray(masks)),
            "action": torch.as_tensor(np.asarray(labels, dtype=np.int64)), "kinds": kinds,
            "index": np.asarray(index), "previews": np.asarray(previews)}


def batch_rows(data: dict[str, Any], rows: np.ndarray) -> torch.Tensor:
    """The effect rows of decisions ``rows`` (zeros where the decision has none)."""
    out = np.zeros((rows.size, PREVIEW_ACTIONS, WIDTH), dtype=np.float32)
    where = data["index"][rows]
    has = where >= 0
    out[has] = data["previews"][where[has]]
    return torch.as_tensor(out)


def fit(net: nn.Module, data: dict[str, Any], train: np.ndarray, rng: np.random.Generator, epochs: int) -> None:
    """Masked cross-entropy on ``train``."""
    optimizer = torch.optim.Adam(net.parameters(), lr=ce.LEARNING_RATE)
    for _epoch in range(epochs):
        net.train()
        order = rng.permutation(train)
        for i in range(0, order.size, ce.BATCH):
            rows = order[i:i + ce.BATCH]
            out = logits(net, data["x"][rows], batch_rows(data, rows), data["mask"][rows])
            loss = nn.functional.cross_entropy(out, data["action"][rows])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    net.eval()


def agreement_by_kind(net: nn.Module, data: dict[str, Any], held: np.ndarray) -> dict[str, Any]:
    """Held-out agreement, in all and per decision kind."""
    right = np.zeros(held.size, dtype=bool)
    with torch.no_grad():
        for i in range(0, held.size, 2048):
            rows = held[i:i + 2048]
            chosen = logits(net, data["x"][rows], batch_rows(data, rows), data["mask"][rows]).argmax(1)
            right[i:i + rows.size] = (chosen == data["action"][rows]).numpy()
    total, agreed = collections.Counter(), collections.Counter()
    for row, ok in zip(held, right):
        total[data["kinds"][row]] += 1
        agreed[data["kinds"][row]] += bool(ok)
    return {"all": float(right.mean()),
            "by_kind": {k: {"share": c / held.size, "agreement": agreed[k] / c} for k, c in total.most_common()}}


def preview_choice(net: nn.Module) -> Callable[[Any, np.ndarray], int]:
    """A chooser playing either variant's most probable legal action (for ``dagger_clone.win_rate``)."""
    def choose(env: Any, obs: np.ndarray) -> int:
        rows = preview(env.unwrapped.game_state)
        rows = torch.zeros((1, PREVIEW_ACTIONS, WIDTH)) if rows is None else torch.as_tensor(rows[None])
        mask = torch.as_tensor(env.unwrapped.action_masks()[None].astype(bool))
        with torch.no_grad():
            return int(logits(net, torch.as_tensor(obs[None]), rows, mask).argmax())
    return choose


def main() -> int:
    """Collect, fit one variant, measure; print one JSON document."""
    global BEST_EFFECT
    variant, games, epochs, eval_games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    BEST_EFFECT = variant == "preview_best"
    torch.manual_seed(dc.SEED)
    torch.set_num_threads(1)
    teacher = agents.make("scripted", ENV)
    env = ce.demonstration_env(ENV, dc.PLAYERS, {}, "scripted", None)
    rng = np.random.default_rng(dc.SEED)
    start = time.process_time()
    data = collect(env, teacher, games, rng)
    size, actions = data["x"].shape[1], data["mask"].shape[1]
    net = PreviewPolicy(size, actions) if variant != "plain" else ce.mlp_policy(size, actions)
    order = rng.permutation(len(data["action"]))
    held, train = order[:order.size // 10], order[order.size // 10:]
    fit(net, data, train, rng, epochs)
    print(json.dumps({"env": ENV, "variant": variant, "teacher_games": games, "decisions": int(order.size),
                      "epochs": epochs, "heldout": agreement_by_kind(net, data, held),
                      "against_scripted": dc.win_rate(preview_choice(net), env, eval_games),
                      "cpu_s": round(time.process_time() - start),
                      "command": f"python training/results/baselines/placement_preview_clone.py {variant} {games} "
                                 f"{epochs} {eval_games}"}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
