#!/usr/bin/env bash
# Writes the fuzz targets' seed inputs into tests/fuzz/corpus/NAME/ from the bundled files:
# definitions with their scripts, positions and move texts from random games, game records,
# agent requests, and every Lua file. Run once (the seeds are kept in the repository); the
# corpus then grows from fuzzing (README.md).
# Usage (from the repository): tests/fuzz/make_seeds.sh PATH/TO/boardlab
set -euo pipefail
bin=${1:?usage: make_seeds.sh PATH/TO/boardlab}
out=tests/fuzz/corpus
mkdir -p "$out"/{definition,position,move_text,record,agent_request,instrument,weights}
export LC_ALL=C
mapfile -t games < <(ls definitions/*.yaml | sort)

for i in "${!games[@]}"; do
  file=${games[$i]} game=$(basename "${games[$i]}" .yaml)
  pick="\\x$(printf %02x "$i")"  # a printf escape: the first byte picks the game
  # The smallest shipped weights file, after its game's byte (libFuzzer mutates inputs up to
  # the longest seed).
  if [ "$game" = english-checkers ]; then
    { printf "$pick"; cat definitions/weights/$game.weights; } >"$out/weights/$game"
    # The same parameters read as an antisymmetric network (its file's other first line).
    { printf "$pick"; sed '1s/^boardlab-weights 1$/boardlab-weights 2/' definitions/weights/$game.weights; } \
      >"$out/weights/$game-antisymmetric"
  fi
  # A definition that stands alone, its script beside it as game.lua, after a NUL byte.
  if ! grep -q '^extends:' "$file"; then
    script=$(sed -n 's/^script: *//p' "$file")
    { sed 's/^script: .*/script: game.lua/' "$file"; printf '\0'; cat "definitions/$script"; } >"$out/definition/$game"
  fi
  # Positions and the moves' texts along a random game; records of two random games.
  players=()
  for p in $(sed -n 's/^  - *{*name: *\([a-z]*\).*/\1/p' "$file"); do players+=(--player "$p=random"); done
  for seed in 1 2; do
    rec=$(mktemp)
    timeout 20 "$bin" play "$game" "${players[@]}" --seed "$seed" --record "$rec" </dev/null >/dev/null 2>&1 || true
    # Short records only: libFuzzer mutates inputs up to the longest seed.
    [ -s "$rec" ] && [ "$(stat -c %s "$rec")" -le 32768 ] && cp "$rec" "$out/record/$game-$seed"
    rm -f "$rec"
  done
  n=0
  listed=$("$bin" moves "$game" --json 2>/dev/null || "$bin" moves "$game" --json --dice 3,1 2>/dev/null || true)
  head -6 <<<"$listed" | while IFS= read -r line; do
    [ -n "$line" ] || continue
    n=$((n + 1))
    position=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["position"], end="")' "$line")
    move=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["move"], end="")' "$line")
    printf "$pick%s" "$position" >"$out/position/$game-$n"
    printf "$pick\\x00%s" "$move" >"$out/move_text/$game-$n"
    printf "$pick{\"position\": \"%s\"}" "$position" >"$out/agent_request/$game-$n"
  done
done
# A track game's request in gnubg's counts.
printf '\x0e{"to_move": 0, "dice": [3, 1], "sides": [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0]]}' \
  >"$out/agent_request/track-sides"
for f in scripts/*.lua scripts/lib/*.lua; do cp "$f" "$out/instrument/$(basename "$f")"; done
echo "seeds: $(find "$out" -type f | wc -l) files"
