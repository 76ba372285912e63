"""The lab from Python: a series gives the games and results the CLI's `simulate` gives for
the same seed, and a simulate folder reads back as the same DataFrames."""
import subprocess

import boardlab

GAME_COLUMNS = ["game", "seed", "first_agent_seat", "starter", "winner", "winning_agent", "starter_won", "capped",
                "result", "plies", "seconds"]
MOVE_COLUMNS = ["game", "ply", "player", "agent", "dice", "move"]


def test_simulate_matches_the_cli(boardlab_program, tmp_path):
    folder = tmp_path / "run"
    subprocess.run([boardlab_program, "simulate", "hypergammon", "--games", "12", "--seed", "9", "--agents",
                    "random,greedy", "--threads", "2", "--out", str(folder)], check=True, capture_output=True)
    mine = boardlab.lab.simulate("hypergammon", games=12, agents=["random", "greedy"], seed=9)
    theirs = boardlab.lab.read(folder)
    assert list(mine.games.columns) == GAME_COLUMNS and list(mine.moves.columns) == MOVE_COLUMNS
    same = [c for c in GAME_COLUMNS if c != "seconds"]
    assert mine.games[same].equals(theirs.games[same])
    assert mine.moves.equals(theirs.moves)
    assert theirs.games.attrs["agents"] == ["random", "greedy"]
    # Every move is named in the game's notation, with the roll it played.
    assert (mine.moves.dice != "").all() and mine.moves.move.str.contains("/").any()
    assert mine.moves.groupby("game").size().tolist() == mine.games.plies.tolist()


def test_a_series_asks_for_what_the_program_allows():
    import pytest
    for bad in ({"games": 0}, {"threads": 100_000}, {"max_plies": -1}, {"opening_plies": -2}):
        with pytest.raises(ValueError, match=list(bad)[0]):
            boardlab.lab.simulate("connect-four", **bad)
    assert len(boardlab.lab.simulate("connect-four", games=3, threads=0, moves=False).games) == 3  # 0: every core


def test_moves_can_be_left_out():
    results = boardlab.lab.simulate("connect-four", games=3, seed=1, moves=False)
    assert len(results.games) == 3 and results.moves.empty


def test_ctrl_c_stops_a_long_series():
    """A series of 300,000 games (6 s here), interrupted after two seconds: KeyboardInterrupt
    (2.1 s here), not the series' results. (At half a second it failed once in about ten runs
    on a loaded machine, the series played to its end: perhaps the signal came while the
    series was being set up, still holding the GIL, where an error raised in a conversion is
    cleared by pybind11's overload resolution. Not confirmed.)"""
    import subprocess
    import sys
    import textwrap
    script = textwrap.dedent("""
        import os, signal, threading, time, boardlab
        threading.Timer(2.0, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
        start = time.time()
        try:
            boardlab.lab.simulate("dipole", games=300_000, seed=1, moves=False)
            print("finished")
        except KeyboardInterrupt:
            print(f"interrupted after {time.time() - start:.1f} s")
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120).stdout
    assert out.startswith("interrupted after"), out


def interrupted(script, seconds):
    """The output of a Python `script` sent Ctrl-C after `seconds`."""
    import subprocess
    import sys
    import textwrap
    head = f"import os, signal, threading, time, boardlab\nthreading.Timer({seconds}, lambda: os.kill(os.getpid(), signal.SIGINT)).start()\n"
    return subprocess.run([sys.executable, "-c", head + textwrap.dedent(script)], capture_output=True, text=True,
                          timeout=120).stdout


def test_ctrl_c_keeps_the_games_a_series_wrote(tmp_path, boardlab_program):
    """With out=, each game goes to the folder as it ends, as `simulate --out` writes it: Ctrl-C
    leaves the games played there (none were kept before), and `simulate --resume` reads them."""
    folder = tmp_path / "run"
    out = interrupted(f"""
        try:
            boardlab.lab.simulate("dipole", games=300_000, seed=1, moves=False, out={str(folder)!r})
            print("finished")
        except KeyboardInterrupt:
            print("interrupted")
    """, 2.0)
    assert out.startswith("interrupted"), out
    lines = (folder / "games.jsonl").read_text().splitlines()
    assert len(lines) > 100, len(lines)
    assert (folder / "summary.json").exists()
    # The folder is a run simulate can finish.
    said = subprocess.run([boardlab_program, "simulate", "--resume", str(folder)], capture_output=True, text=True,
                          timeout=300)
    assert said.returncode == 0 and f"{len(lines)} of 300000 games played" in said.stdout, said.stdout + said.stderr


def test_ctrl_c_stops_an_agent_thinking():
    """Agent.step searching 10^8 iterations answers Ctrl-C within a few hundred nodes: it went on
    to the end of its search before."""
    out = interrupted("""
        game = boardlab.load_game("dipole")
        agent = boardlab.Agent(game, "mcts:iterations=100000000", seed=1)
        start = time.time()
        try:
            agent.step(game.new_initial_state())
            print("finished")
        except KeyboardInterrupt:
            print(f"interrupted after {time.time() - start:.1f} s")
    """, 1.0)
    assert out.startswith("interrupted after"), out
    assert float(out.split()[2]) < 10, out


def test_a_series_written_as_the_program_writes_it(boardlab_program, tmp_path):
    folder = tmp_path / "run"
    mine = boardlab.lab.simulate("connect-four", games=10, agents=["greedy", "random"], seed=5, out=folder)
    assert (folder / "report.html").exists() and (folder / "summary.json").exists()
    again = boardlab.lab.read(folder)
    same = [c for c in GAME_COLUMNS if c != "seconds"]
    assert again.games[same].equals(mine.games[same]) and again.moves.equals(mine.moves)
    replayed = subprocess.run([boardlab_program, "replay", str(folder), "--game", "3"], capture_output=True, text=True,
                              check=True).stdout
    assert mine.games.result[3] in replayed
    import pytest
    with pytest.raises(ValueError):  # another run's folder is not replaced unless asked
        boardlab.lab.simulate("connect-four", games=4, seed=6, out=folder)
    boardlab.lab.simulate("connect-four", games=4, seed=6, out=folder, replace=True)
    assert len(boardlab.lab.read(folder).games) == 4
