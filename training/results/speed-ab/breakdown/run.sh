#!/usr/bin/env bash
# Where the instructions of a step go in the configs furthest from the speed target (issue 17),
# per function: bash training/results/speed-ab/breakdown/run.sh (about 40 minutes on 2 cores).
# Each line of output comes from python -m training.instruction_count ... --function MODULE:NAME.
set -euo pipefail
out=$(dirname "$0")
D=gnome_envs.dwarfs_fall
DF_FUNCTIONS=(--function $D.observation:observe --function $D.observation_board:write_board
    --function $D.observation_players:write_player_rows --function $D.observation:_expansion_parts
    --function $D.observation_table:write_table --function $D.observation:_decision
    --function $D.turn:_action_options --function $D.turn:_action --function $D.goals:check_secrets
    --function gnome_envs.core.engine:State.play_forced)
run() {  # NAME ARGS...: one config's counts into NAME.txt
    local name=$1; shift
    { echo "python -m training.instruction_count $*"; python -m training.instruction_count "$@"; } > "$out/$name.txt"
}
run dwarfs_fall-5p-all-three --env dwarfs_fall_v6 --players 5 --games 3 \
    --config expansions=trolls_bridge,empires,royal_decrees --config scenario=lords_of_the_arena "${DF_FUNCTIONS[@]}" &
run dwarfs_fall-7p-empires --env dwarfs_fall_v6 --players 7 --games 3 --config expansions=empires, "${DF_FUNCTIONS[@]}" &
wait
run dwarfs_fall-2p-siege --env dwarfs_fall_v6 --players 2 --games 5 \
    --config expansions=royal_decrees, --config scenario=siege "${DF_FUNCTIONS[@]}" &
run dwarfs_fall-2p-empires --env dwarfs_fall_v6 --players 2 --games 5 \
    --config expansions=empires, --config races=elves,ogres "${DF_FUNCTIONS[@]}" &
wait
G=gnome_envs.gnome_village
run gnome_village-4p --env gnome_village_v1 --players 4 --games 5 --function $G.observation:observe \
    --function $G.village:walk_areas --function gnome_envs.core.engine:State.play_forced &
B=gnome_envs.battle_gnomes
run battle_gnomes-6p --env battle_gnomes_v1 --players 6 --games 10 --function $B.observation:observe \
    --function $B.observation:_battle --function $B.observation_battle:battle_key --function $B.totals:side_parts &
wait
# inside the ACTION options at 5 players with all three expansions
run dwarfs_fall-5p-all-three-options --env dwarfs_fall_v6 --players 5 --games 2 \
    --config expansions=trolls_bridge,empires,royal_decrees --config scenario=lords_of_the_arena \
    --function $D.turn:_action_options --function $D.royal:extra_actions --function $D.empire_actions:extra_actions \
    --function $D.decrees:fortress_cells --function $D.decrees:tunnel_sources --function $D.turn:placement_cells \
    --function $D.ogres:playable --function $D.turn:find_moves --function $D.empire_actions:power_ready
