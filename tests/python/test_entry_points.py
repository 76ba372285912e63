"""Every public entry point of the module, given None, wrong types and values out of range,
raises a Python exception and never crashes the interpreter (None once reached C++ as a null
game: `State.from_text(None, "white")` and `lab.simulate(None)` ended Python with SIGSEGV).
The calls run in a child process, so that a crash is seen as its exit status, in a scratch
folder, so that a value taken for a file name writes nothing here."""
import subprocess
import sys
import textwrap

CHILD = textwrap.dedent(r'''
    import boardlab, boardlab.lab
    game = boardlab.load_game("kalah")
    state = game.new_initial_state()
    agent = boardlab.Agent(game, "random")
    bad = [None, "x", -1, 2**70, 1.5, [], {}]
    calls = 0
    for owner in (boardlab, boardlab.lab, game, state, agent):
        for name in sorted(dir(owner)):
            entry = getattr(owner, name)
            if name.startswith("_") or not callable(entry) or isinstance(entry, type(boardlab)):
                continue
            for count in range(1, 4):
                for value in bad:
                    try:
                        entry(*([value] * count))
                    except Exception:
                        pass
                    calls += 1
    # The three calls the last round found crashing, by name.
    for call in (lambda: boardlab.State.from_text(None, "white"), lambda: boardlab.Agent(None, "random"),
                 lambda: boardlab.lab.simulate(None), lambda: boardlab.lab.match(None, ["random", "random"])):
        try:
            call()
        except (TypeError, ValueError) as e:
            calls += 1
        else:
            raise SystemExit("a call with None for the game was taken")
    print(calls)
''')


def test_no_entry_point_crashes_on_bad_arguments(tmp_path):
    done = subprocess.run([sys.executable, "-c", CHILD], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"exit {done.returncode}: {done.stderr[-2000:]}"
    assert int(done.stdout.split()[-1]) > 500  # every entry point reached, not a loop that stopped early
    assert list(tmp_path.iterdir()) == [], "a bad argument was taken for a file name and written"
