-- {{name}}: the rules in Lua (docs/lua-api.md lists what a script sees). generate() writes
-- every legal move of the side to move: for now a stone from the hand on any empty cell
-- (the drop library). The win is declared ({{name}}.yaml's results: `connect`); a result()
-- hook may add others. Add notation(move) or evaluate(player) hooks as the game needs.
local rules = { from = game.reserve("hand"), flags = game.flags("progress") }

function generate()
  drop.generate(rules)
end

notation = drop.notation -- the cell a stone goes on: b2
