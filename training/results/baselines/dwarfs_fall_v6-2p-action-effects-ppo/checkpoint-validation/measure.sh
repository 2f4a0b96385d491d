#!/bin/bash
# Every checkpoint of the two Dwar7s Fall runs on the dwarf steps' effects (300k: the shipped
# recipe; 600k: --timesteps 600000), 200 seat-balanced games against scripted on seed 1 (the
# reference table's games are seed 0), and the recipe's teacher against scripted over 400 games.
# The runs are `python -m training.reference --env dwarfs_fall_v6 --eval-every 100000 --mcts-games 0
# --no-progress --out runs/reference/dwarfs_fall_v6-2p-rows10k` (and `--timesteps 600000 ... -600k`).
set -euo pipefail
here=training/results/baselines/dwarfs_fall_v6-2p-action-effects-ppo/checkpoint-validation
for run in dwarfs_fall_v6-2p-rows10k dwarfs_fall_v6-2p-rows10k-600k; do
  for m in runs/reference/$run/train/checkpoints/model_000*.zip; do
    python -m training.evaluate --env dwarfs_fall_v6 --players 2 --games 200 --seed 1 --workers 2 \
      --agents "checkpoint:path=$m:deterministic=true,scripted" --json --no-progress > "$here/$run-$(basename "$m" .zip).json"
  done
done
python -m training.evaluate --env dwarfs_fall_v6 --players 2 --agents "scripted:deterministic=true,scripted" \
  --games 400 --seed 1 --workers 2 --json --no-progress > "$here/teacher-vs-scripted.json"
