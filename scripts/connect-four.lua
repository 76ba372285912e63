-- Connect Four: a disc falls down its column (the drop library); a line of `connect` discs
-- (state.longest_line) wins, a full board is a draw.
local HAND = game.reserve("hand")
local CONNECT = game.options.connect
local rules = { from = HAND, fall = board.dir("s"), flags = game.flags("progress") }

function generate()
  drop.generate(rules)
end

function result()
  for p = 0, game.nplayers - 1 do
    if state.longest_line(p) >= CONNECT then return p, "line" end
  end
  if state.count(0) + state.count(1) == board.ncells then return "draw", "full" end
  return nil
end

-- Each cell's column letters: its name up to the first digit.
local COLUMN = {}
for c = 0, board.ncells - 1 do
  local name, n = board.name(c), 1
  while string.byte(name, n + 1) > 57 do n = n + 1 end -- letters sort after the digits
  COLUMN[name] = string.sub(name, 1, n)
end

-- d1, the cell the disc lands on; the column letter (d) names the same move.
function notation(move)
  local cell = drop.notation(move)
  return { cell, COLUMN[cell] }
end

-- For the computer players: every window of `connect` cells in a row that holds discs of
-- one side only is worth the square of their number to that side.
local WINDOWS = {}
do
  local axes = { board.dir("e"), board.dir("n"), board.dir("ne"), board.dir("se") }
  for c = 0, board.ncells - 1 do
    for _, d in ipairs(axes) do
      local cells = { c }
      for k = 1, CONNECT - 1 do
        local t = board.ray(c, d, k)
        if t < 0 then cells = nil break end
        cells[k + 1] = t
      end
      if cells then WINDOWS[#WINDOWS + 1] = cells end
    end
  end
end
local owner = state.owner

function evaluate(player)
  local mine, theirs = 0, 0
  for w = 1, #WINDOWS do
    local cells, m, t = WINDOWS[w], 0, 0
    for i = 1, CONNECT do
      local o = owner(cells[i])
      if o == player then m = m + 1 elseif o >= 0 then t = t + 1 end
    end
    if t == 0 then mine = mine + m * m elseif m == 0 then theirs = theirs + t * t end
  end
  return (mine - theirs) / (mine + theirs + 20)
end
