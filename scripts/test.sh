#!/usr/bin/env bash
# Second README command: install what is missing, build everything and run all
# tests with ctest (GUI tests run under xvfb-run, started by ctest itself), then
# the sanitizer pass (scripts/test-sanitizers.sh; EB_SKIP_SANITIZERS=1 skips it).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${EB_BUILD_DIR:-$root/build}"
bash "$root/scripts/install-deps.sh"
bash "$root/scripts/build.sh"
cd "$build"
ctest --output-on-failure -j"${EB_JOBS:-2}" --timeout 900
# Then the engine and CLI tests and the fuzz corpus replays again under ASan + UBSan.
if [ "${EB_SKIP_SANITIZERS:-0}" != 1 ]; then
  bash "$root/scripts/test-sanitizers.sh"
fi
