-- Extends the lease of a PROCESSING record, fenced by its token.
--
-- KEYS[1]  the event's hash
-- ARGV[1]  the caller's token
-- ARGV[2]  the lease, in ms
-- ARGV[3]  how long an unfinished record is kept, in ms: the longer of retention and lease
--
-- Reply: {'P'} | {'stale'}
local r = redis.call('HMGET', KEYS[1], 's', 't')
if r[1] ~= 'P' or r[2] ~= ARGV[1] then
  return {'stale'}
end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('HSET', KEYS[1], 'l', string.format('%d', now + tonumber(ARGV[2])), 'u', string.format('%d', now))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {'P'}
