"""End-to-end test of `boardlab serve` in headless Chromium: for every game the server
offers, start it from the setup form (a person against the computer's level 1), play a few
moves by clicking the board (each leg's stops, a count or "stop here" where the page asks),
watch the computer reply, save the record with the page's button and check that
`boardlab replay` replays it; step back through the moves; and save a screenshot of each
board kind; then the layout at three window sizes (check_layouts). Usage:
e2e_test.py BOARDLAB OUT_DIR [GAME... | --layouts]"""
import glob
import os
import random
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from browser import Browser  # noqa: E402

MOVES = 3  # the person's moves in each game
PLACED = []  # the moves made by one click on a cell (placements from a hand)
TO_THE_END = {"breakthrough-6x6": 60}  # games played to their end (at most this many moves)


def start_server(boardlab):
    proc = subprocess.Popen([boardlab, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    m = re.search(r"http://[^ ]+/", line)
    if not m:
        proc.kill()
        raise SystemExit(f"serve did not print its address: {line!r}")
    return proc, m.group(0)


def play_by_clicks(b, rng, press=None):
    """Chooses a legal move at random and makes it by clicks (or by `press`, a tap); returns
    its text. On a numbered track, the dice each leg used are greyed while the move goes on."""
    press = press or b.click
    legal = b.eval("game.view.legal")
    index = rng.randrange(len(legal))
    move = legal[index]
    if not move["legs"]:
        press(f'#choices button[data-move="{index}"]')
        return move["text"]
    for done, leg in enumerate(move["legs"]):
        if done and b.eval("sel.legs.length === " + str(done) + " && !!game.def.players[shown.side].numbers"):
            b.wait("!busy")
            greyed = b.eval("document.querySelectorAll('#board .die.used').length")
            if greyed != done:
                raise AssertionError(f"{greyed} dice greyed after {done} legs of {move['text']}")
        stops = leg["stops"]
        # A placement from a hand is one click, on the cell.
        if len(stops) == 2 and stops[0].startswith("@"):
            b.wait("!busy")
            if b.eval(f"placements().get({stops[1]!r}) === {stops[0]!r}"):
                press(f'[data-loc="{stops[1]}"]')
                PLACED.append(move["text"])
                continue
        for stop in stops:
            try:
                b.wait(f"[...options().next].includes({stop!r}) || document.querySelector('#choices [data-count]')", 10)
            except Exception as e:
                state = b.eval("JSON.stringify([sel, shown.side, shown.cells, game.view.position.cells])")
                state += str(b.eval("(async () => { const c = candidates().filter((c) => c.used.length < c.move.legs.length)[0]; try { return JSON.stringify([c.index, c.used, await api('POST', `/api/games/${game.id}/preview`, { move: c.index, legs: c.used })]); } catch (e) { return e.message + JSON.stringify(c); } })()"))
                raise AssertionError(f"{e}; making {move} the page had (selection, side, shown, game): {state}") from None
            if b.eval(f"[...options().next].includes({stop!r})"):
                b.wait("!busy")
                press(f'[data-loc="{stop}"]')
        # The page asks for a count where a stack can split, or offers "stop here" where a
        # chain could go on.
        b.wait("!busy")
        if b.eval(f"!!document.querySelector('#choices [data-count=\"{leg['count']}\"]')"):
            press(f'#choices [data-count="{leg["count"]}"]')
    if b.eval(f"!!document.querySelector('#choices [data-move=\"{index}\"]')"):
        press(f'#choices [data-move="{index}"]')
    return move["text"]


def start_game(b, key, seed=7, press=None):
    b.eval(f"(() => {{ const s = document.getElementById('game-select'); s.value = {key!r}; s.onchange(); }})()")
    b.eval(f"document.getElementById('seed').value = '{seed}'")
    (press or b.click)("#start")
    b.wait("game && game.view && game.view.to_move !== 'computer'", 60)


SIZES = [(1400, 900, False), (1024, 700, False), (390, 844, True)]  # a laptop, a small one, a phone
LAYOUT_GAMES = ["hypergammon", "plakoto", "dablot", "death-stacks", "hex"]


def check_layouts(b, url, out, failures):
    """At each window size: the setup page shows no game panel; each game's board is whole in
    the window without scrolling, and its sides are longer than half the window's shorter
    side; a 24-point track is folded with the side panel beside it (but on a phone); a dice
    game shows pip counts and the move list its dice. On the phone, moves are made by touch."""
    for width, height, phone in SIZES:
        b.viewport(width, height, phone)
        b.open(url)
        b.wait("catalog !== null")
        if b.eval("[innerWidth, innerHeight]") != [width, height]:
            failures.append(f"{width}x{height}: the setup page is wider than the window")
        if b.eval("getComputedStyle(document.getElementById('play')).display") != "none":
            failures.append(f"{width}x{height}: the setup page shows the game panel")
        for key in LAYOUT_GAMES:
            where = f"{key} at {width}x{height}"
            try:
                press = b.tap if phone else b.click
                start_game(b, key, press=press)
                r = b.eval("(() => { const r = document.getElementById('board').getBoundingClientRect();"
                           "return [r.left, r.top, r.right, r.bottom, innerWidth, innerHeight]; })()")
                left, top, right, bottom, vw, vh = r
                shot = os.path.join(out, f"layout-{width}x{height}-{key}.png")
                b.screenshot(shot)
                if (vw, vh) != (width, height):
                    failures.append(f"{where}: the page is {vw}x{vh}, wider than the window")
                if left < 0 or top < 0 or right > vw + 0.5 or bottom > vh + 0.5:
                    failures.append(f"{where}: the board {r[:4]} is not whole in the window ({shot})")
                if min(right - left, bottom - top) <= min(vw, vh) / 2:
                    failures.append(f"{where}: the board is {right - left:.0f}x{bottom - top:.0f} ({shot})")
                if b.eval("game.def.board.kind === 'track'"):
                    if not b.eval("folded()"):
                        failures.append(f"{where}: the 24-point track is not folded")
                    beside = b.eval("document.querySelector('aside').getBoundingClientRect().left >= "
                                    "document.getElementById('board').getBoundingClientRect().right")
                    if beside == phone:
                        failures.append(f"{where}: the side panel is {'beside' if beside else 'below'} the board")
                    pips = b.eval("game.view.position.pips")
                    names = b.eval("game.def.players.map((p) => p.name)")
                    expected = "Pips: " + ", ".join(f"{n} {p}" for n, p in zip(names, pips))
                    if b.eval("document.getElementById('pips').textContent") != expected:
                        failures.append(f"{where}: no pip counts ({expected!r} expected)")
                if phone and key == LAYOUT_GAMES[0]:
                    rng = random.Random(key)
                    for _ in range(2):
                        before = b.eval("game.view.moves.length")
                        play_by_clicks(b, rng, press=press)
                        b.wait(f"game.view.moves.length > {before} && game.view.to_move !== 'computer'", 60)
                    rolls = b.eval("[...document.querySelectorAll('#moves li')].map((li) => li.textContent)")
                    if not rolls or not all(re.match(r"\d-\d: ", t) for t in rolls):
                        failures.append(f"{where}: the move list lacks the dice: {rolls}")
                    print(f"ok {where}: moves made by touch: {rolls}")
                press("#new-game")
                b.wait("!document.getElementById('setup').hidden")
                print(f"ok {where}: the board is {right - left:.0f}x{bottom - top:.0f} ({shot})")
            except Exception as e:  # noqa: BLE001
                failures.append(f"{where}: {e}")
                b.open(url)
                b.wait("catalog !== null")
    b.viewport(1400, 1000)


def main():
    boardlab, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    os.makedirs(out, exist_ok=True)
    downloads = os.path.join(out, "downloads")
    os.makedirs(downloads, exist_ok=True)
    server, url = start_server(boardlab)
    b = Browser()
    failures = []
    shots = {}
    try:
        b.call("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
        b.open(url)
        b.wait("catalog !== null")
        layouts_only = sys.argv[3:] == ["--layouts"]
        games = [] if layouts_only else sys.argv[3:] or b.eval("catalog.games.map((g) => g.key)")
        for key in games:
            rng = random.Random(key)
            try:
                start_game(b, key)
                played = []
                for _ in range(TO_THE_END.get(key, MOVES)):
                    if b.eval("game.view.to_move") != "human":
                        break
                    before = b.eval("game.view.moves.length")
                    played.append(play_by_clicks(b, rng))
                    b.wait(f"game.view.moves.length > {before} && game.view.to_move !== 'computer'", 60)
                    errors = b.eval("document.getElementById('play-error').textContent")
                    if errors:
                        raise AssertionError(f"the page said: {errors}")
                if len(played) == 0:
                    raise AssertionError("no move could be played")
                if key in TO_THE_END:
                    status = b.eval("document.getElementById('status').textContent")
                    if b.eval("game.view.to_move") != "nobody" or not status.startswith("Game over"):
                        raise AssertionError(f"the game did not end in {len(played)} moves: {status}")
                # Step back to the start and forward again.
                b.click("#step-first")
                b.wait("stepping && stepping.at === 0")
                b.click("#step-forward")
                b.wait("stepping && stepping.at === 1")
                b.click("#step-last")
                b.wait("!stepping || stepping.at === stepping.positions.length - 1")
                definition = b.eval("game.def")
                kind = definition["board"]["kind"]
                stacked = any(len(c) > 1 for c in b.eval("game.view.position.cells"))
                for label in (kind, "stacks" if stacked and kind != "track" else None):
                    if label and label not in shots:
                        shots[label] = os.path.join(out, f"{label}-{key}.png")
                        b.screenshot(shots[label], "#board")
                # Save the record with the page's button, then replay it.
                for f in glob.glob(os.path.join(downloads, "*")):
                    os.remove(f)
                b.click("#save")
                end = time.time() + 20
                files = []
                while time.time() < end and not files:
                    files = [f for f in glob.glob(os.path.join(downloads, "*")) if not f.endswith(".crdownload")]
                    time.sleep(0.05)
                if not files:
                    raise AssertionError("the Save button wrote no file")
                record = os.path.join(out, f"{key}.record.txt")
                os.replace(files[0], record)
                r = subprocess.run([boardlab, "replay", record, "--final"], capture_output=True, text=True)
                if r.returncode != 0:
                    raise AssertionError(f"the saved record does not replay: {r.stdout}{r.stderr}")
                if key in TO_THE_END and '[Result "*"]' in open(record).read():
                    raise AssertionError("the record of a finished game has no result")
                moves = b.eval("game.view.moves.length")
                print(f"ok {key}: {len(played)} moves by clicks ({', '.join(played)}), {moves} in the record")
                b.click("#new-game")
                b.wait("!document.getElementById('setup').hidden")
            except Exception as e:  # noqa: BLE001 - every game is tried, then all failures listed
                failures.append(f"{key}: {e}")
                print(f"FAIL {key}: {e}")
                b.open(url)
                b.wait("catalog !== null")
        if layouts_only or not sys.argv[3:]:
            check_layouts(b, url, out, failures)
        if b.page_errors:
            failures.append(f"errors in the page: {b.page_errors}")
        for label, path in sorted(shots.items()):
            print(f"screenshot of a {label} board: {path}")
        for label in ("grid", "lattice", "track", "hex", "stacks"):
            if len(games) > 5 and label not in shots:
                failures.append(f"no screenshot of a {label} board")
        # Hex and Connect Four are placed by clicks on their cells alone.
        if len(games) > 5 and len(PLACED) < 2 * MOVES:
            failures.append(f"only {len(PLACED)} placements made by a click on the cell: {PLACED}")
    finally:
        b.close()
        server.terminate()
        server.wait(timeout=10)
    if failures:
        print("\n".join(["FAILED:"] + failures))
        sys.exit(1)
    print(f"all {len(games)} games played by clicks")


if __name__ == "__main__":
    main()
