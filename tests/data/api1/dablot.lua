-- Dablot Prejjesne (shared/rules/README.md section 5) on its 72-point lattice
-- (definitions/dablot.yaml declares the points and lines; rays follow the lines).
--
-- Every piece steps along any line and jumps along one, in chains, through the shared
-- chains helper (scripts/lib/chains.lua): what Dablot adds is rank (a piece jumps only
-- pieces of equal or lower rank) and its options.
local opt = game.options
local rank = game.rank
local all = {}
for d = 0, board.ndirs - 1 do all[#all + 1] = d end

local rules = {
  slide_dirs = function(code) return all end,
  jump_dirs = function(code) return all end,
  -- King > Prince > Soldier; a higher piece blocks a lower one (the jump is not there).
  can_capture = function(mover, victim) return rank(mover) >= rank(victim) end,
  compulsory = opt.captures == "compulsory",
  may_stop = opt.may_stop,
  -- Only captures reset the no-progress count (60 moves each without one draw).
  capture_flags = game.event("capture"),
}

function generate()
  chains.generate(rules)
end

notation = chains.notation

-- Only the two kings left, one each: a draw the engine declares (option kings_draw).
if opt.kings_draw then
  local count, height, top = state.count, state.height, state.top
  local is_king = {}
  for p = 0, game.nplayers - 1 do is_king[game.piece("king", p)] = true end
  function result()
    if count(0) ~= 1 or count(1) ~= 1 then return nil end
    local kings = 0
    for c = 0, board.ncells - 1 do
      if height(c) > 0 and is_king[top(c)] then kings = kings + 1 end
    end
    if kings == 2 then return "draw", "two-kings" end
    return nil
  end
end
