#!/usr/bin/env bash
# Installing: `cmake --install` into a fresh prefix and the Debian package (cpack) unpacked
# into another, each then moved, and run from an empty folder with only its own files:
# list, play piped, simulate, serve, the man page and completion, the Python module; and the data lookup
# (BOARDLAB_HOME, the user's game folders, the message when nothing is found).
# Usage: test_install.sh BUILD_DIR (run from the repository).
set -u
build=$(cd "${1:?usage: test_install.sh BUILD_DIR}" && pwd)
tmp=$(mktemp -d)
trap 'kill $server 2>/dev/null; rm -rf "$tmp"' EXIT
server=""
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
# expect DESCRIPTION TEXT FILE: the file holds the text.
expect() { if grep -qF -- "$2" "$3"; then ok; else bad "$1: no '$2' in"; head -5 "$3" | sed 's/^/  | /'; fi; }

# Runs the installed program under prefix $1, from an empty folder, with a bare environment
# (no BOARDLAB_HOME, HOME in the scratch folder); output in $tmp/out, $tmp/err.
installed() {
  local prefix=$1; shift
  mkdir -p "$tmp/empty" "$tmp/home"
  (cd "$tmp/empty" && env -i PATH=/usr/bin:/bin HOME="$tmp/home" "$prefix/bin/boardlab" "$@" <"${INPUT:-/dev/null}" >"$tmp/out" 2>"$tmp/err")
}

# check_prefix NAME PREFIX: everything a user does first, from this prefix only.
check_prefix() {
  local name=$1 prefix=$2
  installed "$prefix" list && expect "$name: list" "death-stacks-black-first " "$tmp/out" && expect "$name: list" "Death Stacks (Black first)" "$tmp/out" || bad "$name: list failed: $(head -3 "$tmp/err")"
  printf 'a6-a4\nquit\n' >"$tmp/in"
  INPUT=$tmp/in installed "$prefix" play death-stacks --seed 1 &&
    expect "$name: play" "a6-a4" "$tmp/out" || bad "$name: play failed: $(head -3 "$tmp/err")"
  installed "$prefix" simulate dipole --games 10 --out "$tmp/sim-$name" && expect "$name: simulate" "dipole: 10 games" "$tmp/out" ||
    bad "$name: simulate failed: $(head -3 "$tmp/err")"
  installed "$prefix" --version && expect "$name: --version" "boardlab 0." "$tmp/out" || bad "$name: --version"
  [ -f "$prefix/share/man/man1/boardlab.1" ] && ok || bad "$name: no man page"
  [ -f "$prefix/share/bash-completion/completions/boardlab" ] && ok || bad "$name: no bash completion"
  [ -f "$prefix/share/doc/boardlab/definitions.md" ] && ok || bad "$name: no docs"
  # serve: the page and a game over HTTP, then stopped.
  # exec: $! is then the server itself, which the kill below stops (a subshell left it running).
  (cd "$tmp/empty" && exec env -i PATH=/usr/bin:/bin HOME="$tmp/home" "$prefix/bin/boardlab" serve --port 0 >"$tmp/serve.out" 2>&1) &
  server=$!
  local url="" i
  for i in $(seq 50); do url=$(grep -o 'http://[0-9.:]*' "$tmp/serve.out" | head -1); [ -n "$url" ] && break; sleep 0.2; done
  if [ -n "$url" ] && python3 - "$url" <<'PY'
import json, sys, urllib.request
url = sys.argv[1]
page = urllib.request.urlopen(url + "/").read().decode()
assert "<html" in page.lower(), page[:200]
req = urllib.request.Request(url + "/api/games", data=json.dumps({"game": "dipole"}).encode(), headers={"Content-Type": "application/json"})
game = json.loads(urllib.request.urlopen(req).read())
assert "id" in game and game["legal"], game
PY
  then ok; else bad "$name: serve: $(head -3 "$tmp/serve.out")"; fi
  kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; server=""
  # The Python module, from the prefix alone: it finds the games from where it lies.
  local site
  site=$(ls -d "$prefix"/lib/python3*/dist-packages 2>/dev/null | head -1)
  if [ -z "$site" ]; then
    bad "$name: no Python package under $prefix/lib/python3*/dist-packages"
  elif (cd "$tmp/empty" && env -i PATH=/usr/bin:/bin HOME="$tmp/home" PYTHONPATH="$site" /usr/bin/python3 -c \
        "import boardlab; g = boardlab.load_game('hypergammon'); s = g.new_initial_state(); print(s.is_chance_node(), len(s.chance_outcomes()))" \
        >"$tmp/out" 2>"$tmp/err"); then
    expect "$name: python" "True 30" "$tmp/out"
  else
    bad "$name: import boardlab: $(tail -3 "$tmp/err")"
  fi
}

