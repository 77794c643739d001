-- The bare completion, the Redis row's baseline (not Hookguard's script): fenced by the claim's token, the record
-- becomes SUCCEEDED ('S') and is kept for the retention.
--
-- KEYS[1]  the event's hash
-- ARGV[1]  the claim's token
-- ARGV[2]  the retention, in ms
--
-- Reply: 1 recorded | 0 stale (nothing written)
local r = redis.call('HMGET', KEYS[1], 's', 't')
if r[1] ~= 'P' or r[2] ~= ARGV[1] then
  return 0
end
redis.call('HSET', KEYS[1], 's', 'S')
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
