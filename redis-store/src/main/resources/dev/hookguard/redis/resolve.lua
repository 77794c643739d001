-- An operator resolves a dead letter (DEAD or REJECTED): SUCCEEDED with an empty 200 to replay, the note
-- kept as the last error, the payload kept.
--
-- KEYS[1]  the event's hash
-- ARGV[1]  the operator's note, UTF-8
-- ARGV[2]  the retention, in ms
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
redis.call('HDEL', KEYS[1], 'l', 'rc', 'rb', 'ro')
redis.call('HSET', KEYS[1], 's', 'S', 'rs', '200', 'e', ARGV[1], 'u', string.format('%d', now))
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return {'updated'}
