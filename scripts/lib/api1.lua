-- api1.lua: what API 1 (a definition without `api:`) named otherwise than API 2, kept for
-- the scripts written then (docs/changelog.md), and API 2's refusal of those names. Returns
-- the API 1 forms the runtime hands on, or nil for a later API.
return function(rt, game)
local format = string.format
local info, flag_of = rt.info, rt.flag_of

if info.api ~= 1 then
  setmetatable(game, { __index = function(_, k)
    if k == "event" then
      error(format("game.event is API 1's; API %d writes game.flags(name) (docs/changelog.md), or the definition says api: 1",
        info.api), 2)
    end
  end })
  return nil
end

local api1 = {}
-- API 1 named one event's flag bit so; API 2 replaced it with game.flags, which takes
-- "progress" too.
function game.event(name)
  if name == "progress" then error("game.event: progress is not an event; its flag is game.flags(\"progress\")", 2) end
  return flag_of(name, "game.event", 3)
end
-- API 1's notation hooks took the move as its list of actions: they get the decoded move
-- and the list in one table.
function api1.decoded(m, actions)
  for i, a in ipairs(actions) do m[i] = a end
  return m
end
return api1
end
