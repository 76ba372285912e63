-- runtime.lua: the trusted bridge between the C++ runtime and a game script.
--
-- It alone holds the FFI. It views the C++ board tables and the current state as cdata,
-- writes moves into the C++ move buffer, and hands the game script plain functions that
-- check their arguments (the JIT inlines them, so checked access costs what raw FFI does).
-- The C++ host calls the functions of the table this chunk returns. Its parts, one job a
-- file, share what this file sets up through one table (`rt`): script_api.lua (board,
-- state, game), move_writer.lua (moves, and the primitives' runs on the buffer),
-- natives.lua (the primitives' rules and the blocks' binding), query_binding.lua,
-- move_decoder.lua (what the notation hook sees), api1.lua (API 1's names).
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
-- Every check below also requires a whole number: the FFI truncates a fractional index only
-- after the arithmetic around it, so c * CAP + h with c = 35.9 would read past the array.
local tobit = bit.tobit
local error, type, format = error, type, string.format

-- The contract the C++ side defines (core/contract.h): action codes, limits, sentinels, flags.
local OP = info.ops

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

-- The loop budget's error, raised `level` frames above its caller.
local function ran_too_long(why, level)
  error(format("the script ran too long: more than %d loop steps in one call (%s)", H.tick_limit, why), level + 1)
end
-- An argument's checks, for the API functions: errors at the line of their caller.
local function check_cell(c, fname) if tobit(c) ~= c or c < 0 or c >= NC then bad("cell", c, fname, 4) end end
local function check_slot(s, fname) if tobit(s) ~= s or s < 0 or s >= NSLOTS then bad("reserve", s, fname, 4) end end
local function check_code(p, fname) if tobit(p) ~= p or p <= 0 or p >= NCODES then bad("piece", p, fname, 4) end end
local function check_count(n, fname) if tobit(n) ~= n or n < 1 or n > CAP then bad("count", n, fname, 4) end end
-- Pieces inside a stack (levels from 0 at the bottom), for column games.
local function check_level(l, fname) if tobit(l) ~= l or l < 0 or l >= CAP then bad("level", l, fname, 4) end end

-- What the parts share.
local rt = {
  lib_dir = lib_dir, info = info, B = B, H = H, S = S, M = M,
  NC = NC, ND = ND, NP = NP, NCODES = NCODES, NSLOTS = NSLOTS, CAP = CAP, MAXRAY = MAXRAY, RAYLEN = RAYLEN,
  describe = describe, unknown = unknown, bad = bad, ran_too_long = ran_too_long,
  check_cell = check_cell, check_slot = check_slot, check_code = check_code, check_count = check_count,
  check_level = check_level,
}
-- Takes n steps of the loop budget at once, for library work done in C or in trusted Lua
-- on a script's sizes (which is not counted step by step); the error at the line that
-- called the library function.
local function charge(n, fname)
  local t = H.ticks_left - n
  H.ticks_left = t
  if t < 0 then ran_too_long(fname .. "'s work counts too", 3) end
  if H.memory_over ~= 0 then error("not enough memory", 0) end -- the host names the limit
end
rt.charge = charge
local part = function(name) return dofile(lib_dir .. "/" .. name .. ".lua") end
local writer = part("move_writer")(rt)
rt.flag_of = writer.flag_of
local board, state, game = part("script_api")(rt)
local api1 = part("api1")(rt, game)
local api = { board = board, state = state, moves = writer.moves, game = game }
local native, blocks = part("natives")(rt, writer)
api.blocks = blocks
api.queries = part("query_binding")(rt, api, board, state)
local decode = part("move_decoder")(rt, api1)
local default_notation = dofile(lib_dir .. "/notation.lua")

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

-- A loop step of the script: the loop budget, and the memory limit the allocator flagged
-- (script_host.cpp: a failed allocation inside compiled code would crash LuaJIT, so the
-- script stops here instead, with the same error).
local function tick()
  local t = H.ticks_left - 1
  H.ticks_left = t
  if t < 0 then ran_too_long("an endless loop?", 2) end
  if H.memory_over ~= 0 then error("not enough memory", 0) end
end

-- Runs the instrumented script; returns the names of the global functions it defined.
function R.load_game(source, chunkname)
  writer.not_generating()
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
  writer.generate(hooks.generate)
end
-- Every entry point but generate: no moves may be written.
local not_generating = writer.not_generating

-- Returns nil while the game goes on, a winner's id, or "draw". A second value names the
-- result's detail, one of the definition's `results` (gammon).
local player_id = {}
for i, p in ipairs(info.players) do player_id[p] = i - 1 end
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
