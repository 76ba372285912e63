-- steps.lua: pieces that step, slide or leap along the board's directions and capture by
-- moving onto an enemy stack (pawns, kings, rooks, knights and the like), and stacks that
-- split, their top pieces going as many cells as there are of them (Dipole), with optional
-- merging, bearing off and promotion. Written against the public game API only; the game
-- passes what differs as parameters:
--
--   steps.generate {
--     steps = function(code) -> list of { dirs = {d, ...},  -- directions, in order
--                                         range = 1,        -- see below
--                                         onto = "either",  -- where it may stop, below
--                                         split = false },  -- see below
--     capture = "any",       -- or "not_taller": an enemy stack is taken only by as many
--                            -- pieces as it holds or more
--     off = slot,            -- the reserve slot pieces borne off go to (required with onto "off")
--     promotion = function(code, cell) -> the code it becomes on reaching `cell`, or nil,
--     progress = function(code) -> does a move of this piece that takes nothing and bears
--                                   nothing off count as progress (optional: none does),
--     capture_flags = 0,     -- flags a capture carries besides progress (game.flags("capture"))
--     off_flags = 0,         -- flags a bear-off carries besides progress
--     promotion_flags = 0,   -- flags a promoting move carries
--   }
--
-- A piece is the stack on a cell, commanded by its top piece. `onto` names where a move may
-- end, words joined by "+": "empty" (an empty cell), "enemy" (an enemy stack, which leaves
-- play), "own" (an own stack: the pieces moving go on top, within board.max_stack), "off"
-- (beyond an edge whose rays leave the board, board.edges: off: the pieces are borne off);
-- "either" is "empty+enemy" (the default), "any" is "empty+own+enemy".
-- A whole-stack step (split false): along each direction the stack passes empty cells, up
-- to `range` of them (1, the default: a step; n: at most n; 0: as far as the board goes),
-- and stops at the first occupied cell, the edge or an unplayable cell; it may end on each
-- empty cell passed and on the stack that stopped it.
-- A split step: for each count k from 1 to the stack's height (at most `range`, default 0:
-- any), the top k pieces go exactly k cells along the direction, over whatever lies between.
-- Order: piece by piece in cell order; a piece's whole-stack steps in the order given (steps,
-- directions, distances); then its split moves count by count, each in the order of its
-- split steps; then its bear-offs, one per count, fewest first. A cell reached twice from
-- one start with the same count is one move, the first (whole-stack steps count the
-- stack's height); no move ends on the piece's own cell. A move is written as: remove the
-- captured stack, move the pieces, then a set_top when it promotes; a bear-off as a
-- to_reserve. Captures and bear-offs are progress.
return function(api, native)
  local board, state, moves = api.board, api.state, api.moves
  local ray, playable, MAXRAY = board.ray, board.playable, board.max_ray
  local height, top, owner, side = state.height, state.top, state.owner, state.side
  local nmine, mine = state.nmine, state.mine
  local band, bor = bit.band, bit.bor
  local PROGRESS = api.game.flags("progress")
  local T = native.rule_tables
  local NAME, LUA_NAME = "steps.generate", "steps.generate_lua"
  local B = native.step_bits -- the BL_ONTO_ bits and BL_STEP_SPLIT (ffi_types.h)
  local EMPTY, ENEMY, OWN, OFF, SPLIT = B.empty, B.enemy, B.own, B.off, B.split
  local WORDS = { empty = EMPTY, enemy = ENEMY, own = OWN, off = OFF, either = EMPTY + ENEMY, any = EMPTY + OWN + ENEMY }
  local OFF_BOARD, CAP = board.OFF, native.stack_cap

  local M = {}

  -- onto as bits, cached by its text; nil if a word is unknown.
  local onto_bits = {}
  local function parse_onto(text)
    if onto_bits[text] then return onto_bits[text] end
    if type(text) ~= "string" then return nil end
    local bits, at = 0, 1
    while at <= #text + 1 do
      local plus = string.find(text, "+", at, true) or #text + 1
      local word = WORDS[string.sub(text, at, plus - 1)]
      if not word then return nil end
      bits, at = bor(bits, word), plus + 1
    end
    onto_bits[text] = bits
    return bits
  end

  -- Step `s` of steps(code): its range, onto bits and split flag, or nil and what is wrong.
  local function read_step(step, code, s)
    local split = step.split
    if split ~= nil and type(split) ~= "boolean" then
      return nil, nil, nil, string.format("steps(%d)[%d].split is %s, not true or false", code, s, T.what(split))
    end
    local range = step.range or (split and 0 or 1)
    if type(range) ~= "number" or range ~= math.floor(range) or range < 0 or range > 255 then
      return nil, nil, nil, string.format("steps(%d)[%d].range is %s, not a number of cells (0 to 255; 0: any)", code, s, T.what(step.range))
    end
    local onto = parse_onto(step.onto or "either")
    if not onto then
      return nil, nil, nil, string.format('steps(%d)[%d].onto is %s, not words of "empty", "enemy", "own", "off", "either", "any" joined by "+"',
        code, s, T.what(step.onto))
    end
    return range, onto, split or false
  end
  -- How far a whole-stack step may go, or the most pieces a split step may move (0: any;
  -- rays are tabulated to MAXRAY, which is at least max_stack).
  local function reach_of(range) return range == 0 and MAXRAY or math.min(range, MAXRAY) end

  local function off_needed(fname, level)
    error(fname .. ": a step may bear off (onto \"off\"), so the rules need off, a reserve slot (game.reserve)", level)
  end
  local function check_rules(p, fname)
    if type(p.steps) ~= "function" then
      error(string.format("%s: the rules' steps is %s, not a function of a piece code", fname, T.what(p.steps)), 3)
    end
    if p.capture ~= nil and p.capture ~= "any" and p.capture ~= "not_taller" then
      error(string.format('%s: capture is "any" or "not_taller", not %s', fname, T.what(p.capture)), 3)
    end
    if p.off ~= nil and (type(p.off) ~= "number" or p.off ~= math.floor(p.off) or p.off < 0 or p.off >= #api.game.reserves) then
      error(string.format("%s: off is %s, not a reserve slot (game.reserve)", fname, T.what(p.off)), 3)
    end
  end

  -- The search in Lua, calling the rules' functions as it goes. It allocates nothing per
  -- call (checking mode runs it beside the C++ search at every position): scratch tables
  -- are reused, marked with stamps.
  local reached, stamp = {}, 0 -- reached[cell] == stamp: a move of this piece and count ends there
  local off_at, piece_mark = {}, 0 -- off_at[count] == piece_mark: this piece bears off that many
  local split_dir, split_range, split_onto = {}, {}, {} -- the piece's split steps, one per direction

  -- Stops `moved` pieces of the stack on `from` (top code `code`) on `to` if `onto` allows
  -- it and no move of the same count ends there yet (`mark`); returns what stands there.
  local function stop(p, from, code, flag, to, onto, moved, mark)
    local hto = height(to)
    local there = hto == 0 and EMPTY or owner(to) == side() and OWN or ENEMY
    if band(onto, there) ~= 0 and reached[to] ~= mark and not (there == OWN and hto + moved > CAP)
        and not (there == ENEMY and p.capture == "not_taller" and hto > moved) then
      reached[to] = mark
      local empty = there ~= ENEMY
      local capture_flags = bor(PROGRESS, p.capture_flags or 0)
      local promoted = p.promotion and p.promotion(code, to)
      if promoted then
        moves.begin(bor(empty and flag or capture_flags, p.promotion_flags or 0))
        if not empty then moves.remove(to) end
        moves.move(from, to, moved)
        moves.set_top(to, promoted)
        moves.commit()
      elseif empty then
        moves.stack(from, to, moved, flag)
      else
        moves.capture(from, to, moved, capture_flags)
      end
    end
    return there
  end

  function M.generate_lua(p)
    check_rules(p, LUA_NAME)
    for i = 0, nmine() - 1 do
      local from = mine(i)
      local code, h = top(from), height(from)
      local flag = p.progress and p.progress(code) and PROGRESS or 0
      local list = p.steps(code)
      local nsplit = 0
      piece_mark = piece_mark + 1
      stamp = stamp + 1
      local whole = stamp
      for s = 1, #list do
        local step = list[s]
        local range, onto, split, why = read_step(step, code, s)
        if why then error(LUA_NAME .. ": " .. why, 2) end
        if band(onto, OFF) ~= 0 and p.off == nil then off_needed(LUA_NAME, 2) end
        local dirs = step.dirs
        for j = 1, #dirs do
          local d = dirs[j]
          if split then
            nsplit = nsplit + 1
            split_dir[nsplit], split_range[nsplit], split_onto[nsplit] = d, reach_of(range), onto
          else
            for k = 1, reach_of(range) do
              local to = ray(from, d, k)
              if to == OFF_BOARD and band(onto, OFF) ~= 0 then off_at[h] = piece_mark end
              -- The piece's own cell (a reflecting edge or a null direction leads back) stops it.
              if to < 0 or not playable(to) or to == from then break end
              if stop(p, from, code, flag, to, onto, h, whole) ~= EMPTY then break end
            end
          end
        end
      end
      -- Rays reach MAXRAY, which is at least max_stack; the whole stack's count shares its
      -- cells with the whole-stack steps.
      for moved = 1, nsplit > 0 and math.min(h, MAXRAY) or 0 do
        local mark = whole
        if moved < h then stamp = stamp + 1; mark = stamp end
        for j = 1, nsplit do
          if moved <= split_range[j] then
            local to, onto = ray(from, split_dir[j], moved), split_onto[j]
            if to == OFF_BOARD and band(onto, OFF) ~= 0 then off_at[moved] = piece_mark end
            if to >= 0 and playable(to) and to ~= from then stop(p, from, code, flag, to, onto, moved, mark) end
          end
        end
      end
      for moved = 1, h do
        if off_at[moved] == piece_mark then moves.off(from, moved, p.off, bor(PROGRESS, p.off_flags or 0)) end
      end
    end
  end

  -- The same search in C++ (interpreter/script/step_moves.cpp), on tables of the rules'
  -- answers (scripts/lib/rule_tables.lua): steps and progress asked once per piece code,
  -- promotion per code and playable cell, kept while the rules table holds the same functions.
  local NCODES = native.ncodes
  local tables = setmetatable({}, { __mode = "k" }) -- rules table -> its tables
  local FNS = { "steps", "promotion", "progress" }

  -- p.steps(code) flattened to one { dir, range, onto } per direction, the whole-stack
  -- steps first (onto carries BL_STEP_SPLIT for the others); or nil and the error. Also the
  -- index of the first split step.
  local function flat_steps(p, code)
    local list, err = T.ask(p, "steps", NAME, code)
    if err then return nil, err end
    if type(list) ~= "table" then
      return nil, T.own(string.format("%s: steps(%d) gave %s, not a list of steps", NAME, code, T.what(list)))
    end
    local whole, split = {}, {}
    for s = 1, #list do
      local step = list[s]
      if type(step) ~= "table" then
        return nil, T.own(string.format("%s: steps(%d)[%d] is %s, not a step ({ dirs = ..., range = ..., onto = ... })", NAME, code, s, T.what(step)))
      end
      local range, onto, is_split, why = read_step(step, code, s)
      if why then return nil, T.own(NAME .. ": " .. why) end
      err = T.check_directions(step.dirs, string.format("steps(%d)[%d].dirs", code, s), NAME)
      if err then return nil, err end
      local into = is_split and split or whole
      for _, d in ipairs(step.dirs) do into[#into + 1] = { dir = d, range = range, onto = onto + (is_split and SPLIT or 0) } end
    end
    local first_split = #whole
    for _, st in ipairs(split) do whole[#whole + 1] = st end
    if #whole > T.max_list then
      return nil, T.own(string.format("%s: steps(%d) lists %d directions in all; at most %d", NAME, code, #whole, T.max_list))
    end
    whole.first_split = first_split
    return whole
  end

  local function tabulate(p)
    native.charge(NCODES * (board.ncells + 1), NAME) -- the answers asked below
    local failed = {}
    local spec = { steps = {}, stride = 1 }
    for code = 1, NCODES - 1 do
      local flat, err = flat_steps(p, code)
      if err then failed["steps:" .. code] = err end
      spec.steps[code] = flat or false
      if flat and #flat > spec.stride then spec.stride = #flat end
      for _, st in ipairs(flat or {}) do
        if band(st.onto, SPLIT + OWN + OFF) ~= 0 then spec.general = true end
        if band(st.onto, OFF) ~= 0 then spec.has_off = true end
      end
    end
    spec.promotion = T.promotion(p, failed, NAME)
    spec.progress = T.progress(p, failed, NAME)
    return { failed = failed, has_off = spec.has_off, rules = native.step_rules(spec) }
  end

  -- A generator's copy of its rules (steps.generator): checked when it was made, tabulated at
  -- its first search, then searched with no check or look-up per call (0.92x the
  -- instructions of Breakthrough's playouts).
  local fixed, fixed_tables = setmetatable({}, { __mode = "k" }), setmetatable({}, { __mode = "k" })

  local function generate_native(p)
    local t = fixed_tables[p]
    if not t then
      t = T.cached(tables, p, FNS, tabulate)
      local r = t.rules.rules
      r.capture_flags = T.flags(p.capture_flags, "capture_flags", NAME)
      r.promotion_flags = T.flags(p.promotion_flags, "promotion_flags", NAME)
      r.off_flags = T.flags(p.off_flags, "off_flags", NAME)
      r.not_taller = p.capture == "not_taller" and 1 or 0
      if t.has_off and p.off == nil then off_needed(NAME, 5) end
      r.off = p.off or 0
      if fixed[p] then fixed_tables[p] = t end
    end
    local fn, code, other = native.step_moves(t.rules.rules, NAME)
    if fn then T.raise(t.failed, fn, code, other) end
  end

  function M.generate(p)
    check_rules(p, NAME)
    native.run(NAME, generate_native, LUA_NAME, M.generate_lua, T.impure_hint, p)
  end

  function M.generator(p)
    check_rules(p, "steps.generator")
    local copy = {}
    for key, v in pairs(p) do copy[key] = v end
    fixed[copy] = true
    return function() native.run(NAME, generate_native, LUA_NAME, M.generate_lua, T.impure_hint, copy) end
  end

  -- Notation: `b2-b3` for a move, `b5xc6` for a capture, `a3-off` for a bear-off, and
  -- `/n` after it when n pieces of a taller stack move (`e1-g3/2`).
  function M.notation(move)
    local text = board.name(move.from) .. (#move.captured > 0 and "x" or "-") .. (move.off and "off" or board.name(move.to))
    if move.count < height(move.from) then text = text .. "/" .. move.count end
    return text
  end

  return M
end
