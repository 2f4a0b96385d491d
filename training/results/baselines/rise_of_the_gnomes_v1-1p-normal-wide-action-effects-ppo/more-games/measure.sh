#!/bin/bash
# 200 more games per level (seed 1) for the run of ../run.sh (RUN) and for the scripted agent, and
# the checkpoints at normal on seed 1 (the 300k one also on seed 0). Seed 0 is ../eval-*.json and,
# for the scripted agent, the README's table.
set -euo pipefail
RUN=${1:?usage: measure.sh RUN_DIR}
here=training/results/baselines/rise_of_the_gnomes_v1-1p-normal-wide-action-effects-ppo/more-games
ev() { python -m training.evaluate --env rise_of_the_gnomes_v1 --players 1 --agents "$1" --games 200 --seed "$2" \
         --config difficulty="$3" --workers 2 --json --no-progress > "$here/$4.json"; }
for level in easy normal; do
  ev "checkpoint:path=$RUN/model.zip:deterministic=true" 1 $level model-final-$level-seed1
  ev scripted 1 $level scripted-$level-seed1
done
for k in 010000 100000 200000 300000; do
  ev "checkpoint:path=$RUN/checkpoints/model_000$k.zip:deterministic=true" 1 normal model_000$k-normal-seed1
done
ev "checkpoint:path=$RUN/checkpoints/model_000300000.zip:deterministic=true" 0 normal model_000300000-normal-seed0
