-- Breakthrough: move generation (docs/tutorial.md builds it). The race to the far rank is
-- the definition's `reach` result, which the runtime checks.
local CAPTURE = game.flags("capture") -- the event simulate counts; captures are progress too

-- Each player's pawn: one step straight ahead onto an empty square, or one step diagonally
-- ahead onto an empty square or an enemy pawn, which it captures.
local PAWN = {}
for p = 0, game.nplayers - 1 do
  local ahead = board.dir_name(game.forward(p)) -- "n" or "s"
  PAWN[game.piece("pawn", p)] = {
    { dirs = { board.dir(ahead) }, onto = "empty" },
    { dirs = { board.dir(ahead .. "e"), board.dir(ahead .. "w") } },
  }
end
local rules = { steps = function(code) return PAWN[code] end, capture_flags = CAPTURE }

function generate()
  steps.generate(rules)
end

-- b2-b3 for a step, b5xc6 for a capture.
notation = steps.notation
