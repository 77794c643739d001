-- The record half of handing back a pick (DueQueue.release): after due-release.lua made the event's entry in
-- the due queue due now, the record's own due time follows, if the record still holds the pick's reservation
-- (QUEUED or FAILED, due at the end of that pick's window). A record claimed, settled or picked again since
-- is left alone.
--
-- KEYS[1]  the event's hash
-- ARGV[1]  the end of the pick's window (epoch ms), the reserved record's due time
--
-- Reply: {1} when handed back | {0}
local r = redis.call('HMGET', KEYS[1], 'm', 'n')
clock()
if not r[1] or not r[2] or tonumber(r[2]) ~= tonumber(ARGV[1]) or tonumber(ARGV[1]) <= now then
  return {0}
end
local status = parse(r[1])
if status ~= 'Q' and status ~= 'F' then
  return {0}
end
redis.call('HSET', KEYS[1], 'n', string.format('%d', now))
return {1}
