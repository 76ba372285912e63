#!/usr/bin/env bash
# One command from a fresh Debian machine: installs what is missing, builds, then either
# runs boardlab (`cli/run.sh play death-stacks`, or any other subcommand) or, with `test`,
# builds the sanitizer variant too and runs every test in both builds.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

packages=(g++ cmake ninja-build pkg-config libyaml-cpp-dev libluajit-5.1-dev libfmt-dev catch2
          libcli11-dev nlohmann-json3-dev libbenchmark-dev libedit-dev libeigen3-dev libcpp-httplib-dev
          pybind11-dev python3-dev)
# The tests also ask GNU Backgammon for legal moves (tests/gnubg/), drive a terminal (tmux)
# and open simulate's HTML report in a headless browser (chromium); the fuzz targets need
# clang and its libFuzzer; the install test builds the Debian package (dpkg-dev); the Python
# module's tests use pytest, numpy, pandas and matplotlib (Debian's, for Debian's python3).
[ "${1:-}" = "test" ] && packages+=(gnubg python3 tmux chromium clang libclang-rt-dev dpkg-dev
                                    python3-pytest python3-numpy python3-pandas python3-matplotlib)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
fi

# The release build: optimised, with line tables for perf and callgrind (-g1: no variables,
# a quarter less compile time than -g).
release=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG")
# Every build here compiles its files in batches of 8 (CMake's unity build): the heavy
# headers (CLI11, nlohmann-json, fmt, the standard library) are parsed once a batch instead
# of once a file. Measured on 2 cores, -O2 -g1: the program in 102 s instead of 239 s, the
# tests in 69 s instead of 115 s. A build by hand (cmake -S . -B DIR) compiles file by file,
# which checks that each file includes what it uses.
unity=(-DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=8)
build() {  # build DIR [--target T] [cmake options...]
  local dir=$1 target=()
  shift
  [ "${1:-}" = "--target" ] && { target=(--target "$2"); shift 2; }
  [ -f "$dir/build.ninja" ] || cmake -S . -B "$dir" -G Ninja "${unity[@]}" "$@" >&2
  cmake --build "$dir" "${target[@]}" >&2
}

if [ "${1:-}" = "test" ]; then
  build build "${release[@]}"
  # The sanitizer builds with clang, optimised lightly, with line tables only: the same checks,
  # quicker to build and to test than an unoptimised gcc build (measured on 2 cores: 7 min to
  # build from scratch and 4 min of tests, where gcc -O0's tests took 11). The fuzz and
  # thread-sanitizer builds make only what their tests run.
  light=(-DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=None "-DCMAKE_CXX_FLAGS=-O1 -gline-tables-only"
         -DBOARDLAB_BENCHMARKS=OFF)
  build build-asan -DBOARDLAB_SANITIZE=ON "${light[@]}"
  build build-fuzz --target fuzzers -DBOARDLAB_FUZZ=ON "${light[@]}"
  build build-tsan --target boardlab -DBOARDLAB_TSAN=ON "${light[@]}"
  echo "== release build" >&2
  ctest --test-dir build --output-on-failure -j2
  echo "== address and undefined-behaviour sanitizers" >&2
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --test-dir build-asan --output-on-failure -j2
  echo "== fuzzing (libFuzzer, address and undefined-behaviour sanitizers)" >&2
  ctest --test-dir build-fuzz --output-on-failure -j2
  echo "== thread sanitizer" >&2
  ctest --test-dir build-tsan --output-on-failure
else
  # Only the program: the tests and benchmarks are built by `test`.
  build build --target boardlab "${release[@]}"
  exec build/cli/boardlab "$@"
fi
