#!/usr/bin/env bash
# Builds excitebench-bench in Release and prints the benchmark table.
# Usage: bench/run_benchmarks.sh [extra Google Benchmark flags, e.g. --benchmark_filter=panda]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${EB_BENCH_BUILD_DIR:-$root/build-bench}"
bash "$root/scripts/install-deps.sh"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DEXCITEBENCH_BUILD_GUI=OFF -DEXCITEBENCH_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j2 --target excitebench-bench >/dev/null
"$build/bench/excitebench-bench" --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
  --benchmark_min_time=0.2 "$@"
