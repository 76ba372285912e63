// The schema of a game definition: every key a YAML definition may hold, with its meaning.
#include "definition/game_def.h"

#include <fmt/format.h>

namespace boardlab {

const Schema& definition_schema() {
  using namespace schema;
  static const SchemaPtr root = [] {
    auto player = structure({
        {"name", string(), true, "the player's name, used in positions and on the command line"},
        {"forward", string(), false, "the direction this player calls forward (a direction name)"},
        {"colour", string(), false, "the colour pictures of the board give this player's pieces"},
    });
    auto parity = [](const char* axis) {
      return one_of({"even", "odd", "any"}, std::string("which values of ") + axis + " the class takes; default any");
    };
    auto point_class = structure({
        {"x", parity("x"), false, "which values of x the class takes; default any"},
        {"y", parity("y"), false, "which values of y the class takes; default any"},
        {"sum", parity("x + y"), false, "which values of x + y the class takes; default any"},
        {"steps", list(string()), true, "the directions a point of this class has a line along"},
    });
    auto board = structure({
        {"kind", one_of({"grid", "lattice", "track", "hex"}), true,
         "the board topology: grid (every square a cell), lattice (points joined by lines), track "
         "(points in a row, numbered by each player from its far end, with a bar and a tray) or hex "
         "(hexagonal cells, six neighbours each)"},
        {"size", list(integer("", true)), true,
         "[width, height] in cells, or of a lattice's coordinates; [points] for a track; [side] for a hexagon; "
         "each a number or $option"},
        {"shape", one_of({"rhombus", "hexagon"}), false,
         "hex only: a rhombus of [width, height] cells (the default) or a hexagon of [side] cells a side"},
        {"bar", string(), false, "track only: the reserve that holds each player's hit pieces"},
        {"off", string(), false, "track only: the reserve that holds each player's borne-off pieces"},
        {"points", dict(point_class), false,
         "lattice only: classes of points, each the coordinates of a parity, with its lines"},
        {"playable", one_of({"all", "dark", "light"}), false,
         "grid only: which squares may hold pieces (a1 is dark); default all"},
        {"edges", one_of({"stop", "off", "reflect"}), false,
         "what a ray does at the edge: stop, leave the board (off), or bounce (reflect); default stop; a lattice's rays stop"},
        {"directions", dict(list(integer())), false,
         "named step vectors [dx, dy]; default the 8 compass directions n ne e se s sw w nw"},
        {"max_stack", integer(), false, "the tallest stack a cell can hold; default the number of pieces"},
    });
    auto piece = structure({
        {"glyphs", dict(string()), true, "one character per player, used in positions and on the board"},
        {"rank", integer(), false, "a number the script may compare (higher is stronger); default 0"},
        {"doc", string(), false, "what the piece is"},
    });
    auto setup_entry = structure({
        {"stack", string(), false, "the pieces, bottom to top, as glyphs (with `cells`)"},
        {"repeat", integer("", true), false, "the stack this many times over (`{stack: s, repeat: $seeds}`); default 1"},
        {"cells", list(string()), false,
         "the cells that start with this stack; `a1..h3` is every playable cell of that rectangle"},
        {"reserve", string(), false,
         "a reserve that starts stocked (pieces in hand), with `pieces`, instead of `stack` and `cells`"},
        {"pieces", dict(scalar()), false,
         "how many of each piece (by glyph) the reserve starts with: `{x: 61, o: 61}`, or `unlimited` (a hand that "
         "never runs out)"},
    });
    auto turn = structure({
        {"first", string(), false, "the player who moves first (a name or $option)"},
        {"no_moves", one_of({"lose", "pass", "draw"}, "", true), false,
         "what happens to a side with no legal move: it loses, passes, or the game is drawn"},
        {"max_plies", integer("", true), false, "the game is drawn after this many plies; 0 for no cap"},
        {"lose_without_pieces", boolean(), false,
         "a player with no piece on the board loses, checked for every player after every move"},
        {"lose_without_stacks", boolean(), false,
         "a player who owns no stack (no stack with their piece on top) loses, checked for every player "
         "after every move"},
        {"no_progress", integer("", true), false,
         "the game is drawn after this many plies in a row without a move flagged as progress"},
    });
    auto repetition = structure({
        {"count", integer("", true), true, "the game is drawn when a position occurs this many times"},
        {"key", one_of({"board", "board+side"}), false, "what makes two positions the same; default board+side"},
    });
    auto option = structure({
        {"default", scalar(), true, "the value when nobody sets it"},
        {"doc", string(), false, "what the option changes"},
        {"type", one_of({"integer", "boolean", "string"}), false,
         "what values the option takes; default: the default's (a whole number, true/false, else a string)"},
        {"values", list(string()), false, "the allowed values, for a named option"},
        {"min", integer(), false, "the smallest value allowed, for a whole-number option"},
        {"max", integer(), false, "the largest value allowed, for a whole-number option"},
    });
    auto dice = structure({
        {"count", integer(), true, "how many dice are rolled before each move"},
        {"sides", integer(), false, "faces per die, numbered from 1; default 6"},
        {"doubles", integer(), false, "a roll whose dice all show the same number counts as this many dice; default count"},
        {"first_roll", one_of({"normal", "roll-off"}), false,
         "roll-off: each player rolls one die, ties are rolled again, and the higher roller moves first "
         "with both numbers; default normal"},
    });
    auto result = structure({
        {"doc", string(), false, "what it means, shown after 'wins' or 'draw'"},
        {"score", integer("", true), false, "what the game is worth; default 1"},
        {"reach", dict(list(string())), false,
         "per player name, cells (`a8..h8` ranges too; `far_edge`: those from which a step forward leaves the "
         "board): after every move, a player with a piece on top on one of "
         "its cells wins with this result, the mover first; the runtime checks it, no hook needed"},
        {"line", integer("", true), false,
         "after every move, a player with this many pieces in a row (on top, along any direction and its "
         "opposite) wins with this result, the mover first; the runtime checks it, no hook needed"},
        {"connect", dict(list(list(string()))), false,
         fmt::format("per player name, 2 to {} lists of cells (`a1..k1` ranges too; `edge DIR`: those from which "
                     "a step along DIR leaves the board): after every move, a player whose pieces on top join a "
                     "cell of every list in one group (cells one step apart along any direction) wins with this "
                     "result, the mover first; the runtime checks it, no hook needed",
                     kMaxConnectSets)},
    });
    // The registered blocks' keys (definition/move_block.h), one of which `moves` names.
    std::vector<Field> blocks;
    for (const MoveBlockType& b : move_blocks()) blocks.push_back({b.name, b.keys, false, b.doc});
    auto declared_moves = structure(std::move(blocks));
    auto event = structure({
        {"doc", string(), false, "what it counts, for people reading the definition"},
    });
    auto levels = structure({
        {"1", string(), false, "level 1's agent spec (default greedy)"},
        {"2", string(), false, "level 2's (default: a search of 0.1 s a move)"},
        {"3", string(), false, "level 3's, the default opponent (default: 0.4 s a move)"},
        {"4", string(), false, "level 4's (default: 1 s a move)"},
        {"5", string(), false, "level 5's (default: 3 s a move)"},
    });
    auto limits = structure({
        {"ticks", integer(), false, "loop steps a script may take in one call; default 50000000"},
        {"memory_mb", integer(), false, "memory the script may hold, in MiB; default 256"},
    });
    return structure({
        {"name", string(), true, "the game's short name, as typed on the command line"},
        {"title", string(), false, "the game's full name"},
        {"description", string(), false, "one paragraph about the game"},
        {"rules", string(), false, "a summary of the rules, shown to players"},
        {"extends", string(), false, "a definition this one changes (a path relative to this file)"},
        {"api", integer(), false,
         "the version of boardlab's authoring API the definition and its script were written for "
         "(docs/changelog.md); default 1, the first. A variant that names a script of its own names its api too"},
        {"script", string(), false,
         "the Lua script with the game's rules, relative to this file; required unless `moves` declares them"},
        {"moves", declared_moves, false,
         "the moves as one building block with data (API 2): then no script is needed, or the script defines the "
         "other hooks"},
        {"players", list(player), true, "the players, in turn order"},
        {"board", board, true, "the board"},
        {"pieces", dict(piece), true, "the kinds of piece"},
        {"reserves", list(string()), false, "named off-board places per player (bar, off, captured)"},
        {"setup", list(setup_entry), false, "the starting position"},
        {"turn", turn, false, "the turn machine"},
        {"repetition", repetition, false, "the repetition draw"},
        {"dice", dice, false, "dice rolled by the runtime before every move"},
        {"results", dict(result), false, "named results the script's result hook may give as detail"},
        {"events", dict(event), false,
         "named events a move may carry (moves.begin({'capture'})), counted by simulate; at most 7"},
        {"options", dict(option), false, "settings a variant or the command line may change"},
        {"limits", limits, false, "what a script may spend"},
        {"levels", levels, false,
         "the computer's playing levels for this game, 1 (weakest) to 5, each an agent spec with a thinking-time "
         "budget; a level not named, or named `default`, keeps the default ladder (`boardlab agents`)"},
        {"weights", string(), false,
         "a weights file from `boardlab train` for this game, relative to this file, or several joined by + (an "
         "ensemble, judged by the mean of their values): agents' eval=learned and the default levels judge positions "
         "with it; a definition that extends this one does not inherit it"},
    });
  }();
  return *root;
}

}  // namespace boardlab
