-- An operator requeues a dead letter (DEAD or REJECTED): FAILED with its attempts reset, so that the next
-- delivery runs the handler again. Token, payload and last error are kept. A FAILED record belongs in the
-- endpoint's open index, which the caller has written first (ARGV[3]).
--
-- KEYS[1]  the event's hash
-- ARGV[1]  the operator
-- ARGV[2]  the operator's note; empty for none
-- ARGV[3]  the mark (score) of the event's entry in the open index
-- ARGV[4]  the retention, in ms
-- ARGV[5]  the most history entries kept
--
-- Reply: {'updated'} | {'not_found'} | {'wrong_state'}
local m = redis.call('HGET', KEYS[1], 'm')
if not m then
  return {'not_found'}
end
local status, token, _, created = parse(m)
if status ~= 'D' and status ~= 'R' then
  return {'wrong_state'}
end
redis.call('HDEL', KEYS[1], 'l', 'rc', 'rb', 'ro', 'n')
redis.call('HSET', KEYS[1], 'm', meta('F', token, 0, created, ''), 'o', ARGV[3])
audit('requeue', ARGV[1], ARGV[2], ARGV[5])
keep(ARGV[4])
return {'updated'}
