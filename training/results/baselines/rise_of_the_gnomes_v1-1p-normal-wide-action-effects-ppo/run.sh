#!/bin/bash
# Rise of the Gnomes alone against the Union at "normal": a wider clone (3,000 teacher games, 10
# epochs, 512x512) on the action effects, 400k PPO steps, then 200 games at "easy" and "normal".
#   bash training/results/baselines/rise_of_the_gnomes_v1-1p-normal-wide-action-effects-ppo/run.sh RUN   (from the repository root, the venv active)
set -euo pipefail
RUN=${1:?usage: run.sh RUN_DIR}
python -m training.train --env rise_of_the_gnomes_v1 --players 1 --config difficulty=normal --config action_effects=true --timesteps 400000 --warm-start scripted --warm-start-games 3000 --warm-start-epochs 10 --net-arch 512,512 --reward shaped --shaping-fade 300000 --learning-rate 1e-4 --lr-schedule linear --n-steps 1024 --batch-size 256 --n-epochs 4 --target-kl 0.02 --ent-coef 0.001 --n-envs 2 --eval-every 100000 --curve-games 40 --eval-games 0 --out $RUN --no-progress > $RUN.log 2>&1
for d in easy normal; do
  python -m training.evaluate --env rise_of_the_gnomes_v1 --players 1 --agents checkpoint:path=$RUN/model.zip:deterministic=true --games 200 --seed 0 --config difficulty=$d --workers 2 --json --no-progress > $RUN-eval-$d.json 2>/dev/null
done
echo finished >> $RUN.log
