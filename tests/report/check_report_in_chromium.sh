#!/bin/sh
# Opens an identification report in headless Chromium (Debian's chromium) and checks that it
# renders: every section id is in the rendered DOM, and the browser logged no console message
# (the report has no script, so any CONSOLE line is a fault: a blocked resource, a parse error).
# Optionally saves a screenshot (docs/ keeps one of the demo's report).
#
#   check_report_in_chromium.sh REPORT.html [--screenshot OUT.png] [--ids "robot logs ..."]
#
# Exit 0: renders; 1: a section is missing or the console complained; 2: usage; 77: no
# chromium on this machine (ctest's SKIP_RETURN_CODE; the script never installs it).
set -u

report=""
screenshot=""
ids="robot logs settings information base-parameters links friction validation drift closed-loop checks"
while [ $# -gt 0 ]; do
  case "$1" in
    --screenshot) screenshot="$2"; shift 2 ;;
    --ids) ids="$2"; shift 2 ;;
    -*) echo "usage: $0 REPORT.html [--screenshot OUT.png] [--ids \"id ...\"]" >&2; exit 2 ;;
    *) report="$1"; shift ;;
  esac
done
if [ -z "$report" ] || [ ! -f "$report" ]; then
  echo "usage: $0 REPORT.html [--screenshot OUT.png] [--ids \"id ...\"] (report not found: '$report')" >&2
  exit 2
fi

browser=""
for candidate in chromium chromium-browser google-chrome; do
  if command -v "$candidate" >/dev/null 2>&1; then browser="$candidate"; break; fi
done
if [ -z "$browser" ]; then
  echo "skipped: no chromium on this machine (apt-get install chromium)"
  exit 77
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
url="file://$(cd "$(dirname "$report")" && pwd)/$(basename "$report")"
# A profile of its own: a first-run or a locked default profile must not change the result.
common="--headless --disable-gpu --no-sandbox --no-first-run --user-data-dir=$work/profile --enable-logging=stderr --v=0"

# shellcheck disable=SC2086
timeout 120 "$browser" $common --dump-dom "$url" >"$work/dom.html" 2>"$work/dom.log"
status=$?
if [ $status -ne 0 ]; then
  echo "FAIL: $browser --dump-dom exited with $status"
  cat "$work/dom.log"
  exit 1
fi

failed=0
for id in $ids; do
  if ! grep -q "id=\"$id\"" "$work/dom.html"; then
    echo "FAIL: section '$id' not in the rendered page"
    failed=1
  fi
done
if grep -q "CONSOLE(" "$work/dom.log"; then
  echo "FAIL: console messages while rendering:"
  grep "CONSOLE(" "$work/dom.log"
  failed=1
fi

if [ -n "$screenshot" ]; then
  # shellcheck disable=SC2086
  timeout 120 "$browser" $common --hide-scrollbars --window-size=1200,3000 --screenshot="$screenshot" "$url" \
    >"$work/shot.log" 2>&1
  if [ ! -s "$screenshot" ]; then
    echo "FAIL: no screenshot written to $screenshot"
    cat "$work/shot.log"
    failed=1
  fi
  if grep -q "CONSOLE(" "$work/shot.log"; then
    echo "FAIL: console messages while taking the screenshot:"
    grep "CONSOLE(" "$work/shot.log"
    failed=1
  fi
fi

if [ $failed -eq 0 ]; then echo "ok: $report renders with every section ($browser)"; fi
exit $failed
