-- The script of computed-names.yaml: kinds by number, options by a loop.
local settings = {}
for name, value in pairs(game.options) do settings[name] = value end
local crowned = {}
for p = 0, game.nplayers - 1 do crowned[game.piece(0, p)] = game.piece(1, p) end

function generate()
  local me = state.side()
  for i = 0, state.nmine() - 1 do
    local from = state.mine(i)
    local to = board.ray(from, game.forward(me), 1)
    if to >= 0 and state.height(to) == 0 then
      if settings.crowning and board.ray(to, game.forward(me), 1) < 0 then
        moves.begin(0)
        moves.move(from, to, 1)
        moves.set_top(to, crowned[state.top(from)])
        moves.commit()
      else
        moves.stack(from, to, 1)
      end
    end
  end
end
