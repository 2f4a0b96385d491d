#!/usr/bin/env bash
# The audits behind the README's "Endings, observations and balance" tables (issue 14).
# Each command writes one JSON document into training/results/audit/; then
#     python -m training.audit_report          # prints the README tables from those files
# Run from the repository root:  bash training/results/audits.sh [WORKERS]
set -euo pipefail
W=${1:-2}
OUT=training/results/audit
mkdir -p "$OUT"
audit() {  # audit KIND ENV NAME [args...]
    local kind=$1 env=$2 name=$3; shift 3
    echo "audit $kind $env $name" >&2
    python -m training.audit "$kind" --env "$env" --workers "$W" --json "$@" > "$OUT/$kind-$env-$name.json"
}
# Endings: 40 games per policy (random, first-legal, last-legal, pass-biased, scripted) per config.
for kind in endings; do
    audit $kind gnome_village_v1 base --games 40
    audit $kind gnome_village_v1 deluxe --games 40 --config deluxe=true
    audit $kind rise_of_the_gnomes_v1 competitive --games 40
    audit $kind rise_of_the_gnomes_v1 cutthroat --games 40 --players 2 3 4 5 --config mode=cutthroat
    audit $kind dwarfs_fall_v6 base --games 40
    audit $kind dwarfs_fall_v6 trolls_bridge --games 40 --config expansions=trolls_bridge,
    audit $kind dwarfs_fall_v6 royal_decrees --games 40 --config expansions=royal_decrees,
    audit $kind dwarfs_fall_v6 empires --games 40 --players 2 3 4 5 6 7 --config expansions=empires,
    audit $kind dwarfs_fall_v6 all_three --games 40 --players 3 5 --config expansions=trolls_bridge,empires,royal_decrees
    audit $kind battle_gnomes_v1 base --games 40
    audit $kind mighty_gnomes_v1 base --games 40
done
# Observations: scripted games per player count; the largest value per segment, entries at 1.0.
audit observations gnome_village_v1 deluxe --games 200 --config deluxe=true
audit observations rise_of_the_gnomes_v1 competitive --games 200
audit observations rise_of_the_gnomes_v1 cutthroat --games 200 --players 2 3 4 5 --config mode=cutthroat
audit observations dwarfs_fall_v6 base --games 200
audit observations dwarfs_fall_v6 all_three --games 100 --players 3 5 --config expansions=trolls_bridge,empires,royal_decrees
audit observations dwarfs_fall_v6 empires --games 100 --players 2 4 7 --config expansions=empires,
audit observations battle_gnomes_v1 base --games 200
audit observations mighty_gnomes_v1 base --games 200
# Balance: seat-rotated scripted self-play, win rates by seat and by audit tag (Wilson 95%).
audit balance gnome_village_v1 base --games 300
audit balance rise_of_the_gnomes_v1 competitive --games 1000 --players 2 3 4 5
audit balance dwarfs_fall_v6 base --games 300
audit balance dwarfs_fall_v6 empires --games 1000 --players 2 3 4 5 6 7 --config expansions=empires,
# The Empires at 2-4 players over every seat line-up of races (the default line-ups there are
# all dwarfs): game g plays line-up g modulo their number (13, 34 and 73)
audit balance dwarfs_fall_v6 empires_lineups --games 1000 --players 2 3 4 --config expansions=empires, --lineups
audit balance battle_gnomes_v1 base --games 300
audit balance mighty_gnomes_v1 base --games 300
