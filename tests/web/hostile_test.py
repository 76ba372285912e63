"""`boardlab serve` and `boardlab replay` against the hostile clients and files of the second
security round (docs/limits.md): slow clients that drip a byte a second, the HTTP library's
own refusals, a crowd of such clients from a few addresses, computer seats asking for
unbounded searches, and records long enough to make a replay's memory grow with the square
of their length. Every part is bounded in time.
Usage: hostile_test.py BOARDLAB WORK_DIR [--no-memory]   (--no-memory: the sanitizer build,
whose shadow memory makes the memory ceilings meaningless; the rest still runs)"""
import contextlib
import http.client
import itertools
import json
import os
import re
import select
import socket
import subprocess
import sys
import threading
import time

FAILURES = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        FAILURES.append(what)


@contextlib.contextmanager
def serving(boardlab, *args):
    """A `boardlab serve` for the block: (its process, host, port)."""
    server = subprocess.Popen([boardlab, "serve", "--port", "0", *args], stdout=subprocess.PIPE, text=True)
    try:
        m = re.search(r"http://([^:/]+):(\d+)/", server.stdout.readline())
        yield server, m.group(1), int(m.group(2))
    finally:
        server.terminate()
        server.wait(timeout=30)


def call(host, port, method, path, body=None, raw_body=None, timeout=60):
    conn = http.client.HTTPConnection(host, port, timeout=timeout)
    data = raw_body if raw_body is not None else (None if body is None else json.dumps(body))
    conn.request(method, path, body=data, headers={"Content-Type": "application/json"} if data is not None else {})
    r = conn.getresponse()
    text = r.read()
    conn.close()
    return r.status, text, r.getheader("Content-Type") or ""


def check_peak(server, ceiling_mb, what):
    with open(f"/proc/{server.pid}/status") as f:
        mb = int(re.search(r"VmHWM:\s+(\d+)", f.read()).group(1)) / 1024
    check(mb < ceiling_mb, f"{what}: {mb:.0f} MB")


def check_held(server, ceiling_mb, what):
    with open(f"/proc/{server.pid}/status") as f:
        mb = int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1)) / 1024
    check(mb < ceiling_mb, f"{what}: {mb:.0f} MB")


def answered_among_drippers(host, port, connect, count, settle, within, what):
    """`count` connections, each made by connect(k) -> (socket, bytes still to send), then
    sending those bytes, and then "y" for ever, a byte a second: after `settle` seconds another
    client's 5 requests are each answered, the slowest within `within` s."""
    stop = threading.Event()
    socks = []

    def drip(s, pending):
        for byte in itertools.chain(pending, itertools.repeat(ord("y"))):
            if stop.is_set():
                return
            try:
                s.send(bytes([byte]))
            except OSError:
                return  # the server cut it: what it should do in the end
            time.sleep(1)

    for k in range(count):
        s, pending = connect(k)
        socks.append(s)
        threading.Thread(target=drip, args=(s, pending), daemon=True).start()
    time.sleep(settle)
    worst = 0
    for _ in range(5):
        t = time.time()
        status, _, _ = call(host, port, "GET", "/api/catalog", timeout=within * 10)
        worst = max(worst, time.time() - t)
        check(status == 200, f"another client is answered while {what} drip")
    check(worst < within, f"... within {within} s (the slowest took {worst:.2f} s)")
    stop.set()
    for s in socks:
        s.close()


def slow_clients(host, port):
    """32 connections each sending its request a byte a second; other clients answered at once."""
    request = b"GET /api/catalog HTTP/1.1\r\nHost: x\r\n" + b"X-Slow: "
    # 2 s: every dripping connection holds a worker by then.
    answered_among_drippers(host, port, lambda k: (socket.create_connection((host, port)), request), 32, 2, 1,
                            "32 connections")


