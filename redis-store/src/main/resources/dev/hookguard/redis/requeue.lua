-- An operator requeues a dead letter (DEAD or REJECTED): FAILED with its attempts reset, so that the next
-- delivery runs the handler again. Token, payload and last error are kept.
--
-- KEYS[1]  the event's hash
-- ARGV[1]  the retention, in ms
--
-- Reply: {'updated'} | {'not_found'} | {'not_dead_letter'}
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
  return {'not_found'}
end
local status, token, _, created = parse(m)
if status ~= 'D' and status ~= 'R' then
  return {'not_dead_letter'}
end
redis.call('HDEL', KEYS[1], 'l', 'rc', 'rb', 'ro')
redis.call('HSET', KEYS[1], 'm', meta('F', token, 0, created, ''))
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return {'updated'}
