-- The second half of a pick: the due-queue script has reserved this event for the caller by moving its
-- entry to the end of the dispatch window; this script moves the record's due time there too and returns
-- the record with its payload. An event that is no longer due-able (claimed, settled, gone) is 'stale',
-- and the caller drops its entry.
--
-- KEYS[1]  the event's hash
-- ARGV[1]  the new due time, epoch ms: the end of the dispatch window
-- ARGV[2]  the retention, in ms (counted from the due time)
--
-- Reply: {'taken', field, value, ...} | {'stale'}
local r = redis.call('HMGET', KEYS[1], 'm', 'n', 'l')
if not r[1] or not r[2] then
  return {'stale'}
end
local status = parse(r[1])
local due_able = status == 'Q' or status == 'F' or (status == 'P' and (not r[3] or now >= tonumber(r[3])))
if not due_able then
  return {'stale'}
end
redis.call('HSET', KEYS[1], 'n', ARGV[1])
keep(ARGV[2], ARGV[1])
local fields = redis.call('HGETALL', KEYS[1])
table.insert(fields, 1, 'taken')
return fields
