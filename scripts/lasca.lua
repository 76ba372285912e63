-- Lasca (shared/rules/README.md section 6): column draughts through the shared chains
-- helper (scripts/lib/chains.lua), which moves whole columns by their top piece and, with
-- capture = "take_top", puts each jumped column's top piece under the jumping column.
local forward = {}  -- a soldier's two diagonals, per player
local diagonals = { board.dir("ne"), board.dir("nw"), board.dir("se"), board.dir("sw") }
for p = 0, game.nplayers - 1 do
  local f = board.dir_name(game.forward(p))
  forward[p] = { board.dir(f .. "e"), board.dir(f .. "w") }
end

local soldier, officer, dirs = {}, {}, {}
for p = 0, game.nplayers - 1 do
  soldier[game.piece("soldier", p)] = game.piece("officer", p)
  dirs[game.piece("soldier", p)] = forward[p]
  dirs[game.piece("officer", p)] = diagonals
end

local ray, owner_of = board.ray, game.owner
local rules = {
  slide_dirs = function(code) return dirs[code] end,
  jump_dirs = function(code) return dirs[code] end,
  -- A soldier commanding a column that ends on the far rank (nothing further forward)
  -- becomes an officer; that ends the move.
  promotion = function(code, cell)
    local officer_code = soldier[code]
    if officer_code and ray(cell, game.forward(owner_of(code)), 1) < 0 then return officer_code end
    return nil
  end,
  capture = "take_top",
  capture_flags = game.flags("capture"),
  promotion_flags = game.flags("promotion"),
}

function generate()
  chains.generate(rules)
end

notation = chains.notation

-- For the agents: what each side commands. A column is worth its own pieces to its
-- commander (an officer more), and its prisoners are held out of the other side's play.
local height, piece, top, rank = state.height, state.piece, state.top, game.rank
function evaluate(player)
  local mine, theirs = 0, 0
  for c = 0, board.ncells - 1 do
    local h = height(c)
    if h > 0 then
      local boss = owner_of(top(c))
      local value = rank(top(c))
      for l = 0, h - 2 do
        local p = piece(c, l)
        value = value + (owner_of(p) == boss and rank(p) or 0.5 * rank(p))
      end
      if boss == player then mine = mine + value else theirs = theirs + value end
    end
  end
  if mine + theirs == 0 then return 0 end
  return (mine - theirs) / (mine + theirs)
end
