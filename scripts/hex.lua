-- Hex: a stone on any empty cell (the drop library) and the swap on Blue's first turn. The
-- result, joining a side's two edges, is declared (hex.yaml's results.connection.connect).
local HAND = game.reserve("hand")
local RED, BLUE = game.player("red"), game.player("blue")
local STONE = { [RED] = game.piece("stone", RED), [BLUE] = game.piece("stone", BLUE) }
local N = board.width
local SWAP = game.options.swap
local rules = { from = HAND, flags = game.flags("progress") }

-- Each side's two edges, as lists of cells (for the evaluation); and each cell's mirror
-- across the long diagonal.
local EDGES = { [RED] = { {}, {} }, [BLUE] = { {}, {} } }
local MIRROR = {}
local at = {}
for c = 0, board.ncells - 1 do at[board.x(c) * N + board.y(c)] = c end
for c = 0, board.ncells - 1 do
  local x, y = board.x(c), board.y(c)
  if y == 0 then table.insert(EDGES[RED][1], c) end
  if y == N - 1 then table.insert(EDGES[RED][2], c) end
  if x == 0 then table.insert(EDGES[BLUE][1], c) end
  if x == N - 1 then table.insert(EDGES[BLUE][2], c) end
  MIRROR[c] = at[y * N + x]
end

-- Blue's first turn: Red has its one stone down and Blue none (true from any position).
local function swap_turn()
  return SWAP and state.side() == BLUE and state.count(RED) == 1 and state.count(BLUE) == 0
end

function generate()
  drop.generate(rules)
  if swap_turn() then
    for c = 0, board.ncells - 1 do
      if state.owner(c) == RED then
        moves.begin(rules.flags)
        moves.to_reserve(c, 1, HAND)
        moves.from_reserve(MIRROR[c], HAND, STONE[BLUE])
        moves.commit()
      end
    end
  end
end

-- f6 for a stone; swap for the swap (its actions start by taking Red's stone back).
function notation(move)
  if move.actions[1].op == "to_reserve" then return "swap" end
  return drop.notation(move)
end

-- For the computer players: how many more stones each side needs to join its edges (a
-- shortest path where own stones cost nothing, empty cells one, enemy stones block), the
-- opponent's less the player's, over the board's size.
local NEAR = {}
for c = 0, board.ncells - 1 do
  NEAR[c] = {}
  for d = 0, board.ndirs - 1 do
    local t = board.ray(c, d, 1)
    if t >= 0 then NEAR[c][#NEAR[c] + 1] = t end
  end
end
local dist, queue = {}, {}
local owner = state.owner
local function stones_needed(p)
  local goal = {}
  for _, c in ipairs(EDGES[p][2]) do goal[c] = true end
  for c = 0, board.ncells - 1 do dist[c] = math.huge end
  -- 0-1 breadth-first search: a deque as a table with two ends.
  local head, tail = 0, -1
  local function push_front(c) head = head - 1; queue[head] = c end
  local function push_back(c) tail = tail + 1; queue[tail] = c end
  for _, c in ipairs(EDGES[p][1]) do
    local o = owner(c)
    if o == p then dist[c] = 0; push_front(c) elseif o < 0 then dist[c] = 1; push_back(c) end
  end
  while head <= tail do
    local c = queue[head]
    head = head + 1
    if goal[c] then return dist[c] end
    for _, t in ipairs(NEAR[c]) do
      local o = owner(t)
      if o == p and dist[c] < dist[t] then dist[t] = dist[c]; push_front(t)
      elseif o < 0 and dist[c] + 1 < dist[t] then dist[t] = dist[c] + 1; push_back(t) end
    end
  end
  return N * N
end

function evaluate(player)
  local other = 1 - player
  return (stones_needed(other) - stones_needed(player)) / (2 * N)
end
