-- Gives back entries that a pick reserved but could not take because their records were not due-able yet
-- and that could not be dropped because the queue changed meanwhile (index-prune.lua refused): a write
-- that makes such a record due may be under way (its entry is written before its record, IndexFirst). Each
-- entry still holding the pick's reservation is made due now again, so the next pick looks once more
-- instead of waiting for the dispatch window to end; one the pick no longer holds is left alone. The same
-- script hands back what a dispatcher picked and will not send because its node shuts down (DueQueue.release):
-- an entry whose record was claimed or settled since is found stale by the next pick and dropped.
--
-- KEYS[1]  the due queue, <prefix>:due:{<endpoint>}
-- ARGV[1]  the end of the pick's window (epoch ms), the reserved entries' score
-- ARGV[2..] the event ids
--
-- Reply: {released count}
local t = redis.call('TIME')
local now = string.format('%d', tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000))
local reserved = tonumber(ARGV[1])
local released = 0
for i = 2, #ARGV do
  local score = redis.call('ZSCORE', KEYS[1], ARGV[i])
  if score and tonumber(score) == reserved then
    redis.call('ZADD', KEYS[1], 'XX', now, ARGV[i])
    released = released + 1
  end
end
return {released}
