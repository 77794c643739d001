-- Removes one event's entry from an index of its endpoint, but only while the entry still has the score
-- the caller saw in the event's record: a due time in the due queue, a mark in the open index.
-- An entry written again since then has another score (open: a new random mark; due: a later due time)
-- and stays.
--
-- KEYS[1]  the index, <prefix>:due:{<endpoint>} or <prefix>:open:{<endpoint>}
-- ARGV[1]  the event id
-- ARGV[2]  the score the caller saw (a due time, or a mark)
--
-- Reply: {1} when removed, else {0}
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score or tonumber(score) ~= tonumber(ARGV[2]) then
  return {0}
end
return {redis.call('ZREM', KEYS[1], ARGV[1])}
