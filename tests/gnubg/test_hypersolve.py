#!/usr/bin/env python3
"""hypersolve, the solved Hypergammon behind `play_vs_gnubg.py --agent exact:TABLE`, checked:
its legal results equal gnubg's on the stored test vectors and on random positions asked of
the real gnubg; its one-chequer values equal a closed form in every race, and a solve started
from them stops at once; its two-chequer equities equal gnubg's own database where one is
installed (/var/lib/gnubg/hyper2.bd); and the driver refuses a table that is not one of
three-chequer win probabilities, before any game.

  python3 tests/gnubg/test_hypersolve.py HYPERSOLVE BOARDLAB"""
import array
import glob
import json
import os
import random
import subprocess
import sys
import tempfile
from functools import lru_cache

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import play_vs_gnubg as driver  # noqa: E402

ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]


def random_side(rng, chequers):
    """A side array, chequers mostly home, on the bar or off, where the rules are subtle."""
    side = [0] * 26
    for _ in range(chequers):
        r = rng.random()
        side[0 if r < 0.1 else 25 if r < 0.2 else rng.randint(1, 6) if r < 0.5 else rng.randint(1, 24)] += 1
    return side


def gnubg_vectors(path, n, seed):
    """n random positions and rolls with gnubg's legal results, in tricky_answers' layout."""
    rng = random.Random(seed)
    gnubg = driver.Gnubg(0)
    with open(path, 'w') as out:
        written = 0
        while written < n:
            me, opp = random_side(rng, 3), random_side(rng, 3)
            if any(me[p] and opp[25 - p] for p in range(1, 25)) or 3 in (me[25], opp[25]):
                continue
            dice = [rng.randint(1, 6), rng.randint(1, 6)]
            answer = gnubg.ask(me, opp, dice)
            moves = [] if answer['pass'] else [{'me': m['me'], 'opp': m['opp']} for m in answer['moves']]
            out.write(json.dumps({'me': me, 'opp': opp, 'dice': dice, 'pass': answer['pass'], 'moves': moves}) + '\n')
            written += 1
    gnubg.close()


@lru_cache(maxsize=None)
def finish_within(place, rolls):
    """A lone chequer `place` pips from home with no one in its way: the chance it is off
    within `rolls` rolls (a roll moves it the dice's sum, a double's four times)."""
    if place == 0:
        return 1.0
    if rolls == 0:
        return 0.0
    return sum(finish_within(max(0, place - (4 * a if a == b else a + b)), rolls - 1) for a, b in ROLLS) / 36


def race_value(mine, theirs):
    """The mover's chance in a one-chequer race: off in k rolls before the other needs k."""
    return sum((finish_within(mine, k) - finish_within(mine, k - 1)) * (1 - finish_within(theirs, k - 1))
               for k in range(1, 40))


HYPER2_DB = '/var/lib/gnubg/hyper2.bd'


def against_gnubg_database(hypersolve, tmp, positions=300):
    """Two chequers a side, cubeless equity: hypersolve's table against gnubg's database
    (`/usr/games/makehyper -c 2`, copied to HYPER2_DB), the results of random positions."""
    table = os.path.join(tmp, 'two.table')
    subprocess.run([hypersolve, 'solve', '--chequers', '2', '--objective', 'equity', '--out', table],
                   check=True, capture_output=True, timeout=120)
    values = array.array('d')
    values.frombytes(open(table, 'rb').read()[16:])
    rank = driver.side_ranks(2)
    gnubg = driver.Gnubg(0, '2-chequer-hypergammon')
    rng = random.Random(5)
    results = worst = 0
    while positions:
        me, opp = random_side(rng, 2), random_side(rng, 2)
        if any(me[p] and opp[25 - p] for p in range(1, 25)) or 2 in (me[25], opp[25]):
            continue
        positions -= 1
        for m in gnubg.ask(me, opp, [rng.randint(1, 6), rng.randint(1, 6)])['moves']:
            if m['me'][25] == 2:
                continue
            p = m['probs']  # win, win gammon, win backgammon, lose gammon, lose backgammon
            theirs = values[rank[driver.places(m['opp'])] * len(rank) + rank[driver.places(m['me'])]]
            worst = max(worst, abs(2 * p[0] - 1 + p[1] + p[2] - p[3] - p[4] + theirs))
            results += 1
    gnubg.close()
    print(f'two chequers a side: {results} results, largest difference from gnubg\'s database {worst:.1e}')
    return [] if worst < 1e-4 else [f'the two-chequer equities differ from gnubg\'s database by up to {worst}']


