#!/usr/bin/env bash
# The README's search-agent table (issue 16): the rollout search agent against the scripted
# opponent, 2 players, seat-balanced, in every game; each match writes report.json and chart.png
# into training/results/search/<env>-2p/ (win rates with 95% Wilson intervals, and every agent's
# CPU seconds per decision). Rounds per decision are set per game so that the mean stays below
# half a second of CPU on this machine. Then:  python -m training.audit_report --search
# Run from the repository root:  bash training/results/search.sh [WORKERS]
set -euo pipefail
W=${1:-2}
OUT=training/results/search
match() {  # match ENV SPEC GAMES
    echo "search $1 $2" >&2
    python -m training.evaluate --env "$1" --players 2 --agents "scripted,$2" --games "$3" --seed 0 \
        --workers "$W" --no-progress --out "$OUT/$1-2p" > /dev/null
}
match dwarfs_fall_v5 rollout:rounds=4 60
match mighty_gnomes_v1 rollout:rounds=4 60
match rise_of_the_gnomes_v1 rollout:rounds=12:candidates=2:max_rollout=80 40
match gnome_village_v1 rollout:rounds=16 60
match battle_gnomes_v1 rollout:rounds=16:candidates=6 60
