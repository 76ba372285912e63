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
