#!/usr/bin/env python3
"""Differential test against GNU Backgammon: our legal moves must equal gnubg's.

Plays seeded random games with `boardlab playouts` (hypergammon and standard backgammon),
and at every position asks gnubg (through gnubg_moves.py, run inside gnubg's embedded
Python; copied from shared/oracles/hypergammon/) for all legal moves of the same position
and roll. The sets of resulting positions must be equal. Any difference fails the test
with the position, the roll and both move lists.

Usage: test_vs_gnubg.py PATH/TO/boardlab [--positions N] [--seed S]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
GNUBG = '/usr/games/gnubg'


def sides(position, mover):
    """Position text -> (me, opp): 26 counts each [bar, points 1..24, off] in each side's
    own numbering. White's point k is cell k; black's point k is cell 25 - k."""
    tokens = position.split()
    side = {'w': [0] * 26, 'b': [0] * 26}
    for t in tokens[1:]:
        if t.startswith(('dice:', 'ply:')):
            continue
        lhs, rhs = t.split('=')
        if ':' in lhs:
            slot, glyph = lhs.split(':')
            side[glyph][0 if slot == 'bar' else 25] += int(rhs)
        else:
            cell = int(lhs)
            glyph = rhs[0]
            point = cell if glyph == 'w' else 25 - cell
            side[glyph][point] += len(rhs)
    me, opp = ('w', 'b') if mover == 'white' else ('b', 'w')
    return side[me], side[opp]


def dice_of(position):
    for t in position.split():
        if t.startswith('dice:'):
            return [int(x) for x in t[5:].split(',')]
    raise ValueError('no dice in ' + position)


def collect(boardlab, game, want, seed):
    """`want` positions spread evenly over whole seeded random games (openings, contact,
    races and bear-offs alike): twice as many games as it takes, every other position."""
    out = []
    games = 0
    while len(out) < 2 * want:
        batch = subprocess.run([boardlab, 'playouts', game, '--games', '20', '--seed', str(seed + games)],
                               check=True, capture_output=True, text=True).stdout
        games += 20
        for line in map(json.loads, batch.splitlines()):
            if 'moves' in line:  # a decision, not a game's end
                out.append(line)
    step = len(out) / want
    return [out[int(i * step)] for i in range(want)], games


def run_gnubg(queries):
    with tempfile.TemporaryDirectory() as tmp:
        qin, qout = os.path.join(tmp, 'q.jsonl'), os.path.join(tmp, 'a.jsonl')
        with open(qin, 'w') as f:
            for q in queries:
                f.write(json.dumps(q) + '\n')
        env = dict(os.environ, HG_IN=qin, HG_OUT=qout, HG_VARIATION='standard', HG_PLIES='0')
        subprocess.run([GNUBG, '-t', '-q', '-r', '-p', os.path.join(HERE, 'gnubg_moves.py')], env=env,
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(qout) as f:
            return [json.loads(line) for line in f]


def check_game(boardlab, game, want, seed):
    nodes, games = collect(boardlab, game, want, seed)
    queries, ours = [], []
    for i, node in enumerate(nodes):
        mover = node['position'].split()[0]
        me, opp = sides(node['position'], mover)
        queries.append({'id': i, 'me': me, 'opp': opp, 'dice': dice_of(node['position'])})
        ours.append({json.dumps(sides(m['position'], mover)): m['move'] for m in node['moves']})
    answers = run_gnubg(queries)
    failures = 0
    if len(answers) != len(queries) or any('moves' not in a for a in answers):
        print(f'{game}: gnubg answered {len(answers)} of {len(queries)} queries')
        return 1
    for node, q, mine, ans in zip(nodes, queries, ours, answers):
        theirs = {json.dumps([m['me'], m['opp']]): m['move'] or 'pass' for m in ans['moves']}
        if set(mine) != set(theirs):
            failures += 1
            if failures <= 5:
                print(f'DIFFERENCE in {game}, game seed {node["seed"]}, ply {node["ply"]}')
                print(f'  position: {node["position"]}   roll: {q["dice"]}')
                print(f'  ours ({len(mine)}):  {sorted(mine.values())}')
                print(f'  gnubg ({len(theirs)}): {sorted(theirs.values())}')
                print(f'  only ours: {sorted(mine[k] for k in set(mine) - set(theirs))}')
                print(f'  only gnubg: {sorted(theirs[k] for k in set(theirs) - set(mine))}')
    moves = sum(len(m) for m in ours)
    print(f'{game}: {len(nodes)} positions from {games} seeded games, {moves} legal results; '
          f'{failures} differ from gnubg')
    return failures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('boardlab')
    ap.add_argument('--positions', type=int, default=2000)
    ap.add_argument('--seed', type=int, default=1)
    a = ap.parse_args()
    if not os.path.exists(GNUBG):
        print(f'{GNUBG} is missing: install the Debian package gnubg (cli/run.sh test does)')
        return 1
    failures = 0
    for game in ('hypergammon', 'backgammon'):
        failures += check_game(a.boardlab, game, a.positions, a.seed)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
