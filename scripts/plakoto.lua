-- Plakoto (shared/rules/README.md section 7): backgammon where landing on a lone enemy
-- checker pins it under the lander.
--
-- A pinned checker is a stack: the pinned checker at the bottom of its point, the pinner's
-- checkers above it (a plain `move` onto a lone enemy checker makes one). Whole turns come
-- from dice_turns (scripts/lib/dice_turns.lua) and the single-die steps below, played on
-- Lua arrays in the mover's numbering (point k is k steps from bearing off).
local OFF = game.reserve("off")
local NPOINTS = board.ncells
local height, owner, piece, side, reserve = state.height, state.owner, state.piece, state.side, state.reserve
local gowner = game.owner
local opt = game.options
local HOME = 6 -- points 1..HOME are the home board

-- cell_of[p][k]: player p's point k; point_of[p][cell]: the reverse.
local cell_of, point_of = dice_turns.track_points()
local CODE, TOTAL = {}, {}
for p = 0, game.nplayers - 1 do
  CODE[p] = game.piece("checker", p)
  TOTAL[p] = state.count(p) + reserve(OFF, CODE[p]) -- at load: the starting position
end

-- The working position, from the mover's side: mine[k] and theirs[k] count the free
-- checkers on point k (the ones on top); pinned_mine[k] and pinned_theirs[k] are 1 where a
-- checker of that side is pinned. A point is either empty, or one side's checkers with at
-- most one enemy checker pinned under them.
local mine, theirs, pinned_mine, pinned_theirs = {}, {}, {}, {}
local my_off, my_pinned = 0, 0 -- borne off; pinned anywhere (fixed during a turn)

-- Slots of the search's key: mine[k] is k, theirs[k] is NPOINTS + k, pinned_theirs[k] is
-- 2 * NPOINTS + k, then the tray (pinned_mine does not change during a turn).
local MY_OFF = 3 * NPOINTS + 1
local key = dice_turns.counts_key(3 * NPOINTS + 2, TOTAL[0] + TOTAL[1])
local change = key.change

-- Every checker of mine home (pinned ones too), and may bearing off begin?
local function may_bear_off()
  if my_pinned > 0 and not opt.bear_off_while_pinned then return false end
  for k = HOME + 1, NPOINTS do
    if mine[k] > 0 or pinned_mine[k] > 0 then return false end
  end
  return true
end

-- The highest point I occupy, counting my pinned checkers.
local function highest()
  for k = NPOINTS, 1, -1 do
    if mine[k] > 0 or pinned_mine[k] > 0 then return k end
  end
  return 0
end

-- May a free checker of mine on `from` move `d` points? Closed: two or more enemy checkers,
-- or an enemy checker pinning one of mine.
local function legal(from, d)
  local to = from - d
  if to >= 1 then return theirs[to] == 0 or (theirs[to] == 1 and pinned_mine[to] == 0) end
  if not may_bear_off() then return false end
  return to == 0 or highest() == from
end

local function each_step(d, max_from, add)
  for from = math.min(max_from, NPOINTS), 1, -1 do
    if mine[from] > 0 and legal(from, d) then add(from, from - d) end
  end
end

-- One step; returns whether it pinned. Leaving a point frees the enemy checker my last one
-- there pinned; undo knows it did when an enemy checker is free where mine stood.
local function play(from, to)
  change(from, mine[from], mine[from] - 1); mine[from] = mine[from] - 1
  if mine[from] == 0 and pinned_theirs[from] == 1 then
    change(2 * NPOINTS + from, 1, 0); pinned_theirs[from] = 0
    change(NPOINTS + from, 0, 1); theirs[from] = 1
  end
  if to < 1 then
    change(MY_OFF, my_off, my_off + 1); my_off = my_off + 1
    return false
  end
  local pin = theirs[to] == 1
  if pin then
    change(NPOINTS + to, 1, 0); theirs[to] = 0
    change(2 * NPOINTS + to, 0, 1); pinned_theirs[to] = 1
  end
  change(to, mine[to], mine[to] + 1); mine[to] = mine[to] + 1
  return pin
end

local function undo(from, to, pin)
  if to < 1 then
    change(MY_OFF, my_off, my_off - 1); my_off = my_off - 1
  else
    change(to, mine[to], mine[to] - 1); mine[to] = mine[to] - 1
    if pin then
      change(2 * NPOINTS + to, 1, 0); pinned_theirs[to] = 0
      change(NPOINTS + to, 0, 1); theirs[to] = 1
    end
  end
  if mine[from] == 0 and theirs[from] == 1 then
    change(NPOINTS + from, 1, 0); theirs[from] = 0
    change(2 * NPOINTS + from, 0, 1); pinned_theirs[from] = 1
  end
  change(from, mine[from], mine[from] + 1); mine[from] = mine[from] + 1
