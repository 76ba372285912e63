-- query_binding.lua: queries on the position answered in C++ (board.cell_set,
-- state.connected, state.line, state.longest_line), added to the script API's tables.
return function(rt, api, board, state)
local ffi = require("ffi")
local bit = require("bit")
local H, B = rt.H, rt.B
local NC, ND, NP = rt.NC, rt.ND, rt.NP
local tobit = bit.tobit
local error, type, format = error, type, string.format
local bad, describe, ran_too_long, charge = rt.bad, rt.describe, rt.ran_too_long, rt.charge
local lib_dir = rt.lib_dir

-- Queries on the position, answered in C++ (interpreter/script/board_queries.h says what
-- each costs); in checking mode their Lua twins (scripts/lib/queries.lua) answer too and
-- must agree. Cell and direction lists become byte masks for the call and are cleared after
-- it: a list may change between calls, so nothing is kept (a cell set, which cannot
-- change, keeps its mask).
local twins = dofile(lib_dir .. "/queries.lua")(api)
local MASK_FROM, MASK_TO, MASK_DIRS = ffi.new("uint8_t[?]", NC), ffi.new("uint8_t[?]", NC), ffi.new("uint8_t[?]", ND)
-- Errors at the script's line: `level` frames above check_list (3: its caller's caller).
local function check_list(list, limit, fname, what, level)
  level = level or 3
  if type(list) ~= "table" then error(format("%s: %s is %s, not a list", fname, what, describe(list)), level) end
  for i = 1, #list do
    local v = list[i]
    if tobit(v) ~= v or v < 0 or v >= limit then bad(what .. "[" .. i .. "]", v, fname, level + 1) end
  end
end
local function set_mask(mask, list, v)
  for i = 1, #list do mask[list[i]] = v end
end
local function check_player(p, fname)
  if tobit(p) ~= p or p < 0 or p >= NP then bad("player", p, fname, 4) end
end
local function disagree(fname, twin)
  error(format("%s: the C++ query and its Lua twin (queries.%s) disagree: a bug in boardlab", fname, twin), 3)
end
-- A cell set (board.cell_set) is a list checked and laid out as a mask once: an empty table
-- the script cannot change, its mask and a copy of its list kept here. A query given sets
-- runs no loop of its own, so LuaJIT compiles the script's calls with it (a list's loops
-- ended the trace, and the FFI call ran in the interpreter: 0.79x Hex's instructions).
local SET_MASK, SET_LIST = setmetatable({}, { __mode = "k" }), setmetatable({}, { __mode = "k" })
local SET_MT = { __metatable = "a cell set", __newindex = function() error("a cell set cannot be changed", 2) end,
                 __tostring = function() return "cell set" end }
-- The lists a query walks in Lua before its C++ call: their length is charged to the loop
-- budget (a million-cell list, 2,000 calls: 33 s in one generate). A cell set costs nothing.
local function list_steps(list)
  return type(list) == "table" and not SET_MASK[list] and #list or 0
end
function board.cell_set(list)
  charge(list_steps(list), "board.cell_set")
  check_list(list, NC, "board.cell_set", "the list")
  local set, copy, mask = setmetatable({}, SET_MT), {}, ffi.new("uint8_t[?]", NC)
  for i = 1, #list do copy[i] = list[i] end
  set_mask(mask, copy, 1)
  SET_MASK[set], SET_LIST[set] = mask, copy
  return set
end
-- The mask of a cell set, or of a list laid into `scratch` (cleared by unmask).
local function mask_of(cells, scratch, fname, what)
  local m = SET_MASK[cells]
  if m then return m end
  check_list(cells, NC, fname, what, 4)
  set_mask(scratch, cells, 1)
  return scratch
end
local function unmask(cells, scratch)
  if not SET_MASK[cells] then set_mask(scratch, cells, 0) end
end
function state.connected(player, from, to, dirs)
  local fname = "state.connected"
  charge(2 * (list_steps(from) + list_steps(to) + list_steps(dirs)), fname)  -- each laid out and cleared
  check_player(player, fname)
  local mf, mt = mask_of(from, MASK_FROM, fname, "from"), mask_of(to, MASK_TO, fname, "to")
  if dirs ~= nil then check_list(dirs, ND, fname, "dirs") end
  if dirs then set_mask(MASK_DIRS, dirs, 1) end
  local r = H.connected(H, B, player, mf, mt, dirs and MASK_DIRS or nil)
  unmask(from, MASK_FROM); unmask(to, MASK_TO)
  if dirs then set_mask(MASK_DIRS, dirs, 0) end
  if r < 0 then ran_too_long(fname .. "'s work counts too", 2) end
  local yes = r == 1
  if H.checking ~= 0 and twins.connected_lua(player, SET_LIST[from] or from, SET_LIST[to] or to, dirs) ~= yes then
    disagree(fname, "connected_lua")
  end
  return yes
end
function state.line(c, d)
  if tobit(c) ~= c or c < 0 or c >= NC then bad("cell", c, "state.line") end
  if tobit(d) ~= d or d < 0 or d >= ND then bad("direction", d, "state.line") end
  local n = H.line(H, B, c, d)
  if H.checking ~= 0 and twins.line_lua(c, d) ~= n then disagree("state.line", "line_lua") end
  return n
end
function state.longest_line(player, dirs)
  local fname = "state.longest_line"
  check_player(player, fname)
  if dirs ~= nil then check_list(dirs, ND, fname, "dirs") end
  if dirs then set_mask(MASK_DIRS, dirs, 1) end
  local n = H.longest_line(H, B, player, dirs and MASK_DIRS or nil)
  if dirs then set_mask(MASK_DIRS, dirs, 0) end
  if n < 0 then ran_too_long(fname .. "'s work counts too", 2) end
  if H.checking ~= 0 and twins.longest_line_lua(player, dirs) ~= n then disagree(fname, "longest_line_lua") end
  return n
end

return twins
end
