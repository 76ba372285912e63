-- drop.lua: pieces placed from a hand (a stocked reserve, definitions.md's setup) onto the
-- board: onto any empty cell (Hex, Gomoku, Othello's shape of move), or dropped in to fall
-- along a direction until something stops them (Connect Four). Written against the public
-- game API only; the game passes what differs:
--
--   drop.generate {
--     from = slot,       -- the reserve the pieces come from (game.reserve("hand")); required
--     kind = "stone",    -- the kind placed, the side to move's piece of it; default the
--                        -- definition's first kind
--     fall = dir,        -- optional: a piece falls along dir and stops on the last empty cell
--                        -- before the edge, an unplayable cell or a piece
--     cells = function(cell) -> may a piece be placed on this empty cell (optional: all)
--     flags = 0,         -- the flags each placement carries (game.flags("progress")...)
--   }
--
-- Each move is one action, moves.from_reserve(cell, from, code), in cell order. Without
-- `fall` every empty playable cell is a move; with it, the cells where a falling piece comes
-- to rest (one per column of a Connect Four board). No move when the hand has no such piece.
-- drop.notation spells a placement by its cell (`d1`). A C++ search writes the moves
-- (interpreter/script/drop_moves.cpp) unless `cells` is given; drop.generate_lua is the same
-- loop in Lua, which checking mode runs beside it.
return function(api, native)
  local board, state, moves, game = api.board, api.state, api.moves, api.game
  local ray, playable, name, NC = board.ray, board.playable, board.name, board.ncells
  local height, side, reserve = state.height, state.side, state.reserve
  local M = {}

  local function what(v)
    return type(v) == "string" and string.format("%q", v) or tostring(v)
  end
  -- Checks the rules (errors at the line of the script's call); returns the code placed, or
  -- nil when the hand holds none, and the flags.
  local function check(p)
    if type(p) ~= "table" then error("drop.generate: expected a table of rules { from = slot, ... }", 3) end
    if type(p.from) ~= "number" or p.from < 0 or p.from >= #game.reserves or p.from ~= math.floor(p.from) then
      error(string.format("drop.generate: from is %s, not a reserve slot (game.reserve(name))", what(p.from)), 3)
    end
    if p.fall ~= nil and (type(p.fall) ~= "number" or p.fall < 0 or p.fall >= board.ndirs or p.fall ~= math.floor(p.fall)) then
      error(string.format("drop.generate: fall is %s, not a direction (board.dir(name))", what(p.fall)), 3)
    end
    if p.cells ~= nil and type(p.cells) ~= "function" then
      error(string.format("drop.generate: cells is %s, not a function of a cell", what(p.cells)), 3)
    end
    local flags = native.flag_bits(p.flags, "drop.generate", 5)
    local code = game.piece(p.kind or 0, side())
    if reserve(p.from, code) <= 0 then return nil, flags end
    return code, flags
  end

  local function rests(c, fall)
    local below = ray(c, fall, 1)
    return below < 0 or not playable(below) or height(below) > 0
  end

  -- The placements in Lua, in cell order.
  local function place(p, code, flags)
    local fall, cells = p.fall, p.cells
    for c = 0, NC - 1 do
      if playable(c) and height(c) == 0 and (fall == nil or rests(c, fall)) and (cells == nil or cells(c)) then
        moves.begin(flags)
        moves.from_reserve(c, p.from, code)
        moves.commit()
      end
    end
  end
  function M.generate_lua(p)
    local code, flags = check(p)
    if code then place(p, code, flags) end
  end

  local rules = native.drop_rules() -- the C++ search's, set at each call
  local function generate_native() native.drop_moves(rules, "drop.generate") end
  local function generate_lua(p) place(p, rules.code, rules.flags) end

  function M.generate(p)
    local code, flags = check(p)
    if not code then return end
    if p.cells ~= nil then -- the C++ search cannot ask a Lua function
      place(p, code, flags)
      return
    end
    rules.from, rules.code, rules.fall, rules.flags = p.from, code, p.fall or -1, flags
    native.run("drop.generate", generate_native, "drop.generate_lua", generate_lua, nil, p)
  end

  function M.notation(move)
    for _, a in ipairs(move.actions) do
      if a.op == "from_reserve" then return name(a.a) end
    end
    error("drop.notation: the move places no piece", 2)
  end

  return M
end
