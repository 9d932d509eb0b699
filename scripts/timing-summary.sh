#!/usr/bin/env bash
# Prints the stage times test.sh and test-sanitizers.sh recorded ("name seconds" lines) as a
# short table, with the compiler cache's hit rate when ccache is in use.
# Usage: scripts/timing-summary.sh TIMING_FILE [EXIT_STATUS]
set -uo pipefail
file=$1 rc=${2:-0}
[ -s "$file" ] || exit 0
echo
echo "timing summary (wall-clock seconds)$([ "$rc" = 0 ] || echo ", stopped by a failure (exit $rc)"):"
total=0
while read -r line; do
  name=${line% *} seconds=${line##* }
  printf '  %-18s %6d s\n' "$name" "$seconds"
  total=$((total + seconds))
done <"$file"
printf '  %-18s %6d s  (%d min %02d s)\n' "total" "$total" $((total / 60)) $((total % 60))
if command -v ccache >/dev/null 2>&1; then
  ccache --print-stats 2>/dev/null | awk -F'\t' '
    $1 == "direct_cache_hit" || $1 == "preprocessed_cache_hit" { hits += $2 }
    $1 == "cache_miss" { misses += $2 }
    END { if (hits + misses > 0) printf "  ccache: %d of %d compilations from the cache\n", hits, hits + misses }'
fi
