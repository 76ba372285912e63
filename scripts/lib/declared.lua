-- declared.lua: the moves a definition declares (`moves:` in docs/definitions.md), made by
-- one of the library's building blocks with the definition's data and no script: returns
-- the generate and notation hooks. `spec` is the definition's declaration with its names
-- already numbers (interpreter/script/declared_moves.cpp).
return function(api, spec)
  local board = api.board
  if spec.block == "drop" then
    local rules = { from = spec.from, fall = spec.fall, kind = spec.kind, flags = spec.flags }
    local function generate() api.drop.generate(rules) end
    if not spec.fall then return generate, api.drop.notation end
    -- A falling piece's column names its move too (`d` for `d1`): a cell's name up to its
    -- first digit.
    local column = {}
    for c = 0, board.ncells - 1 do
      local name, n = board.name(c), 1
      while string.byte(name, n + 1) > 57 do n = n + 1 end -- letters sort after the digits
      column[name] = string.sub(name, 1, n)
    end
    return generate, function(move)
      local cell = api.drop.notation(move)
      return { cell, column[cell] }
    end
  end
  -- steps: a code's steps as the definition lists them; none for a code it leaves out.
  local none = {}
  local rules = {
    steps = function(code) return spec.steps[code] or none end,
    capture = spec.capture, off = spec.off,
    capture_flags = spec.capture_flags, off_flags = spec.off_flags,
  }
  return api.steps.generator(rules), api.steps.notation
end
