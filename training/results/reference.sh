#!/usr/bin/env bash
# The README's reference results: seat-balanced tournaments of random, scripted and MCTS (the
# agent spec defaults) at 2 players in every game, and Rise of the Gnomes alone against the Gnome
# Union. Each writes report.json and chart.png into training/results/reference/<env>-<players>p/.
# Run from the repository root:  bash training/results/reference.sh [WORKERS]
set -euo pipefail
W=${1:-2}
OUT=training/results/reference
for env in gnome_village_v1 rise_of_the_gnomes_v1 dwarfs_fall_v5 battle_gnomes_v1 mighty_gnomes_v1; do
    echo "reference $env 2p" >&2
    python -m training.evaluate --env "$env" --players 2 --agents random,scripted,mcts --games 36 \
        --seed 0 --workers "$W" --no-progress --out "$OUT/$env-2p" > /dev/null
done
echo "reference rise_of_the_gnomes_v1 1p" >&2
python -m training.evaluate --env rise_of_the_gnomes_v1 --players 1 --agents random,scripted,mcts --games 36 \
    --seed 0 --workers "$W" --no-progress --out "$OUT/rise_of_the_gnomes_v1-1p" > /dev/null
