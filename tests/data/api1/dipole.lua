-- Dipole (shared/rules/README.md section 1): stacks move as many squares as checkers move.
--
-- The board's rays leave it at the edge (edges: off), so a ray that ends off the board is
-- a bear-off. Only dark squares hold stacks; an orthogonal move needs an even count, since
-- an odd one would land on a light square (bear-offs straight forward too). A side with
-- no checkers on the board loses (turn.lose_without_pieces, checked by the runtime).
local ndirs = board.ndirs
local band, rshift = bit.band, bit.rshift
local ray, OFF = board.ray, board.OFF
local height, owner, side = state.height, state.owner, state.side
local nmine, mine = state.nmine, state.mine
local stack, capture, off = moves.stack, moves.capture, moves.off
-- Flags: 1 (progress) and the event simulate counts.
local CAPTURE, BEAR_OFF = 1 + game.event("capture"), 1 + game.event("bear_off")
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

-- Where a stack may go, worked out once per (player, cell) so that generate walks one list
-- per stack instead of directions x lengths (bench_dipole: twice as fast). Lengths run
-- 1 .. RL - 1; from RL on every ray has left the board. For cell c, the on-board targets of
-- n = 1..m are entries first[c * RL + 1] .. first[c * RL + m + 1] - 1 of `entry`, each one
-- number: to * 256 + n * 2 + 1 if a basic move or merge may go there (forward), + 0 if only a
-- capture may (one table read instead of three). first_off[c + 1] is the smallest n that
-- bears off.
local RL = board.max_ray + 1
local reach = {}
for p = 0, game.nplayers - 1 do
  local first, entry, first_off = {}, {}, {}
  local j = 1
  for c = 0, board.ncells - 1 do
    first_off[c + 1] = RL
    for n = 1, RL do
      first[c * RL + n] = j
      for d = 0, ndirs - 1 do
        local to = n < RL and ray(c, d, n) or OFF
        local legal = not orthogonal[d] or n % 2 == 0 -- orthogonal moves need an even n
        local forward = forwardish[p][d] or false
        if legal and to >= 0 then
          entry[j] = to * 256 + n * 2 + (forward and 1 or 0)
          j = j + 1
        elseif legal and to == OFF and forward and n < first_off[c + 1] then
          first_off[c + 1] = n
        end
      end
    end
  end
  first[board.ncells * RL + 1] = j
  reach[p] = { first = first, entry = entry, first_off = first_off }
end

function generate()
  local me = side()
  local r = reach[me]
  local first, entry, first_off = r.first, r.entry, r.first_off
  for i = 0, nmine() - 1 do
    local from = mine(i)
    local h = height(from)
    local base = from * RL
    for j = first[base + 1], first[base + (h < RL and h or RL - 1) + 1] - 1 do
      local e = entry[j]
      local to, n = rshift(e, 8), band(rshift(e, 1), 127)
      local who = owner(to)
      if who == -1 or who == me then
        if band(e, 1) ~= 0 then stack(from, to, n) end -- a basic move, or a merge
      elseif height(to) <= n then
        capture(from, to, n, CAPTURE) -- the enemy stack leaves play
      end
    end
    -- One bear-off per (square, n), whatever edge it leaves by: every longer n leaves too,
    -- since the forward diagonals have no parity rule.
    for n = first_off[from + 1], h do off(from, n, OFF_SLOT, BEAR_OFF) end
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
