-- Three-way race: each runner steps forward or diagonally forward, sending back an enemy
-- runner it lands on; the first on its far edge wins.
local ray, height, owner, side = board.ray, state.height, state.owner, state.side
local nmine, mine = state.nmine, state.mine

-- Each player's forward direction and the two diagonals beside it.
local steps = {}
for p = 0, game.nplayers - 1 do
  local ahead = board.dir_name(game.forward(p))
  local sides = (ahead == "n" or ahead == "s") and { "e", "w" } or { "n", "s" }
  steps[p] = { board.dir(ahead), board.dir(ahead == "e" and sides[1] .. "e" or ahead .. sides[1]),
               board.dir(ahead == "e" and sides[2] .. "e" or ahead .. sides[2]) }
end

-- Where each runner starts (the script loads with the start position in `state`).
local start = {}
for c = 0, board.ncells - 1 do
  if owner(c) >= 0 then start[owner(c)] = c end
end

function generate()
  local me = side()
  local dirs = steps[me]
  for i = 0, nmine() - 1 do
    local from = mine(i)
    for k = 1, 3 do
      local to = ray(from, dirs[k], 1)
      if to >= 0 then
        local victim = owner(to)
        if victim < 0 then
          moves.stack(from, to, 1)
        elseif victim ~= me and height(start[victim]) == 0 then
          moves.begin()
          moves.move(to, start[victim], 1) -- sent back to its start
          moves.move(from, to, 1)
          moves.commit()
        end
      end
    end
  end
end

-- A runner that can go no further forward has reached its far edge.
function result()
  for c = 0, board.ncells - 1 do
    local p = owner(c)
    if p >= 0 and ray(c, steps[p][1], 1) < 0 then return game.player_name(p), "edge" end
  end
  return nil
end
