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
local r = redis.call('HMGET', KEYS[1], 's', 't', 'a')
if r[1] ~= 'P' or r[2] ~= ARGV[1] then
  return {'stale'}
end
local dead = tonumber(r[3]) >= tonumber(ARGV[2])
if dead and ARGV[5] ~= '1' then
  return {'index'}
end
local status = 'F'
local keep = ARGV[3]
if dead then
  status = 'D'
  keep = ARGV[4]
end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('HDEL', KEYS[1], 'l', 'rs', 'rc', 'rb', 'ro', 'pb')
redis.call('HSET', KEYS[1], 's', status, 'u', string.format('%d', now), 'e', ARGV[6], 'ph', ARGV[7])
if ARGV[8] ~= '' then
  redis.call('HSET', KEYS[1], 'pb', ARGV[8])
end
redis.call('PEXPIRE', KEYS[1], keep)
return {status}
