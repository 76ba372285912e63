#!/usr/bin/env bash
# The threaded paths under the thread sanitizer: simulate on two threads (games spread over
# workers, each with its own VM), mcts searching on two threads, compare and the ladder on
# two threads, and serve's thread pool under concurrent games. Any data race reported fails
# the test.
# Usage (from the repository): test_threads.sh PATH/TO/boardlab (built with BOARDLAB_TSAN)
set -euo pipefail
bin=${1:?usage: test_threads.sh PATH/TO/boardlab}
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1 suppressions=$(dirname "$0")/suppressions.txt ${TSAN_OPTIONS:-}"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
step() {
  echo "== $*"
  "$bin" "$@" >"$out/log" 2>&1 || { tail -40 "$out/log"; echo "FAIL: boardlab $*"; exit 1; }
}
step simulate dipole --games 24 --threads 2 --out "$out/sim"
step simulate hypergammon --games 4 --threads 2 --agents mcts:iterations=40,threads=2,greedy --out "$out/mcts"
step simulate english-checkers --games 2 --threads 1 --agents mcts:iterations=60,threads=2,random --max-plies 60 --out "$out/mcts1"
step compare dipole --option first_player=black --games 40 --batch 20 --threads 2
step simulate breakthrough-6x6 --ladder --agents random,greedy --games 6 --threads 2
echo "== serve: 8 games at once for 10 s"
python3 tests/web/load_test.py "$bin" 8 10 8000 >"$out/log" 2>&1 || { tail -40 "$out/log"; echo "FAIL: serve under load"; exit 1; }
echo "no data race in the threaded paths"
