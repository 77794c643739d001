-- The record-format prelude. LuaScript prepends this file to every script that reads or writes an event's
-- hash before SCRIPT LOAD, so the format is defined once and the SHA names exactly what runs. Each blank-line
-- separated block that defines a function goes only to the scripts that call it (directly or through another
-- one); every other block goes to all of them.
--
-- Field m, format 2 (written): '2', the status letter, then comma-separated: token minus created * 1000,
-- attempts, created (epoch ms, this server's clock), updated (ms after created, never negative) and, when
-- there is a response, its HTTP status: 2S417,1,1764406000123,333,200 is token 1764406000123417.
-- Format 1 (the previous version, read only): '1', the status letter, token, attempts, created, updated (ms
-- after created, negative after a clock step) and the response status: 1S1,1,1764406000123,333,200.
--
-- The clock is read lazily: clock() runs TIME once, the first time a script needs the time (a duplicate's claim
-- never does), and sets now_us and now (epoch ms). meta, next_token, keep and audit call it themselves; a script
-- that reads now or now_us directly calls clock() first.
local now_us, now

-- sets now_us and now from this server's clock, once per script
local function clock()
  if not now then
    local t = redis.call('TIME')
    now_us = tonumber(t[1]) * 1000000 + tonumber(t[2])
    now = math.floor(now_us / 1000)
  end
end

-- status, token, attempts, created, response status ('' for none) of field m; refuses an unknown format
local function parse(m)
  local v, status, token, attempts, created, _, rs =
    string.match(m, '^([12])(%u)(%-?%d+),(%d+),(%d+),(%-?%d+),?(%d*)$')
  if not v then
    error('hookguard: unknown record format ' .. string.sub(m, 1, 1))
  end
  created = tonumber(created)
  token = tonumber(token)
  if v == '2' then
    token = created * 1000 + token
  end
  return status, token, tonumber(attempts), created, rs
end

-- the status letter of field m, without parsing the rest; refuses an unknown format
local function status_of(m)
  local v = string.byte(m, 1)
  if v ~= 49 and v ~= 50 then -- '1', '2'
    error('hookguard: unknown record format ' .. string.sub(m, 1, 1))
  end
  return string.sub(m, 2, 2)
end

-- field m in format 2; updated is now, clamped to created if this clock is behind the one that created it
local function meta(status, token, attempts, created, rs)
  clock()
  local m = string.format('2%s%d,%d,%d,%d', status, token - created * 1000, attempts, created,
    math.max(0, now - created))
  if rs ~= '' then
    m = m .. ',' .. rs
  end
  return m
end

-- a claim's token: above every earlier token of this record, and at least this server's time in µs, so a
-- record created again after its predecessor expired never hands out a token the predecessor had
local function next_token(token)
  clock()
  return math.max(token + 1, now_us)
end

-- expires the hash after ttl ms, or ttl ms after its due time when it is due later (retention never
-- removes a record that waits in the due queue)
local function keep(ttl, due)
  local ms = tonumber(ttl)
  if due and due ~= '' then
    clock()
    ms = math.max(ms, tonumber(due) - now + ms)
  end
  redis.call('PEXPIRE', KEYS[1], string.format('%d', ms))
end

-- appends an operator's action to the history in field h (a JSON array, oldest first), keeping the newest
-- max entries: {"t": "<epoch ms>", "a": action, "u": actor, "n": note (absent when empty)}
local function audit(action, actor, note, max)
  local raw = redis.call('HGET', KEYS[1], 'h')
  local history = {}
  if raw then
    history = cjson.decode(raw)
  end
  clock()
  local entry = {t = string.format('%d', now), a = action, u = actor}
  if note ~= '' then
    entry.n = note
  end
  table.insert(history, entry)
  while #history > tonumber(max) do
    table.remove(history, 1)
  end
  redis.call('HSET', KEYS[1], 'h', cjson.encode(history))
end

-- lengthens the hash's time to live by ms, so a record whose due time moves later keeps its retention
-- counted from the new due time
local function extend(ms)
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl > 0 and ms > 0 then
    redis.call('PEXPIRE', KEYS[1], string.format('%d', ttl + ms))
  end
end

-- field a with one attempt appended (a JSON line of AttemptLog, without its newline): lines oldest first, the
-- newest max kept; nil (field a stays as it is) for an empty line or a max of 0
local function appended_attempt(old, line, max)
  max = tonumber(max)
  if line == '' or max <= 0 then
    return nil
  end
  if not old or old == '' then -- the common case, a record's first attempt
    return line .. '\n'
  end
  local lines = {}
  for l in string.gmatch(old, '[^\n]+') do
    lines[#lines + 1] = l
  end
  lines[#lines + 1] = line
  return table.concat(lines, '\n', math.max(1, #lines - max + 1)) .. '\n'
end

-- appends one attempt (a JSON line of AttemptLog, without its newline) to field a, lines oldest first, keeping
-- the newest max lines; an empty line or a max of 0 keeps nothing
local function log_attempt(line, max)
  local a = appended_attempt(redis.call('HGET', KEYS[1], 'a'), line, max)
  if a then
    redis.call('HSET', KEYS[1], 'a', a)
  end
end
