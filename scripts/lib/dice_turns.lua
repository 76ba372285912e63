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

  -- Race games (the backgammon family): whole turns of a two-player race along the track,
  -- with hits. The steps (shared/rules/README.md section 3): a checker moves d points toward
  -- bearing off; a point with two or more enemy checkers is closed; landing on a lone enemy
  -- checker hits it to the bar; a checker on the bar enters first (on point npoints + 1 - d);
  -- with every checker home (points 1..home), a die equal to a checker's point bears it off,
  -- a higher die bears off from the highest point. The turn rules are dice_turns.new's
  -- (doubles descend). A turn is written as per step: the hit (to_reserve to the bar), then
  -- from_reserve (entering), to_reserve into `off` (bearing off) or a move.
  --
  --   local race = dice_turns.race { checkers = { code0, code1 }, bar = slot, off = slot,
  --                                  home = 6, hit_flags = game.flags("hit") }
  --   race.generate()       -- in generate(): the C++ search (interpreter/script/race_turns.cpp)
  --   race.generate_lua()   -- the same in Lua: dice_turns.new with the steps above
  function M.race(rules)
    local board, game, moves = api.board, api.game, api.moves
    if game.nplayers ~= 2 then error("dice_turns.race: a race has two players", 2) end
    for _, f in ipairs({ "bar", "off", "home" }) do
      if type(rules[f]) ~= "number" then error("dice_turns.race: rules." .. f .. " must be a number", 2) end
    end
    if type(rules.checkers) ~= "table" or #rules.checkers ~= 2 then
      error("dice_turns.race: rules.checkers lists the two players' checker codes", 2)
    end
    local NPOINTS = board.ncells
    if NPOINTS > native.race_max_points then
      error(string.format("dice_turns.race: a track of at most %d points", native.race_max_points), 2)
    end
    local BAR, OFF, HOME, HIT = rules.bar, rules.off, rules.home, rules.hit_flags or 0
    local CODE = { [0] = rules.checkers[1], [1] = rules.checkers[2] }
    local cell_of = M.track_points()
    local height, owner, side, reserve = state.height, state.owner, state.side, state.reserve
    -- Every checker, for the key's counts (at load, `state` shows the starting position).
    local total = 0
    for p = 0, 1 do total = total + state.count(p) + reserve(BAR, CODE[p]) + reserve(OFF, CODE[p]) end
    if total > 255 then error("dice_turns.race: at most 255 checkers in all", 2) end

    -- The Lua twin: the position in the mover's numbering, changed and restored by the search.
    local mine, theirs = {}, {}
    local my_bar, their_bar, my_off = 0, 0, 0
    local ENTRY = NPOINTS + 1 -- the point number of the bar: a checker there enters on ENTRY - die
    local function highest()
      for k = NPOINTS, 1, -1 do
        if mine[k] > 0 then return k end
      end
      return 0
    end
    local function all_home()
      if my_bar > 0 then return false end
      for k = HOME + 1, NPOINTS do
        if mine[k] > 0 then return false end
      end
      return true
    end
    local function legal(from, d)
      local to = from - d
      if to >= 1 then return theirs[to] < 2 end
      if not all_home() then return false end
      return to == 0 or highest() == from
    end
    -- Slots of the key: mine[k] is k, theirs[k] is NPOINTS + k, then the bars and my tray.
    local MY_BAR, THEIR_BAR, MY_OFF = 2 * NPOINTS + 1, 2 * NPOINTS + 2, 2 * NPOINTS + 3
    local key = M.counts_key(2 * NPOINTS + 4, total)
    local change = key.change
    local function play(from, to)
      local hit = to >= 1 and theirs[to] == 1
      if from == ENTRY then
        change(MY_BAR, my_bar, my_bar - 1); my_bar = my_bar - 1
      else
        change(from, mine[from], mine[from] - 1); mine[from] = mine[from] - 1
      end
      if to >= 1 then
        if hit then
          change(NPOINTS + to, 1, 0); theirs[to] = 0
          change(THEIR_BAR, their_bar, their_bar + 1); their_bar = their_bar + 1
        end
        change(to, mine[to], mine[to] + 1); mine[to] = mine[to] + 1
      else
        change(MY_OFF, my_off, my_off + 1); my_off = my_off + 1
      end
      return hit
    end
    local function undo(from, to, hit)
      if to >= 1 then
        change(to, mine[to], mine[to] - 1); mine[to] = mine[to] - 1
        if hit then
          change(NPOINTS + to, 0, 1); theirs[to] = 1
          change(THEIR_BAR, their_bar, their_bar - 1); their_bar = their_bar - 1
        end
      else
        change(MY_OFF, my_off, my_off - 1); my_off = my_off - 1
      end
      if from == ENTRY then
        change(MY_BAR, my_bar, my_bar + 1); my_bar = my_bar + 1
      else
        change(from, mine[from], mine[from] + 1); mine[from] = mine[from] + 1
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
    local me
    local turns = M.new {
      each_step = each_step, play = play, undo = undo, key = key.value, doubles_descend = true,
      write = function(t)
        local to_cell, code, flags = cell_of[me], CODE[me], 0
        for i = 1, t.n do
          if t.mark[i] then flags = HIT end
        end
        moves.begin(flags)
        for i = 1, t.n do
          local from, to = t.from[i], t.to[i]
          if t.mark[i] then moves.to_reserve(to_cell[to], 1, BAR) end
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
      for k = 1, NPOINTS do
        local c = cell_of[me][k]
        local h, who = height(c), owner(c)
        mine[k] = who == me and h or 0
        theirs[k] = who == them and h or 0
      end
      my_bar, their_bar = reserve(BAR, CODE[me]), reserve(BAR, CODE[them])
      my_off = reserve(OFF, CODE[me])
      key.reset()
      for k = 1, NPOINTS do key.set(k, mine[k]); key.set(NPOINTS + k, theirs[k]) end
      key.set(MY_BAR, my_bar); key.set(THEIR_BAR, their_bar); key.set(MY_OFF, my_off)
      turns.generate()
    end

    local native_rules = native.race_rules { npoints = NPOINTS, home = HOME, bar = BAR, off = OFF,
      hit_flags = HIT, codes = { CODE[0], CODE[1] }, cell_of = cell_of }
    local function generate_native() native.race_turns(native_rules.rules, "race.generate") end
    function R.generate()
      if not native.checking() then
        generate_native() -- not a tail call: the errors count frames to the script's line
        return
      end
      -- Checking mode: both searches, the same moves in the same order; the Lua copy dropped.
      local w0, m0 = native.fill()
      generate_native()
      local w1, m1 = native.fill()
      R.generate_lua()
      local native_n, lua_n, differs = native.compare_and_drop(w0, m0, w1, m1)
      if native_n then
        error(string.format("race.generate: the C++ search wrote %d moves, race.generate_lua %d%s",
          native_n, lua_n, differs > 0 and string.format(", move %d differs", differs) or ""), 2)
      end
    end
    return R
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
    for i, st in ipairs(steps) do paths[i] = { st[1], st[2] } end
    local again = true
    while again do
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
