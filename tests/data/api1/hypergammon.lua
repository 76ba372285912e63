-- Hypergammon (shared/rules/README.md section 3), and through their setups standard
-- backgammon and nackgammon.
--
-- A legal move is a whole turn: every distinct resulting position once, after the
-- maximum-usage rule. generate() reads the position in the mover's numbering (point k is
-- k steps from bearing off), plays every order of the dice depth first on Lua arrays, keeps
-- the turns that use the most dice (the larger die when only one of two can be played),
-- and writes each distinct result once as primitive actions: a hit sends the blot to its
-- owner's bar (to_reserve), entering takes a checker from the bar (from_reserve), bearing
-- off puts it in the tray (to_reserve).
local BAR, OFF = game.reserve("bar"), game.reserve("off")
local NPOINTS = board.ncells
local height, owner, side, reserve = state.height, state.owner, state.side, state.reserve
local ndice, die = state.ndice, state.die
local opt = game.options

-- cell_of[p][k]: player p's point k; point_of[p][cell]: the reverse. A player's point k is
-- the cell from which k steps forward leave the track.
local cell_of, point_of, CODE, TOTAL = {}, {}, {}, {}
for p = 0, game.nplayers - 1 do
  cell_of[p], point_of[p] = {}, {}
  local fwd = game.forward(p)
  for c = 0, NPOINTS - 1 do
    local k = 1
    while board.ray(c, fwd, k) >= 0 do k = k + 1 end
    cell_of[p][k], point_of[p][c] = c, k
  end
  CODE[p] = game.piece("checker", p)
  -- While loading, `state` shows the starting position: every checker is on the board.
  TOTAL[p] = state.count(p) + reserve(BAR, CODE[p]) + reserve(OFF, CODE[p])
end

-- The position in the mover's numbering, changed and restored by the search: mine[k] and
-- theirs[k] count checkers on the mover's point k (1..NPOINTS); mine[25]-style bar counts
-- are kept apart.
local mine, theirs = {}, {}
local my_bar, their_bar, my_off = 0, 0, 0
local ENTRY = NPOINTS + 1 -- the point number of the bar: a checker there enters on ENTRY - die

-- The search's current path: steps (from, to, hit), with to <= 0 for bearing off.
local path_from, path_to, path_hit, path_die = {}, {}, {}, {}
local depth = 0
-- The turns found: one per resulting position.
local found, found_keys, nfound = {}, {}, 0
-- Emptied in place rather than replaced: a new table per turn is garbage per ply.
local function forget_found()
  for k in pairs(found_keys) do found_keys[k] = nil end
end
local best_used = 0

local function highest()
  for k = NPOINTS, 1, -1 do
    if mine[k] > 0 then return k end
  end
  return 0
end

local function all_home()
  if my_bar > 0 then return false end
  for k = 7, NPOINTS do
    if mine[k] > 0 then return false end
  end
  return true
end

-- May the checker on point `from` (ENTRY: the bar) move `d` points?
local function legal(from, d)
  local to = from - d
  if to >= 1 then return theirs[to] < 2 end
  if not all_home() then return false end
  return to == 0 or highest() == from
end

-- Results are told apart by a 52-bit key kept up to date as checkers move: two Zobrist
-- keys of 26 bits (random numbers per point and count, xor-ed), so that a search never
-- builds a string. Two different results share a key with odds of 2^-52.
local bxor, band = bit.bxor, bit.band
local seed = 0x2545F491
local function random26()
  seed = band(bxor(seed, bit.lshift(seed, 13)), 0x7FFFFFFF)
  seed = bxor(seed, bit.rshift(seed, 17))
  seed = band(bxor(seed, bit.lshift(seed, 5)), 0x7FFFFFFF)
  return band(seed, 0x3FFFFFF)
end
local MAXC = TOTAL[0] + TOTAL[1]
local Z = {} -- Z[part][slot * (MAXC + 1) + count]: part 1 and 2 are the two keys
for part = 1, 2 do
  Z[part] = {}
  for i = 0, (2 * NPOINTS + 4) * (MAXC + 1) do Z[part][i] = random26() end
