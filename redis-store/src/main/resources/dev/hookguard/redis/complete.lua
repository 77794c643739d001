-- Records the handler's terminal verdict, SUCCEEDED ('S') or REJECTED ('R'), fenced by the token.
-- A REJECTED record is a dead letter: the caller must have added the event to the endpoint's dead-letter
-- index first (ARGV[4] = '1'); otherwise the script changes nothing and answers 'index'.
--
-- KEYS[1]  the event's hash
-- ARGV[1]  the caller's token
-- ARGV[2]  'S' or 'R'
-- ARGV[3]  the retention, in ms
-- ARGV[4]  '1' when the event is already in the dead-letter index, else '0'
-- ARGV[5]  the response's HTTP status
-- ARGV[6..] field, value pairs to store: the rest of the response (rc, rb, ro) and, for 'R', the payload
--           (ph, pb)
--
-- Reply: {status} | {'stale'} | {'index'}
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
local verdict = ARGV[2]
if verdict ~= 'S' and verdict ~= 'R' then
  return redis.error_reply('hookguard: a completion is S or R, not ' .. verdict)
end
local m = redis.call('HGET', KEYS[1], 'm')
if not m then
  return {'stale'}
end
local status, token, attempts, created = parse(m)
if status ~= 'P' or token ~= tonumber(ARGV[1]) then
  return {'stale'}
end
if verdict == 'R' and ARGV[4] ~= '1' then
  return {'index'}
end
redis.call('HDEL', KEYS[1], 'l', 'rc', 'rb', 'ro', 'ph', 'pb')
redis.call('HSET', KEYS[1], 'm', meta(verdict, token, attempts, created, ARGV[5]), unpack(ARGV, 6))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {verdict}
