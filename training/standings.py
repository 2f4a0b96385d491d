"""Tournament statistics from game records: per-agent results, seat tables, head-to-head, ratings.

    from training.standings import summarize_agents, rate_games
    rows = summarize_agents(records, ["random", "scripted"])
    ratings = rate_games(records, ["random", "scripted"], players=2)

Score margin: a seat's score minus the best rival score in that game, where the rivals are the
other seats and any automated rival whose score the state lists after the seats' (Rise of the
Gnomes: the Gnome Union; with one player the margin is against the Gnome Union alone).
Placements are reported 1-based (1 = first), over finished games.

Ratings: openskill's Plackett-Luce model (default mu 25, sigma 25/3), one update per finished
game in game order (deterministic; the ratings depend on that order), each seat a team of one,
ranked by the game's placements (ties share a rank). One-player games rate the agent against a
``gnome_union`` pseudo-agent that ranks first exactly when no seat placed first. Truncated games
count as played without a win and update no rating.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gnome_envs.core.errors import ConfigError
from training import common
from training.tournament import GameRecord

UNION = "gnome_union"  # the pseudo-agent a one-player game is rated against


def margins(record: GameRecord) -> list[float]:
    """Per seat: own score minus the best rival score (other seats, then any automaton)."""
    scores = record.scores
    result = []
    for seat, own in enumerate(scores):
        rivals = [s for other, s in enumerate(scores) if other != seat] + record.automaton_scores
        result.append(own - max(rivals) if rivals else 0.0)
    return result


def summarize_agents(records: Sequence[GameRecord], names: Sequence[str]) -> list[dict[str, Any]]:
    """Per agent: seat-games, wins (shared 1/k), win rate and 95% Wilson CI, margin, placement."""
    wins = {name: 0.0 for name in names}
    seat_games = {name: 0 for name in names}
    margin_values: dict[str, list[float]] = {name: [] for name in names}
    places: dict[str, list[float]] = {name: [] for name in names}
    for rec in records:
        for seat, (name, margin) in enumerate(zip(rec.seat_agents, margins(rec))):
            seat_games[name] += 1
            wins[name] += rec.win_shares[seat]
            margin_values[name].append(margin)
            if rec.placements is not None:
                places[name].append(rec.placements[seat] + 1.0)
    rows = []
    for name in names:
        margin_mean, margin_std = common.mean_std(margin_values[name])
        place_mean = common.mean_std(places[name])[0] if places[name] else None
        rows.append({"agent": name, **common.rate_summary(wins[name], seat_games[name]),
                     "margin_mean": margin_mean, "margin_std": margin_std, "mean_place": place_mean})
    return rows


def decision_times(records: Sequence[GameRecord], names: Sequence[str]) -> list[dict[str, Any]]:
    """Per agent: decisions taken and the CPU seconds it spent choosing, per decision and at most."""
    spent = {name: 0.0 for name in names}
    slowest = {name: 0.0 for name in names}
    taken = {name: 0 for name in names}
    for rec in records:
        for name, think, worst, count in zip(rec.seat_agents, rec.think_s, rec.think_max_s, rec.seat_decisions):
            spent[name] += think
            slowest[name] = max(slowest[name], worst)
            taken[name] += count
    return [{"agent": name, "decisions": taken[name],
             "cpu_s_per_decision": spent[name] / taken[name] if taken[name] else 0.0,
             "max_cpu_s": slowest[name]} for name in names]


def seat_table(records: Sequence[GameRecord], names: Sequence[str], players: int) -> list[dict[str, Any]]:
    """Per seat: overall win rate and each agent's wins and games in that seat."""
    rows = []
    for seat in range(players):
        in_seat = [(rec.seat_agents[seat], rec.win_shares[seat]) for rec in records]
        per_agent = {}
        for name in names:
            shares = [share for agent, share in in_seat if agent == name]
            per_agent[name] = common.rate_summary(sum(shares), len(shares))
        rows.append({"seat": seat, **common.rate_summary(sum(s for _, s in in_seat), len(in_seat)),
                     "per_agent": per_agent})
    return rows


def head_to_head(records: Sequence[GameRecord], names: Sequence[str]) -> list[dict[str, Any]]:
    """Two-player games: for each ordered pair (agent, opponent), the agent's wins and games."""
    index = {name: i for i, name in enumerate(names)}
    wins = [[0.0] * len(names) for _ in names]
    games = [[0] * len(names) for _ in names]
    for rec in records:
        (a, b), (share_a, share_b) = rec.seat_agents, rec.win_shares
        i, j = index[a], index[b]
        games[i][j] += 1
        games[j][i] += 1
        wins[i][j] += share_a
        wins[j][i] += share_b
    return [{"agent": names[i], "opponent": names[j], **common.rate_summary(wins[i][j], games[i][j])}
            for i in range(len(names)) for j in range(len(names)) if i != j and games[i][j]]


def _teams_and_ranks(record: GameRecord, players: int) -> tuple[list[str], list[int]]:
    """The rated names of one finished game and their ranks (lower is better)."""
    assert record.placements is not None
    names, ranks = list(record.seat_agents), list(record.placements)
    if players == 1:
        union_won = 0 not in record.placements
        names.append(UNION)
        ranks = [1 if union_won else 0, 0 if union_won else 1]
    return names, ranks


def rate_games(records: Sequence[GameRecord], names: Sequence[str], players: int) -> list[dict[str, Any]]:
    """Plackett-Luce ratings updated game by game in order; sorted by ordinal (mu - 3 sigma)."""
    try:  # openskill comes with the "train" extra: imported only when ratings are asked for
        from openskill.models import PlackettLuce
    except ImportError as error:
        raise ConfigError(f"ratings need openskill ({error}); install it: pip install -e \".[train]\"") from None

    model = PlackettLuce()
    rated = [*names, UNION] if players == 1 else list(names)
    ratings = {name: model.rating(name=name) for name in rated}
    games = {name: 0 for name in rated}
    for rec in records:
        if not rec.finished:
            continue
        teams, ranks = _teams_and_ranks(rec, players)
        updated = model.rate([[ratings[name]] for name in teams], ranks=ranks)
        for name, team in zip(teams, updated):
            ratings[name] = team[0]
            games[name] += 1
    rows = [{"agent": name, "mu": float(ratings[name].mu), "sigma": float(ratings[name].sigma),
             "ordinal": float(ratings[name].mu - 3.0 * ratings[name].sigma), "rated_games": games[name],
             "pseudo_agent": name == UNION} for name in rated]
    rows.sort(key=lambda row: (-row["ordinal"], -row["mu"], rated.index(row["agent"])))
    for rank, row in enumerate(rows, start=1):
        row["rank"] = rank
    return rows
