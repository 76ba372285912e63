-- Death Stacks: move generation (shared/rules/README.md section 4).
--
-- The board's rays already bounce off the walls (edges: reflect), so a move is a ray
-- lookup. Moves are identified by (from, to, k): when two directions reach the same
-- square with the same k, only one move is written.
local ncells, ndirs = board.ncells, board.ndirs
local ray = board.ray
local height, owner, side = state.height, state.owner, state.side
local stack = moves.stack
local max_height = game.options.max_height

local seen = {}   -- seen[target] == stamp: already written for this (from, k)
local stamp = 0

function generate()
  local me = side()
  -- The too-tall rule: with a stack taller than the limit, only such stacks may move,
  -- and they must leave at most the limit behind.
  local too_tall = false
  for c = 0, ncells - 1 do
    if owner(c) == me and height(c) > max_height then
      too_tall = true
      break
    end
  end
  for from = 0, ncells - 1 do
    if owner(from) == me then
      local h = height(from)
      local kmin = 1
      if too_tall then kmin = h > max_height and h - max_height or h + 1 end
      for k = kmin, h do
        stamp = stamp + 1
        for d = 0, ndirs - 1 do
          local to = ray(from, d, k)
          if to ~= from and seen[to] ~= stamp then
            seen[to] = stamp
            stack(from, to, k)
          end
        end
      end
    end
  end
end
