-- Records the handler's terminal verdict, SUCCEEDED ('S') or REJECTED ('R'), fenced by the token.
-- A REJECTED record is a dead letter: the caller must have added the event to the endpoint's dead-letter
-- index first (ARGV[4] = '1'); otherwise the script changes nothing and answers 'index'.
--
-- KEYS[1]  the event's hash
-- ARGV[1]  the caller's token
-- ARGV[2]  'S' or 'R'
-- ARGV[3]  the retention, in ms
-- ARGV[4]  '1' when the event is already in the dead-letter index, else '0'
-- ARGV[5..] field, value pairs to store: the response (rs, rc, rb, ro) and, for 'R', the payload (ph, pb)
--
-- Reply: {status} | {'stale'} | {'index'}
local status = ARGV[2]
if status ~= 'S' and status ~= 'R' then
  return redis.error_reply('hookguard: a completion is S or R, not ' .. status)
end
local r = redis.call('HMGET', KEYS[1], 's', 't')
if r[1] ~= 'P' or r[2] ~= ARGV[1] then
  return {'stale'}
end
if status == 'R' and ARGV[4] ~= '1' then
  return {'index'}
end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('HDEL', KEYS[1], 'l', 'rs', 'rc', 'rb', 'ro', 'ph', 'pb')
redis.call('HSET', KEYS[1], 's', status, 'u', string.format('%d', now), unpack(ARGV, 5))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {status}
