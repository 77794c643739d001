-- Adds an event to its endpoint's open index (records that may be PROCESSING or FAILED), before the claim
-- or requeue that opens the record. The score is a random mark the caller chose for this add, unique in
-- practice (53 random bits); the record keeps it in field o, so whoever settles the record removes exactly
-- this entry (index-remove.lua), and never an entry written by a later add.
--
-- KEYS[1]  the open index, <prefix>:open:{<endpoint>}
-- ARGV[1]  the event id
-- ARGV[2]  the mark, a positive integer below 2^53
-- ARGV[3]  how long the index is kept at least, in ms
--
-- Reply: {1}
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
return {1}
