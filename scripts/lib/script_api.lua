-- script_api.lua: the game API a script reads: board (the immutable geometry), state (the
-- position of the current hook call) and game (the definition's names and options). Every
-- function checks its arguments and raises errors at the script's line.
return function(rt)
local ffi = require("ffi")
local bit = require("bit")
local B, S, info = rt.B, rt.S, rt.info
local NC, ND, NP, NCODES, NSLOTS = rt.NC, rt.ND, rt.NP, rt.NCODES, rt.NSLOTS
local CAP, MAXRAY, RAYLEN = rt.CAP, rt.MAXRAY, rt.RAYLEN
local RAY, PLAYABLE, OWNER, KIND, X, Y = B.ray, B.playable, B.owner_of, B.kind_of, B.x, B.y
local bor, tobit = bit.bor, bit.tobit
local error, type = error, type
local unknown, bad, check_code, flag_of = rt.unknown, rt.bad, rt.check_code, rt.flag_of

------------------------------------------------------------------------------------------
-- board: the immutable geometry
local cell_id, dir_id = {}, {}
for i = 0, NC - 1 do cell_id[info.cells[i + 1]] = i end
for i = 0, ND - 1 do dir_id[info.dirs[i + 1]] = i end

local board = {
  ncells = NC, ndirs = ND, width = B.width, height = B.height, max_ray = MAXRAY,
  OFF = info.off_board, NONE = info.no_cell,
}
function board.ray(c, d, k)
  if tobit(c) ~= c or c < 0 or c >= NC then bad("cell", c, "board.ray") end
  if tobit(d) ~= d or d < 0 or d >= ND then bad("direction", d, "board.ray") end
  if tobit(k) ~= k or k < 0 or k > MAXRAY then bad("length", k, "board.ray") end
  return RAY[(c * ND + d) * RAYLEN + k]
end
function board.playable(c)
  if tobit(c) ~= c or c < 0 or c >= NC then bad("cell", c, "board.playable") end
  return PLAYABLE[c] ~= 0
end
function board.x(c)
  if tobit(c) ~= c or c < 0 or c >= NC then bad("cell", c, "board.x") end
  return X[c]
end
function board.y(c)
  if tobit(c) ~= c or c < 0 or c >= NC then bad("cell", c, "board.y") end
  return Y[c]
end
-- The distinct cells that rays of length k reach from c, whatever the direction (not c
-- itself, not off the board): entries first[i] .. first[i + 1] - 1 of `cells` (and of
-- `lengths`, which holds k) with i = c * (max_ray + 1) + k. Since i grows with k, the
-- entries for k = k1..k2 are the single run first[c * (max_ray + 1) + k1] ..
-- first[c * (max_ray + 1) + k2 + 1] - 1. Games whose moves are identified by (from, to, k),
-- like stacks that bounce off walls, walk these instead of the directions. Kept as FFI
-- arrays for moves.stack_targets; scripts get copies as Lua tables.
local TF, TC, TK -- first (int32), cells (int16), lengths (uint8)
local function build_targets()
  local first, cells, lens, n = {}, {}, {}, 0
  for c = 0, NC - 1 do
    for k = 0, MAXRAY do
      first[c * RAYLEN + k] = n
      local seen = {}
      for d = 0, (k > 0 and ND or 0) - 1 do
        local t = RAY[(c * ND + d) * RAYLEN + k]
        if t >= 0 and t ~= c and not seen[t] then
          seen[t] = true
          cells[n], lens[n] = t, k
          n = n + 1
        end
      end
    end
  end
  first[NC * RAYLEN] = n
  TF = ffi.new("int32_t[?]", NC * RAYLEN + 1)
  TC = ffi.new("int16_t[?]", n + 1)
  TK = ffi.new("uint8_t[?]", n + 1)
  for i = 0, NC * RAYLEN do TF[i] = first[i] end
  for i = 0, n - 1 do TC[i], TK[i] = cells[i], lens[i] end
  return first, cells, lens
end
local target_tables
function board.distinct_targets()
  if not target_tables then target_tables = { build_targets() } end
  local f, c, l = target_tables[1], target_tables[2], target_tables[3]
  local copy = function(t) local o = {} for i, v in pairs(t) do o[i] = v end return o end
  rt.charge(#f + #c + #l, "board.distinct_targets")  -- copies: meant for load time
  return copy(f), copy(c), copy(l)
end
-- Interpreted: one call copies millions of entries on a large board, more than the memory
-- limit's margin may hold, and an allocation failing in compiled code crashes LuaJIT.
jit.off(board.distinct_targets, true)
function board.cell(name) return cell_id[name] or unknown("board.cell", "cell", name, info.cells) end
function board.name(c) return info.cells[c + 1] end
function board.dir(name) return dir_id[name] or unknown("board.dir", "direction", name, info.dirs) end
function board.dir_name(d) return info.dirs[d + 1] end
-- The direction whose vector is d's reversed, or nil.
function board.opposite(d)
  if tobit(d) ~= d or d < 0 or d >= ND then bad("direction", d, "board.opposite") end
  local o = B.opposite[d]
  if o < 0 then return nil end
  return o
end
-- The FFI arrays of the distinct targets, for moves.stack_targets (made at the first call).
function rt.target_arrays()
  if not TF then build_targets() end
  return TF, TC, TK
end

------------------------------------------------------------------------------------------
-- state: the position of the current hook call
local state = {}
function state.side() return S.side end
function state.ply() return S.ply end
-- In generate: how many cells the side to move owns (its piece on top), and the i-th of
-- them (0-based, in cell order).
function state.nmine() return S.nmine end
function state.mine(i)
  if tobit(i) ~= i or i < 0 or i >= S.nmine then bad("index", i, "state.mine") end
  return S.mine[i]
end
-- How many pieces `p` has on the board (kept by the runtime: no scan).
-- The dice to play (games with dice): how many, and the i-th (0-based); a double is
-- repeated as the definition's dice.doubles says.
function state.ndice() return S.ndice end
function state.die(i)
  if tobit(i) ~= i or i < 0 or i >= S.ndice then bad("die", i, "state.die") end
  return S.dice[i]
end
function state.count(p)
  if tobit(p) ~= p or p < 0 or p >= NP then bad("player", p, "state.count") end
  return S.count[p]
end
function state.height(c)
  if tobit(c) ~= c or c < 0 or c >= NC then bad("cell", c, "state.height") end
  return S.height[c]
end
function state.top(c)
  if tobit(c) ~= c or c < 0 or c >= NC then bad("cell", c, "state.top") end
  local h = S.height[c]
  if h == 0 then return 0 end
  return S.pieces[c * CAP + h - 1]
end
function state.owner(c)
  if tobit(c) ~= c or c < 0 or c >= NC then bad("cell", c, "state.owner") end
  return S.owner[c]
end
function state.piece(c, level)
  if tobit(c) ~= c or c < 0 or c >= NC then bad("cell", c, "state.piece") end
  if tobit(level) ~= level or level < 0 or level >= S.height[c] then bad("level", level, "state.piece") end
  return S.pieces[c * CAP + level]
end
function state.reserve(slot, code)
  if tobit(slot) ~= slot or slot < 0 or slot >= NSLOTS then bad("reserve", slot, "state.reserve") end
  if tobit(code) ~= code or code <= 0 or code >= NCODES then bad("piece", code, "state.reserve") end
  return S.reserve[slot * NCODES + code]
end

------------------------------------------------------------------------------------------
-- game: the definition's names and options
local game = {
  name = info.name, nplayers = NP, players = info.players, options = info.options,
  pieces = info.kinds, reserves = info.reserves,
}
local player_id, kind_id, slot_id = {}, {}, {}
for i, p in ipairs(info.players) do player_id[p] = i - 1 end
-- Reading an option the definition does not declare is an error, not a silent nil.
local option_names = {}
for k in pairs(info.options) do option_names[#option_names + 1] = k end
table.sort(option_names)
setmetatable(info.options, { __index = function(_, k) unknown("game.options", "option", k, option_names) end })
for i, k in ipairs(info.kinds) do kind_id[k] = i - 1 end
for i, r in ipairs(info.reserves) do slot_id[r] = i - 1 end
-- The flags of a move, by name ("progress" and the definition's events), as one number to
-- compute once and pass to moves.begin and the move writers.
function game.flags(...)
  local bits = 0
  for i = 1, select("#", ...) do bits = bor(bits, flag_of(select(i, ...), "game.flags", 3)) end
  return bits
end
function game.player(name) return player_id[name] or unknown("game.player", "player", name, info.players) end
function game.player_name(p) return info.players[p + 1] end
function game.forward(p) return info.forward[p + 1] end
function game.reserve(name) return slot_id[name] or unknown("game.reserve", "reserve", name, info.reserves) end
function game.piece(kind, player)
  local k = type(kind) == "number" and kind or kind_id[kind] or unknown("game.piece", "piece kind", kind, info.kinds)
  if tobit(player) ~= player or player < 0 or player >= NP then bad("player", player, "game.piece") end
  return 1 + k * NP + player
end
function game.owner(code)
  check_code(code, "game.owner")
  return OWNER[code]
end
function game.kind(code)
  check_code(code, "game.kind")
  return KIND[code]
end
function game.rank(code)
  check_code(code, "game.rank")
  return info.ranks[KIND[code] + 1]
end
function game.glyph(code)
  check_code(code, "game.glyph")
  return info.glyphs[code + 1]
end

return board, state, game
end
