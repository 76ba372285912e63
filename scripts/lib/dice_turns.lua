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
return function(api)
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
