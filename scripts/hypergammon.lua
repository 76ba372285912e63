-- Hypergammon (shared/rules/README.md section 3), and through their setups standard
-- backgammon and nackgammon.
--
-- A legal move is a whole turn, built by dice_turns (scripts/lib/dice_turns.lua: the most
-- dice, the larger die, doubles, equal results merged) from the single-die steps this
-- script knows: generate() reads the position in the mover's numbering (point k is k steps
-- from bearing off) into Lua arrays the steps change and restore.
local BAR, OFF = game.reserve("bar"), game.reserve("off")
local NPOINTS = board.ncells
local height, owner, side, reserve = state.height, state.owner, state.side, state.reserve

-- cell_of[p][k]: player p's point k; point_of[p][cell]: the reverse.
local cell_of, point_of = dice_turns.track_points()
local CODE, TOTAL = {}, {}
for p = 0, game.nplayers - 1 do
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

-- Slots of the search's key (dice_turns.counts_key): mine[k] is k, theirs[k] is NPOINTS + k,
-- then my bar, their bar, my tray.
local MY_BAR, THEIR_BAR, MY_OFF = 2 * NPOINTS + 1, 2 * NPOINTS + 2, 2 * NPOINTS + 3
local key = dice_turns.counts_key(2 * NPOINTS + 4, TOTAL[0] + TOTAL[1])
local change = key.change
local function full_key()
  key.reset()
  for k = 1, NPOINTS do key.set(k, mine[k]); key.set(NPOINTS + k, theirs[k]) end
  key.set(MY_BAR, my_bar); key.set(THEIR_BAR, their_bar); key.set(MY_OFF, my_off)
end

local HIT = game.flags("hit")  -- the event simulate counts: a turn that hits

-- One step of the search: returns whether it hit, for undo, notation and the flags.
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

-- The legal steps of die d: entering while a checker is on the bar, else from every point
-- (in a double, none above max_from: see doubles_descend).
local function each_step(d, max_from, add)
  if my_bar > 0 then
    if legal(ENTRY, d) then add(ENTRY, ENTRY - d) end
    return
  end
  for from = math.min(max_from, NPOINTS), 1, -1 do
    if mine[from] > 0 and legal(from, d) then add(from, from - d) end
  end
end

local me -- the side to move, while generate runs
local turns = dice_turns.new {
  each_step = each_step,
  play = play,
  undo = undo,
  key = key.value,
  doubles_descend = true,
  -- A hit sends the blot to its owner's bar (to_reserve), entering takes a checker from
  -- the bar (from_reserve), bearing off puts it in the tray (to_reserve).
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

local function load_position(side_to_move)
  me = side_to_move
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

function generate()
  load_position(side())
  turns.generate()
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

-- gnubg style, points numbered for the viewer (the mover, but for a person shown another
-- side's move) by dice_turns.spell: the same text as gnubg's for 1,434
-- of the oracle's 1,439 results (tests/data/gnubg); gnubg orders two moves from one point
-- by the order the dice were given in, which a sorted roll does not keep, so the other
-- order is read too, and so are single steps.
function notation(move)
  if move.pass then return "pass" end
  local pt = point_of[move.viewer]
  local steps, hit_at = {}, {}
  for _, a in ipairs(move.actions) do
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
  return dice_turns.spell(steps, hit_at, ENTRY)
end
