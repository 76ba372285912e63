-- queries.lua: the Lua twins of the position queries the runtime answers in C++
-- (interpreter/script/board_queries.cpp): state.connected, state.line, state.longest_line.
-- Checking mode asks both and compares; scripts may call these directly as
-- queries.connected_lua and so on (the same arguments, the same answers, slower).
-- A cell belongs to the owner of its top piece.
return function(api)
  local board, state = api.board, api.state
  local ray, NC, ND, MAXRAY = board.ray, board.ncells, board.ndirs, board.max_ray
  local owner = state.owner
  local M = {}

  local function step(c, d) return MAXRAY >= 1 and ray(c, d, 1) or -1 end
  -- How many cells of `who` follow `c` along `d` without a break.
  local function run(c, d, who)
    local n = 0
    for k = 1, MAXRAY do
      local t = ray(c, d, k)
      if t < 0 or t == c or owner(t) ~= who then break end
      n = n + 1
    end
    return n
  end
  local function dir_set(dirs)
    if dirs == nil then return nil end
    local set = {}
    for _, d in ipairs(dirs) do set[d] = true end
    return set
  end

  -- Do cells of `player` link a cell of the list `from` to one of `to`, stepping along
  -- `dirs` (a list of directions; nil: all)?
  function M.connected_lua(player, from, to, dirs)
    local goal, seen, queue = {}, {}, {}
    for _, c in ipairs(to) do goal[c] = true end
    local allowed = dir_set(dirs)
    for c = 0, NC - 1 do -- in cell order, as the C++ search
      seen[c] = false
    end
    local starts = {}
    for _, c in ipairs(from) do starts[c] = true end
    for c = 0, NC - 1 do
      if starts[c] and owner(c) == player then
        if goal[c] then return true end
        seen[c] = true
        queue[#queue + 1] = c
      end
    end
    local i = 1
    while i <= #queue do
      local c = queue[i]
      i = i + 1
      for d = 0, ND - 1 do
        if not allowed or allowed[d] then
          local t = step(c, d)
          if t >= 0 and owner(t) == player and not seen[t] then
            if goal[t] then return true end
            seen[t] = true
            queue[#queue + 1] = t
          end
        end
      end
    end
    return false
  end

  -- The unbroken run of the owner of `c`'s pieces through `c` along `d` and its opposite.
  function M.line_lua(c, d)
    local who = owner(c)
    if who < 0 then return 0 end
    local back = board.opposite(d)
    return 1 + run(c, d, who) + (back and run(c, back, who) or 0)
  end

  -- The longest run of `player`'s pieces along `dirs` (nil: all), anywhere on the board.
  function M.longest_line_lua(player, dirs)
    local allowed = dir_set(dirs)
    local best = 0
    for c = 0, NC - 1 do
      if owner(c) == player then
        best = math.max(best, 1)
        for d = 0, ND - 1 do
          if not allowed or allowed[d] then best = math.max(best, 1 + run(c, d, player)) end
        end
      end
    end
    return best
  end

  return M
end