end

local PIN = game.flags("pin") -- the event simulate counts: a turn that pins

-- Does a turn leave a checker pinned that was free before it? A step that pins marks its
-- point, but a later step may leave it again (15/13/12 over a lone checker on 13 pins
-- nothing): the pin stays when more of my checkers arrived there than left. For the event
-- and the notation's `*`, which then mark the points with a pin the turn made.
local net = {} -- net[point]: arrivals minus departures during one turn (scratch)
local function pins_left(n, from, to, marked, out)
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
local me -- the side to move, while generate runs
local turns = dice_turns.new {
  each_step = each_step,
  play = play,
  undo = undo,
  key = key.value,
  doubles_descend = true,
  write = function(t)
    local to_cell = cell_of[me]
    moves.begin(pins_left(t.n, t.from, t.to, t.mark) and PIN or 0)
    for i = 1, t.n do
      local from, to = t.from[i], t.to[i]
      if to < 1 then
        moves.to_reserve(to_cell[from], 1, OFF)
      else
        moves.move(to_cell[from], to_cell[to], 1)
      end
    end
    moves.commit()
  end,
}

local function load_position(p)
  me = p
  my_off, my_pinned = reserve(OFF, CODE[me]), 0
  key.reset()
  for k = 1, NPOINTS do
    local c = cell_of[me][k]
    local h = height(c)
    local top = h > 0 and owner(c) or -1
    local under = h > 1 and gowner(piece(c, 0)) ~= top and 1 or 0 -- a pinned checker
    mine[k] = top == me and h - under or 0
    theirs[k] = top == 1 - me and h - under or 0
    pinned_mine[k] = top == 1 - me and under or 0
    pinned_theirs[k] = top == me and under or 0
    my_pinned = my_pinned + pinned_mine[k]
    key.set(k, mine[k]); key.set(NPOINTS + k, theirs[k]); key.set(2 * NPOINTS + k, pinned_theirs[k])
  end
  key.set(MY_OFF, my_off)
end

function generate()
  load_position(side())
  turns.generate()
end

-- Is player p's mother (its last checker on its own 24-point) pinned there?
local function mother_pinned(p)
  local c = cell_of[p][NPOINTS]
  return height(c) > 1 and gowner(piece(c, 0)) == p and owner(c) ~= p
end

-- Does player p have a checker on its own 24-point (pinned or free)?
local function on_start(p)
  local c = cell_of[p][NPOINTS]
  return height(c) > 0 and (owner(c) == p or gowner(piece(c, 0)) == p)
end

function result()
  local pinned0, pinned1 = mother_pinned(0), mother_pinned(1)
  if pinned0 and pinned1 then return "draw", "mothers" end
  for p = 0, game.nplayers - 1 do
    local q = 1 - p
    if reserve(OFF, CODE[p]) == TOTAL[p] then
      return p, reserve(OFF, CODE[q]) > 0 and "single" or "gammon"
    end
    if opt.mother_rule and mother_pinned(q) and not on_start(p) then return p, "mother" end
  end
  return nil
end

-- For the agents: the race (pips still to travel, as a share of both), and a pinned
-- checker is worth a few pips more to the side holding it; a pinned mother much more.
local function pips(p)
  local n = 0
  for k = 1, NPOINTS do
    local c = cell_of[p][k]
    local h = height(c)
    if h > 0 then
      local bottom_mine = gowner(piece(c, 0)) == p
      if owner(c) == p then
        n = n + k * (bottom_mine and h or h - 1)
      elseif bottom_mine then -- pinned: still k to go, and stuck
        n = n + k + (k == NPOINTS and 40 or 12)
      end
    end
  end
  return n
end
function evaluate(player)
  local a, b = pips(player), pips(1 - player)
  if a + b == 0 then return 0 end
  return 0.9 * (b - a) / (a + b)
end

-- gnubg style (dice_turns.spell), points numbered for the viewer (the mover, but for a
-- person shown another side's move), `*` where the move leaves a lone enemy checker pinned.
function notation(move)
  if move.pass then return "pass" end
  local me_now = side()
  local pt = point_of[move.viewer]
  local steps, from, to, lone, pinned_at = {}, {}, {}, {}, {}
  for _, a in ipairs(move.actions) do
    local n = #steps + 1
    if a.op == "to_reserve" then
      from[n], to[n] = pt[a.a], 0
    elseif a.op == "move" then
      from[n], to[n] = pt[a.a], pt[a.b]
      lone[n] = height(a.b) == 1 and owner(a.b) ~= me_now
    end
    steps[n] = { from[n], to[n] }
  end
  pins_left(#steps, from, to, lone, pinned_at)
  return dice_turns.spell(steps, pinned_at, NPOINTS + 1)
end
