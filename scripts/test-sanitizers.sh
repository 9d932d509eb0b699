#!/usr/bin/env bash
# Sanitizer pass: a second build (build-asan/) with AddressSanitizer and
# UndefinedBehaviorSanitizer (-DEXCITEBENCH_SANITIZE=ON), -O2 -g1 with assertions
# on (Eigen's index checks too), no GUI and no benchmarks. Builds only the engine test executables, the CLI and its
# tests and the fuzz corpus replays, and runs them with ctest; any sanitizer
# report (memory error, leak, undefined behaviour) fails the run.
# scripts/test.sh calls it after the normal test run (EB_SKIP_SANITIZERS=1 skips it).
# Usage: scripts/test-sanitizers.sh            (EB_ASAN_BUILD_DIR, EB_JOBS override)
# Stage times go to $EB_TIMING_FILE when test.sh set it; run alone, the script prints them.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${EB_ASAN_BUILD_DIR:-$root/build-asan}"
jobs="${EB_JOBS:-2}"
start=$SECONDS
if [ -z "${EB_TIMING_FILE:-}" ]; then
  EB_TIMING_FILE=$(mktemp)
  trap 'rc=$?; bash "$root/scripts/timing-summary.sh" "$EB_TIMING_FILE" "$rc"; rm -f "$EB_TIMING_FILE"' EXIT
fi

# Every report is fatal and printed with its stack (also for the test discovery at build time).
export ASAN_OPTIONS="halt_on_error=1:abort_on_error=1:detect_leaks=1:print_stacktrace=1:strict_init_order=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export LSAN_OPTIONS="suppressions=$root/scripts/lsan.supp:print_suppressions=0"

generator=()
if [ ! -f "$build/CMakeCache.txt" ] && command -v ninja >/dev/null 2>&1; then generator=(-G Ninja); fi
# -O2, not -O1: the build takes about the same time and the optimizer tests run 1.7x faster
# (more of Eigen's small fixed-size products are inlined under the instrumentation; measured,
# docs/build-times.md).
# -g1 keeps line numbers in reports; no -DNDEBUG, so assert() and eigen_assert check too.
cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DEXCITEBENCH_SANITIZE=ON \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1" \
  -DEXCITEBENCH_BUILD_GUI=OFF -DEXCITEBENCH_BUILD_BENCH=OFF -DEXCITEBENCH_BUILD_TESTS=ON >/dev/null

# Only what the tests need: test_<module>, the CLI tests (they build the CLI), the replays.
mapfile -t targets < <(cmake --build "$build" --target help |
  sed -n 's/^\(\.\.\. \)\{0,1\}\([A-Za-z0-9_.+-]*\)\([: ].*\)\{0,1\}$/\2/p' |
  grep -E '^(test_[a-z_]+|excitebench-cli|fuzz_[a-z_]+_replay)$' | sort -u)
if [ ${#targets[@]} -eq 0 ]; then
  echo "test-sanitizers: no test targets found in $build" >&2
  exit 1
fi
echo "test-sanitizers: building ${targets[*]}"
cmake --build "$build" -j"$jobs" --target "${targets[@]}"
echo "sanitizer build $((SECONDS - start))" >>"$EB_TIMING_FILE"
tests_start=$SECONDS

cd "$build"
# Wall-clock assertions do not hold under the sanitizers' 2-3x slowdown: such tests are
# excluded here (they run in the normal build), and so is report.chromium: the whole demo under
# ASan to render one page a browser checks, which the normal build does. EB_SANITIZER_EXCLUDE
# overrides the regex.
exclude="${EB_SANITIZER_EXCLUDE:-ExcitationOptimizer.CancelReturnsQuickly|report.chromium}"
ctest --output-on-failure -j"$jobs" --timeout 1800 ${exclude:+-E "$exclude"}
echo "sanitizer tests $((SECONDS - tests_start))" >>"$EB_TIMING_FILE"
echo "test-sanitizers: passed in $((SECONDS - start)) s"
