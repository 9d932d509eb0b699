#!/usr/bin/env bash
# First README command: install what is missing, build the applications (not the tests,
# benchmarks or fuzz replays: scripts/test.sh builds those), and run the main job on the
# built-in default robot (panda). With a display: the workbench; without one: the headless
# pipeline.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${EB_BUILD_DIR:-$root/build}"
bash "$root/scripts/install-deps.sh"
bash "$root/scripts/build.sh" excitebench excitebench-cli excitebench-identify
if [ -x "$build/app/gui/excitebench" ] && [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec "$build/app/gui/excitebench" "$@"
fi
if "$build/app/excitebench-cli" demo --help >/dev/null 2>&1; then
  exec "$build/app/excitebench-cli" demo "$@"
fi
exec "$build/app/excitebench-cli" info panda
