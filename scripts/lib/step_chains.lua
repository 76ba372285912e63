-- step_chains.lua: capture chains made of single steps, where the script says what a step
-- captures (Fanorona's approach and withdrawal, and games like it). Written against the
-- public game API only, in Lua (the reference; no C++ search yet).
--
--   step_chains.generate {
--     captures = function(from, to, dir, owner_at) -> a list of choices, each
--                { label = "A", cells = {c, ...} }: what the step from -> to along dir may
--                capture, judged on the board as the chain has left it (owner_at(cell): the
--                owner of the piece there now, -1 if none); {} for a step that captures nothing
--     compulsory = true,   -- a side that can capture must
--     chain = true,        -- after a capturing step the piece may go on capturing
--     may_stop = true,     -- every prefix of a chain is a move (false: chains go on while they can)
--     capture_flags = 0,   -- the flags of a capturing move (progress is added)
--     flags = 0,           -- the flags of a plain step
--   }
--
-- A step goes one point along a line (board.ray(c, d, 1)) onto an empty point. A chain never
-- steps in the direction of the step just made, and never lands on a point the piece has
-- occupied this turn, its start included. Without a capture anywhere, each piece's plain steps
-- are the moves. A move is written step by step: moves.move(from, to, 1), then
-- moves.remove(c) for each cell the chosen capture takes. Order: piece by piece in cell
-- order, directions in board order, choices in the order captures gives them, a chain's
-- prefix before its continuations.
--
-- step_chains.approach_withdrawal(from, to, dir, owner_at) is Fanorona's capture: "A" takes
-- the enemy line starting just beyond `to`, "W" the one starting just behind `from`.
-- step_chains.notation(move) spells d3-e3A-e4W (a plain step d2-e3), each step's label read
-- back by approach_label (for approach_withdrawal); step_chains.notation_with(labels) makes
-- the hook for other captures, labels(from, to, first captured cell) giving a step's label.
return function(api)
  local board, state, moves, game = api.board, api.state, api.moves, api.game
  local ray, ND, NC = board.ray, board.ndirs, board.ncells
  local owner, side = state.owner, state.side
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
      if d ~= last_dir and to >= 0 and owner_at(to) == -1 and visited[to] ~= stamp then
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

  function M.generate(p)
    if type(p) ~= "table" or type(p.captures) ~= "function" then
      error("step_chains.generate: the rules need captures, a function (from, to, dir, owner_at)", 2)
    end
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
        if to >= 0 and owner(to) == -1 then
          moves.begin(p.flags or 0)
          moves.move(from, to, 1)
          moves.commit()
        end
      end
    end
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

  return M
end
