#!/usr/bin/env bash
# Runs the libFuzzer targets for a while each (a development task, not part of
# the tests): new interesting inputs go to $EB_FUZZ_WORK/<target>/, crashes,
# timeouts and out-of-memory inputs to $EB_FUZZ_WORK/artifacts/<target>/.
# Fix what it finds, minimize the input (-minimize_crash=1) and copy it into
# fuzz/corpus/<target>/ so the corpus replay keeps it fixed.
# Usage: fuzz/run_fuzz.sh [seconds per target] [target ...]
#   needs a clang build with -DEXCITEBENCH_FUZZ=ON in $EB_FUZZ_BUILD (default build-fuzz).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-180}"
shift || true
build="${EB_FUZZ_BUILD:-$root/build-fuzz}"
work="${EB_FUZZ_WORK:-/tmp/eb-fuzz}"
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(fuzz_urdf_import fuzz_dh_yaml fuzz_dh_csv fuzz_csv_log_import fuzz_params_json fuzz_excitation_json
           fuzz_trajectory_csv fuzz_log_mapping fuzz_project_file)
fi
export ASAN_OPTIONS="detect_leaks=1:print_stacktrace=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
for t in "${targets[@]}"; do
  mkdir -p "$work/$t" "$work/artifacts/$t"
  echo "== $t: $seconds s"
  "$build/fuzz/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=64 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="$work/artifacts/$t/" "$work/$t" "$root/fuzz/corpus/$t" \
    >"$work/$t.log" 2>&1 || echo "   $t stopped: see $work/$t.log"
  grep -E "^stat::number_of_executed_units|^stat::new_units_added|ERROR|FUZZ BUG" "$work/$t.log" | head -5 || true
  ls "$work/artifacts/$t" | head
done
