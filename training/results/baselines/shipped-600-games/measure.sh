#!/usr/bin/env bash
# Every shipped policy against scripted on two more tournament seeds (1 and 2; training.ship
# measured seed 0), 200 seat-balanced games each, most probable legal action:
#
#   bash training/results/baselines/shipped-600-games/measure.sh [OUT_DIR]
#
# Writes NAME-seedS.json per policy and seed; `python training/results/baselines/shipped-600-games/pool.py`
# pools them with the manifest's seed-0 games.
set -euo pipefail
out=${1:-$(dirname "$0")}
python=${PYTHON:-python}
for pair in battle_gnomes:battle_gnomes_v1 dwarfs_fall:dwarfs_fall_v6 gnome_village:gnome_village_v1 \
            mighty_gnomes:mighty_gnomes_v1 rise_of_the_gnomes:rise_of_the_gnomes_v1; do
    name=${pair%%:*}
    env=${pair##*:}
    for seed in 1 2; do
        "$python" -m training.evaluate --env "$env" --players 2 \
            --agents "checkpoint:name=$name:deterministic=true,scripted" --games 200 --seed "$seed" \
            --workers 2 --json > "$out/$name-seed$seed.json"
    done
done
