-- runtime.lua: the trusted bridge between the C++ runtime and a game script.
--
-- It alone holds the FFI. It views the C++ board tables and the current state as cdata,
-- writes moves into the C++ move buffer, and hands the game script plain functions that
-- check their arguments (the JIT inlines them, so checked access costs what raw FFI does).
-- The C++ host calls the functions of the table this chunk returns.
local ffi = require("ffi")
local bit = require("bit")
local lib_dir, board_ud, host_ud, info = ...

-- The sandbox, and how messages show a script's values (no heap addresses).
local sandbox = dofile(lib_dir .. "/sandbox.lua")
local describe = sandbox.describe

-- The structs shared with C++, declared once on the C++ side (interpreter/script/ffi_types.h).
ffi.cdef(info.cdef)

-- LuaJIT's default limits (1,000 traces, 512 KB of machine code) are too small for the
-- jump-chain games: English checkers filled them within a second and flushed every trace,
-- again and again (see BOARDLAB_JIT_LOG), each run as fast as the traces it happened to keep
-- (0.57-1.06 M plies/s against 1.20-1.35 M with these, `bench english-checkers --seconds 3`,
-- seeds 1-3, alternating runs; 1,900 traces after 30 s, then no flush). BOARDLAB_JIT_OPT
-- ("maxtrace=8000 hotloop=20") sets jit.opt parameters after these, for experiments.
jit.opt.start("maxtrace=4000", "maxmcode=2048")
if os.getenv("BOARDLAB_JIT_OPT") then
  local opts = {}
  for word in os.getenv("BOARDLAB_JIT_OPT"):gmatch("%S+") do opts[#opts + 1] = word end
  jit.opt.start(unpack(opts))
end
-- BOARDLAB_JIT_LOG=FILE writes LuaJIT's trace log (jit.v): where traces abort and why.
if os.getenv("BOARDLAB_JIT_LOG") then require("jit.v").start(os.getenv("BOARDLAB_JIT_LOG")) end

local B = ffi.cast("const bl_board*", board_ud)
local H = ffi.cast("bl_host*", host_ud)
local S = H.state -- the state of the current hook call: the host rewrites it per call
local M = H.moves -- the move buffer of the current generate call: likewise

local NC, ND, NP, NCODES, NSLOTS = B.ncells, B.ndirs, B.nplayers, B.ncodes, B.nslots
local CAP, MAXRAY = B.stack_cap, B.max_ray
local RAYLEN = MAXRAY + 1
local RAY, PLAYABLE, OWNER, KIND, X, Y = B.ray, B.playable, B.owner_of, B.kind_of, B.x, B.y
-- Every check below also requires a whole number: the FFI truncates a fractional index only
-- after the arithmetic around it, so c * CAP + h with c = 35.9 would read past the array.
local band, bor, lshift, tobit = bit.band, bit.bor, bit.lshift, bit.tobit
local error, type, tostring, format = error, type, tostring, string.format

-- The contract the C++ side defines (core/contract.h): action codes, limits, sentinels, flags.
local OP = info.ops
-- As locals for the writers: a table field costs a hash look-up per move in compiled code.
local OP_MOVE, OP_REMOVE, OP_TO_RESERVE, OP_FROM_RESERVE = OP.move, OP.remove, OP.to_reserve, OP.from_reserve
local OP_SET_TOP, OP_MARK = OP.set_top, OP.mark
local OP_TRANSFER, OP_TAKE, OP_PUT, OP_SET_PIECE = OP.transfer, OP.take, OP.put, OP.set_piece
local OP_AGAIN = OP.again
local NONE, MAX_ACTIONS, MAX_MOVES, MAX_WORDS = info.none, info.max_actions, info.max_moves, info.max_words
local OP_NAME = {}
for name, code in pairs(OP) do OP_NAME[code] = name end
-- The words a move is written in, and a step rule's word (ffi_types.h, defined once there).
local HEADER_FLAGS, ACTION_N, ACTION_A, ACTION_C =
  ffi.C.BL_HEADER_FLAGS, ffi.C.BL_ACTION_N, ffi.C.BL_ACTION_A, ffi.C.BL_ACTION_C
local STEP_RANGE, STEP_BITS = ffi.C.BL_STEP_RANGE, ffi.C.BL_STEP_BITS

-- An unknown name, at load time: an error saying what there is, with the likeliest meant
-- (raised at the line of the API function's caller).
local function unknown(fname, what, name, names)
  local near = type(name) == "string" and info.closest(name, names) or nil
  local list = #names <= 24 and format(" (%ss: %s)", what, table.concat(names, ", ")) or ""
  error(format("%s: no %s named %s%s%s", fname, what, describe(name),
    near and format("; did you mean '%s'?", near) or "", list), 3)
end

-- `level` counts as error() does, from bad's caller's caller (3: the caller of the API
-- function that called bad).
local function bad(what, v, fname, level)
  error(format("%s: %s %s is out of range", fname, what, describe(v)), level or 3)
end

-- A struct's size, or a field's offset in it, as this side lays them out: a test compares
-- every field of every struct with C++.
local function layout(struct, field)
  if field == "" then return ffi.sizeof(struct) end
  return ffi.offsetof(struct, field) or -1
end

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
  return copy(f), copy(c), copy(l)
end
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
-- moves: writing legal moves into the C++ buffer
--
-- The fill counts live in upvalues during a generate call and go back to the struct at its
-- end: kept in the struct, every store into the word array (int32) would force the JIT to
-- reload them (same type, so they may alias). The array pointers are read as
-- M.words where they are used, never kept in a variable: a pointer held in a variable
-- that lives across a trace boundary is boxed, an allocation per call.
local nw, nm, capw, capm = 0, 0, 0, 0
local open_at, open_actions = -1, 0
local native_moves = 0 -- of those written in this generate call, by the C++ primitives
local generating = false -- M is only valid during a generate call

local function outside(fname, level)
  error(fname .. ": moves can only be written by generate()", level or 3)
end

local function grow(need)
  if nm + need > MAX_MOVES or nw + need > MAX_WORDS then
    error(format("generate: more than %d moves in one position", MAX_MOVES), 4)
  end
  M.nwords, M.count = nw, nm
  M.grow(M, need)
  capw, capm = M.cap_words, M.cap_moves
  -- The host grows the buffer only within limits.memory_mb (the buffer counts too).
  if nw + need > capw or nm + math.max(need, 1) > capm then
    error(format("generate: the moves written would go over the memory limit of %d MiB (limits.memory_mb)",
      info.memory_mb), 4)
  end
end

-- A move's flags: nil, a number from game.flags, or a list of names ("progress" and the
-- definition's events). `level` as for bad().
local FLAG = { progress = info.progress_flag }
for i, e in ipairs(info.events) do FLAG[e] = info.event_flags[i] end
local FLAG_NAMES = "progress" .. (#info.events > 0 and ", " .. table.concat(info.events, ", ") or "")
local function flag_of(name, fname, level)
  local b = FLAG[name]
  if b == nil then
    error(format("%s: no flag named %s (flags: %s)", fname, describe(name), FLAG_NAMES), level)
  end
  return b
end
local function flag_bits(f, fname, level)
  if f == nil then return 0 end
  if type(f) == "number" then
    if tobit(f) ~= f or f < 0 or f > 255 then bad("flags", f, fname, level) end
    return f
  end
  if type(f) ~= "table" then error(fname .. ": flags are a list of names or a number from game.flags", level - 1) end
  local bits = 0
  for i = 1, #f do bits = bor(bits, flag_of(f[i], fname, level)) end
  return bits
end

local moves = {}

-- Checking mode (the host's set_checking: check, moves, perft, test, the sanitizer build):
-- the move just written, from word `at`, is checked against the board at once, so that a
-- move the board would refuse is an error at the script line that wrote it.
local check_move = info.check_move
local function checked(fname, at, level)
  local why = check_move(at, nw)
  if why then error(fname .. ": " .. why, level + 1) end
end

-- Writes a whole move of one or two actions (each two words, see ffi_types.h) at once,
-- for the shortcuts below; `fname` names the caller in errors.
local function write_move(fname, flags, a0, a1, b0, b1)
  if not generating then outside(fname, 4) end
  if open_at >= 0 then error(fname .. ": a move begun with moves.begin is still open", 3) end
  flags = flag_bits(flags, fname, 5)
  if nw + 5 > capw or nm >= capm then grow(5) end
  local nact = b0 and 2 or 1
  M.words[nw] = bor(nact, lshift(flags, HEADER_FLAGS))
  M.words[nw + 1] = a0
  M.words[nw + 2] = a1
  if b0 then
    M.words[nw + 3] = b0
    M.words[nw + 4] = b1
  end
  M.starts[nm] = nw
  nm = nm + 1
  nw = nw + 1 + 2 * nact
  if H.checking ~= 0 then checked(fname, nw - 1 - 2 * nact, 3) end
end
local function check_cell(c, fname) if tobit(c) ~= c or c < 0 or c >= NC then bad("cell", c, fname, 4) end end
local function check_slot(s, fname) if tobit(s) ~= s or s < 0 or s >= NSLOTS then bad("reserve", s, fname, 4) end end
local function check_code(p, fname) if tobit(p) ~= p or p <= 0 or p >= NCODES then bad("piece", p, fname, 4) end end
local function check_count(n, fname) if tobit(n) ~= n or n < 1 or n > CAP then bad("count", n, fname, 4) end end

-- The common case: one action that lifts the top n pieces of `from` onto `to`.
function moves.stack(from, to, n, flags)
  check_cell(from, "moves.stack"); check_cell(to, "moves.stack"); check_count(n, "moves.stack")
  write_move("moves.stack", flags, bor(OP_MOVE, lshift(n, ACTION_N), lshift(from, ACTION_A)), to)
end
-- Every stack move from `from` to a distinct ray target (see board.distinct_targets) of
-- every length k in kmin..kmax: one call instead of a Lua loop per move.
function moves.stack_targets(from, kmin, kmax)
  if tobit(from) ~= from or from < 0 or from >= NC then bad("cell", from, "moves.stack_targets") end
  if tobit(kmin) ~= kmin then bad("length", kmin, "moves.stack_targets") end
  if tobit(kmax) ~= kmax then bad("length", kmax, "moves.stack_targets") end
  if kmin < 1 then kmin = 1 end
  if kmax > MAXRAY then kmax = MAXRAY end
  if not generating then outside("moves.stack_targets") end
  if kmin > kmax then return end
  if open_at >= 0 then error("moves.stack_targets: a move begun with moves.begin is still open", 2) end
  if not TF then build_targets() end
  local at = from * RAYLEN
  local j0, j1 = TF[at + kmin], TF[at + kmax + 1]
  if nw + 3 * (j1 - j0) > capw or nm + (j1 - j0) > capm then grow(3 * (j1 - j0) + 3) end
  local head = bor(OP_MOVE, lshift(from, ACTION_A))
  for j = j0, j1 - 1 do
    M.words[nw] = 1  -- one action, no flags
    M.words[nw + 1] = head + lshift(TK[j], ACTION_N)
    M.words[nw + 2] = TC[j]
    M.starts[nm] = nw
    nm = nm + 1
    nw = nw + 3
    if H.checking ~= 0 then checked("moves.stack_targets", nw - 3, 2) end
  end
end
-- Shortcuts for moves games write often, without begin/commit: bearing n pieces off into
-- a reserve, and capturing a whole stack by moving onto it (the stack leaves play).
function moves.off(from, n, slot, flags)
  check_cell(from, "moves.off"); check_count(n, "moves.off"); check_slot(slot, "moves.off")
  write_move("moves.off", flags, bor(OP_TO_RESERVE, lshift(n, ACTION_N), lshift(from, ACTION_A)), slot)
end
function moves.capture(from, to, n, flags)
  check_cell(from, "moves.capture"); check_cell(to, "moves.capture"); check_count(n, "moves.capture")
  write_move("moves.capture", flags, bor(OP_REMOVE, lshift(to, ACTION_A)), NONE,
    bor(OP_MOVE, lshift(n, ACTION_N), lshift(from, ACTION_A)), to)
end
function moves.begin(flags)
  if not generating then outside("moves.begin") end
  if open_at >= 0 then error("moves.begin: the previous move was not committed", 2) end
  flags = flag_bits(flags, "moves.begin", 4)
  if nw + 1 > capw or nm >= capm then grow(1) end
  open_at, open_actions = nw, 0
  M.words[nw] = lshift(flags, HEADER_FLAGS)
  nw = nw + 1
end
local function act(fname, op, n, a, b, c)
  if not generating then outside(fname, 4) end
  if open_at < 0 then error(fname .. ": call moves.begin first", 3) end
  if open_actions >= MAX_ACTIONS then error(format("%s: a move has at most %d actions", fname, MAX_ACTIONS), 3) end
  if nw + 2 > capw then grow(2) end
  M.words[nw] = bor(op, lshift(n, ACTION_N), lshift(a, ACTION_A))
  M.words[nw + 1] = bor(b, lshift(c, ACTION_C))
  nw = nw + 2
  open_actions = open_actions + 1
end
function moves.move(from, to, n)
  check_cell(from, "moves.move"); check_cell(to, "moves.move"); check_count(n, "moves.move")
  act("moves.move", OP_MOVE, n, from, to, 0)
end
function moves.remove(c, slot)
  check_cell(c, "moves.remove")
  if slot ~= nil then check_slot(slot, "moves.remove") end
  act("moves.remove", OP_REMOVE, 0, c, slot or NONE, 0)
end
function moves.to_reserve(c, n, slot)
  check_cell(c, "moves.to_reserve"); check_slot(slot, "moves.to_reserve"); check_count(n, "moves.to_reserve")
  act("moves.to_reserve", OP_TO_RESERVE, n, c, slot, 0)
end
function moves.from_reserve(c, slot, code)
  check_cell(c, "moves.from_reserve"); check_slot(slot, "moves.from_reserve"); check_code(code, "moves.from_reserve")
  act("moves.from_reserve", OP_FROM_RESERVE, 0, c, slot, code)
end
function moves.set_top(c, code)
  check_cell(c, "moves.set_top"); check_code(code, "moves.set_top")
  act("moves.set_top", OP_SET_TOP, 0, c, 0, code)
end
-- Pieces inside a stack (levels from 0 at the bottom), for column games.
local function check_level(l, fname) if tobit(l) ~= l or l < 0 or l >= CAP then bad("level", l, fname, 4) end end
function moves.transfer(from, level, to, to_level)
  check_cell(from, "moves.transfer"); check_level(level, "moves.transfer")
  check_cell(to, "moves.transfer"); check_level(to_level, "moves.transfer")
  act("moves.transfer", OP_TRANSFER, level, from, to, to_level)
end
function moves.take(c, level, slot)
  check_cell(c, "moves.take"); check_level(level, "moves.take")
  if slot ~= nil then check_slot(slot, "moves.take") end
  act("moves.take", OP_TAKE, level, c, slot or NONE, 0)
end
function moves.put(c, level, slot, code)
  check_cell(c, "moves.put"); check_level(level, "moves.put")
  check_slot(slot, "moves.put"); check_code(code, "moves.put")
  act("moves.put", OP_PUT, level, c, slot, code)
end
function moves.set_piece(c, level, code)
  check_cell(c, "moves.set_piece"); check_level(level, "moves.set_piece"); check_code(code, "moves.set_piece")
  act("moves.set_piece", OP_SET_PIECE, level, c, 0, code)
end
function moves.mark(c)
  check_cell(c, "moves.mark")
  act("moves.mark", OP_MARK, 0, c, 0, 0)
end
function moves.again()
  act("moves.again", OP_AGAIN, 0, 0, 0, 0)
end
function moves.commit()
  if not generating then outside("moves.commit") end
  if open_at < 0 then error("moves.commit: no move is open", 2) end
  if nm >= capm then grow(0) end
  M.words[open_at] = bor(M.words[open_at], open_actions)
  M.starts[nm] = open_at
  nm = nm + 1
  local at = open_at
  open_at = -1
  if H.checking ~= 0 then checked("moves.commit", at, 2) end
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
-- API 1 (a definition without `api:`) named one event's flag bit so; API 2 replaced it with
-- game.flags, which takes "progress" too. Kept for the scripts written then.
if info.api == 1 then
  function game.event(name)
    if name == "progress" then error("game.event: progress is not an event; its flag is game.flags(\"progress\")", 2) end
    return flag_of(name, "game.event", 3)
  end
else
  setmetatable(game, { __index = function(_, k)
    if k == "event" then
      error(format("game.event is API 1's; API %d writes game.flags(name) (docs/changelog.md), or the definition says api: 1",
        info.api), 2)
    end
  end })
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

------------------------------------------------------------------------------------------
-- loading the game script into its sandbox, and the entry points the host calls
local default_notation = dofile(lib_dir .. "/notation.lua")
local api = { board = board, state = state, moves = moves, game = game }
-- The loop budget's error, raised `level` frames above its caller.
local function ran_too_long(why, level)
  error(format("the script ran too long: more than %d loop steps in one call (%s)", H.tick_limit, why), level + 1)
end

-- The C++ primitives (bl_host), for the trusted libraries only: scripts never see this
-- table, they call the library that uses it.
local native = { ncodes = NCODES, untabled = ffi.C.BL_UNTABLED, stack_cap = CAP,
  step_bits = { empty = ffi.C.BL_ONTO_EMPTY, enemy = ffi.C.BL_ONTO_ENEMY, own = ffi.C.BL_ONTO_OWN,
                off = ffi.C.BL_ONTO_OFF, split = ffi.C.BL_STEP_SPLIT } }
-- Did the loop budget or the memory cap stop the script (then nothing may catch the error)?
function native.stopped(err) return H.ticks_left < 0 or err == "not enough memory" end
-- Are the moves written from fill (w1, m1) on the same words as those from (w0, m0) to
-- (w1, m1)? nil if so, else how many each wrote and the first move that differs (0 if
-- the counts do). Either way the later ones are dropped.
local function compare_and_drop(w0, m0, w1, m1)
  local first, second, differs = m1 - m0, nm - m1, nil
  if first ~= second then differs = 0 end
  for i = 0, differs and -1 or first - 1 do
    local a, b = M.starts[m0 + i], M.starts[m1 + i]
    local last = i + 1 < first and M.starts[m0 + i + 1] or w1
    local same = b - w1 == a - w0
    for k = 0, last - a - 1 do
      if M.words[a + k] ~= M.words[b + k] then same = false break end
    end
    if not same then differs = i + 1 break end
  end
  nw, nm = w1, m1
  if differs then return first, second, differs end
end
-- A library function `fname` with a C++ search and its Lua twin `lua_name`: runs
-- run_native(arg), and in checking mode (check, moves, perft, test, the sanitizer build)
-- run_lua(arg) too, which must write the same moves in the same order (the Lua copy is
-- dropped; `hint` ends the error if not). The C++ search goes first: it checks the rules'
-- answers and says what is wrong. Both run at the same depth in either mode, so their
-- errors count the same frames to the script's line.
function native.run(fname, run_native, lua_name, run_lua, hint, arg)
  if H.checking == 0 then
    run_native(arg) -- not a tail call (see above)
    return
  end
  local w0, m0 = nw, nm
  run_native(arg)
  local w1, m1 = nw, nm
  run_lua(arg)
  local native_n, lua_n, differs = compare_and_drop(w0, m0, w1, m1)
  if native_n then
    error(format("%s: the C++ search wrote %d moves, %s %d%s%s", fname, native_n, lua_name, lua_n,
      differs > 0 and format(", move %d differs", differs) or "", hint or ""), 3)
  end
end
-- The jump-chain search's rules as C arrays, from plain tables (scripts/lib/chains.lua says
-- what each holds; false marks an answer that failed). Returns { rules = the struct, and
-- the arrays it points to, kept alive with it }.
local UNTABLED = ffi.C.BL_UNTABLED
local function bytes(ctype, n, get)
  local a = ffi.new(ctype, n)
  for i = 0, n - 1 do
    local v = get(i)
    a[i] = v == false and UNTABLED or v or 0
  end
  return a
end
-- The answers every table-driven search may have: promotion and progress.
local function promotion_and_progress(k, r, spec)
  if spec.promotion then
    k.promotion = bytes("uint8_t[?]", NCODES * NC, function(i) return spec.promotion[i] end)
    r.promotion = k.promotion
  end
  if spec.progress then
    k.progress = bytes("uint8_t[?]", NCODES, function(i) return spec.progress[i] end)
    r.progress = k.progress
  end
  return k
end
function native.chain_rules(spec)
  local k = { rules = ffi.new("bl_chain_rules") }
  local r, stride = k.rules, spec.stride
  r.dir_stride = stride
  for _, f in ipairs({ { "slides", "slide" }, { "jumps", "jump" } }) do
    local lists = spec[f[1]]
    k[f[2] .. "_count"] = bytes("uint8_t[?]", NCODES, function(c) return lists[c] and #lists[c] or lists[c] end)
    k[f[2] .. "_dirs"] = bytes("int16_t[?]", NCODES * stride, function(i)
      local list = lists[math.floor(i / stride)]
      return list and list[i % stride + 1] or 0
    end)
    r[f[2] .. "_count"], r[f[2] .. "_dirs"] = k[f[2] .. "_count"], k[f[2] .. "_dirs"]
  end
  if spec.can_capture then
    k.can_capture = bytes("uint8_t[?]", NCODES * NCODES, function(i) return spec.can_capture[i] end)
    r.can_capture = k.can_capture
  end
  return promotion_and_progress(k, r, spec)
end
-- The step search's rules as C arrays, from { stride, steps = { [code] = list of
-- { dir, range, onto } with first_split, or false }, promotion, progress }
-- (scripts/lib/steps.lua); returns
-- { rules = the struct, and the arrays it points to }.
local step_rules_made = 0
function native.step_rules(spec)
  local k = { rules = ffi.new("bl_step_rules") }
  local r, stride, lists = k.rules, spec.stride, spec.steps
  r.stride = stride
  step_rules_made = step_rules_made + 1
  r.serial = step_rules_made
  k.count = bytes("uint8_t[?]", NCODES, function(c) return lists[c] and #lists[c] or lists[c] end)
  k.first_split = bytes("uint8_t[?]", NCODES, function(c) return lists[c] and lists[c].first_split or 0 end)
  r.count, r.first_split = k.count, k.first_split
  r.general = spec.general and 1 or 0
  k.steps = bytes("int32_t[?]", NCODES * stride, function(i)
    local list = lists[math.floor(i / stride)]
    local step = list and list[i % stride + 1]
    return step and bor(step.dir, lshift(step.range, STEP_RANGE), lshift(step.onto, STEP_BITS)) or 0
  end)
  r.steps = k.steps
  return promotion_and_progress(k, r, spec)
end
-- Which of the rules' functions each BL_TABLE_ names.
local TABLE_FN = {
  [ffi.C.BL_TABLE_SLIDES] = "slide_dirs", [ffi.C.BL_TABLE_JUMPS] = "jump_dirs",
  [ffi.C.BL_TABLE_CAPTURE] = "can_capture", [ffi.C.BL_TABLE_PROMOTION] = "promotion",
  [ffi.C.BL_TABLE_PROGRESS] = "progress", [ffi.C.BL_TABLE_STEPS] = "steps",
}
local PRIMITIVE_OK, TOO_MANY, OVER_MEMORY, TICKS = ffi.C.BL_OK, ffi.C.BL_TOO_MANY, ffi.C.BL_MEMORY, ffi.C.BL_TICKS
local CHAINS_ACTIONS = ffi.C.BL_CHAINS_ACTIONS
-- Runs a C++ primitive `fn` (a bl_host function pointer) with rules `r`: it writes on from
-- the buffer's fill. Returns its status, having raised the errors every primitive shares
-- (too many moves, memory, the loop budget) at the line that called the library function
-- `fname`: `level` frames above this one, five by default (the script calls the library
-- function, which calls native.run, which calls a local, which calls native).
local function run_primitive(fn, r, fname, level)
  level = level or 6
  if not generating then outside(fname, level + 1) end
  if open_at >= 0 then error(fname .. ": a move begun with moves.begin is still open", level) end
  M.nwords, M.count = nw, nm
  local st = fn(H, B, r)
  native_moves = native_moves + M.count - nm
  nw, nm, capw, capm = M.nwords, M.count, M.cap_words, M.cap_moves
  if st == TOO_MANY then error(format("generate: more than %d moves in one position", MAX_MOVES), level) end
  -- BL_MEMORY also stands for the primitive's own working memory failing (std::bad_alloc).
  if st == OVER_MEMORY then
    error(format("generate: the moves written would go over the memory limit of %d MiB (limits.memory_mb)", info.memory_mb), level)
  end
  if st == TICKS then ran_too_long(fname .. "'s search counts too", level) end
  return st
end

-- The registered move blocks (interpreter/blocks/, docs/definitions.md's moves), one binding
-- for all: blocks.NAME(keys) checks the keys as the definition's `moves: NAME` would be
-- checked (names, or the numbers game.reserve and board.dir give) and returns the block:
-- its generate() writes its moves in generate, its notation() spells the move the notation
-- hook is spelling. Errors at the line of the script's call.
local compile_block, block_notation = info.compile_block, info.block_notation
local blocks = {}
for _, name in ipairs(info.blocks) do
  local fname = "blocks." .. name
  blocks[name] = function(keys)
    local id, err = compile_block(name, keys)
    if not id then error(err, 2) end
    local block = {}
    function block.generate()
      local st = run_primitive(H.run_block, id, fname .. ".generate", 3)
      if st == CHAINS_ACTIONS then error(format("%s.generate: a move too long for one move (at most %d actions)", fname, MAX_ACTIONS), 2) end
      if st ~= PRIMITIVE_OK then error(format("%s.generate: the block stopped (status %d)", fname, st), 2) end
    end
    function block.notation()
      local texts, why = block_notation(id)
      if not texts then error(fname .. ".notation: " .. why, 2) end
      return texts
    end
    return block
  end
end
setmetatable(blocks, { __index = function(_, k) unknown("blocks", "block", k, info.blocks) end,
                       __newindex = function() error("blocks cannot be changed", 2) end })
api.blocks = blocks

-- Runs the C++ jump-chain search. Returns nil, or the rules' function whose failed answer
-- it needed, with the code and the cell or victim.
function native.jump_chains(r, fname)
  local st = run_primitive(H.jump_chains, r, fname)
  if st == PRIMITIVE_OK then return nil end
  if st == CHAINS_ACTIONS then error(format("%s: a chain too long for one move (at most %d actions)", fname, MAX_ACTIONS), 5) end
  return TABLE_FN[r.failed[0]], r.failed[1], r.failed[2]
end

-- Runs the C++ step search, returning as native.jump_chains does.
function native.step_moves(r, fname)
  if run_primitive(H.step_moves, r, fname) == PRIMITIVE_OK then return nil end
  return TABLE_FN[r.failed[0]], r.failed[1], r.failed[2]
end

-- The step-chain search (scripts/lib/step_chains.lua fills its rules struct at each call):
-- the capture lines it knows and how many patterns a rules struct holds.
native.step_lines = { ahead = ffi.C.BL_LINE_AHEAD, behind = ffi.C.BL_LINE_BEHIND, max = ffi.C.BL_STEP_CAPTURES }
function native.step_chain_rules() return ffi.new("bl_step_chain_rules") end
function native.step_chains(r, fname)
  if run_primitive(H.step_chains, r, fname) == CHAINS_ACTIONS then
    error(format("%s: a chain too long for one move (at most %d actions)", fname, MAX_ACTIONS), 5)
  end
end

-- The placing search (scripts/lib/drop.lua sets its rules struct at each call), and the
-- flags a library takes as moves.begin does: a number or a list of names.
function native.drop_rules() return ffi.new("bl_drop_rules") end
function native.drop_moves(r, fname) run_primitive(H.drop_moves, r, fname) end
native.flag_bits = flag_bits

-- The race search's rules as a C struct, from { npoints, home, bar, off, capture_flags,
-- pin, bear_off_while_pinned, codes = { p0, p1 }, cell_of = { [p] = { [k] = cell } } };
-- returns { rules = the struct, and the array it points to }.
function native.race_rules(spec)
  local k = { rules = ffi.new("bl_race_rules") }
  local r, n = k.rules, spec.npoints
  r.npoints, r.home, r.bar, r.off, r.capture_flags = n, spec.home, spec.bar, spec.off, spec.capture_flags
  r.pin, r.bear_off_while_pinned = spec.pin and 1 or 0, spec.bear_off_while_pinned and 1 or 0
  r.code[0], r.code[1] = spec.codes[1], spec.codes[2]
  k.cell_of = ffi.new("int16_t[?]", 2 * (n + 1))
  for p = 0, 1 do
    for pt = 1, n do k.cell_of[p * (n + 1) + pt] = spec.cell_of[p][pt] end
  end
  r.cell_of = k.cell_of
  return k
end
native.race_max_points = info.race_max_points
-- Runs the C++ race search.
function native.race_turns(r, fname)
  run_primitive(H.race_turns, r, fname)
end

-- Queries on the position, answered in C++ (interpreter/script/board_queries.h says what
-- each costs); in checking mode their Lua twins (scripts/lib/queries.lua) answer too and
-- must agree. Cell and direction lists become byte masks for the call and are cleared after
-- it: a list may change between calls, so nothing is kept (a cell set, which cannot
-- change, keeps its mask).
local twins = dofile(lib_dir .. "/queries.lua")(api)
api.queries = twins
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
function board.cell_set(list)
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

-- Takes n steps of the loop budget at once, for library work done in C.
local function charge(n, fname)
  local t = H.ticks_left - n
  H.ticks_left = t
  if t < 0 then ran_too_long(fname .. "'s work counts too", 3) end
end
native.charge = charge -- for the libraries' work in Lua on a script's data
-- Shared helpers written against the API above; scripts see them as globals.
native.rule_tables = dofile(lib_dir .. "/rule_tables.lua")(api, native)
api.chains = dofile(lib_dir .. "/chains.lua")(api, native)
api.steps = dofile(lib_dir .. "/steps.lua")(api, native)
api.dice_turns = dofile(lib_dir .. "/dice_turns.lua")(api, native)
api.drop = dofile(lib_dir .. "/drop.lua")(api, native)
api.sowing = dofile(lib_dir .. "/sowing.lua")(api, native)
api.step_chains = dofile(lib_dir .. "/step_chains.lua")(api, native)
local env = sandbox.new_env(api, H, charge)
local builtin = {}
for k in pairs(env) do builtin[k] = true end
local hooks = {}
local KNOWN_HOOKS = {} -- the host's list (script_host.cpp)
for _, name in ipairs(info.hooks) do KNOWN_HOOKS[name] = true end

local R = { layout = layout }

local function tick()
  local t = H.ticks_left - 1
  H.ticks_left = t
  if t < 0 then ran_too_long("an endless loop?", 2) end
end

-- Runs the instrumented script; returns the names of the global functions it defined.
function R.load_game(source, chunkname)
  generating, open_at = false, -1
  local fn, err = loadstring(source, chunkname)
  if not fn then error(err, 0) end
  setfenv(fn, env)
  fn(tick)
  local defined = {}
  for k, v in pairs(env) do
    if type(k) == "string" and type(v) == "function" and not builtin[k] then
      defined[#defined + 1] = k
      if KNOWN_HOOKS[k] then hooks[k] = v end
    end
  end
  -- Moves declared in the definition (`moves:`) are made by their block in C++, with no call
  -- here (interpreter/blocks/); the host refuses a generate hook beside them.
  table.sort(defined)
  return defined
end

function R.has(name) return hooks[name] ~= nil end

function R.generate()
  capw, capm = M.cap_words, M.cap_moves
  nw, nm, open_at, native_moves = 0, 0, -1, 0
  generating = true
  hooks.generate()
  generating = false
  if open_at >= 0 then error("generate: a move begun with moves.begin was not committed", 0) end
  M.nwords, M.count = nw, nm
  -- Moves the C++ primitives wrote are legal by construction (tests and checking mode
  -- compare them with the Lua twins): State::apply need not check them.
  M.trusted = native_moves == nm and 1 or 0
end

-- Returns nil while the game goes on, a winner's id, or "draw".
-- Every entry point but generate: no moves may be written (generate may have stopped on an
-- error, leaving the flag set).
local function not_generating()
  generating, open_at = false, -1
end

-- A second value names the result's detail, one of the definition's `results` (gammon).
local result_id = {}
for i, name in ipairs(info.results) do result_id[name] = i end
function R.result()
  not_generating()
  local r, detail = hooks.result()
  local d = 0
  if detail ~= nil then
    d = result_id[detail]
    if d == nil then
      error(format("result: %s is not one of the definition's results (%s)", describe(detail),
        #info.results > 0 and table.concat(info.results, ", ") or "it declares none"), 0)
    end
  end
  if r == nil then return nil, 0 end
  if r == "draw" then return r, d end
  if type(r) == "string" and player_id[r] then return player_id[r], d end
  if type(r) == "number" and r >= 0 and r < NP and r == math.floor(r) then return r, d end
  error("result: expected nil, \"draw\" or a player, got " .. describe(r), 0)
end

-- evaluate(player): how good the position is for `player`, in [-1, 1].
function R.evaluate(player)
  not_generating()
  return hooks.evaluate(player)
end

-- What a move does, decoded from its actions for the notation hook (`state` shows the
-- position before the move): where the moving pieces start and end and how many, the cells
-- passed through (marks), the cells whose pieces were captured (removed, or sent to a
-- reserve when they belong to another player), the reserve borne off into, the flags by
-- name, the actions themselves, and the viewer: the player whose point of view the text
-- takes (the side to move, but for a person shown another side's move, as `play` does).
-- A hook written for a list of actions (move[1], #move, ipairs(move)) is told what it gets.
local DECODED = { __index = function(_, k)
  if type(k) == "number" then
    error("notation: the move is decoded (move.from, move.to, move.captured...); its list of actions is move.actions", 2)
  end
end }
local FOLLOWS_PIECES = { to_reserve = true, transfer = true, take = true, put = true, set_piece = true }
local function decode(actions, flags, viewer)
  local side = S.side
  local m = { actions = actions, pass = #actions == 0, via = {}, captured = {}, events = {},
              progress = band(flags, info.progress_flag) ~= 0, viewer = viewer, again = false }
  for i, e in ipairs(info.events) do
    if band(flags, info.event_flags[i]) ~= 0 then m.events[#m.events + 1] = e end
  end
  -- The pieces of each touched cell, bottom to top, as the actions change them (they apply
  -- in order): whose pieces a to_reserve takes depends on the actions before it. Followed
  -- only in moves that send pieces to a reserve (notation runs for every legal move).
  local stacks
  for _, a in ipairs(actions) do
    if FOLLOWS_PIECES[a.op] then stacks = {} end
  end
  local function stack(c)
    local t = stacks[c]
    if not t then
      t = {}
      for l = 0, S.height[c] - 1 do t[l + 1] = S.pieces[c * CAP + l] end
      stacks[c] = t
    end
    return t
  end
  for _, a in ipairs(actions) do
    local op = a.op
    if op == "move" then
      if stacks then
        local src, dst = stack(a.a), stack(a.b)
        for k = #src - a.n + 1, #src do dst[#dst + 1] = src[k] end
        for _ = 1, a.n do src[#src] = nil end
      end
      if m.from == nil then m.from, m.count = a.a, a.n end
      m.to = a.b
    elseif op == "to_reserve" then
      local src = stack(a.a)
      local top = src[#src]
      for _ = 1, a.n do src[#src] = nil end
      if top ~= nil and OWNER[top] == side then
        if m.from == nil then m.from, m.count = a.a, a.n end
        m.off = a.b
      else
        m.captured[#m.captured + 1] = a.a
      end
    elseif op == "remove" then
      if stacks then stacks[a.a] = {} end
      m.captured[#m.captured + 1] = a.a
    elseif op == "from_reserve" then
      if stacks then
        local dst = stack(a.a)
        dst[#dst + 1] = a.c
      end
    elseif op == "set_top" then
      if stacks then
        local t = stack(a.a)
        t[#t] = a.c
      end
    elseif op == "mark" then
      if m.from == nil then m.from = a.a else m.via[#m.via + 1] = a.a end
    elseif op == "transfer" or op == "take" then
      local src = stack(a.a)
      local piece = table.remove(src, a.n + 1)
      if op == "transfer" then table.insert(stack(a.b), a.c + 1, piece) end
      if piece ~= nil and OWNER[piece] ~= side then m.captured[#m.captured + 1] = a.a end
    elseif op == "put" then
      table.insert(stack(a.a), a.n + 1, a.c)
    elseif op == "set_piece" then
      stack(a.a)[a.n + 1] = a.c
    elseif op == "again" then
      m.again = true
    end
  end
  -- API 1's hooks took the move as its list of actions: they get both in one table.
  if info.api == 1 then
    for i, a in ipairs(actions) do m[i] = a end
    return m
  end
  return setmetatable(m, DECODED)
end

-- The spellings of a move, most preferred first. `actions` is a list of actions
-- {op=, n=, a=, b=, c=} with op names from OP; the hook sees the decoded move.
function R.notation(actions, flags, viewer)
  not_generating()
  local f = hooks.notation or default_notation
  local r = f(decode(actions, flags, viewer), api)
  if type(r) == "string" then return { r } end
  local ok = type(r) == "table" and #r > 0
  for i = 1, ok and #r or 0 do ok = ok and type(r[i]) == "string" and r[i] ~= "" end
  if not ok then error("notation: expected a string or a list of strings, none empty", 0) end
  return r
end

R.OP = OP
return R
