-- The depth of an endpoint's due queue, how many entries are due now, and the oldest due time, all read
-- from the sorted set (O(log n)), never from the records.
--
-- KEYS[1]  the due queue, <prefix>:due:{<endpoint>}
--
-- Reply: {depth, due now, oldest due time or -1, now (epoch ms)}
local t = redis.call('TIME')
local now = string.format('%d', tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000))
local depth = redis.call('ZCOUNT', KEYS[1], '0', '+inf')
local due = redis.call('ZCOUNT', KEYS[1], '0', now)
local oldest = redis.call('ZRANGEBYSCORE', KEYS[1], '0', now, 'WITHSCORES', 'LIMIT', 0, 1)
local oldest_ms = -1
if oldest[2] then
  oldest_ms = tonumber(oldest[2])
end
return {depth, due, oldest_ms, tonumber(now)}