def main():
    hypersolve, boardlab = sys.argv[1], sys.argv[2]
    failures = []
    data = sorted(glob.glob(os.path.join(HERE, '..', 'data', 'gnubg', '*.jsonl')))
    with tempfile.TemporaryDirectory() as tmp:
        live = os.path.join(tmp, 'live.jsonl')
        if os.path.exists(driver.GNUBG):
            gnubg_vectors(live, 500, 2026)
            data.append(live)
        else:
            failures.append(f'{driver.GNUBG} is missing: install the Debian package gnubg (cli/run.sh test does)')
        run = subprocess.run([hypersolve, 'check', *data], capture_output=True, text=True, timeout=120)
        print(run.stdout.strip())
        if run.returncode != 0 or ', 0 differ' not in run.stdout:
            failures.append('legal results differ from gnubg\'s:\n' + run.stderr)

        table = os.path.join(tmp, 'one.table')
        subprocess.run([hypersolve, 'solve', '--chequers', '1', '--objective', 'win', '--out', table],
                       check=True, capture_output=True, timeout=120)
        raw = open(table, 'rb').read()
        values = array.array('d')
        values.frombytes(raw[16:])
        if raw[:8] != b'hyperso1' or len(values) != 26 * 26:
            failures.append(f'the table has header {raw[:16]!r} and {len(values)} values, not 26 * 26')
        races = worst = 0
        # Places: 0 off, 1..24 points, 25 the bar. A race: each past the other (mine + theirs < 25).
        for mine in range(1, 25):
            for theirs in range(1, 25 - mine):
                races += 1
                worst = max(worst, abs(values[mine * 26 + theirs] - race_value(mine, theirs)))
        print(f'one chequer a side: {races} races, largest difference from the closed form {worst:.1e}')
        if races != 276 or worst > 1e-9:
            failures.append(f'the one-chequer races differ from the closed form by up to {worst}')

        again = os.path.join(tmp, 'again.table')
        run = subprocess.run([hypersolve, 'solve', '--chequers', '1', '--out', again, '--start', table],
                             capture_output=True, text=True, timeout=120)
        values_again = array.array('d')
        values_again.frombytes(open(again, 'rb').read()[16:]) if run.returncode == 0 else None
        if run.returncode != 0 or 'sweep 2' in run.stderr or len(values_again) != len(values) \
                or max(abs(a - b) for a, b in zip(values, values_again)) > 1e-8:
            failures.append(f'a solve started from a finished table did not stop at once with it: {run.stderr}')
        run = subprocess.run([hypersolve, 'solve', '--chequers', '2', '--out', again, '--start', table],
                             capture_output=True, text=True, timeout=120)
        if run.returncode != 2 or 'not a table of this many chequers' not in run.stderr:
            failures.append(f'a table of one chequer was taken to start two: rc {run.returncode}, {run.stderr}')

        if os.path.exists(HYPER2_DB):
            failures += against_gnubg_database(hypersolve, tmp)
        else:
            print(f'(no {HYPER2_DB}: the comparison with gnubg\'s own database is skipped)')

        for spec, why in [(f'exact:{tmp}/missing.table', 'No such file'), (f'exact:{table}', 'not a table of 3-chequer'),
                          ('exact', 'takes a table')]:
            run = subprocess.run([sys.executable, os.path.join(HERE, 'play_vs_gnubg.py'), boardlab, '--games', '1',
                                  '--agent', 'random', '--agent', spec],
                                 capture_output=True, text=True, timeout=120)
            if run.returncode == 0 or why not in run.stderr or run.stdout:
                failures.append(f'{spec}: rc {run.returncode}, {run.stderr!r}, {run.stdout!r} (wanted a refusal '
                                f'saying "{why}" before any game)')
    for f in failures:
        print('FAIL', f)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
