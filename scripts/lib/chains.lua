-- chains.lua: slides and jump chains with compulsory capture, shared by the draughts-like
-- games (Double Draughts, English checkers, Dablot) and the column games (Lasca). Written
-- against the public game API only; the game passes what differs as parameters:
--
--   chains.generate {
--     slide_dirs = function(code) -> list of directions the piece steps along,
--     jump_dirs  = function(code) -> list of directions it jumps along,
--     can_capture = function(mover_code, victim_code) -> may the mover jump the victim
--                   (optional: any enemy stack may be jumped),
--     promotion = function(code, cell) -> the code it becomes on reaching `cell`, or nil,
--     progress = function(code) -> does a slide of this piece count as progress
--                                   (optional: no slide is progress)
--     capture_flags = 0,     -- flags a jump carries besides progress (game.flags("capture"))
--     promotion_flags = 0,   -- flags a promoting move carries (game.flags("promotion"))
--     compulsory = true,     -- if any jump exists, the move must be a jump
--     may_stop = false,      -- a chain may end although another jump is possible
--     capture = "remove",    -- what a jump takes: "remove" the jumped stack (draughts), or
--                            -- "take_top": its top piece goes under the jumping stack (Lasca)
--   }
--
-- A piece is the whole stack on a cell, commanded by its top piece (its code decides how it
-- moves); in draughts every stack is one piece. A jump leaps over an adjacent enemy stack to
-- the empty cell straight beyond. A chain goes on while it can (unless may_stop); no cell is
-- jumped twice; the starting cell counts as empty during the chain; reaching promotion ends
-- the move. A move is written as: move the stack (or mark the start, if the chain ends
-- there), a mark per intermediate landing (for notation), then per jumped cell in order a
-- removal ("remove": captured pieces leave at the end of the move) or a transfer of its top
-- piece to the bottom of the jumping stack ("take_top": the last prisoner ends lowest), and
-- a set_top when it promotes. Jumps are progress. With "remove", chains with the same start,
-- end and jumped cells are one move; with "take_top", a move is its path (the order of the
-- prisoners differs).
return function(api, native)
  local board, state, moves = api.board, api.state, api.moves
  local ray, playable = board.ray, board.playable
  local height, top, owner, side = state.height, state.top, state.owner, state.side
  local nmine, mine = state.nmine, state.mine
  local bor = bit.bor
  local PROGRESS = api.game.flags("progress")

  local M = {}

  -- Scratch space reused between calls.
  local path, jumped = {}, {}   -- landings and jumped cells of the chain being explored
  local is_jumped = {}           -- is_jumped[cell] == stamp while cell is jumped in this chain
  local stamp = 0
  local seen = {}                -- keys of chains written in this call

  local function write_chain(from, code, depth, promoted, p)
    local take_top = p.capture == "take_top"
    if not take_top then
      -- Deduplicate by (start, end, set of jumped cells): a path is always new.
      local sorted = {}
      for i = 1, depth do sorted[i] = jumped[i] end
      table.sort(sorted)
      local key = from .. ":" .. path[depth] .. ":" .. table.concat(sorted, ",")
      if seen[key] then return end
      seen[key] = true
    end
    local to = path[depth]
    moves.begin(bor(PROGRESS, p.capture_flags or 0, promoted and (p.promotion_flags or 0) or 0))
    -- A king may jump round and land where it started: then the stack does not move, and a
    -- mark names the start.
    if to == from then moves.mark(from) else moves.move(from, to, height(from)) end
    for i = 1, depth - 1 do moves.mark(path[i]) end
    for i = 1, depth do
      local over = jumped[i]
      if take_top then moves.transfer(over, height(over) - 1, to, 0) else moves.remove(over) end
    end
    if promoted then moves.set_top(to, promoted) end
    moves.commit()
  end

  -- Explores chains from `cell` after `depth` jumps; returns true if it wrote any move.
  local function explore(from, cell, code, me, depth, p)
    local wrote = false
    local dirs = p.jump_dirs(code)
    for i = 1, #dirs do
      local d = dirs[i]
      local over, land = ray(cell, d, 1), ray(cell, d, 2)
      if over >= 0 and land >= 0 and playable(land) and is_jumped[over] ~= stamp
          and height(over) > 0 and owner(over) ~= me and (not p.can_capture or p.can_capture(code, top(over)))
          and (height(land) == 0 or land == from) then
        depth = depth + 1
        path[depth], jumped[depth] = land, over
        is_jumped[over] = stamp
        local promoted = p.promotion and p.promotion(code, land)
        local went_on = false
        if not promoted then went_on = explore(from, land, code, me, depth, p) end
        if not went_on or p.may_stop then write_chain(from, code, depth, promoted, p) end
        is_jumped[over] = nil
        depth = depth - 1
        wrote = true
      end
    end
    return wrote
  end

  local function check_capture(p, fname)
    if p.capture ~= nil and p.capture ~= "remove" and p.capture ~= "take_top" then
      error(fname .. ": capture is \"remove\" or \"take_top\", not " .. tostring(p.capture), 3)
    end
  end

  -- The search in Lua, calling the rules' functions as it goes.
  function M.generate_lua(p)
    check_capture(p, "chains.generate_lua")
    local me = side()
    for k in pairs(seen) do seen[k] = nil end
    local any_jump = false
    for i = 0, nmine() - 1 do
      local c = mine(i)
      stamp = stamp + 1
      if explore(c, c, top(c), me, 0, p) then any_jump = true end
    end
    if any_jump and p.compulsory ~= false then return end
    for k = 0, nmine() - 1 do
      local c = mine(k)
      local code = top(c)
      local dirs = p.slide_dirs(code)
      local flag = p.progress and p.progress(code) and PROGRESS or 0
      for i = 1, #dirs do
        local t = ray(c, dirs[i], 1)
        if t >= 0 and playable(t) and height(t) == 0 then
          local promoted = p.promotion and p.promotion(code, t)
          if promoted then
            moves.begin(bor(flag, p.promotion_flags or 0))
            moves.move(c, t, height(c))
            moves.set_top(t, promoted)
            moves.commit()
          else
            moves.stack(c, t, height(c), flag)
          end
        end
      end
    end
  end

  -- The same search in C++ (interpreter/script/jump_chains.cpp), on tables of the rules'
  -- answers (scripts/lib/rule_tables.lua): each function is asked once per piece code
  -- (promotion per code and playable cell, can_capture per code and enemy code), and its
  -- answers are kept while the rules table holds the same functions.
  local T = native.rule_tables
  local NCODES = native.ncodes
  local owner_of = api.game.owner
  local tables = setmetatable({}, { __mode = "k" })   -- rules table -> its tables
  local FNS = { "slide_dirs", "jump_dirs", "can_capture", "promotion", "progress" }
  local NAME = "chains.generate"

  local function tabulate(p)
    native.charge(NCODES * (board.ncells + NCODES), NAME) -- the answers asked below
    local failed = {}
    local spec = { slides = {}, jumps = {}, stride = 1 }
    for code = 1, NCODES - 1 do
      for _, f in ipairs({ "slide_dirs", "jump_dirs" }) do
        local list, err = T.directions(p, f, code, NAME)
        if err then failed[f .. ":" .. code] = err end
        spec[f == "slide_dirs" and "slides" or "jumps"][code] = list or false
        if list and #list > spec.stride then spec.stride = #list end
      end
    end
    if p.can_capture then
      spec.can_capture = {}
      for mover = 1, NCODES - 1 do
        for victim = 1, NCODES - 1 do
          if owner_of(mover) ~= owner_of(victim) then
            local may, err = T.ask(p, "can_capture", NAME, mover, victim)
            if err then failed["can_capture:" .. mover .. ":" .. victim] = err end
            if err then spec.can_capture[mover * NCODES + victim] = false
            else spec.can_capture[mover * NCODES + victim] = may and 1 or 0 end
          end
        end
      end
    end
    spec.promotion = T.promotion(p, failed, NAME)
    spec.progress = T.progress(p, failed, NAME)
    return { failed = failed, rules = native.chain_rules(spec) }
  end

  local function generate_native(p)
    local t = T.cached(tables, p, FNS, tabulate)
    local r = t.rules.rules
    r.capture_flags = T.flags(p.capture_flags, "capture_flags", NAME)
    r.promotion_flags = T.flags(p.promotion_flags, "promotion_flags", NAME)
    r.compulsory = p.compulsory ~= false and 1 or 0
    r.may_stop = p.may_stop and 1 or 0
    r.take_top = p.capture == "take_top" and 1 or 0
    -- The one answer the search needed and the script's function could not give.
    local fn, code, other = native.jump_chains(r, NAME)
    if fn then T.raise(t.failed, fn, code, other) end
  end

  function M.generate(p)
    check_capture(p, "chains.generate")
    native.run("chains.generate", generate_native, "chains.generate_lua", M.generate_lua, T.impure_hint, p)
  end

  -- Notation: `c3-d4` for a slide, `c7xa5xc3` for a chain (start, then every landing; a
  -- king that comes back to its start ends there).
  function M.notation(move)
    local name = board.name
    local to = move.to or move.from
    if #move.captured == 0 then return name(move.from) .. "-" .. name(to) end
    local landings = {}
    for i, c in ipairs(move.via) do landings[i] = name(c) end
    landings[#landings + 1] = name(to)
    return name(move.from) .. "x" .. table.concat(landings, "x")
  end

  return M
end
