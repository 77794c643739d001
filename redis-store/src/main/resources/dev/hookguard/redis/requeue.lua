-- An operator requeues a dead letter (DEAD or REJECTED): FAILED with its attempts reset, so that the next
-- delivery runs the handler again. Token, payload and last error are kept.
--
-- KEYS[1]  the event's hash
-- ARGV[1]  the retention, in ms
--
-- Reply: {'updated'} | {'not_found'} | {'not_dead_letter'}
local status = redis.call('HGET', KEYS[1], 's')
if not status then
  return {'not_found'}
end
if status ~= 'D' and status ~= 'R' then
  return {'not_dead_letter'}
end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('HDEL', KEYS[1], 'l', 'rs', 'rc', 'rb', 'ro')
redis.call('HSET', KEYS[1], 's', 'F', 'a', '0', 'u', string.format('%d', now))
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return {'updated'}
