"""Games from Python: every bundled game played to the end with random actions and compared,
position by position and move by move, with the CLI's `playouts` for the same seed; action
ids; chance nodes; states read and cloned; errors with the CLI's texts."""
import json
import subprocess

import numpy
import pytest

import boardlab
from conftest import REPO, bundled_games

SEED = 11
MAX_PLIES = 1000  # the CLI's default: a random game of a draughts variant may run that long


def cli_playout(program, game, seed):
    out = subprocess.run([program, "playouts", game, "--seed", str(seed), "--max-plies", str(MAX_PLIES)],
                         capture_output=True, text=True, check=True).stdout
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines and lines[-1].get("end"), "the last line is the game's end"
    return lines


def python_playout(game, seed):
    """The CLI's random game: dice and moves drawn from one Rng seeded game_seed(seed, 0)."""
    rng = boardlab.Rng(boardlab.game_seed(seed, 0))
    state = game.new_initial_state()
    decisions, moves = [], 0
    while not state.is_terminal() and moves < MAX_PLIES:
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        legal = state.legal_actions()
        assert len(set(legal)) == len(legal), f"ids not unique at {state.position_text()}"
        texts = [state.action_to_string(a) for a in legal]
        played = rng.below(len(legal))
        decisions.append({"position": state.position_text(), "moves": texts, "ids": legal, "played": played})
        state.apply_action(legal[played])
        moves += 1
    return decisions, state


