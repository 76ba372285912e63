-- The script of likely-wrong.yaml: a helper it never calls.
function generate()
  for i = 0, state.nmine() - 1 do
    local from = state.mine(i)
    local to = board.ray(from, board.dir(state.side() == 0 and "ne" or "sw"), 1)
    if to >= 0 and state.height(to) == 0 then moves.stack(from, to, 1) end
  end
end

function score_of(player)
  return 0
end
