-- {{name}}: the rules in Lua (docs/lua-api.md lists what a script sees). generate() writes
-- every legal move of the side to move: for now a stone from the hand on any empty cell
-- (the drop library). result() says who has joined its two edges (state.connected). Add
-- notation(move) or evaluate(player) hooks as the game needs.
local rules = { from = game.reserve("hand"), flags = game.flags("progress") }

-- Each player's two edges: white the bottom and top ranks, black the left and right files.
local EDGES = { [0] = { {}, {} }, [1] = { {}, {} } }
for c = 0, board.ncells - 1 do
  local x, y = board.x(c), board.y(c)
  if y == 0 then table.insert(EDGES[0][1], c) end
  if y == board.height - 1 then table.insert(EDGES[0][2], c) end
  if x == 0 then table.insert(EDGES[1][1], c) end
  if x == board.width - 1 then table.insert(EDGES[1][2], c) end
end

function generate()
  drop.generate(rules)
end

function result()
  for p = 0, game.nplayers - 1 do
    if state.connected(p, EDGES[p][1], EDGES[p][2]) then return p, "connection" end
  end
  return nil
end

notation = drop.notation -- the cell a stone goes on: b2
