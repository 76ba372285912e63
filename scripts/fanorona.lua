-- Fanorona: capture chains of steps (the step_chains library) with approach and withdrawal
-- captures; the opening rule reads state.ply(), which a position text carries.
local OPENING = game.options.opening
local CAPTURE = game.flags("capture")
-- Approach: the enemy line just beyond the landing point; withdrawal: the one just behind the start.
local captures = { { label = "A", line = "ahead" }, { label = "W", line = "behind" } }
-- The rules never change: generators, checked once.
local chains = step_chains.generator({ captures = captures, capture_flags = CAPTURE })
local first_turn = step_chains.generator({ captures = captures, capture_flags = CAPTURE, chain = false })

function generate()
  -- The very first turn of the game (ply 0 is White's, ply 1 Black's) may be one capturing step only.
  local ply = state.ply()
  if (OPENING == "white" and ply == 0) or (OPENING == "both" and ply <= 1) then
    first_turn()
  else
    chains()
  end
end

notation = step_chains.notation_for(captures)
