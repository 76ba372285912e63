#!/usr/bin/env bash
# Runs one fuzz target as a test: every past crash (tests/fuzz/crashes/NAME/) once, then
# fuzzing for SECONDS from the saved corpus (tests/fuzz/corpus/NAME/, which it replays
# first). New inputs go to a temporary folder, never into the source tree.
# Usage (from the repository): run_fuzzer.sh TARGET NAME SECONDS [more libFuzzer flags]
set -euo pipefail
bin=$1 name=$2 seconds=$3
shift 3
here=tests/fuzz
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
flags=(-timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 -print_final_stats=1)

shopt -s nullglob
crashes=("$here/crashes/$name"/*)
if [ ${#crashes[@]} -gt 0 ]; then
  echo "== $name: ${#crashes[@]} past crashes"
  if ! "$bin" "${flags[@]}" "${crashes[@]}" >"$work/log" 2>&1; then
    tail -60 "$work/log"
    echo "FAIL: a past crash is back"
    exit 1
  fi
fi
mkdir -p "$work/new" "$work/artifacts"
echo "== $name: the saved corpus, then fuzzing for $seconds s"
if ! "$bin" "${flags[@]}" -max_total_time="$seconds" -artifact_prefix="$work/artifacts/" "$@" \
    "$work/new" "$here/corpus/$name" >"$work/log" 2>&1; then
  tail -60 "$work/log"
  for f in "$work/artifacts"/*; do
    echo "== the input ($f), base64:"; base64 "$f" | head -40
  done
  echo "Once fixed, keep the input as a regression: tests/fuzz/crashes/$name/<what it was>"
  exit 1
fi
grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ *DONE)" "$work/log" || tail -3 "$work/log"
