#!/usr/bin/env bash
# Configures and builds ExciteBench (Release) into build/. Used by run.sh and test.sh.
# Usage: scripts/build.sh [extra cmake -D options]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${EB_BUILD_DIR:-$root/build}"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build "$build" -j"${EB_JOBS:-2}"
