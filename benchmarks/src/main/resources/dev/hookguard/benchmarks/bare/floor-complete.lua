-- The feature floor's completion, reported beside the Redis row (never its target, never Hookguard's script): the
-- bare completion plus the response kept for replay and the event's open-index entry dropped in the same step.
--
-- KEYS[1]  the event's hash
-- KEYS[2]  the endpoint's open index
-- ARGV[1]  the claim's token
-- ARGV[2]  the retention, in ms
-- ARGV[3]  the response to replay: status, content type and body, as the client packs them into one value
-- ARGV[4]  the event id
--
-- Reply: 1 recorded | 0 stale (nothing written)
local r = redis.call('HMGET', KEYS[1], 's', 't')
if r[1] ~= 'P' or r[2] ~= ARGV[1] then
  return 0
end
redis.call('HSET', KEYS[1], 's', 'S', 'r', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('ZREM', KEYS[2], ARGV[4])
return 1
