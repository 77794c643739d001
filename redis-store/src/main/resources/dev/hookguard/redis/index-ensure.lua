-- Puts an event back in an endpoint's index (due queue or dead-letter index) if it is missing, after the
-- record script that needed the entry has run. The entry was written before that script (IndexFirst), but a
-- pick or a pruning listing that looked between the two saw a record not yet due or not yet a dead letter
-- and may have dropped it. Bumping the change counter also refuses a prune that read the counter before
-- this step. An entry that is still there keeps its score (a pick may have moved it to the end of its
-- dispatch window).
--
-- KEYS[1]  the index, <prefix>:due:{<endpoint>} or <prefix>:dlq:{<endpoint>}
-- ARGV[1]  the event id
-- ARGV[2]  the entry's score (epoch ms), or '' for this server's now
-- ARGV[3]  how long the index is kept at least, in ms
--
-- Reply: {1 when the entry was missing and is back, else 0}
local score = ARGV[2]
if score == '' then
  local t = redis.call('TIME')
  score = string.format('%d', tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000))
end
local added = redis.call('ZADD', KEYS[1], 'NX', score, ARGV[1])
redis.call('ZINCRBY', KEYS[1], -1, '')
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
return {added}
