"""The rule-tweak lab from Python: series of games between agents (built-in specs or Python
callables state -> action) and simulate folders, as pandas DataFrames.

simulate() plays what `boardlab simulate` plays: game i is seeded game_seed(seed, i) and the
agents rotate seats, so the same arguments give the same games and results as the CLI.
"""
from collections import namedtuple

from . import _boardlab

Results = namedtuple("Results", ["games", "moves"])
Results.__doc__ = """A series' games (one row each) and their moves (one row each, in the
game's notation). games: game, seed, first_agent_seat, starter, winner, winning_agent,
starter_won, capped, result, plies, seconds. moves: game, ply, player, agent, dice, move.
`agents` in the frames' attrs: the specs, in the order of the agent numbers."""


def _pandas():
    """pandas, imported when the lab is first used (`import boardlab` works without it), and
    before a series is played (not after it, with its games lost)."""
    try:
        import pandas
    except ImportError as e:
        raise ImportError("boardlab.lab gives pandas DataFrames: install pandas (Debian: python3-pandas)") from e
    return pandas


def _frames(columns):
    pandas = _pandas()
    games = pandas.DataFrame(columns["games"], columns=["game", "seed", "first_agent_seat", "starter", "winner",
                                                         "winning_agent", "starter_won", "capped", "result", "plies",
                                                         "seconds"])
    moves = pandas.DataFrame(columns["moves"], columns=["game", "ply", "player", "agent", "dice", "move"])
    for frame in (games, moves):
        frame.attrs.update(game=columns["game"], seed=columns["seed"], agents=list(columns["agents"]))
    return Results(games, moves)


def _game(game):
    """A boardlab.Game from what the caller gave: a Game, or a game's name."""
    from . import Game, load_game
    if isinstance(game, str):
        return load_game(game)
    if not isinstance(game, Game):
        raise TypeError(f"game: a boardlab.Game or a game's name, not {type(game).__name__}")
    return game


def simulate(game, games=100, agents=None, seed=1, max_plies=1000, threads=1, opening_plies=0, moves=True, out=None,
             replace=False):
    """Plays `games` games of `game` (a boardlab.Game, or a name) between `agents` (one per
    player: specs such as "level:2" or callables state -> action; default random), as
    `boardlab simulate` does. Returns Results(games, moves); moves=False leaves the moves out
    (naming every move costs about as much as a random game). `out`: a folder to write the
    run into as `simulate --out` does (games.jsonl, summary.json, report.html); `replace`
    lets it replace another run's folder (`--force`)."""
    _pandas()
    game = _game(game)
    if agents is None:
        agents = ["random"] * game.num_players()
    return _frames(_boardlab._lab.simulate(game, list(agents), games, seed, max_plies, threads, opening_plies, moves,
                                           "" if out is None else str(out), replace))


def match(game, agents, games=100, seed=1, max_plies=1000, threads=1, opening_plies=0):
    """A match between two agents (specs or callables) as `boardlab match` plays it: a dict
    with the first agent's games, wins, draws, losses, capped, first_mover_wins, score and
    score_interval (95%), elo and elo_interval, and `text`, the program's report."""
    game = _game(game)
    return _boardlab._lab.match(game, list(agents), games, seed, max_plies, threads, opening_plies)


def read(folder, definition="", moves=True):
    """The games of a simulate folder (`boardlab simulate --out FOLDER`), as simulate() gives
    them; `definition` names the definition file when the run's game is not a bundled one."""
    _pandas()
    return _frames(_boardlab._lab.read(str(folder), definition, moves))
