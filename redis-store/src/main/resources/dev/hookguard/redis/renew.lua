-- Extends the lease of a PROCESSING record, fenced by its token.
--
-- KEYS[1]  the event's hash
-- ARGV[1]  the caller's token
-- ARGV[2]  the lease, in ms
-- ARGV[3]  how long an unfinished record is kept, in ms: the longer of retention and lease
--
-- Reply: {'P'} | {'stale'}
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)

-- Field m, format version 1: '1', the status letter, then token, attempts, created (epoch ms), updated
-- (ms after created) and, when there is a response, its status, comma-separated: 1S1,1,1764406000123,333,200
local function parse(m)
  local status, token, attempts, created, _, rs = string.match(m, '^1(%u)(%d+),(%d+),(%d+),(%d+),?(%d*)$')
  if not status then
    error('hookguard: unknown record format ' .. string.sub(m, 1, 1))
  end
  return status, tonumber(token), tonumber(attempts), tonumber(created), rs
end

local function meta(status, token, attempts, created, rs)
  local m = string.format('1%s%d,%d,%d,%d', status, token, attempts, created, now - created)
  if rs ~= '' then
    m = m .. ',' .. rs
  end
  return m
end
local m = redis.call('HGET', KEYS[1], 'm')
if not m then
  return {'stale'}
end
local status, token, attempts, created = parse(m)
if status ~= 'P' or token ~= tonumber(ARGV[1]) then
  return {'stale'}
end
redis.call('HSET', KEYS[1], 'm', meta('P', token, attempts, created, ''),
  'l', string.format('%d', now + tonumber(ARGV[2])))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {'P'}
