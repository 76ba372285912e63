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
-- Method calls on strings ("x"):rep(2) go through the string metatable: point it at the
-- safe table and hide it. Trusted code keeps its own references to the string functions.
getmetatable("").__index = M.string
getmetatable("").__metatable = false

function M.new_env(api, host)
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
  env.pcall = function(f, ...) return rethrow_stops(pcall(f, ...)) end
  env.xpcall = function(f, h) return rethrow_stops(xpcall(f, h)) end
  for k, v in pairs(api) do env[k] = v end
  env._G = env
  return env
end

return M
