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

local ALL = {} -- the twelve pits, South's then North's: one flat loop is cheaper than two
for p = 0, 1 do for _, c in ipairs(PITS[p]) do ALL[#ALL + 1] = c end end

local height, received, store_of = state.height, sowing.received, sowing.store
local after = {} -- refilled for each move: a table per move would be garbage

function generate()
  local me = state.side()
  local mine, skip, my_store = PITS[me], SKIP[me], STORE[me]
  for k = 1, 6 do
    local pit = mine[k]
    if height(pit) > 0 then
      moves.begin(PROGRESS)
      local last = sowing.sow_move(pit, CYCLE, skip)
      -- What each pit holds after the sowing.
      for j = 1, 12 do
        local c = ALL[j]
        after[c] = (c == pit and 0 or height(c)) + received(c)
      end
      if last >= 0 and OWNER[last] == me and after[last] == 1 then
        local opposite = OPPOSITE[last]
        if after[opposite] > 0 or ALWAYS then
          moves.to_reserve(last, 1, my_store)
          after[last] = 0
          if after[opposite] > 0 then
            moves.to_reserve(opposite, after[opposite], my_store)
            after[opposite] = 0
          end
        end
      end
      -- A side whose pits are all empty ends the game: each side's seeds go to its store.
      local south, north = 0, 0
      for j = 1, 6 do south = south + after[ALL[j]] end
      for j = 7, 12 do north = north + after[ALL[j]] end
      if south == 0 or north == 0 then
        for j = 1, 12 do
          local c = ALL[j]
          if after[c] > 0 then moves.to_reserve(c, after[c], STORE[OWNER[c]]) end
        end
      end
      -- The last seed in the mover's own store: the mover moves again, even when the move
      -- ends the game (the finished position then names the mover, as the rules do).
      if last == store_of(my_store) then moves.again() end
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
