-- {{name}}: the rules in Lua (docs/lua-api.md lists what a script sees). generate() writes
-- every legal move of the side to move; for now a piece steps one cell forward onto an
-- empty cell. Add result(), notation(move) or evaluate(player) hooks as the game needs.
local ray, height, side = board.ray, state.height, state.side
local nmine, mine = state.nmine, state.mine

function generate()
  local ahead = game.forward(side())
  for i = 0, nmine() - 1 do
    local from = mine(i)
    local to = ray(from, ahead, 1)
    if to >= 0 and height(to) == 0 then moves.stack(from, to, 1) end
  end
end
