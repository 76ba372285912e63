-- dice_turns.lua: whole turns of a dice game built from the single-die steps its script
-- says are legal, shared by the backgammon family (Hypergammon, backgammon, nackgammon,
-- Plakoto) and open to any game where a turn plays each die of a roll in some order.
--
--   local turns = dice_turns.new {
--     each_step = function(d, max_from, add) -- lists each legal step of die d in the
--                 -- script's working position by calling add(from, to), without changing
--                 -- that position; only from sources numbered max_from or lower (with
--                 -- doubles_descend, in a double; math.huge otherwise),
--     play = function(from, to, d) -> mark,   -- makes the step in the working position;
--                                             -- the mark (any value) comes back to undo and
--                                             -- in the turn (a hit, a pin: for notation),
--     undo = function(from, to, mark),        -- unmakes it,
--     key = function() -> number or string,   -- names the working position: turns that end
--                                             -- on one key are one turn,
--     write = function(turn),                 -- writes one turn as a legal move (moves.begin
--                                             -- .. moves.commit): turn.n steps, step i being
--                                             -- turn.from[i], turn.to[i], turn.mark[i],
--                                             -- turn.die[i],
--     doubles_descend = false,                -- true when any set of steps with one die value
--                                             -- can be played from the highest source down
--                                             -- (backgammon: a step never opens a higher
--                                             -- source); it cuts the orders a double tries
--   }
--   turns.generate()   -- in generate(): reads the roll, writes every turn, returns how many
--
-- The rules it applies: a turn plays as many dice as it can (every order of the dice is
-- tried, each die value once per level); when only one die of two different ones can be
-- played, the larger if any turn plays it; turns that reach the same position are one
-- move (the first order found is kept). No legal turn writes nothing: the definition's
-- `turn.no_moves` decides (pass).
--
--   local cell_of, point_of = dice_turns.track_points()
--
-- Each player's numbering of a track: cell_of[p][k] is player p's point k, the cell from
-- which k steps forward (players[].forward) leave the track; point_of[p][cell] the reverse.
--
--   local key = dice_turns.counts_key(nslots, max_count)
--
-- A key for `key` above, kept up to date as the search changes counts rather than built at
-- each leaf: the position as counts 0..max_count in slots 0..nslots-1 (a point's checkers
-- of one side, a bar, a tray), two Zobrist keys of 26 bits (a random number per slot and
-- count, xor-ed) read as one 52-bit number. key.reset() forgets every count (all zero);
-- key.set(slot, n) sets a slot's count from zero; key.change(slot, old, new);
-- key.value(). Two different positions share a value with odds of 2^-52.
--
--   dice_turns.spell(steps, marked, bar) -> list of spellings, the first printed
--
-- gnubg-style notation: `steps` lists {from, to} (a `to` of 0 or less reads "off", a
-- `from` equal to `bar` reads "bar"); a checker's steps are joined (24/18, 24/21*/18 when
-- it is marked on the way), `marked[point]` puts "*" at the first arrival there, moves are
-- sorted from the highest point and repeats read (n). Also answers to the other order of
-- two moves from one point and to the steps one by one, as people type them.
return function(api, native)
  local state = api.state
  local M = {}

  function M.new(rules)
    local each_step, play, undo, key, write = rules.each_step, rules.play, rules.undo, rules.key, rules.write
    for _, name in ipairs({ "each_step", "play", "undo", "key", "write" }) do
      if type(rules[name]) ~= "function" then error("dice_turns.new: rules." .. name .. " must be a function", 2) end
    end
    local descend = rules.doubles_descend and true or false

    local dice, used, nd, double = {}, {}, 0, false
    local depth, best = 0, 0
    local p_from, p_to, p_mark, p_die = {}, {}, {}, {}
    -- The turns found, one per key, in reused tables: a new table per turn is garbage per ply.
    local found, nfound, seen = {}, 0, {}
    local function forget_seen()
      for k in pairs(seen) do seen[k] = nil end
    end

    local function record()
      if depth < best then return end
      if depth > best then
        best, nfound = depth, 0
        forget_seen()
      end
      local k = key()
      if seen[k] then return end
      seen[k] = true
      nfound = nfound + 1
      local t = found[nfound]
      if not t then
        t = { from = {}, to = {}, mark = {}, die = {} }
        found[nfound] = t
      end
      t.n = depth
      for i = 1, depth do
        t.from[i], t.to[i], t.mark[i], t.die[i] = p_from[i], p_to[i], p_mark[i], p_die[i]
      end
    end

    -- The steps each_step lists, a stack shared by every level of the search: a level's
    -- steps lie above the ones of the levels below it. Listing rather than calling back
    -- keeps the search a function calling only itself, which LuaJIT compiles well
    -- (measured: a callback that recursed into the search made backgammon about 7% slower).
    local buf_from, buf_to, nbuf = {}, {}, 0
    local ANY = math.huge -- max_from when any source may move (a number, as in a double)
    local function add(from, to)
      nbuf = nbuf + 1
      buf_from[nbuf], buf_to[nbuf] = from, to
    end

    local function search(max_from)
      local moved = false
      for i = 1, nd do
        if not used[i] then
          local d, first = dice[i], true
          for j = 1, i - 1 do first = first and (used[j] or dice[j] ~= d) end
          if first then
            used[i] = true
            local base = nbuf
            each_step(d, max_from, add)
            for k = base + 1, nbuf do
              local from, to = buf_from[k], buf_to[k]
              moved = true
              local mark = play(from, to, d)
              depth = depth + 1
              p_from[depth], p_to[depth], p_mark[depth], p_die[depth] = from, to, mark, d
              search(descend and double and from or ANY)
              depth = depth - 1
              undo(from, to, mark)
            end
            nbuf = base
            used[i] = false
          end
        end
      end
      if not moved then record() end
    end

    local T = {}
    function T.generate()
      nd = state.ndice()
      double = nd >= 2
      for i = 1, nd do
        dice[i], used[i] = state.die(i - 1), false
        double = double and dice[i] == dice[1]
      end
      depth, best, nfound, nbuf = 0, 0, 0, 0
      forget_seen()
      search(ANY)
      if best == 0 then return 0 end
      -- Only one die of two played: the larger one, if any turn plays it.
      if best == 1 and nd == 2 and not double then
        local big, n = math.max(dice[1], dice[2]), 0
        for i = 1, nfound do
          if found[i].die[1] == big then write(found[i]); n = n + 1 end
        end
        if n > 0 then return n end
      end
      for i = 1, nfound do write(found[i]) end
      return nfound
    end
    return T
  end

  -- Race games (the backgammon family): whole turns of a two-player race along the track.
  -- The steps (shared/rules/README.md sections 3 and 7): a checker moves d points toward
  -- bearing off. With capture = "hit": a point with two or more enemy checkers is closed,
  -- landing on a lone enemy checker hits it to the bar, and a checker on the bar enters first
  -- (on point npoints + 1 - d). With "pin": landing on a lone enemy checker pins it under the
  -- lander (a stack, the pinned checker at the bottom), a point is closed by two or more
  -- enemy checkers or by one pinning mine, and leaving a point frees the checker pinned
  -- there. With every checker home (points 1..home; pinned ones count, and with pins and
  -- not bear_off_while_pinned none may be pinned), a die equal to a checker's point bears
  -- it off, a higher die bears off from the highest point. The turn rules are
  -- dice_turns.new's (doubles descend). A turn is written per step: a hit (to_reserve to the
  -- bar), then from_reserve (entering), to_reserve into `off` (bearing off) or a move.
  --
  --   local race = dice_turns.race { checkers = { code0, code1 }, off = slot, home = 6,
  --     capture = "hit" or "pin", bar = slot (hit), bear_off_while_pinned = true (pin),
  --     capture_flags = game.flags(...) }  -- a turn that hits, or leaves a new pin
  --   race.generate()       -- in generate(): the C++ search (interpreter/script/race_turns.cpp)
  --   race.generate_lua()   -- the same in Lua: dice_turns.new with the steps above
  function M.race(rules)
    local board, game, moves = api.board, api.game, api.moves
    if game.nplayers ~= 2 then error("dice_turns.race: a race has two players", 2) end
    local PIN = rules.capture == "pin"
    if rules.capture ~= nil and rules.capture ~= "hit" and not PIN then
      error("dice_turns.race: capture is \"hit\" or \"pin\", not " .. tostring(rules.capture), 2)
    end
    for _, f in ipairs(PIN and { "off", "home" } or { "bar", "off", "home" }) do
      if type(rules[f]) ~= "number" then error("dice_turns.race: rules." .. f .. " must be a number", 2) end
    end
    if type(rules.checkers) ~= "table" or #rules.checkers ~= 2 then
      error("dice_turns.race: rules.checkers lists the two players' checker codes", 2)
    end
    local NPOINTS = board.ncells
    if NPOINTS > native.race_max_points then
      error(string.format("dice_turns.race: a track of at most %d points", native.race_max_points), 2)
    end
    local BAR, OFF, HOME, FLAGS = (not PIN) and rules.bar or -1, rules.off, rules.home, rules.capture_flags or 0
    if HOME ~= math.floor(HOME) or HOME < 0 or HOME > NPOINTS then
      error(string.format("dice_turns.race: rules.home is %s, not a point from 0 to %d", tostring(HOME), NPOINTS), 2)
    end
    if type(FLAGS) ~= "number" or FLAGS ~= math.floor(FLAGS) or FLAGS < 0 or FLAGS > 255 then
      error("dice_turns.race: rules.capture_flags is " .. tostring(FLAGS) .. ", not flags from game.flags", 2)
    end
    local FREE_BEAR_OFF = rules.bear_off_while_pinned ~= false
    local CODE = { [0] = rules.checkers[1], [1] = rules.checkers[2] }
    local cell_of = M.track_points()
    for p = 0, 1 do
      for k = 1, NPOINTS do
        if cell_of[p][k] == nil then error("dice_turns.race: the board is not a track (no point " .. k .. ")", 2) end
      end
    end
    local height, owner, piece, side, reserve = state.height, state.owner, state.piece, state.side, state.reserve
    local gowner = game.owner
    local function bar_count(code) return PIN and 0 or reserve(BAR, code) end
    -- Every checker, for the key's counts (at load, `state` shows the starting position).
    local total = 0
    for p = 0, 1 do total = total + state.count(p) + bar_count(CODE[p]) + reserve(OFF, CODE[p]) end
    if total > 255 then error("dice_turns.race: at most 255 checkers in all", 2) end

    -- The Lua twin: the position in the mover's numbering, changed and restored by the
    -- search; pinned_mine[k], pinned_theirs[k] are 1 where a checker of that side is pinned.
    local mine, theirs, pinned_mine, pinned_theirs = {}, {}, {}, {}
    local my_bar, their_bar, my_off, my_pinned = 0, 0, 0, 0
    local ENTRY = NPOINTS + 1 -- the point number of the bar: a checker there enters on ENTRY - die
    local function highest()
      for k = NPOINTS, 1, -1 do
        if mine[k] > 0 or pinned_mine[k] > 0 then return k end
      end
      return 0
    end
    local function all_home()
      if my_bar > 0 or (my_pinned > 0 and not FREE_BEAR_OFF) then return false end
      for k = HOME + 1, NPOINTS do
        if mine[k] > 0 or pinned_mine[k] > 0 then return false end
      end
      return true
    end
    local function legal(from, d)
      local to = from - d
      if to >= 1 then
        if PIN then return theirs[to] == 0 or (theirs[to] == 1 and pinned_mine[to] == 0) end
        return theirs[to] < 2
      end
      if not all_home() then return false end
      return to == 0 or highest() == from
    end
    -- Slots of the key: mine[k] is k, theirs[k] NPOINTS + k, pinned_theirs[k] 2 * NPOINTS + k,
    -- then the bars and my tray.
    local MY_BAR, THEIR_BAR, MY_OFF = 3 * NPOINTS + 1, 3 * NPOINTS + 2, 3 * NPOINTS + 3
    local key = M.counts_key(3 * NPOINTS + 4, total)
    local change = key.change
    local function set(t, slot, k, v) change(slot, t[k], v); t[k] = v end
    local function play(from, to)
      if PIN then
        set(mine, from, from, mine[from] - 1)
        if mine[from] == 0 and pinned_theirs[from] == 1 then
          set(pinned_theirs, 2 * NPOINTS + from, from, 0); set(theirs, NPOINTS + from, from, 1)
        end
        if to < 1 then
          change(MY_OFF, my_off, my_off + 1); my_off = my_off + 1
          return false
        end
        local pin = theirs[to] == 1
        if pin then set(theirs, NPOINTS + to, to, 0); set(pinned_theirs, 2 * NPOINTS + to, to, 1) end
        set(mine, to, to, mine[to] + 1)
        return pin
      end
      local hit = to >= 1 and theirs[to] == 1
      if from == ENTRY then
        change(MY_BAR, my_bar, my_bar - 1); my_bar = my_bar - 1
      else
        set(mine, from, from, mine[from] - 1)
      end
      if to >= 1 then
        if hit then
          set(theirs, NPOINTS + to, to, 0)
          change(THEIR_BAR, their_bar, their_bar + 1); their_bar = their_bar + 1
        end
        set(mine, to, to, mine[to] + 1)
      else
        change(MY_OFF, my_off, my_off + 1); my_off = my_off + 1
      end
      return hit
    end
    local function undo(from, to, mark)
      if to >= 1 then
        set(mine, to, to, mine[to] - 1)
        if mark then
          set(theirs, NPOINTS + to, to, 1)
          if PIN then set(pinned_theirs, 2 * NPOINTS + to, to, 0)
          else change(THEIR_BAR, their_bar, their_bar - 1); their_bar = their_bar - 1 end
        end
      else
        change(MY_OFF, my_off, my_off - 1); my_off = my_off - 1
      end
      if PIN and mine[from] == 0 and theirs[from] == 1 then
        set(theirs, NPOINTS + from, from, 0); set(pinned_theirs, 2 * NPOINTS + from, from, 1)
      end
      if from == ENTRY then
        change(MY_BAR, my_bar, my_bar + 1); my_bar = my_bar + 1
      else
        set(mine, from, from, mine[from] + 1)
      end
    end
    local function each_step(d, max_from, add)
      if my_bar > 0 then
        if legal(ENTRY, d) then add(ENTRY, ENTRY - d) end
        return
      end
      for from = math.min(max_from, NPOINTS), 1, -1 do
        if mine[from] > 0 and legal(from, d) then add(from, from - d) end
      end
    end
    local pins_left = M.pins_left
    local me
    local turns = M.new {
      each_step = each_step, play = play, undo = undo, key = key.value, doubles_descend = true,
      write = function(t)
        local to_cell, code, flags = cell_of[me], CODE[me], 0
        for i = 1, t.n do
          if t.mark[i] then flags = FLAGS end
        end
        if PIN and not pins_left(t.n, t.from, t.to, t.mark) then flags = 0 end
        moves.begin(flags)
        for i = 1, t.n do
          local from, to = t.from[i], t.to[i]
          if t.mark[i] and not PIN then moves.to_reserve(to_cell[to], 1, BAR) end
          if from == ENTRY then
            moves.from_reserve(to_cell[to], BAR, code)
          elseif to <= 0 then
            moves.to_reserve(to_cell[from], 1, OFF)
          else
            moves.move(to_cell[from], to_cell[to], 1)
          end
        end
        moves.commit()
      end,
    }
    local R = {}
    function R.generate_lua()
      me = side()
      local them = 1 - me
      my_pinned = 0
      for k = 1, NPOINTS do
        local c = cell_of[me][k]
        local h = height(c)
        local top = h > 0 and owner(c) or -1
        local under = PIN and h > 1 and gowner(piece(c, 0)) ~= top and 1 or 0 -- a pinned checker
        mine[k] = top == me and h - under or 0
        theirs[k] = top == them and h - under or 0
        pinned_mine[k] = top == them and under or 0
        pinned_theirs[k] = top == me and under or 0
        my_pinned = my_pinned + pinned_mine[k]
      end
      my_bar, their_bar = bar_count(CODE[me]), bar_count(CODE[them])
      my_off = reserve(OFF, CODE[me])
      key.reset()
      for k = 1, NPOINTS do
        key.set(k, mine[k]); key.set(NPOINTS + k, theirs[k]); key.set(2 * NPOINTS + k, pinned_theirs[k])
      end
      key.set(MY_BAR, my_bar); key.set(THEIR_BAR, their_bar); key.set(MY_OFF, my_off)
      turns.generate()
    end

    local native_rules = native.race_rules { npoints = NPOINTS, home = HOME, bar = BAR, off = OFF,
      capture_flags = FLAGS, pin = PIN, bear_off_while_pinned = FREE_BEAR_OFF,
      codes = { CODE[0], CODE[1] }, cell_of = cell_of }
    local function generate_native() native.race_turns(native_rules.rules, "race.generate") end
    function R.generate()
      native.run("race.generate", generate_native, "race.generate_lua", R.generate_lua)
    end
    return R
  end

  -- With pins: does a turn of n steps (from[i], to[i]; marked[i] where step i pinned) leave
  -- a checker pinned that was free before? A step that pins marks its point, but a later
  -- step may leave it again (15/13/12 over a lone checker on 13 pins nothing): the pin stays
  -- where more of the mover's checkers arrived than left. Returns whether any stays, and
  -- sets out[point] = true for each (out optional).
  local net = {}
  -- The library's loops on sizes a script hands it are charged to the script's loop budget
  -- (native.charge): trusted code is not counted step by step.
  local charge = native.charge
  function M.pins_left(n, from, to, marked, out)
    charge(n, "dice_turns.pins_left")
    for i = 1, n do net[from[i]], net[to[i]] = 0, 0 end
    for i = 1, n do
      net[from[i]] = net[from[i]] - 1
      net[to[i]] = net[to[i]] + 1
    end
    local any = false
    for i = 1, n do
      if marked[i] and net[to[i]] > 0 then
        any = true
        if out then out[to[i]] = true end
      end
    end
    return any
  end

  function M.track_points()
    local board, game = api.board, api.game
    local cell_of, point_of = {}, {}
    for p = 0, game.nplayers - 1 do
      cell_of[p], point_of[p] = {}, {}
      local fwd = game.forward(p)
      if fwd < 0 then error("dice_turns.track_points: player " .. game.player_name(p) .. " has no forward direction", 2) end
      for c = 0, board.ncells - 1 do
        local k = 1
        while board.ray(c, fwd, k) >= 0 do k = k + 1 end
        cell_of[p][k], point_of[p][c] = c, k
      end
    end
    return cell_of, point_of
  end

  function M.counts_key(nslots, max_count)
    local bxor, band, lshift, rshift = bit.bxor, bit.band, bit.lshift, bit.rshift
    local seed = 0x2545F491
    local function random26()
      seed = band(bxor(seed, lshift(seed, 13)), 0x7FFFFFFF)
      seed = bxor(seed, rshift(seed, 17))
      seed = band(bxor(seed, lshift(seed, 5)), 0x7FFFFFFF)
      return band(seed, 0x3FFFFFF)
    end
    local stride = max_count + 1
    -- A step per 16 keys made: each is a few bit operations (as string.rep is charged per
    -- 64 bytes), so that a race's keys cost its load hook little.
    charge(math.ceil(nslots * stride / 16), "dice_turns.counts_key")
    local Z1, Z2 = {}, {} -- Zk[slot * stride + count]
    for i = 0, nslots * stride - 1 do Z1[i], Z2[i] = random26(), random26() end
    -- The key of all counts zero, once: reset() is then two assignments.
    local zero1, zero2 = 0, 0
    for slot = 0, nslots - 1 do zero1, zero2 = bxor(zero1, Z1[slot * stride]), bxor(zero2, Z2[slot * stride]) end
    local k1, k2 = zero1, zero2
    local K = {}
    function K.reset() k1, k2 = zero1, zero2 end
    local function change(slot, old, new)
      local a, b = slot * stride + old, slot * stride + new
      k1 = bxor(k1, Z1[a], Z1[b])
      k2 = bxor(k2, Z2[a], Z2[b])
    end
    K.change = change
    function K.set(slot, n)
      if n ~= 0 then change(slot, 0, n) end
    end
    function K.value() return k1 * 67108864 + k2 end
    return K
  end

  function M.spell(steps, marked, bar)
    local function name(k) return k == bar and "bar" or k <= 0 and "off" or tostring(k) end
    -- Join steps into checkers' paths wherever one ends where another starts, in any order
    -- (whichever checker went on, the position is the same).
    local paths = {}
    charge(#steps, "dice_turns.spell")
    for i, st in ipairs(steps) do paths[i] = { st[1], st[2] } end
    local again = true
    while again do
      charge(#paths * #paths, "dice_turns.spell")
      again = false
      for i = 1, #paths do
        for j = 1, #paths do
          local a, b = paths[i], paths[j]
          if not again and i ~= j and a[#a] > 0 and b[1] == a[#a] then
            for k = 2, #b do a[#a + 1] = b[k] end
            table.remove(paths, j)
            again = true
          end
        end
      end
    end
    local function spell(to_first)
      table.sort(paths, function(x, y)
        if x[1] ~= y[1] then return x[1] > y[1] end
        if x[#x] ~= y[#y] then return (x[#x] > y[#y]) == to_first end
        return #x < #y
      end)
      local done, texts = {}, {}
      for _, path in ipairs(paths) do
        local parts = { name(path[1]) }
        for i = 2, #path do
          local mark = marked[path[i]] and not done[path[i]]
          if mark then done[path[i]] = true end
          if i == #path or mark then parts[#parts + 1] = name(path[i]) .. (mark and "*" or "") end
        end
        texts[#texts + 1] = table.concat(parts, "/")
      end
      local out, i = {}, 1
      while i <= #texts do
        local j = i
        while j < #texts and texts[j + 1] == texts[i] do j = j + 1 end
        out[#out + 1] = texts[i] .. (j > i and "(" .. (j - i + 1) .. ")" or "")
        i = j + 1
      end
      return table.concat(out, " ")
    end
    local singles, done = {}, {}
    for i, st in ipairs(steps) do
      local mark = marked[st[2]] and not done[st[2]]
      if mark then done[st[2]] = true end
      singles[i] = name(st[1]) .. "/" .. name(st[2]) .. (mark and "*" or "")
    end
    local spellings = { spell(true) }
    for _, alt in ipairs({ spell(false), table.concat(singles, " ") }) do
      local known = false
      for _, t in ipairs(spellings) do known = known or t == alt end
      if not known then spellings[#spellings + 1] = alt end
    end
    return spellings
  end

  return M
end
