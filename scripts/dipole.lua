-- Dipole (shared/rules/README.md section 1): stacks move as many squares as checkers move.
--
-- The moves are data for steps.generate: from a stack, the top n checkers go exactly n
-- squares (split steps), in each of the 8 directions in turn: forward or diagonally forward
-- onto anything (an empty square, an own stack to merge with, an enemy stack no taller than
-- n, captured) or off the board (edges: off, so such a ray leaves the board: a bear-off),
-- in the other directions onto an enemy stack only. Only dark squares hold stacks, so an
-- orthogonal move with an odd n, which would land on a light square, is none (a bear-off
-- straight forward with an odd n is also one diagonally forward). A side with no checkers
-- on the board loses (turn.lose_without_pieces, checked by the runtime).
local FORWARDISH = { n = { "nw", "n", "ne" }, s = { "sw", "s", "se" } }

local STEPS = {}
for p = 0, game.nplayers - 1 do
  local forwardish = {}
  for _, name in ipairs(FORWARDISH[board.dir_name(game.forward(p))]) do forwardish[board.dir(name)] = true end
  local list = {}
  for d = 0, board.ndirs - 1 do
    list[d + 1] = { dirs = { d }, split = true, onto = forwardish[d] and "any+off" or "enemy" }
  end
  STEPS[game.piece("checker", p)] = list
end
local rules = {
  steps = function(code) return STEPS[code] end,
  capture = "not_taller",
  off = game.reserve("off"),
  capture_flags = game.flags("capture"), -- the events simulate counts
  off_flags = game.flags("bear_off"),
}

generate = steps.generator(rules) -- the rules never change: checked once

-- e1-g3/2, e1-g3 for the whole stack (when no other move goes from e1 to g3), b6-off/2,
-- and b6-off for the whole stack only: every count that leaves the board from b6 is a move.
function notation(move)
  if move.pass then return "pass" end
  local short = board.name(move.from) .. "-" .. (move.off and "off" or board.name(move.to))
  local long = short .. "/" .. move.count
  if move.count == state.height(move.from) then return { short, long } end
  if move.off then return { long } end
  return { long, short }
end
