-- Death Stacks: move generation (shared/rules/README.md section 4).
--
-- The board's rays bounce off the walls (edges: reflect). A move is identified by
-- (from, to, k): two directions that reach the same square with the same k are one move,
-- so the generator writes a move per distinct ray target (moves.stack_targets) rather than
-- per direction.
local height, side = state.height, state.side
local nmine, mine = state.nmine, state.mine
local stack_targets = moves.stack_targets
local max_height = game.options.max_height

function generate()
  local n = nmine() -- the stacks the side to move owns
  -- The too-tall rule: with a stack taller than the limit, only such stacks may move, and
  -- they must leave at most the limit behind (moving the whole stack is fine).
  local too_tall = false
  for i = 0, n - 1 do
    if height(mine(i)) > max_height then too_tall = true end
  end
  for i = 0, n - 1 do
    local from = mine(i)
    local h = height(from)
    local kmin = 1
    if too_tall then kmin = h > max_height and h - max_height or h + 1 end
    stack_targets(from, kmin, h)
  end
end
