#!/usr/bin/env python3
"""Hypergammon against GNU Backgammon, paired: every agent named plays the same games on the
same dice. Game g's rolls come from a generator seeded with (seed, g) alone, so the k-th roll
of game g is the same whoever plays it, and two agents are compared game by game (a paired
difference, its standard error from the per-game differences). The agent takes white in
even games and black in odd ones; gnubg (server mode, tests/gnubg/gnubg_moves.py) plays the
other side at the plies asked, choosing the move of highest win probability (cubeless,
gammons count in the score only).

  python3 tests/gnubg/play_vs_gnubg.py build/cli/boardlab --games 200 --seed 4242 \\
      --agent expectimax:depth=2 --agent "expectimax:depth=2,eval=learned"

Writes one JSON line per game and agent to --out (default: none), the summary to stdout.
The shared driver (../shared/oracles/hypergammon/play_vs_gnubg.py) draws all games' dice from
one stream, so its runs of two agents share dice only until their first different game."""
import argparse
import array
import itertools
import json
import math
import os
import random
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GNUBG = '/usr/games/gnubg'
CHECKERS = 3
EXACT = 'exact'


def start_side():
    """[bar, points 1..24 in the side's own numbering, off]: hypergammon's 24, 23 and 22."""
    s = [0] * 26
    s[24] = s[23] = s[22] = 1
    return s


class GameDice:
    """Game `game`'s rolls: the opening roll (no double, the higher die moves first), then two
    dice a turn, all from a generator seeded with (seed, game) and nothing else."""

    def __init__(self, seed, game):
        self.rng = random.Random(f'boardlab-vs-gnubg/{seed}/{game}')

    def opening(self):
        while True:
            a, b = self.rng.randint(1, 6), self.rng.randint(1, 6)
            if a != b:
                return (0 if a > b else 1), [max(a, b), min(a, b)]

    def roll(self):
        return [self.rng.randint(1, 6), self.rng.randint(1, 6)]


class Gnubg:
    def __init__(self, plies, variation='standard'):
        env = dict(os.environ, HG_VARIATION=variation, HG_PLIES=str(plies))
        env.pop('HG_IN', None)
        self.p = subprocess.Popen([GNUBG, '-t', '-q', '-r', '-p', os.path.join(HERE, 'gnubg_moves.py')],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                  text=True, env=env, bufsize=1)

    def ask(self, me, opp, dice):
        self.p.stdin.write(json.dumps({'me': me, 'opp': opp, 'dice': dice}) + '\n')
        self.p.stdin.flush()
        for line in self.p.stdout:
            if line.startswith('HGANS '):
                answer = json.loads(line[6:])
                if 'error' in answer:
                    raise RuntimeError('gnubg: ' + answer['error'])
                return answer
        raise RuntimeError('gnubg stopped')

    def close(self):
        self.p.stdin.close()
        self.p.wait()


