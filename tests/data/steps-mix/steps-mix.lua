-- The steps-mix test game (steps-mix.yaml): each kind of piece's steps, as data for
-- steps.generate.
local function dirs(...)
  local list = {}
  for i, name in ipairs({ ... }) do list[i] = board.dir(name) end
  return list
end
local ALL = dirs("n", "ne", "e", "se", "s", "sw", "w", "nw")
local ORTHOGONAL = dirs("n", "e", "s", "w")
local LEAPS = dirs("nne", "ene", "ese", "sse", "ssw", "wsw", "wnw", "nnw")

local STEPS, ROOK, IS_PAWN = {}, {}, {}
for p = 0, game.nplayers - 1 do
  local ahead = board.dir_name(game.forward(p))
  STEPS[game.piece("king", p)] = { { dirs = ALL } }
  STEPS[game.piece("rook", p)] = { { dirs = ORTHOGONAL, range = 0 } }
  STEPS[game.piece("knight", p)] = { { dirs = LEAPS } }
  STEPS[game.piece("pawn", p)] = {
    { dirs = dirs(ahead), range = 2, onto = "empty" },
    { dirs = dirs(ahead .. "e", ahead .. "w"), onto = "enemy" },
  }
  STEPS[game.piece("scout", p)] = { { dirs = ALL, range = 2, onto = "empty" }, { dirs = ORTHOGONAL } }
  ROOK[p] = game.piece("rook", p)
  IS_PAWN[game.piece("pawn", p)] = true
end

local rules = {
  steps = function(code) return STEPS[code] end,
  -- A pawn becomes a rook on the cells from which it cannot go on ahead.
  promotion = function(code, cell)
    local p = game.owner(code)
    if IS_PAWN[code] and board.ray(cell, game.forward(p), 1) < 0 then return ROOK[p] end
  end,
  progress = function(code) return IS_PAWN[code] end,
  capture_flags = game.flags("capture"),
  promotion_flags = game.flags("promotion"),
}

function generate()
  steps.generate(rules)
end

notation = steps.notation
