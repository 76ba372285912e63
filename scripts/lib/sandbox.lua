-- sandbox.lua: the environment a game script runs in.
--
-- Game scripts are untrusted: they get the game API and a safe subset of the standard
-- library. Not there: io, os, ffi, jit, debug, require, dofile, loadfile, load, loadstring,
-- string.dump, getfenv/setfenv, coroutine, math.random (scripts must be deterministic).
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

-- A string's metatable would lead back to the shared string table: hide it, and take
-- string.dump out of that table too, since ("").dump reaches it through strings.
getmetatable("").__metatable = false
string.dump = nil

function M.new_env(api, host)
  local env = copy(M.base)
  env.getmetatable = function(t)
    if type(t) == "string" then return nil end
    return getmetatable(t)
  end
  env.string = copy(string, { dump = true })
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
