"""boardlab from Python: every bundled game (or a definition file), its states and legal
actions in OpenSpiel's words, the built-in agents, and the lab (boardlab.lab). docs/python.md
has the API and a worked example.

    import boardlab
    game = boardlab.load_game("dipole", {"max_height": 5})
    state = game.new_initial_state()
    while not state.is_terminal():
        ...
"""
from ._boardlab import (AGENTS, CHANCE_PLAYER, TERMINAL_PLAYER, Agent, DefinitionError, Game, PositionError, Rng,
                        ScriptError, State, game_seed, load_game)
from . import lab

__all__ = ["AGENTS", "CHANCE_PLAYER", "TERMINAL_PLAYER", "Agent", "DefinitionError", "Game", "PositionError", "Rng",
           "ScriptError", "State", "game_seed", "lab", "load_game"]
