#!/usr/bin/env bash
# Wider, longer-fitted clones of the scripted agent, then the recipe's small PPO steps against
# scripted (issue 16): a 512x512 network cloned from more teacher games for more epochs than the
# shipped runs (Mighty Gnomes 6,000 games and 15 epochs against 3,000 and 6 on 256x256; Rise of
# the Gnomes 5,000 and 12 against 1,500 and 6), 400,000 PPO steps each; and Rise of the Gnomes
# alone against the Gnome Union at "normal" (3,000 games, 12 epochs, 300,000 steps; the README's
# 1-player run had 1,500 games and 6 epochs on 256x256, then 400,000 steps).
#
#   bash training/results/baselines/wider-clones-512/run.sh RUNS_DIR
#
# Writes RUNS_DIR/<env>-2p/ and RUNS_DIR/rise_of_the_gnomes_v1-1p-normal/ (report.json,
# learning_curve.png, model.zip), then plays the 2-player Rise policy against scripted on
# tournament seeds 0-2 (200 games each, most probable legal action; the games the shipped
# policies were pooled over, ../shipped-600-games/), and the 1-player policy 200 games alone
# against the Gnome Union at "normal" and "easy" (the README's table of that target).
set -euo pipefail
runs=${1:?RUNS_DIR}
python=${PYTHON:-python}
ppo=(--opponents scripted --reward shaped --shaping-fade 300000 --learning-rate 1e-4 --lr-schedule linear
     --n-steps 1024 --batch-size 256 --n-epochs 4 --target-kl 0.02 --ent-coef 0.001 --n-envs 2
     --eval-every 50000 --curve-opponents scripted --curve-games 40 --checkpoint-every 50000
     --eval-games 200 --eval-opponents scripted --no-progress)
"$python" -m training.train --env mighty_gnomes_v1 --players 2 --seed 0 --timesteps 400000 \
    --warm-start scripted --warm-start-games 6000 --warm-start-epochs 15 --net-arch 512,512 \
    "${ppo[@]}" --out "$runs/mighty_gnomes_v1-2p"
"$python" -m training.train --env rise_of_the_gnomes_v1 --players 2 --seed 0 --timesteps 400000 \
    --warm-start scripted --warm-start-games 5000 --warm-start-epochs 12 --net-arch 512,512 \
    "${ppo[@]}" --out "$runs/rise_of_the_gnomes_v1-2p"
for seed in 0 1 2; do
    "$python" -m training.evaluate --env rise_of_the_gnomes_v1 --players 2 \
        --agents "checkpoint:path=$runs/rise_of_the_gnomes_v1-2p/model.zip:deterministic=true,scripted" \
        --games 200 --seed "$seed" --workers 2 --json --no-progress > "$runs/rise_of_the_gnomes_v1-2p/eval-scripted-seed$seed.json"
done
one=(--warm-start scripted --warm-start-games 3000 --warm-start-epochs 12 --net-arch 512,512 --reward shaped
     --shaping-fade 300000 --learning-rate 1e-4 --lr-schedule linear --n-steps 1024 --batch-size 256
     --n-epochs 4 --target-kl 0.02 --ent-coef 0.001 --n-envs 2 --eval-every 50000 --curve-games 40
     --checkpoint-every 50000 --eval-games 200 --no-progress)
solo=$runs/rise_of_the_gnomes_v1-1p-normal
"$python" -m training.train --env rise_of_the_gnomes_v1 --players 1 --config difficulty=normal --seed 0 \
    --timesteps 300000 "${one[@]}" --out "$solo"
for level in normal easy; do
    "$python" -m training.evaluate --env rise_of_the_gnomes_v1 --players 1 \
        --agents "checkpoint:path=$solo/model.zip:deterministic=true" --games 200 --seed 0 \
        --config difficulty=$level --workers 2 --json --no-progress > "$solo/eval-$level.json"
done
