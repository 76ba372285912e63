-- {{name}}: the rules in Lua (docs/lua-api.md lists what a script sees). dice_turns builds
-- the whole turns (the most dice, the larger die, doubles, equal results merged) from the
-- single-die steps this script knows, played on Lua arrays in the mover's numbering:
-- point k is k steps from bearing off.
local OFF = game.reserve("off")
local N = board.ncells
local HOME = math.floor(N / 4) -- points 1..HOME are the home board
local height, owner, side, reserve = state.height, state.owner, state.side, state.reserve

-- cell_of[p][k]: player p's point k; point_of[p][cell]: the reverse.
local cell_of, point_of = dice_turns.track_points()
local CODE, TOTAL = {}, {}
for p = 0, 1 do
  CODE[p] = game.piece("checker", p)
  TOTAL[p] = state.count(p) -- at load, every checker is on the board
end

-- The working position: mine[k] and theirs[k] count checkers on the mover's point k.
local mine, theirs, my_off = {}, {}, 0
local key = dice_turns.counts_key(2 * N + 2, TOTAL[0] + TOTAL[1]) -- slots: k, N + k, tray

local function all_home()
  for k = HOME + 1, N do
    if mine[k] > 0 then return false end
  end
  return true
end
local function highest()
  for k = N, 1, -1 do
    if mine[k] > 0 then return k end
  end
  return 0
end

local turns = dice_turns.new {
  -- Every legal step of die d: onto an empty or own point, or off from home.
  each_step = function(d, max_from, add)
    for from = math.min(max_from, N), 1, -1 do
      local to = from - d
      if mine[from] > 0 then
        if to >= 1 then
          if theirs[to] == 0 then add(from, to) end
        elseif all_home() and (to == 0 or highest() == from) then
          add(from, 0)
        end
      end
    end
  end,
  play = function(from, to)
    key.change(from, mine[from], mine[from] - 1); mine[from] = mine[from] - 1
    if to >= 1 then
      key.change(to, mine[to], mine[to] + 1); mine[to] = mine[to] + 1
    else
      key.change(2 * N + 1, my_off, my_off + 1); my_off = my_off + 1
    end
  end,
  undo = function(from, to)
    if to >= 1 then
      key.change(to, mine[to], mine[to] - 1); mine[to] = mine[to] - 1
    else
      key.change(2 * N + 1, my_off, my_off - 1); my_off = my_off - 1
    end
    key.change(from, mine[from], mine[from] + 1); mine[from] = mine[from] + 1
  end,
  key = key.value,
  doubles_descend = true, -- a step never opens a higher point
  write = function(turn)
    local to_cell = cell_of[side()]
    moves.begin()
    for i = 1, turn.n do
      local from, to = to_cell[turn.from[i]], turn.to[i]
      if to >= 1 then moves.move(from, to_cell[to], 1) else moves.to_reserve(from, 1, OFF) end
    end
    moves.commit()
  end,
}

function generate()
  local me = side()
  key.reset()
  for k = 1, N do
    local c = cell_of[me][k]
    mine[k] = owner(c) == me and height(c) or 0
    theirs[k] = owner(c) == 1 - me and height(c) or 0
    key.set(k, mine[k]); key.set(N + k, theirs[k])
  end
  my_off = reserve(OFF, CODE[me])
  key.set(2 * N + 1, my_off)
  turns.generate()
end

function result()
  for p = 0, 1 do
    if reserve(OFF, CODE[p]) == TOTAL[p] then return p end
  end
  return nil
end

function notation(move)
  if move.pass then return "pass" end
  local pt, steps = point_of[move.viewer], {}  -- numbered for whoever reads it
  for _, a in ipairs(move.actions) do
    steps[#steps + 1] = { pt[a.a], a.op == "move" and pt[a.b] or 0 }
  end
  return dice_turns.spell(steps, {}, N + 1)
end
