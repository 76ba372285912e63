-- rule_tables.lua: a rules table's functions asked once per piece code (and cell, or enemy
-- code) and their answers kept, for the C++ searches that walk tables instead of calling
-- Lua (chains.generate, steps.generate). An answer that fails is kept as an error, raised
-- only if the search ever needs it, so a function that only knows the pieces in play is
-- fine. Written against the public game API and natives.lua's `native`.
return function(api, native)
  local board = api.board
  local NCODES, NCELLS, NDIRS = native.ncodes, board.ncells, board.ndirs
  local T = {}
  T.max_list = native.untabled - 1 -- a list's length is kept in a byte, the top value marks a failure

  -- A kept error is the function's own (its message names its line), or one of ours about
  -- what it gave (marked by OWN), to raise at the line that called the library function.
  local OWN = {}
  -- Ends native.run's error when the C++ search and the Lua twin disagree.
  T.impure_hint = "; do the rules' functions answer from their arguments alone?"
  function T.own(msg) return setmetatable({ msg }, OWN) end
  function T.what(v) return type(v) == "string" and string.format("%q", v) or tostring(v) end
  local what, own = T.what, T.own

  -- Calls p[name](...); returns its first result, or nil and the error to keep.
  function T.ask(p, name, fname, ...)
    local ok, r = pcall(p[name], ...)
    if not ok then
      if native.stopped(r) then error(r, 0) end -- the loop budget and memory cap stop everything
      if r == nil or r == false then r = own(string.format("%s: %s raised %s", fname, name, tostring(r))) end
      return nil, r
    end
    return r
  end

  -- nil if `list` is a list of directions; else the error to keep (`label` names it).
  function T.check_directions(list, label, fname)
    if type(list) ~= "table" then
      return own(string.format("%s: %s gave %s, not a list of directions", fname, label, what(list)))
    end
    native.charge(#list, fname)
    for i = 1, #list do
      local d = list[i]
      if type(d) ~= "number" or d ~= math.floor(d) or d < 0 or d >= NDIRS then
        return own(string.format("%s: %s[%d] is %s, not a direction (0 to %d)", fname, label, i, what(d), NDIRS - 1))
      end
    end
  end

  -- p[name](code) as a list of directions, or nil and the error to keep.
  function T.directions(p, name, code, fname)
    local list, err = T.ask(p, name, fname, code)
    if err then return nil, err end
    local label = string.format("%s(%d)", name, code)
    err = T.check_directions(list, label, fname)
    if err then return nil, err end
    if #list > T.max_list then
      return nil, own(string.format("%s: %s lists %d directions; at most %d", fname, label, #list, T.max_list))
    end
    return list
  end

  -- p.promotion(code, cell) for every code and playable cell: { [code * ncells + cell] = the
  -- code it becomes or 0, false if it failed }, or nil without the function. Failures go
  -- into failed["promotion:code:cell"].
  function T.promotion(p, failed, fname)
    if not p.promotion then return nil end
    local t = {}
    for code = 1, NCODES - 1 do
      for cell = 0, NCELLS - 1 do
        if board.playable(cell) then
          local to, err = T.ask(p, "promotion", fname, code, cell)
          if not err and to and (type(to) ~= "number" or to ~= math.floor(to) or to < 1 or to >= NCODES) then
            err = own(string.format("%s: promotion(%d, %d) gave %s, not a piece code", fname, code, cell, what(to)))
          end
          if err then failed["promotion:" .. code .. ":" .. cell] = err end
          if err then t[code * NCELLS + cell] = false else t[code * NCELLS + cell] = to or 0 end
        end
      end
    end
    return t
  end

  -- p.progress(code) for every code: { [code] = 1 or 0, false if it failed }, or nil.
  function T.progress(p, failed, fname)
    if not p.progress then return nil end
    local t = {}
    for code = 1, NCODES - 1 do
      local yes, err = T.ask(p, "progress", fname, code)
      if err then failed["progress:" .. code] = err end
      if err then t[code] = false else t[code] = yes and 1 or 0 end
    end
    return t
  end

  -- Flags given in the rules: nil (none) or a number from game.flags. Raised at the line
  -- that called the library function (level: see T.raise).
  function T.flags(v, name, fname)
    if v == nil then return 0 end
    if type(v) ~= "number" or v ~= math.floor(v) or v < 0 or v > 255 then
      error(string.format("%s: %s is %s, not flags from game.flags", fname, name, what(v)), 5)
    end
    return v
  end

  -- The tables of rules table `p` (keyed weakly in `cache`): made by tabulate(p) when `p`
  -- is new or holds other functions `fns` than when it was tabulated. tabulate returns a
  -- table with `failed`; the functions are remembered in it.
  function T.cached(cache, p, fns, tabulate)
    local t = cache[p]
    local same = t ~= nil
    for i = 1, same and #fns or 0 do same = same and t[fns[i]] == p[fns[i]] end
    if same then return t end
    t = tabulate(p)
    for _, f in ipairs(fns) do t[f] = p[f] end
    cache[p] = t
    return t
  end

  -- Raises the kept error of the one answer a search needed: function `fn`'s for `code`
  -- (and the cell or victim `other`). Ours are raised at the line that called the library
  -- function: T.raise is called by its native runner, called by native.run, called by the
  -- library function.
  function T.raise(failed, fn, code, other)
    local err = failed[fn .. ":" .. code] or failed[fn .. ":" .. code .. ":" .. other]
    if getmetatable(err) == OWN then error(err[1], 5) end
    error(err, 0)
  end

  return T
end
