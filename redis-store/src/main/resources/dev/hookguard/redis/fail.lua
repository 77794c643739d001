-- Records a retryable failure, fenced by the token: FAILED ('F') while the attempts are below the maximum,
-- else DEAD ('D'). Each index comes before the transition that needs it; without it the script changes
-- nothing and asks for it: a DEAD record is a dead letter, so the event must be in the endpoint's
-- dead-letter index (ARGV[5] = '1', else 'index'); a FAILED record that the receiver retries (ARGV[10] set)
-- waits in the due queue, so its entry must be there, scored by its due time (ARGV[11], else 'due').
--
-- KEYS[1]  the event's hash
-- ARGV[1]  the caller's token
-- ARGV[2]  the most attempts
-- ARGV[3]  the retention of a FAILED record, in ms
-- ARGV[4]  the retention of a DEAD record, in ms
-- ARGV[5]  '1' when the event is already in the dead-letter index, else '0'
-- ARGV[6]  the error, UTF-8
-- ARGV[7]  the payload's headers, JSON
-- ARGV[8]  the payload's body; empty for none
-- ARGV[9]  the error class code
-- ARGV[10] '1' when the receiver retries (the record goes into the due queue), else '0'
-- ARGV[11] the due time (epoch ms) of its due-queue entry; empty until the entry is written
-- ARGV[12] the attempt, one JSON line for field a (log_attempt); empty for none
-- ARGV[13] the most attempts field a keeps
--
-- Reply: {'F', ''} | {'D', open index mark ('' if none)} | {'stale'} | {'index'} | {'due'}
local r = redis.call('HMGET', KEYS[1], 'm', 'o')
if not r[1] then
  return {'stale'}
end
local status, token, attempts, created = parse(r[1])
if status ~= 'P' or token ~= tonumber(ARGV[1]) then
  return {'stale'}
end
local dead = attempts >= tonumber(ARGV[2])
if dead and ARGV[5] ~= '1' then
  return {'index'}
end
local due = ''
if not dead and ARGV[10] == '1' then
  if ARGV[11] == '' then
    return {'due'}
  end
  due = ARGV[11]
end
redis.call('HDEL', KEYS[1], 'l', 'rc', 'rb', 'ro', 'pb', 'n')
redis.call('HSET', KEYS[1], 'e', ARGV[6], 'ph', ARGV[7], 'x', ARGV[9])
if ARGV[8] ~= '' then
  redis.call('HSET', KEYS[1], 'pb', ARGV[8])
end
log_attempt(ARGV[12], ARGV[13])
if dead then
  redis.call('HDEL', KEYS[1], 'o')
  redis.call('HSET', KEYS[1], 'm', meta('D', token, attempts, created, ''))
  keep(ARGV[4])
  return {'D', r[2] or ''}
end
redis.call('HSET', KEYS[1], 'm', meta('F', token, attempts, created, ''))
if due ~= '' then
  redis.call('HSET', KEYS[1], 'n', due)
end
keep(ARGV[3], due)
return {'F', ''}
