-- Dipole (shared/rules/README.md section 1): stacks move as many squares as checkers move.
--
-- The board's rays leave it at the edge (edges: off), so a ray that ends off the board is
-- a bear-off. Only dark squares hold stacks; an orthogonal move needs an even count, since
-- an odd one would land on a light square (bear-offs straight forward too). A side with
-- no checkers on the board loses (turn.lose_without_pieces, checked by the runtime).
local ndirs = board.ndirs
local ray, OFF = board.ray, board.OFF
local height, owner, side = state.height, state.owner, state.side
local nmine, mine = state.nmine, state.mine
local stack, capture, off = moves.stack, moves.capture, moves.off
local OFF_SLOT = game.reserve("off")

local MIRROR = { n = "s", s = "n", ne = "se", se = "ne", nw = "sw", sw = "nw", e = "e", w = "w" }
local ORTHOGONAL = { n = true, e = true, s = true, w = true }

-- forwardish[p][d]: d is forward or diagonally forward for player p; orthogonal[d].
local forwardish, orthogonal = {}, {}
for d = 0, ndirs - 1 do orthogonal[d] = ORTHOGONAL[board.dir_name(d)] or false end
for p = 0, game.nplayers - 1 do
  local south = board.dir_name(game.forward(p)) == "s"
  forwardish[p] = {}
  for _, name in ipairs({ "nw", "n", "ne" }) do
    forwardish[p][board.dir(south and MIRROR[name] or name)] = true
  end
end

function generate()
  local me = side()
  local fwd = forwardish[me]
  for i = 0, nmine() - 1 do
    local from = mine(i)
    local h = height(from)
    local first_off = h + 1 -- the smallest n that leaves the board forward
    for d = 0, ndirs - 1 do
      local step = orthogonal[d] and 2 or 1 -- orthogonal moves need an even n
      local forward = fwd[d]
      for n = step, h, step do
        local to = ray(from, d, n)
        if to < 0 then -- off the board, and so are all longer rays this way
          if forward and to == OFF and n < first_off then first_off = n end
          break
        end
        local who = owner(to)
        if who == -1 or who == me then
          if forward then stack(from, to, n) end -- a basic move, or a merge
        elseif height(to) <= n then
          capture(from, to, n, 1) -- the enemy stack leaves play
        end
      end
    end
    -- One bear-off per (square, n), whatever edge it leaves by. Every longer n leaves too:
    -- straight forward goes off with the diagonals, which have no parity rule.
    for n = first_off, h do off(from, n, OFF_SLOT, 1) end
  end
end

-- e1-g3/2, e1-g3 for the whole stack (when no other move goes from e1 to g3), b6-off/2.
function notation(mv)
  if #mv == 0 then return "pass" end
  local a = mv[#mv]
  local from = board.name(a.a)
  local to = a.op == "to_reserve" and "off" or board.name(a.b)
  local short = from .. "-" .. to
  local long = short .. "/" .. a.n
  if a.n == height(a.a) then return { short, long } end
  return { long, short }
end
