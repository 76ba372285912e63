-- Breakthrough: move generation and the race to the far rank (docs/tutorial.md builds it).
local ray, height, owner, side = board.ray, state.height, state.owner, state.side
local nmine, mine = state.nmine, state.mine
local CAPTURE = 1 + game.event("capture") -- progress (1) and the event simulate counts

-- Each player's three forward directions: straight ahead, then the two diagonals.
local forward = {}
for p = 0, game.nplayers - 1 do
  local ahead = board.dir_name(game.forward(p)) -- "n" or "s"
  forward[p] = { board.dir(ahead), board.dir(ahead .. "e"), board.dir(ahead .. "w") }
end

function generate()
  local me = side()
  local dirs = forward[me]
  for i = 0, nmine() - 1 do
    local from = mine(i)
    -- Straight ahead: only onto an empty square.
    local to = ray(from, dirs[1], 1)
    if to >= 0 and height(to) == 0 then moves.stack(from, to, 1) end
    -- Diagonally ahead: onto an empty square, or onto an enemy pawn to capture it.
    for k = 2, 3 do
      to = ray(from, dirs[k], 1)
      if to >= 0 then
        local who = owner(to)
        if who == -1 then
          moves.stack(from, to, 1)
        elseif who ~= me then
          moves.capture(from, to, 1, CAPTURE)
        end
      end
    end
  end
end

-- The far rank of each player: the cells from which it cannot step straight ahead.
local far_rank = {}
for p = 0, game.nplayers - 1 do
  far_rank[p] = {}
  for c = 0, board.ncells - 1 do
    if ray(c, forward[p][1], 1) < 0 then table.insert(far_rank[p], c) end
  end
end

-- Called after every move: the player who just moved wins with a pawn on its far rank.
function result()
  local mover = 1 - side()
  for _, c in ipairs(far_rank[mover]) do
    if owner(c) == mover then return game.player_name(mover), "breakthrough" end
  end
  return nil
end

-- b2-b3 for a step, b5xc6 for a capture (moves.capture writes the removal first).
function notation(mv)
  local step = mv[#mv]
  return board.name(step.a) .. (#mv > 1 and "x" or "-") .. board.name(step.b)
end
