-- steps.lua: pieces that step or slide along the board's directions and capture by moving
-- onto an enemy stack (pawns, kings, rooks and the like), with optional promotion. Written
-- against the public game API only; the game passes what differs as parameters:
--
--   steps.generate {
--     steps = function(code) -> list of { dirs = {d, ...},  -- directions, in order
--                                         range = 1,        -- cells along each: 1 a step,
--                                                           -- n at most n, 0 any number
--                                         onto = "either" } -- where it may stop: "empty",
--                                                           -- "enemy" (capturing) or either
--     promotion = function(code, cell) -> the code it becomes on reaching `cell`, or nil,
--     progress = function(code) -> does a move of this piece that captures nothing count as
--                                   progress (optional: none does),
--     capture_flags = 0,     -- flags a capture carries besides progress (game.flags("capture"))
--     promotion_flags = 0,   -- flags a promoting move carries
--   }
--
-- A piece is the whole stack on a cell, commanded by its top piece. Along each direction it
-- passes empty cells, up to `range` of them, and stops at the first occupied cell, the board's
-- edge or an unplayable cell; it may end on each empty cell passed (onto "empty" or
-- "either"), and on the enemy stack that stops it (onto "enemy" or "either"), which leaves
-- play. Pieces in cell order, then steps, directions and distances in the order given; a
-- cell reached twice from one start is one move, the first. A move is written as: remove
-- the captured stack, move the stack, then a set_top when it promotes. Captures are progress.
return function(api, native)
  local board, state, moves = api.board, api.state, api.moves
  local ray, playable, MAXRAY = board.ray, board.playable, board.max_ray
  local height, top, owner, side = state.height, state.top, state.owner, state.side
  local nmine, mine = state.nmine, state.mine
  local bor = bit.bor
  local PROGRESS = api.game.flags("progress")
  local ONTO = { empty = 1, enemy = 2, either = 3 } -- BL_ONTO_ bits (ffi_types.h)
  local T = native.rule_tables
  local NAME, LUA_NAME = "steps.generate", "steps.generate_lua"

  local M = {}

  -- Step `s` of steps(code): its range and onto as numbers, or nil and what is wrong.
  local function range_and_onto(step, code, s)
    local range, onto = step.range or 1, ONTO[step.onto or "either"]
    if type(range) ~= "number" or range ~= math.floor(range) or range < 0 or range > 255 then
      return nil, nil, string.format("steps(%d)[%d].range is %s, not a number of cells (0 to 255; 0: any)", code, s, T.what(step.range))
    end
    if not onto then
      return nil, nil, string.format('steps(%d)[%d].onto is %s, not "empty", "enemy" or "either"', code, s, T.what(step.onto))
    end
    return range == 0 and MAXRAY or math.min(range, MAXRAY), onto
  end

  -- The search in Lua, calling the rules' functions as it goes.
  local reached, stamp = {}, 0 -- reached[cell] == stamp: a move from this piece ends there
  function M.generate_lua(p)
    local capture_flags = bor(PROGRESS, p.capture_flags or 0)
    local me = side()
    for i = 0, nmine() - 1 do
      local from = mine(i)
      local code, h = top(from), height(from)
      local flag = p.progress and p.progress(code) and PROGRESS or 0
      stamp = stamp + 1
      local list = p.steps(code)
      for s = 1, #list do
        local step = list[s]
        local range, onto, why = range_and_onto(step, code, s)
        if why then error(LUA_NAME .. ": " .. why, 2) end
        local dirs = step.dirs
        for j = 1, #dirs do
          for k = 1, range do
            local to = ray(from, dirs[j], k)
            if to < 0 or not playable(to) then break end
            local empty = height(to) == 0
            if (empty and bit.band(onto, 1) ~= 0 or not empty and owner(to) ~= me and bit.band(onto, 2) ~= 0)
                and reached[to] ~= stamp then
              reached[to] = stamp
              local promoted = p.promotion and p.promotion(code, to)
              if promoted then
                moves.begin(bor(empty and flag or capture_flags, p.promotion_flags or 0))
                if not empty then moves.remove(to) end
                moves.move(from, to, h)
                moves.set_top(to, promoted)
                moves.commit()
              elseif empty then
                moves.stack(from, to, h, flag)
              else
                moves.capture(from, to, h, capture_flags)
              end
            end
            if not empty then break end
          end
        end
      end
    end
  end

  -- The same search in C++ (interpreter/script/step_moves.cpp), on tables of the rules'
  -- answers (scripts/lib/rule_tables.lua): steps and progress asked once per piece code,
  -- promotion per code and playable cell, kept while the rules table holds the same functions.
  local NCODES = native.ncodes
  local tables = setmetatable({}, { __mode = "k" }) -- rules table -> its tables
  local FNS = { "steps", "promotion", "progress" }

  -- p.steps(code) flattened to one { dir, range, onto } per direction, or nil and the error.
  local function flat_steps(p, code)
    local list, err = T.ask(p, "steps", NAME, code)
    if err then return nil, err end
    if type(list) ~= "table" then
      return nil, T.own(string.format("%s: steps(%d) gave %s, not a list of steps", NAME, code, T.what(list)))
    end
    local flat = {}
    for s = 1, #list do
      local step, label = list[s], string.format("steps(%d)[%d]", code, s)
      if type(step) ~= "table" then
        return nil, T.own(string.format("%s: %s is %s, not a step ({ dirs = ..., range = ..., onto = ... })", NAME, label, T.what(step)))
      end
      local range, onto, why = range_and_onto(step, code, s)
      if why then return nil, T.own(NAME .. ": " .. why) end
      err = T.check_directions(step.dirs, label .. ".dirs", NAME)
      if err then return nil, err end
      for _, d in ipairs(step.dirs) do flat[#flat + 1] = { dir = d, range = range, onto = onto } end
    end
    if #flat > T.max_list then
      return nil, T.own(string.format("%s: steps(%d) lists %d directions in all; at most %d", NAME, code, #flat, T.max_list))
    end
    return flat
  end

  local function tabulate(p)
    native.charge(NCODES * (board.ncells + 1), NAME) -- the answers asked below
    local failed = {}
    local spec = { steps = {}, stride = 1 }
    for code = 1, NCODES - 1 do
      local flat, err = flat_steps(p, code)
      if err then failed["steps:" .. code] = err end
      spec.steps[code] = flat or false
      if flat and #flat > spec.stride then spec.stride = #flat end
    end
    spec.promotion = T.promotion(p, failed, NAME)
    spec.progress = T.progress(p, failed, NAME)
    return { failed = failed, rules = native.step_rules(spec) }
  end

  local function generate_native(p)
    local t = T.cached(tables, p, FNS, tabulate)
    local r = t.rules.rules
    r.capture_flags = T.flags(p.capture_flags, "capture_flags", NAME)
    r.promotion_flags = T.flags(p.promotion_flags, "promotion_flags", NAME)
    local fn, code, other = native.step_moves(r, NAME)
    if fn then T.raise(t.failed, fn, code, other) end
  end

  function M.generate(p)
    native.run(NAME, generate_native, LUA_NAME, M.generate_lua, T.impure_hint, p)
  end

  -- Notation: `b2-b3` for a move, `b5xc6` for a capture.
  function M.notation(move)
    return board.name(move.from) .. (#move.captured > 0 and "x" or "-") .. board.name(move.to)
  end

  return M
end
