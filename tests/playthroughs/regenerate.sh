#!/usr/bin/env bash
# Rewrites every golden playthrough (tests/playthroughs/NAME.txt) with what the rules make
# now, each by the command on its first line; NEW=NAME writes one for a new game first. Run
# it only after reading the test's diff and deciding the change of behaviour is meant, and
# commit the files with the change that caused it.
#   tests/playthroughs/regenerate.sh [BOARDLAB]         (default: build/cli/boardlab)
#   NEW=my-game tests/playthroughs/regenerate.sh
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
boardlab=${1:-$root/build/cli/boardlab}
dir=$root/tests/playthroughs
if [ -n "${NEW:-}" ]; then
  "$boardlab" playouts "$NEW" --text --games 2 --seed 1 --max-plies 0 > "$dir/$NEW.txt"
fi
for file in "$dir"/*.txt; do
  read -r -a command < "$file"
  [ "${command[0]} ${command[1]}" = "boardlab playouts" ] || { echo "$file: not a playthrough" >&2; exit 2; }
  "$boardlab" "${command[@]:1}" > "$file.new"
  mv "$file.new" "$file"
done
