#!/usr/bin/env bash
# Checkpoint selection on a validation seed, then the pick and the last checkpoint on held-out seeds:
#
#   bash training/results/baselines/rise_of_the_gnomes_v1-2p-checkpoint-selection/select.sh RUN_DIR [OUT_DIR]
#
# RUN_DIR is a training.train output with checkpoints every 100k steps (the shipped Rise of the
# Gnomes run: python -m training.reference --env rise_of_the_gnomes_v1 ... writes one). Every
# checkpoint plays 200 seat-balanced games against scripted with tournament seed 1 (selection);
# the best one and the last one then play seeds 0 (training.ship's seed) and 2 (held out).
set -euo pipefail
run=${1:?usage: select.sh RUN_DIR [OUT_DIR]}
out=${2:-$(dirname "$0")}
python=${PYTHON:-python}

evaluate() {  # CHECKPOINT SEED OUT
    "$python" -m training.evaluate --env rise_of_the_gnomes_v1 --players 2 \
        --agents "checkpoint:path=$1:deterministic=true,scripted" --games 200 --seed "$2" --workers 2 --json > "$3"
}
rate() { "$python" -c "import json, sys; print(json.load(open(sys.argv[1]))['per_agent'][0]['win_rate'])" "$1"; }

best=""; best_rate=-1
for model in "$run"/checkpoints/model_*.zip; do
    steps=$(basename "$model" .zip); steps=$((10#${steps#model_}))
    evaluate "$model" 1 "$out/select-$steps-seed1.json"
    r=$(rate "$out/select-$steps-seed1.json"); echo "$steps steps, seed 1: $r"
    if "$python" -c "import sys; sys.exit(not float(sys.argv[1]) > float(sys.argv[2]))" "$r" "$best_rate"; then
        best=$model; best_rate=$r
    fi
done
last=$(ls "$run"/checkpoints/model_*.zip | tail -1)
for model in "$best" "$last"; do
    steps=$(basename "$model" .zip); steps=$((10#${steps#model_}))
    for seed in 0 2; do
        evaluate "$model" "$seed" "$out/heldout-$steps-seed$seed.json"
        echo "$steps steps, seed $seed: $(rate "$out/heldout-$steps-seed$seed.json")"
    done
done
