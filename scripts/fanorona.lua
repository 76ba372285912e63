-- Fanorona: capture chains of steps (the step_chains library) with approach and withdrawal
-- captures; the opening rule reads state.ply(), which a position text carries.
local OPENING = game.options.opening
local CAPTURE = game.flags("capture")
-- Approach: the enemy line just beyond the landing point; withdrawal: the one just behind the start.
local captures = { { label = "A", line = "ahead" }, { label = "W", line = "behind" } }
-- The rules never change: generators, checked once.
local chains = step_chains.generator({ captures = captures, capture_flags = CAPTURE })
local first_turn = step_chains.generator({ captures = captures, capture_flags = CAPTURE, chain = false })

local WHITE = game.player("white")

function generate()
  -- A side's very first turn of the game may be one capturing step only: White's is ply 0
  -- with White to move (a position typed with Black to move at ply 0 is no first turn of
  -- White's), and with `both`, whoever moves at ply 0 or 1.
  local ply = state.ply()
  if (OPENING == "white" and ply == 0 and state.side() == WHITE) or (OPENING == "both" and ply <= 1) then
    first_turn()
  else
    chains()
  end
end

notation = step_chains.notation_for(captures)
