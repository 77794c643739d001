-- Adds an event to its endpoint's dead-letter index, before the script that turns it DEAD or REJECTED
-- runs (the two keys live in different cluster slots, so one script cannot touch both). Scored by this
-- server's clock in ms; the member '' holds the index's change counter as a negative score, so that a
-- pruning lister can tell that an entry was added after it looked.
--
-- KEYS[1]  the index, <prefix>:dlq:{<endpoint>}
-- ARGV[1]  the event id
-- ARGV[2]  how long the index is kept at least, in ms
--
-- Reply: {score}
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], string.format('%d', now), ARGV[1])
redis.call('ZINCRBY', KEYS[1], -1, '')
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return {now}
