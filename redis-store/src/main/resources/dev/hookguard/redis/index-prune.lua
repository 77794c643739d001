-- Removes stale entries from an endpoint's dead-letter index or due queue, but only if nothing was added
-- since the caller read the change counter: an entry added meanwhile may belong to a record that is about
-- to become a dead letter or due, and must stay.
--
-- KEYS[1]  the index, <prefix>:dlq:{<endpoint>} or <prefix>:due:{<endpoint>}
-- ARGV[1]  the change counter the caller read
-- ARGV[2..] the event ids to remove
--
-- Reply: {removed count} | {-1} when the counter moved
local counter = tonumber(redis.call('ZSCORE', KEYS[1], '') or '0')
if counter ~= tonumber(ARGV[1]) then
  return {-1}
end
return {redis.call('ZREM', KEYS[1], unpack(ARGV, 2))}
