#!/usr/bin/env bash
# Paired speed comparison of the working tree against a base commit:
#
#   bash training/results/speed_ab.sh BASE_REF [OUT_DIR] [ROUNDS]
#
# The working tree and BASE_REF (unpacked with git archive) each run the whole benchmark
# (--all-configs, 2 s per config, ROUNDS rounds, default 3) at the same time, one per core, so
# that a slow spell of the machine meets both; then again with the cores swapped. This tree's
# benchmark harness drives both codes (sequential runs of one config on one core read up to 12%
# apart on this machine). ENVS=... (benchmark env names, space-separated) limits the run to those
# envs. The four reports go to OUT_DIR (default runs/speed-ab), and the comparison is printed:
#   python -m training.benchmark --compare NEW-cpu0 BASE-cpu1 NEW-cpu1 BASE-cpu0
set -euo pipefail

base_ref=${1:?usage: speed_ab.sh BASE_REF [OUT_DIR] [ROUNDS]}
out=${2:-runs/speed-ab}
rounds=${3:-3}
envs=${ENVS:-}
python=${PYTHON:-python}
root=$(pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
base=$(mktemp -d)
trap 'rm -rf "$base"' EXIT
git archive "$base_ref" | tar -x -C "$base"
cp training/benchmark.py training/benchmark_report.py "$base/training/"

bench() {  # DIR CPU OUT: the benchmark of the code in DIR (python -m imports DIR's packages first)
    (cd "$1" && "$python" -m training.benchmark --all-configs --seconds 2 --rounds "$rounds" --cpu "$2" \
        ${envs:+--envs $envs} --json --no-progress > "$3")
}

bench "$root" 0 "$out/new-cpu0.json" & new=$!
bench "$base" 1 "$out/base-cpu1.json" & old=$!
wait "$new"
wait "$old"
bench "$root" 1 "$out/new-cpu1.json" & new=$!
bench "$base" 0 "$out/base-cpu0.json" & old=$!
wait "$new"
wait "$old"

"$python" -m training.benchmark --compare "$out/new-cpu0.json" "$out/base-cpu1.json" \
    "$out/new-cpu1.json" "$out/base-cpu0.json"
