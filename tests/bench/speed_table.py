"""The interpreter against the hand-written playouts of tests/bench/, every pair in one run:
each Google Benchmark binary run once per round (its Interpreter* and Handwritten*
benchmarks one after the other, the same seeds), rounds alternating over the binaries; a
Markdown table of the ratio of plies per CPU-second in each round and their median, headed
by the machine, the date, the load and the commit. The speed table of docs/results.md is
this script's output, pasted whole.
Usage: python3 tests/bench/speed_table.py BUILD_DIR [--rounds 5]   (a Release or RelWithDebInfo build)"""
import argparse
import datetime
import json
import os
import pathlib
import platform
import re
import statistics
import subprocess

# The game each pair measures: the binary's own game for a bare Interpreter/Handwritten
# pair (bench_connect_four: connect-four), else the suffix in words
# (InterpreterDoubleDraughts: double-draughts).
OWN_GAME = {"checkers": "english-checkers"}


def kebab(name):
    return re.sub(r"(?<!^)(?=[A-Z])", "-", name).lower()


def run_binary(path):
    """{game: (interpreter plies/s, hand-written plies/s)} from one run of a bench binary."""
    out = subprocess.run([str(path), "--benchmark_format=json", "--benchmark_filter=^(Interpreter|Handwritten)"],
                         capture_output=True, text=True, check=True).stdout
    rates = {}
    for b in json.loads(out)["benchmarks"]:
        m = re.match(r"(Interpreter|Handwritten)([A-Za-z]*)", b["name"])
        binary = path.name.removeprefix("bench_")
        game = kebab(m.group(2)) if m.group(2) else OWN_GAME.get(binary, binary.replace("_", "-"))
        rates.setdefault(game, {})[m.group(1)] = b["plies/s"]
    return {g: (r["Interpreter"], r["Handwritten"]) for g, r in rates.items() if len(r) == 2}


def machine():
    cpu = "unknown CPU"
    try:
        cpu = re.search(r"model name\s*:\s*(.*)", pathlib.Path("/proc/cpuinfo").read_text()).group(1)
    except (OSError, AttributeError):
        pass
    return f"{os.cpu_count()} cores, {cpu}, {platform.system()} {platform.release()}"


def load():
    return pathlib.Path("/proc/loadavg").read_text().split()[0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--rounds", type=int, default=5)
    a = ap.parse_args()
    binaries = sorted(p for p in pathlib.Path(a.build, "tests").glob("bench_*")
                      if p.is_file() and os.access(p, os.X_OK) and p.name != "bench_learned_eval")
    if not binaries:
        raise SystemExit(f"no bench_* binaries in {a.build}/tests: build with -DBOARDLAB_BENCHMARKS=ON")
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    load_before = load()
    rounds = []  # per round: {game: (interpreter, hand-written)}
    for _ in range(a.rounds):
        this = {}
        for b in binaries:
            this.update(run_binary(b))
        rounds.append(this)
    print(f"{datetime.date.today()}, commit {commit}, {machine()}; load average {load_before} before, {load()} after;")
    print(f"`python3 tests/bench/speed_table.py {a.build} --rounds {a.rounds}` (plies per CPU-second, random playouts)")
    print()
    print("| game | boardlab | hand-written | ratio per round | median ratio |")
    print("|---|---:|---:|---|---:|")
    for game in sorted(rounds[0]):
        ratios = [r[game][0] / r[game][1] for r in rounds]
        med = statistics.median(ratios)
        mid = min(rounds, key=lambda r: abs(r[game][0] / r[game][1] - med))[game]  # the median round's figures
        print(f"| {game} | {mid[0] / 1e6:.2f} M | {mid[1] / 1e6:.2f} M | {', '.join(f'{x:.2f}' for x in ratios)} | {med:.2f} |")


if __name__ == "__main__":
    main()
