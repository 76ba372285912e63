-- Nim race: the token steps one or two cells west; whoever puts it on a1 wins.
local W = board.dir("w")
local END = board.cell("a1")

local function token()
  for c = 0, board.ncells - 1 do
    if state.height(c) > 0 then return c end
  end
end

function generate()
  local from = token()
  for k = 1, 2 do
    local to = board.ray(from, W, k)
    if to >= 0 then moves.stack(from, to, 1) end
  end
end

-- After a move the turn has passed on: the player who moved is the other one.
function result()
  if state.height(END) > 0 then return game.player_name(1 - state.side()), "end" end
  return nil
end
