-- natives.lua: the C++ primitives (bl_host), for the trusted libraries only: their rules
-- made C arrays, the searches run on the move buffer, and the one binding of every
-- registered move block (blocks.NAME). Scripts never see `native`; they call the library
-- that uses it.
return function(rt, writer)
local ffi = require("ffi")
local bit = require("bit")
local H, info = rt.H, rt.info
local NC, NCODES, CAP = rt.NC, rt.NCODES, rt.CAP
local bor, lshift = bit.bor, bit.lshift
local error, format = error, string.format
local unknown = rt.unknown
local MAX_ACTIONS = info.max_actions
local STEP_RANGE, STEP_BITS = ffi.C.BL_STEP_RANGE, ffi.C.BL_STEP_BITS
local run_primitive = writer.run_primitive
local PRIMITIVE_OK, CHAINS_ACTIONS = writer.statuses.ok, writer.statuses.chains_actions

local native = { ncodes = NCODES, untabled = ffi.C.BL_UNTABLED, stack_cap = CAP,
  step_bits = { empty = ffi.C.BL_ONTO_EMPTY, enemy = ffi.C.BL_ONTO_ENEMY, own = ffi.C.BL_ONTO_OWN,
                off = ffi.C.BL_ONTO_OFF, split = ffi.C.BL_STEP_SPLIT } }
-- Did the loop budget or the memory cap stop the script (then nothing may catch the error)?
function native.stopped(err) return H.ticks_left < 0 or err == "not enough memory" end
native.run = writer.run_twins
native.flag_bits = writer.flag_bits
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

return native, blocks
end
