-- sowing.lua: the sowing of the mancala family (Kalah, Oware, Bao...): every seed of one pit
-- goes, one by one, into the following locations of a cycle, passing over the ones skipped.
-- Written against the public game API only. Captures, extra moves and the end of the game
-- are the script's choice: the library says where the seeds go and where the last one fell.
--
--   local sown = sowing.sow(from, cycle, skip)
--     cycle: a list of locations in sowing order, each a cell or a store (a reserve slot,
--            as sowing.store(slot)); `from` must be in it
--     skip:  optional table, skip[location] = true for locations passed over (the
--            opponent's store in Kalah; `from` itself for games that skip the origin on laps)
--   -> sown.counts[location]: the seeds each location receives (the origin too, on a lap);
--      sown.last: where the last seed fell; sown.seeds: how many were sown (height(from))
--   sowing.write(from, sown): writes the sowing into the move begun with moves.begin: in
--      cycle order from the origin on, moves.move(from, cell, n) for a cell and
--      moves.to_reserve(from, n, slot) for a store; the origin keeps what it receives.
--
-- Seeds are the pieces on `from` (any codes: they keep theirs), lifted from the top.
return function(api, native)
  local state, moves = api.state, api.moves
  local height = state.height
  local M = {}

  function M.store(slot) return -1 - slot end
  local function slot_of(location) return -1 - location end

  local index_cache = setmetatable({}, { __mode = "k" }) -- cycle -> location -> index
  local function index_of(cycle)
    local t = index_cache[cycle]
    if not t then
      if type(cycle) ~= "table" or #cycle == 0 then error("sowing.sow: the cycle is a list of locations", 3) end
      t = {}
      native.charge(#cycle, "sowing.sow")  -- trusted loops on a script's sizes count too
      for i, loc in ipairs(cycle) do t[loc] = i end
      index_cache[cycle] = t
    end
    return t
  end

  function M.sow(from, cycle, skip)
    local at = index_of(cycle)[from]
    if not at then error(string.format("sowing.sow: cell %s is not in the cycle", tostring(from)), 2) end
    local n, seeds = #cycle, height(from)
    local counts, last, passed = {}, nil, 0
    local i = at
    for _ = 1, seeds do
      repeat
        i = i % n + 1
        passed = passed + 1
        if passed > n * (seeds + 1) then error("sowing.sow: every location of the cycle is skipped", 2) end
      until not (skip and skip[cycle[i]])
      local loc = cycle[i]
      counts[loc] = (counts[loc] or 0) + 1
      last = loc
    end
    native.charge(passed, "sowing.sow")
    return { counts = counts, last = last, seeds = seeds, cycle = cycle, from_index = at }
  end

  function M.write(from, sown)
    local cycle, n, counts = sown.cycle, #sown.cycle, sown.counts
    for j = 1, n do
      local loc = cycle[(sown.from_index + j - 1) % n + 1]
      local k = counts[loc]
      if k and loc ~= from then
        if loc >= 0 then moves.move(from, loc, k) else moves.to_reserve(from, k, slot_of(loc)) end
      end
    end
  end

  return M
end
