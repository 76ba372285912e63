-- notation.lua: the default move notation, for games whose script has no `notation` hook.
--
-- A one-action stack move reads `c1-c3/2` (2 pieces from c1 to c3); when it moves the
-- whole stack, `c1-c3` is offered first (the runtime prints the first spelling that no
-- other legal move shares). Bearing off reads `b6-off/2`. Other moves list their actions.
return function(mv, api)
  local name, height = api.board.name, api.state.height
  if #mv == 0 then return { "pass" } end
  if #mv == 1 then
    local a = mv[1]
    local to
    if a.op == "move" then to = name(a.b) elseif a.op == "to_reserve" then to = "off" end
    if to then
      local long = name(a.a) .. "-" .. to .. "/" .. a.n
      if a.n == height(a.a) then return { name(a.a) .. "-" .. to, long } end
      return { long }
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