class Agent:
    """`boardlab agent hypergammon --agent SPEC`, asked with gnubg's side arrays."""

    def __init__(self, boardlab, spec, seed):
        self.spec = spec
        self.p = subprocess.Popen([boardlab, 'agent', 'hypergammon', '--agent', spec, '--seed', str(seed)],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def choose(self, to_move, dice, sides):
        self.p.stdin.write(json.dumps({'to_move': to_move, 'dice': dice, 'sides': sides}) + '\n')
        self.p.stdin.flush()
        reply = json.loads(self.p.stdout.readline())
        if 'error' in reply:
            raise RuntimeError(f'{self.spec}: {reply["error"]}')
        return reply['sides']

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def both_sides(to_move, move):
    """A move's result as [side 0, side 1] from gnubg's mover-first answer."""
    after = [None, None]
    after[to_move], after[1 - to_move] = move['me'], move['opp']
    return after


class ExactAgent:
    """`--agent exact:TABLE`: perfect play, for a ceiling. TABLE is Hypergammon solved by
    tests/gnubg/hypersolve.cpp (`hypersolve solve --out TABLE`, under an hour of one core):
    every position's win probability under play that maximizes it. The agent plays the legal
    move (gnubg's list) after which the opponent's chance is least."""

    def __init__(self, spec, table):
        self.spec = spec
        self.table = table
        self.gnubg = Gnubg(0)  # for the legal moves only

    def win_after(self, me, opp):
        """The mover's win probability after its move, the opponent to roll."""
        if me[25] == CHECKERS:
            return 1.0
        return 1.0 - self.table[SIDE_RANK[places(opp)] * len(SIDE_RANK) + SIDE_RANK[places(me)]]

    def choose(self, to_move, dice, sides):
        answer = self.gnubg.ask(sides[to_move], sides[1 - to_move], dice)
        return both_sides(to_move, max(answer['moves'], key=lambda m: self.win_after(m['me'], m['opp'])))

    def close(self):
        self.gnubg.close()


# hypersolve's table: a side is the sorted places of its chequers (0 off, 1..24 its points,
# 25 the bar), ranked as combinations_with_replacement lists them.
def side_ranks(chequers):
    return {t: i for i, t in enumerate(itertools.combinations_with_replacement(range(26), chequers))}


SIDE_RANK = side_ranks(CHECKERS)
TABLE_MAGIC = b'hyperso1'


def places(side):
    return tuple(sorted(p for i, c in enumerate(side) for p in [25 if i == 0 else 0 if i == 25 else i] * c))


def read_table(path):
    """hypersolve's win-probability table for CHECKERS chequers, or SystemExit saying why not."""
    try:
        with open(path, 'rb') as f:
            head = f.read(16)
            values = array.array('d')
            values.frombytes(f.read())
    except OSError as e:
        raise SystemExit(f'--agent {EXACT}:TABLE: {e}; make the table with '
                         f'`hypersolve solve --out TABLE` (tests/gnubg/hypersolve.cpp)')
    chequers, objective = struct.unpack('<ii', head[8:16]) if len(head) == 16 else (None, None)
    if head[:8] != TABLE_MAGIC or chequers != CHECKERS or objective != 0 \
            or len(values) != len(SIDE_RANK) ** 2 or sys.byteorder != 'little':
        raise SystemExit(f'{path}: not a table of {CHECKERS}-chequer win probabilities by hypersolve '
                         f'(`hypersolve solve --chequers {CHECKERS} --objective win`)')
    return values


def points(winner, loser):
    """1 a single game, 2 a gammon (the loser bore off none), 3 a backgammon (a gammon with a
    checker on the bar or in the winner's home board); both sides in their own numbering."""
    if loser[25] > 0:
        return 1
    return 3 if loser[0] or any(loser[19:25]) else 2


def play(gnubg, agent, seed, game):
    """One game of `agent` against gnubg on game `game`'s dice: its record as a dict."""
    dice = GameDice(seed, game)
    agent_side = game % 2
    to_move, roll = dice.opening()
    sides = [start_side(), start_side()]
    rolls = []
    while True:
        rolls.append(roll)
        answer = gnubg.ask(sides[to_move], sides[1 - to_move], roll)
        legal = [both_sides(to_move, m) for m in answer['moves']]
        if answer['pass']:
            chosen = legal[0]
        elif to_move == agent_side:
            chosen = agent.choose(to_move, roll, sides)
            if chosen not in legal:
                raise SystemExit(f'game {game}: {agent.spec} played {chosen}, not among gnubg\'s {legal} '
                                 f'(position {sides}, dice {roll})')
        else:
            best = max(range(len(legal)), key=lambda i: answer['moves'][i]['probs'][0])
            chosen = legal[best]
        sides = [list(chosen[0]), list(chosen[1])]
        if sides[to_move][25] == CHECKERS:
            won = points(sides[to_move], sides[1 - to_move])
            return {'game': game, 'seed': seed, 'agent': agent.spec, 'agent_side': agent_side,
                    'winner': to_move, 'points': won, 'agent_points': won if to_move == agent_side else -won,
                    'rolls': rolls}
        to_move = 1 - to_move
        roll = dice.roll()


def mean_se(xs):
    m = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / max(1, len(xs) - 1))
    return m, sd / math.sqrt(len(xs))


def summary(results, specs):
    lines = []
    for spec in specs:
        won = [r['agent_points'] > 0 for r in results[spec]]
        p = sum(won) / len(won)
        m, se = mean_se([r['agent_points'] for r in results[spec]])
        lines.append(f'{spec}: {len(won)} games, wins {100 * p:.1f}% +- {100 * math.sqrt(p * (1 - p) / len(won)):.1f}% '
                     f'(1 s.e.), points a game {m:+.3f} +- {se:.3f}')
    for spec in specs[1:]:
        diff = [b['agent_points'] - a['agent_points'] for a, b in zip(results[specs[0]], results[spec])]
        wins = [(b['agent_points'] > 0) - (a['agent_points'] > 0) for a, b in zip(results[specs[0]], results[spec])]
        m, se = mean_se(diff)
        w, wse = mean_se(wins)
        lines.append(f'{spec} against {specs[0]}, paired by game: wins {100 * w:+.1f} +- {100 * wse:.1f} points, '
                     f'points a game {m:+.3f} +- {se:.3f} (1 s.e.; {sum(d == 0 for d in diff)} of {len(diff)} games alike)')
    return '\n'.join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('boardlab', help='the boardlab program')
    ap.add_argument('--agent', action='append', required=True,
                    help=f'an agent spec, or {EXACT}:TABLE for perfect play (hypersolve\'s table); two or more are paired')
    ap.add_argument('--games', type=int, default=100)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--gnubg-plies', type=int, default=0)
    ap.add_argument('--out', help='a JSON Lines file for the games')
    a = ap.parse_args()
    if not os.path.exists(GNUBG):
        print(f'{GNUBG} is missing: install the Debian package gnubg', file=sys.stderr)
        return 1
    if EXACT in a.agent:
        print(f'--agent {EXACT} takes a table: {EXACT}:TABLE, made by `hypersolve solve --out TABLE`', file=sys.stderr)
        return 1
    # Tables are read before any game, so a bad one stops the run at once.
    exact = {spec: read_table(spec[len(EXACT) + 1:]) for spec in a.agent if spec.startswith(EXACT + ':')}
    gnubg = Gnubg(a.gnubg_plies)
    results = {}
    out = open(a.out, 'w') if a.out else None
    for i, spec in enumerate(a.agent):
        agent = ExactAgent(spec, exact[spec]) if spec in exact else Agent(a.boardlab, spec, a.seed + i)
        results[spec] = [play(gnubg, agent, a.seed, g) for g in range(a.games)]
        agent.close()
        for r in results[spec]:
            if out:
                out.write(json.dumps(r) + '\n')
    gnubg.close()
    if out:
        out.close()
    print(summary(results, a.agent))
    return 0


if __name__ == '__main__':
    sys.exit(main())