end
-- Slots: mine[k] is k, theirs[k] is NPOINTS + k, then my bar, their bar, my tray.
local MY_BAR, THEIR_BAR, MY_OFF = 2 * NPOINTS + 1, 2 * NPOINTS + 2, 2 * NPOINTS + 3
local Z1, Z2 = Z[1], Z[2]
local key1, key2 = 0, 0
local function change(slot, from, to)
  local a, b = slot * (MAXC + 1) + from, slot * (MAXC + 1) + to
  key1 = bxor(key1, Z1[a], Z1[b])
  key2 = bxor(key2, Z2[a], Z2[b])
end
local function add(slot, n)
  local i = slot * (MAXC + 1) + n
  key1, key2 = bxor(key1, Z1[i]), bxor(key2, Z2[i])
end
local function full_key()
  key1, key2 = 0, 0
  for k = 1, NPOINTS do add(k, mine[k]); add(NPOINTS + k, theirs[k]) end
  add(MY_BAR, my_bar); add(THEIR_BAR, their_bar); add(MY_OFF, my_off)
end
local function position_key() return key1 * 67108864 + key2 end

local HIT = game.event("hit")  -- the event simulate counts: a turn that hits
local function record()
  if depth < best_used then return end
  if depth > best_used then
    best_used, nfound = depth, 0
    forget_found()
  end
  local key = position_key()
  if found_keys[key] then return end
  found_keys[key] = true
  nfound = nfound + 1
  local t = found[nfound] or {}
  found[nfound] = t
  t.n, t.key, t.flags = depth, key, 0
  for i = 1, depth do
    t[4 * i - 3], t[4 * i - 2], t[4 * i - 1], t[4 * i] = path_from[i], path_to[i], path_hit[i], path_die[i]
    if path_hit[i] then t.flags = HIT end
  end
end

local function step(from, d)
  local to = from - d
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
  depth = depth + 1
  path_from[depth], path_to[depth], path_hit[depth], path_die[depth] = from, to, hit, d
end

local function unstep()
  local from, to, hit = path_from[depth], path_to[depth], path_hit[depth]
  depth = depth - 1
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

-- Plays the dice left (dice[i] for i in 1..n with used[i] false) in every order. With a
-- double, sources never rise (any set of moves of one die can be played from the highest
-- source down), which cuts the orders that give the same turn.
local dice, used, nd, double = {}, {}, 0, false
local function search(max_from)
  local moved = false
  for i = 1, nd do
    local d = dice[i]
    -- Each value once: the first unused die that shows it.
    local first = not used[i]
    for j = 1, i - 1 do first = first and (used[j] or dice[j] ~= d) end
    if first then
      used[i] = true
      if my_bar > 0 then
        if legal(ENTRY, d) then
          step(ENTRY, d); search(ENTRY); unstep()
          moved = true
        end
      else
        for from = double and math.min(max_from, NPOINTS) or NPOINTS, 1, -1 do
          if mine[from] > 0 and legal(from, d) then
            step(from, d); search(double and from or NPOINTS); unstep()
            moved = true
          end
        end
      end
      used[i] = false
    end
  end
  if not moved then record() end
end

local function load_position(me)
  local them = 1 - me
  for k = 1, NPOINTS do
    local c = cell_of[me][k]
    local h, who = height(c), owner(c)
    mine[k] = who == me and h or 0
    theirs[k] = who == them and h or 0
  end
  my_bar, their_bar = reserve(BAR, CODE[me]), reserve(BAR, CODE[them])
  my_off = reserve(OFF, CODE[me])
  full_key()
end

local function write(t, me)
  local to_cell, code = cell_of[me], CODE[me]
  moves.begin(t.flags)
  for i = 1, t.n do
    local from, to, hit = t[4 * i - 3], t[4 * i - 2], t[4 * i - 1]
    if hit then moves.to_reserve(to_cell[to], 1, BAR) end
    if from == ENTRY then
      moves.from_reserve(to_cell[to], BAR, code)
    elseif to <= 0 then
      moves.to_reserve(to_cell[from], 1, OFF)
    else
      moves.move(to_cell[from], to_cell[to], 1)
    end
  end
  moves.commit()
end

function generate()
  local me = side()
  load_position(me)
  nd = ndice()
  for i = 1, nd do dice[i], used[i] = die(i - 1), false end
  double = nd > 2
  depth, nfound, best_used = 0, 0, 0
  forget_found()
  search(ENTRY)
  if best_used == 0 then return end -- no die can be played: the runtime passes
  -- Only one die of two played: the larger one, if any turn plays it.
  local larger_only = false
  if best_used == 1 and not double then
    local big = math.max(dice[1], dice[2])
    for i = 1, nfound do larger_only = larger_only or found[i][4] == big end
    if larger_only then
      for i = 1, nfound do
        if found[i][4] == big then write(found[i], me) end
      end
      return
    end
  end
  for i = 1, nfound do write(found[i], me) end
