-- Reserves up to ARGV[1] due events of an endpoint for one picker, oldest due time first: their entries
-- move to the end of the dispatch window, so a concurrent pick never gets them, and a picker that dies
-- lets them come due again when the window ends. Returns the change counter read in the same step, which
-- the picker passes to index-prune.lua when it drops entries whose records were no longer due.
--
-- KEYS[1]  the due queue, <prefix>:due:{<endpoint>}
-- ARGV[1]  the most events to reserve
-- ARGV[2]  the dispatch window, in ms
--
-- Reply: {counter, end of the window (epoch ms), event id, ...}
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local counter = redis.call('ZSCORE', KEYS[1], '') or '0'
local until_ms = string.format('%d', now + tonumber(ARGV[2]))
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '0', string.format('%d', now), 'LIMIT', 0, tonumber(ARGV[1]))
local reply = {counter, until_ms}
for _, id in ipairs(ids) do
  redis.call('ZADD', KEYS[1], 'XX', until_ms, id)
  table.insert(reply, id)
end
return reply
