-- Extends the lease of a PROCESSING record, fenced by its token.
--
-- KEYS[1]  the event's hash
-- ARGV[1]  the caller's token
-- ARGV[2]  the lease, in ms
-- ARGV[3]  how long an unfinished record is kept, in ms: the longer of retention and lease
--
-- Reply: {'P'} | {'stale'}
local m = redis.call('HGET', KEYS[1], 'm')
if not m then
  return {'stale'}
end
local status, token, attempts, created = parse(m)
if status ~= 'P' or token ~= tonumber(ARGV[1]) then
  return {'stale'}
end
clock()
redis.call('HSET', KEYS[1], 'm', meta('P', token, attempts, created, ''),
  'l', string.format('%d', now + tonumber(ARGV[2])))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {'P'}