end

-- For the agents: the race. How many pips each side still has to travel (a checker on the
-- bar counts 25), as a share of both: positive when `player` is ahead.
local function pips(p)
  local n = reserve(BAR, CODE[p]) * ENTRY
  for k = 1, NPOINTS do
    local c = cell_of[p][k]
    if owner(c) == p then n = n + k * height(c) end
  end
  return n
end
function evaluate(player)
  local mine, theirs = pips(player), pips(1 - player)
  if mine + theirs == 0 then return 0 end
  return 0.9 * (theirs - mine) / (mine + theirs)
end

-- The winner has borne off every checker: a gammon if the loser bore off none, a
-- backgammon if the loser also has a checker on the bar or in the winner's home board.
function result()
  for p = 0, game.nplayers - 1 do
    if reserve(OFF, CODE[p]) == TOTAL[p] then
      local q = 1 - p
      if reserve(OFF, CODE[q]) > 0 then return p, "single" end
      if reserve(BAR, CODE[q]) > 0 then return p, "backgammon" end
      for k = 1, 6 do
        if owner(cell_of[p][k]) == q then return p, "backgammon" end
      end
      return p, "gammon"
    end
  end
  return nil
end

-- gnubg style from the mover's side: a checker's steps joined (24/18, or 24/21*/18 when it
-- hits on the way), a hit marked * once, moves sorted from the highest point, repeats as
-- (n). The same text as gnubg's for 1,434 of the oracle's 1,439 results (tests/data/gnubg):
-- gnubg orders two moves from one point by the order the dice were given in, which a
-- sorted roll does not keep, so the other order is read too, and so are single steps.
function notation(mv)
  if #mv == 0 then return "pass" end
  local pt = point_of[side()]
  local steps, hit_at = {}, {}
  for _, a in ipairs(mv) do
    if a.op == "to_reserve" and a.b == BAR then
      hit_at[pt[a.a]] = true
    elseif a.op == "from_reserve" then
      steps[#steps + 1] = { ENTRY, pt[a.a] }
    elseif a.op == "to_reserve" then
      steps[#steps + 1] = { pt[a.a], 0 }
    elseif a.op == "move" then
      steps[#steps + 1] = { pt[a.a], pt[a.b] }
    end
  end
  local function name(k) return k == ENTRY and "bar" or k <= 0 and "off" or tostring(k) end
  -- Join steps into checkers' paths wherever one ends where another starts, in any order
  -- (whichever checker went on, the position is the same).
  local chains = {}
  for i, st in ipairs(steps) do chains[i] = { st[1], st[2] } end
  local again = true
  while again do
    again = false
    for i = 1, #chains do
      for j = 1, #chains do
        local a, b = chains[i], chains[j]
        if not again and i ~= j and a[#a] ~= 0 and b[1] == a[#a] then
          for k = 2, #b do a[#a + 1] = b[k] end
          table.remove(chains, j)
          again = true
        end
      end
    end
  end
  local function spell(to_first)
    table.sort(chains, function(x, y)
      if x[1] ~= y[1] then return x[1] > y[1] end
      if x[#x] ~= y[#y] then return (x[#x] > y[#y]) == to_first end
      return #x < #y
    end)
    local marked, texts = {}, {}
    for _, ch in ipairs(chains) do
      local parts = { name(ch[1]) }
      for i = 2, #ch do
        local hit = hit_at[ch[i]] and not marked[ch[i]]
        if hit then marked[ch[i]] = true end
        if i == #ch or hit then parts[#parts + 1] = name(ch[i]) .. (hit and "*" or "") end
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
  local singles, marked = {}, {}
  for i, st in ipairs(steps) do
    local hit = hit_at[st[2]] and not marked[st[2]]
    if hit then marked[st[2]] = true end
    singles[i] = name(st[1]) .. "/" .. name(st[2]) .. (hit and "*" or "")
  end
  local spellings = { spell(true) }
  for _, alt in ipairs({ spell(false), table.concat(singles, " ") }) do
    local known = false
    for _, t in ipairs(spellings) do known = known or t == alt end
    if not known then spellings[#spellings + 1] = alt end
  end
  return spellings
end
