"""How often two legal moves share a route (action_ids.h) in each bundled game: over seeded
random games, the share of decisions where some move's id is beyond num_distinct_actions(),
and the share of moves whose id is. The table in docs/python.md comes from this script.
Usage: PYTHONPATH=build/python python3 tests/bench/action_id_sharing.py [--games N]"""
import argparse
import pathlib

import boardlab

REPO = pathlib.Path(__file__).resolve().parents[2]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    a = ap.parse_args()
    names = sorted(p.stem for p in (REPO / "definitions").glob("*.yaml") if not p.name.endswith(".test.yaml"))
    print(f"| game | num_distinct_actions | decisions with a shared route | moves beyond the route space |")
    print("|---|---|---|---|")
    for name in names:
        game = boardlab.load_game(name)
        n = game.num_distinct_actions()
        decisions = shared = moves = beyond = 0
        for i in range(a.games):
            rng = boardlab.Rng(boardlab.game_seed(1, i))
            state = game.new_initial_state()
            while not state.is_terminal() and state.move_number() < 1000:
                if state.is_chance_node():
                    state.apply_action(state.sample_chance_outcome(rng))
                    continue
                legal = state.legal_actions()
                over = sum(1 for x in legal if x >= n)
                decisions += 1
                shared += over > 0
                moves += len(legal)
                beyond += over
                state.apply_action(legal[rng.below(len(legal))])
        print(f"| {name} | {n:,} | {100 * shared / decisions:.1f}% | {100 * beyond / moves:.1f}% |")


if __name__ == "__main__":
    main()
