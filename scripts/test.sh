#!/usr/bin/env bash
# Second README command: install what is missing, build everything and run all tests with
# ctest (GUI tests run under xvfb-run, started by ctest itself), then the sanitizer pass
# (scripts/test-sanitizers.sh; EB_SKIP_SANITIZERS=1 skips it). Ends with a timing summary
# (docs/build-times.md explains the figures).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${EB_BUILD_DIR:-$root/build}"
export EB_TIMING_FILE="${EB_TIMING_FILE:-$(mktemp)}"
: >"$EB_TIMING_FILE"
# Seconds of one stage, appended as "name seconds" for the summary.
stage() {
  local name=$1 start=$SECONDS
  shift
  "$@"
  echo "$name $((SECONDS - start))" >>"$EB_TIMING_FILE"
}
summary() {
  local rc=$?
  bash "$root/scripts/timing-summary.sh" "$EB_TIMING_FILE" "$rc"
  rm -f "$EB_TIMING_FILE"
}
trap summary EXIT

stage "install" bash "$root/scripts/install-deps.sh"
command -v ccache >/dev/null 2>&1 && ccache --zero-stats >/dev/null
stage "build" bash "$root/scripts/build.sh"
cd "$build"
stage "tests" ctest --output-on-failure -j"${EB_JOBS:-2}" --timeout 900
# Then the engine and CLI tests and the fuzz corpus replays again under ASan + UBSan.
if [ "${EB_SKIP_SANITIZERS:-0}" != 1 ]; then
  bash "$root/scripts/test-sanitizers.sh"
fi