@pytest.mark.parametrize("name", bundled_games())
def test_random_game_matches_the_cli(boardlab_program, name):
    game = boardlab.load_game(name)
    *cli, cli_end = cli_playout(boardlab_program, name, SEED)
    mine, end = python_playout(game, SEED)
    assert len(mine) == len(cli), f"{name}: {len(mine)} decisions from Python, {len(cli)} from the CLI"
    for ply, (a, b) in enumerate(zip(mine, cli)):
        assert a["position"] == b["position"], f"{name}, decision {ply}"
        assert a["moves"] == [m["move"] for m in b["moves"]], f"{name}, decision {ply}"
        assert a["played"] == b["played"], f"{name}, decision {ply}: the move played"
    # Action ids: each names its move, in text and back.
    state = boardlab.State.from_text(game, cli[len(cli) // 2]["position"])
    for a in state.legal_actions():
        assert state.string_to_action(state.action_to_string(a)) == a
    # The game's end as the CLI writes it: the final position, and the result when it ended.
    assert cli_end["position"] == end.position_text()
    assert cli_end["result"] == (end.result() if end.is_terminal() else "stopped at the cap")
    if end.is_terminal():
        returns = end.returns()
        assert abs(sum(returns)) < 1e-9 and len(returns) == game.num_players()
        assert end.current_player() == boardlab.TERMINAL_PLAYER and end.legal_actions() == []


def test_hypergammon_chance_nodes():
    game = boardlab.load_game("hypergammon")
    state = game.new_initial_state()
    assert state.is_chance_node() and state.current_player() == boardlab.CHANCE_PLAYER
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 30  # the roll-off: one die each, never equal, 6 x 5 ordered pairs
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    assert state.legal_actions() == [a for a, _ in outcomes]
    state.apply_action(state.string_to_action("6-1"))
    assert not state.is_chance_node() and state.dice()
    state.apply_action(state.legal_actions()[0])
    assert state.is_chance_node()
    later = state.chance_outcomes()
    assert len(later) == 21 and abs(sum(p for _, p in later) - 1) < 1e-9  # 6 doubles at 1/36, 15 others at 2/36
    assert all(a < game.max_chance_outcomes() for a, _ in outcomes + later)
    # The same roll has the same id wherever it is rolled.
    other = state.clone()
    other.apply_action(other.string_to_action("5-4"))
    other.apply_action(other.legal_actions()[-1])
    assert other.is_chance_node() and other.string_to_action("3-2") == state.string_to_action("2-3")
    assert other.action_to_string(other.string_to_action("3-2")) == "3-2"


def test_action_ids_are_routes():
    game = boardlab.load_game("breakthrough")
    state = game.new_initial_state()
    n = game.num_distinct_actions()
    for a in state.legal_actions():
        frm, to, count = game.action_route(a)
        text = state.action_to_string(a)
        assert a < n and count == 1
        assert text.startswith(frm) and text.endswith(to), (text, frm, to)
    # The same move from the same square to the same square has one id in any position.
    first = {state.action_to_string(a): a for a in state.legal_actions()}
    later = state.clone()
    later.apply_action(later.legal_actions()[0])
    later.apply_action(later.legal_actions()[0])
    for a in later.legal_actions():
        text = later.action_to_string(a)
        if text in first:
            assert first[text] == a


def test_shared_routes_get_ids_beyond_the_route_space():
    # A double in hypergammon: many turns start and end on the same points.
    game = boardlab.load_game("hypergammon")
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("6-1"))
    state.apply_action(state.legal_actions()[0])
    state.apply_action(state.string_to_action("2-2"))
    legal = state.legal_actions()
    n = game.num_distinct_actions()
    assert len(set(legal)) == len(legal)
    beyond = [a for a in legal if a >= n]
    assert beyond, "a double's turns share routes"
    for a in beyond:  # the k-th move of a route: route + k * n, after the one with the route itself
        assert a % n in legal
    mask = state.legal_actions_mask()
    assert mask.shape == (n,) and mask.sum() == len(set(a % n for a in legal))
    assert all(mask[a % n] for a in legal)


def test_clone_and_text_round_trip():
    game = boardlab.load_game("dipole")
    state = game.new_initial_state()
    copy = state.clone()
    state.apply_action(state.legal_actions()[0])
    assert copy.move_number() == 0 and state.move_number() == 1
    again = boardlab.State.from_text(game, state.position_text())
    assert again.position_text() == state.position_text()
    assert again.legal_actions() == state.legal_actions()
    assert "to move" in str(state)
    tensor = state.observation_tensor()
    assert isinstance(tensor, numpy.ndarray) and tensor.dtype == numpy.float32
    assert list(tensor.shape) == game.observation_tensor_shape() and tensor.sum() > 0
    assert not numpy.array_equal(tensor, state.observation_tensor(1 - state.current_player()))
    assert state.history() == [copy.legal_actions()[0]]


def test_options_and_variants():
    tall = boardlab.load_game("death-stacks", {"max_height": 5})
    assert tall.options()["max_height"] == "5" and boardlab.load_game("death-stacks").options()["max_height"] == "4"
    assert boardlab.load_game("connect-four", ["rows=5", "columns=6"]).options()["rows"] == "5"
    assert boardlab.load_game("hex", {"swap": False}).options()["swap"] == "false"
    # A smaller board: fewer cells, so fewer routes.
    small = boardlab.load_game("connect-four", {"rows": 5, "columns": 6})
    assert small.num_distinct_actions() < boardlab.load_game("connect-four").num_distinct_actions()
    assert len(small.new_initial_state().legal_actions()) == 6


def test_errors_say_what_the_cli_says(tmp_path):
    with pytest.raises(ValueError, match="nosuch"):
        boardlab.load_game("nosuch")
    with pytest.raises(ValueError, match="no_such_option"):
        boardlab.load_game("dipole", ["no_such_option=1"])
    bad = tmp_path / "bad.yaml"
    bad.write_text((REPO / "definitions" / "breakthrough.yaml").read_text().replace("players:", "playerz:", 1))
    with pytest.raises(boardlab.DefinitionError, match=r"bad\.yaml:\d+:\d+: error"):
        boardlab.load_game(str(bad))
    state = boardlab.load_game("breakthrough").new_initial_state()
    with pytest.raises(ValueError, match="not a legal action"):
        state.apply_action(-5)
    with pytest.raises(ValueError):
        state.string_to_action("z9-z10")
    with pytest.raises(ValueError, match="n >= 1"):
        boardlab.Rng(1).below(0)  # an empty list's random choice: an error, not a division by zero
    with pytest.raises(boardlab.PositionError):
        boardlab.State.from_text(boardlab.load_game("breakthrough"), "not a position")
