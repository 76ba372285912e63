-- Hypergammon (shared/rules/README.md section 3), and through their setups standard
-- backgammon and nackgammon.
--
-- A legal move is a whole turn, built by dice_turns.race (scripts/lib/dice_turns.lua: the
-- most dice, the larger die, doubles, equal results merged; hits, entering, bearing off).
local BAR, OFF = game.reserve("bar"), game.reserve("off")
local NPOINTS = board.ncells
local height, owner, reserve = state.height, state.owner, state.reserve

-- cell_of[p][k]: player p's point k; point_of[p][cell]: the reverse.
local cell_of, point_of = dice_turns.track_points()
local CODE, TOTAL = {}, {}
for p = 0, game.nplayers - 1 do
  CODE[p] = game.piece("checker", p)
  -- While loading, `state` shows the starting position: every checker is on the board.
  TOTAL[p] = state.count(p) + reserve(BAR, CODE[p]) + reserve(OFF, CODE[p])
end

local ENTRY = NPOINTS + 1 -- the point number of the bar, for notation and the pip count

-- Whole turns from the race primitive (dice_turns.race: the search runs in C++; its Lua
-- twin race.generate_lua is what it is tested against): a hit sends the blot to its
-- owner's bar, entering takes a checker from the bar, bearing off puts it in the tray.
local race = dice_turns.race {
  checkers = { CODE[0], CODE[1] }, bar = BAR, off = OFF, home = 6,
  capture_flags = game.flags("hit"), -- the event simulate counts: a turn that hits
}

function generate()
  race.generate()
end

-- For the agents: the race. How many pips each side still has to travel (a checker on the
-- bar counts 25), as a share of both: positive when `player` is ahead.
local function pips(p)
  local n = reserve(BAR, CODE[p]) * ENTRY
  for k = 1, NPOINTS do
    local c = cell_of[p][k]
    if owner(c) == p then n = n + k * height(c) end
  end
  return n
end
function evaluate(player)
  local mine, theirs = pips(player), pips(1 - player)
  if mine + theirs == 0 then return 0 end
  return 0.9 * (theirs - mine) / (mine + theirs)
end

-- The winner has borne off every checker: a gammon if the loser bore off none, a
-- backgammon if the loser also has a checker on the bar or in the winner's home board.
function result()
  for p = 0, game.nplayers - 1 do
    if reserve(OFF, CODE[p]) == TOTAL[p] then
      local q = 1 - p
      if reserve(OFF, CODE[q]) > 0 then return p, "single" end
      if reserve(BAR, CODE[q]) > 0 then return p, "backgammon" end
      for k = 1, 6 do
        if owner(cell_of[p][k]) == q then return p, "backgammon" end
      end
      return p, "gammon"
    end
  end
  return nil
end

-- gnubg style, points numbered for the viewer (the mover, but for a person shown another
-- side's move) by dice_turns.spell: the same text as gnubg's for 1,434
-- of the oracle's 1,439 results (tests/data/gnubg); gnubg orders two moves from one point
-- by the order the dice were given in, which a sorted roll does not keep, so the other
-- order is read too, and so are single steps.
function notation(move)
  if move.pass then return "pass" end
  local pt = point_of[move.viewer]
  local steps, hit_at = {}, {}
  for _, a in ipairs(move.actions) do
    if a.op == "to_reserve" and a.b == BAR then
      hit_at[pt[a.a]] = true
    elseif a.op == "from_reserve" then
      steps[#steps + 1] = { ENTRY, pt[a.a] }
    elseif a.op == "to_reserve" then
      steps[#steps + 1] = { pt[a.a], 0 }
    elseif a.op == "move" then
      steps[#steps + 1] = { pt[a.a], pt[a.b] }
    end
  end
  return dice_turns.spell(steps, hit_at, ENTRY)
end
