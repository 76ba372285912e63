-- move_decoder.lua: what a move does, decoded from its actions for the notation hook.
return function(rt, api1)
local bit = require("bit")
local S, info = rt.S, rt.info
local CAP = rt.CAP
local OWNER = rt.B.owner_of
local band = bit.band
local error, type = error, type

-- What a move does, decoded from its actions for the notation hook (`state` shows the
-- position before the move): where the moving pieces start and end and how many, the cells
-- passed through (marks), the cells whose pieces were captured (removed, or sent to a
-- reserve when they belong to another player), the reserve borne off into, the flags by
-- name, the actions themselves, and the viewer: the player whose point of view the text
-- takes (the side to move, but for a person shown another side's move, as `play` does).
-- A hook written for a list of actions (move[1], #move, ipairs(move)) is told what it gets.
local DECODED = { __index = function(_, k)
  if type(k) == "number" then
    error("notation: the move is decoded (move.from, move.to, move.captured...); its list of actions is move.actions", 2)
  end
end }
local FOLLOWS_PIECES = { to_reserve = true, transfer = true, take = true, put = true, set_piece = true }
local function decode(actions, flags, viewer)
  local side = S.side
  local m = { actions = actions, pass = #actions == 0, via = {}, captured = {}, events = {},
              progress = band(flags, info.progress_flag) ~= 0, viewer = viewer, again = false }
  for i, e in ipairs(info.events) do
    if band(flags, info.event_flags[i]) ~= 0 then m.events[#m.events + 1] = e end
  end
  -- The pieces of each touched cell, bottom to top, as the actions change them (they apply
  -- in order): whose pieces a to_reserve takes depends on the actions before it. Followed
  -- only in moves that send pieces to a reserve (notation runs for every legal move).
  local stacks
  for _, a in ipairs(actions) do
    if FOLLOWS_PIECES[a.op] then stacks = {} end
  end
  local function stack(c)
    local t = stacks[c]
    if not t then
      t = {}
      for l = 0, S.height[c] - 1 do t[l + 1] = S.pieces[c * CAP + l] end
      stacks[c] = t
    end
    return t
  end
  for _, a in ipairs(actions) do
    local op = a.op
    if op == "move" then
      if stacks then
        local src, dst = stack(a.a), stack(a.b)
        for k = #src - a.n + 1, #src do dst[#dst + 1] = src[k] end
        for _ = 1, a.n do src[#src] = nil end
      end
      if m.from == nil then m.from, m.count = a.a, a.n end
      m.to = a.b
    elseif op == "to_reserve" then
      local src = stack(a.a)
      local top = src[#src]
      for _ = 1, a.n do src[#src] = nil end
      if top ~= nil and OWNER[top] == side then
        if m.from == nil then m.from, m.count = a.a, a.n end
        m.off = a.b
      else
        m.captured[#m.captured + 1] = a.a
      end
    elseif op == "remove" then
      if stacks then stacks[a.a] = {} end
      m.captured[#m.captured + 1] = a.a
    elseif op == "from_reserve" then
      if stacks then
        local dst = stack(a.a)
        dst[#dst + 1] = a.c
      end
    elseif op == "set_top" then
      if stacks then
        local t = stack(a.a)
        t[#t] = a.c
      end
    elseif op == "mark" then
      if m.from == nil then m.from = a.a else m.via[#m.via + 1] = a.a end
    elseif op == "transfer" or op == "take" then
      local src = stack(a.a)
      local piece = table.remove(src, a.n + 1)
      if op == "transfer" then table.insert(stack(a.b), a.c + 1, piece) end
      if piece ~= nil and OWNER[piece] ~= side then m.captured[#m.captured + 1] = a.a end
    elseif op == "put" then
      table.insert(stack(a.a), a.n + 1, a.c)
    elseif op == "set_piece" then
      stack(a.a)[a.n + 1] = a.c
    elseif op == "again" then
      m.again = true
    end
  end
  if api1 then return api1.decoded(m, actions) end
  return setmetatable(m, DECODED)
end
return decode
end
