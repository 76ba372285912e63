#!/usr/bin/env python3
"""play_vs_gnubg.py pairs its games: each game's rolls depend on (seed, game) alone, so two
agents meet the same dice roll by roll for as long as both games last, whatever they play;
and a short run of two agents against gnubg plays legal moves and reports the pairing.

  python3 tests/gnubg/test_paired.py BOARDLAB"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import play_vs_gnubg as driver  # noqa: E402


def rolls(seed, game, n):
    d = driver.GameDice(seed, game)
    return [d.opening()] + [d.roll() for _ in range(n)]


def main():
    failures = []
    # The stream is a function of (seed, game): asked again, in any order, it repeats.
    if rolls(7, 3, 40) != rolls(7, 3, 40):
        failures.append('the same game gave other rolls')
    if rolls(7, 3, 40) == rolls(7, 4, 40) or rolls(7, 3, 40) == rolls(8, 3, 40):
        failures.append('two games, or two seeds, gave the same rolls')
    if not os.path.exists(driver.GNUBG):
        print(f'{driver.GNUBG} is missing: install the Debian package gnubg (cli/run.sh test does)')
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, 'games.jsonl')
        summary = subprocess.run([sys.executable, os.path.join(HERE, 'play_vs_gnubg.py'), sys.argv[1], '--games', '6',
                                  '--seed', '5', '--agent', 'random', '--agent', 'greedy', '--out', out],
                                 capture_output=True, text=True, check=True).stdout
        games = [json.loads(line) for line in open(out)]
    by_game = {}
    for g in games:
        by_game.setdefault(g['game'], {})[g['agent']] = g['rolls']
    if sorted(by_game) != list(range(6)) or any(sorted(v) != ['greedy', 'random'] for v in by_game.values()):
        failures.append(f'not every game was played by both agents: {by_game.keys()}')
    lengths_differ = 0
    for game, r in by_game.items():
        n = min(len(r['random']), len(r['greedy']))
        if r['random'][:n] != r['greedy'][:n]:
            failures.append(f'game {game}: the agents met other rolls')
        lengths_differ += len(r['random']) != len(r['greedy'])
    if lengths_differ == 0:
        failures.append('every game lasted as long for both agents: the pairing was not put to the test')
    if 'greedy against random, paired by game' not in summary:
        failures.append('no paired difference in the summary:\n' + summary)
    print(summary)
    for f in failures:
        print('FAIL', f)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
