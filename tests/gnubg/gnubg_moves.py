"""Copied from shared/oracles/hypergammon/gnubg_moves.py; changed here only to count the
checkers per side from each query (the original assumes 3), for standard backgammon.

Run INSIDE gnubg's embedded Python:

  HG_IN=queries.jsonl HG_OUT=answers.jsonl /usr/games/gnubg -t -q -r -p gnubg_moves.py > /dev/null

Environment:
  (without HG_IN: server mode, queries on stdin, answers on stdout lines
   starting with "HGANS "; see main())
  HG_IN        input JSON Lines, one query per line:
                 {"id": any, "me": [26 ints], "opp": [26 ints], "dice": [d1, d2]}
               or {"id": any, "posid": "gnubg position ID (side to move's view)", "dice": [d1, d2]}
               (26-int side arrays: [bar, points 1..24 from that side's own view, off])
  HG_OUT       output JSON Lines (one answer per query, same order)
  HG_VARIATION gnubg variation: "standard" (default: move generation is variation
               independent, so the list of legal moves is the same; equities come
               from gnubg's 15-checker nets + exact bear-off databases) or
               "3-chequer-hypergammon" (equities from /var/lib/gnubg/hyper3.bd; without
               that file gnubg's hint returns NOTHING, so setup() refuses to start)
  HG_PLIES     evaluation plies for the hint (default 0; 0-ply = all legal moves
               are scored, none pruned)
  HG_VERIFY    "1": additionally play every listed move with gnubg's own `move`
               command and check that gnubg's resulting board equals the board
               obtained by applying the move tuples (slow; sanity check)

Answer line:
  {"id", "posid", "dice", "me", "opp",
   "moves": [ {"move": "24/21 13/8" (gnubg notation),
               "tuples": [[from, to], ...]  (25 = bar, 0 = off; mover's view),
               "me": [26], "opp": [26]      (resulting position, sides NOT swapped:
                                             "me" is still the side that just moved),
               "posid": gnubg position ID of the result from the mover's view,
               "equity": gnubg's equity for the mover after the move,
               "probs": [P(win), P(win g), P(win bg), P(lose g), P(lose bg)]} ...],
   "pass": true if no legal move (moves then holds one entry, the unchanged position)}
"""
import json
import os
import sys

import gnubg

C = gnubg.command


def side_to_gnubg(s):
    # gnubg per-side list: index 0..23 = points 1..24 (own view), index 24 = bar
    return [int(x) for x in s[1:25]] + [int(s[0])]


def gnubg_to_side(b, n_checkers=3):
    on = sum(b)
    return [b[24]] + list(b[0:24]) + [n_checkers - on]


def apply_tuples(me, opp, tuples):
    me = list(me); opp = list(opp)
    for f, t in tuples:
        if f == 25:
            assert me[0] > 0
            me[0] -= 1
        else:
            assert me[f] > 0, (me, f)
            me[f] -= 1
        if t <= 0:
            me[25] += 1
        else:
            me[t] += 1
            if opp[25 - t] == 1:
                opp[25 - t] = 0
                opp[0] += 1
            assert opp[25 - t] == 0, ("landed on a made point", me, opp, tuples)
    return me, opp


def setup(variation, plies):
    C('set player 0 human')
    C('set player 1 human')
    C('set display off')
    C('set variation %s' % variation)
    C('set jacoby off')
    C('set cube use off')  # chequer play only, no cube decisions in the hint
    C('set evaluation chequerplay evaluation plies %d' % plies)
    C('set evaluation chequerplay evaluation cubeful off')
    C('new session')
    if 'hypergammon' in variation:
        n = variation[0]
        if not any(os.path.exists(os.path.join(d, 'hyper%s.bd' % n))
                   for d in ('/var/lib/gnubg', '/usr/share/gnubg')):
            # without it gnubg logs "BearoffEval: assertion 'pbc' failed" and returns
            # garbage evaluations, raises, or an empty hint list
            raise SystemExit('hyper%s.bd not installed in /var/lib/gnubg: gnubg cannot evaluate '
                             '%s positions. Use HG_VARIATION=standard for move lists.' % (n, variation))


def load(posid, dice):
    C('set board %s' % posid)
    C('set dice %d %d' % (dice[0], dice[1]))


def answer(q, verify):
    if 'posid' in q:
        posid = q['posid']
        b = gnubg.positionfromid(posid)
        opp, me = gnubg_to_side(b[0]), gnubg_to_side(b[1])
    else:
        me, opp = q['me'], q['opp']
        posid = gnubg.positionid((side_to_gnubg(opp), side_to_gnubg(me)))
    dice = q['dice']
    load(posid, dice)
    b = gnubg.board()
    n = sum(me)  # checkers per side: 3 for hypergammon, 15 for backgammon
    assert gnubg_to_side(b[1], n) == list(me) and gnubg_to_side(b[0], n) == list(opp), (b, me, opp)
    try:
        h = gnubg.hint(10000)
        hl = h.get('hint', []) if h else []
    except Exception as e:  # gnubg raises when there is no move to hint about
        hl = []
        err = str(e)
    res = []
    for m in hl:
        tuples = [list(t) for t in gnubg.parsemove(m['move'])]
        me2, opp2 = apply_tuples(me, opp, tuples)
        ent = {'move': m['move'], 'tuples': tuples, 'me': me2, 'opp': opp2,
               'posid': gnubg.positionid((side_to_gnubg(opp2), side_to_gnubg(me2))),
               'equity': m.get('equity'),
               'probs': list(m['details']['probs']) if 'details' in m else None}
        if verify and me2[25] < 3:
            load(posid, dice)
            C('move %s' % m['move'])
            a = gnubg.board()  # now from the opponent's (new side on roll) view
            got_me, got_opp = gnubg_to_side(a[0], n), gnubg_to_side(a[1], n)
            ent['verified'] = (got_me == me2 and got_opp == opp2)
        res.append(ent)
    out = {'id': q.get('id'), 'posid': posid, 'dice': dice, 'me': list(me), 'opp': list(opp)}
    if not res:
        out['pass'] = True
        res = [{'move': '', 'tuples': [], 'me': list(me), 'opp': list(opp), 'posid': posid,
                'equity': None, 'probs': None}]
    else:
        out['pass'] = False
    out['moves'] = res
    return out


def main():
    variation = os.environ.get('HG_VARIATION', 'standard')
    plies = int(os.environ.get('HG_PLIES', '0'))
    verify = os.environ.get('HG_VERIFY', '0') == '1'
    setup(variation, plies)
    if os.environ.get('HG_IN'):
        with open(os.environ['HG_IN']) as fi, open(os.environ['HG_OUT'], 'w') as fo:
            for line in fi:
                line = line.strip()
                if not line:
                    continue
                q = json.loads(line)
                fo.write(json.dumps(answer(q, verify)) + '\n')
                fo.flush()
        return
    # server mode: one JSON query per stdin line; the answer is printed on ONE
    # stdout line prefixed with "HGANS " (ignore every other line: gnubg chatter).
    # A query may carry "plies": n to change the evaluation depth from then on.
    cur = plies
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            q = json.loads(line)
            if 'plies' in q and int(q['plies']) != cur:
                cur = int(q['plies'])
                C('set evaluation chequerplay evaluation plies %d' % cur)
            out = answer(q, verify)
        except Exception as e:
            out = {'id': None, 'error': repr(e)}
        sys.stdout.write('HGANS ' + json.dumps(out) + '\n')
        sys.stdout.flush()


main()
