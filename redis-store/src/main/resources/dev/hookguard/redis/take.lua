-- The second half of a pick: the due-queue script has reserved this event for the caller by moving its
-- entry to the end of the dispatch window; this script moves the record's due time there too (its time to
-- live grows by as much, so it never expires while due) and returns the record with its payload. An event
-- that is no longer due-able (claimed, settled, gone) is 'stale', and the caller drops its entry.
--
-- KEYS[1]  the event's hash
-- ARGV[1]  the new due time, epoch ms: the end of the dispatch window
--
-- Reply: {'taken', field, value, ...} | {'stale'}
local r = redis.call('HMGET', KEYS[1], 'm', 'n')
if not r[1] or not r[2] then
  return {'stale'}
end
local status = parse(r[1])
local due_able = status == 'Q' or status == 'F'
if not due_able then
  return {'stale'}
end
redis.call('HSET', KEYS[1], 'n', ARGV[1])
extend(tonumber(ARGV[1]) - tonumber(r[2]))
local fields = redis.call('HGETALL', KEYS[1])
table.insert(fields, 1, 'taken')
return fields
