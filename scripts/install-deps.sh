#!/usr/bin/env bash
# Installs the Debian 12 packages ExciteBench needs to build, test and run.
# Idempotent: only missing packages are installed, `apt-get update` runs once
# and only when something is missing.
set -euo pipefail

packages=(
  build-essential cmake pkg-config ninja-build ccache
  libeigen3-dev liburdfdom-dev liburdfdom-headers-dev libpugixml-dev
  libcli11-dev nlohmann-json3-dev libyaml-cpp-dev
  libnlopt-cxx-dev libceres-dev libmatio-dev
  libzstd-dev liblz4-dev libdeflate-dev libsqlite3-dev zlib1g-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev
  libopenscenegraph-dev libassimp-dev
  xvfb xauth mesa-utils libgl1-mesa-dri imagemagick
  clang libclang-rt-14-dev
  pybind11-dev python3-dev python3-numpy python3-pytest
)
# Optional: MuJoCo is the in-run speed reference of the benchmarks; matplotlib draws the Python
# example's plot (examples/identify_panda.py runs without it).
# chromium: the identification report is opened in it headless by a test (skipped without it).
optional=(libmujoco-dev python3-matplotlib chromium)

missing=()
for p in "${packages[@]}" "${optional[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
echo "install-deps: installing ${missing[*]}" >&2
$SUDO apt-get update -qq
# Required packages first: a missing optional package must not block the build.
req_missing=()
for p in "${missing[@]}"; do
  case " ${optional[*]} " in *" $p "*) ;; *) req_missing+=("$p");; esac
done
if [ ${#req_missing[@]} -gt 0 ]; then
  $SUDO apt-get install -y -qq --no-install-recommends "${req_missing[@]}" >/dev/null
fi
for p in "${optional[@]}"; do
  $SUDO apt-get install -y -qq --no-install-recommends "$p" >/dev/null 2>&1 \
    || echo "install-deps: optional package $p not available; continuing" >&2
done