# 1. cmake --install into a prefix, then the prefix moved elsewhere.
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null || bad "cmake --install"
mv "$tmp/prefix" "$tmp/moved-prefix"
check_prefix install "$tmp/moved-prefix"

# 2. The Debian package: built by cpack, its dependencies named, unpacked and moved.
if command -v dpkg-deb >/dev/null && command -v dpkg-shlibdeps >/dev/null; then
  (cd "$tmp" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/pkg" >"$tmp/cpack.log" 2>&1) || bad "cpack: $(tail -5 "$tmp/cpack.log")"
  deb=$(ls "$tmp"/pkg/boardlab_*.deb 2>/dev/null | head -1)
  if [ -n "$deb" ]; then
    ok
    dpkg-deb -f "$deb" Depends >"$tmp/depends"
    for lib in libluajit libyaml-cpp libfmt; do expect "package depends" "$lib" "$tmp/depends"; done
    dpkg-deb -x "$deb" "$tmp/root" && mv "$tmp/root/usr" "$tmp/usr-moved"
    check_prefix deb "$tmp/usr-moved"
  else
    bad "cpack wrote no boardlab_*.deb"
  fi
else
  echo "skipped the package: no dpkg-deb or dpkg-shlibdeps (dpkg-dev)"
fi

# 3. Finding the data and the user's games.
prefix=$tmp/moved-prefix
mkdir -p "$tmp/home/.local/share/boardlab/games" "$tmp/mine"
sed 's/^name: .*/name: my-four/; s/^title: .*/title: My Four/' definitions/connect-four.yaml >"$tmp/home/.local/share/boardlab/games/my-four.yaml"
installed "$prefix" list && expect "list: your games" "my-four" "$tmp/out" && expect "list: your games" "Your games" "$tmp/out" || bad "list with a user game"
installed "$prefix" perft my-four 2 && expect "a user game by name" "perft 2 49" "$tmp/out" || bad "perft my-four: $(head -3 "$tmp/err")"
cp "$tmp/home/.local/share/boardlab/games/my-four.yaml" "$tmp/mine/path-four.yaml"
(cd "$tmp/empty" && env -i PATH=/usr/bin:/bin HOME="$tmp/home" BOARDLAB_PATH="$tmp/mine" "$prefix/bin/boardlab" perft path-four 2 >"$tmp/out" 2>"$tmp/err") &&
  expect "BOARDLAB_PATH" "perft 2 49" "$tmp/out" || bad "BOARDLAB_PATH: $(head -3 "$tmp/err")"
(cd "$tmp/empty" && env -i PATH=/usr/bin:/bin BOARDLAB_HOME="$tmp/empty" "$prefix/bin/boardlab" list >"$tmp/out" 2>"$tmp/err")
[ $? -ne 0 ] && expect "a wrong BOARDLAB_HOME" "BOARDLAB_HOME is $tmp/empty, which holds no definitions/" "$tmp/err" || bad "a wrong BOARDLAB_HOME was accepted"
# A program with no data beside it says where it looked.
mkdir -p "$tmp/lonely/bin" && cp "$prefix/bin/boardlab" "$tmp/lonely/bin/"
installed "$tmp/lonely" list
[ $? -ne 0 ] && expect "no data" "cannot find boardlab's data (definitions/ and scripts/lib/runtime.lua); looked in $tmp/lonely/share/boardlab" "$tmp/err" || bad "a program without data ran"

echo "install: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
