#!/usr/bin/env bash
# Optimizer convergence on the Panda (docs/design.md, section 5 / issue "design panda"):
# 5 harmonics, T = 10 s, all limits, 95 % of each position range, rigid-body
# base (43 columns), unscaled SI cond. Runs `design panda` for 60 s with
# --history and prints the best feasible cond reached at 10 s and at 60 s of
# wall time, plus the final summary. Wall-clock figures depend on the machine
# and its load; extra arguments go to `design` (e.g. --seed 2, --friction).
#   usage: scripts/design_convergence.sh [ROBOT] [design options...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${EB_BUILD_DIR:-$root/build}"
cli="$build/app/excitebench-cli"
[ -x "$cli" ] || { echo "design_convergence: $cli not built (set EB_BUILD_DIR)" >&2; exit 1; }
robot="${1:-panda}"
shift || true
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# T = 10 s, the figures README quotes, unless the arguments name a period (5 s is design's default).
period=(--period 10)
for a in "$@"; do case "$a" in --period|--period=*|--family|--family=*) period=() ;; esac; done
"$cli" design "$robot" --out "$out/excitation.json" --time-limit 60 "${period[@]}" --history "$out/history.csv" "$@" \
  > "$out/summary.txt" 2> "$out/progress.txt" || { cat "$out/summary.txt" "$out/progress.txt" >&2; exit 1; }
# Best feasible cond at or before each time: the last history row with elapsed_s <= t.
for t in 10 60; do
  awk -F, -v t="$t" 'NR > 1 && $1 <= t { c = $2 } END {
    if (c == "") printf "cond at %2d s: none feasible yet\n", t; else printf "cond at %2d s: %.3f\n", t, c }' \
    "$out/history.csv"
done
echo
cat "$out/summary.txt"
