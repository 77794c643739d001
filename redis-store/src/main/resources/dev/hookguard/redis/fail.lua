-- Records a retryable failure, fenced by the token: FAILED ('F') while the attempts are below the maximum,
-- else DEAD ('D'). A DEAD record is a dead letter: the caller must have added the event to the endpoint's
-- dead-letter index first (ARGV[5] = '1'); otherwise the script changes nothing and answers 'index'.
--
-- KEYS[1]  the event's hash
-- ARGV[1]  the caller's token
-- ARGV[2]  the most attempts
-- ARGV[3]  the retention of a FAILED record, in ms
-- ARGV[4]  the retention of a DEAD record, in ms
-- ARGV[5]  '1' when the event is already in the dead-letter index, else '0'
-- ARGV[6]  the error, UTF-8
-- ARGV[7]  the payload's headers, JSON
-- ARGV[8]  the payload's body; empty for none
--
-- Reply: {'F'} | {'D'} | {'stale'} | {'index'}
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
local dead = attempts >= tonumber(ARGV[2])
if dead and ARGV[5] ~= '1' then
  return {'index'}
end
local next_status = 'F'
local keep = ARGV[3]
if dead then
  next_status = 'D'
  keep = ARGV[4]
end
redis.call('HDEL', KEYS[1], 'l', 'rc', 'rb', 'ro', 'pb')
redis.call('HSET', KEYS[1], 'm', meta(next_status, token, attempts, created, ''), 'e', ARGV[6], 'ph', ARGV[7])
if ARGV[8] ~= '' then
  redis.call('HSET', KEYS[1], 'pb', ARGV[8])
end
redis.call('PEXPIRE', KEYS[1], keep)
return {next_status}
