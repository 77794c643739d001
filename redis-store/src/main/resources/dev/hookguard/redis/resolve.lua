-- An operator settles a DEAD, REJECTED or FAILED record, or a stalled one (PROCESSING past its lease), by hand ('resolve': fixed, with a note; 'skip':
-- dropped on purpose): SUCCEEDED with an empty 200 to replay, the note kept as the last error, the payload
-- kept. Duplicates are acknowledged and never run the handler again.
--
-- KEYS[1]  the event's hash
-- ARGV[1]  the action: 'resolve' or 'skip'
-- ARGV[2]  the operator
-- ARGV[3]  the operator's note; empty for none
-- ARGV[4]  the retention, in ms
-- ARGV[5]  the most history entries kept
--
-- Reply: {'updated', open index mark ('' if none), due time it had ('' if none)} | {'not_found'}
--      | {'wrong_state'}
local r = redis.call('HMGET', KEYS[1], 'm', 'o', 'n', 'l')
if not r[1] then
  return {'not_found'}
end
local status, token, attempts, created = parse(r[1])
clock()
local lapsed = status == 'P' and (not r[4] or now >= tonumber(r[4]))
if status ~= 'D' and status ~= 'R' and status ~= 'F' and not lapsed then
  return {'wrong_state'}
end
redis.call('HDEL', KEYS[1], 'l', 'rc', 'rb', 'ro', 'o', 'n')
redis.call('HSET', KEYS[1], 'm', meta('S', token, attempts, created, '200'))
if ARGV[3] ~= '' then
  redis.call('HSET', KEYS[1], 'e', ARGV[3])
end
audit(ARGV[1], ARGV[2], ARGV[3], ARGV[5])
keep(ARGV[4])
return {'updated', r[2] or '', r[3] or ''}
