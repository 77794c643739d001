-- The sweeper puts a FAILED record, or a PROCESSING one past its lease, into the due queue. A PROCESSING
-- one becomes FAILED with error class 'unrecorded' (its worker is presumed dead; a late write with its token
-- is stale). A record without a payload cannot be redelivered and is left alone. The due-queue entry must
-- be there first: until the caller passes the entry's due time (ARGV[1]), an eligible record is answered
-- 'due' and nothing is written.
--
-- KEYS[1]  the event's hash
-- ARGV[1]  the due time (epoch ms) of its due-queue entry; empty until the entry is written
-- ARGV[2]  the retention, in ms (counted from the due time)
--
-- Reply: {'scheduled'} | {'due'} | {'ineligible'}
local r = redis.call('HMGET', KEYS[1], 'm', 'l', 'ph')
if not r[1] or not r[3] then
  return {'ineligible'}
end
local status, token, attempts, created = parse(r[1])
clock()
local expired = status == 'P' and (not r[2] or now >= tonumber(r[2]))
if status ~= 'F' and not expired then
  return {'ineligible'}
end
if ARGV[1] == '' then
  return {'due'}
end
if expired then
  redis.call('HDEL', KEYS[1], 'l')
  redis.call('HSET', KEYS[1], 'm', meta('F', token, attempts, created, ''), 'x', 'unrecorded')
end
redis.call('HSET', KEYS[1], 'n', ARGV[1])
keep(ARGV[2], ARGV[1])
return {'scheduled'}
