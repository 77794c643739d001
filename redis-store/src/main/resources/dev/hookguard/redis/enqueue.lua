-- Async intake (DESIGN.md §8): creates the event as QUEUED with its payload, due now, or reports what
-- holds it. A QUEUED record waits in the due queue, so its entry must be there first: until the caller
-- passes the entry's due time (ARGV[5]), a new event is answered 'due' and nothing is written.
--
-- KEYS[1]  the event's hash
-- ARGV[1]  the delivery's fingerprint: 32 raw bytes
-- ARGV[2]  the payload's headers, JSON
-- ARGV[3]  the payload's body; empty for none
-- ARGV[4]  the retention, in ms (counted from the due time)
-- ARGV[5]  the due time (epoch ms) of its due-queue entry; empty until the entry is written
--
-- Reply: {'queued'} | {'due'} | {'pending', status} | {'mismatch'} | {'duplicate', field m, rc, rb, ro} (as the
--        claim's) | {'dead'}
local r = redis.call('HMGET', KEYS[1], 'm', 'f', 'rc', 'rb', 'ro')
if r[1] then
  if r[2] ~= ARGV[1] then
    return {'mismatch'}
  end
  local status = status_of(r[1])
  if status == 'S' or status == 'R' then -- as the claim's duplicate: one read, no clock, no number parsed
    return {'duplicate', r[1], r[3], r[4], r[5]}
  end
  if status == 'D' then
    return {'dead'}
  end
  return {'pending', status}
end
if ARGV[5] == '' then
  return {'due'}
end
clock()
redis.call('HSET', KEYS[1], 'm', meta('Q', now_us, 0, now, ''), 'f', ARGV[1], 'ph', ARGV[2], 'n', ARGV[5])
if ARGV[3] ~= '' then
  redis.call('HSET', KEYS[1], 'pb', ARGV[3])
end
keep(ARGV[4], ARGV[5])
return {'queued'}
