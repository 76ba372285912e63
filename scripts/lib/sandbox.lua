-- sandbox.lua: the environment a game script runs in.
--
-- Game scripts are untrusted: they get the game API and a safe subset of the standard
-- library. Not there: io, os, ffi, jit, debug, require, dofile, loadfile, load, loadstring,
-- string.dump, getfenv/setfenv, coroutine, math.random (scripts must be deterministic), and
-- string patterns: the matcher runs in C, out of reach of the loop budget, and a
-- pathological pattern can run for hours. string.find works with plain = true.
local M = {}

local function copy(t, without)
  local out = {}
  for k, v in pairs(t) do
    if not (without and without[k]) then out[k] = v end
  end
  return out
end

-- Names a script may use; the runtime never reports these as script functions.
M.base = {
  assert = assert, error = error, ipairs = ipairs, next = next, pairs = pairs, select = select,
  tonumber = tonumber, tostring = tostring, type = type, unpack = unpack, rawequal = rawequal,
  rawget = rawget, rawset = rawset, setmetatable = setmetatable,
}

local function no_patterns(name)
  return function()
    error("string." .. name .. " is not available to game scripts: patterns run in C, beyond the loop budget", 2)
  end
end
local plain_find = string.find
M.string = {}
for k, v in pairs(string) do M.string[k] = v end
M.string.dump = nil
M.string.match, M.string.gmatch, M.string.gsub = no_patterns("match"), no_patterns("gmatch"), no_patterns("gsub")
M.string.find = function(s, text, init, plain)
  if not plain then
    error("string.find is available to game scripts only as string.find(s, text, init, true): patterns run in C, beyond the loop budget", 2)
  end
  return plain_find(s, text, init, true)
end
-- Method calls on strings ("x"):rep(2) go through the string metatable: new_env points it
-- at the script's string table; it is hidden. Trusted code keeps its own references to the
-- string functions.
local string_meta = getmetatable("")
string_meta.__metatable = false

-- A value as error messages show it: no heap addresses.
function M.describe(v)
  local t = type(v)
  if t == "string" then return "'" .. (#v > 40 and v:sub(1, 40) .. "..." or v) .. "'" end
  if t == "number" or t == "boolean" or t == "nil" then return tostring(v) end
  return "a " .. t
end

-- The library functions that work in C in proportion to their arguments are charged to the
-- loop budget for that work (`charge(n, fname)` takes n steps, raising the budget's error
-- when it runs out), or refused past a size: a hook stops within its budget whatever it calls.
local MAX_STRING = 16 * 1024 * 1024
local function wrap_library(env, charge)
  local rep, concat, sort, insert, remove = string.rep, table.concat, table.sort, table.insert, table.remove
  local floor, log = math.floor, math.log
  env.string.rep = function(s, n, sep)
    local size = ((type(s) == "string" and #s or 0) + (type(sep) == "string" and #sep or 0)) * (tonumber(n) or 0)
    if size > MAX_STRING then error(string.format("string.rep: the result would be %d bytes; at most %d", size, MAX_STRING), 2) end
    charge(floor(size / 64), "string.rep")
    return rep(s, n, sep)
  end
  env.table.concat = function(t, sep, i, j)
    local first, last = i or 1, j or (type(t) == "table" and #t or 0)
    charge(last - first + 1, "table.concat")
    local r = concat(t, sep, i, j)
    charge(floor(#r / 64), "table.concat")
    return r
  end
  env.table.sort = function(t, cmp)
    local n = type(t) == "table" and #t or 0
    charge(n > 1 and floor(n * log(n) / log(2)) or 0, "table.sort")
    return sort(t, cmp)
  end
  -- Positions are checked: a far one shifts (or loops) in C for ever.
  env.table.insert = function(t, ...)
    local n = select("#", ...)
    if n == 2 then
      local pos, len = ..., #t
      if type(pos) ~= "number" or pos ~= floor(pos) or pos < 1 or pos > len + 1 then
        error("table.insert: position " .. M.describe(pos) .. " is out of range (1 to #t + 1)", 2)
      end
      charge(len - pos + 1, "table.insert")
    elseif n ~= 1 then
      error("table.insert: wrong number of arguments", 2)
    end
    return insert(t, ...)
  end
  env.table.remove = function(t, pos)
    local len = #t
    if pos ~= nil then
      if type(pos) ~= "number" or pos ~= floor(pos) or ((pos < 1 or pos > len + 1) and not (len == 0 and pos == 0)) then
        error("table.remove: position " .. M.describe(pos) .. " is out of range (1 to #t)", 2)
      end
      charge(len - pos + 1, "table.remove")
    end
    return remove(t, pos)
  end
end

function M.new_env(api, host, charge)
  local env = copy(M.base)
  env.getmetatable = function(t)
    if type(t) == "string" then return nil end
    return getmetatable(t)
  end
  env.string = copy(M.string)
  env.table = copy(table)
  env.math = copy(math, { random = true, randomseed = true })
  env.bit = copy(require("bit"))
  env.print = function(...)
    local parts = {}
    for i = 1, select("#", ...) do parts[i] = tostring(select(i, ...)) end
    io.stderr:write(table.concat(parts, "\t"), "\n")
  end
  -- pcall must not swallow the runtime's own stops (loop budget, memory cap).
  local function rethrow_stops(ok, ...)
    if not ok and (host.ticks_left < 0 or select(1, ...) == "not enough memory") then error((...), 0) end
    return ok, ...
  end
  -- Raising and catching errors costs far more than a loop step: 100 each.
  env.pcall = function(f, ...)
    charge(100, "pcall")
    return rethrow_stops(pcall(f, ...))
  end
  env.xpcall = function(f, h)
    charge(100, "xpcall")
    return rethrow_stops(xpcall(f, h))
  end
  env.error = function(message, level)
    charge(100, "error")
    if level == nil then level = 1 end
    if type(level) == "number" and level > 0 then level = level + 1 end  -- this wrapper is not the culprit
    error(message, level)
  end
  wrap_library(env, charge)
  string_meta.__index = env.string  -- ("x"):rep(n) is charged as string.rep is
  for k, v in pairs(api) do env[k] = v end
  env._G = env
  return env
end

return M
