-- Double Draughts (shared/rules/README.md section 2), and through its options the
-- draughts family around it (English checkers is a definition that extends this one).
--
-- Men and kings move by direction lists given as options, written for the player whose
-- forward is north and mirrored for the other; captures and chains come from the shared
-- chains helper (scripts/lib/chains.lua).
local MIRROR = { n = "s", s = "n", ne = "se", se = "ne", nw = "sw", sw = "nw", e = "e", w = "w" }

local function split(text)
  local out, i = {}, 1
  while i <= #text do
    local j = string.find(text, " ", i, true) or #text + 1
    if j > i then out[#out + 1] = string.sub(text, i, j - 1) end
    i = j + 1
  end
  return out
end

-- Direction ids for `player` from a list of names seen from the north-moving side.
local function directions(spec, player)
  local south = board.dir_name(game.forward(player)) == "s"
  local out = {}
  for _, name in ipairs(split(spec)) do
    local d = board.dir(south and MIRROR[name] or name)
    if d == nil then error("unknown direction '" .. name .. "' in an option") end
    out[#out + 1] = d
  end
  return out
end

local opt = game.options
-- A definition that adds a piece kind `super` plays "king promoted once again": a king
-- reaching its own home rank becomes a super-king.
local has_super = false
for _, kind in ipairs(game.pieces) do has_super = has_super or kind == "super" end

local slides, jumps, promotes_to, crowned_again, backward = {}, {}, {}, {}, {}
for p = 0, game.nplayers - 1 do
  local man, king = game.piece("man", p), game.piece("king", p)
  slides[man], jumps[man] = directions(opt.man_slides, p), directions(opt.man_jumps, p)
  slides[king], jumps[king] = directions(opt.king_slides, p), directions(opt.king_jumps, p)
  promotes_to[man] = king
  backward[p] = board.dir(MIRROR[board.dir_name(game.forward(p))])
  if has_super then
    local super = game.piece("super", p)
    slides[super], jumps[super] = directions(opt.super_slides, p), directions(opt.super_jumps, p)
    crowned_again[king] = super
  end
end

local ray, owner_of = board.ray, game.owner
local rules = {
  slide_dirs = function(code) return slides[code] end,
  jump_dirs = function(code) return jumps[code] end,
  can_capture = function(mover, victim) return true end,
  -- A man on its far rank (nothing further forward) becomes a king; with super-kings, a
  -- king on its own home rank (nothing further back) becomes one. Either ends the move.
  promotion = function(code, cell)
    local king = promotes_to[code]
    if king and ray(cell, game.forward(owner_of(code)), 1) < 0 then return king end
    local super = crowned_again[code]
    if super and ray(cell, backward[owner_of(code)], 1) < 0 then return super end
    return nil
  end,
  -- The no-progress rule counts plies without a capture or a man's move.
  progress = function(code) return promotes_to[code] ~= nil end,
  compulsory = true,
  capture_flags = game.event("capture"),
  promotion_flags = game.event("promotion"),
}

function generate()
  chains.generate(rules)
end

notation = chains.notation
