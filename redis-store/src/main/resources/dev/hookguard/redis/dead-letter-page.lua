-- Reads a batch of an endpoint's dead-letter index after a position (score, event id), together with the
-- index's change counter. Members with the position's own score are returned whole, for the caller to
-- compare byte by byte (Lua compares strings by locale); later ones in index order, at most ARGV[3].
--
-- KEYS[1]  the index, <prefix>:dlq:{<endpoint>}
-- ARGV[1]  the position's score; empty for the start of the index
-- ARGV[2]  the number of entries after the position's score to return
--
-- Reply: {counter, {member, score, ...} with the position's score, {member, score, ...} after it}
local counter = redis.call('ZSCORE', KEYS[1], '') or '0'
local same = {}
local min = '0'
if ARGV[1] ~= '' then
  same = redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[1], ARGV[1], 'WITHSCORES')
  min = '(' .. ARGV[1]
end
local after = redis.call('ZRANGEBYSCORE', KEYS[1], min, '+inf', 'WITHSCORES', 'LIMIT', 0, tonumber(ARGV[2]))
return {counter, same, after}