def crowd_of_slow_clients(host, port):
    """200 connections from 4 addresses, each address within its share, dripping their
    requests: together they would hold every worker until their deadlines (other clients
    waited 17-18 s); under pressure the oldest are cut, and another client is answered."""
    def connect(k):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.bind((f"127.0.0.{2 + k % 4}", 0))
        s.connect((host, port))
        s.send(b"GET /api/catalog HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        return s, b""

    # 3 s: the workers are theirs by then, but for the pressure rule.
    answered_among_drippers(host, port, connect, 200, 3, 3, "200 connections from 4 addresses")


def deadlines(boardlab):
    """A connection that has not sent its request in --request-seconds is cut; one address
    holds at most 64 connections."""
    with serving(boardlab, "--request-seconds", "3") as (_, host, port):
        s = socket.create_connection((host, port))
        s.sendall(b"GET /api/catalog HTTP/1.1\r\n")  # and nothing more
        s.settimeout(10)
        t = time.time()
        try:
            cut = s.recv(100) == b""
        except (ConnectionResetError, socket.timeout):
            cut = True
        took = time.time() - t
        check(cut and 2 < took < 8, f"a request not sent within 3 s is cut ({took:.1f} s)")
        s.close()
        idle = [socket.create_connection((host, port)) for _ in range(70)]
        time.sleep(1)  # the watchdog looks every 0.2 s; the deadline is 3 s away
        readable, _, _ = select.select(idle, [], [], 0)  # at once: a cut connection reads its end
        closed = len(readable)
        for c in idle:
            c.close()
        check(closed == 6, f"beyond 64 connections from one address, the newest are cut ({closed} of 70 cut)")


def library_refusals(host, port):
    """The HTTP library's own replies carry JSON too."""
    s = socket.create_connection((host, port))
    s.sendall(b"NONSENSE\r\n\r\n")
    s.settimeout(10)
    reply = b""
    # The head and the body may come in separate packets (they do under the sanitizer):
    # read until the body is whole, as its Content-Length says.
    while True:
        chunk = s.recv(65536)
        reply += chunk
        head, _, body = reply.decode("latin-1").partition("\r\n\r\n")
        length = re.search(r"(?im)^content-length:\s*(\d+)", head)
        if not chunk or (length and len(body.encode("latin-1")) >= int(length.group(1))):
            break
    reply = reply.decode("latin-1")
    s.close()
    check(head.startswith("HTTP/1.1 400") and json.loads(body).get("error"), f"a malformed request gets 400 with JSON: {reply[:80]!r}")
    status, text, kind = call(host, port, "POST", "/api/games", raw_body="x" * (2 << 20))
    check(status == 413 and "json" in kind and json.loads(text).get("error"), f"a body too large gets 413 with JSON: {status} {text[:80]!r}")
    status, text, _ = call(host, port, "POST", "/api/games",
                           {"game": "breakthrough-6x6", "seats": ["human", "random"], "seed": 1})
    gid = json.loads(text)["id"]
    conn = http.client.HTTPConnection(host, port, timeout=10)
    conn.putrequest("POST", f"/api/games/{gid}/step")
    conn.endheaders()  # no body, no Content-Length
    r = conn.getresponse()
    text = r.read()
    check(r.status < 500 and "Content-Length" in json.loads(text)["error"], f"a POST without a length gets JSON saying so: {r.status} {text[:80]!r}")


def searching_games(boardlab, memory):
    """8 games whose computer asks for 10^8 iterations on two threads: the trees are bounded
    while they think and let go while they wait."""
    with serving(boardlab, "--think-seconds", "2") as (server, host, port):
        spec = "mcts:iterations=100000000,threads=2"
        ids = []
        for k in range(8):
            status, text, _ = call(host, port, "POST", "/api/games", {"game": "dipole", "seats": [spec, spec], "seed": k + 1})
            check(status == 201, f"game {k} starts: {status}")
            ids.append(json.loads(text)["id"])
        errors = []

        def play(gid):
            for _ in range(2):
                status, text, _ = call(host, port, "POST", f"/api/games/{gid}/step", timeout=120)
                if status != 200:
                    errors.append(f"{status} {text[:100]!r}")

        threads = [threading.Thread(target=play, args=(gid,)) for gid in ids]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        check(not errors, f"16 computer moves in 8 games: {errors[:3]}")
        if memory:
            check_peak(server, 1024, "the server's peak memory stays under 1 GB")
            # Each seat searched ~2 s (a tree of tens of MB): none is kept while the games wait
            # (a cleared vector that kept its capacity held ~18 MB per game).
            check_held(server, 100, "the 8 waiting games hold under 100 MB")


SHUTTLE = """api: 2
name: shuttle
title: Shuttle
description: Two pieces step back and forth for ever (a long record for the replay test).
players:
  - {name: white, forward: e}
  - {name: black, forward: w}
board: {kind: grid, size: [4, 1]}
pieces:
  man: {glyphs: {white: w, black: b}}
setup:
  - {stack: w, cells: [a1]}
  - {stack: b, cells: [d1]}
moves:
  steps:
    pieces:
      man:
        white: [{dirs: [e, w], onto: empty}]
        black: [{dirs: [e, w], onto: empty}]
turn:
  no_moves: lose
"""


def shuttle_record(plies):
    """White a1-b1, black d1-c1, white b1-a1, black c1-d1, ... for `plies` plies."""
    white, black = ["a1-b1", "b1-a1"], ["d1-c1", "c1-d1"]
    lines = ['[Game "shuttle"]']
    for i in range(plies):
        side, moves = ("white", white) if i % 2 == 0 else ("black", black)
        lines.append(f"{i + 1}. {side} {moves[(i // 2) % 2]}")
    return "\n".join(lines) + "\n"


def long_records(boardlab, work, memory):
    """A 50,000-ply record replays, stepping to its end, in bounded memory and time."""
    definition = os.path.join(work, "shuttle.yaml")
    with open(definition, "w") as f:
        f.write(SHUTTLE)
    record = os.path.join(work, "shuttle-50000.txt")
    with open(record, "w") as f:
        f.write(shuttle_record(50000))
    # Its own process, so that the peak measured is the replay's alone.
    measure = ("import resource, subprocess, sys\n"
               "r = subprocess.run(sys.argv[1:], input='last\\nq\\n', capture_output=True, text=True)\n"
               "sys.stdout.write(r.stdout[-2000:])\n"
               "print('peak-kb', resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, 'status', r.returncode)\n")
    t = time.time()
    run = subprocess.run([sys.executable, "-c", measure, boardlab, "replay", record, "--definition", definition, "--step"],
                         capture_output=True, text=True, timeout=300)
    seconds = time.time() - t
    m = re.search(r"peak-kb (\d+) status (-?\d+)", run.stdout)
    check(m is not None and m.group(2) == "0" and "Move 50000 of 50000" in run.stdout,
          f"replay --step reaches move 50000: {run.stdout[-300:]!r} {run.stderr[-300:]!r}")
    if memory and m:
        peak = int(m.group(1)) / 1024
        check(peak < 200, f"... in under 200 MB: {peak:.0f} MB, {seconds:.1f} s")
    # The server: every position of a 20,000-ply game, one request.
    with serving(boardlab, definition) as (server, host, port):
        status, text, _ = call(host, port, "POST", "/api/games",
                               {"game": definition, "record": shuttle_record(20000), "seats": ["human", "human"]}, timeout=120)
        check(status == 201, f"the server opens a 20,000-ply record: {status} {text[:100]!r}")
        gid = json.loads(text)["id"]
        status, text, _ = call(host, port, "GET", f"/api/games/{gid}/positions", timeout=120)
        check(status == 200 and len(json.loads(text)["positions"]) == 20001, f"... and lists its 20,001 positions: {status}")
        if memory:
            check_peak(server, 400, "... in under 400 MB")


def main():
    boardlab, work = sys.argv[1], sys.argv[2]
    memory = "--no-memory" not in sys.argv
    os.makedirs(work, exist_ok=True)
    with serving(boardlab) as (_, host, port):
        slow_clients(host, port)
        crowd_of_slow_clients(host, port)
        library_refusals(host, port)

    deadlines(boardlab)
    searching_games(boardlab, memory)
    long_records(boardlab, work, memory)
    print(f"{len(FAILURES)} failed")
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
