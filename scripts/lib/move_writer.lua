-- move_writer.lua: writing legal moves into the C++ move buffer (moves.*), and running the
-- C++ primitives that write into it too (a library's search, a registered block).
return function(rt)
local ffi = require("ffi")
local bit = require("bit")
local H, B, M, info = rt.H, rt.B, rt.M, rt.info
local NC, MAXRAY, RAYLEN = rt.NC, rt.MAXRAY, rt.RAYLEN
local bor, lshift, tobit = bit.bor, bit.lshift, bit.tobit
local error, type, format = error, type, string.format
local bad, describe, ran_too_long = rt.bad, rt.describe, rt.ran_too_long
local check_cell, check_slot, check_code, check_count = rt.check_cell, rt.check_slot, rt.check_code, rt.check_count
local OP = info.ops
-- As locals for the writers: a table field costs a hash look-up per move in compiled code.
local OP_MOVE, OP_REMOVE, OP_TO_RESERVE, OP_FROM_RESERVE = OP.move, OP.remove, OP.to_reserve, OP.from_reserve
local OP_SET_TOP, OP_MARK = OP.set_top, OP.mark
local OP_TRANSFER, OP_TAKE, OP_PUT, OP_SET_PIECE = OP.transfer, OP.take, OP.put, OP.set_piece
local OP_AGAIN = OP.again
local NONE, MAX_ACTIONS, MAX_MOVES, MAX_WORDS = info.none, info.max_actions, info.max_moves, info.max_words
-- The words a move is written in (ffi_types.h, defined once there).
local HEADER_FLAGS, ACTION_N, ACTION_A, ACTION_C = ffi.C.BL_HEADER_FLAGS, ffi.C.BL_ACTION_N, ffi.C.BL_ACTION_A, ffi.C.BL_ACTION_C
local TF, TC, TK -- the distinct targets (board.distinct_targets), as FFI arrays

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
  if not TF then TF, TC, TK = rt.target_arrays() end
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
local check_level = rt.check_level
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
-- the C++ primitives, which write on from the buffer's fill

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
local function run_twins(fname, run_native, lua_name, run_lua, hint, arg)
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

------------------------------------------------------------------------------------------
-- a generate call, and the other hook calls, which may write no move

-- Runs the generate hook `hook` on an empty buffer, and hands the buffer back to the host.
local function generate(hook)
  capw, capm = M.cap_words, M.cap_moves
  nw, nm, open_at, native_moves = 0, 0, -1, 0
  generating = true
  hook()
  generating = false
  if open_at >= 0 then error("generate: a move begun with moves.begin was not committed", 0) end
  M.nwords, M.count = nw, nm
  -- Moves the C++ primitives wrote are legal by construction (tests and checking mode
  -- compare them with the Lua twins): State::apply need not check them.
  M.trusted = native_moves == nm and 1 or 0
end
-- Every entry point but generate: no moves may be written (generate may have stopped on an
-- error, leaving the flag set).
local function not_generating()
  generating, open_at = false, -1
end

return { moves = moves, flag_of = flag_of, flag_bits = flag_bits, run_twins = run_twins,
         run_primitive = run_primitive, generate = generate, not_generating = not_generating,
         statuses = { ok = PRIMITIVE_OK, chains_actions = CHAINS_ACTIONS } }
end
