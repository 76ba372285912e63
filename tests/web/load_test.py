"""Load test of `boardlab serve`: CLIENTS concurrent games over loopback for SECONDS, each
client a person playing random legal moves against the computer (random agent, so that the
server's work is the API's, not the search's), a new game when one ends. Fails on any error
reply or dropped connection, or if the server's peak memory (VmHWM) passes CEILING_MB.
Usage: load_test.py BOARDLAB [CLIENTS SECONDS CEILING_MB]"""
import http.client
import json
import random
import re
import subprocess
import sys
import threading
import time

GAMES = ["dipole", "hypergammon", "death-stacks", "dablot", "lasca", "english-checkers", "plakoto", "breakthrough"]


def main():
    boardlab = sys.argv[1]
    clients = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 30
    ceiling_mb = float(sys.argv[4]) if len(sys.argv) > 4 else 400
    server = subprocess.Popen([boardlab, "serve", "--port", "0", "--max-games", str(clients)],
                              stdout=subprocess.PIPE, text=True)
    m = re.search(r"http://([^:/]+):(\d+)/", server.stdout.readline())
    host, port = m.group(1), int(m.group(2))
    end = time.time() + seconds
    lock = threading.Lock()
    stats = {"requests": 0, "games": 0, "moves": 0, "errors": []}

    def client(k):
        rng = random.Random(k)
        conn = http.client.HTTPConnection(host, port, timeout=60)

        def call(method, path, body=None):
            conn.request(method, path, body=None if body is None else json.dumps(body),
                         headers={"Content-Type": "application/json"})
            r = conn.getresponse()
            data = json.loads(r.read())
            with lock:
                stats["requests"] += 1
            if r.status >= 300:
                raise RuntimeError(f"{method} {path}: {r.status} {data}")
            return data

        try:
            while time.time() < end:
                game = GAMES[k % len(GAMES)]
                g = call("POST", "/api/games", {"game": game, "seats": ["human", "random"], "seed": rng.randrange(1, 10**9)})
                gid = g["id"]
                with lock:
                    stats["games"] += 1
                while time.time() < end and g["to_move"] != "nobody":
                    if g["to_move"] == "human":
                        g = call("POST", f"/api/games/{gid}/move", {"index": rng.randrange(len(g["legal"]))})
                        with lock:
                            stats["moves"] += 1
                    else:
                        g = call("POST", f"/api/games/{gid}/step")
                    if rng.random() < 0.02:
                        call("GET", f"/api/games/{gid}/positions")
                call("DELETE", f"/api/games/{gid}")
        except Exception as e:  # noqa: BLE001 - reported below
            with lock:
                stats["errors"].append(f"client {k}: {e}")

    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    with open(f"/proc/{server.pid}/status") as f:
        peak_kb = int(re.search(r"VmHWM:\s+(\d+)", f.read()).group(1))
    server.terminate()
    server.wait(timeout=10)
    print(f"{clients} clients for {seconds:.0f} s: {stats['requests']} requests "
          f"({stats['requests'] / seconds:.0f}/s), {stats['games']} games, {stats['moves']} moves by the clients; "
          f"{len(stats['errors'])} errors; server peak memory {peak_kb / 1024:.0f} MB (ceiling {ceiling_mb:.0f} MB)")
    for e in stats["errors"][:10]:
        print(e)
    if stats["errors"] or peak_kb / 1024 > ceiling_mb or stats["games"] < clients:
        sys.exit(1)


if __name__ == "__main__":
    main()
