"""Agents from Python: the built-in ones choosing for a Python state, a Python callable seated
in the lab's games against a built-in level, and searches that leave the GIL to other threads."""
import threading

import pytest

import boardlab


def play(game, agents, seed):
    """A whole game between agents (one per player), dice from Rng(seed); its actions."""
    rng = boardlab.Rng(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and state.move_number() < 300:
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
        else:
            state.apply_action(agents[state.current_player()].step(state))
    return state


def test_builtin_agents_choose_legal_moves():
    game = boardlab.load_game("breakthrough-6x6")
    state = game.new_initial_state()
    agent = boardlab.Agent(game, "mcts:iterations=200", seed=3)
    action = agent.step(state)
    assert action in state.legal_actions()
    assert boardlab.Agent(game, "mcts:iterations=200", seed=3).step(state) == action  # seeded: it replays
    hints = agent.hint(state, 3)
    assert 1 <= len(hints) <= 3 and all(a in state.legal_actions() for a, _, _ in hints)
    assert hints[0][1] >= hints[-1][1] and hints[0][2] > 0
    with pytest.raises(ValueError, match="unknown|no agent|not an agent"):
        boardlab.Agent(game, "nosuch")
    assert agent.step(boardlab.load_game("breakthrough-6x6").new_initial_state()) in state.legal_actions()  # the same rules
    with pytest.raises(ValueError, match="make the agent with the state's game"):
        agent.step(boardlab.load_game("breakthrough").new_initial_state())


def test_a_game_between_agents_with_dice():
    game = boardlab.load_game("hypergammon")
    end = play(game, [boardlab.Agent(game, "level:1", seed=1), boardlab.Agent(game, "random", seed=2)], seed=5)
    assert end.is_terminal() and sorted(end.returns())[0] < 0


def test_python_policy_in_a_series_against_a_level():
    game = boardlab.load_game("breakthrough-6x6")
    asked = []

    def first_legal(state):  # a researcher's policy: any callable state -> action
        asked.append(state.current_player())
        return state.legal_actions()[0]

    games, moves = boardlab.lab.simulate(game, games=4, agents=[first_legal, "level:1"], seed=2, max_plies=200)
    assert len(games) == 4 and asked
    assert games.attrs["agents"][0].startswith("python") and games.attrs["agents"][1] == "level:1"
    assert set(moves[moves.agent == 0].game) == set(range(4))  # the policy played in every game, both seats
    assert set(games.first_agent_seat) == {0, 1}
    assert games.winning_agent.notna().all()


def test_a_python_policy_that_breaks_the_rules_is_named():
    game = boardlab.load_game("breakthrough-6x6")
    with pytest.raises(ValueError, match="the Python agent cheat chose 99999"):
        boardlab.lab.simulate(game, games=1, agents=[cheat, "random"], seed=1)


def cheat(state):
    return 99999


def test_a_failing_policy_raises_its_error():
    def broken(state):
        raise KeyError("my bug")

    with pytest.raises(RuntimeError, match="my bug"):
        boardlab.lab.simulate(boardlab.load_game("breakthrough-6x6"), games=1, agents=[broken, "random"], seed=1)


def test_searches_release_the_gil():
    """While one thread searches and another simulates, a third runs Python: both long calls
    leave the interpreter to it, and the games come out as they do alone."""
    game = boardlab.load_game("breakthrough-6x6")
    state = game.new_initial_state()
    alone = boardlab.Agent(game, "mcts:iterations=3000", seed=7).step(state)
    series_alone = boardlab.lab.simulate(game, games=6, seed=4, moves=False).games.result.tolist()
    ticks, results = [], {}
    done = threading.Event()

    def search():
        results["search"] = boardlab.Agent(game, "mcts:iterations=3000", seed=7).step(state)

    def series():
        results["series"] = boardlab.lab.simulate(game, games=6, seed=4, moves=False).games.result.tolist()

    workers = [threading.Thread(target=search), threading.Thread(target=series)]
    for w in workers:
        w.start()
    while any(w.is_alive() for w in workers):
        ticks.append(1)
        done.wait(0.001)
    for w in workers:
        w.join()
    assert results == {"search": alone, "series": series_alone}
    assert len(ticks) > 3


def test_a_match_reports_as_the_program_does(boardlab_program):
    import subprocess
    cli = subprocess.run([boardlab_program, "match", "breakthrough-6x6", "random", "greedy", "--games", "20", "--seed", "3",
                          "--threads", "1"], capture_output=True, text=True, check=True).stdout
    mine = boardlab.lab.match("breakthrough-6x6", ["random", "greedy"], games=20, seed=3)
    # The same games, so the same text, but for the thinking times, which are measured.
    def measured_aside(text):
        return "\n".join(line for line in text.splitlines() if " thought " not in line)
    assert " thought " in mine["text"]
    assert measured_aside(mine["text"]) in measured_aside(cli)
    assert mine["games"] == 20 and mine["wins"] + mine["draws"] + mine["losses"] == 20
    low, high = mine["score_interval"]
    assert low <= mine["score"] <= high


def test_a_python_policy_in_a_match_against_a_level():
    game = boardlab.load_game("connect-four")

    def centre_first(state):  # prefers the middle columns
        legal = state.legal_actions()
        return min(legal, key=lambda a: abs(state.action_to_string(a).count("d") - 1))

    result = boardlab.lab.match(game, [centre_first, "level:1"], games=6, seed=1)
    assert result["games"] == 6 and "python:" in result["text"] and "level:1" in result["text"]
