-- The bare claim, the Redis row's baseline (not Hookguard's script): the minimal shape of a dedup claim, status +
-- token + time to live, nothing else. A new event becomes PROCESSING ('P') with a token (this server's time in
-- µs) and expires with the unfinished record's TTL; an existing one is reported with its status, unchanged.
--
-- KEYS[1]  the event's hash
-- ARGV[1]  how long an unfinished record is kept, in ms
--
-- Reply: {1, token} acquired | {0, status} held (nothing written)
local s = redis.call('HGET', KEYS[1], 's')
if s then
  return {0, s}
end
local t = redis.call('TIME')
local token = t[1] .. string.format('%06d', tonumber(t[2]))
redis.call('HSET', KEYS[1], 's', 'P', 't', token)
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return {1, token}
