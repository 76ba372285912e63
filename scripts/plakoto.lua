-- Plakoto (shared/rules/README.md section 7): backgammon where landing on a lone enemy
-- checker pins it under the lander.
--
-- A pinned checker is a stack: the pinned checker at the bottom of its point, the pinner's
-- checkers above it (a plain `move` onto a lone enemy checker makes one). Whole turns come
-- from dice_turns.race with capture = "pin" (scripts/lib/dice_turns.lua).
local OFF = game.reserve("off")
local NPOINTS = board.ncells
local height, owner, piece, side, reserve = state.height, state.owner, state.piece, state.side, state.reserve
local gowner = game.owner
local opt = game.options
local HOME = 6 -- points 1..HOME are the home board

-- cell_of[p][k]: player p's point k; point_of[p][cell]: the reverse.
local cell_of, point_of = dice_turns.track_points()
local CODE, TOTAL = {}, {}
for p = 0, game.nplayers - 1 do
  CODE[p] = game.piece("checker", p)
  TOTAL[p] = state.count(p) + reserve(OFF, CODE[p]) -- at load: the starting position
end

-- Whole turns from the race primitive with pins (dice_turns.race: the search runs in C++;
-- its Lua twin race.generate_lua is what it is tested against).
local race = dice_turns.race {
  checkers = { CODE[0], CODE[1] }, off = OFF, home = HOME, capture = "pin",
  bear_off_while_pinned = opt.bear_off_while_pinned,
  capture_flags = game.flags("pin"), -- the event simulate counts: a turn that pins
}

function generate()
  race.generate()
end

-- Is player p's mother (its last checker on its own 24-point) pinned there?
local function mother_pinned(p)
  local c = cell_of[p][NPOINTS]
  return height(c) > 1 and gowner(piece(c, 0)) == p and owner(c) ~= p
end

-- Does player p have a checker on its own 24-point (pinned or free)?
local function on_start(p)
  local c = cell_of[p][NPOINTS]
  return height(c) > 0 and (owner(c) == p or gowner(piece(c, 0)) == p)
end

function result()
  local pinned0, pinned1 = mother_pinned(0), mother_pinned(1)
  if pinned0 and pinned1 then return "draw", "mothers" end
  for p = 0, game.nplayers - 1 do
    local q = 1 - p
    if reserve(OFF, CODE[p]) == TOTAL[p] then
      return p, reserve(OFF, CODE[q]) > 0 and "single" or "gammon"
    end
    if opt.mother_rule and mother_pinned(q) and not on_start(p) then return p, "mother" end
  end
  return nil
end

-- For the agents: the race (pips still to travel, as a share of both), and a pinned
-- checker is worth a few pips more to the side holding it; a pinned mother much more.
local function pips(p)
  local n = 0
  for k = 1, NPOINTS do
    local c = cell_of[p][k]
    local h = height(c)
    if h > 0 then
      local bottom_mine = gowner(piece(c, 0)) == p
      if owner(c) == p then
        n = n + k * (bottom_mine and h or h - 1)
      elseif bottom_mine then -- pinned: still k to go, and stuck
        n = n + k + (k == NPOINTS and 40 or 12)
      end
    end
  end
  return n
end
function evaluate(player)
  local a, b = pips(player), pips(1 - player)
  if a + b == 0 then return 0 end
  return 0.9 * (b - a) / (a + b)
end

-- gnubg style (dice_turns.spell), points numbered for the viewer (the mover, but for a
-- person shown another side's move), `*` where the move leaves a lone enemy checker pinned.
function notation(move)
  if move.pass then return "pass" end
  local me_now = side()
  local pt = point_of[move.viewer]
  local steps, from, to, lone, pinned_at = {}, {}, {}, {}, {}
  for _, a in ipairs(move.actions) do
    local n = #steps + 1
    if a.op == "to_reserve" then
      from[n], to[n] = pt[a.a], 0
    elseif a.op == "move" then
      from[n], to[n] = pt[a.a], pt[a.b]
      lone[n] = height(a.b) == 1 and owner(a.b) ~= me_now
    end
    steps[n] = { from[n], to[n] }
  end
  dice_turns.pins_left(#steps, from, to, lone, pinned_at) -- the points where the turn left a pin
  return dice_turns.spell(steps, pinned_at, NPOINTS + 1)
end
