-- notation.lua: the default move notation, for games whose script has no `notation` hook.
--
-- A one-action stack move reads `c1-c3/2` (2 pieces from c1 to c3). Every move from c1 to
-- c3 also answers to `c1-c3`: first for the whole stack, last for part of it. The runtime
-- prints the first spelling no other legal move shares, so the count is left out exactly
-- when the whole stack moves and no other move goes from c1 to c3; typing `c1-c3` works
-- whenever it names one move. Bearing off reads `b6-off/2`. Other moves list their actions.
return function(mv, api)
  local name, height = api.board.name, api.state.height
  if #mv == 0 then return { "pass" } end
  if #mv == 1 then
    local a = mv[1]
    local to
    if a.op == "move" then to = name(a.b) elseif a.op == "to_reserve" then to = "off" end
    if to then
      local short = name(a.a) .. "-" .. to
      local long = short .. "/" .. a.n
      if a.n == height(a.a) then return { short, long } end
      return { long, short }
    end
  end
  local parts = {}
  for i, a in ipairs(mv) do
    if a.op == "move" then parts[i] = name(a.a) .. "-" .. name(a.b) .. "/" .. a.n
    elseif a.op == "remove" then parts[i] = "x" .. name(a.a)
    elseif a.op == "to_reserve" then parts[i] = name(a.a) .. "-off/" .. a.n
    elseif a.op == "from_reserve" then parts[i] = "in-" .. name(a.a)
    elseif a.op == "set_top" then parts[i] = name(a.a) .. "=" .. api.game.glyph(a.c)
    else parts[i] = "@" .. name(a.a) end
  end
  return { table.concat(parts, ",") }
end
