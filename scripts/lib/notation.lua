-- notation.lua: the default move notation, for games whose script has no `notation` hook.
--
-- A move of one stack reads `c1-c3/2` (2 pieces from c1 to c3). Every move from c1 to c3
-- also answers to `c1-c3`: first for the whole stack, last for part of it. The runtime
-- prints the first spelling no other legal move shares, so the count is left out exactly
-- when the whole stack moves and no other move goes from c1 to c3; typing `c1-c3` works
-- whenever it names one move. Bearing off reads `b6-off/2`, and `b6-off` is the whole stack
-- only: several counts may leave the board from one cell, and the short form names the one
-- a player means without a count. Other moves list their actions.
return function(move, api)
  local name, height = api.board.name, api.state.height
  if move.pass then return { "pass" } end
  local actions = move.actions
  if #actions == 1 and move.from and (move.to or move.off) then
    local short = name(move.from) .. "-" .. (move.to and name(move.to) or "off")
    local long = short .. "/" .. move.count
    if move.count == height(move.from) then return { short, long } end
    if move.off then return { long } end
    return { long, short }
  end
  local parts = {}
  for i, a in ipairs(actions) do
    if a.op == "move" then parts[i] = name(a.a) .. "-" .. name(a.b) .. "/" .. a.n
    elseif a.op == "remove" then parts[i] = "x" .. name(a.a)
    elseif a.op == "to_reserve" then parts[i] = name(a.a) .. "-off/" .. a.n
    elseif a.op == "from_reserve" then parts[i] = "in-" .. name(a.a)
    elseif a.op == "set_top" then parts[i] = name(a.a) .. "=" .. api.game.glyph(a.c)
    else parts[i] = "@" .. name(a.a) end
  end
  return { table.concat(parts, ",") }
end
