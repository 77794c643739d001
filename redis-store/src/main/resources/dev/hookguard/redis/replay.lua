-- An operator replays a DEAD, REJECTED or FAILED record: QUEUED with its attempts reset, due now, payload
-- kept, so the dispatcher redelivers it through the production path. A record without a payload cannot be
-- replayed. Its due-queue entry must be there first: until the caller passes the entry's due time
-- (ARGV[3]), an eligible record is answered 'due' and nothing is written.
--
-- KEYS[1]  the event's hash
-- ARGV[1]  the operator
-- ARGV[2]  the operator's note; empty for none
-- ARGV[3]  the due time (epoch ms) of its due-queue entry; empty until the entry is written
-- ARGV[4]  the retention, in ms (counted from the due time)
-- ARGV[5]  the most history entries kept
--
-- Reply: {'updated', open index mark ('' if none)} | {'due'} | {'not_found'} | {'wrong_state'}
local r = redis.call('HMGET', KEYS[1], 'm', 'ph', 'o')
if not r[1] then
  return {'not_found'}
end
local status, token, _, created = parse(r[1])
if (status ~= 'D' and status ~= 'R' and status ~= 'F') or not r[2] then
  return {'wrong_state'}
end
if ARGV[3] == '' then
  return {'due'}
end
redis.call('HDEL', KEYS[1], 'l', 'rc', 'rb', 'ro', 'o')
redis.call('HSET', KEYS[1], 'm', meta('Q', token, 0, created, ''), 'n', ARGV[3])
audit('replay', ARGV[1], ARGV[2], ARGV[5])
keep(ARGV[4], ARGV[3])
return {'updated', r[3] or ''}
