#!/usr/bin/env bash
# The decree actions written as offsets from their bases, Hidden Tunnels' sources found in one pass
# over the mines, the royal segment's growing cell parts (a dwarf placed, a memorial) written by
# their new cells only: instructions against BASE (the commit before the change), four Royal
# Decrees configs: bash training/results/speed-ab/royal-actions/run.sh BASE (about 10 minutes).
set -euo pipefail
out=$(dirname "$0")
base=${1:?the commit to compare with}
run() {  # NAME ARGS...
    local name=$1; shift
    { echo "python -m training.instruction_count $* --base $base"; python -m training.instruction_count "$@" --base "$base"; } > "$out/$name.txt"
}
run 2p-lords --env dwarfs_fall_v6 --players 2 --games 5 --config expansions=royal_decrees, --config scenario=lords_of_the_arena &
run 2p-siege --env dwarfs_fall_v6 --players 2 --games 5 --config expansions=royal_decrees, --config scenario=siege &
wait
run 4p-chaos --env dwarfs_fall_v6 --players 4 --games 3 --config expansions=royal_decrees, --config scenario=chaos_control &
run 5p-all-three --env dwarfs_fall_v6 --players 5 --games 2 \
    --config expansions=trolls_bridge,empires,royal_decrees --config scenario=lords_of_the_arena &
wait
