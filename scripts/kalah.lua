-- Kalah: sowing (the sowing library), the capture from an own empty pit, the extra move
-- (moves.again) and the end of the game, which sweeps the seeds left into their owners'
-- stores as part of the last move; result() compares the stores.
local SOUTH, NORTH = game.player("south"), game.player("north")
local STORE = { [SOUTH] = game.reserve("south_store"), [NORTH] = game.reserve("north_store") }
local SEED = game.piece("seed", SOUTH)
local ALWAYS = game.options.empty_capture == "always"
local PROGRESS = game.flags("progress")

-- Each side's pits in its sowing order, each pit's owner and the pit opposite; the cycle
-- counterclockwise from South's side: a1 .. f1, South's store, f2 .. a2, North's store.
local PITS = { [SOUTH] = {}, [NORTH] = {} }
local OWNER, OPPOSITE = {}, {}
for x = 0, 5 do
  local s, n = board.cell(string.char(97 + x) .. "1"), board.cell(string.char(102 - x) .. "2")
  PITS[SOUTH][x + 1], PITS[NORTH][x + 1] = s, n
end
for x = 1, 6 do
  local s, n = PITS[SOUTH][x], PITS[NORTH][7 - x]
  OWNER[s], OWNER[n] = SOUTH, NORTH
  OPPOSITE[s], OPPOSITE[n] = n, s
end
local CYCLE = {}
for _, c in ipairs(PITS[SOUTH]) do CYCLE[#CYCLE + 1] = c end
CYCLE[#CYCLE + 1] = sowing.store(STORE[SOUTH])
for _, c in ipairs(PITS[NORTH]) do CYCLE[#CYCLE + 1] = c end
CYCLE[#CYCLE + 1] = sowing.store(STORE[NORTH])
local SKIP = { [SOUTH] = { [sowing.store(STORE[NORTH])] = true }, [NORTH] = { [sowing.store(STORE[SOUTH])] = true } }

local height = state.height
local after, empty = {}, {} -- refilled for each move: a table per move would be garbage

function generate()
  local me = state.side()
  for _, pit in ipairs(PITS[me]) do
    if height(pit) > 0 then
      local sown = sowing.sow(pit, CYCLE, SKIP[me])
      local counts, last = sown.counts, sown.last
      -- What each pit holds after the sowing.
      for p = 0, 1 do
        for _, c in ipairs(PITS[p]) do after[c] = (c == pit and 0 or height(c)) + (counts[c] or 0) end
      end
      moves.begin(PROGRESS)
      sowing.write(pit, sown)
      local again = last == sowing.store(STORE[me])
      if last >= 0 and OWNER[last] == me and after[last] == 1 then
        local opposite = OPPOSITE[last]
        if after[opposite] > 0 or ALWAYS then
          moves.to_reserve(last, 1, STORE[me])
          after[last] = 0
          if after[opposite] > 0 then
            moves.to_reserve(opposite, after[opposite], STORE[me])
            after[opposite] = 0
          end
        end
      end
      -- A side whose pits are all empty ends the game: each side's seeds go to its store.
      empty[SOUTH], empty[NORTH] = true, true
      for p = 0, 1 do
        for _, c in ipairs(PITS[p]) do if after[c] > 0 then empty[p] = false end end
      end
      if empty[SOUTH] or empty[NORTH] then
        for p = 0, 1 do
          for _, c in ipairs(PITS[p]) do
            if after[c] > 0 then moves.to_reserve(c, after[c], STORE[p]) end
          end
        end
      elseif again then
        moves.again()
      end
      moves.commit()
    end
  end
end

-- Over when every pit is empty (the last move swept them).
function result()
  for p = 0, 1 do
    for _, c in ipairs(PITS[p]) do if height(c) > 0 then return nil end end
  end
  local south, north = state.reserve(STORE[SOUTH], SEED), state.reserve(STORE[NORTH], SEED)
  if south == north then return "draw", "seeds" end
  return south > north and SOUTH or NORTH, "seeds"
end

-- For the computer players: the stores' difference, over all the seeds.
local TOTAL = 0
for p = 0, 1 do for _, c in ipairs(PITS[p]) do TOTAL = TOTAL + height(c) end end
function evaluate(player)
  local mine, theirs = state.reserve(STORE[player], SEED), state.reserve(STORE[1 - player], SEED)
  return (mine - theirs) / TOTAL
end

-- The pit sown from: c1.
function notation(move)
  return board.name(move.actions[1].a)
end
