-- Records the handler's terminal verdict, SUCCEEDED ('S') or REJECTED ('R'), fenced by the token.
-- A REJECTED record is a dead letter: the caller must have added the event to the endpoint's dead-letter
-- index first (ARGV[4] = '1'); otherwise the script changes nothing and answers 'index'.
--
-- With KEYS[2] (one server holds both keys: standalone, Sentinel) the script also drops the event's open-index
-- entry in the same atomic step: the record it settles needs none, so the entry goes whatever its mark (a
-- ZREM, no ZSCORE first). Without it the caller drops the entry after, fenced by the mark the record had: by
-- then the record may have expired and been opened again under a new mark.
--
-- KEYS[1]  the event's hash
-- KEYS[2]  optional: the endpoint's open index
-- ARGV[1]  the caller's token
-- ARGV[2]  'S' or 'R'
-- ARGV[3]  the retention, in ms
-- ARGV[4]  '1' when the event is already in the dead-letter index, else '0'
-- ARGV[5]  the response's HTTP status
-- ARGV[6]  the error class code; empty for none
-- ARGV[7]  the event id, the open index's member (with KEYS[2]; else empty)
-- ARGV[8]  the attempt, one JSON line for field a (log_attempt); empty for none
-- ARGV[9]  the most attempts field a keeps
-- ARGV[10..] field, value pairs to store: the rest of the response (rc, rb, ro) and, for 'R', the payload
--           (ph, pb)
--
-- Reply: {status, open index mark left for the caller to drop ('' if none)} | {'stale'} | {'index'}
local verdict = ARGV[2]
if verdict ~= 'S' and verdict ~= 'R' then
  return redis.error_reply('hookguard: a completion is S or R, not ' .. verdict)
end
local r = redis.call('HMGET', KEYS[1], 'm', 'o', 'a')
if not r[1] then
  return {'stale'}
end
local status, token, attempts, created = parse(r[1])
if status ~= 'P' or token ~= tonumber(ARGV[1]) then
  return {'stale'}
end
if verdict == 'R' and ARGV[4] ~= '1' then
  return {'index'}
end
redis.call('HDEL', KEYS[1], 'l', 'rc', 'rb', 'ro', 'ph', 'pb', 'n', 'o', 'x')
-- one HSET: field m, the error class, the attempt log and the response
local fields = {'m', meta(verdict, token, attempts, created, ARGV[5])}
if ARGV[6] ~= '' then
  fields[#fields + 1] = 'x'
  fields[#fields + 1] = ARGV[6]
end
local attempt_log = appended_attempt(r[3], ARGV[8], ARGV[9])
if attempt_log then
  fields[#fields + 1] = 'a'
  fields[#fields + 1] = attempt_log
end
for i = 10, #ARGV do
  fields[#fields + 1] = ARGV[i]
end
redis.call('HSET', KEYS[1], unpack(fields))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
if KEYS[2] and r[2] then
  -- settled in this same atomic step, the record needs no entry any more: whatever mark the entry has, it goes
  redis.call('ZREM', KEYS[2], ARGV[7])
  return {verdict, ''}
end
return {verdict, r[2] or ''}
