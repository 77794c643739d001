-- Adds an event to its endpoint's due queue, before the script that makes its record due runs (the two
-- keys live in different cluster slots). Scored by its due time: this server's clock plus the delay, in
-- ms; the record then carries the same due time. The member '' holds the queue's change counter as a
-- negative score, so that a pick that drops stale entries can tell that one was added after it looked.
--
-- KEYS[1]  the due queue, <prefix>:due:{<endpoint>}
-- ARGV[1]  the event id
-- ARGV[2]  the delay, in ms
-- ARGV[3]  how long the queue is kept at least after the due time, in ms
--
-- Reply: {due time}
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local due = now + tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], string.format('%d', due), ARGV[1])
redis.call('ZINCRBY', KEYS[1], -1, '')
local keep = tonumber(ARGV[2]) + tonumber(ARGV[3])
if redis.call('PTTL', KEYS[1]) < keep then
  redis.call('PEXPIRE', KEYS[1], string.format('%d', keep))
end
return {due}
