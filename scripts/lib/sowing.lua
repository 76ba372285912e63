-- sowing.lua: the sowing of the mancala family (Kalah, Oware, Bao...): every seed of one pit
-- goes, one by one, into the following locations of a cycle, passing over the ones skipped.
-- Written against the public game API only. Captures, extra moves and the end of the game
-- are the script's choice: the library says where the seeds go and where the last one fell.
--
--   local last = sowing.sow_move(from, cycle, skip)
--     cycle: a list of locations in sowing order, each a cell or a store (a reserve slot,
--            as sowing.store(slot)); `from` must be in it. Read once per table: a script
--            makes its cycles at load time and keeps them.
--     skip:  optional table, skip[location] = true for locations passed over (the
--            opponent's store in Kalah; `from` itself for games that skip the origin on laps)
--   writes the sowing into the move begun with moves.begin (in cycle order from the origin
--   on, moves.move(from, cell, n) for a cell and moves.to_reserve(from, n, slot) for a
--   store; the origin keeps what it receives) and returns where the last seed fell. It
--   makes no table: sowing.received(location) then says how many seeds a location received
--   (0 for one not reached or not in the cycle), until the next sowing.
--
--   local sown = sowing.sow(from, cycle, skip) (the first form: two new tables a call)
--   -> sown.counts[location]: the seeds each location receives (the origin too, on a lap);
--      sown.last: where the last seed fell; sown.seeds: how many were sown (height(from))
--   sowing.write(from, sown): writes that sowing into the open move, as sow_move does.
--
-- Seeds are the pieces on `from` (any codes: they keep theirs), lifted from the top.
return function(api, native)
  local state, moves = api.state, api.moves
  local height = state.height
  local M = {}

  function M.store(slot) return -1 - slot end
  local function slot_of(location) return -1 - location end

  -- Per cycle table: its locations by index and each cell's and store's index. The sowing
  -- is counted by cycle index in a dense array: LuaJIT cannot compile lookups of a table
  -- keyed by cells and (negative) stores at once ("NYI: mixed sparse/dense table").
  local cycle_cache = setmetatable({}, { __mode = "k" })
  local function cycle_of(cycle, fname)
    local t = cycle_cache[cycle]
    if not t then
      if type(cycle) ~= "table" or #cycle == 0 then error(fname .. ": the cycle is a list of locations", 4) end
      native.charge(#cycle, fname)  -- trusted loops on a script's sizes count too
      t = { n = #cycle, locs = {}, cell_index = {}, store_index = {} }
      for i, loc in ipairs(cycle) do
        if type(loc) ~= "number" or loc ~= math.floor(loc) then
          error(string.format("%s: the cycle's location %d is %s, not a cell or sowing.store(slot)", fname, i, tostring(loc)), 4)
        end
        t.locs[i] = loc
        if loc >= 0 then t.cell_index[loc] = i else t.store_index[-loc] = i end
      end
      cycle_cache[cycle] = t
    end
    return t
  end

  -- The last sowing, by cycle index: what each location received, for sowing.received.
  local got, got_cycle = {}, nil
  -- Sows from `from` into `got`; returns the cycle's table, the origin's index and the last
  -- seed's (nil when there was no seed).
  local function spread(fname, from, cycle, skip)
    local c = cycle_of(cycle, fname)
    local at = type(from) == "number" and from >= 0 and c.cell_index[from]
    if not at then error(string.format("%s: cell %s is not in the cycle", fname, tostring(from)), 3) end
    local n, locs, seeds = c.n, c.locs, height(from)
    for j = 1, n do got[j] = 0 end
    got_cycle = c
    local last, passed, i = nil, 0, at
    for _ = 1, seeds do
      repeat
        i = i % n + 1
        passed = passed + 1
        if passed > n * (seeds + 1) then error(fname .. ": every location of the cycle is skipped", 3) end
      until not (skip and skip[locs[i]])
      got[i] = got[i] + 1
      last = i
    end
    native.charge(passed + n, fname)  -- the seeds' steps, and a pass over the cycle (here and by the caller)
    return c, at, last
  end

  function M.sow_move(from, cycle, skip)
    local c, at, last = spread("sowing.sow_move", from, cycle, skip)
    local n, locs = c.n, c.locs
    for j = 1, n do
      local i = (at + j - 1) % n + 1
      local k, loc = got[i], locs[i]
      if k > 0 and loc ~= from then
        if loc >= 0 then moves.move(from, loc, k) else moves.to_reserve(from, k, slot_of(loc)) end
      end
    end
    return last and locs[last]
  end

  function M.received(location)
    local c = got_cycle
    if not c or type(location) ~= "number" then return 0 end
    local i
    if location >= 0 then i = c.cell_index[location] else i = c.store_index[-location] end
    return i and got[i] or 0
  end

  function M.sow(from, cycle, skip)
    local c, at, last = spread("sowing.sow", from, cycle, skip)
    local counts = {}
    for j = 1, c.n do
      if got[j] > 0 then counts[c.locs[j]] = got[j] end
    end
    return { counts = counts, last = last and c.locs[last], seeds = height(from), cycle = cycle, from_index = at }
  end

  function M.write(from, sown)
    local cycle, n, counts = sown.cycle, #sown.cycle, sown.counts
    native.charge(n, "sowing.write")
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
