# Shared by the CLI tests (test_cli.sh, test_terminal.sh): BIN, counters, scratch files, and
# the checks. Sourced after BIN is set.
bin_abs=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
pass=0 fail=0
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT

# run CODE DESCRIPTION -- ARGS...: runs boardlab with stdin from $INPUT, expects exit CODE.
run() {
  local code=$1 desc=$2
  shift 3
  printf '%s' "${INPUT:-}" | "$BIN" "$@" >"$out" 2>"$err"
  local got=$?
  if [ "$got" -ne "$code" ]; then
    echo "FAIL: $desc: exit $got, expected $code"; sed 's/^/  stderr: /' "$err" | head -5; fail=$((fail + 1)); return 1
  fi
  return 0
}
# has FILE TEXT DESCRIPTION: the file contains the text (fixed string).
has() {
  if grep -qF -- "$2" "$1"; then pass=$((pass + 1)); else echo "FAIL: $3: no '$2' in output"; head -20 "$1" | sed 's/^/  | /'; fail=$((fail + 1)); fi
}
lines() {
  local n; n=$(wc -l <"$1")
  if [ "$n" -eq "$2" ]; then pass=$((pass + 1)); else echo "FAIL: $3: $n lines, expected $2"; fail=$((fail + 1)); fi
}
# before FILE A B DESCRIPTION: the file's first line with text A comes before its first with B.
before() {
  local a b
  a=$(grep -nF -m1 -- "$2" "$1" | cut -d: -f1) b=$(grep -nF -m1 -- "$3" "$1" | cut -d: -f1)
  if [ -n "$a" ] && [ -n "$b" ] && [ "$a" -lt "$b" ]; then pass=$((pass + 1)); else
    echo "FAIL: $4: '$2' (line ${a:-none}) is not before '$3' (line ${b:-none})"; fail=$((fail + 1)); fi
}
