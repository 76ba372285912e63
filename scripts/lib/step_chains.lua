-- step_chains.lua: capture chains made of single steps, where each step onto an empty point
-- may capture (Fanorona's approach and withdrawal, and games like it). Written against the
-- public game API; with captures given as patterns the search runs in C++
-- (interpreter/script/step_chains.cpp), and this file's Lua search is its twin.
--
--   step_chains.generate {
--     captures = { { label = "A", line = "ahead" }, { label = "W", line = "behind", max = 0 } },
--                -- patterns (the C++ search): the line of one opponent's pieces that starts
--                -- just beyond the landing point along the step ("ahead") or just behind the
--                -- start ("behind"), at most `max` of them (0, the default: all); or
--                function(from, to, dir, owner_at) -> a list of choices, each
--                { label = "A", cells = {c, ...} }: what the step from -> to along dir may
--                capture, judged on the board as the chain has left it (owner_at(cell): the
--                owner of the piece there now, -1 if none); {} for a step that captures nothing
--                (the Lua search, a captures call per step)
--     compulsory = true,   -- a side that can capture must
--     chain = true,        -- after a capturing step the piece may go on capturing
--     may_stop = true,     -- every prefix of a chain is a move (false: chains go on while they can)
--     capture_flags = 0,   -- the flags of a capturing move (progress is added)
--     flags = 0,           -- the flags of a plain step
--   }
--
-- A step goes one point along a line (board.ray(c, d, 1)) onto an empty playable point. A
-- chain never steps in the direction of the step just made, and never lands on a point the
-- piece has occupied this turn, its start included. Without a capture anywhere, each piece's
-- plain steps are the moves. A move is written step by step: moves.move(from, to, 1), then
-- moves.remove(c) for each cell the chosen capture takes. Order: piece by piece in cell
-- order, directions in board order, choices in the order of the patterns (or as captures
-- gives them), a chain's prefix before its continuations.
--
-- step_chains.notation_for(captures) makes the notation hook d3-e3A-e4W (a plain step d2-e3)
-- for patterns, each step's label read back from where its capture started.
-- step_chains.approach_withdrawal(from, to, dir, owner_at) is Fanorona's capture as a
-- function, step_chains.notation its hook (labels by approach_label), and
-- step_chains.notation_with(labels) the hook for other functions, labels(from, to, first
-- captured cell) giving a step's label.
return function(api, native)
  local board, state, moves, game = api.board, api.state, api.moves, api.game
  local playable = board.playable
  local ray, ND, NC = board.ray, board.ndirs, board.ncells
  local owner, height, side = state.owner, state.height, state.side
  local bor = bit.bor
  local PROGRESS = game.flags("progress")
  local M = {}

  -- The working board of the chain being searched: cells emptied (captured pieces and the
  -- moving piece's earlier points) and the moving piece's point.
  local gone, stamp, at_cell, mover = {}, 0, -1, -1
  local function owner_at(c)
    if c == at_cell then return mover end
    if gone[c] == stamp then return -1 end
    return owner(c)
  end
  -- May the piece step onto c: an empty playable point (an unowned piece fills a point too).
  local function open(c)
    if c < 0 or c == at_cell or not playable(c) then return false end
    return gone[c] == stamp or height(c) == 0
  end

  local function line_of(c, d, who)
    local cells = {}
    local k = 1
    while true do
      local t = ray(c, d, k)
      if t < 0 or owner_at(t) ~= who then break end
      cells[#cells + 1] = t
      k = k + 1
    end
    return cells
  end

  function M.approach_withdrawal(from, to, dir, at)
    local enemy = 1 - side()
    local out = {}
    local beyond = ray(to, dir, 1)
    if beyond >= 0 and at(beyond) == enemy then out[#out + 1] = { label = "A", cells = line_of(to, dir, enemy) } end
    local back = board.opposite(dir)
    local behind = back and ray(from, back, 1) or -1
    if behind >= 0 and at(behind) == enemy then out[#out + 1] = { label = "W", cells = line_of(from, back, enemy) } end
    return out
  end

  -- The label of a step from -> to whose capture took `first` first: A beyond the step.
  function M.approach_label(from, to, first)
    for d = 0, ND - 1 do
      if ray(from, d, 1) == to then return ray(to, d, 1) == first and "A" or "W" end
    end
    return "?"
  end

  local path_to, path_removed = {}, {} -- the chain so far: landing points, captured cells
  local visited = {}                    -- visited[c] == stamp: occupied this turn

  local function write(p, from, n)
    moves.begin(bor(PROGRESS, p.capture_flags or 0))
    local cur = from
    for i = 1, n do
      moves.move(cur, path_to[i], 1)
      for _, c in ipairs(path_removed[i]) do moves.remove(c) end
      cur = path_to[i]
    end
    moves.commit()
  end

  -- Extends the chain of n steps ending on cur (last direction last_dir); returns whether
  -- it wrote anything.
  local function extend(p, from, cur, last_dir, n)
    local wrote = false
    for d = 0, ND - 1 do
      local to = ray(cur, d, 1)
      if d ~= last_dir and open(to) and visited[to] ~= stamp then
        local choices = p.captures(cur, to, d, owner_at)
        for _, choice in ipairs(choices) do
          path_to[n + 1], path_removed[n + 1] = to, choice.cells
          -- The board as this step leaves it: the piece on `to`, its captures gone.
          -- (cur may be a point emptied earlier in the chain, a captured one: it stays so)
          local saved_at, saved_gone = at_cell, gone[cur]
          for _, c in ipairs(choice.cells) do gone[c] = stamp end
          gone[cur], at_cell, visited[to] = stamp, to, stamp
          if p.may_stop ~= false then write(p, from, n + 1); wrote = true end
          local further = p.chain ~= false and extend(p, from, to, d, n + 1)
          if not further and p.may_stop == false then write(p, from, n + 1) end
          wrote = true
          -- Undo: the captured cells and the landing point are as they were.
          for _, c in ipairs(choice.cells) do gone[c] = nil end
          gone[cur], at_cell, visited[to] = saved_gone, saved_at, nil
        end
      end
    end
    return wrote
  end

  -- The Lua search, for captures given as a function (and the twin of the C++ one).
  local function search_lua(p)
    local me = side()
    local any = false
    for i = 0, state.nmine() - 1 do
      local from = state.mine(i)
      stamp = stamp + 1
      at_cell, mover = from, me
      visited[from] = stamp
      any = extend(p, from, from, -1, 0) or any
    end
    at_cell = -1
    if any and p.compulsory ~= false then return end
    for i = 0, state.nmine() - 1 do
      local from = state.mine(i)
      for d = 0, ND - 1 do
        local to = ray(from, d, 1)
        if to >= 0 and playable(to) and height(to) == 0 then
          moves.begin(p.flags or 0)
          moves.move(from, to, 1)
          moves.commit()
        end
      end
    end
  end

  -- Capture patterns: checked, and the Lua function that takes what they take (the C++
  -- search's twin: the line of the first piece's owner, an opponent, along the pattern's
  -- direction, at most max pieces).
  local LINES = { ahead = native.step_lines.ahead, behind = native.step_lines.behind }
  local MAX_PATTERNS = native.step_lines.max
  local describe = native.rule_tables.what
  -- (Errors at the script's line: check_patterns is called by patterns, called by the
  -- library function.)
  local function check_patterns(list, fname)
    if #list == 0 or #list > MAX_PATTERNS then
      error(string.format("%s: captures lists %d patterns; 1 to %d", fname, #list, MAX_PATTERNS), 4)
    end
    for i = 1, #list do
      local pat = list[i]
      if type(pat) ~= "table" then error(string.format("%s: captures[%d] is %s, not a pattern ({ label = ..., line = \"ahead\" })", fname, i, describe(pat)), 4) end
      if not LINES[pat.line] then error(string.format("%s: captures[%d].line is %s, not \"ahead\" or \"behind\"", fname, i, describe(pat.line)), 4) end
      local max = pat.max or 0
      if type(max) ~= "number" or max ~= math.floor(max) or max < 0 or max > 255 then
        error(string.format("%s: captures[%d].max is %s, not a count from 0 (the whole line) to 255", fname, i, describe(pat.max)), 4)
      end
      if pat.label ~= nil and type(pat.label) ~= "string" then
        error(string.format("%s: captures[%d].label is %s, not a string", fname, i, describe(pat.label)), 4)
      end
    end
  end
  -- Where pattern `pat`'s line starts for a step from -> to along dir, and its direction.
  local function line_start(pat, from, to, dir)
    if pat.line == "ahead" then return ray(to, dir, 1), dir end
    local back = board.opposite(dir)
    if not back then return -1 end
    return ray(from, back, 1), back
  end
  local function pattern_captures(list)
    return function(from, to, dir, at)
      local out, me = {}, side()
      for _, pat in ipairs(list) do
        local c, d = line_start(pat, from, to, dir)
        local victim = c >= 0 and at(c) or -1
        if victim >= 0 and victim ~= me then
          local cells, max = {}, pat.max or 0
          while c >= 0 and at(c) == victim and (max == 0 or #cells < max) do
            cells[#cells + 1] = c
            c = ray(c, d, 1)
          end
          out[#out + 1] = { label = pat.label, cells = cells }
        end
      end
      return out
    end
  end

  -- The rules struct of generate's calls (filled at each); a generator's copy of its rules
  -- (step_chains.generator) has its own, filled at its first call and kept.
  local R = native.step_chain_rules()
  local fixed, fixed_rules = setmetatable({}, { __mode = "k" }), setmetatable({}, { __mode = "k" })
  local function generate_native(p)
    local r = fixed_rules[p]
    if not r then
      r = fixed[p] and native.step_chain_rules() or R
      local list = p.captures
      r.ncaptures = #list
      for i = 1, #list do r.capture_line[i - 1], r.capture_max[i - 1] = LINES[list[i].line], list[i].max or 0 end
      r.compulsory = p.compulsory ~= false and 1 or 0
      r.chain = p.chain ~= false and 1 or 0
      r.may_stop = p.may_stop ~= false and 1 or 0
      r.capture_flags = native.rule_tables.flags(p.capture_flags, "capture_flags", "step_chains.generate")
      r.flags = native.rule_tables.flags(p.flags, "flags", "step_chains.generate")
      if fixed[p] then fixed_rules[p] = r end
    end
    native.step_chains(r, "step_chains.generate")
  end
  local function generate_patterns_lua(p)
    local q = {}
    for k, v in pairs(p) do q[k] = v end
    q.captures = pattern_captures(p.captures)
    search_lua(q)
  end

  -- The rules' captures checked: true for patterns, false for a function.
  local function patterns(p, fname)
    local captures = type(p) == "table" and p.captures
    if type(captures) == "function" then return false end
    if type(captures) ~= "table" then
      error(fname .. ": the rules need captures, a list of patterns or a function (from, to, dir, owner_at)", 3)
    end
    check_patterns(captures, fname)
    return true
  end
  function M.generate(p)
    if not patterns(p, "step_chains.generate") then
      search_lua(p) -- not a tail call: the script's frame stays where errors count from
      return
    end
    native.run("step_chains.generate", generate_native, "step_chains.generate_lua", generate_patterns_lua, nil, p)
  end
  -- A generate function for rules that never change: checked now, copied (the patterns
  -- too), its struct filled at its first call; a call is then the search alone.
  function M.generator(p)
    local with_patterns = patterns(p, "step_chains.generator")
    local copy = {}
    for k, v in pairs(p) do copy[k] = v end
    if not with_patterns then
      return function() search_lua(copy) end
    end
    local list = {}
    for i, pat in ipairs(p.captures) do list[i] = { label = pat.label, line = pat.line, max = pat.max } end
    copy.captures = list
    fixed[copy] = true
    return function()
      native.run("step_chains.generate", generate_native, "step_chains.generate_lua", generate_patterns_lua, nil, copy)
    end
  end
  -- The Lua search alone, for either form of captures (tests compare it with the C++ one).
  function M.generate_lua(p)
    if type(p) == "table" and type(p.captures) == "table" then return generate_patterns_lua(p) end
    return search_lua(p)
  end

  -- The spelling of a move: its start, then each landing with its step's label.
  local function spell(move, labels)
    local acts = move.actions
    local parts, cur, i = { board.name(acts[1].a) }, acts[1].a, 1
    while i <= #acts do
      local to, first = acts[i].b, nil
      i = i + 1
      while i <= #acts and acts[i].op == "remove" do
        first = first or acts[i].a
        i = i + 1
      end
      parts[#parts + 1] = board.name(to) .. (first and labels(cur, to, first) or "")
      cur = to
    end
    return table.concat(parts, "-")
  end

  function M.notation(move) return spell(move, M.approach_label) end
  -- A notation hook whose labels come from labels(from, to, first captured cell).
  function M.notation_with(labels)
    return function(move) return spell(move, labels) end
  end

  -- The notation hook for capture patterns: a step's label is that of the pattern whose
  -- line starts on the first cell it captured.
  function M.notation_for(list)
    return M.notation_with(function(from, to, first)
      for d = 0, ND - 1 do
        if ray(from, d, 1) == to then
          for _, pat in ipairs(list) do
            if line_start(pat, from, to, d) == first then return pat.label or "" end
          end
        end
      end
      return "?"
    end)
  end

  return M
end
