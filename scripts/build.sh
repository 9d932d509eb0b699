#!/usr/bin/env bash
# Configures and builds ExciteBench (Release, Ninja, unity batches, ccache when installed)
# into build/. Used by run.sh (the applications only) and test.sh (everything).
# Usage: scripts/build.sh [TARGET ...] [-DOPTION=VALUE ...]
#   no TARGET: every target (tests, benchmarks, fuzz replays); -D options go to cmake.
#   EB_BUILD_DIR, EB_JOBS override the folder and the job count (2).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${EB_BUILD_DIR:-$root/build}"
targets=() cmake_args=()
for a in "$@"; do
  case "$a" in -D*) cmake_args+=("$a") ;; *) targets+=(--target "$a") ;; esac
done
generator=()
# A folder configured before keeps its generator (cmake refuses to switch).
if [ ! -f "$build/CMakeCache.txt" ] && command -v ninja >/dev/null 2>&1; then generator=(-G Ninja); fi
cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release "${cmake_args[@]}" >/dev/null
cmake --build "$build" -j"${EB_JOBS:-2}" "${targets[@]}"
