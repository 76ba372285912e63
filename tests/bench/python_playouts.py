"""Random playouts from Python against `boardlab bench` on the same game, in one run, as a
ratio of plies per second (docs/python.md). A benchmark, not a test: the machine's load moves
both figures, so only the ratio of two runs made side by side means anything.
Usage: PYTHONPATH=build/python python3 tests/bench/python_playouts.py BOARDLAB [GAME...] [--seconds S]"""
import argparse
import re
import subprocess
import time

import boardlab


def python_plies_per_second(game, seconds, seed=1):
    """Plays as the CLI's random playout does (one Rng for the dice and the moves)."""
    plies, games, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng = boardlab.Rng(boardlab.game_seed(seed, games))
        state = game.new_initial_state()
        while not state.is_terminal() and state.move_number() < 1000:
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.below(len(legal))])
                plies += 1
        games += 1
    return plies / (time.perf_counter() - start), games


def cli_plies_per_second(program, name, seconds):
    out = subprocess.run([program, "bench", name, "--seconds", str(seconds), "--max-plies", "1000"],
                         capture_output=True, text=True, check=True).stdout
    m = re.search(r"^plies/s:\s*([\d.]+)", out, re.M)
    if not m:
        raise SystemExit(f"no plies/s in `boardlab bench {name}`:\n{out}")
    return float(m.group(1).replace(",", ""))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("boardlab")
    ap.add_argument("games", nargs="*", default=["dipole", "breakthrough", "hypergammon", "connect-four"])
    ap.add_argument("--seconds", type=float, default=5)
    a = ap.parse_args()
    print(f"{'game':16} {'C++ plies/s':>12} {'Python plies/s':>15} {'ratio':>6}")
    for name in a.games:
        cpp = cli_plies_per_second(a.boardlab, name, a.seconds)
        py, _ = python_plies_per_second(boardlab.load_game(name), a.seconds)
        print(f"{name:16} {cpp:12,.0f} {py:15,.0f} {py / cpp:6.2f}")


if __name__ == "__main__":
    main()
